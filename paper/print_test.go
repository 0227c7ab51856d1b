package paper

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/chromium"
	"github.com/qisai/qisai/internal/i18n"
)

var update = flag.Bool("update", false, "rewrite the golden screenshots in testdata (look at them before committing)")

// goldenFonts are the faces the golden screenshots are drawn in, pinned by
// the test (pinned): Debian's DejaVu Sans for Latin and Droid Sans
// Fallback for Chinese (scripts/test installs both), whatever other faces
// the machine has.
var goldenFonts = []string{
	"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
	"/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
}

// pinned is doc with its faces pinned to goldenFonts, so that a
// screenshot shows the same glyphs on any machine that has them.
func pinned(doc string) string {
	const style = `<style>
@font-face { font-family: "qisai golden latin"; src: local("DejaVu Sans"); }
@font-face { font-family: "qisai golden cjk"; src: local("Droid Sans Fallback"); }
html, html:lang(zh-CN), .certificate { font-family: "qisai golden latin", "qisai golden cjk" !important; }
</style>
</head>`
	return strings.Replace(doc, "</head>", style, 1)
}

// printable writes a document to a file for Chromium, returning its URL.
func printable(t *testing.T, doc string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "paper.html")
	if err := os.WriteFile(path, []byte(pinned(doc)), 0o644); err != nil {
		t.Fatal(err)
	}
	return "file://" + path
}

// a4 is A4 in points, upright.
var a4Points = [2]float64{595, 842}

// orientation says how a page of size s stands: "portrait", "landscape",
// or "not A4".
func orientation(s [2]float64) string {
	near := func(a, b float64) bool { return a > b-2 && a < b+2 }
	switch {
	case near(s[0], a4Points[0]) && near(s[1], a4Points[1]):
		return "portrait"
	case near(s[0], a4Points[1]) && near(s[1], a4Points[0]):
		return "landscape"
	}
	return "not A4"
}

// TestPrintPDF prints the documents in headless Chromium: the programme
// and the booklet on A4 upright but for the crosstable, on its own
// landscape page; the certificates one a landscape page each.
func TestPrintPDF(t *testing.T) {
	br := chromium.Find(t)
	e := swiss(t, 10, 5, 5)
	p := Of(e, i18n.Zh, details(i18n.Zh))
	for _, tt := range []struct {
		name  string
		write func(io.Writer, Papers) error
		// want is each page's orientation; "" in it stands for any number
		// of upright pages.
		want []string
	}{
		{"programme", Programme, []string{"portrait", "portrait", "portrait", "portrait"}},
		{"booklet", Booklet, []string{"portrait", "portrait", "landscape", "portrait", ""}},
		{"certificates", CertificatesHTML, []string{"landscape", "landscape", "landscape"}},
	} {
		pdf := br.PDF(t, printable(t, render(t, tt.write, p)))
		sizes := chromium.PageSizes(pdf)
		if n := chromium.Pages(t, pdf); n != len(sizes) {
			t.Fatalf("%s: %d pages, %d page sizes", tt.name, n, len(sizes))
		}
		var got []string
		for _, s := range sizes {
			got = append(got, orientation(s))
		}
		if !matches(got, tt.want) {
			t.Errorf("%s: pages %q, want %q", tt.name, got, tt.want)
		}
	}
}

// matches reports whether pages are as want says, "" in want standing for
// any number of upright pages (none included).
func matches(pages, want []string) bool {
	if len(want) == 0 {
		return len(pages) == 0
	}
	if want[0] == "" {
		for i := 0; i <= len(pages); i++ {
			if matches(pages[i:], want[1:]) {
				return true
			}
			if i < len(pages) && pages[i] != "portrait" {
				return false
			}
		}
		return false
	}
	return len(pages) > 0 && pages[0] == want[0] && matches(pages[1:], want[1:])
}

// TestGoldenScreenshots draws the documents in headless Chromium and
// compares them with the golden screenshots in testdata, within a
// tolerance of the renderer's shading (chromium.Golden): the programme's
// cover and rules, the booklet's prize winners and standings, a
// certificate in each language, a team's certificate.
func TestGoldenScreenshots(t *testing.T) {
	br := chromium.Find(t)
	for _, f := range goldenFonts {
		if _, err := os.Stat(f); err != nil {
			t.Skipf("the golden screenshots are drawn in %s, not installed (apt-get install fonts-dejavu-core fonts-droid-fallback; scripts/test does)", f)
		}
	}
	e := swiss(t, 10, 5, 5)
	for _, tt := range []struct {
		name          string
		lang          i18n.Lang
		write         func(io.Writer, Papers) error
		width, height int
	}{
		{"programme-zh", i18n.Zh, Programme, 850, 2200},
		{"programme-en", i18n.En, Programme, 850, 2200},
		{"booklet-zh", i18n.Zh, Booklet, 850, 2200},
		{"certificate-zh", i18n.Zh, CertificatesHTML, 1180, 860},
		{"certificate-en", i18n.En, CertificatesHTML, 1180, 860},
	} {
		t.Run(tt.name, func(t *testing.T) {
			doc := render(t, tt.write, Of(e, tt.lang, details(tt.lang)))
			br.Golden(t, printable(t, doc), filepath.Join("testdata", tt.name+".png"), tt.width, tt.height, *update)
		})
	}
	// A team's certificate (团体第一名) names its players under the prize.
	t.Run("certificate-team-zh", func(t *testing.T) {
		doc := render(t, CertificatesHTML, Of(teams(t, 3), i18n.Zh, details(i18n.Zh)))
		br.Golden(t, printable(t, doc), filepath.Join("testdata", "certificate-team-zh.png"), 1180, 860, *update)
	})
	// The tolerance still sees one changed digit: a certificate dated a
	// day later.
	if !*update {
		d := details(i18n.Zh)
		d.Issued = "2026年3月3日"
		doc := render(t, CertificatesHTML, Of(e, i18n.Zh, d))
		if far, off := br.Diverges(t, printable(t, doc), filepath.Join("testdata", "certificate-zh.png"), 1180, 860); !far {
			t.Errorf("a certificate dated a day later differs from the golden in %d pixels only: within the tolerance", off)
		}
	}
}
