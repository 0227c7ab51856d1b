package picture

import (
	"bytes"
	"errors"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/image/font/gofont/goregular"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

var fontFlag = flag.String("font", "", "the CJK font the tests draw with (default: the system's)")

// cjk is a Painter with the system's CJK font, or -font's; the test skips
// without one.
func cjk(t testing.TB) *Painter {
	t.Helper()
	p, err := Open(*fontFlag)
	if errors.Is(err, ErrNoFont) {
		t.Skipf("no CJK font installed (scripts/test installs fonts-droid-fallback): %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func lookTables() map[string]sheet.Table {
	return map[string]sheet.Table{
		"standings9-zh":   standingsTable(9, i18n.Zh),
		"standings9-en":   standingsTable(9, i18n.En),
		"standings232-zh": standingsTable(232, i18n.Zh),
		"standings232-en": standingsTable(232, i18n.En),
		"pairings-zh":     pairingsTable(12, i18n.Zh),
		"pairings-en":     pairingsTable(12, i18n.En),
		"crosstable-zh":   crosstableTable(20, 11, i18n.Zh),
		"crosstable-en":   crosstableTable(20, 11, i18n.En),
	}
}

func draw(t *testing.T, p *Painter, tab sheet.Table) []*image.Paletted {
	t.Helper()
	pages, err := p.Draw(tab)
	if err != nil {
		t.Fatal(err)
	}
	imgs := make([]*image.Paletted, len(pages))
	for i, b := range pages {
		imgs[i] = decode(t, b)
	}
	return imgs
}

func decode(t testing.TB, b []byte) *image.Paletted {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	p, ok := img.(*image.Paletted)
	if !ok {
		t.Fatalf("a %T, not a paletted picture", img)
	}
	return p
}

// inked is the bounds of the pixels of img in r that are text, not page,
// rows or rules.
func inked(img *image.Paletted, r image.Rectangle) image.Rectangle {
	var box image.Rectangle
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.ColorIndexAt(x, y) >= darkInk {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// rowTop is where row r of a page of a table with a note of notes lines
// begins.
func rowTop(notes, r int) int {
	return margin + titleH + notes*lineH + gap + headH + r*rowH
}

func TestSameTableSameBytes(t *testing.T) {
	p := cjk(t)
	tables := lookTables()
	want := map[string][][]byte{}
	for name, tab := range tables {
		pages, err := p.Draw(tab)
		if err != nil {
			t.Fatal(err)
		}
		want[name] = pages
	}
	// Again, on one Painter from several goroutines (go test -race
	// checks the glyph cache), and on a fresh one that draws every glyph
	// anew.
	fresh := cjk(t)
	var wg sync.WaitGroup
	for name, tab := range tables {
		for _, painter := range []*Painter{p, p, fresh} {
			wg.Go(func() {
				pages, err := painter.Draw(tab)
				if err != nil {
					t.Error(err)
					return
				}
				if len(pages) != len(want[name]) {
					t.Errorf("%s: %d pages, then %d", name, len(want[name]), len(pages))
					return
				}
				for i := range pages {
					if !bytes.Equal(pages[i], want[name][i]) {
						t.Errorf("%s page %d: other bytes the second time", name, i+1)
					}
				}
			})
		}
	}
	wg.Wait()
}

func TestChangedCellChangesItsRow(t *testing.T) {
	p := cjk(t)
	tab := pairingsTable(12, i18n.Zh)
	before := draw(t, p, tab)[0]
	tab.Rows[3][3] = sheet.Cell{Text: "1-0"} // board 4's result, pending before
	after := draw(t, p, tab)[0]
	if before.Rect != after.Rect {
		t.Fatalf("the picture changed size: %v, then %v", before.Rect, after.Rect)
	}
	var changed image.Rectangle
	for y := range before.Rect.Dy() {
		for x := range before.Rect.Dx() {
			if before.ColorIndexAt(x, y) != after.ColorIndexAt(x, y) {
				changed = changed.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	row := image.Rect(0, rowTop(1, 3), before.Rect.Dx(), rowTop(1, 4))
	if changed.Empty() || !changed.In(row) {
		t.Errorf("changing board 4's result changed %v; want pixels changed, all in its row %v", changed, row)
	}
}

// TestChineseIsDrawn: with a font that has no Chinese (the Go font) every
// character is the same box, so two different characters draw the same
// pixels; with the CJK font they differ, and each has ink.
func TestChineseIsDrawn(t *testing.T) {
	goOnly, err := newPainter("Go", gofont())
	if err != nil {
		t.Fatal(err)
	}
	tab := sheet.Table{Title: "T", Columns: []sheet.Column{{Title: "N"}, {Title: "N"}}, Rows: [][]sheet.Cell{{{Text: "王"}, {Text: "棋"}}}}
	cells := func(p *Painter) (a, b *image.Paletted) {
		img := draw(t, p, tab)[0]
		w := p.layout(tab).widths[0] // both columns are as wide
		crop := func(c int) *image.Paletted {
			return img.SubImage(image.Rect(margin+c*w, rowTop(0, 0), margin+(c+1)*w, rowTop(0, 1))).(*image.Paletted)
		}
		return crop(0), crop(1)
	}
	same := func(a, b *image.Paletted) bool {
		for y := range rowH {
			for x := range a.Rect.Dx() {
				if a.ColorIndexAt(a.Rect.Min.X+x, a.Rect.Min.Y+y) != b.ColorIndexAt(b.Rect.Min.X+x, b.Rect.Min.Y+y) {
					return false
				}
			}
		}
		return true
	}
	a, b := cells(goOnly)
	if !same(a, b) || inked(a, a.Rect).Empty() {
		t.Fatal("the Go font should draw 王 and 棋 as the same box: the check below would not see boxes")
	}
	p := cjk(t)
	a, b = cells(p)
	if same(a, b) {
		t.Errorf("%s draws 王 and 棋 alike: boxes, not characters", p.Font)
	}
	for i, c := range []*image.Paletted{a, b} {
		if box := inked(c, c.Rect); box.Dx() < 12 || box.Dy() < 12 {
			t.Errorf("%s: character %d has ink in %v only", p.Font, i+1, box)
		}
	}
}

// TestPhotoLimits: every page of a 232-player table, and of a crosstable
// of 40 rounds and two players, is a photo Telegram takes (width + height
// ≤ 10,000, ratio ≤ 20, 10 MB), of at most 36 rows, in the palette's colours.
func TestPhotoLimits(t *testing.T) {
	p := cjk(t)
	for name, tab := range map[string]sheet.Table{
		"standings 232": standingsTable(232, i18n.Zh),
		"crosstable 40": crosstableTable(2, 40, i18n.En),
	} {
		pages, err := p.Draw(tab)
		if err != nil {
			t.Fatal(err)
		}
		rows := 0
		for i, b := range pages {
			img := decode(t, b)
			w, h := img.Rect.Dx(), img.Rect.Dy()
			if w+h > 10000 || w > 20*h || h > 20*w || len(b) > 10<<20 || len(img.Palette) > colours {
				t.Errorf("%s page %d: %d×%d, %d bytes, %d colours", name, i+1, w, h, len(b), len(img.Palette))
			}
		}
		l := p.layout(tab)
		for _, pg := range l.pages {
			if n := pg[1] - pg[0]; n > pageRows || n < pageRows/2 && len(l.pages) > 1 {
				t.Errorf("%s: a page of %d rows", name, n)
			}
			rows += pg[1] - pg[0]
		}
		if rows != len(tab.Rows) || len(l.pages) != len(pages) {
			t.Errorf("%s: %d pictures of %d rows in all, for %d rows", name, len(pages), rows, len(tab.Rows))
		}
	}
}

func TestPages(t *testing.T) {
	p := cjk(t)
	for _, c := range []struct {
		rows  int
		pages []int
	}{
		{0, []int{0}}, {9, []int{9}}, {36, []int{36}}, {37, []int{19, 18}}, {232, []int{34, 34, 34, 34, 34, 34, 28}},
	} {
		var got []int
		for _, pg := range p.layout(standingsTable(c.rows, i18n.En)).pages {
			got = append(got, pg[1]-pg[0])
		}
		if !equal(got, c.pages) {
			t.Errorf("%d rows: pages of %v, want %v", c.rows, got, c.pages)
		}
	}
	// The heading row and the title with its page number are on every page.
	imgs := draw(t, p, standingsTable(40, i18n.Zh))
	for i, img := range imgs {
		top := rowTop(1, 0) - headH
		if img.ColorIndexAt(margin+1, top+1) != heading {
			t.Errorf("page %d has no heading row at %d", i+1, top)
		}
		number := image.Rect(img.Rect.Dx()/2, margin, img.Rect.Dx(), margin+titleH)
		if inked(img, number).Empty() {
			t.Errorf("page %d has no page number", i+1)
		}
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestShrinkColumn(t *testing.T) {
	p := cjk(t)
	tab := standingsTable(9, i18n.Zh)
	tab.Rows[2][2].Text = strings.Repeat("很长的名字", 30)
	l := p.layout(tab)
	if l.tableW > maxTableW {
		t.Errorf("a table %d wide, more than %d", l.tableW, maxTableW)
	}
	if got := p.fit(tab.Rows[2][2].Text, textStyle, l.widths[2]-2*cellPad); !strings.HasSuffix(got, "…") || p.width(got, textStyle) > l.widths[2]-2*cellPad {
		t.Errorf("the long name is drawn as %q", got)
	}
}

func TestAlignAndTone(t *testing.T) {
	p := cjk(t)
	rows := [][]sheet.Cell{{{Text: "8"}}, {{Text: "8888"}}}
	for _, c := range []struct {
		align sheet.Align
		edge  func(r image.Rectangle) int
	}{
		{sheet.Left, func(r image.Rectangle) int { return r.Min.X }},
		{sheet.Right, func(r image.Rectangle) int { return r.Max.X }},
		{sheet.Center, func(r image.Rectangle) int { return (r.Min.X + r.Max.X) / 2 }},
	} {
		img := draw(t, p, sheet.Table{Columns: []sheet.Column{{Title: "WWWWWWWWWW", Align: c.align}}, Rows: rows})[0]
		a := inked(img, image.Rect(0, rowTop(0, 0), img.Rect.Dx(), rowTop(0, 1)))
		b := inked(img, image.Rect(0, rowTop(0, 1), img.Rect.Dx(), rowTop(0, 2)))
		if d := c.edge(a) - c.edge(b); d < -2 || d > 2 {
			t.Errorf("align %d: the cells' ink at %v and %v", c.align, a, b)
		}
	}

	tones := []sheet.Tone{sheet.Plain, sheet.Red, sheet.Muted, sheet.Strong}
	var row []sheet.Cell
	var cols []sheet.Column
	for _, tone := range tones {
		row = append(row, sheet.Cell{Text: "王88", Tone: tone})
		cols = append(cols, sheet.Column{Title: "X"})
	}
	img := draw(t, p, sheet.Table{Columns: cols, Rows: [][]sheet.Cell{row}})[0]
	l := p.layout(sheet.Table{Columns: cols, Rows: [][]sheet.Cell{row}})
	x := margin
	count := map[sheet.Tone]map[uint8]int{}
	for c, tone := range tones {
		count[tone] = map[uint8]int{}
		for y := rowTop(0, 0); y < rowTop(0, 1); y++ {
			for px := x; px < x+l.widths[c]; px++ {
				count[tone][img.ColorIndexAt(px, y)]++
			}
		}
		x += l.widths[c]
	}
	if count[sheet.Plain][darkInk] == 0 || count[sheet.Plain][redInk]+count[sheet.Plain][greyInk] > 0 {
		t.Errorf("plain: %v", count[sheet.Plain])
	}
	if count[sheet.Red][redInk] == 0 || count[sheet.Red][darkInk] > 0 {
		t.Errorf("red: %v", count[sheet.Red])
	}
	if count[sheet.Muted][greyInk] == 0 || count[sheet.Muted][darkInk] > 0 {
		t.Errorf("muted: %v", count[sheet.Muted])
	}
	if count[sheet.Strong][darkInk] <= count[sheet.Plain][darkInk] {
		t.Errorf("strong is not bolder: %d dark pixels, plain %d", count[sheet.Strong][darkInk], count[sheet.Plain][darkInk])
	}
}

func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	latin := filepath.Join(dir, "goregular.ttf")
	notFont := filepath.Join(dir, "notes.txt")
	for path, data := range map[string][]byte{latin: goregular.TTF, notFont: []byte("not a font")} {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, path := range []string{filepath.Join(dir, "missing.ttf"), latin, notFont} {
		_, err := Open(path)
		if !errors.Is(err, ErrNoFont) {
			t.Errorf("Open(%s): %v, want ErrNoFont", path, err)
			continue
		}
		for _, says := range []string{path, "apt-get install fonts-noto-cjk", "fonts-droid-fallback", "QISAI_FONT=PATH", "请安装中文字体"} {
			if !strings.Contains(err.Error(), says) {
				t.Errorf("Open(%s): %q does not say %q", path, err, says)
			}
		}
	}
}

// TestWrap: the note and footer break after a space in English, between
// characters in Chinese, and never put a closing mark first on a line.
func TestWrap(t *testing.T) {
	p := cjk(t)
	zh := "对手分：所有对手积分之和。累进分（后走局数）、前轮分（倒数轮次分）。"
	for w := 60; w <= 400; w += 5 {
		lines := p.wrap(zh, textStyle, w)
		if got := strings.Join(lines, ""); got != zh {
			t.Errorf("width %d: %q, want every character once", w, lines)
		}
		for _, l := range lines {
			if r := []rune(l)[0]; strings.ContainsRune(closing, r) || p.width(l, textStyle) > w {
				t.Errorf("width %d: the line %q", w, l)
			}
		}
	}
	en := p.wrap("Buchholz: the sum of the opponents' scores.", textStyle, 150)
	for _, l := range en {
		if strings.HasPrefix(l, " ") || strings.HasSuffix(l, " ") || p.width(l, textStyle) > 150 {
			t.Errorf("the line %q of %q", l, en)
		}
	}
	if strings.Join(en, " ") != "Buchholz: the sum of the opponents' scores." || len(en) < 2 {
		t.Errorf("wrapped at spaces as %q", en)
	}
}
