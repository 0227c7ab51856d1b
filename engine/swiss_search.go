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
// imbalance first, fewer possible partners first, then by number. It
// returns where each player was: ps[k] was at the returned [k].
func searchOrder(ps []*swissPlayer, partners []int) []int {
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
	return idx
}

// search pairs a set of players exhaustively (穷举, R-SW-8): of all the ways
// to pair them it takes one that leaves the fewest and lowest players
// unpaired; in the last group one that leaves nobody, or just one player who
// may take the bye (R-S-3). Among equal ways it takes the one the reference
// procedure takes: the last in its order of enumeration.
func (s *swiss) search(in rows, base float64, threeInARow, last bool) ([]pair, rows, float64) {
	ps := in.flat()
	n := len(ps)
	// Who may meet whom is asked once, then carried over to the search
	// order.
	may := make([]bool, n*n) // may[i·n+j]: ps[i] may meet ps[j], in the order given
	partners := make([]int, n)
	for i := range ps {
		for j := range ps {
			if i != j && s.allowed(ps[i], ps[j], threeInARow) {
				may[i*n+j] = true
				partners[i]++
			}
		}
	}
	was := searchOrder(ps, partners)
	cand := make([][]int, n)
	for k, i := range was {
		for h, j := range was {
			if may[i*n+j] {
				cand[k] = append(cand[k], h)
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

// maskValue is searchValue of the players of ps outside mask; weights[i]
// is ps[i]'s weight(steps − base), asked once a search, not once a leaf.
func (s *swiss) maskValue(ps []*swissPlayer, weights []float64, mask uint32, last, first bool) float64 {
	out := ^mask & (1<<len(ps) - 1)
	if last && bits.OnesCount32(out) == 1 {
		return s.singleLeft(ps[bits.TrailingZeros32(out)], first)
	}
	v := 0.0
	for ; out != 0; out &= out - 1 {
		v += weights[bits.TrailingZeros32(out)]
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
	weights := make([]float64, n)
	for i, p := range ps {
		weights[i] = weight(p.steps - base)
	}
	// Each player's candidates as bits: the lowest value below a state is
	// the same whatever order its options are weighed in.
	candBits := make([]uint32, n)
	for k, cs := range cand {
		for _, c := range cs {
			candBits[k] |= 1 << c
		}
	}
	e := &enumeration{s: s, ps: ps, weights: weights, cand: candBits, memo: s.newMemo(n), last: last}
	e.kinds = e.findKinds()
	root := e.best(0, 0)
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
				v := e.best(level+1, o.next)
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
	if s.maskValue(ps, weights, firstMask, last, true) < root {
		return firstWay
	}
	way, _ := walk(root, true)
	return way
}

// enumeration is one exhaustive search's fixed facts, for best.
type enumeration struct {
	s       *swiss
	ps      []*swissPlayer
	weights []float64
	cand    []uint32 // each player's candidates as bits
	memo    *memo
	last    bool
	kinds   kinds // which states are the same (swiss_symmetry.go)
}

// best is the lowest leaf value reachable from a state: the level whose
// player chooses next and the players paired so far. States the same by
// swiss_symmetry.go are weighed once.
func (e *enumeration) best(level int, mask uint32) float64 {
	n := len(e.ps)
	// Players paired above have no choice to make: skip the run of set
	// bits from level on.
	level += bits.TrailingZeros32(^(mask >> level))
	if level >= n {
		if mask == 0 {
			return math.Inf(1) // a way without a pair (an empty mask) does not count
		}
		return e.s.maskValue(e.ps, e.weights, mask, e.last, false)
	}
	free := ^mask & (1<<n - 1)
	key := e.kinds.key(free, free&^(1<<level-1))
	slot, v, known := e.memo.lookup(key)
	if known {
		return v
	}
	v = e.best(level+1, mask)
	for free := e.cand[level] &^ mask; free != 0; free &= free - 1 {
		v = min(v, e.best(level+1, mask|1<<level|1<<bits.TrailingZeros32(free)))
	}
	e.memo.store(slot, key, v)
	return v
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

// memo holds the best leaf value of each search state, by its key
// (kinds.key: the free players below and from the level that chooses), in
// an open-addressing table kept for the round (swiss.memo). A search of n
// players visits a small part of its n·2ⁿ states (some 40,000 of half a
// million at 15 even without kinds of players), so a table sized to the
// states visited stays in cache where a slice indexed by every state was
// cleared whole for each search; a slot is stamped with the search it was
// written in, so a new search clears nothing.
type memo struct {
	slots []memoSlot
	gen   uint32 // the search under way; a slot of another search is empty
	used  int
	shift uint // 32 − log₂ of the table's size: a key's slot is its hash's top bits
}

type memoSlot struct {
	key, gen uint32
	val      float64
}

// newMemo is the round's memo, empty, for a search of n players: made at
// first as large as such a search may want (a club's few players, a few
// slots), to grow when a search visits more.
func (s *swiss) newMemo(n int) *memo {
	if s.memo == nil {
		s.memo = &memo{}
		s.memo.alloc(1 << min(10, n+1))
	}
	m := s.memo
	if m.gen++; m.gen == 0 { // after 2³² searches: stamps would repeat
		clear(m.slots)
		m.gen = 1
	}
	m.used = 0
	return m
}

// alloc makes an empty table of size slots, a power of two.
func (m *memo) alloc(size int) {
	m.slots = make([]memoSlot, size)
	m.shift = uint(32 - bits.TrailingZeros(uint(size)))
}

// home is where key's probe starts: the top bits of its Fibonacci hash.
func (m *memo) home(key uint32) int { return int(key * 0x9E3779B1 >> m.shift) }

// slot is where key is, or the empty slot where it goes, probing from
// from on.
func (m *memo) slot(key uint32, from int) int {
	mask := len(m.slots) - 1
	for i := from; ; i = (i + 1) & mask {
		if sl := &m.slots[i]; sl.gen != m.gen || sl.key == key {
			return i
		}
	}
}

// lookup finds key's value, or where it goes: slot, for store.
func (m *memo) lookup(key uint32) (slot int, v float64, known bool) {
	slot = m.slot(key, m.home(key))
	sl := &m.slots[slot]
	return slot, sl.val, sl.gen == m.gen
}

// store puts key's value where lookup said, or (when the search stored
// other states there since) further down the probe: no slot is emptied
// during a search, so the probe from slot on is the probe from key's
// start.
func (m *memo) store(slot int, key uint32, v float64) {
	if m.slots[slot].gen == m.gen {
		slot = m.slot(key, slot)
	}
	if m.used++; 4*m.used > 3*len(m.slots) {
		m.grow()
		slot = m.slot(key, m.home(key))
	}
	m.slots[slot] = memoSlot{key: key, gen: m.gen, val: v}
}

// grow doubles the table, keeping the search's states.
func (m *memo) grow() {
	old := m.slots
	m.alloc(2 * len(old))
	for _, sl := range old {
		if sl.gen == m.gen {
			m.slots[m.slot(sl.key, m.home(sl.key))] = sl
		}
	}
}
