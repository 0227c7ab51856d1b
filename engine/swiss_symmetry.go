package engine

import (
	"math"
	"math/bits"
)

// The exhaustive search (enumeration.best) weighs each state once; which
// states are the same is told here.
//
// A state is the players still free below the level that chooses next (S:
// they passed their turn, and only a later player can still take them)
// and those free from the level on (H). Which ways of pairing the rest
// are open depends on those two sets alone: two free players x and y can
// still meet exactly when x is in H and y among x's candidates, or the
// other way round — whoever of them comes first, the one in H may take
// the other, or pass and be taken. So the lowest leaf below a state is a
// function of (S, H), whatever the level and the way there.
//
// Players of one kind — the same weight, the same right to the bye, and
// the same candidates and candidates of the same players, each other
// aside — can trade places in every way without changing what is open or
// what a leaf weighs, provided a leaf's weight does not hang on the order
// of its sum: the weights are whole numbers whose total is exact in a
// float64. Then a state is known by how many players of each kind are in S
// and in H, and the search weighs the states that differ only in which
// players of a kind are free once: the 穷举 of a broken-up group of
// players much alike (a late round's score group, R-SW-8) visits a few
// hundred states instead of tens of thousands.

// kinds sorts a search's players into kinds of two or more players; the
// others are alone in their kind (single).
type kinds struct {
	n      int
	single uint32 // the players alone in their kind
	of     []kind
}

// kind is one kind of player: its members as bits and, for k members,
// first[k] the k lowest of them.
type kind struct {
	members uint32
	first   []uint32
}

func (e *enumeration) findKinds() kinds {
	n := len(e.ps)
	all := uint32(1)<<n - 1
	ks := kinds{n: n, single: all}
	if !exactSums(e.weights) {
		return ks // every player alone: states are (S, H) as they come
	}
	taken := make([]uint32, n) // the players who may take each player
	for k, c := range e.cand {
		for rest := c; rest != 0; rest &= rest - 1 {
			taken[bits.TrailingZeros32(rest)] |= 1 << k
		}
	}
	bye := make([]bool, n)
	for i, p := range e.ps {
		bye[i] = e.s.byeEligible(p)
	}
	alike := func(i, j int) bool {
		both := uint32(1)<<i | 1<<j
		return e.weights[i] == e.weights[j] && bye[i] == bye[j] &&
			(e.cand[i]^e.cand[j])&^both == 0 && (taken[i]^taken[j])&^both == 0 &&
			(e.cand[i]>>j&1 == e.cand[j]>>i&1)
	}
	var placed uint32
	for i := range n {
		if placed&(1<<i) != 0 {
			continue
		}
		members := uint32(1) << i
		for j := i + 1; j < n; j++ {
			if placed&(1<<j) != 0 {
				continue
			}
			ok := true
			for rest := members; rest != 0 && ok; rest &= rest - 1 {
				ok = alike(bits.TrailingZeros32(rest), j)
			}
			if ok {
				members |= 1 << j
			}
		}
		placed |= members
		if bits.OnesCount32(members) < 2 {
			continue
		}
		k := kind{members: members, first: []uint32{0}}
		for rest := members; rest != 0; rest &= rest - 1 {
			k.first = append(k.first, k.first[len(k.first)-1]|rest&-rest)
		}
		ks.of = append(ks.of, k)
		ks.single &^= members
	}
	return ks
}

// exactSums reports whether the weights are whole numbers whose total is
// exact in a float64, so that any sum of them is the same in any order.
func exactSums(weights []float64) bool {
	total := 0.0
	for _, w := range weights {
		if w != math.Trunc(w) || w < 0 {
			return false
		}
		total += w
	}
	return total < 1<<53
}

// key is the memo's key of the state whose free players are free, those
// from the level on high: S and H with each kind's members in S and in H
// replaced by its lowest ones, as many.
func (ks *kinds) key(free, high uint32) uint32 {
	low := free &^ high
	s, h := low&ks.single, high&ks.single
	for _, k := range ks.of {
		ns, nh := bits.OnesCount32(low&k.members), bits.OnesCount32(high&k.members)
		s |= k.first[ns]
		h |= k.first[ns+nh] &^ k.first[ns]
	}
	return s | h<<ks.n
}
