package sheet

import (
	"slices"
	"strings"
	"unicode"

	"github.com/qisai/qisai/internal/textwidth"
)

// Text is rows of cells laid out in aligned columns for a monospace
// screen — the chat's tables on a phone, the command line's in a terminal
// — where a 汉字 takes two columns (internal/textwidth). The first row is
// the heading. String returns the lines.
type Text struct {
	Rows [][]string
	// Align, when given, is how each column's cells sit. Without it a
	// column whose cells below the heading are all numbers (or empty, or
	// "…" for rows left out) is right-aligned, heading included, and the
	// others left-aligned. In a right-aligned column of numbers, the marks
	// after a number — the "=" of a shared place (R-T-9), the "*" of a
	// cancelled result (R-T-12) or a provisional rating — hang to its right,
	// so that every number ends at one column: " 3=", "12 ".
	Align []Align
	// Fit, when positive, is the widest a line may be: the columns in
	// Shrink (names, mostly) are cut ("…"), the widest first and none
	// below minShrink, to keep lines within it.
	Fit    int
	Shrink []int
	// Widest, when positive, is the widest a column in Shrink may be.
	Widest int
	// notes are free lines under rows, by row index (Note): outside the
	// columns, neither measured nor cut. A row past its end has none.
	notes []string
}

// BriefText lays out t's Brief columns, what a phone shows of it: their
// titles as the heading, their cells' texts as the rows, through cell
// where it is given (a caller's own way with a column, by t's column
// index). Of the Decisive columns (the tiebreaks), those that decided a
// place among the rows t has now, cut or not, are brief, and those before
// them in the ranking order where the lines fit without shrinking a
// column: a reader sees the tiebreaks in which two rows were equal before
// the one that separated them, and whole names. The Shrink columns shrink
// to fit when fit is positive.
func (t Table) BriefText(fit int, cell func(col int, text string) string) *Text {
	t.Columns = slices.Clone(t.Columns)
	decided := t.briefDecisive(true)
	x, keep := t.text(true, fit, cell)
	var before []int // x's columns of tiebreaks shown only for the one after them
	for j, i := range keep {
		if t.Columns[i].Decisive && !decided[i] {
			before = append(before, j)
		}
	}
	if fit > 0 && len(before) > 0 && x.width() > fit {
		x.without(before)
	}
	return x
}

// FullText lays out every column of t under its heading in full
// (Column.Heading), for a screen with room: a terminal, a text file.
func (t Table) FullText() *Text {
	x, _ := t.text(false, 0, nil)
	return x
}

// text lays out t's columns, only the Brief ones under their titles when
// brief is set; keep are the columns of t it has, in order.
func (t Table) text(brief bool, fit int, cell func(col int, text string) string) (x *Text, keep []int) {
	x = &Text{Fit: fit, Rows: make([][]string, 0, 1+len(t.Rows))}
	head := []string{}
	for i, c := range t.Columns {
		if brief && !c.Brief {
			continue
		}
		if c.Shrink {
			x.Shrink = append(x.Shrink, len(keep))
		}
		keep = append(keep, i)
		if brief {
			head = append(head, c.Title)
		} else {
			head = append(head, c.Heading())
		}
	}
	x.Row(head...)
	for _, r := range t.Rows {
		cells := make([]string, len(keep))
		for j, i := range keep {
			cells[j] = r[i].Text
			if cell != nil {
				cells[j] = cell(i, cells[j])
			}
		}
		x.Row(cells...)
	}
	return x, keep
}

// without leaves out t's columns at cols, given in increasing order; the
// columns in Shrink stay the ones they were.
func (t *Text) without(cols []int) {
	for i, r := range t.Rows {
		for _, c := range slices.Backward(cols) {
			if c < len(r) {
				r = slices.Delete(r, c, c+1)
			}
		}
		t.Rows[i] = r
	}
	shrink := t.Shrink[:0]
	for _, s := range t.Shrink {
		if n, left := slices.BinarySearch(cols, s); !left {
			shrink = append(shrink, s-n)
		}
	}
	t.Shrink = shrink
}

// minShrink is the narrowest a shrinking column gets: two 汉字, or three
// letters and "…".
const minShrink = 4

// Row adds a row.
func (t *Text) Row(cells ...string) {
	for i, c := range cells {
		cells[i] = oneLine(c)
	}
	t.Rows = append(t.Rows, cells)
}

// Note puts line under the last row, outside the columns: a board's
// record under the board, say. An empty line is no note.
func (t *Text) Note(line string) {
	row := len(t.Rows) - 1
	if row < 0 {
		return // under no row: nowhere to go
	}
	if t.notes == nil {
		// A table with notes mostly has one a row: room for as many as
		// the rows have.
		t.notes = make([]string, 0, cap(t.Rows))
	}
	for len(t.notes) <= row {
		t.notes = append(t.notes, "")
	}
	t.notes[row] = oneLine(line)
}

// oneLine turns controls (line breaks, tabs) into spaces, so a cell typed
// by a user cannot break the table's lines.
func oneLine(s string) string {
	if !hasControl(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

// hasControl reports whether s holds a control (unicode.IsControl: C0, DEL
// and C1) by its bytes, without decoding its runes: a preview's thousands
// of cells are mostly 汉字. In UTF-8 a C0 control or DEL is its byte, a C1
// control 0xC2 then 0x80–0x9F; no other character's encoding has those.
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case b < 0x20 || b == 0x7F:
			return true
		case b == 0xC2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9F:
			return true
		}
	}
	return false
}

// width is how wide the longest line is before any column shrinks.
func (t *Text) width() int {
	if len(t.Rows) == 0 {
		return 0
	}
	w, _, _, _, _ := t.layout()
	total := len(w) - 1
	for _, x := range w {
		total += x
	}
	return max(total, 0)
}

// Widths is the natural width of each column: its widest cell's, or its
// widest number's and widest marks' together (Align).
func (t *Text) Widths() []int {
	w, _, _, _, _ := t.layout()
	return w
}

// layout returns the width of each column, of every cell (measure), the
// bytes of all cells, how each column sits (aligns) and the width of the
// marks each column's numbers hang after them (marks).
func (t *Text) layout() (cols, cells []int, size int, align []Align, marks []int) {
	cols, cells, size = t.measure()
	align = t.aligns(len(cols))
	marks = t.marks(cols, align)
	return cols, cells, size, align, marks
}

// measure returns the natural width of each column and of every cell,
// row after row, each cell measured once, and the bytes of all cells.
func (t *Text) measure() (cols, cells []int, size int) {
	n := 0
	for _, r := range t.Rows {
		n += len(r)
	}
	cells = make([]int, 0, n)
	for _, r := range t.Rows {
		for len(cols) < len(r) {
			cols = append(cols, 0)
		}
		for i, c := range r {
			cw := textwidth.Of(c)
			cells = append(cells, cw)
			cols[i] = max(cols[i], cw)
			size += len(c)
		}
	}
	return cols, cells, size
}

// aligns is how each of n columns sits: as Align says, or by what the
// cells below the heading hold.
func (t *Text) aligns(n int) []Align {
	out := make([]Align, n)
	if t.Align != nil {
		copy(out, t.Align)
		return out
	}
	for i := range out {
		num, seen := true, false
		for _, r := range t.Rows[1:] {
			if i < len(r) && r[i] != "" && r[i] != leftOut {
				num, seen = num && isNumber(unmarked(r[i])), true
			}
		}
		if num && seen {
			out[i] = Right
		}
	}
	return out
}

// leftOut is a cell of a row that stands for rows left out.
const leftOut = "…"

// numberMarks are the marks a number in a table may carry after it: "="
// a shared place (R-T-9), "*" a cancelled result (R-T-12), a provisional
// rating.
const numberMarks = "=*"

// unmarked is s without the marks after it.
func unmarked(s string) string { return strings.TrimRight(s, numberMarks) }

// SplitMarks splits a cell of a right-aligned column into the number it
// shows and the marks after it: "3=" is "3" and "=", "12" is "12" and "".
// Every layout of a table — the chat's text, a picture, a page — hangs a
// column's marks after its numbers, so that the numbers end at one place
// and "3=" lines up with "12" (R-T-9), where every cell of the column is
// a number with or without marks, or empty, or "…" for rows left out
// (both split into nothing). ok is false for any other cell: its column
// is right-aligned as a whole, marks and all.
func SplitMarks(cell string) (number, marks string, ok bool) {
	if cell == "" || cell == leftOut {
		return "", "", true
	}
	number = unmarked(cell)
	return number, cell[len(number):], isNumber(number)
}

// marks is, for each right-aligned column whose cells below the heading
// are all numbers with or without marks, the width of its widest marks,
// which hang after the numbers: the column is widened to hold its widest
// number and its widest marks side by side. It is 0 for the others.
func (t *Text) marks(w []int, align []Align) []int {
	out := make([]int, len(w))
	for i := range w {
		if align[i] != Right {
			continue
		}
		digits, marks := 0, 0
		for _, r := range t.Rows[1:] {
			if i >= len(r) {
				continue
			}
			n, m, ok := SplitMarks(r[i])
			if !ok {
				marks = 0
				break
			}
			digits, marks = max(digits, len(n)), max(marks, len(m))
		}
		if marks > 0 {
			out[i], w[i] = marks, max(w[i], digits+marks)
		}
	}
	return out
}

// String is the table's aligned lines, one space between columns and none
// at a line's end.
func (t *Text) String() string {
	var b strings.Builder
	t.Build(&b)
	return b.String()
}

// Build writes String's lines into b: a message of which the table is a
// part writes it in place, not a copy of it.
func (t *Text) Build(b *strings.Builder) {
	if len(t.Rows) == 0 {
		return
	}
	w, cells, size, align, marks := t.layout()
	t.narrow(w)
	// What the lines take at most: the cells' bytes and each column's
	// padding, a separator and a line break, the notes.
	for _, x := range w {
		size += (x + 2) * len(t.Rows)
	}
	for _, note := range t.notes {
		size += 1 + len(note)
	}
	b.Grow(size)
	k := 0 // cells[k] is the width of the cell being written
	// Spaces are written once something follows them on the line, so that
	// none ends it: blanks are the spaces owed so far.
	blanks := 0
	put := func(s string) {
		text := strings.TrimRight(s, " ")
		if text != "" {
			for ; blanks > len(spaces); blanks -= len(spaces) {
				b.WriteString(spaces)
			}
			b.WriteString(spaces[:blanks])
			b.WriteString(text)
			blanks = 0
		}
		blanks += len(s) - len(text)
	}
	for n, r := range t.Rows {
		if n > 0 {
			b.WriteByte('\n')
		}
		blanks = 0
		for i := range w {
			c, cw, ellipsis := "", 0, false
			if i < len(r) {
				c, cw = r[i], cells[k]
				k++
			}
			if cw > w[i] {
				if c, cw, ellipsis = textwidth.Cut(c, w[i]); ellipsis {
					cw++
				}
			}
			if i > 0 {
				blanks++
			}
			pad, before := w[i]-cw, 0
			switch {
			case align[i] == Right && marks[i] > 0:
				// The number ends where the marks begin; a heading
				// or "…" ends there too, where it is not wider.
				before = max(0, min(pad, pad-marks[i]+len(c)-len(unmarked(c))))
			case align[i] == Right:
				before = pad
			case align[i] == Center:
				before = pad / 2
			}
			blanks += before
			put(c)
			if ellipsis {
				put("…")
			}
			blanks += pad - before
		}
		if n < len(t.notes) && t.notes[n] != "" {
			b.WriteByte('\n')
			b.WriteString(t.notes[n])
		}
	}
}

// spaces are what Build writes blanks from, a run at a time.
const spaces = "                                "

// narrow cuts the columns in Shrink to Widest, then takes columns off the
// widest of them, one at a time, until the lines fit or every one is at
// minShrink.
func (t *Text) narrow(w []int) {
	if t.Widest > 0 {
		for _, i := range t.Shrink {
			if i >= 0 && i < len(w) {
				w[i] = min(w[i], t.Widest)
			}
		}
	}
	if t.Fit <= 0 {
		return
	}
	total := len(w) - 1
	for _, x := range w {
		total += x
	}
	for ; total > t.Fit; total-- {
		j := -1
		for _, i := range t.Shrink {
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
// "-3", "6.75". A shared place "3=" is a number and its mark (marks).
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
