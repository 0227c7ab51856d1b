package engine

import (
	"strconv"
	"testing"
)

// BenchmarkPairComplete runs the completeness step alone (R-SW-9:
// pairComplete, with the round's history read it needs) on round 11 of the
// red-wins field (BenchmarkPairRedWins), where the score groups cannot
// pair everybody: the graph of allowed pairs, its perfect matching and the
// steer through it, R-SW-12 given up at 10,000 players.
func BenchmarkPairComplete(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			ev := redWinsField(n, 15)
			for range 10 {
				p, err := Pair(ev)
				if err != nil {
					b.Fatal(err)
				}
				playRedWins(b, ev, p)
			}
			b.ReportAllocs()
			for b.Loop() {
				s, err := newSwiss(ev, 11)
				if err != nil {
					b.Fatal(err)
				}
				if _, _, err := s.pairComplete(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
