package picture

import (
	"image"
	"testing"

	"github.com/qisai/qisai/sheet"
)

// TestMarksHangAfterDigits_R_T_9: in a right-aligned place column the "="
// of a shared place hangs after the number, so that the "3" of "3=" is
// drawn where the "3" of "3" and of "13" is: the digits end at one x,
// as in the chat's text. A left-aligned column, or one right-aligned with
// the marks inside, draws the "3" of "3=" elsewhere.
func TestMarksHangAfterDigits_R_T_9(t *testing.T) {
	p := cjk(t)
	for _, heading := range []string{"名次", "#", "Overall place"} {
		// Rows 0, 2 and 4 are on the page's white, between zebra rows.
		tab := sheet.Table{
			Columns: []sheet.Column{{Title: heading, Align: sheet.Right}, {Title: "Name"}},
			Rows: [][]sheet.Cell{
				{{Text: "3="}, {Text: "王天一"}}, {{}, {}}, {{Text: "13"}, {Text: "Alice"}}, {{}, {}}, {{Text: "3"}, {Text: "Bob"}},
			},
		}
		img := draw(t, p, tab)[0]
		col := p.layout(tab).widths[0]
		row := func(r int) image.Rectangle { return image.Rect(margin, rowTop(0, r), margin+col, rowTop(0, r+1)) }
		marked, plain, wide := inked(img, row(0)), inked(img, row(4)), inked(img, row(2))
		if plain.Max.X != wide.Max.X {
			t.Errorf("%s: \"3\" ends at x %d, \"13\" at %d", heading, plain.Max.X, wide.Max.X)
		}
		if marked.Max.X <= plain.Max.X {
			t.Errorf("%s: \"3=\" ends at x %d, not after \"3\" at %d: the mark is not after the digits", heading, marked.Max.X, plain.Max.X)
		}
		// The "3" of "3=" is the "3" of "3", pixel for pixel.
		for y := range plain.Dy() {
			for x := plain.Min.X - 1; x <= plain.Max.X; x++ {
				if got, want := img.ColorIndexAt(x, rowTop(0, 0)+y+plain.Min.Y-rowTop(0, 4)), img.ColorIndexAt(x, plain.Min.Y+y); got != want {
					t.Fatalf("%s: the \"3\" of \"3=\" is not where the \"3\" of \"3\" is (x %d: colour %d, want %d)", heading, x, got, want)
				}
			}
		}
	}
}
