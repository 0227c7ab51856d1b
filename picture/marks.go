package picture

import "github.com/qisai/qisai/sheet"

// marks is, for each right-aligned column of t whose cells are numbers
// with or without marks (sheet.SplitMarks), the width of the slot its
// widest marks take after the numbers, as the font draws them; 0 for the
// others. Each such column of widths, the cells' natural widths without
// padding, is widened to hold its widest number and its widest marks side
// by side: the digits of "3=" and "12" end at one x (R-T-9), as in the
// chat's text.
func (p *Painter) marks(t sheet.Table, widths []int) []int {
	out := make([]int, len(t.Columns))
	for c, col := range t.Columns {
		if col.Align != sheet.Right {
			continue
		}
		numbers, marks := 0, 0
		for _, row := range t.Rows {
			if c >= len(row) {
				continue
			}
			number, m, ok := sheet.SplitMarks(row[c].Text)
			if !ok {
				marks = 0
				break
			}
			st, _ := cellStyle(row[c].Tone)
			numbers, marks = max(numbers, p.width(number, st)), max(marks, p.width(m, st))
		}
		if marks > 0 {
			out[c], widths[c] = marks, max(widths[c], numbers+marks)
		}
	}
	return out
}

// hung is where text starts in a right-aligned cell from x to right (its
// padding left out) whose column hangs marks in a slot that wide: its
// number ends where the slot begins, and its marks go into the slot. A
// heading or a "…" ends there too where it is not wider; where it is, it
// starts at x.
func (p *Painter) hung(x, right, slot int, text string, st style) int {
	_, m, _ := sheet.SplitMarks(text)
	return max(x, right-slot-p.width(text[:len(text)-len(m)], st))
}
