package picture

import (
	"fmt"
	"image"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Painter draws tables as pictures. It keeps every glyph it has drawn, so
// the second table costs little more than its PNG encoding. It is safe for
// concurrent use.
type Painter struct {
	// Font is the file of the CJK font it draws with.
	Font string

	fonts []*sfnt.Font // the CJK font first, then the fonts for what it lacks

	mu     sync.Mutex
	faces  [sizes][]font.Face // by size, then as fonts; not safe for concurrent use
	glyphs map[glyphKey]*glyph
}

// size is the size a text is drawn at.
type size uint8

const (
	body  size = iota // cells, note, footer
	large             // the title
	// A certificate's (certificate.go), at 150 dpi on A4.
	awardText  // its lines
	awardPrize // the prize
	awardTitle // "奖状"
	sizes
)

// pixels is each size's em in pixels.
var pixels = [sizes]float64{body: 20, large: 27, awardText: 44, awardPrize: 76, awardTitle: 120}

// style is how a text is drawn.
type style struct {
	size size
	bold bool
}

type glyphKey struct {
	r rune
	style
}

// glyph is a rasterised glyph: its coverage with the bounds it has
// relative to the dot (on the baseline, at the glyph's left), and how far
// it moves the dot.
type glyph struct {
	mask    *image.Alpha
	advance fixed.Int26_6
}

func newPainter(path string, fonts ...*sfnt.Font) (*Painter, error) {
	p := &Painter{Font: path, fonts: fonts, glyphs: map[glyphKey]*glyph{}}
	for s := range sizes {
		for _, f := range fonts {
			face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: pixels[s], DPI: 72, Hinting: font.HintingNone})
			if err != nil {
				return nil, fmt.Errorf("%w: %s: %v", ErrNoFont, path, err)
			}
			p.faces[s] = append(p.faces[s], face)
		}
	}
	return p, nil
}

// glyph is r in st, from the first font that has it; a character no font
// has is the CJK font's box for a missing glyph.
func (p *Painter) glyph(r rune, st style) *glyph {
	if r < ' ' {
		r = ' ' // a tab or a line break inside a cell
	}
	k := glyphKey{r, st}
	p.mu.Lock()
	defer p.mu.Unlock()
	if g := p.glyphs[k]; g != nil {
		return g
	}
	face := p.faces[st.size][0]
	for i, f := range p.fonts {
		if hasRune(f, r) {
			face = p.faces[st.size][i]
			break
		}
	}
	// The dot at a whole pixel: every use of the glyph then draws the
	// same pixels, and the text is drawn at whole pixels (see draw).
	dr, mask, mp, advance, _ := face.Glyph(fixed.Point26_6{}, r)
	a := image.NewAlpha(dr)
	if mask != nil {
		for y := dr.Min.Y; y < dr.Max.Y; y++ {
			for x := dr.Min.X; x < dr.Max.X; x++ {
				_, _, _, c := mask.At(mp.X+x-dr.Min.X, mp.Y+y-dr.Min.Y).RGBA()
				a.Pix[a.PixOffset(x, y)] = uint8(c >> 8)
			}
		}
	}
	g := &glyph{a, advance}
	if st.bold {
		g = embolden(g)
	}
	p.glyphs[k] = g
	return g
}

// embolden thickens a glyph by a pixel to the right: the CJK fonts Debian
// ships in one package come in one weight.
func embolden(g *glyph) *glyph {
	r := g.mask.Rect
	if r.Empty() {
		return &glyph{g.mask, g.advance + fixed.I(1)}
	}
	b := image.NewAlpha(image.Rect(r.Min.X, r.Min.Y, r.Max.X+1, r.Max.Y))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x <= r.Max.X; x++ {
			c := g.mask.AlphaAt(x, y).A
			if left := g.mask.AlphaAt(x-1, y).A; left > c {
				c = left
			}
			b.Pix[b.PixOffset(x, y)] = c
		}
	}
	return &glyph{b, g.advance + fixed.I(1)}
}

// width is how wide s is drawn in st, in whole pixels.
func (p *Painter) width(s string, st style) int {
	var w fixed.Int26_6
	for _, r := range s {
		w += p.glyph(r, st).advance
	}
	return w.Ceil()
}

// draw writes s in st and ink i on img, starting at x on the baseline y.
// Each glyph stands at the whole pixel nearest its place, which keeps a
// glyph's pixels the same wherever it is drawn (and the cache small).
func (p *Painter) draw(img *image.Paletted, x, y int, s string, st style, i ink) {
	pen := fixed.I(x)
	for _, r := range s {
		g := p.glyph(r, st)
		paint(img, g.mask, pen.Round(), y, i)
		pen += g.advance
	}
}

// paint lays mask, placed at (x, y), over img in ink i.
func paint(img *image.Paletted, mask *image.Alpha, x, y int, i ink) {
	r := mask.Rect.Add(image.Pt(x, y)).Intersect(img.Rect)
	over := &blend()[i]
	for py := r.Min.Y; py < r.Max.Y; py++ {
		row := img.Pix[img.PixOffset(r.Min.X, py):]
		m := mask.Pix[mask.PixOffset(r.Min.X-x, py-y):]
		for px := range r.Dx() {
			s := (int(m[px])*strengths + 127) / 255
			if s > 0 {
				row[px] = over[row[px]][s]
			}
		}
	}
}
