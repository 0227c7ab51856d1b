package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortPlayersPacked checks sortPlayers' packed keys against the plain
// comparison of the four keys (R-SW-6, R-SW-7, R-SW-8), in odd and even
// rounds, on lists whose keys pack into one integer and on lists whose
// scores are too far apart to (the comparison then sorts them itself).
func TestSortPlayersPacked(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 6))
	packed, wide := 0, 0
	for iter := range 400 {
		n := 1 + rng.IntN(300)
		spread := Points(40)
		if iter%4 == 0 {
			spread = 1 << 62 // the keys take more than 64 bits together
		}
		ps := make([]*swissPlayer, n)
		for i, id := range rng.Perm(n) {
			p := &swissPlayer{id: id + 1, score: Points(rng.Int64N(int64(spread))) - spread/2, floats: rng.IntN(9) - 4}
			p.setState(100*(rng.IntN(7)-3) + rng.IntN(5) - 2)
			ps[i] = p
		}
		s := &swiss{round: 1 + iter%2}
		got, want := slices.Clone(ps), slices.Clone(ps)
		s.sortPlayers(got)
		s.sortPlayersBy(want)
		if !slices.Equal(got, want) {
			t.Fatalf("list %d (%d players, round %d): the packed sort and the comparison differ", iter, n, s.round)
		}
		for i := 1; i < n; i++ {
			if a, b := got[i-1], got[i]; !pairingOrder(a, b, s.oddRound()) {
				t.Fatalf("list %d: player %d before %d (score %d/%d, state %d/%d, floats %d/%d)",
					iter, a.id, b.id, a.score, b.score, a.state, b.state, a.floats, b.floats)
			}
		}
		if spread > 40 {
			wide++
		} else {
			packed++
		}
	}
	if packed == 0 || wide == 0 {
		t.Fatalf("%d packed lists, %d wide ones: both ways must be tried", packed, wide)
	}
}

// pairingOrder is R-SW-6..8's order told in words: a comes before b.
func pairingOrder(a, b *swissPlayer, odd bool) bool {
	switch {
	case a.score != b.score:
		return a.score > b.score // the higher score first
	case abs(a.state) != abs(b.state):
		return abs(a.state) > abs(b.state) // the larger colour imbalance first
	case a.floats != b.floats:
		return a.floats < b.floats // fewer floats up first
	case odd:
		return a.id < b.id
	}
	return a.id > b.id
}
