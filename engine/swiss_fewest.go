package engine

import (
	"slices"
	"sort"
)

// fewestField is the largest field whose pairing is searched for the
// fewest players a rule is broken for; fewestBudget bounds that search,
// and again the search among those pairings for the nearest scores
// (R-SW-6 a). Past either, the pairing keeps the order's first choice and
// the record says so (R-SW-13).
const (
	fewestField  = 64
	fewestBudget = 50_000
)

// fewest is a branch-and-bound search for the complete pairing that breaks
// the rules given up for the fewest players (R-SW-9: "as few players as it
// can"), among the pairs the matching allowed: first R-SW-4, the rule given
// up last, then R-SW-12. Each pair costs the players its better colour
// order breaks R-SW-12 for, and a pair of one unit costs more than any
// number of those; a lower bound for the players still unpaired comes from
// maximum matchings of their free pairs (those that break nothing, and
// those of two units): every player they leave out costs at least half a
// player more. The search walks the pairing order — the bye first, in the
// order R-S-3 gives, then each player with the nearest partner below — so
// of the cheapest pairings it finds the first in that order, the bye as
// low as they allow: R-SW-12 ranks above the bye's lowest score, not below
// (R-S-3).
type fewest struct {
	s     *swiss
	ps    []*swissPlayer
	n     int       // vertices: players, then the bye when there is one
	bye   int       // the bye's vertex, −1 when the field is even
	can   [][]bool  // allowed under the rules kept for this attempt
	cost  [][]int8  // players R-SW-12 is broken for, with the better colour order
	units bool      // R-SW-4 is given up
	unit  [][]bool  // a pair of one unit, while it is
	order [][]int32 // each vertex's partners, in the order tried
	must  []bool    // breaks R-SW-12 whatever the colours (counts 1 in any pair)

	// The graphs the bound matches in, of the allowed pairs, of those that
	// break R-SW-12 for nobody and, while R-SW-4 is given up, of those of
	// two units: built once for each set of pairs the search may take,
	// matched among the players left.
	allowed, free, apart *matcher

	best     [][2]int32
	bestCost int
	enough   int // the search stops at a pairing that costs no more
	cur      [][2]int32
	used     []bool
	nodes    int
}

// unitCost is what a pair of one unit costs: more than R-SW-12 broken for
// every player, as R-SW-4 is given up only when no complete pairing keeps
// it, R-SW-12 given up or not (R-SW-9).
func (f *fewest) unitCost() int { return f.n + 1 }

// pairCost is what pairing v with w costs.
func (f *fewest) pairCost(v, w int32) int {
	c := int(f.cost[v][w])
	if f.unit[v][w] {
		c += f.unitCost()
	}
	return c
}

// impossible is more than any pairing costs: the bound of players who
// cannot all be paired.
const impossible = 1 << 30

// searchFewest improves pairs (from steer) when a pairing under st's rules
// that breaks the rules keep has and st gives up for fewer players exists,
// and then pairs those players from the top down (R-SW-6 a, topDown). It
// reports whether the pairing returned is proved to break them for as few
// players as possible.
func (s *swiss) searchFewest(ps, class []*swissPlayer, pairs []pair, bye *swissPlayer, st, keep completion) ([]pair, *swissPlayer, bool) {
	if len(ps) > fewestField {
		return pairs, bye, false
	}
	f := s.newFewest(ps, class, st, keep)
	at := index(ps)
	for _, p := range pairs {
		f.best = append(f.best, [2]int32{at[p.p[0]], at[p.p[1]]})
		f.bestCost += f.pairCost(at[p.p[0]], at[p.p[1]])
	}
	if bye != nil {
		f.best = append(f.best, [2]int32{int32(len(ps)), at[bye]})
	}
	first := f.bestCost
	if f.enough = f.bound(); f.enough < first {
		f.search(0)
	}
	proved := f.nodes <= fewestBudget
	if !f.topDown() && f.bestCost == first {
		return pairs, bye, proved
	}
	pairs, bye = nil, nil
	for _, e := range f.best {
		a, b := e[0], e[1]
		switch {
		case int(a) == len(ps):
			bye = ps[b]
		default:
			pairs = append(pairs, pair{p: [2]*swissPlayer{ps[a], ps[b]}, placed: PlacedSearch})
		}
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].p[0].score > pairs[b].p[0].score })
	return pairs, bye, proved
}

func (s *swiss) newFewest(ps, class []*swissPlayer, st, keep completion) *fewest {
	n := len(ps)
	if class[0] != nil {
		n++
	}
	f := &fewest{s: s, ps: ps, n: n, bye: -1, used: make([]bool, n), must: make([]bool, n)}
	if n > len(ps) {
		f.bye = n - 1
	}
	f.can = make([][]bool, n)
	f.cost = make([][]int8, n)
	f.unit = make([][]bool, n)
	for i := range n {
		f.can[i], f.cost[i], f.unit[i] = make([]bool, n), make([]int8, n), make([]bool, n)
	}
	three := !s.lastRound
	f.units = keep.units && !st.units
	for i, a := range ps {
		f.must[i] = keep.rule12 && breaksAsRed(s, a) && breaksAsBlack(s, a)
		for j := i + 1; j < len(ps); j++ {
			b := ps[j]
			if !s.allowedUnder(st, a, b, true) {
				continue
			}
			f.can[i][j], f.can[j][i] = true, true
			if keep.rule12 {
				c := int8(min(s.breaks12(a, b, true, three), s.breaks12(b, a, true, three)))
				f.cost[i][j], f.cost[j][i] = c, c
			}
			if f.units && a.unit != 0 && a.unit == b.unit {
				f.unit[i][j], f.unit[j][i] = true, true
			}
		}
	}
	if n > len(ps) {
		at := index(ps)
		for _, c := range class {
			f.can[n-1][at[c]], f.can[at[c]][n-1] = true, true
		}
	}
	f.graphs()
	// The bye first (vertex n−1 is visited first: see search), in class
	// order; players in pairing order.
	f.order = make([][]int32, n)
	if n > len(ps) {
		at := index(ps)
		for _, c := range class {
			f.order[n-1] = append(f.order[n-1], at[c])
		}
	}
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			if f.can[i][j] {
				f.order[i] = append(f.order[i], int32(j))
			}
		}
	}
	return f
}

// graphs makes the bound's graphs of the pairs f.can allows.
func (f *fewest) graphs() {
	f.allowed = f.graph(func(a, b int) bool { return f.can[a][b] })
	f.free = f.graph(func(a, b int) bool { return f.can[a][b] && f.cost[a][b] == 0 && !f.must[a] && !f.must[b] })
	if f.units {
		f.apart = f.graph(func(a, b int) bool { return f.can[a][b] && !f.unit[a][b] })
	}
}

// next is the vertex the search pairs next: the bye, then the first
// unpaired player in pairing order; −1 when all are paired.
func (f *fewest) next() int {
	if f.bye >= 0 && !f.used[f.bye] {
		return f.bye
	}
	for i := range f.n {
		if !f.used[i] {
			return i
		}
	}
	return -1
}

func (f *fewest) search(cost int) {
	if f.nodes++; f.nodes > fewestBudget || f.bestCost <= f.enough {
		return
	}
	v := f.next()
	if v < 0 {
		if cost < f.bestCost {
			f.bestCost, f.best = cost, append([][2]int32(nil), f.cur...)
		}
		return
	}
	f.used[v] = true
	for _, w := range f.order[v] {
		if f.used[w] || !f.can[v][w] {
			continue
		}
		c := cost + f.pairCost(int32(v), w)
		if c >= f.bestCost {
			continue
		}
		f.used[w] = true
		if c+f.bound() < f.bestCost {
			f.cur = append(f.cur, [2]int32{int32(v), w})
			f.search(c)
			f.cur = f.cur[:len(f.cur)-1]
		}
		f.used[w] = false
	}
	f.used[v] = false
}

// bound is a lower bound of what pairing the vertices not yet used costs,
// or impossible when they cannot be paired at all. R-SW-12: every player
// who breaks it whatever the colours costs one (but the one who may take
// the bye); of the others, those a maximum matching of the free pairs
// leaves out cost at least one a pair, less the ones that can meet a player
// of the first kind. R-SW-4: the players a maximum matching of the pairs of
// two units leaves out are paired within their units, a pair for two.
func (f *fewest) bound() int {
	must, others, bye := 0, 0, false
	for v := range f.n {
		switch {
		case f.used[v]:
		case f.must[v]:
			must++
		case v == f.bye:
			bye = true
			others++
		default:
			others++
		}
	}
	if f.maxMatched(f.allowed) < must+others {
		return impossible
	}
	units := 0
	if f.units {
		units = (must + others - f.maxMatched(f.apart)) / 2
	}
	free := f.maxMatched(f.free)
	lower := max(0, (others-must-free)/2)
	if bye {
		must = max(0, must-1)
	}
	return units*f.unitCost() + must + lower
}

// maxMatched is the number of vertices not yet used that a maximum
// matching of m's graph among them covers.
func (f *fewest) maxMatched(m *matcher) int {
	for v, used := range f.used {
		m.mate[v] = -1
		m.remove(int32(v), used)
	}
	m.maximise()
	return m.size()
}

// topDown pairs the cheapest pairing from the top down (R-SW-6 a), as
// topDown does where every rule is kept: each player in pairing order
// meets the nearest score below him (gaps.below) with which a pairing as
// cheap as the best is left, the players before him keeping theirs and
// the bye staying where R-S-3 and the cost put it. A player's gaps nearer
// than his partner's are tried nearest first, each by a search for a
// pairing as cheap with the player held to that gap; his gap found, his
// partners at other gaps are taken out. When his partner changed, the
// pairing is searched again with every player held: of the pairings as
// cheap that give every player his gap, the first in the search's order.
// It reports whether it changed the pairing; the search's budget bounds it
// as it bounds the search for the cheapest.
func (f *fewest) topDown() bool {
	g := newGaps(f.ps)
	mate := f.mates()
	if f.bye >= 0 {
		f.hold(int32(f.bye), func(w int32) bool { return w == mate[f.bye] })
	}
	f.nodes = 0
	changed := false
	for k := range int32(len(f.ps)) {
		if mate[k] == int32(f.bye) {
			continue
		}
		for _, d := range f.nearer(g, k, g.below(k, mate[k])) {
			taken := f.hold(k, func(w int32) bool { return g.below(k, w) == d })
			if f.swapIn(k, mate) || f.cheapest() {
				mate, changed = f.mates(), true
				break
			}
			for _, w := range taken {
				f.can[k][w], f.can[w][k] = true, true
			}
		}
		d := g.below(k, mate[k])
		f.hold(k, func(w int32) bool { return g.below(k, w) == d })
	}
	if changed {
		f.cheapest()
	}
	return changed
}

// mates is f.best as each vertex's partner.
func (f *fewest) mates() []int32 {
	mate := make([]int32, f.n)
	for _, e := range f.best {
		mate[e[0]], mate[e[1]] = e[1], e[0]
	}
	return mate
}

// nearer lists how far below player k his partners are, those less than d,
// nearest first (gaps.below).
func (f *fewest) nearer(g gaps, k int32, d Points) []Points {
	var out []Points
	for w := range int32(len(f.ps)) {
		if x := g.below(k, w); f.can[k][w] && x < d && !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	slices.Sort(out)
	return out
}

// hold takes out the pairs of v with the players keep does not keep, and
// returns those players.
func (f *fewest) hold(v int32, keep func(w int32) bool) []int32 {
	var taken []int32
	for w := range int32(f.n) {
		if f.can[v][w] && !keep(w) {
			f.can[v][w], f.can[w][v] = false, false
			taken = append(taken, w)
		}
	}
	return taken
}

// swapIn pairs k with a partner f.can allows him by swapping partners with
// the partner's partner, when that costs no more: the search's witness
// without a search. It reports whether it did.
func (f *fewest) swapIn(k int32, mate []int32) bool {
	a := mate[k]
	for w := range int32(len(f.ps)) {
		b := mate[w]
		if !f.can[k][w] || w == a || !f.can[a][b] || f.pairCost(k, w)+f.pairCost(a, b) > f.pairCost(k, a)+f.pairCost(w, b) {
			continue
		}
		mate = slices.Clone(mate)
		mate[k], mate[w], mate[a], mate[b] = w, k, b, a
		f.best, f.bestCost = f.best[:0], 0
		if f.bye >= 0 {
			f.best = append(f.best, [2]int32{int32(f.bye), mate[f.bye]})
		}
		for v := range int32(len(f.ps)) {
			if u := mate[v]; v < u && u != int32(f.bye) {
				f.best = append(f.best, [2]int32{v, u})
				f.bestCost += f.pairCost(v, u)
			}
		}
		return true
	}
	return false
}

// cheapest searches the pairs f.can allows for a pairing that costs no more
// than the best, and makes it the best when there is one.
func (f *fewest) cheapest() bool {
	f.graphs()
	target := f.bestCost
	if f.bound() > target {
		return false
	}
	best := f.best
	f.best, f.bestCost, f.enough = nil, target+1, target
	f.search(0)
	if f.bestCost > target {
		f.best, f.bestCost = best, target
		return false
	}
	return true
}

// graph is the matcher of the pairs of f's vertices that edge allows.
func (f *fewest) graph(edge func(a, b int) bool) *matcher {
	adj := make([][]int32, f.n)
	for a := range f.n {
		for b := a + 1; b < f.n; b++ {
			if edge(a, b) {
				adj[a] = append(adj[a], int32(b))
				adj[b] = append(adj[b], int32(a))
			}
		}
	}
	return newMatcher(adj)
}
