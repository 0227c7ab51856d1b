package engine

import (
	"math/rand/v2"
	"testing"
)

// TestSearchKinds checks that weighing the states of one kind once
// (swiss_symmetry.go) changes no value of the exhaustive search (R-SW-8
// 穷举): random sets of look-alike players — a few kinds of weight, bye
// and candidates, now and then one player's candidates changed, the
// candidates now and then one-sided, whole weights and fractions — are
// searched with kinds and with every player alone, and every state asked
// must weigh the same.
func TestSearchKinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 66))
	withKinds := 0
	for iter := range 300 {
		n := 2 + rng.IntN(13)
		kindsOf := 1 + rng.IntN(4)
		kindOf := make([]int, n)
		for i := range kindOf {
			kindOf[i] = rng.IntN(kindsOf)
		}
		// Which kinds meet which, and with a one-sided relation now and
		// then; a player's own candidates are changed now and then.
		meets := make([][]bool, kindsOf)
		for a := range meets {
			meets[a] = make([]bool, kindsOf)
			for b := range meets[a] {
				meets[a][b] = rng.IntN(3) != 0
			}
		}
		oneSided := iter%5 == 0
		s := &swiss{byeScore: 0}
		ps := make([]*swissPlayer, n)
		weights := make([]float64, n)
		cand := make([]uint32, n)
		for i := range ps {
			ps[i] = &swissPlayer{id: i + 1, steps: float64(kindOf[i] % 2), hadBye: iter%2 == 0 && rng.IntN(3) == 0}
			weights[i] = weight(ps[i].steps)
			if iter%7 == 0 {
				weights[i] = weight(ps[i].steps - 0.5) // fractions: every player alone
			}
		}
		for i := range n {
			for j := range n {
				a, b := kindOf[i], kindOf[j]
				if i != j && meets[a][b] && (oneSided || meets[b][a]) {
					cand[i] |= 1 << j
				}
			}
		}
		if iter%3 == 0 {
			cand[rng.IntN(n)] ^= uint32(rng.IntN(1 << n))
			for i := range cand {
				cand[i] &^= 1 << i
			}
		}
		last := rng.IntN(2) == 0
		e := &enumeration{s: s, ps: ps, weights: weights, cand: cand, memo: s.newMemo(n), last: last}
		e.kinds = e.findKinds()
		if len(e.kinds.of) > 0 {
			withKinds++
		}
		alone := &enumeration{s: s, ps: ps, weights: weights, cand: cand, memo: &memo{}, last: last,
			kinds: kinds{n: n, single: 1<<n - 1}}
		alone.memo.alloc(1024)
		alone.memo.gen = 1
		for range 40 {
			mask := uint32(rng.IntN(1 << n))
			level := rng.IntN(n + 1)
			if got, want := e.best(level, mask), alone.best(level, mask); got != want {
				t.Fatalf("set %d (%d players, kinds %v, last %v): state (%d, %b) weighs %v with kinds, %v without",
					iter, n, kindOf, last, level, mask, got, want)
			}
		}
	}
	if withKinds < 100 {
		t.Fatalf("only %d of 300 sets had players of one kind: the test does not test kinds", withKinds)
	}
}
