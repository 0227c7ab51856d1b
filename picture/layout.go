package picture

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/image/math/fixed"

	"github.com/qisai/qisai/sheet"
)

// The measures of a page, in pixels at the body size of 20: a page shown
// at a phone's width keeps its text about the size of the chat's.
const (
	margin   = 24 // around everything
	cellPad  = 12 // each side of a cell's text: two make the gap between columns
	rowH     = 34
	headH    = 38
	titleH   = 42
	lineH    = 28 // a line of the note or the footer
	gap      = 10 // between the note, the table and the footer
	pageRows = 36 // at most this many rows a page (the heading row repeats)
	// maxTableW is how wide a table may grow before its Shrink column is
	// shortened (to shrinkMin at the least): a picture much wider than it
	// is tall would be drawn too small on a phone.
	maxTableW = 1000
	shrinkMin = 160
	// minTextW is the narrowest the title, note and footer are wrapped at
	// beside a narrow table.
	minTextW = 480
)

// layout is where a table's parts go, the same on each of its pages.
type layout struct {
	widths []int    // each column's, its padding included
	marks  []int    // each column's slot for the marks after its numbers (marks)
	tableW int      // their sum
	textW  int      // the width of the title, note and footer lines
	note   []string // the note, wrapped at textW
	footer []string // the footer, wrapped at textW
	pages  [][2]int // each page's first row and the row after its last
}

// cellStyle is how a cell's text is drawn, and in which ink.
func cellStyle(t sheet.Tone) (style, ink) {
	switch t {
	case sheet.Red:
		return style{body, false}, redInk
	case sheet.Muted:
		return style{body, false}, greyInk
	case sheet.Strong:
		return style{body, true}, darkInk
	}
	return style{body, false}, darkInk
}

var (
	headStyle  = style{body, true}
	titleStyle = style{large, true}
	textStyle  = style{body, false}
)

func (p *Painter) layout(t sheet.Table) layout {
	var l layout
	l.widths = make([]int, len(t.Columns))
	for c, col := range t.Columns {
		l.widths[c] = p.width(col.Title, headStyle)
	}
	for _, row := range t.Rows {
		for c, cell := range row[:min(len(row), len(t.Columns))] {
			st, _ := cellStyle(cell.Tone)
			l.widths[c] = max(l.widths[c], p.width(cell.Text, st))
		}
	}
	l.marks = p.marks(t, l.widths)
	for c := range l.widths {
		l.widths[c] += 2 * cellPad
		l.tableW += l.widths[c]
	}
	for c, col := range t.Columns {
		if over := l.tableW - maxTableW; col.Shrink && over > 0 && l.widths[c] > shrinkMin {
			cut := min(over, l.widths[c]-shrinkMin)
			l.widths[c] -= cut
			l.tableW -= cut
		}
	}

	n := max(1, (len(t.Rows)+pageRows-1)/pageRows)
	per := (len(t.Rows) + n - 1) / n // pages as even as can be: no last page of two rows
	for i := range n {
		l.pages = append(l.pages, [2]int{i * per, min((i+1)*per, len(t.Rows))})
	}

	l.textW = max(l.tableW, minTextW, p.width(t.Title, titleStyle)+cellPad+p.width(pageNumber(len(l.pages), len(l.pages)), textStyle))
	l.note = p.wrap(t.Note, textStyle, l.textW)
	for _, line := range t.Footer {
		l.footer = append(l.footer, p.wrap(line, textStyle, l.textW)...)
	}
	return l
}

// pageNumber is "2/7"; nothing for a table on one page.
func pageNumber(page, pages int) string {
	if pages < 2 {
		return ""
	}
	return strconv.Itoa(page) + "/" + strconv.Itoa(pages)
}

// wrap breaks s into lines no wider than w: after a space where there is
// one (English), else between two characters (Chinese), but never before
// a closing mark such as "。" or "」": the character before it goes to the
// next line with it.
func (p *Painter) wrap(s string, st style, w int) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		for para != "" {
			cut, space := len(para), 0
			var x fixed.Int26_6
			for i, r := range para {
				if x += p.glyph(r, st).advance; x > fixed.I(w) && i > 0 {
					cut = keepClosing(para, i)
					break
				}
				if r == ' ' {
					space = i
				}
			}
			if cut < len(para) && space > 0 {
				cut = space
			}
			lines = append(lines, strings.TrimRight(para[:cut], " "))
			para = strings.TrimLeft(para[cut:], " ")
		}
	}
	return lines
}

// closing are the marks a line must not begin with.
const closing = "。，、；：？！）」』》〉】”’…,.;:?!)"

// keepClosing moves a break at cut in s back past the closing marks
// there, and the character before them, so that the next line begins
// with that character; a line of nothing but closing marks breaks at cut.
func keepClosing(s string, cut int) int {
	at := cut
	for at > 0 {
		r, _ := utf8.DecodeRuneInString(s[at:])
		if !strings.ContainsRune(closing, r) {
			return at
		}
		_, n := utf8.DecodeLastRuneInString(s[:at])
		at -= n
	}
	return cut
}

// fit shortens s with "…" until it is no wider than w.
func (p *Painter) fit(s string, st style, w int) string {
	if p.width(s, st) <= w {
		return s
	}
	ell := p.width("…", st)
	for s != "" {
		_, n := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-n]
		if p.width(s, st)+ell <= w {
			break
		}
	}
	return s + "…"
}
