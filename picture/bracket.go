package picture

import (
	"bytes"
	"image"
	"strings"

	"github.com/qisai/qisai/sheet"
)

// Bracket draws a knockout's bracket as PNG pictures: each part (the
// winners' bracket, the losers' bracket under it, the grand final, the
// places' matches) with its rounds in columns from left to right, each
// match a box of its two sides with the winner in bold on a shaded row,
// each side's points, and under the box what the match waits for; lines
// join a match to the ones its players come from. A bye is left out: its
// player stands in the next round. A part taller than 32 matches goes on
// over pages, its title marked continued, and a page says where the
// bracket goes on. The pages are within Telegram's limits for a photo,
// in the palette and fonts of Draw; the same bracket gives the same bytes.
// A bracket without matches has no pages.
func (p *Painter) Bracket(b sheet.Bracket) ([][]byte, error) {
	l := p.bracketLayout(&b)
	pages := make([][]byte, len(l.pages))
	for i := range l.pages {
		var buf bytes.Buffer
		if err := encoder.Encode(&buf, p.bracketPage(&b, l, i)); err != nil {
			return nil, err
		}
		pages[i] = buf.Bytes()
	}
	return pages, nil
}

// bracketPage draws page i.
func (p *Painter) bracketPage(b *sheet.Bracket, l bracketLayout, i int) *image.Paletted {
	page := l.pages[i]
	more := i+1 < len(l.pages)
	img := image.NewPaletted(l.pageRect(i), palette)
	w := img.Rect.Dx()

	y := margin
	p.draw(img, margin, y+baseline(titleH, large), b.Title, titleStyle, darkInk)
	if n := pageNumber(i+1, len(l.pages)); n != "" {
		p.draw(img, w-margin-p.width(n, textStyle), y+baseline(titleH, body), n, textStyle, greyInk)
	}
	y += titleH
	for k, pc := range page {
		if k > 0 {
			y += pieceGap
		}
		p.drawPiece(img, b, l, pc, margin, y)
		y += pieceH(pc)
	}
	if more {
		p.draw(img, margin, y+baseline(lineH, body), b.ContinuedOn(i+2), textStyle, greyInk)
	}
	return img
}

// drawPiece draws a piece with its top left corner at (x, y).
func (p *Painter) drawPiece(img *image.Paletted, b *sheet.Bracket, l bracketLayout, pc piece, x, y int) {
	title := pc.part.Title
	if pc.continued {
		title = b.Continued(title)
	}
	fill(img, x, y, l.pieceW(pc), partHeadH-8, heading)
	p.draw(img, x+boxPad, y+baseline(partHeadH-8, body), title, headStyle, darkInk)
	y += partHeadH
	if pc.heads() {
		last := 0
		for _, bx := range pc.boxes {
			last = max(last, bx.col)
		}
		for c, name := range pc.columns[:last+1] {
			p.draw(img, x+c*(l.boxW+connW)+boxPad, y+baseline(roundHeadH, body), p.fit(name, textStyle, l.boxW-boxPad), textStyle, greyInk)
		}
		y += roundHeadH
	}

	at := make(map[int]image.Point, len(pc.boxes)) // each match's box, its top left corner
	for _, bx := range pc.boxes {
		at[bx.m.ID] = image.Pt(x+bx.col*(l.boxW+connW), y+int(bx.y*unitH))
	}
	for _, bx := range pc.boxes {
		to := at[bx.m.ID]
		for k, s := range bx.m.Sides {
			from, ok := at[s.From]
			if !ok || s.Loser {
				continue // from another part or page: the side's text says which match
			}
			connect(img, image.Pt(from.X+l.boxW, from.Y+sideH), image.Pt(to.X, to.Y+k*sideH+sideH/2))
		}
	}
	for _, bx := range pc.boxes {
		p.drawMatch(img, l, bx.m, at[bx.m.ID])
	}
}

// lineW is how thick the lines between matches are.
const lineW = 2

// connect draws the line from a match's box (its right edge, at a) to the
// side it feeds (the left edge of the next box, at b): across, down or up
// half-way between the columns, and across again.
func connect(img *image.Paletted, a, b image.Point) {
	mid := a.X + (b.X-a.X)/2
	fill(img, a.X, a.Y-lineW/2, mid-a.X+lineW/2, lineW, rule)
	top, bottom := min(a.Y, b.Y), max(a.Y, b.Y)
	fill(img, mid-lineW/2, top-lineW/2, lineW, bottom-top+lineW, rule)
	fill(img, mid, b.Y-lineW/2, b.X-mid, lineW, rule)
}

// drawMatch draws a match's box with its top left corner at at, and the
// line under it.
func (p *Painter) drawMatch(img *image.Paletted, l bracketLayout, m *sheet.BracketMatch, at image.Point) {
	x, y := at.X, at.Y
	names := x + l.labelW
	points := names + l.nameW
	for k, s := range m.Sides {
		top := y + k*sideH
		st, in := cellStyle(s.Tone)
		if m.Winner == k {
			fill(img, names, top, l.nameW+l.pointsW, sideH, zebra)
		}
		p.draw(img, names+boxPad, top+baseline(sideH, body), p.fit(s.Text, st, l.nameW-2*boxPad), st, in)
		if pt := m.Points[k]; pt != "" {
			p.draw(img, points+l.pointsW-boxPad-p.width(pt, st), top+baseline(sideH, body), pt, st, in)
		}
	}
	p.draw(img, x+boxPad, y+baseline(2*sideH, body), m.Label, textStyle, greyInk)
	// The outline, the line between the sides, and the columns' edges.
	fill(img, x, y, l.boxW, 1, rule)
	fill(img, x, y+2*sideH, l.boxW, 1, rule)
	fill(img, x, y, 1, 2*sideH, rule)
	fill(img, x+l.boxW-1, y, 1, 2*sideH, rule)
	fill(img, names, y+sideH, l.boxW-l.labelW, 1, heading)
	fill(img, names, y, 1, 2*sideH, heading)
	fill(img, points, y, 1, 2*sideH, heading)
	room := l.boxW - boxPad
	note := matchNote(m, m.Next)
	if p.width(note, textStyle) > room {
		note = matchNote(m, m.NextBrief)
	}
	if note != "" {
		p.draw(img, x+boxPad, y+2*sideH+baseline(noteH, body), p.fit(note, textStyle, room), textStyle, greyInk)
	}
}

// matchNote is the line under a match: what it is for, and what it waits
// for (next) or how it ended beyond its points (a team match's boards
// won, a tie-break).
func matchNote(m *sheet.BracketMatch, next string) string {
	var parts []string
	for _, s := range []string{m.Caption, m.Note, next, m.Boards, m.Tie} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, "  ")
}
