package picture

import (
	"bytes"
	"testing"

	"github.com/qisai/qisai/internal/i18n"
)

// TestDrawPages: the pages drawn alone are the pages Draw draws, each
// numbered among all of them, and Pages says how they are cut; a page
// beyond the last is refused.
func TestDrawPages(t *testing.T) {
	p := cjk(t)
	tab := standingsTable(232, i18n.Zh)
	all, err := p.Draw(tab)
	if err != nil {
		t.Fatal(err)
	}
	if spans := p.Pages(tab); len(spans) != len(all) || spans[len(spans)-1][1] != 232 {
		t.Fatalf("Pages %v for %d pages of 232 rows", spans, len(all))
	}
	some, err := p.DrawPages(tab, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(some) != 2 || !bytes.Equal(some[0], all[0]) || !bytes.Equal(some[1], all[5]) {
		t.Errorf("pages 1 and 6 drawn alone differ from Draw's")
	}
	if _, err := p.DrawPages(tab, len(all)); err == nil {
		t.Errorf("page %d of %d drawn", len(all)+1, len(all))
	}
}
