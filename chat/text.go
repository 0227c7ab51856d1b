package chat

// A message's text is plain lines and monospace blocks between Fence
// lines (see Message). These read it; each platform's sender renders it in
// its own markup with Render.

import "strings"

// Mono marks lines as a monospace block of a message's text: the senders
// render it in their platform's markup (Telegram <pre>, Discord code
// blocks), the console plainly. Tables are written this way, so that their
// columns line up.
func Mono(lines string) string { return Fence + "\n" + lines + "\n" + Fence }

// Block is a run of a message's lines, monospace or not, without its
// fences.
type Block struct {
	Text string
	Mono bool
}

// Blocks cuts a message's text into its runs of plain and monospace lines,
// in order; a block left open runs to the end, and an empty one is left out.
func Blocks(text string) []Block {
	var out []Block
	var cur []string
	mono, started := false, false
	flush := func() {
		if started {
			out = append(out, Block{Text: strings.Join(cur, "\n"), Mono: mono})
		}
		cur, started = nil, false
	}
	for _, l := range strings.Split(text, "\n") {
		if l == Fence {
			flush()
			mono = !mono
			continue
		}
		cur, started = append(cur, l), true
	}
	flush()
	return out
}

// Render renders a message's text block by block: each monospace block
// through mono, the other runs of lines through plain, joined by line
// breaks. The senders render their platform's markup with it.
func Render(text string, mono, plain func(string) string) string {
	bs := Blocks(text)
	out := make([]string, len(bs))
	for i, b := range bs {
		if b.Mono {
			out[i] = mono(b.Text)
		} else {
			out[i] = plain(b.Text)
		}
	}
	return strings.Join(out, "\n")
}

// Plain is a message's text as plain lines, without its fences: what the
// console prints and what a file of it holds.
func Plain(text string) string {
	same := func(s string) string { return s }
	return Render(text, same, same)
}
