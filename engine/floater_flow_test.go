package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// walkFloaters is the floater search as a plain walk, with no budget:
// every assignment in the walk's order — floater 0's free partners in the
// group's order, then none, then floater 1's … — and the first of the
// least cost among those that pair anybody. It is solve's oracle.
func walkFloaters(fp floaterProblem) []int {
	n := len(fp.may)
	best, cur := make([]int, n), make([]int, n)
	for k := range best {
		best[k] = -1
	}
	var bestCost floaterCost
	have := false
	used := make([]bool, len(fp.kind))
	var rec func(k int, sum floaterCost, pairs int)
	rec = func(k int, sum floaterCost, pairs int) {
		if k == n {
			if pairs > 0 && (!have || sum.less(bestCost)) {
				copy(best, cur)
				bestCost, have = sum, true
			}
			return
		}
		for j := range fp.kind {
			if used[j] || fp.may[k][j/64]&(1<<(j%64)) == 0 {
				continue
			}
			used[j], cur[k] = true, j
			rec(k+1, sum.add(fp.pair[k][fp.kind[j]]), pairs+1)
			used[j] = false
		}
		cur[k] = -1
		rec(k+1, sum.add(fp.none[k]), pairs)
	}
	rec(0, floaterCost{}, 0)
	return best
}

// randomFloaterField is a score group and players floated down into it,
// as the floater search meets them: a few colour states on both sides of
// R-SW-12's limits (so that kinds repeat and weights tie), floats, units,
// and earlier games between floaters and members (rematches forbid pairs).
func randomFloaterField(rng *rand.Rand) (s *swiss, group, floaters rows, base float64) {
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
			p.unit = fmt.Sprint("u", rng.IntN(3))
		}
		return p
	}
	var all []*swissPlayer
	for range 1 + rng.IntN(9) {
		p := player(base)
		group[bool2int(p.needsBlack())] = append(group[bool2int(p.needsBlack())], p)
		all = append(all, p)
	}
	for range 1 + rng.IntN(6) {
		p := player(base + float64(1+rng.IntN(3)))
		floaters[bool2int(p.needsBlack())] = append(floaters[bool2int(p.needsBlack())], p)
		all = append(all, p)
	}
	for range rng.IntN(2 * len(all)) {
		a, b := all[rng.IntN(len(all))], all[rng.IntN(len(all))]
		if a != b {
			meet(a, b)
		}
	}
	return s, group, floaters, base
}

func bool2int(b bool) int {
	if b {
		return 1
	}
	return 0
}

func meet(a, b *swissPlayer) {
	for _, p := range [][2]*swissPlayer{{a, b}, {b, a}} {
		p[0].opps = append(p[0].opps, p[1].id)
		bit := uint(p[1].id) % 256
		p[0].metBits[bit/64] |= 1 << (bit % 64)
	}
}

// TestFloaterFlowAgainstWalk proves the floater search's flow against the
// plain walk on random groups (R-SW-8 下调): the same assignment, floater
// by floater, every time — least cost and, among equals, the walk's first.
func TestFloaterFlowAgainstWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	ties := 0
	for iter := range 4000 {
		s, group, floaters, base := randomFloaterField(rng)
		fp, ok := s.floaterProblem(group.flat(), floaters.flat(), base)
		if !ok {
			t.Fatalf("iter %d: weights not held", iter)
		}
		want := walkFloaters(fp)
		got := fp.solve()
		if !slices.Equal(got, want) {
			t.Fatalf("iter %d: flow %v, walk %v", iter, got, want)
		}
		_ = ties
	}
}
