package chat

// Splitting a message at a platform's length: between lines,
// keeping monospace blocks whole in every part, and a text too long for a
// few messages sent as a file instead. The adapters give each platform's
// length and measure; commands never needs to know them.

import (
	"strings"
)

// Message limits of the platforms, in characters (UTF-16 code units, the
// way both count them). Split cuts long texts to fit.
const (
	LimitDiscord  = 2000
	LimitTelegram = 4096
)

// MaxAlbum is the most pictures shown together as one album: Telegram's
// sendMediaGroup takes 2 to 10, and a Discord message 10 attachments.
const MaxAlbum = 10

// MaxCommand is the most bytes a Button's Command may have: what every
// platform carries back when the button is pressed (Telegram's
// callback_data holds 64 bytes, Discord's custom_id 100 characters). A
// longer command is left out of the buttons, never cut: a cut command
// would run another one.
const MaxCommand = 64

// MaxParts is the most messages one message's text is cut into; a longer
// text goes as a file instead, so that a round of any field is a few
// messages in a group.
const MaxParts = 3

// tooLong stands in a chat for a text sent as a file. Both languages: the
// reader's is not known where messages are split.
const tooLong = "全文太长，请看附件。\nToo long for the chat: the whole text is in the attached file."

// MaxCaption is the longest text that goes with an album as its caption
// (Telegram's caption holds 1,024 characters); a longer one is a message
// of its own before the album.
const MaxCaption = 1024

// Parts cuts m into the messages a platform takes: its text cut by split
// (Split at the platform's length, after the platform's escaping),
// the buttons with the last part, then its album in messages of MaxAlbum
// pictures (a short text without buttons goes with the first as its
// caption), then m's file as a message of its own. A text that split cuts
// into more than MaxParts messages goes as a file instead (its first line
// names it; it holds the plain lines), and the chat gets the first line
// and a note saying so. A live message (m.Live) is one message (LivePart),
// the whole text following as a file where its brief stands in for it
// and it asks so (Live.Attach).
func Parts(m Message, split func(string) []string) []Message {
	texts := split(m.Text)
	var files []*File
	whole := func() *File {
		plain := Plain(m.Text)
		return &File{Name: FileName(title(plain), "txt"), Data: []byte(plain + "\n")}
	}
	switch {
	case m.Live != nil:
		part, all := LivePart(m, split)
		texts = nil
		if part.Text != "" {
			texts = []string{part.Text}
		}
		if !all && m.Live.Attach {
			files = append(files, whole())
		}
	case len(texts) > MaxParts:
		files = append(files, whole())
		texts = split(title(m.Text) + "\n" + tooLong)
	}
	if m.File != nil {
		files = append(files, m.File)
	}
	out := make([]Message, 0, len(texts)+len(files)+len(m.Album)/MaxAlbum+2)
	for _, t := range texts {
		out = append(out, Message{Chat: m.Chat, Text: t})
	}
	if len(m.Buttons) > 0 {
		if len(out) == 0 {
			out = append(out, Message{Chat: m.Chat})
		}
		out[len(out)-1].Buttons = m.Buttons
	}
	if len(out) > 0 && m.Live != nil {
		out[0].Live = m.Live // the part to edit later
	}
	for i := 0; i < len(m.Album); i += MaxAlbum {
		album := Message{Chat: m.Chat, Album: m.Album[i:min(i+MaxAlbum, len(m.Album))]}
		if i == 0 && len(out) == 1 && out[0].Buttons == nil && out[0].Live == nil && Length(out[0].Text) <= MaxCaption {
			album.Text, out = out[0].Text, out[:0]
		}
		out = append(out, album)
	}
	for _, f := range files {
		out = append(out, Message{Chat: m.Chat, File: f})
	}
	return out
}

// title is a text's first line, which names what it shows.
func title(text string) string {
	t, _, _ := strings.Cut(strings.TrimSpace(Plain(text)), "\n")
	return t
}

// Length is the length of s as the platforms count it: UTF-16 code units.
func Length(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// Split cuts text into messages of at most limit characters (see
// LimitDiscord, LimitTelegram; an adapter that wraps each part in markup
// passes the limit less the markup). It cuts between lines, so a table row
// is never split; it prefers the last blank line of a message, so that
// sections separated by blank lines stay whole. Only a single line longer
// than limit is cut hard. Parts do not begin or end with blank lines and
// are never empty (the platforms refuse empty messages). A limit below 1
// means no limit.
//
// A monospace block (between Fence lines) cut across parts is closed at
// the end of one part and opened again at the start of the next, so that
// every part renders on its own; the fences count towards limit, which is
// exact for Discord and errs on the safe side for Telegram (whose <pre>
// tags count nothing).
func Split(text string, limit int) []string { return SplitMeasured(text, limit, Length) }

// SplitMeasured is Split measuring each line with measure: the
// length the platform will count once the sender has rendered the line
// (its escapes, say). A measure must count a line at least as Length does
// and be additive over a line's runes.
func SplitMeasured(text string, limit int, measure func(string) int) []string {
	if limit < 1 || !strings.Contains(text, Fence) {
		return splitLines(text, limit, measure)
	}
	parts := fenced(splitLines(text, limit, measure))
	for _, p := range parts {
		if size(strings.Split(p, "\n"), measure) > limit {
			// A block was cut: make room for a fence reopened at a part's
			// start and one closing it at its end.
			return fenced(splitLines(text, max(limit-2*(measure(Fence)+1), 1), measure))
		}
	}
	return parts
}

// fenced closes a monospace block left open at the end of a part and opens
// it again at the start of the next.
func fenced(parts []string) []string {
	var out []string
	open := false // a block is open where the last part ended
	for _, p := range parts {
		var lines []string
		if open {
			lines = append(lines, Fence)
		}
		for _, l := range strings.Split(p, "\n") {
			if l == Fence {
				open = !open
			}
			lines = append(lines, l)
		}
		if open {
			lines = append(lines, Fence)
		}
		if part := strings.Join(dropEmptyBlocks(lines), "\n"); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// dropEmptyBlocks drops the blocks of a part that hold only blank lines
// (a fence at the very end or start of a part), and blank lines left at
// the part's ends.
func dropEmptyBlocks(lines []string) []string {
	var out []string
	for i := 0; i < len(lines); i++ {
		if lines[i] == Fence {
			j := i + 1
			for j < len(lines) && isBlank(lines[j]) {
				j++
			}
			if j < len(lines) && lines[j] == Fence && opens(out) {
				i = j
				continue
			}
		}
		out = append(out, lines[i])
	}
	for len(out) > 0 && isBlank(out[0]) {
		out = out[1:]
	}
	for len(out) > 0 && isBlank(out[len(out)-1]) {
		out = out[:len(out)-1]
	}
	return out
}

// opens reports whether a fence after lines opens a block.
func opens(lines []string) bool {
	n := 0
	for _, l := range lines {
		if l == Fence {
			n++
		}
	}
	return n%2 == 0
}

// splitLines is Split without regard to monospace blocks.
func splitLines(text string, limit int, measure func(string) int) []string {
	var out []string
	emit := func(lines []string) {
		for len(lines) > 0 && isBlank(lines[0]) {
			lines = lines[1:]
		}
		for len(lines) > 0 && isBlank(lines[len(lines)-1]) {
			lines = lines[:len(lines)-1]
		}
		if len(lines) > 0 {
			out = append(out, strings.Join(lines, "\n"))
		}
	}
	if limit < 1 {
		emit(strings.Split(text, "\n"))
		return out
	}
	var cur []string
	used, blank := 0, -1 // the length of cur as a message; the index of its last blank line
	for _, line := range strings.Split(text, "\n") {
		n := measure(line)
		if n > limit {
			emit(cur)
			pieces := cutHard(line, limit, measure)
			for _, part := range pieces[:len(pieces)-1] {
				emit([]string{part})
			}
			// The line's last piece starts the next part, as a line would.
			line, n = pieces[len(pieces)-1], measure(pieces[len(pieces)-1])
			cur, used, blank = nil, 0, -1
		}
		if len(cur) > 0 && used+1+n > limit {
			if blank > 0 {
				emit(cur[:blank])
				cur = cur[blank+1:]
				used = size(cur, measure)
			}
			if blank <= 0 || (len(cur) > 0 && used+1+n > limit) {
				emit(cur)
				cur, used = nil, 0
			}
			blank = -1
		}
		if len(cur) == 0 && isBlank(line) {
			continue // a part never begins with a blank line
		}
		if len(cur) > 0 {
			used++
		}
		cur = append(cur, line)
		used += n
		if isBlank(line) {
			blank = len(cur) - 1
		}
	}
	emit(cur)
	return out
}

func isBlank(line string) bool { return strings.TrimSpace(line) == "" }

// size is the length of lines joined as a message's, each measured by
// measure.
func size(lines []string, measure func(string) int) int {
	n := max(len(lines)-1, 0)
	for _, l := range lines {
		n += measure(l)
	}
	return n
}

// cutHard cuts a line into pieces of at most limit characters, between
// runes.
func cutHard(line string, limit int, measure func(string) int) []string {
	var parts []string
	start, n := 0, 0
	for i, r := range line {
		w := measure(string(r))
		if n > 0 && n+w > limit {
			parts = append(parts, line[start:i])
			start, n = i, 0
		}
		n += w
	}
	return append(parts, line[start:])
}
