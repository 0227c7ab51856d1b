package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/png"

	"github.com/qisai/qisai/sheet"
)

// Draw draws t as PNG pictures, one a page of at most 36 rows: each page
// with the title (and "2/7" when there are more), the note, the heading
// row and the footer. Every page has the same column widths, each as wide
// as its widest cell, Chinese characters counting double the width of
// Latin ones as the font draws them. A picture is within Telegram's
// limits for a photo (width + height ≤ 10,000, neither side more than 20
// times the other, 10 MB) unless the table has hundreds of columns. The
// same table gives the same bytes.
func (p *Painter) Draw(t sheet.Table) ([][]byte, error) {
	l := p.layout(t)
	all := make([]int, len(l.pages))
	for i := range all {
		all[i] = i
	}
	return p.drawLaid(t, l, all)
}

// Pages is how Draw cuts t into pages: each page's first row and the row
// after its last.
func (p *Painter) Pages(t sheet.Table) [][2]int { return p.layout(t).pages }

// DrawPages draws only the pages of t numbered in pages (0 for the first,
// as Pages lists them), as Draw draws them: each says its number among
// all of t's ("2/7"). A big table's top and one reader's page cost two
// pictures, not all of them.
func (p *Painter) DrawPages(t sheet.Table, pages ...int) ([][]byte, error) {
	return p.drawLaid(t, p.layout(t), pages)
}

// drawLaid draws pages of t, laid out as l.
func (p *Painter) drawLaid(t sheet.Table, l layout, pages []int) ([][]byte, error) {
	out := make([][]byte, 0, len(pages))
	for _, i := range pages {
		if i < 0 || i >= len(l.pages) {
			return nil, fmt.Errorf("draw page %d of %q: it has %d", i+1, t.Title, len(l.pages))
		}
		var buf bytes.Buffer
		if err := encoder.Encode(&buf, p.page(t, l, i)); err != nil {
			return nil, err
		}
		out = append(out, buf.Bytes())
	}
	return out, nil
}

// encoder compresses for speed: a paletted picture of flat colours is small
// at any level, and the best level takes several times as long.
var encoder = png.Encoder{CompressionLevel: png.BestSpeed}

// page draws page i of t.
func (p *Painter) page(t sheet.Table, l layout, i int) *image.Paletted {
	w := 2*margin + l.textW
	// Neither side more than 20 times the other (Telegram's limit): only
	// a table of many columns and few rows is that wide.
	h := max(margin+l.height(i)+margin, w/19)
	img := image.NewPaletted(image.Rect(0, 0, w, h), palette)
	p.drawTable(img, t, l, i, margin, margin)
	return img
}

// height is how tall page i of a table laid out as l is drawn, from its
// title to its footer.
func (l layout) height(i int) int {
	rows := l.pages[i][1] - l.pages[i][0]
	return titleH + len(l.note)*lineH + gap + headH + rows*rowH + 1 + gap + len(l.footer)*lineH
}

// drawTable draws page i of t, laid out as l, with its top left corner at
// (x0, y0): the title, the note, the heading row, the rows and the footer.
func (p *Painter) drawTable(img *image.Paletted, t sheet.Table, l layout, i, x0, y0 int) {
	first, end := l.pages[i][0], l.pages[i][1]
	y := y0
	p.draw(img, x0, y+baseline(titleH, large), t.Title, titleStyle, darkInk)
	if n := pageNumber(i+1, len(l.pages)); n != "" {
		p.draw(img, x0+l.textW-p.width(n, textStyle), y+baseline(titleH, body), n, textStyle, greyInk)
	}
	y += titleH
	for _, line := range l.note {
		p.draw(img, x0, y+baseline(lineH, body), line, textStyle, greyInk)
		y += lineH
	}
	y += gap

	fill(img, x0, y, l.tableW, headH, heading)
	x := x0
	for c, col := range t.Columns {
		p.cell(img, x, y, headH, l.widths[c], col.Title, headStyle, darkInk, col.Align, l.marks[c])
		x += l.widths[c]
	}
	y += headH
	fill(img, x0, y-1, l.tableW, 1, rule)
	for r, row := range t.Rows[first:end] {
		if r%2 == 1 {
			fill(img, x0, y, l.tableW, rowH, zebra)
		}
		x := x0
		for c, col := range t.Columns {
			if c < len(row) {
				st, in := cellStyle(row[c].Tone)
				text := row[c].Text
				if col.Shrink {
					text = p.fit(text, st, l.widths[c]-2*cellPad)
				}
				p.cell(img, x, y, rowH, l.widths[c], text, st, in, col.Align, l.marks[c])
			}
			x += l.widths[c]
		}
		y += rowH
	}
	fill(img, x0, y, l.tableW, 1, rule)
	y += 1 + gap
	for _, line := range l.footer {
		p.draw(img, x0, y+baseline(lineH, body), line, textStyle, greyInk)
		y += lineH
	}
}

// cell draws text in a cell w wide and h high at (x, y), as the column
// aligns it; a right-aligned column with a slot for marks hangs them
// after its numbers (marks).
func (p *Painter) cell(img *image.Paletted, x, y, h, w int, text string, st style, in ink, a sheet.Align, slot int) {
	left := x + cellPad
	switch {
	case a == sheet.Right && slot > 0:
		left = p.hung(left, x+w-cellPad, slot, text, st)
	case a == sheet.Right:
		left = x + w - cellPad - p.width(text, st)
	case a == sheet.Center:
		left = x + (w-p.width(text, st))/2
	}
	p.draw(img, left, y+baseline(h, st.size), text, st, in)
}

// baseline is where in a line h high the baseline of text in size s goes
// so that the text looks centred: Chinese characters stand from a little
// below the baseline to about 0.88 em above it, capitals to 0.7 em, so
// the middle of the line is put about 0.37 em above the baseline.
func baseline(h int, s size) int {
	return (h + int(0.74*pixels[s])) / 2
}

// fill paints a w×h rectangle at (x, y) in colour c.
func fill(img *image.Paletted, x, y, w, h int, c uint8) {
	r := image.Rect(x, y, x+w, y+h).Intersect(img.Rect)
	for py := r.Min.Y; py < r.Max.Y; py++ {
		row := img.Pix[img.PixOffset(r.Min.X, py):][:r.Dx()]
		for i := range row {
			row[i] = c
		}
	}
}
