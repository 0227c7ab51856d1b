package engine

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkStandings10000x15 ranks a 10,000-player event after 15 rounds of
// random (seeded, so repeatable) results. The goal is well under 50 ms.
// "direct-first" puts 直胜 straight after the score, where its tied groups
// are largest: the slowest chain there is.
func BenchmarkStandings10000x15(b *testing.B) {
	chains := []struct {
		name  string
		chain []Tiebreak
	}{
		{"national", DefaultSettings(15).Tiebreaks},
		{"direct-first", []Tiebreak{Direct, SonnebornBerger, Buchholz, Progressive, Wins, Fouls, BlackWins, BlackGames, EarlierRounds, DropRounds, Lots}},
	}
	for _, c := range chains {
		b.Run(c.name, func(b *testing.B) {
			ev := stRandomEvent(rand.New(rand.NewPCG(10000, 15)), 10000, 15)
			ev.Settings.Tiebreaks = c.chain
			for b.Loop() {
				if rows := Standings(ev); len(rows) != 10000 {
					b.Fatalf("%d rows", len(rows))
				}
			}
		})
	}
}
