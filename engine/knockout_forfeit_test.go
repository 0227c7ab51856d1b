package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// R-F-4, R-T-7: a quarter-final both players forfeit places them after the
// other quarter-finals' losers; with a match for 3rd, a semi-final's
// forfeiting pair comes after its 4th.
func TestDoubleForfeitPlaced_R_F_4_R_T_7(t *testing.T) {
	for _, tt := range []struct {
		name  string
		s     KnockoutSettings
		match int   // the match forfeited by both, 1 v 8 (a quarter-final) or a semi-final
		want  []int // places of entrants 1..8
	}{
		// 1 v 8 forfeited: 4 beats 5, 2 beats 7, 3 beats 6; 4 goes to the
		// final on a bye, where 2 beats him; 3 lost his semi-final to 2.
		// 1 and 8 come after the quarter-finals' three losers.
		{"quarter-final", KnockoutSettings{Format: OneGame}, 1, []int{7, 1, 3, 2, 4, 4, 4, 7}},
		// 1 v 4 forfeited: 2 wins the final on a bye, 3 the match for 3rd
		// (2nd place: nobody lost the final); 1 and 4 after its loser
		// (nobody), before the quarter-finals' losers.
		{"semi-final with 3rd", KnockoutSettings{Format: OneGame, ThirdPlace: true}, 5, []int{3, 1, 2, 3, 5, 5, 5, 5}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := Knockout(seedList(8), tt.s)
			playAll(t, b, func(m, red, black int) Result {
				if m == tt.match {
					return DoubleForfeit
				}
				return lowerWins(m, red, black)
			})
			got := make([]int, 8)
			for _, p := range b.Ranking() {
				got[p.Entrant-1] = p.Place
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("places of 1..8 = %v, want %v (%v)", got, tt.want, b.Ranking())
			}
		})
	}
}

// Property (R-F-4): random single and double eliminations of 2..256 with
// double forfeits among the results place every entrant exactly once, in
// places that follow the ranking's order (R-T-9).
func TestDoubleForfeitsPlaceEveryone_R_F_4(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for trial := range 120 {
		n := 2 + r.IntN(255)
		if trial < 20 {
			n = trial + 2
		}
		var b *Bracket
		if trial%2 == 0 {
			b = Knockout(seedList(n), KnockoutSettings{Format: OneGame, ThirdPlace: r.IntN(2) == 0, Playoffs: r.IntN(2) == 0, Unshared: r.IntN(9), Seed: uint64(trial)})
		} else {
			b = DoubleKnockout(seedList(n), DoubleSettings{Format: OneGame, Reset: r.IntN(2) == 0, Unshared: r.IntN(9), Seed: uint64(trial)})
		}
		results := rand.New(rand.NewPCG(uint64(trial), 13))
		playAll(t, b, func(_, _, _ int) Result {
			return []Result{RedWin, BlackWin, RedWin, BlackWin, RedWin, BlackWin, DoubleForfeit}[results.IntN(7)]
		})
		if !b.Over() {
			t.Fatalf("trial %d, n=%d: not over", trial, n)
		}
		rank := b.Ranking()
		seen := map[int]bool{}
		for i, p := range rank {
			if seen[p.Entrant] || p.Entrant < 1 || p.Entrant > n {
				t.Fatalf("trial %d, n=%d: %d placed twice or unknown: %v", trial, n, p.Entrant, rank)
			}
			seen[p.Entrant] = true
			if p.Place != i+1 && (i == 0 || p.Place != rank[i-1].Place) {
				t.Fatalf("trial %d, n=%d: %dth placed %d: %v", trial, n, i+1, p.Place, rank)
			}
		}
		if len(rank) != n {
			t.Fatalf("trial %d, n=%d: %d placed", trial, n, len(rank))
		}
	}
}
