package picture

import (
	"image/color"
)

// The picture's sixteen colours: four backgrounds and three inks in four
// strengths each, for the soft edges of letters. Sixteen colours make a
// 4-bit PNG, about a fifth of the bytes of a full-colour one, and quicker
// to compress.
const (
	white   = iota // the page
	zebra          // every other row
	heading        // the heading row
	rule           // the lines under the heading and the last row
	darkInk        // text, in full; the three after it fainter
	_
	_
	_
	redInk // the red side; the three after it fainter
	_
	_
	_
	greyInk // muted: no result yet, a bye, a note; the three after it fainter
	_
	_
	_
	colours
)

// ink is the colour text is drawn in: one of darkInk, redInk, greyInk.
type ink uint8

// strengths is how many steps of coverage an ink is drawn in: a pixel a
// glyph covers a little takes the faintest, one it covers fully the ink.
const strengths = 4

var palette = func() color.Palette {
	p := make(color.Palette, colours)
	p[white] = color.RGBA{0xff, 0xff, 0xff, 0xff}
	p[zebra] = color.RGBA{0xf1, 0xf3, 0xf6, 0xff}
	p[heading] = color.RGBA{0xdf, 0xe5, 0xee, 0xff}
	p[rule] = color.RGBA{0xa8, 0xb1, 0xbd, 0xff}
	for base, c := range map[int]color.RGBA{
		darkInk: {0x1c, 0x21, 0x28, 0xff},
		redInk:  {0xc0, 0x1f, 0x1f, 0xff},
		greyInk: {0x6a, 0x73, 0x7d, 0xff},
	} {
		for s := range strengths {
			p[base+s] = mix(p[white].(color.RGBA), c, strengths-s, strengths)
		}
	}
	return p
}()

// blend[i][bg][s] is the palette colour nearest to ink i drawn at
// strength s (1…strengths) over the palette colour bg: drawing a glyph
// is one lookup a pixel.
var blend = func() (b [colours][colours][strengths + 1]uint8) {
	for _, i := range []int{darkInk, redInk, greyInk} {
		for bg := range colours {
			for s := range strengths + 1 {
				c := mix(palette[bg].(color.RGBA), palette[i].(color.RGBA), s, strengths)
				b[i][bg][s] = uint8(palette.Index(c))
			}
		}
	}
	return b
}()

// mix is bg with k/n of fg over it.
func mix(bg, fg color.RGBA, k, n int) color.RGBA {
	m := func(a, b uint8) uint8 { return uint8((int(a)*(n-k) + int(b)*k + n/2) / n) }
	return color.RGBA{m(bg.R, fg.R), m(bg.G, fg.G), m(bg.B, fg.B), 0xff}
}
