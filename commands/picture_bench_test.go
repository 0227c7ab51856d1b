package commands

import (
	"testing"

	"github.com/qisai/qisai/internal/testpainter"
)

// BenchmarkStandingsPicture232 answers /standings picture in a 232-player
// event after 3 rounds: the sheet, its 7 pages drawn, and the outbox's
// messages stored (the pages after the first).
func BenchmarkStandingsPicture232(b *testing.B) {
	h := newHarness(b)
	h.withPainter(testpainter.Open(b))
	swissOf(b, h, field(232), 3, results)
	for b.Loop() {
		if r := h.say("li", "/standings picture"); r == "" {
			b.Fatal("no reply")
		}
		h.outbox()
	}
}
