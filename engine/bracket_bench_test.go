package engine

import (
	"math/rand/v2"
	"testing"
)

// playRounds plays every match that is ready, pass after pass, as an
// arbiter enters a round's results, with random winners.
func playRounds(b testing.TB, br *Bracket, r *rand.Rand) {
	for {
		out := br.Outcomes()
		played := false
		for i, o := range out {
			if o.Decided || o.Players[0] == UnknownPlayer || o.Players[1] == UnknownPlayer {
				continue
			}
			g := MatchGame{Red: o.Next.Red, Black: o.Next.Black, Result: []Result{RedWin, BlackWin, Draw}[r.IntN(3)]}
			if err := br.Play(i+1, g); err != nil {
				b.Fatal(err)
			}
			played = true
		}
		if !played {
			return
		}
	}
}

// A 4,096-player double elimination built and played with random results.
func BenchmarkDoubleKnockout4096(b *testing.B) {
	entrants := seedList(4096)
	for i := 0; b.Loop(); i++ {
		br := DoubleKnockout(entrants, DoubleSettings{Format: OneGame, Reset: true, Seed: uint64(i)})
		playRounds(b, br, rand.New(rand.NewPCG(uint64(i), 1)))
		if len(br.Ranking()) != 4096 {
			b.Fatal("not everyone placed")
		}
	}
}

// The knockout draw of a 12 × 4 groups stage: the groups, their winners,
// group 1 v group 7.
func BenchmarkGroupsDraw12x4(b *testing.B) {
	s := rrSettings()
	pools := Groups(seedList(48), 12, DrawnGroups, s)
	for _, p := range pools {
		playFieldLowerWins(b, p)
	}
	for b.Loop() {
		ko := KnockoutOf(GroupSlots(12, 1, GroupHalves), pools, KnockoutSettings{Draw: DrawAdjacent, Rounds: 1})
		if o := ko.Outcomes(); len(o) != 6 || o[0].Players[0] == UnknownPlayer {
			b.Fatal("the draw is not known")
		}
	}
}

// The standings of a 12 × 4 groups stage, every group played.
func BenchmarkGroupsStandings12x4(b *testing.B) {
	pools := Groups(seedList(48), 12, Snake, rrSettings())
	for _, p := range pools {
		playFieldLowerWins(b, p)
	}
	for b.Loop() {
		for _, p := range pools {
			if len(p.Ranking()) != 4 {
				b.Fatal("group without 4")
			}
		}
	}
}
