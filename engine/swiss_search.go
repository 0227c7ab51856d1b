package engine

import (
	"math"
	"math/bits"
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
			if i != j && s.allowed(ps[i], ps[j], threeInARow) {
				partners[i]++
			}
		}
	}
	searchOrder(ps, partners)
	cand := make([][]int, n)
	for i := range ps {
		for j := range ps {
			if i != j && s.allowed(ps[i], ps[j], threeInARow) {
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
		return s.singleLeft(left[0], first)
	}
	return leftValue(left, base)
}

// maskValue is searchValue of the players of ps outside mask.
func (s *swiss) maskValue(ps []*swissPlayer, mask uint32, base float64, last, first bool) float64 {
	out := ^mask & (1<<len(ps) - 1)
	if last && bits.OnesCount32(out) == 1 {
		return s.singleLeft(ps[bits.TrailingZeros32(out)], first)
	}
	v := 0.0
	for ; out != 0; out &= out - 1 {
		v += weight(ps[bits.TrailingZeros32(out)].steps - base)
	}
	return v
}

func (s *swiss) singleLeft(p *swissPlayer, first bool) float64 {
	switch {
	case s.byeEligible(p):
		return 1
	case first:
		return 49
	}
	return 50
}

// enumerate walks the ways to pair ps in the reference order — player k
// takes each possible partner in turn, then none — and returns the chosen
// way as (candidate, initiator) index pairs in initiator order.
func (s *swiss) enumerate(ps []*swissPlayer, cand [][]int, base float64, last bool) [][2]int {
	n := len(ps)
	// A way has a pair exactly when its mask is not empty; ways without a
	// pair do not count.
	memo := s.newMemo(n)
	inf := math.Inf(1)
	// best is the lowest leaf value reachable from a state.
	var best func(level int, mask uint32) float64
	best = func(level int, mask uint32) float64 {
		if level == n {
			if mask == 0 {
				return inf
			}
			return s.maskValue(ps, mask, base, last, false)
		}
		if v, ok := memo.get(level, mask); ok {
			return v
		}
		v := best(level+1, mask)
		if mask&(1<<level) == 0 {
			for _, c := range cand[level] {
				if mask&(1<<c) == 0 {
					v = math.Min(v, best(level+1, mask|1<<level|1<<c))
				}
			}
		}
		memo.set(level, mask, v)
		return v
	}
	root := best(0, 0)
	if math.IsInf(root, 1) {
		return nil
	}
	// walk follows, level by level, the first (or last) option whose
	// subtree holds a leaf of value want (any leaf when want is NaN).
	walk := func(want float64, lastFirst bool) ([][2]int, uint32) {
		var out [][2]int
		mask := uint32(0)
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
				v := best(level+1, o.next)
				if (math.IsNaN(want) && !math.IsInf(v, 1)) || v == want {
					if o.c >= 0 {
						out = append(out, [2]int{o.c, level})
					}
					mask = o.next
					break
				}
			}
		}
		return out, mask
	}
	firstWay, firstMask := walk(math.NaN(), false)
	if s.maskValue(ps, firstMask, base, last, true) < root {
		return firstWay
	}
	way, _ := walk(root, true)
	return way
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

// memo holds the best leaf value of each search state (level, mask): in a
// slice for small searches, in an open-addressing table for larger ones.
// The table is kept between searches of one round (swiss.table): a search
// starts a new generation instead of clearing it.
type memo struct {
	n     int
	slice []float64 // NaN: not known yet
	t     *memoTable
}

const memoSliceMax = 10

func (s *swiss) newMemo(n int) *memo {
	if n <= memoSliceMax {
		sl := make([]float64, n<<n)
		for i := range sl {
			sl[i] = math.NaN()
		}
		return &memo{n: n, slice: sl}
	}
	if s.table == nil {
		s.table = newMemoTable(1 << 12)
	}
	s.table.gen++
	s.table.count = 0
	return &memo{n: n, t: s.table}
}

func (m *memo) get(level int, mask uint32) (float64, bool) {
	if m.slice != nil {
		v := m.slice[level<<m.n|int(mask)]
		return v, !math.IsNaN(v)
	}
	return m.t.get(uint64(level)<<32 | uint64(mask))
}

func (m *memo) set(level int, mask uint32, v float64) {
	if m.slice != nil {
		m.slice[level<<m.n|int(mask)] = v
		return
	}
	m.t.set(uint64(level)<<32|uint64(mask), v)
}

// memoTable is a hash table of uint64 keys with linear probing; a slot
// holds a value of the current generation only. Key, value and generation
// share a slot, so a probe touches one cache line.
type memoTable struct {
	slots []memoSlot
	shift uint // 64 − log2(len(slots)): the hash's top bits index the table
	gen   uint32
	count int
}

type memoSlot struct {
	key uint64
	val float64
	gen uint32
}

func newMemoTable(size int) *memoTable {
	return &memoTable{slots: make([]memoSlot, size), shift: uint(64 - bits.TrailingZeros(uint(size))), gen: 1}
}

func (t *memoTable) slot(k uint64) int {
	mask := len(t.slots) - 1
	i := int((k * 0x9E3779B97F4A7C15) >> t.shift)
	for t.slots[i].gen == t.gen && t.slots[i].key != k {
		i = (i + 1) & mask
	}
	return i
}

func (t *memoTable) get(k uint64) (float64, bool) {
	sl := &t.slots[t.slot(k)]
	if sl.gen != t.gen {
		return 0, false
	}
	return sl.val, true
}

func (t *memoTable) set(k uint64, v float64) {
	if 2*(t.count+1) > len(t.slots) {
		t.grow()
	}
	sl := &t.slots[t.slot(k)]
	if sl.gen != t.gen {
		t.count++
	}
	*sl = memoSlot{key: k, val: v, gen: t.gen}
}

func (t *memoTable) grow() {
	old := *t
	*t = *newMemoTable(2 * len(old.slots))
	t.gen = old.gen
	for _, sl := range old.slots {
		if sl.gen == old.gen {
			t.set(sl.key, sl.val)
		}
	}
}
