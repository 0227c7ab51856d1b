package picture

import (
	"image"
	"math"

	"github.com/qisai/qisai/sheet"
)

// The measures of a bracket's drawing, in pixels at the body size: a
// match is a box of two rows, one a side, with its label on the left and
// each side's points on the right, and a line under it for what it waits
// for; the rounds stand in columns joined by lines.
const (
	sideH      = 32 // a side's row in a box
	noteH      = 26 // the line under a box
	matchGap   = 12 // between two matches of a column
	unitH      = 2*sideH + noteH + matchGap
	connW      = 44 // between two columns, where the lines run
	boxPad     = 8  // each side of a box's texts
	nameMin    = 120
	nameMax    = 260 // a wider name is cut ("…")
	partHeadH  = 40  // a part's title
	roundHeadH = 30  // the rounds' names over the columns
	pieceGap   = 28  // between two parts on a page
	// pageUnits is how many matches a page's column holds at the most: 32
	// first-round matches, a 64-player bracket on one page.
	pageUnits = 32
	// maxSides is Telegram's width + height limit for a photo, with room.
	maxSides = 9800
)

// bracketLayout is where a bracket's parts go, page by page.
type bracketLayout struct {
	labelW, nameW, pointsW int // a box's three columns
	boxW                   int
	pages                  [][]piece
}

// piece is the part of one of a bracket's parts drawn on one page: its
// matches within a band of rows (all of them, for a part that fits).
type piece struct {
	part      *sheet.BracketPart
	columns   []string // the rounds' names
	boxes     []box
	rows      float64 // how many match rows it spans
	continued bool    // a band after the part's first: "(续)"
}

// heads reports whether the piece shows its rounds' names: not for a part
// of one round that its title names (三四名决赛).
func (pc piece) heads() bool {
	return len(pc.columns) > 1 || pc.columns[0] != pc.part.Title
}

// box is a match placed: in column col, row y (from the piece's top, in
// match rows; a match between two it follows is half-way).
type box struct {
	m   *sheet.BracketMatch
	col int
	y   float64
}

func (p *Painter) bracketLayout(b *sheet.Bracket) bracketLayout {
	l := bracketLayout{nameW: nameMin}
	fed := map[int]bool{} // the matches whose winner or loser plays on
	noteW := 0            // the widest line under a box, in its brief form
	for pi := range b.Parts {
		for _, rd := range b.Parts[pi].Rounds {
			for _, m := range rd.Matches {
				l.labelW = max(l.labelW, p.width(m.Label, textStyle))
				noteW = max(noteW, p.width(matchNote(&m, m.NextBrief), textStyle))
				l.pointsW = max(l.pointsW, p.width(m.Points[0], headStyle), p.width(m.Points[1], headStyle))
				for _, s := range m.Sides {
					fed[s.From] = true
					st, _ := cellStyle(s.Tone)
					l.nameW = max(l.nameW, p.width(s.Text, st))
				}
			}
		}
	}
	l.labelW += 2 * boxPad
	l.nameW = min(l.nameW, nameMax) + 2*boxPad
	l.pointsW = max(l.pointsW+2*boxPad, 2*boxPad+p.width("0", headStyle))
	// A box as wide as the lines under it, as far as the widest names
	// make it: the lines between the columns leave them no room beside.
	widest := l.labelW + nameMax + 2*boxPad + l.pointsW
	l.nameW += max(0, min(noteW+boxPad, widest)-(l.labelW+l.nameW+l.pointsW))
	l.boxW = l.labelW + l.nameW + l.pointsW

	var pieces []piece
	for pi := range b.Parts {
		pieces = append(pieces, l.cut(&b.Parts[pi], fed)...)
	}
	// Parts go one under the other, a page as long as its width allows.
	var page []piece
	h := 0
	for _, pc := range pieces {
		ph := pieceH(pc)
		if w := max(l.pageW(page), l.pieceW(pc)+2*margin); len(page) > 0 && h+pieceGap+ph > pageH(w) {
			l.pages = append(l.pages, page)
			page, h = nil, 0
		}
		if len(page) > 0 {
			h += pieceGap
		}
		page = append(page, pc)
		h += ph
	}
	if len(page) > 0 {
		l.pages = append(l.pages, page)
	}
	return l
}

// hidden reports whether a match is left out of the drawing: a bye or a
// match of two byes, whose player (if any) the next match shows. A match
// nothing follows (a final) is drawn whatever it holds.
func hidden(m *sheet.BracketMatch, fed map[int]bool) bool {
	byes := m.Sides[0].Entrant == 0 && m.Sides[1].Entrant == 0
	return (m.Bye || byes) && fed[m.ID]
}

// cut places a part's matches, round by round in columns: a match level
// with the middle of the matches its players come from, or under the
// match before it; then cuts the part into bands of at most pageUnits
// rows (fewer when it is wide), each band a page's piece.
func (l bracketLayout) cut(p *sheet.BracketPart, fed map[int]bool) []piece {
	var columns []string
	var boxes []box
	at := map[int]float64{} // a placed match's row
	for r := range p.Rounds {
		rd := &p.Rounds[r]
		prev, any := 0.0, false
		for i := range rd.Matches {
			m := &rd.Matches[i]
			if hidden(m, fed) {
				continue
			}
			sum, n := 0.0, 0
			for _, s := range m.Sides {
				if y, ok := at[s.From]; ok && !s.Loser {
					sum, n = sum+y, n+1
				}
			}
			y := 0.0
			switch {
			case n > 0:
				y = sum / float64(n)
			case any:
				y = prev + 1
			}
			if any {
				y = max(y, prev+1) // never over the match before
			}
			at[m.ID], prev, any = y, y, true
			boxes = append(boxes, box{m: m, col: len(columns), y: y})
		}
		if any {
			columns = append(columns, rd.Title)
		}
	}
	width := len(columns)*(l.boxW+connW) - connW
	units := pageUnits
	if room := (maxSides - 2*margin - width - titleH - partHeadH - roundHeadH - lineH) / unitH; room < units {
		units = max(room, 4)
	}
	var pieces []piece
	for _, bx := range boxes {
		band := int(math.Floor(bx.y / float64(units)))
		for len(pieces) <= band {
			pieces = append(pieces, piece{part: p, columns: columns, continued: len(pieces) > 0})
		}
		pieces[band].boxes = append(pieces[band].boxes, bx)
	}
	out := pieces[:0]
	for _, pc := range pieces {
		if len(pc.boxes) == 0 {
			continue
		}
		top, bottom := math.Inf(1), math.Inf(-1)
		for _, bx := range pc.boxes {
			top, bottom = min(top, bx.y), max(bottom, bx.y)
		}
		for i := range pc.boxes {
			pc.boxes[i].y -= top
		}
		pc.rows = bottom - top + 1
		out = append(out, pc)
	}
	return out
}

// pieceH is how tall a piece is drawn.
func pieceH(pc piece) int {
	h := partHeadH + int(math.Ceil(pc.rows*unitH))
	if pc.heads() {
		h += roundHeadH
	}
	return h
}

// pieceW is how wide a piece is drawn: to its last column with a match.
func (l bracketLayout) pieceW(pc piece) int {
	last := 0
	for _, bx := range pc.boxes {
		last = max(last, bx.col)
	}
	return (last+1)*(l.boxW+connW) - connW
}

// pageW is how wide a page of pieces is.
func (l bracketLayout) pageW(page []piece) int {
	w := minTextW
	for _, pc := range page {
		w = max(w, l.pieceW(pc))
	}
	return w + 2*margin
}

// pageH is the most a page w wide may hold below its title: the rows of
// one full band and a part of a match or two (a 64-player knockout with
// its third place), no more than Telegram's limit of width and height
// together.
func pageH(w int) int {
	return min(2*(partHeadH+roundHeadH)+pieceGap+(pageUnits+2)*unitH, maxSides-w-2*margin-titleH-lineH)
}

// pageRect is page i's size: its title, its pieces one under the other,
// and a line saying where the bracket goes on, if it does.
func (l bracketLayout) pageRect(i int) image.Rectangle {
	page := l.pages[i]
	w := l.pageW(page)
	h := margin + titleH + margin
	for k, pc := range page {
		if k > 0 {
			h += pieceGap
		}
		h += pieceH(pc)
	}
	if i+1 < len(l.pages) {
		h += lineH
	}
	// Neither side more than 20 times the other (Telegram's limit).
	return image.Rect(0, 0, max(w, h/19), max(h, w/19))
}
