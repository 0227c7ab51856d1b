package picture

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// The brackets the tests draw: knockouts and double eliminations of a few
// sizes, part played by a fixed rule so that every kind of match shows (a
// winner, a tie-break, a match under way, one waiting for its players).

// bracketCase is a bracket to draw: its engine form, the matches to play.
type bracketCase struct {
	double bool
	n      int
	lots   bool // seeded by lots (seed 000's nine players: 抽签)
	played int  // how many matches, in order, are played
	format engine.MatchFormat
}

var bracketCases = map[string]bracketCase{
	"8":      {n: 8, played: 5, format: engine.BestOfThree},
	"9":      {double: true, n: 9, lots: true, played: 18, format: engine.OneGame},
	"12":     {n: 12, played: 9, format: engine.MatchFormat{Games: 2, Tie: []engine.TieRule{engine.TieArmageddon}}},
	"64":     {n: 64, played: 50, format: engine.OneGame},
	"64d":    {double: true, n: 64, played: 100, format: engine.OneGame},
	"512d":   {double: true, n: 512, played: 700, format: engine.OneGame},
	"8place": {n: 8, played: 10, format: engine.OneGame},
}

// build makes the case's bracket and plays its first matches: the lower
// number wins, except every third match, an upset, and every fifth starts
// with a draw (a tie-break follows, or the next game).
func (c bracketCase) build(t testing.TB) *engine.Bracket {
	t.Helper()
	ids := make([]int, c.n)
	players := make([]engine.Player, c.n)
	for i := range ids {
		ids[i] = i + 1
		players[i] = engine.Player{ID: i + 1, Name: fmt.Sprint(i + 1)}
	}
	if c.lots {
		ids = engine.SeedOrder(players, engine.SeedByLots, 0)
	}
	var b *engine.Bracket
	if c.double {
		b = engine.DoubleKnockout(ids, engine.DoubleSettings{Format: c.format, Reset: true})
	} else {
		b = engine.Knockout(ids, engine.KnockoutSettings{Format: c.format, ThirdPlace: true, Playoffs: c.n == 8})
	}
	played := 0
	for id := 1; id <= len(b.Matches) && played < c.played; id++ {
		for game := 0; ; game++ {
			o := b.Outcomes()[id-1]
			if o.Decided || o.Players[0] <= 0 || o.Players[1] <= 0 {
				break
			}
			if id == c.played && game > 0 {
				break // the last one is under way
			}
			winner := min(o.Players[0], o.Players[1])
			if id%3 == 0 {
				winner = max(o.Players[0], o.Players[1])
			}
			res := engine.RedWin
			if o.Next.Red != winner {
				res = engine.BlackWin
			}
			if id%5 == 0 && game == 0 {
				res = engine.Draw
			}
			if err := b.Play(id, engine.MatchGame{Red: o.Next.Red, Black: o.Next.Black, Result: res}); err != nil {
				t.Fatal(err)
			}
		}
		if len(b.Matches[id-1].Games) > 0 {
			played++
		}
	}
	return b
}

func (c bracketCase) sheet(t testing.TB, lang i18n.Lang) sheet.Bracket {
	return sheet.BracketOf(c.build(t), func(i int) string { return name(i, lang) }, lang)
}

func TestLookBracket(t *testing.T) {
	if *out == "" {
		t.Skip("-out DIR writes the pictures")
	}
	p := cjk(t)
	for name, c := range bracketCases {
		for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
			pages, err := p.Bracket(c.sheet(t, lang))
			if err != nil {
				t.Fatal(err)
			}
			for i, b := range pages {
				if err := os.WriteFile(filepath.Join(*out, fmt.Sprintf("bracket%s-%s-%d.png", name, lang, i+1)), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// The bracket's golden pictures, drawn in the golden font as TestGolden's:
// a knockout with its places' matches, and seed 000's nine players drawn
// by lots into a double elimination.
func TestBracketGolden(t *testing.T) {
	p := goldenPainter(t)
	for _, g := range []struct {
		name string
		lang i18n.Lang
	}{{"8place", i18n.Zh}, {"9", i18n.En}, {"9", i18n.Zh}, {"12", i18n.Zh}} {
		pages, err := p.Bracket(bracketCases[g.name].sheet(t, g.lang))
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range pages {
			path := filepath.Join("testdata", fmt.Sprintf("bracket%s-%s-%d.png", g.name, g.lang, i+1))
			golden(t, path, b)
		}
	}
}

// The same bracket gives the same bytes; one more game played changes the
// picture beyond the goldens' tolerance.
func TestBracketSameBytesAndChanges(t *testing.T) {
	p := cjk(t)
	c := bracketCases["8"]
	first, err := p.Bracket(c.sheet(t, i18n.Zh))
	if err != nil {
		t.Fatal(err)
	}
	again, err := p.Bracket(c.sheet(t, i18n.Zh))
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != 1 || !bytes.Equal(first[0], again[0]) {
		t.Fatalf("%d pages; the same bracket drew different bytes", len(first))
	}
	c.played++
	more, err := p.Bracket(c.sheet(t, i18n.Zh))
	if err != nil {
		t.Fatal(err)
	}
	if off, _ := differ(decode(t, first[0]), decode(t, more[0])); off <= pixelSlack {
		t.Errorf("a game more changes %d pixels only", off)
	}
}

// Every page of the largest brackets is a photo Telegram takes (width +
// height ≤ 10,000, neither side more than 20 times the other, 10 MB).
// The 512 players' pages are measured, not drawn (that takes long under
// the race detector); their English names are the wider.
func TestBracketPhotoLimits(t *testing.T) {
	p := cjk(t)
	within := func(what string, w, h, size int) {
		if w+h > 10000 || w > 20*h || h > 20*w || size > 10<<20 {
			t.Errorf("%s: %d×%d, %d bytes", what, w, h, size)
		}
	}
	for _, c := range []struct {
		name string
		lang i18n.Lang
	}{{"64", i18n.Zh}, {"64", i18n.En}, {"64d", i18n.Zh}, {"64d", i18n.En}} {
		pages, err := p.Bracket(bracketCases[c.name].sheet(t, c.lang))
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range pages {
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			within(fmt.Sprintf("%s %s page %d", c.name, c.lang, i+1), cfg.Width, cfg.Height, len(b))
		}
	}
	br := bracketCases["512d"].sheet(t, i18n.En)
	l := p.bracketLayout(&br)
	for i := range l.pages {
		r := l.pageRect(i)
		within(fmt.Sprintf("512d page %d", i+1), r.Dx(), r.Dy(), 0)
	}
}

// The layout places every match but the byes once; a column's matches
// never overlap; a line runs from left to right; a page's column holds at
// most 32 matches, and a part on more than one page is marked continued
// after the first.
func TestBracketLayout(t *testing.T) {
	p := cjk(t)
	for _, c := range []struct {
		name  string
		pages int
	}{{"8", 1}, {"9", 1}, {"12", 1}, {"64", 1}, {"64d", 2}, {"512d", 13}} {
		br := bracketCases[c.name].sheet(t, i18n.En)
		l := p.bracketLayout(&br)
		if len(l.pages) != c.pages {
			t.Errorf("%s: %d pages, want %d", c.name, len(l.pages), c.pages)
		}
		drawn := map[int]int{}
		seen := map[*sheet.BracketPart]bool{}
		for _, page := range l.pages {
			for _, pc := range page {
				if pc.continued != seen[pc.part] {
					t.Errorf("%s %s: continued %v", c.name, pc.part.Title, pc.continued)
				}
				seen[pc.part] = true
				cols := map[int][]float64{}
				col := map[int]int{}
				for _, bx := range pc.boxes {
					drawn[bx.m.ID]++
					cols[bx.col] = append(cols[bx.col], bx.y)
					col[bx.m.ID] = bx.col
				}
				for k, ys := range cols {
					if len(ys) > pageUnits {
						t.Errorf("%s: %d matches in a column", c.name, len(ys))
					}
					for i := 1; i < len(ys); i++ {
						if ys[i] < ys[i-1]+1 {
							t.Errorf("%s %s column %d: rows %v overlap", c.name, pc.part.Title, k, ys)
						}
					}
				}
				for _, bx := range pc.boxes {
					for _, s := range bx.m.Sides {
						if from, ok := col[s.From]; ok && from >= bx.col {
							t.Errorf("%s: M%d comes from M%d in column %d, not to its left", c.name, bx.m.ID, s.From, from)
						}
					}
				}
			}
		}
		fed := map[int]bool{}
		for _, part := range br.Parts {
			for _, rd := range part.Rounds {
				for _, m := range rd.Matches {
					for _, s := range m.Sides {
						fed[s.From] = true
					}
				}
			}
		}
		for _, part := range br.Parts {
			for _, rd := range part.Rounds {
				for i := range rd.Matches {
					m := &rd.Matches[i]
					want := 1
					if hidden(m, fed) {
						want = 0
					}
					if drawn[m.ID] != want {
						t.Errorf("%s: M%d drawn %d times, want %d", c.name, m.ID, drawn[m.ID], want)
					}
				}
			}
		}
	}
}

// A bye is left out: its player stands in the next round (the nine
// players' winners' bracket has one first-round match).
func TestBracketHidesByes(t *testing.T) {
	p := cjk(t)
	br := bracketCases["9"].sheet(t, i18n.Zh)
	l := p.bracketLayout(&br)
	first := 0
	for _, bx := range l.pages[0][0].boxes {
		if bx.col == 0 {
			first++
			if bx.m.Bye {
				t.Errorf("M%d, a bye, is drawn", bx.m.ID)
			}
		}
	}
	if first != 1 {
		t.Errorf("%d matches in the first column, want 1", first)
	}
}

// BenchmarkBracket512 draws every page of a 512-player double
// elimination, part played (the glyphs drawn once already, as in a running
// service).
func BenchmarkBracket512(b *testing.B) {
	p := cjk(b)
	br := bracketCases["512d"].sheet(b, i18n.Zh)
	pages, err := p.Bracket(br)
	if err != nil {
		b.Fatal(err)
	}
	size := 0
	for _, pg := range pages {
		size += len(pg)
	}
	for b.Loop() {
		if _, err := p.Bracket(br); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(size), "png-bytes")
	b.ReportMetric(float64(len(pages)), "pages")
}
