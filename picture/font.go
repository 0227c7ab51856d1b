// Package picture draws sheet tables as PNG pictures for the chats: pages
// a phone can read, Chinese in a real CJK font, a small palette so that a
// 232-player standings table stays a few hundred kilobytes.
package picture

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
)

// ErrNoFont is the kind of error Open returns when it finds no CJK font it
// can use: errors.Is(err, ErrNoFont).
var ErrNoFont = errors.New("no CJK font 没有中文字体")

// SystemFonts are the files Open tries, in order, when given no path: the
// Debian packages' fonts that golang.org/x/image reads. WenQuanYi's .ttc
// is not among them: its collection's table offsets defeat x/image's sfnt
// (go-text/typesetting reads it, but would bring its own rasteriser).
var SystemFonts = []string{
	"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",         // fonts-noto-cjk
	"/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",      // fonts-droid-fallback (and qisai's Docker image)
	"/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf", // fonts-droid-fallback, the smaller cut
}

// howToInstall ends every ErrNoFont: what to do about it.
const howToInstall = "请安装中文字体 install a CJK font: apt-get install fonts-noto-cjk (或 or fonts-droid-fallback), 或用 or set QISAI_FONT=PATH 指定字体文件 to a font file"

// Open makes a Painter that draws with the CJK font at path (a .ttf, .otf
// or .ttc), or, for path "", with the first of SystemFonts that is
// installed. Latin letters and digits the CJK font lacks (Droid Sans
// Fallback has none) are drawn in the Go font, which is built in.
func Open(path string) (*Painter, error) {
	if path != "" {
		f, err := load(path)
		if err != nil {
			return nil, fmt.Errorf("%w: %v; %s", ErrNoFont, err, howToInstall)
		}
		return newPainter(path, f, gofont())
	}
	var tried []string
	for _, p := range SystemFonts {
		f, err := load(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			tried = append(tried, err.Error())
			continue
		}
		return newPainter(p, f, gofont())
	}
	if len(tried) == 0 {
		tried = append(tried, "none of "+strings.Join(SystemFonts, ", ")+" is installed 均未安装")
	}
	return nil, fmt.Errorf("%w: %s; %s", ErrNoFont, strings.Join(tried, "; "), howToInstall)
}

// gofont is the Go font, drawn for whatever the CJK font lacks; parsed
// when a painter is first made, not when every command of the program
// starts.
var gofont = sync.OnceValue(func() *sfnt.Font {
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		panic(err) // the built-in font
	}
	return f
})

// load reads the font at path. Of a collection it takes the Simplified
// Chinese face (Noto Sans CJK's .ttc holds JP, KR, SC, TC and HK faces
// that share glyphs but map some characters to their own forms). A font
// that has no Chinese is refused: it would draw every name as boxes.
func load(path string) (*sfnt.Font, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	c, err := opentype.ParseCollection(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %v (字体无法读取 not a font qisai can read)", path, err)
	}
	var f *sfnt.Font
	for i := range c.NumFonts() {
		fi, err := c.Font(i)
		if err != nil {
			return nil, fmt.Errorf("%s: face %d: %v (字体无法读取 not a font qisai can read)", path, i, err)
		}
		if f == nil {
			f = fi
		}
		// The proportional SC face comes before the Mono one.
		if name, _ := fi.Name(nil, sfnt.NameIDFull); strings.Contains(name, " SC") {
			f = fi
			break
		}
	}
	if !hasRune(f, '棋') {
		return nil, fmt.Errorf("%s: 字体没有汉字 the font has no Chinese characters", path)
	}
	return f, nil
}

// hasRune says whether f draws r (glyph 0 is the "missing" box).
func hasRune(f *sfnt.Font, r rune) bool {
	var buf sfnt.Buffer
	i, err := f.GlyphIndex(&buf, r)
	return err == nil && i != 0
}
