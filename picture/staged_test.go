package picture

import (
	"bytes"
	"fmt"
	"image/png"
	"path/filepath"
	"testing"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/stagedfixture"
	"github.com/qisai/qisai/sheet"
)

// stagedCases are the staged events the views' tests share, as the
// tables /bracket picture draws.
var stagedCases = map[string]func(i18n.Lang) []sheet.Table{
	"groups-knockout": stagedfixture.GroupsKnockout,
	"groups-places":   stagedfixture.GroupsPlaces,
	"team-knockout":   func(l i18n.Lang) []sheet.Table { return []sheet.Table{stagedfixture.TeamKnockout(l)} },
}

// R-F-3, R-F-7, §11.1: the groups go side by side on one picture and the
// bracket on the next; a team knockout is its bracket alone.
func TestStagedPages(t *testing.T) {
	p := cjk(t)
	for name, want := range map[string]int{"groups-knockout": 2, "groups-places": 2, "team-knockout": 1} {
		pages, err := p.Staged(stagedCases[name](i18n.Zh))
		if err != nil {
			t.Fatal(err)
		}
		if len(pages) != want {
			t.Errorf("%s: %d pictures, want %d", name, len(pages), want)
		}
	}
	// A run of groups too many for one picture goes on the next.
	var many []sheet.Table
	for range 12 {
		many = append(many, stagedfixture.GroupsKnockout(i18n.Zh)[:2]...)
	}
	pages, err := p.Staged(many)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 2 {
		t.Errorf("24 groups drawn on %d picture, want more", len(pages))
	}
	for i, b := range pages {
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if w, h := cfg.Width, cfg.Height; w+h > 10000 || w > 20*h || h > 20*w {
			t.Errorf("24 groups' picture %d is %d×%d: not a photo Telegram takes", i+1, w, h)
		}
	}
}

// The staged events' golden pictures, drawn in the golden font as
// TestGolden's.
func TestStagedGolden(t *testing.T) {
	p := goldenPainter(t)
	for _, g := range []struct {
		name string
		lang i18n.Lang
	}{{"groups-knockout", i18n.Zh}, {"groups-places", i18n.En}, {"team-knockout", i18n.Zh}, {"team-knockout", i18n.En}} {
		pages, err := p.Staged(stagedCases[g.name](g.lang))
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range pages {
			golden(t, filepath.Join("testdata", fmt.Sprintf("staged-%s-%s-%d.png", g.name, g.lang, i+1)), b)
		}
	}
}

// BenchmarkStaged draws groups → knockout (two groups side by side, the
// bracket) as /bracket picture does, the glyphs drawn once already.
func BenchmarkStaged(b *testing.B) {
	p := cjk(b)
	tables := stagedfixture.GroupsKnockout(i18n.Zh)
	for b.Loop() {
		if _, err := p.Staged(tables); err != nil {
			b.Fatal(err)
		}
	}
}
