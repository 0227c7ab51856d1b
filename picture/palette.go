package picture

import (
	"image/color"
	"sync"
)

// The picture's colours: four backgrounds and three inks, each ink in
// several strengths for the soft edges of letters. Twenty-two colours
// make an 8-bit paletted PNG, several times smaller than a full-colour one;
// with sixteen it would be 4-bit and a fifth smaller still, but Go's
// encoder packs 4-bit pixels one by one and takes twice the time.
const (
	white   = iota // the page
	zebra          // every other row
	heading        // the heading row
	rule           // the lines under the heading and the last row
	darkInk        // text, in full strength; the strengths-1 after it fainter

	redInk  = darkInk + strengths // the red side
	greyInk = redInk + strengths  // muted: no result yet, a bye, a note
	colours = greyInk + strengths
)

// ink is the colour text is drawn in: one of darkInk, redInk, greyInk.
type ink uint8

// strengths is how many steps of coverage an ink is drawn in: a pixel a
// glyph covers a little takes the faintest, one it covers fully the ink.
const strengths = 6

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

// blend()[i][bg][s] is the palette colour nearest to ink i drawn at
// strength s (1…strengths) over the palette colour bg: drawing a glyph
// is one lookup a pixel. Worked out when a picture is first drawn, not as
// every command of the program starts.
var blend = sync.OnceValue(func() (b *[colours][colours][strengths + 1]uint8) {
	b = new([colours][colours][strengths + 1]uint8)
	for _, i := range []int{darkInk, redInk, greyInk} {
		for bg := range colours {
			for s := range strengths + 1 {
				c := mix(palette[bg].(color.RGBA), palette[i].(color.RGBA), s, strengths)
				b[i][bg][s] = uint8(palette.Index(c))
			}
		}
	}
	return b
})

// mix is bg with k/n of fg over it.
func mix(bg, fg color.RGBA, k, n int) color.RGBA {
	m := func(a, b uint8) uint8 { return uint8((int(a)*(n-k) + int(b)*k + n/2) / n) }
	return color.RGBA{m(bg.R, fg.R), m(bg.G, fg.G), m(bg.B, fg.B), 0xff}
}
