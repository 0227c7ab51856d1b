package engine

import (
	"math/rand/v2"
	"testing"
)

// TestAllowedSet compares allowedSet's bits with allowedUnder, pair by
// pair, on random players — colour states on both sides of R-SW-12's
// limits, opponents inside and outside the list, units — for every set of
// rules, with and without the three-in-a-row check, in the last round and
// before it, and for windows of the list that start past its first word.
func TestAllowedSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for iter := range 300 {
		n := 1 + rng.IntN(150)
		ps := make([]*swissPlayer, n)
		ids := rng.Perm(3 * n) // numbers are unique in a field
		s := &swiss{lastRound: iter%4 == 0}
		for i := range ps {
			p := &swissPlayer{id: 1 + ids[i], hist: int32(len(s.pastOpps))}
			p.setState(100*(rng.IntN(7)-3) + rng.IntN(7) - 3)
			if rng.IntN(3) == 0 {
				p.unit = 1 + int32(rng.IntN(4))
			}
			for range rng.IntN(6) {
				o := 1 + rng.IntN(3*n)
				s.pastOpps = append(s.pastOpps, int32(o))
				p.nOpps++
				b := uint(o) % 256
				p.metBits[b/64] |= 1 << (b % 64)
			}
			ps[i] = p
		}
		c := completion{rule12: iter%2 == 0, units: iter%3 != 0}
		three := iter%5 != 0
		a := s.allowedIn(c, ps, three)
		from := rng.IntN((n+63)/64 + 1)
		dst := make([]uint64, 1+rng.IntN(3))
		for _, p := range ps {
			a.of(p, from, dst)
			for i, w := range dst {
				for k := range 64 {
					j := (from+i)*64 + k
					got := w&(1<<k) != 0
					want := j < n && ps[j] != p && s.allowedUnder(c, p, ps[j], three)
					if got != want {
						t.Fatalf("iter %d: player %d (state %d, unit %d, opps %v) against %d (state %d, unit %d): bits say %v, allowedUnder %v",
							iter, p.id, p.state, p.unit, s.oppsOf(p), ps[j].id, ps[j].state, ps[j].unit, got, want)
					}
				}
			}
		}
	}
}
