package commands

import (
	"strings"
	"unicode"

	"github.com/qisai/qisai/internal/textwidth"
	"github.com/qisai/qisai/sheet"
)

// phoneWidth is the widest line a table aims at, so that a phone shows it
// without wrapping in a monospace block.
const phoneWidth = 36

// table lays out rows of cells in aligned columns, for a monospace block.
// The first row is the heading. A column whose cells below the heading
// are all numbers (or empty) is right-aligned, heading included; the
// others are left-aligned. String returns the lines as a monospace block
// (Mono), which each platform's sender renders in its own markup; lines
// returns them bare, for a caller that puts more lines in the block.
type table struct {
	rows [][]string
	// fit, when positive, is the widest a line may be: the columns in
	// shrink (names, mostly) are truncated, the widest first and none below
	// minShrink, to keep lines within it.
	fit    int
	shrink []int
}

// briefTable lays out a sheet's Brief columns (what a phone shows of it)
// as a table: their titles as the heading, their cells' texts as the rows,
// through cell where it is given (a view's own way with a column, by the
// sheet's column index). The sheet's Shrink columns shrink to fit when fit
// is positive.
func briefTable(s sheet.Table, fit int, cell func(col int, text string) string) *table {
	var keep []int
	t := &table{fit: fit}
	head := []string{}
	for i, c := range s.Columns {
		if !c.Brief {
			continue
		}
		if c.Shrink {
			t.shrink = append(t.shrink, len(keep))
		}
		keep = append(keep, i)
		head = append(head, c.Title)
	}
	t.row(head...)
	for _, r := range s.Rows {
		cells := make([]string, len(keep))
		for j, i := range keep {
			cells[j] = r[i].Text
			if cell != nil {
				cells[j] = cell(i, cells[j])
			}
		}
		t.row(cells...)
	}
	return t
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
	return Mono(t.lines())
}

// lines is the table's aligned lines, not marked as a block. A round's
// preview of a big field is thousands of rows: each cell is measured once
// here and written into one buffer.
func (t *table) lines() string {
	if len(t.rows) == 0 {
		return ""
	}
	w, right := t.widths()
	if t.fit > 0 {
		t.narrow(w)
	}
	size := len(w)
	for _, x := range w {
		size += x
	}
	b := make([]byte, 0, len(t.rows)*size)
	for n, r := range t.rows {
		if n > 0 {
			b = append(b, '\n')
		}
		start := len(b)
		for i := range w {
			c, cw := "", 0
			if i < len(r) {
				if c, cw = r[i], textwidth.Of(r[i]); cw > w[i] {
					c = textwidth.Truncate(c, w[i])
					cw = textwidth.Of(c)
				}
			}
			if i > 0 {
				b = append(b, ' ')
			}
			if right[i] {
				b = appendSpaces(b, w[i]-cw)
				b = append(b, c...)
			} else {
				b = append(b, c...)
				b = appendSpaces(b, w[i]-cw)
			}
		}
		for len(b) > start && b[len(b)-1] == ' ' {
			b = b[:len(b)-1]
		}
	}
	return string(b)
}

// appendSpaces appends n spaces to b (none when n <= 0).
func appendSpaces(b []byte, n int) []byte {
	for ; n > 0; n-- {
		b = append(b, ' ')
	}
	return b
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
