package picture

import (
	"testing"

	"github.com/qisai/qisai/internal/i18n"
)

// BenchmarkStandings232 draws every page of a 232-player standings table
// (issue 12: at most 0.5 s), with the glyphs already drawn once, as in a
// running service; png-bytes is the size of all its pages.
func BenchmarkStandings232(b *testing.B) {
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		b.Run(string(lang), func(b *testing.B) {
			p := cjk(b)
			t := standingsTable(232, lang)
			pages, err := p.Draw(t)
			if err != nil {
				b.Fatal(err)
			}
			size := 0
			for _, pg := range pages {
				size += len(pg)
			}
			for b.Loop() {
				if _, err := p.Draw(t); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(size), "png-bytes")
			b.ReportMetric(float64(len(pages)), "pages")
		})
	}
}

// BenchmarkStandings232Cold is the first picture a Painter draws: every
// glyph rasterised anew (the font file already read).
func BenchmarkStandings232Cold(b *testing.B) {
	warm := cjk(b)
	t := standingsTable(232, i18n.Zh)
	for b.Loop() {
		p, err := newPainter(warm.Font, warm.fonts...)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := p.Draw(t); err != nil {
			b.Fatal(err)
		}
	}
}
