package engine

import (
	"math"
	"sort"
)

// maxExactSearch is the largest number of players the exhaustive search
// takes on; a larger set is paired greedily (the reference procedure never
// gets there in practice: it stops breaking pairs long before).
const maxExactSearch = 16

// searchOrder sorts players for a search: score high to low, larger colour
// imbalance first, fewer possible partners first, then by number.
func searchOrder(ps []*swissPlayer, partners []int) {
	idx := make([]int, len(ps))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool {
		a, b := ps[idx[i]], ps[idx[j]]
		if a.score != b.score {
			return a.score > b.score
		}
		if abs(a.state) != abs(b.state) {
			return abs(a.state) > abs(b.state)
		}
		if partners[idx[i]] != partners[idx[j]] {
			return partners[idx[i]] < partners[idx[j]]
		}
		return a.id < b.id
	})
	sorted := make([]*swissPlayer, len(ps))
	for i, k := range idx {
		sorted[i] = ps[k]
	}
	copy(ps, sorted)
}

// search pairs a set of players exhaustively (穷举, R-SW-8): of all the ways
// to pair them it takes one that leaves the fewest and lowest players
// unpaired; in the last group one that leaves nobody, or just one player who
// may take the bye (R-S-3). Among equal ways it takes the one the reference
// procedure takes: the last in its order of enumeration.
func (s *swiss) search(in rows, base float64, threeInARow, last bool) ([]pair, rows, float64) {
	ps := in.flat()
	n := len(ps)
	partners := make([]int, n)
	for i := range ps {
		for j := range ps {
			if i != j && s.allowed(ps[i], ps[j], true, threeInARow) {
				partners[i]++
			}
		}
	}
	searchOrder(ps, partners)
	cand := make([][]int, n)
	for i := range ps {
		for j := range ps {
			if i != j && s.allowed(ps[i], ps[j], true, threeInARow) {
				cand[i] = append(cand[i], j)
			}
		}
	}
	var matched [][2]int
	if n <= maxExactSearch {
		matched = s.enumerate(ps, cand, base, last)
	} else {
		matched = greedyMatch(cand)
	}
	paired := make(map[*swissPlayer]bool, 2*len(matched))
	pairs := make([]pair, 0, len(matched))
	for _, m := range matched {
		c, k := ps[m[0]], ps[m[1]] // candidate, initiator
		pr := pair{p: [2]*swissPlayer{k, c}, placed: PlacedSearch}
		if c.state < k.state {
			pr.p = [2]*swissPlayer{c, k}
		}
		pairs = append(pairs, pr)
		paired[c], paired[k] = true, true
	}
	var left rows
	for r := range in {
		for _, p := range in[r] {
			if !paired[p] {
				left[r] = append(left[r], p)
			}
		}
	}
	if len(pairs) == 0 {
		return nil, left, 0
	}
	return pairs, left, s.searchValue(left.flat(), base, last, false)
}

// searchValue weighs a search's leftovers (see leftValue). In the last
// group one leftover is only good when that player may take the bye; the
// first way enumerated weighs such a miss a little less (49, not 50), as the
// reference procedure does.
func (s *swiss) searchValue(left []*swissPlayer, base float64, last, first bool) float64 {
	if last && len(left) == 1 {
		switch {
		case s.byeEligible(left[0]):
			return 1
		case first:
			return 49
		default:
			return 50
		}
	}
	return leftValue(left, base)
}

// enumerate walks the ways to pair ps in the reference order — player k
// takes each possible partner in turn, then none — and returns the chosen
// way as (candidate, initiator) index pairs in initiator order.
func (s *swiss) enumerate(ps []*swissPlayer, cand [][]int, base float64, last bool) [][2]int {
	n := len(ps)
	type key struct {
		level   int
		mask    uint32
		hasPair bool
	}
	memo := map[key]float64{}
	inf := math.Inf(1)
	leaf := func(mask uint32, first bool) float64 {
		var left []*swissPlayer
		for i := 0; i < n; i++ {
			if mask&(1<<i) == 0 {
				left = append(left, ps[i])
			}
		}
		return s.searchValue(left, base, last, first)
	}
	// best is the lowest leaf value reachable from a state; leaves without
	// a pair do not count.
	var best func(level int, mask uint32, hasPair bool) float64
	best = func(level int, mask uint32, hasPair bool) float64 {
		if level == n {
			if !hasPair {
				return inf
			}
			return leaf(mask, false)
		}
		k := key{level, mask, hasPair}
		if v, ok := memo[k]; ok {
			return v
		}
		var v float64
		if mask&(1<<level) != 0 {
			v = best(level+1, mask, hasPair)
		} else {
			v = best(level+1, mask, hasPair)
			for _, c := range cand[level] {
				if mask&(1<<c) == 0 {
					v = math.Min(v, best(level+1, mask|1<<level|1<<c, true))
				}
			}
		}
		memo[k] = v
		return v
	}
	root := best(0, 0, false)
	if math.IsInf(root, 1) {
		return nil
	}
	// walk follows, level by level, the first (or last) option whose
	// subtree holds a leaf of value want (any leaf when want is NaN).
	walk := func(want float64, lastFirst bool) ([][2]int, uint32) {
		var out [][2]int
		mask, hasPair := uint32(0), false
		for level := 0; level < n; level++ {
			if mask&(1<<level) != 0 {
				continue
			}
			type opt struct {
				c    int // −1: no partner
				next uint32
			}
			opts := make([]opt, 0, len(cand[level])+1)
			for _, c := range cand[level] {
				if mask&(1<<c) == 0 {
					opts = append(opts, opt{c, mask | 1<<level | 1<<c})
				}
			}
			opts = append(opts, opt{-1, mask})
			if lastFirst {
				for i, j := 0, len(opts)-1; i < j; i, j = i+1, j-1 {
					opts[i], opts[j] = opts[j], opts[i]
				}
			}
			for _, o := range opts {
				hp := hasPair || o.c >= 0
				v := best(level+1, o.next, hp)
				if (math.IsNaN(want) && !math.IsInf(v, 1)) || v == want {
					if o.c >= 0 {
						out = append(out, [2]int{o.c, level})
					}
					mask, hasPair = o.next, hp
					break
				}
			}
		}
		return out, mask
	}
	firstWay, firstMask := walk(math.NaN(), false)
	if s.searchValue(leftOf(ps, firstMask), base, last, true) < root {
		return firstWay
	}
	way, _ := walk(root, true)
	return way
}

func leftOf(ps []*swissPlayer, mask uint32) []*swissPlayer {
	var left []*swissPlayer
	for i, p := range ps {
		if mask&(1<<i) == 0 {
			left = append(left, p)
		}
	}
	return left
}

// greedyMatch pairs each player with the first free partner on its list,
// for sets too large to enumerate.
func greedyMatch(cand [][]int) [][2]int {
	used := make([]bool, len(cand))
	var out [][2]int
	for k := range cand {
		if used[k] {
			continue
		}
		for _, c := range cand[k] {
			if !used[c] {
				used[c], used[k] = true, true
				out = append(out, [2]int{c, k})
				break
			}
		}
	}
	return out
}

// searchFloaters finds partners in the group for the players floated down
// into it, trying every assignment: fewest floaters left first, then pairs
// of higher scores, better colour balance, better float balance; the first
// found among equals (R-SW-8 下调).
func (s *swiss) searchFloaters(group, floaters rows, base float64) (pairs []pair, fl, gl rows, value float64, found bool) {
	yuan := group.flat()
	yu := floaters.flat()
	partners := make([]int, len(yu))
	for i, f := range yu {
		for _, m := range yuan {
			if s.ok(f, m) {
				partners[i]++
			}
		}
	}
	searchOrder(yu, partners)
	cand := make([][]int, len(yu))
	for i, f := range yu {
		for j, m := range yuan {
			if s.ok(f, m) {
				cand[i] = append(cand[i], j)
			}
		}
	}
	type score struct{ v, spread, colour, float float64 }
	better := func(a, b score) bool {
		switch {
		case a.v != b.v:
			return a.v < b.v
		case a.spread != b.spread:
			return a.spread > b.spread
		case a.colour != b.colour:
			return a.colour > b.colour
		}
		return a.float < b.float
	}
	var (
		bestWay   []pair
		bestScore score
		have      bool
		cur       []pair
		used      = make([]bool, len(yuan))
		budget    = 200000
	)
	var rec func(k int)
	rec = func(k int) {
		if budget <= 0 {
			return
		}
		if k == len(yu) {
			budget--
			if len(cur) == 0 {
				return
			}
			var left []*swissPlayer
			for _, f := range yu {
				if !inPairs(cur, f) {
					left = append(left, f)
				}
			}
			sc := score{leftValue(left, base), scoreSpread(cur, nil, base), colourSpread(cur, nil), s.floatSpread(cur, nil)}
			if !have || better(sc, bestScore) {
				bestWay, bestScore, have = append([]pair(nil), cur...), sc, true
			}
			return
		}
		for _, j := range cand[k] {
			if used[j] {
				continue
			}
			used[j] = true
			pr := pair{p: [2]*swissPlayer{yuan[j], yu[k]}, placed: PlacedFloat}
			if yu[k].state < yuan[j].state {
				pr.p = [2]*swissPlayer{yu[k], yuan[j]}
			}
			cur = append(cur, pr)
			rec(k + 1)
			cur = cur[:len(cur)-1]
			used[j] = false
		}
		rec(k + 1)
	}
	rec(0)
	if !have {
		return nil, floaters, group, 0, false
	}
	for r := range floaters {
		for _, p := range floaters[r] {
			if !inPairs(bestWay, p) {
				fl[r] = append(fl[r], p)
			}
		}
		for _, p := range group[r] {
			if !inPairs(bestWay, p) {
				gl[r] = append(gl[r], p)
			}
		}
	}
	return bestWay, fl, gl, bestScore.v, true
}

func inPairs(pairs []pair, p *swissPlayer) bool {
	for _, pr := range pairs {
		if pr.p[0] == p || pr.p[1] == p {
			return true
		}
	}
	return false
}
