package page

import (
	"bytes"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/i18n"
)

// TestSections: other printed documents get the tables as the printed
// file lays them out — a section a table, the headings in full, no links,
// every text escaped — and the shared style.
func TestSections(t *testing.T) {
	p := handMade(9, 5, i18n.Zh)
	p.Tables[1].Columns[0].Full = "名次（并列时以=标出）"
	p.Tables[1].Rows[0][1].Text = `<b>王</b>`
	var b bytes.Buffer
	if err := Sections(&b, p.Tables); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	if n := strings.Count(got, `<section class="t `); n != len(p.Tables) {
		t.Errorf("%d sections for %d tables", n, len(p.Tables))
	}
	for _, want := range []string{`id="pairings"`, `id="standings"`, `id="crosstable"`, "名次（并列时以=标出）", "&lt;b&gt;王&lt;/b&gt;"} {
		if !strings.Contains(got, want) {
			t.Errorf("the sections lack %s", want)
		}
	}
	if strings.Contains(got, "<a ") || strings.Contains(got, "<b>") {
		t.Error("the sections have a link or unescaped markup")
	}
	if !strings.Contains(BaseCSS(), "font-family") {
		t.Error("BaseCSS has no type")
	}
}
