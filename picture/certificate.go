package picture

import (
	"bytes"
	"image"

	"github.com/qisai/qisai/sheet"
)

// The measures of a certificate: an A4 page in landscape at 150 dpi, which
// prints sharp and stays a few hundred kilobytes as a paletted PNG.
const (
	awardW, awardH = 1754, 1240
	frameAt        = 60  // the outer frame's distance from the edge
	frameThick     = 10  // the outer frame's rule
	frameGap       = 14  // between the outer and the inner rule
	frameThin      = 3   // the inner frame's rule
	awardSide      = 250 // the text's distance from the left and right edges
	titleBase      = 330 // the title's baseline
	awardLine      = 76  // a line of text, baseline to baseline
)

// Certificate draws c as a PNG picture of an A4 page in landscape (1754 ×
// 1240 pixels, 150 dpi): a red double frame, the title large and red, the
// recipient, the body, the prize in red (a team's players under it), the
// closing line, then the issuer and the date at the right. A Chinese
// certificate (c.Salutation) sets the recipient at the left as a letter's
// salutation and indents the body and the closing by two characters;
// otherwise every line is centred. A line wider than the page wraps. The same certificate gives
// the same bytes.
func (p *Painter) Certificate(c sheet.Certificate) ([]byte, error) {
	img := image.NewPaletted(image.Rect(0, 0, awardW, awardH), palette)
	frame(img, frameAt, frameThick)
	frame(img, frameAt+frameThick+frameGap, frameThin)

	text := style{awardText, false}
	width := awardW - 2*awardSide
	centred := func(y int, s string, st style, in ink) {
		p.draw(img, (awardW-p.width(s, st))/2, y, s, st, in)
	}
	title := style{awardTitle, true}
	centred(titleBase, c.Title, title, redInk)

	y := titleBase + 150
	// lines draws s wrapped at the text's width, from y on: at the left,
	// the first line indented, for a Chinese certificate; else centred.
	lines := func(s string, indent bool) {
		pad := 0
		if indent {
			pad = 2 * p.width("国", text) // two characters, as Chinese paragraphs begin
		}
		for i, line := range p.wrap(s, text, width-pad) {
			switch {
			case !c.Salutation:
				centred(y, line, text, darkInk)
			case i == 0:
				p.draw(img, awardSide+pad, y, line, text, darkInk)
			default:
				p.draw(img, awardSide, y, line, text, darkInk)
			}
			y += awardLine
		}
	}
	lines(c.Recipient, false)
	y += awardLine / 3
	lines(c.Body, c.Salutation)
	y += awardLine
	prize := style{awardPrize, true}
	for _, line := range p.wrap(c.Prize, prize, width) {
		centred(y, line, prize, redInk)
		y += awardLine * 3 / 2
	}
	if c.Members != "" { // a team's players, centred under the prize
		y -= awardLine / 3
		for _, line := range p.wrap(c.Members, text, width) {
			centred(y, line, text, darkInk)
			y += awardLine
		}
	} else {
		y += awardLine / 2
	}
	lines(c.Closing, c.Salutation)

	// The issuer and the date stand at the right above the frame's foot,
	// each line right-aligned.
	foot := awardH - frameAt - 110
	for i, s := range []string{c.Date, c.Issuer} {
		p.draw(img, awardW-awardSide-p.width(s, text), foot-i*awardLine, s, text, darkInk)
	}

	var buf bytes.Buffer
	if err := encoder.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// frame paints a rectangle's outline of the given thickness in the award's
// red, at distance at from the picture's edges.
func frame(img *image.Paletted, at, thick int) {
	w, h := img.Rect.Dx()-2*at, img.Rect.Dy()-2*at
	red := uint8(redInk) // the ink at full strength
	fill(img, at, at, w, thick, red)
	fill(img, at, at+h-thick, w, thick, red)
	fill(img, at, at, thick, h, red)
	fill(img, at+w-thick, at, thick, h, red)
}
