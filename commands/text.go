package commands

import (
	"strings"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// Problem is an error a user gets to read: what was wrong and what to type
// instead, in their language. Any other error reaching a user becomes a
// generic apology (the details go to the log, never to the chat).
type Problem struct {
	Text i18n.T
	Args []any
}

func (p *Problem) Error() string { return p.Text.In(i18n.En, p.Args...) }

// problem makes a Problem.
func problem(zh, en string, args ...any) *Problem {
	return &Problem{Text: i18n.T{Zh: zh, En: en}, Args: args}
}

// Mono marks lines as a monospace block of a message's text: the senders
// render it in their platform's markup (Telegram <pre>, Discord code
// blocks), the console plainly. Tables are written this way, so that their
// columns line up.
func Mono(lines string) string { return chat.Fence + "\n" + lines + "\n" + chat.Fence }

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
		if l == chat.Fence {
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
