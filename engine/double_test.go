package engine

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// losses counts each entrant's lost matches (games played, not byes).
func losses(b *Bracket) map[int]int {
	l := map[int]int{}
	for i, o := range b.Outcomes() {
		if o.Loser > 0 && len(b.Matches[i].Games) > 0 {
			l[o.Loser]++
		}
	}
	return l
}

// R-F-4, seed 000: nine players drawn by lots; the champion never lost
// ("未输一局者为冠军，只输一局者为亚军"), a draw replayed until someone wins.
func TestDoubleKnockoutNineByLots_R_F_4(t *testing.T) {
	drawn := SeedOrder(ratedPlayers(9), SeedByLots, 2026)
	b := DoubleKnockout(drawn, DoubleSettings{Format: OneGame, Reset: true})
	playAll(t, b, func(m, red, black int) Result {
		if m%5 == 0 && len(b.Matches[m-1].Games) == 0 {
			return Draw // replayed (加赛)
		}
		return lowerWins(m, red, black)
	})
	rank := b.Ranking()
	if len(rank) != 9 {
		t.Fatalf("%d placed: %v", len(rank), rank)
	}
	l := losses(b)
	if rank[0].Entrant != 1 || l[1] != 0 {
		t.Fatalf("champion %+v with %d losses, want 1 unbeaten", rank[0], l[1])
	}
	// The runner-up was beaten by the champion alone: once in the winners'
	// bracket and once in the grand final. The seed's "只输一局" counts the
	// bracket he came through; his two losses are both to the champion.
	for i, o := range b.Outcomes() {
		if o.Loser == 2 && len(b.Matches[i].Games) > 0 && o.Winner != 1 {
			t.Fatalf("runner-up lost match %d to %d", i+1, o.Winner)
		}
	}
	if rank[1].Entrant != 2 {
		t.Fatalf("runner-up %+v, want 2", rank[1])
	}
	if rank[2].Place != 3 || rank[2].Shared {
		t.Fatalf("third %+v", rank[2])
	}
}

// Property (R-F-4): random double eliminations of 2..512 players place
// every player once, end with one player unbeaten or the reset played,
// and nobody meets in the losers' bracket the player he has just met.
func TestDoubleKnockoutProperty_R_F_4(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 40; trial++ {
		n := 2 + r.IntN(511)
		if trial < 15 {
			n = trial + 2 // every small field
		}
		b := DoubleKnockout(seedList(n), DoubleSettings{Format: OneGame, Reset: trial%2 == 0, Seed: uint64(trial)})
		results := rand.New(rand.NewPCG(uint64(trial), 5))
		playAll(t, b, func(_, _, _ int) Result { return []Result{RedWin, BlackWin}[results.IntN(2)] })
		if !b.Over() {
			t.Fatalf("n=%d: not over", n)
		}
		rank := b.Ranking()
		seen := map[int]bool{}
		for _, p := range rank {
			if seen[p.Entrant] {
				t.Fatalf("n=%d: %d placed twice", n, p.Entrant)
			}
			seen[p.Entrant] = true
		}
		if len(rank) != n {
			t.Fatalf("n=%d: %d placed", n, len(rank))
		}
		l := losses(b)
		unbeaten := 0
		for id := 1; id <= n; id++ {
			if l[id] == 0 {
				unbeaten++
			}
			if l[id] > 2 {
				t.Fatalf("n=%d: %d lost %d times", n, id, l[id])
			}
		}
		out := b.Outcomes()
		reset := b.Matches[len(b.Matches)-1]
		resetPlayed := reset.Reset && len(reset.Games) > 0
		if final := out[len(out)-1]; !reset.Reset {
			// No reset: the losers' bracket winner may win the final, and
			// then nobody is unbeaten.
			resetPlayed = final.Winner != final.Players[0]
		}
		if unbeaten != 1 && !resetPlayed {
			t.Fatalf("n=%d: %d unbeaten, reset not played", n, unbeaten)
		}
		last := map[int]int{} // entrant -> opponent in his latest match
		for i, o := range out {
			a, c := o.Players[0], o.Players[1]
			if a <= 0 || c <= 0 {
				continue
			}
			if b.Matches[i].Part == Losers && (last[a] == c || last[c] == a) {
				t.Fatalf("n=%d: %d and %d meet again at once in match %d", n, a, c, i+1)
			}
			last[a], last[c] = c, a
		}
	}
}

// A corrected winners' bracket result sends the new loser down to the
// losers' bracket; refused while the matches it changes are played.
func TestDoubleKnockoutCorrection(t *testing.T) {
	b := DoubleKnockout(seedList(4), DoubleSettings{Format: OneGame})
	playAll(t, b, lowerWins)
	err := b.Correct(1, []MatchGame{{Red: 1, Black: 4, Result: BlackWin}}, false)
	var ce *CorrectionError
	if !errors.As(err, &ce) || len(ce.Later) == 0 {
		t.Fatalf("correction = %v, want refused", err)
	}
	if err := b.Correct(1, []MatchGame{{Red: 1, Black: 4, Result: BlackWin}}, true); err != nil {
		t.Fatal(err)
	}
	out := b.Outcomes()
	for i, m := range b.Matches {
		if m.Part == Losers && m.Round == 1 && out[i].Players[0] != 1 {
			t.Fatalf("losers' round 1 = %v, want 1 dropped there", out[i].Players)
		}
	}
	playAll(t, b, lowerWins)
	if rank := b.Ranking(); len(rank) != 4 || rank[0].Entrant != 1 {
		t.Fatalf("ranking after the cascade = %v", rank)
	}
}
