package page

import (
	"unicode/utf8"

	"github.com/qisai/qisai/sheet"
)

// slotClass is the class of the slot in which column i of t hangs the
// marks after its numbers ("=" of a shared place, R-T-9): "m1" or "m2",
// as many marks wide as its widest marks, for a right-aligned column of
// numbers with marks (sheet.SplitMarks); "" for the others. Every cell of
// the column, its heading too, ends in a slot of that width, so the
// digits of "3=" and "12" end at one x, as in the chat's text and the
// pictures.
func slotClass(t sheet.Table, i int) string {
	if t.Columns[i].Align != sheet.Right {
		return ""
	}
	widest := 0
	for _, r := range t.Rows {
		if i >= len(r) {
			continue
		}
		_, marks, ok := sheet.SplitMarks(r[i].Text)
		if !ok {
			return ""
		}
		widest = max(widest, utf8.RuneCountInString(marks))
	}
	switch {
	case widest == 0:
		return ""
	case widest == 1:
		return "m1"
	}
	// The widest a number's marks come: a shared place whose result is
	// cancelled, "3=*" (R-T-9, R-T-12). Wider ones overflow the slot,
	// and the digits still line up.
	return "m2"
}

// hang splits text, a cell of a column with a slot for marks, into what
// goes before the slot and the marks in it.
func hang(text string) (before, marks string) {
	_, marks, _ = sheet.SplitMarks(text)
	return text[:len(text)-len(marks)], marks
}
