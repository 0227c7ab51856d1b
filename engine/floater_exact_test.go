package engine

import (
	"math/big"
	"slices"
	"testing"
)

// TestRSW8FloatersBeyond192Bits pairs floaters who come from so far above
// their group (R-SW-8 下调) that the search's weights, 100^k for a floater
// k scoring steps above it, do not fit in 192 bits: the group's pairing
// must still be the one the rules' weighing picks, as an oracle inside the
// test finds it — every choice of the floaters weighed with math/big, the
// least kept, the first of equals in the walk's order. In each case the
// first partners pairFloaters takes leave a floater unpaired, so only the
// exact search pairs them all; the engine at 19226e5 kept those first
// partners once the weights did not fit.
func TestRSW8FloatersBeyond192Bits(t *testing.T) {
	type member struct {
		state int
		met   []int // the floaters (by place) he has met
	}
	type floater struct {
		above float64 // scoring steps above the group
		state int
	}
	cases := []struct {
		name     string
		floaters []floater
		members  []member
	}{{
		// The first floater takes the first member, whom the second alone
		// may meet.
		name:     "floaters 30 steps and 1 step above",
		floaters: []floater{{30, 101}, {1, 101}},
		members:  []member{{state: -101}, {state: -101, met: []int{1}}},
	}, {
		// Three partners for the first floater: the colour weight picks
		// the third, past the free second.
		name:     "colours decide for a floater 40 steps above",
		floaters: []floater{{40, 101}, {1, 101}},
		members:  []member{{state: -101}, {state: -1, met: []int{1}}, {state: -101, met: []int{1}}},
	}, {
		// Half steps and several kinds of floater between 1 and 45
		// steps above: the weights span 88 powers of ten.
		name:     "a ladder of floaters from 45 steps down",
		floaters: []floater{{45, 102}, {31.5, 101}, {12, 2}, {1, 101}},
		members: []member{{state: -101}, {state: -102, met: []int{1, 3}}, {state: -1, met: []int{2, 3}},
			{state: -101, met: []int{0, 2, 3}}, {state: -2, met: []int{3}}},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := &swiss{set: DefaultSettings(60)}
			const base = 3.0
			var group, floaters rows
			var fs, all []*swissPlayer
			id := 0
			player := func(steps float64, state int) *swissPlayer {
				id++
				p := &swissPlayer{id: id, steps: steps, score: Points(2 * steps)}
				p.setState(state)
				all = append(all, p)
				return p
			}
			for _, f := range c.floaters {
				p := player(base+f.above, f.state)
				floaters[bool2int(p.needsBlack())] = append(floaters[bool2int(p.needsBlack())], p)
				fs = append(fs, p)
			}
			opps := map[*swissPlayer][]int32{}
			for _, m := range c.members {
				p := player(base, m.state)
				group[bool2int(p.needsBlack())] = append(group[bool2int(p.needsBlack())], p)
				for _, f := range m.met {
					meet(opps, p, fs[f])
				}
			}
			layOpponents(s, all, opps)

			ft, ok := s.floaterTerms(slices.Clone(group.flat()), slices.Clone(floaters.flat()), base)
			if !ok || ft.top <= narrowPowers(ft.terms) {
				t.Fatalf("the case's weights fit in 192 bits (10^%d, room for 10^%d): it does not test", ft.top, narrowPowers(ft.terms))
			}
			greedy, _ := s.pairFloaters(nil, group, floaters)
			want := oracleFloaterPairs(s, group, floaters, base)
			if len(greedy) >= len(want) {
				t.Fatalf("pairFloaters pairs %d floaters, the oracle %d: the case does not test", len(greedy), len(want))
			}
			pairs, _ := s.firstPass(nil, group, floaters, base)
			got := map[int]int{}
			for _, p := range pairs {
				if p.placed == PlacedFloat {
					f, m := p.p[0], p.p[1]
					if f.steps == base {
						f, m = m, f
					}
					got[f.id] = m.id
				}
			}
			if !mapsEqual(got, want) {
				t.Fatalf("floaters paired %v, the rules' weighing picks %v", got, want)
			}
		})
	}
}

func mapsEqual(a, b map[int]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// oracleFloaterPairs tries every choice of partner (or none) for each
// floater, in the walk's order — floaters by searchOrder, each one's
// partners in the group's order, then none — and weighs each choice that
// pairs anybody as the rules do, with exact rationals: the floaters left
// (100^k for k steps above the group), then the pairs' scores (larger
// better), colours (1/100^k for a colour imbalance of k, larger better)
// and floats (100^a + 100^b, smaller better). It returns the first choice
// of the least weight, floater id → partner id.
func oracleFloaterPairs(s *swiss, group, floaters rows, base float64) map[int]int {
	members, fs := group.flat(), slices.Clone(floaters.flat())
	allowed := s.allowedIn(s.kept(), members, true)
	may := make([][]bool, len(fs))
	partners := make([]int, len(fs))
	for i, f := range fs {
		bitsOf := make([]uint64, (len(members)+63)/64)
		allowed.of(f, 0, bitsOf)
		for j := range members {
			ok := bitsOf[j/64]&(1<<(j%64)) != 0
			may[i] = append(may[i], ok)
			partners[i] += bool2int(ok)
		}
	}
	allowed.release()
	order := searchOrder(fs, partners)
	hundred := func(k float64) *big.Rat { // 100^k, k a multiple of ½
		n := int64(2 * k)
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(max(n, -n)), nil)
		if n < 0 {
			return new(big.Rat).SetFrac(big.NewInt(1), p)
		}
		return new(big.Rat).SetInt(p)
	}
	var best [4]*big.Rat
	var bestChoice map[int]int
	used := make([]bool, len(members))
	choice := map[int]int{}
	var try func(k int)
	try = func(k int) {
		if k == len(fs) {
			if len(choice) == 0 {
				return
			}
			w := [4]*big.Rat{new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)}
			for _, f := range fs {
				j, paired := choice[f.id]
				if !paired {
					w[0].Add(w[0], hundred(f.steps-base))
					continue
				}
				pr := floaterPair(f, members[j])
				w[1].Sub(w[1], hundred(pr.p[0].steps+pr.p[1].steps-2*base))
				w[2].Sub(w[2], hundred(-float64(colourExponent(pr))))
				a, b := floatExponents(pr)
				w[3].Add(w[3], hundred(float64(a)))
				w[3].Add(w[3], hundred(float64(b)))
			}
			if bestChoice == nil || lessRats(w, best) {
				best, bestChoice = w, map[int]int{}
				for f, j := range choice {
					bestChoice[f] = members[j].id
				}
			}
			return
		}
		f := fs[k]
		for j := range members {
			if may[order[k]][j] && !used[j] {
				used[j], choice[f.id] = true, j
				try(k + 1)
				used[j] = false
				delete(choice, f.id)
			}
		}
		try(k + 1)
	}
	try(0)
	return bestChoice
}

func lessRats(a, b [4]*big.Rat) bool {
	for i := range a {
		if c := a[i].Cmp(b[i]); c != 0 {
			return c < 0
		}
	}
	return false
}
