package picture

import (
	"bytes"
	"image"

	"github.com/qisai/qisai/sheet"
)

// The measures of a page of groups: the groups' tables side by side, as
// many a row as fit in its width, the rows one under the other.
const (
	tileGap    = 36   // between two tables, across and down
	groupPageW = 1400 // the width the tables of a row fill, unless one is wider
	groupPageH = 2400 // the height a page's rows fill, unless one is taller
)

// Staged draws a staged event's stages as PNG pictures (R-F-3..7), in the
// order of tables: a run of a field stage's tables (the groups, with
// their qualifiers marked) laid side by side on as few pages as fit, a
// bracket's table (sheet.BracketTable) drawn as Bracket draws it under
// the table's title. A table too long for one page goes on pages of its
// own, as Draw draws it.
func (p *Painter) Staged(tables []sheet.Table) ([][]byte, error) {
	var out [][]byte
	var tiles []sheet.Table
	flush := func() error {
		pages, err := p.tiled(tiles)
		out, tiles = append(out, pages...), nil
		return err
	}
	for _, t := range tables {
		if t.Bracket == nil {
			tiles = append(tiles, t)
			continue
		}
		if err := flush(); err != nil {
			return nil, err
		}
		b := *t.Bracket
		b.Title = t.Title
		pages, err := p.Bracket(b)
		if err != nil {
			return nil, err
		}
		out = append(out, pages...)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}

// tile is a table placed on a page of tables, its top left corner at at.
type tile struct {
	t  sheet.Table
	l  layout
	at image.Point
}

// tiled draws tables side by side, row after row, page after page; a
// table of more than one page is drawn on its own (Draw).
func (p *Painter) tiled(tables []sheet.Table) ([][]byte, error) {
	var out [][]byte
	var page []tile
	x, y, rowH, pageW := 0, 0, 0, 0
	emit := func() error {
		if len(page) == 0 {
			return nil
		}
		h := 0
		for _, tl := range page {
			h = max(h, tl.at.Y+tl.l.height(0))
		}
		w := 2*margin + pageW
		img := image.NewPaletted(image.Rect(0, 0, w, max(2*margin+h, w/19)), palette)
		for _, tl := range page {
			p.drawTable(img, tl.t, tl.l, 0, margin+tl.at.X, margin+tl.at.Y)
		}
		var buf bytes.Buffer
		if err := encoder.Encode(&buf, img); err != nil {
			return err
		}
		out = append(out, buf.Bytes())
		page, x, y, rowH, pageW = nil, 0, 0, 0, 0
		return nil
	}
	for _, t := range tables {
		l := p.layout(t)
		if len(l.pages) > 1 {
			if err := emit(); err != nil {
				return nil, err
			}
			pages, err := p.Draw(t)
			if err != nil {
				return nil, err
			}
			out = append(out, pages...)
			continue
		}
		// A tile as wide as its table or its title: the footer wraps.
		l.textW = max(l.tableW, p.width(t.Title, titleStyle))
		l.note = p.wrap(t.Note, textStyle, l.textW)
		l.footer = nil
		for _, line := range t.Footer {
			l.footer = append(l.footer, p.wrap(line, textStyle, l.textW)...)
		}
		if x > 0 && x+l.textW > groupPageW {
			x, y, rowH = 0, y+rowH+tileGap, 0
		}
		if x == 0 && y > 0 && y+l.height(0) > groupPageH {
			if err := emit(); err != nil {
				return nil, err
			}
		}
		page = append(page, tile{t: t, l: l, at: image.Pt(x, y)})
		pageW = max(pageW, x+l.textW)
		rowH = max(rowH, l.height(0))
		x += l.textW + tileGap
	}
	if err := emit(); err != nil {
		return nil, err
	}
	return out, nil
}
