package commands

import (
	"strings"
	"unicode"

	"github.com/qisai/qisai/internal/textwidth"
)

// Message limits of the platforms, in characters (UTF-16 code units, the
// way both count them). splitMessage cuts long replies to fit.
const (
	LimitDiscord  = 2000
	LimitTelegram = 4096
)

// phoneWidth is the widest line a table aims at, so that a phone shows it
// without wrapping in a monospace block.
const phoneWidth = 36

// table lays out rows of cells in aligned columns, for a monospace block.
// The first row is the heading. A column whose cells below the heading
// are all numbers (or empty) is right-aligned, heading included; the
// others are left-aligned. String returns plain lines: the adapters wrap
// them in their platform's monospace markup.
type table struct {
	rows [][]string
	// fit, when positive, is the widest a line may be: the columns in
	// shrink (names, mostly) are truncated, the widest first and none below
	// minShrink, to keep lines within it.
	fit    int
	shrink []int
}

// minShrink is the narrowest a shrinking column gets: two 汉字, or three
// letters and "…".
const minShrink = 4

// row adds a row.
func (t *table) row(cells ...string) {
	for i, c := range cells {
		cells[i] = oneLine(c)
	}
	t.rows = append(t.rows, cells)
}

// oneLine turns controls (line breaks, tabs) into spaces, so a cell typed
// by a user cannot break the table's lines.
func oneLine(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

// widths returns the natural width of each column and whether it is
// right-aligned.
func (t *table) widths() (w []int, right []bool) {
	for _, r := range t.rows {
		for len(w) < len(r) {
			w = append(w, 0)
		}
		for i, c := range r {
			w[i] = max(w[i], textwidth.Of(c))
		}
	}
	right = make([]bool, len(w))
	for i := range right {
		num, seen := true, false
		for _, r := range t.rows[1:] {
			if i < len(r) && r[i] != "" {
				num, seen = num && isNumber(r[i]), true
			}
		}
		right[i] = num && seen
	}
	return w, right
}

func (t *table) String() string {
	if len(t.rows) == 0 {
		return ""
	}
	w, right := t.widths()
	if t.fit > 0 {
		t.narrow(w)
	}
	var b strings.Builder
	for n, r := range t.rows {
		var line strings.Builder
		for i := range w {
			c := ""
			if i < len(r) {
				c = textwidth.Truncate(r[i], w[i])
			}
			if i > 0 {
				line.WriteByte(' ')
			}
			if right[i] {
				line.WriteString(textwidth.PadLeft(c, w[i]))
			} else {
				line.WriteString(textwidth.PadRight(c, w[i]))
			}
		}
		if n > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
	}
	return b.String()
}

// narrow takes columns off the widest shrinking column, one at a time,
// until the lines fit or every shrinking column is at minShrink.
func (t *table) narrow(w []int) {
	total := len(w) - 1
	for _, x := range w {
		total += x
	}
	for ; total > t.fit; total-- {
		j := -1
		for _, i := range t.shrink {
			if i >= 0 && i < len(w) && w[i] > minShrink && (j < 0 || w[i] > w[j]) {
				j = i
			}
		}
		if j < 0 {
			return
		}
		w[j]--
	}
}

// isNumber reports whether s is a number as tables print them: "12",
// "-3", "6.75". A shared place "3=" is not: it reads better left-aligned.
func isNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	digits, dot := 0, false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '.' && !dot && digits > 0:
			dot = true
		default:
			return false
		}
	}
	return digits > 0 && !strings.HasSuffix(s, ".")
}

// msgLen is the length of s as the platforms count it: UTF-16 code units.
func msgLen(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// SplitMessage cuts text into messages of at most limit characters (see
// LimitDiscord, LimitTelegram; an adapter that wraps each part in markup
// passes the limit less the markup). It cuts between lines, so a table row
// is never split; it prefers the last blank line of a message, so that
// sections separated by blank lines stay whole. Only a single line longer
// than limit is cut hard. Parts do not begin or end with blank lines and
// are never empty (the platforms refuse empty messages). A limit below 1
// means no limit.
func SplitMessage(text string, limit int) []string {
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
	size, blank := 0, -1 // size of strings.Join(cur, "\n"); index of cur's last blank line
	for _, line := range strings.Split(text, "\n") {
		n := msgLen(line)
		if n > limit {
			emit(cur)
			pieces := cutHard(line, limit)
			for _, part := range pieces[:len(pieces)-1] {
				emit([]string{part})
			}
			// The line's last piece starts the next part, as a line would.
			line, n = pieces[len(pieces)-1], msgLen(pieces[len(pieces)-1])
			cur, size, blank = nil, 0, -1
		}
		if len(cur) > 0 && size+1+n > limit {
			if blank > 0 {
				emit(cur[:blank])
				cur = cur[blank+1:]
				size = msgLen(strings.Join(cur, "\n"))
			}
			if blank <= 0 || (len(cur) > 0 && size+1+n > limit) {
				emit(cur)
				cur, size = nil, 0
			}
			blank = -1
		}
		if len(cur) == 0 && isBlank(line) {
			continue // a part never begins with a blank line
		}
		if len(cur) > 0 {
			size++
		}
		cur = append(cur, line)
		size += n
		if isBlank(line) {
			blank = len(cur) - 1
		}
	}
	emit(cur)
	return out
}

func isBlank(line string) bool { return strings.TrimSpace(line) == "" }

// cutHard cuts a line into pieces of at most limit characters, between
// runes.
func cutHard(line string, limit int) []string {
	var parts []string
	start, n := 0, 0
	for i, r := range line {
		w := msgLen(string(r))
		if n > 0 && n+w > limit {
			parts = append(parts, line[start:i])
			start, n = i, 0
		}
		n += w
	}
	return append(parts, line[start:])
}
