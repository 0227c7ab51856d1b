package engine

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomFloaterField is a score group and players floated down into it,
// as the floater search meets them: a few colour states on both sides of
// R-SW-12's limits (so that kinds repeat and weights tie), floats, units,
// and earlier games between floaters and members (rematches forbid pairs).
// With twins, most floaters after the first are of an earlier one's score,
// colour state, floats and unit, so that the flow's lots merge them.
func randomFloaterField(rng *rand.Rand, twins bool) (s *swiss, group, floaters rows, base float64) {
	s = &swiss{set: DefaultSettings(9), units: rng.IntN(4) == 0}
	s.set.NoThreeInARow = rng.IntN(5) != 0
	base = float64(rng.IntN(3))
	id := 0
	player := func(steps float64) *swissPlayer {
		id++
		p := &swissPlayer{id: id, steps: steps, score: Points(2 * steps), floats: rng.IntN(3) - 1}
		states := []int{-201, -102, -101, -2, -1, 1, 2, 101, 102, 201}
		p.setState(states[rng.IntN(len(states))])
		if s.units && rng.IntN(2) == 0 {
			p.unit = int32(1 + rng.IntN(3))
		}
		return p
	}
	var all []*swissPlayer
	for range 1 + rng.IntN(9) {
		p := player(base)
		group[bool2int(p.needsBlack())] = append(group[bool2int(p.needsBlack())], p)
		all = append(all, p)
	}
	var earlier []*swissPlayer
	for range 1 + rng.IntN(6) {
		p := player(base + float64(1+rng.IntN(3)))
		if twins && len(earlier) > 0 && rng.IntN(3) != 0 {
			q := earlier[rng.IntN(len(earlier))]
			p.steps, p.score, p.floats, p.unit = q.steps, q.score, q.floats, q.unit
			p.setState(q.state)
		}
		earlier = append(earlier, p)
		floaters[bool2int(p.needsBlack())] = append(floaters[bool2int(p.needsBlack())], p)
		all = append(all, p)
	}
	opps := map[*swissPlayer][]int32{}
	for range rng.IntN(2 * len(all)) {
		a, b := all[rng.IntN(len(all))], all[rng.IntN(len(all))]
		if a != b {
			meet(opps, a, b)
		}
	}
	layOpponents(s, all, opps)
	return s, group, floaters, base
}

// layOpponents puts each player's opponents in the round's history block,
// as readHistories lays them out (no colours: nColours 0).
func layOpponents(s *swiss, all []*swissPlayer, opps map[*swissPlayer][]int32) {
	for _, p := range all {
		p.hist, p.nOpps = int32(len(s.pastOpps)), int32(len(opps[p]))
		s.pastOpps = append(s.pastOpps, opps[p]...)
	}
	s.pastColours = make([]Colour, len(s.pastOpps))
}

func bool2int(b bool) int {
	if b {
		return 1
	}
	return 0
}

func meet(opps map[*swissPlayer][]int32, a, b *swissPlayer) {
	for _, p := range [][2]*swissPlayer{{a, b}, {b, a}} {
		opps[p[0]] = append(opps[p[0]], int32(p[1].id))
		bit := uint(p[1].id) % 256
		p[0].metBits[bit/64] |= 1 << (bit % 64)
	}
}

// TestFloaterFlowAgainstWalk proves the floater search's flow against the
// plain walk with no bound, on random groups (R-SW-8 下调): the same
// assignment, floater by floater, every time — the least cost and, among
// equals, the walk's first — in 192 bits and in longCost's any width. The
// groups are drawn so that equal weights are common (ties), and the test
// checks that they were.
func TestFloaterFlowAgainstWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	ties, rematches := 0, 0
	for iter := range 4000 {
		s, group, floaters, base := randomFloaterField(rng, false)
		ft, ok := s.floaterTerms(group.flat(), floaters.flat(), base)
		if !ok || ft.top > narrowPowers(ft.terms) {
			t.Fatalf("iter %d: weights not held", iter)
		}
		want := flowAgainstWalk(t, iter, weigh[floaterCost](ft))
		if iter%4 == 0 { // longCost is slower: a quarter of the groups
			if got := flowAgainstWalk(t, iter, weigh[longCost](ft)); !slices.Equal(got, want) {
				t.Fatalf("iter %d: longCost %v, floaterCost %v", iter, got, want)
			}
		}
		if leastCount(weigh[floaterCost](ft)) > 1 {
			ties++
		}
		for _, f := range floaters.flat() {
			if f.nOpps > 0 {
				rematches++
				break
			}
		}
	}
	if ties < 1000 || rematches < 1000 {
		t.Fatalf("%d groups with ties, %d with earlier games of 4000: the test does not test", ties, rematches)
	}
}

// TestFloaterLotsAgainstWalk proves the flow's lots (floaters of one row
// of costs and partners merged into one node, R-SW-8 下调) against the plain
// walk with no bound, on random groups whose floaters often repeat: the
// same assignment, floater by floater, with the walk's order among the
// equal floaters of a lot.
func TestFloaterLotsAgainstWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	merged := 0
	for iter := range 3000 {
		s, group, floaters, base := randomFloaterField(rng, true)
		ft, ok := s.floaterTerms(group.flat(), floaters.flat(), base)
		if !ok || ft.top > narrowPowers(ft.terms) {
			t.Fatalf("iter %d: weights not held", iter)
		}
		fp := weigh[floaterCost](ft)
		if lots, _ := fp.lots(); len(lots.may) < len(fp.may) {
			merged++
		}
		flowAgainstWalk(t, iter, fp)
	}
	if merged < 1000 {
		t.Fatalf("%d groups of 3000 with floaters merged: the test does not test", merged)
	}
}

// flowAgainstWalk checks the flow and the bounded walk against the walk
// with no bound and returns its assignment.
func flowAgainstWalk[C exact[C]](t *testing.T, iter int, fp floaterProblem[C]) []int {
	t.Helper()
	want, _ := fp.walk(math.MaxInt)
	if got := fp.solve(); !slices.Equal(got, want) {
		t.Fatalf("iter %d: flow %v, walk %v", iter, got, want)
	}
	if bounded, ok := fp.walk(floaterWalkBudget); ok && !slices.Equal(bounded, want) {
		t.Fatalf("iter %d: bounded walk %v, walk %v", iter, bounded, want)
	}
	// walkExceeds skips the walk only when it would give up.
	for _, budget := range []int{2, 8, 32} {
		if _, ok := fp.walk(budget); ok && fp.walkExceeds(budget) {
			t.Fatalf("iter %d: the walk ends within %d steps, walkExceeds says it would not", iter, budget)
		}
	}
	return want
}

// leastCount is how many assignments share the least cost.
func leastCount(fp floaterProblem[floaterCost]) int {
	n := len(fp.may)
	used := make([]bool, len(fp.kind))
	var best floaterCost
	count := 0
	var rec func(k int, sum floaterCost, pairs int)
	rec = func(k int, sum floaterCost, pairs int) {
		if k == n {
			switch {
			case pairs == 0:
			case count == 0 || sum.less(best):
				best, count = sum, 1
			case sum == best:
				count++
			}
			return
		}
		for j := range fp.kind {
			if !used[j] && fp.may[k][j/64]&(1<<(j%64)) != 0 {
				used[j] = true
				rec(k+1, sum.add(fp.pair[k][fp.kind[j]]), pairs+1)
				used[j] = false
			}
		}
		rec(k+1, sum.add(fp.none[k]), pairs)
	}
	rec(0, floaterCost{}, 0)
	return count
}
