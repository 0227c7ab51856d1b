package main

import (
	"io"
	"strings"
	"unicode"
)

// table lays out cells in columns for a monospace screen, where East Asian
// wide characters (Chinese names and headers) take two columns.
type table struct {
	right []bool // per column: right-aligned (numbers)
	rows  [][]string
}

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

// write prints the rows one space apart, without trailing spaces.
func (t *table) write(w io.Writer) error {
	var widths []int
	for _, row := range t.rows {
		for i, c := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], width(c))
		}
	}
	var b strings.Builder
	for _, row := range t.rows {
		var line strings.Builder
		for i, c := range row {
			if i > 0 {
				line.WriteByte(' ')
			}
			pad := strings.Repeat(" ", widths[i]-width(c))
			if i < len(t.right) && t.right[i] {
				line.WriteString(pad + c)
			} else {
				line.WriteString(c + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// width is the number of terminal columns s takes.
func width(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

// runeWidth is 2 for East Asian wide and fullwidth characters, 0 for
// combining marks and 1 otherwise; ambiguous ones such as ½ count 1, as in
// the fonts chat apps use. The ranges are those of Unicode's
// EastAsianWidth W and F classes, merged where they touch.
func runeWidth(r rune) int {
	switch {
	case unicode.Is(unicode.Mn, r), unicode.Is(unicode.Me, r), r == '\u200b':
		return 0
	case r >= 0x1100 && r <= 0x115f, // Hangul Jamo initials
		r >= 0x2e80 && r <= 0x303e, // CJK radicals, punctuation (、。「」)
		r >= 0x3041 && r <= 0x33ff, // kana, bopomofo, CJK compatibility
		r >= 0x3400 && r <= 0x4dbf, // CJK extension A
		r >= 0x4e00 && r <= 0x9fff, // CJK unified ideographs
		r >= 0xa000 && r <= 0xa4cf, // Yi
		r >= 0xac00 && r <= 0xd7a3, // Hangul syllables
		r >= 0xf900 && r <= 0xfaff, // CJK compatibility ideographs
		r >= 0xfe30 && r <= 0xfe4f, // CJK compatibility forms
		r >= 0xff00 && r <= 0xff60, // fullwidth forms (，：（）)
		r >= 0xffe0 && r <= 0xffe6,
		r >= 0x1f300 && r <= 0x1f64f, // emoji people pick as names
		r >= 0x1f900 && r <= 0x1f9ff,
		r >= 0x20000 && r <= 0x3fffd: // CJK extensions B and beyond
		return 2
	}
	return 1
}

// truncate shortens s to at most n columns, marking the cut with "…".
func truncate(s string, n int) string {
	if width(s) <= n {
		return s
	}
	w := 0
	for i, r := range s {
		if w+runeWidth(r) > n-1 {
			return s[:i] + "…"
		}
		w += runeWidth(r)
	}
	return s
}
