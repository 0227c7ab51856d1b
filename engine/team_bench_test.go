package engine

import (
	"math/rand/v2"
	"testing"
)

// benchTeamSwiss is a team Swiss of 200 teams of six boards (one reserve
// each, 临时定台) with `played` rounds of seeded random results.
func benchTeamSwiss(tb testing.TB, played int) *TeamEvent {
	s := DefaultTeamSettings(9, 6)
	s.Reserves, s.Lineup = 1, FreeLineup
	ev := teamEvent(200, 7, s)
	rng := rand.New(rand.NewPCG(200, 6))
	for i := range ev.Players {
		ev.Players[i].Rating = 1600 + rng.IntN(900)
	}
	for range played {
		if _, ok := playRandomRound(tb, rng, ev); !ok {
			tb.Fatalf("round %d not paired", len(ev.Rounds)+1)
		}
	}
	return ev
}

// BenchmarkTeamSwissRound pairs round 6 of a 200-team, 6-board Swiss and
// lays out its 600 boards from the line-ups: the work a round's start does.
func BenchmarkTeamSwissRound(b *testing.B) {
	ev := benchTeamSwiss(b, 5)
	lineups := make([][]int, len(ev.Teams)+1)
	for _, t := range ev.Teams {
		lineups[t.ID] = ev.Regulars(t.ID)
	}
	for b.Loop() {
		ev.Rounds = ev.Rounds[:5]
		p, err := PairTeams(ev)
		if err != nil {
			b.Fatal(err)
		}
		if err := AddTeamRound(ev, p); err != nil {
			b.Fatal(err)
		}
		for _, m := range ev.Rounds[5].Matches {
			if err := ev.SetLineups(6, m.Number, lineups[m.First], lineups[m.Second]); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkTeamStandings ranks the 200 teams after nine rounds by R-T-5
// (teams), and every board's players (boards).
func BenchmarkTeamStandings(b *testing.B) {
	ev := benchTeamSwiss(b, 9)
	b.Run("teams", func(b *testing.B) {
		for b.Loop() {
			if rows := TeamStandings(ev); len(rows) != 200 {
				b.Fatalf("%d rows", len(rows))
			}
		}
	})
	b.Run("boards", func(b *testing.B) {
		for b.Loop() {
			if boards := BoardStandings(ev); len(boards) != 6 {
				b.Fatalf("%d boards", len(boards))
			}
		}
	})
}
