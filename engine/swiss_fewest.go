package engine

import "sort"

// fewestField is the largest field whose pairing is searched for the
// fewest players R-SW-12 is broken for; fewestBudget bounds that search.
// Past either, the pairing keeps the order's first choice and the record
// says so (R-SW-13).
const (
	fewestField  = 64
	fewestBudget = 50_000
)

// fewest is a branch-and-bound search for the complete pairing that breaks
// R-SW-12 for the fewest players (R-SW-9: "as few players as it can"),
// among the pairs the matching allowed. Each pair costs the players its
// better colour order breaks the rule for; a lower bound for the players
// still unpaired comes from a maximum matching of their free pairs (those
// that break nothing): every player it leaves out costs at least half a
// player more. The search walks the pairing order — the bye first, in the
// order R-S-3 gives, then each player with the nearest partner below — so of
// the cheapest pairings it finds the first in that order.
type fewest struct {
	s     *swiss
	n     int       // vertices: players, then the bye when there is one
	bye   int       // the bye's vertex, −1 when the field is even
	can   [][]bool  // allowed under the rules kept for this attempt
	cost  [][]int8  // players broken, with the better colour order
	order [][]int32 // each vertex's partners, in the order tried
	must  []bool    // breaks the rule whatever the colours (counts 1 in any pair)

	// The graphs the bound matches in, of the allowed pairs and of those
	// that break nothing: built once, matched among the players left.
	allowed, free *matcher

	best     [][2]int32
	bestCost int
	cur      [][2]int32
	used     []bool
	nodes    int
}

// searchFewest improves pairs (from steer) when a pairing under st's rules
// that breaks R-SW-12 for fewer players exists. It reports whether the pairing returned
// is proved to break it for as few players as possible.
func (s *swiss) searchFewest(ps, class []*swissPlayer, pairs []pair, bye *swissPlayer, st completion) ([]pair, *swissPlayer, bool) {
	if len(ps) > fewestField {
		return pairs, bye, false
	}
	f := s.newFewest(ps, class, st)
	at := index(ps)
	for _, p := range pairs {
		f.best = append(f.best, [2]int32{at[p.p[0]], at[p.p[1]]})
		f.bestCost += int(f.cost[at[p.p[0]]][at[p.p[1]]])
	}
	if bye != nil {
		f.best = append(f.best, [2]int32{int32(len(ps)), at[bye]})
	}
	first := f.bestCost
	if f.bound() < first {
		f.search(0)
	}
	if f.bestCost == first {
		return pairs, bye, f.nodes <= fewestBudget
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
	return pairs, bye, f.nodes <= fewestBudget
}

func (s *swiss) newFewest(ps, class []*swissPlayer, st completion) *fewest {
	n := len(ps)
	if class[0] != nil {
		n++
	}
	f := &fewest{s: s, n: n, bye: -1, used: make([]bool, n), must: make([]bool, n)}
	if n > len(ps) {
		f.bye = n - 1
	}
	f.can = make([][]bool, n)
	f.cost = make([][]int8, n)
	for i := range n {
		f.can[i], f.cost[i] = make([]bool, n), make([]int8, n)
	}
	three := !s.lastRound
	for i, a := range ps {
		f.must[i] = breaksAsRed(s, a) && breaksAsBlack(s, a)
		for j := i + 1; j < len(ps); j++ {
			b := ps[j]
			if !s.allowedUnder(st, a, b, true) {
				continue
			}
			c := min(s.breaks12(a, b, true, three), s.breaks12(b, a, true, three))
			f.can[i][j], f.can[j][i] = true, true
			f.cost[i][j], f.cost[j][i] = int8(c), int8(c)
		}
	}
	if n > len(ps) {
		at := index(ps)
		for _, c := range class {
			f.can[n-1][at[c]], f.can[at[c]][n-1] = true, true
		}
	}
	f.allowed = f.graph(func(a, b int) bool { return f.can[a][b] })
	f.free = f.graph(func(a, b int) bool { return f.can[a][b] && f.cost[a][b] == 0 && !f.must[a] && !f.must[b] })
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
	if f.nodes++; f.nodes > fewestBudget {
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
		if f.used[w] {
			continue
		}
		c := cost + int(f.cost[v][w])
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
// or more than any pairing when they cannot be paired at all: every player
// who breaks the rule whatever the colours costs one (but the one who may
// take the bye); of the others, those a maximum matching of the free pairs
// leaves out cost at least one a pair, less the ones that can meet a player
// of the first kind.
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
		return f.n + 1
	}
	free := f.maxMatched(f.free)
	lower := max(0, (others-must-free)/2)
	if bye {
		must = max(0, must-1)
	}
	return must + lower
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
