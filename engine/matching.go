package engine

import "math/bits"

// matcher keeps a maximum matching of a general graph (Edmonds' blossom
// algorithm) while vertices are taken out of it pair by pair. It answers the
// question that makes the Swiss complete (R-SW-9): can the players not yet
// paired still all be paired, if these two meet now?
//
// Vertices are 0..n−1; rows hold each vertex's neighbours as bits (a dense
// graph of a thousand players is 16 words a vertex, and a search reads a
// vertex's neighbours outside the tree a word at a time). commit(u, v)
// pairs u with v for good when the rest keeps a matching as large as
// before, and leaves everything as it was when it does not.
type matcher struct {
	rows    []bitRow
	mate    []int32 // −1: exposed
	removed []bool  // committed: no longer part of the graph
	gone    []uint64

	// One augmenting-path search's working state, reset through touched.
	parent  []int32
	base    []int32
	used    []bool   // in the search tree as an outer vertex
	outer   []uint64 // used, as bits
	inTree  []uint64 // touched, as bits
	blossom []bool   // flagged: in the blossom being contracted
	flagged []int32  // the blossoms flagged
	next    []int32  // the blossom's next vertex after this one, −1 after the last
	last    []int32  // a base's blossom's last vertex
	onPath  []bool
	path    []int32 // lca's, reused
	// The vertices of each blossom bigger than one, as bits, at
	// members[set[b]·words:] for its base b (set −1: none), so that the
	// search skips the outer vertices of a vertex's own blossom a word at a
	// time: a dense graph makes one large blossom, and checking its
	// vertices one by one for each of its vertices made a search quadratic.
	set     []int32
	members []uint64
	sets    int
	touched []int32
	queue   []int32
	stopAt  int32 // pairFirst's search stops once this vertex is outer; −1: none
	// What pairFirst's failed searches proved (matching_barrier.go): the
	// latest barriers, the oldest at barriers[oldest] once all are kept.
	barriers []barrier
	oldest   int
	pathEnd  int32 // the exposed vertex at which grow's last augmenting path ended

	// refuse, when set, holds by level the vertices that take no partner of
	// that level any more, and level each vertex's: their neighbours' rows
	// still hold them, and a search reads past them (the score gaps the
	// completeness step's players keep, topDown).
	refuse [][]uint64
	level  []int32
}

// newMatcher makes a matcher of the graph whose neighbour lists are adj.
func newMatcher(adj [][]int32) *matcher {
	rows := make([]bitRow, len(adj))
	for v, ns := range adj {
		if len(ns) == 0 {
			continue
		}
		lo, hi := ns[0], ns[0]
		for _, w := range ns {
			lo, hi = min(lo, w), max(hi, w)
		}
		r := bitRow{from: int(lo) / 64, words: make([]uint64, int(hi)/64+1-int(lo)/64)}
		for _, w := range ns {
			r.words[int(w)/64-r.from] |= 1 << (uint(w) % 64)
		}
		rows[v] = r
	}
	return rowsMatcher(rows)
}

// rowsMatcher makes a matcher of the graph whose rows are given; a row must
// hold w exactly when w's row holds its vertex.
func rowsMatcher(rows []bitRow) *matcher {
	n := len(rows)
	words := (n + 63) / 64
	m := &matcher{
		rows:    rows,
		mate:    make([]int32, n),
		removed: make([]bool, n),
		gone:    make([]uint64, words),
		outer:   make([]uint64, words),
		inTree:  make([]uint64, words),
		parent:  make([]int32, n),
		base:    make([]int32, n),
		used:    make([]bool, n),
		blossom: make([]bool, n),
		next:    make([]int32, n),
		last:    make([]int32, n),
		onPath:  make([]bool, n),
		set:     make([]int32, n),
		stopAt:  -1,
	}
	for i := range n {
		m.mate[i], m.parent[i], m.base[i] = -1, -1, int32(i)
		m.next[i], m.last[i], m.set[i] = -1, int32(i), -1
	}
	return m
}

// maximise grows the matching to a maximum one: greedily first, each vertex
// in order with its first free neighbour, then by the shortest augmenting
// paths a row shows (augmentShort), then by a search from every vertex
// still exposed (Berge: a matching is maximum when no augmenting path is
// left, and a vertex from which the search finds none never gets one
// later).
func (m *matcher) maximise() { m.match(false) }

// matchPerfect grows the matching to a perfect one, as maximise does, and
// reports whether it could: it stops at the first vertex no augmenting path
// reaches, which no maximum matching covers then — the search that fails
// searches the whole of its vertex's part of the graph, and in a field that
// cannot be paired many vertices would fail one after the other.
func (m *matcher) matchPerfect() bool { return m.match(true) }

func (m *matcher) match(stopAtExposed bool) bool {
	taken := append([]uint64(nil), m.gone...) // matched or removed, as bits
	for v := range m.rows {
		if m.mate[v] >= 0 || m.removed[v] {
			continue
		}
		r := m.rows[v]
		for i, word := range r.words {
			if free := word &^ taken[r.from+i]; free != 0 {
				w := int32((r.from+i)*64 + bits.TrailingZeros64(free))
				m.mate[v], m.mate[w] = w, int32(v)
				taken[v/64] |= 1 << (uint(v) % 64)
				taken[w/64] |= 1 << (uint(w) % 64)
				break
			}
		}
	}
	near := m.nearExposed(taken)
	perfect := true
	for v := range m.rows {
		if m.mate[v] >= 0 || m.removed[v] || m.augmentShort(int32(v), taken, near) {
			continue
		}
		if m.augment(int32(v)) {
			taken[v/64] |= 1 << (uint(v) % 64)
			taken[m.pathEnd/64] |= 1 << (uint(m.pathEnd) % 64)
			continue
		}
		if perfect = false; stopAtExposed {
			return false
		}
	}
	return perfect
}

// exposedNear is, as bits, the vertices next to one exposed vertex at least
// (one) and to two at least (two), when the greedy matching is made: the
// vertices exposed later are among those, so a vertex in neither, or next
// to one only who is u, has no exposed neighbour but u.
type exposedNear struct{ one, two []uint64 }

func (m *matcher) nearExposed(taken []uint64) exposedNear {
	words := len(taken)
	block := make([]uint64, 2*words)
	near := exposedNear{one: block[:words], two: block[words:]}
	for v, r := range m.rows {
		if has(taken, int32(v)) {
			continue
		}
		for i, word := range r.words {
			near.two[r.from+i] |= near.one[r.from+i] & word
			near.one[r.from+i] |= word
		}
	}
	return near
}

// mayExtend reports whether x may have an exposed neighbour other than u.
func (near exposedNear) mayExtend(x int32, u bitRow) bool {
	return has(near.two, x) || has(near.one, x) && !u.has(int(x))
}

// augmentShort looks for the shortest augmenting paths from the exposed
// vertex u, u–w–x–y with w–x matched and y exposed: most of the vertices the
// greedy matching leaves exposed have one, and it costs u's neighbours'
// rows, not a search — and of the rows, only those of the x that near says
// may have an exposed y. taken (matched or removed, as bits) is kept up to
// date; the rows are walked from their ends, as grow's are, so that the
// pairs it moves are of the players the steer reaches last.
func (m *matcher) augmentShort(u int32, taken []uint64, near exposedNear) bool {
	r := m.rows[u]
	for i := len(r.words) - 1; i >= 0; i-- {
		for word := r.words[i] &^ m.gone[r.from+i]; word != 0; {
			k := 63 - bits.LeadingZeros64(word)
			word &^= 1 << uint(k)
			w := int32((r.from+i)*64 + k)
			x := m.mate[w]
			if x < 0 || !near.mayExtend(x, r) {
				continue
			}
			xr := m.rows[x]
			for j := len(xr.words) - 1; j >= 0; j-- {
				free := xr.words[j] &^ taken[xr.from+j]
				if xr.from+j == int(u)/64 {
					free &^= 1 << (uint(u) % 64)
				}
				if free == 0 {
					continue
				}
				y := int32((xr.from+j)*64 + 63 - bits.LeadingZeros64(free))
				m.mate[u], m.mate[w] = w, u
				m.mate[x], m.mate[y] = y, x
				taken[u/64] |= 1 << (uint(u) % 64)
				taken[y/64] |= 1 << (uint(y) % 64)
				return true
			}
		}
	}
	return false
}

// size is the number of matched vertices outside the committed ones.
func (m *matcher) size() int {
	k := 0
	for v, w := range m.mate {
		if w >= 0 && !m.removed[v] {
			k++
		}
	}
	return k
}

// perfect reports whether every vertex outside the committed ones is matched.
func (m *matcher) perfect() bool {
	for v, w := range m.mate {
		if w < 0 && !m.removed[v] {
			return false
		}
	}
	return true
}

// commit takes u and v out of the graph as a pair when the vertices left
// still have a matching of the same size, that is: when u–v lies on some
// maximum matching of the current graph. The matching must be maximum and
// u, v matched (as in a perfect matching).
func (m *matcher) commit(u, v int32) bool {
	if m.mate[u] == v {
		m.remove(u, true)
		m.remove(v, true)
		return true
	}
	a, b := m.mate[u], m.mate[v]
	m.remove(u, true)
	m.remove(v, true)
	m.mate[u], m.mate[v] = -1, -1
	if a >= 0 {
		m.mate[a] = -1
	}
	if b >= 0 {
		m.mate[b] = -1
	}
	// Only a and b are exposed now: the rest is as large as before exactly
	// when an augmenting path joins them.
	if a < 0 || b < 0 || m.augment(a) {
		return true
	}
	m.remove(u, false)
	m.remove(v, false)
	m.mate[u], m.mate[a] = a, u
	m.mate[v], m.mate[b] = b, v
	return false
}

// augment searches an augmenting path from the exposed vertex root and
// flips it when found (Edmonds: odd cycles are shrunk to their base).
func (m *matcher) augment(root int32) bool {
	defer m.reset()
	return m.grow(root)
}

// pairFirst pairs u with the first of his neighbours in order (the vertices
// of order[0] in increasing order, then those of order[1], …; all still in
// the graph) with whom the rest keeps a perfect matching, and returns him;
// −1, and everything as it was, when there is none. The matching must be
// perfect. With u taken out, its mate a is the only exposed vertex, and the
// vertices some maximum matching leaves exposed are exactly those that a
// search from a reaches as outer vertices, blossoms included
// (Gallai–Edmonds): pairing u with w leaves the rest perfectly matchable
// exactly when w is one. So one search answers for every candidate — it
// stops as soon as it reaches the first — and the tree it grew holds the
// alternating path that rematches a, which is flipped with u–w added at its
// end: no second search to commit. Mostly no search at all: the barriers
// earlier searches proved (matching_barrier.go) rule out candidates before
// any search, and a short alternating path from a to the first candidate
// left's mate (swapIn) proves him and rematches the rest. A search that
// fails to reach that candidate proves a barrier of its own.
func (m *matcher) pairFirst(u int32, order ...bitRow) int32 {
	w := m.firstAllowed(u, order)
	if w < 0 {
		return -1
	}
	a := m.mate[u]
	if a == w || m.swapIn(u, w) {
		m.remove(u, true)
		m.remove(w, true)
		return w
	}
	m.remove(u, true)
	m.mate[u], m.mate[a] = -1, -1
	m.stopAt = w
	if !m.grow(a) { // no other vertex is exposed: the search finds no path
		m.learnBarrier(u)
	}
	m.stopAt = -1
	defer m.reset()
	// The first outer vertex in order: those before w lie on no perfect
	// matching, and are never outer.
	if w = firstIn(order, m.outer); w >= 0 {
		m.mark(u)
		m.parent[u] = w
		m.flip(u) // u–w, then the tree path from w back to a
		m.remove(w, true)
		return w
	}
	m.remove(u, false)
	m.mate[u], m.mate[a] = a, u
	return -1
}

// firstIn is the first vertex in order (as pairFirst's) that is in set, −1
// when there is none.
func firstIn(order []bitRow, set []uint64) int32 {
	for _, r := range order {
		for i, word := range r.words {
			if word &= set[r.from+i]; word != 0 {
				return int32((r.from+i)*64 + bits.TrailingZeros64(word))
			}
		}
	}
	return -1
}

// swapIn matches u with his neighbour w by the shortest alternating paths
// between their mates a and b, when there is one: a–b, or a–x and x's mate
// with b — a row or two of bits instead of a search. It reports whether it
// did; the matching stays perfect.
func (m *matcher) swapIn(u, w int32) bool {
	a, b := m.mate[u], m.mate[w]
	if b < 0 {
		return false
	}
	if m.adjacent(a, b) {
		m.mate[u], m.mate[w] = w, u
		m.mate[a], m.mate[b] = b, a
		return true
	}
	r, ref := m.rows[a], m.refusing(a)
	for i, word := range r.words {
		if ref != nil {
			word &^= ref[r.from+i]
		}
		for word &^= m.gone[r.from+i]; word != 0; word &= word - 1 {
			x := int32((r.from+i)*64 + bits.TrailingZeros64(word))
			y := m.mate[x]
			if x == u || x == w || x == b || y < 0 || y == u || y == w || !m.adjacent(y, b) {
				continue
			}
			m.mate[u], m.mate[w] = w, u
			m.mate[a], m.mate[x] = x, a
			m.mate[y], m.mate[b] = b, y
			return true
		}
	}
	return false
}

// adjacent reports whether v and w are neighbours.
func (m *matcher) adjacent(v, w int32) bool {
	ref := m.refusing(v)
	return m.rows[v].has(int(w)) && (ref == nil || !has(ref, w))
}

// refusing is the vertices that take no partner of v's level (refuse),
// nil when none is kept.
func (m *matcher) refusing(v int32) []uint64 {
	if m.refuse == nil {
		return nil
	}
	return m.refuse[m.level[v]]
}

// remove takes v out of the graph, or puts it back.
func (m *matcher) remove(v int32, out bool) {
	m.removed[v] = out
	if out {
		m.gone[v/64] |= 1 << (uint(v) % 64)
	} else {
		m.gone[v/64] &^= 1 << (uint(v) % 64)
	}
}

// grow is augment's search, leaving its working state for the caller; it
// reports whether it flipped an augmenting path or reached stopAt. An
// outer vertex's neighbours are read as bits, the outer ones (an odd
// cycle to shrink) and those not yet in the tree (to join it), so that in a
// dense graph a vertex costs a few words, not its whole list: most
// neighbours are in the tree soon. Each row is walked from its end: rows
// run in pairing order, and the paths flipped are then made of the
// players the steer reaches last, so that the players it reaches next keep
// the mates it will give them (their nearest partners) and pair without a
// search.
func (m *matcher) grow(root int32) bool {
	m.mark(root)
	m.setOuter(root)
	m.queue = append(m.queue[:0], root)
	for qi := 0; qi < len(m.queue); qi++ {
		v := m.queue[qi]
		row := m.rows[v]
		own := m.blossomBits(m.base[v])
		ref := m.refusing(v)
		for i := len(row.words) - 1; i >= 0; i-- {
			at := row.from + i
			word := row.words[i] & m.outer[at]
			if own != nil {
				word &^= own[at]
			}
			if ref != nil {
				word &^= ref[at]
			}
			for word != 0 {
				k := 63 - bits.LeadingZeros64(word)
				word &^= 1 << uint(k)
				to := int32(at*64 + k)
				if m.base[v] == m.base[to] || m.mate[v] == to {
					continue
				}
				m.shrink(v, to)
				if m.stopAt >= 0 && m.used[m.stopAt] {
					return true
				}
				own = m.blossomBits(m.base[v])
				if own != nil {
					word &^= own[at]
				}
			}
		}
		for i := len(row.words) - 1; i >= 0; i-- {
			at := row.from + i
			skip := m.gone[at] | m.inTree[at]
			if ref != nil {
				skip |= ref[at]
			}
			for word := row.words[i] &^ skip; word != 0; {
				k := 63 - bits.LeadingZeros64(word)
				word &^= 1 << uint(k)
				to := int32(at*64 + k)
				if m.inTree[at]&(1<<uint(k)) != 0 {
					continue // joined the tree since the word was read
				}
				m.mark(to)
				m.parent[to] = v
				if m.mate[to] < 0 {
					m.pathEnd = to
					m.flip(to)
					return true
				}
				w := m.mate[to]
				m.mark(w)
				m.setOuter(w)
				if w == m.stopAt {
					return true
				}
				m.queue = append(m.queue, w)
			}
		}
	}
	return false
}

// mark remembers that the search touched v, for reset.
func (m *matcher) mark(v int32) {
	m.touched = append(m.touched, v)
	m.inTree[v/64] |= 1 << (uint(v) % 64)
}

// setOuter makes v an outer vertex of the search tree.
func (m *matcher) setOuter(v int32) {
	m.used[v] = true
	m.outer[v/64] |= 1 << (uint(v) % 64)
}

// blossomBits is the vertices of the blossom based at b, nil while it is b
// alone.
func (m *matcher) blossomBits(b int32) []uint64 {
	if m.set[b] < 0 {
		return nil
	}
	w := len(m.gone)
	return m.members[int(m.set[b])*w : int(m.set[b]+1)*w]
}

// newBlossomBits gives b, a vertex alone so far, a set of its own.
func (m *matcher) newBlossomBits(b int32) []uint64 {
	w := len(m.gone)
	if need := (m.sets + 1) * w; need > len(m.members) {
		m.members = append(m.members, make([]uint64, need-len(m.members))...)
	}
	m.set[b] = int32(m.sets)
	m.sets++
	bs := m.blossomBits(b)
	clear(bs)
	bs[b/64] |= 1 << (uint(b) % 64)
	return bs
}

func (m *matcher) reset() {
	m.sets = 0
	for _, v := range m.touched {
		m.parent[v], m.base[v], m.used[v] = -1, v, false
		m.next[v], m.last[v], m.set[v] = -1, v, -1
		m.inTree[v/64] &^= 1 << (uint(v) % 64)
		m.outer[v/64] &^= 1 << (uint(v) % 64)
	}
	m.touched = m.touched[:0]
}

// flip augments along the path that ends at the exposed vertex v.
func (m *matcher) flip(v int32) {
	for v >= 0 {
		pv := m.parent[v]
		ppv := m.mate[pv]
		m.mate[v], m.mate[pv] = pv, v
		v = ppv
	}
}

// shrink contracts the odd cycle closed by the edge v–to into its base.
// Each blossom keeps its vertices in a list (next, from the base to last),
// so that contracting walks the blossoms on the cycle, not the whole tree:
// a dense graph makes many blossoms, and a walk of the tree for each made
// a search quadratic.
func (m *matcher) shrink(v, to int32) {
	b := m.lca(v, to)
	m.flagged = m.flagged[:0]
	m.markPath(v, b, to)
	m.markPath(to, b, v)
	bs := m.blossomBits(b)
	if bs == nil {
		bs = m.newBlossomBits(b)
	}
	for _, x := range m.flagged {
		m.blossom[x] = false
		if x == b {
			continue // b's blossom is outer already
		}
		for i := x; i >= 0; i = m.next[i] {
			m.base[i] = b
			bs[i/64] |= 1 << (uint(i) % 64)
			if !m.used[i] {
				m.setOuter(i)
				m.queue = append(m.queue, i)
			}
		}
		m.next[m.last[b]], m.last[b] = x, m.last[x]
	}
}

// flag marks the blossom based at x as part of the one being contracted.
func (m *matcher) flag(x int32) {
	if !m.blossom[x] {
		m.blossom[x] = true
		m.flagged = append(m.flagged, x)
	}
}

// lca is the base of the blossom that the tree paths of a and b close.
func (m *matcher) lca(a, b int32) int32 {
	path := m.path[:0]
	for {
		a = m.base[a]
		m.onPath[a] = true
		path = append(path, a)
		if m.mate[a] < 0 {
			break
		}
		a = m.parent[m.mate[a]]
	}
	found := int32(-1)
	for {
		b = m.base[b]
		if m.onPath[b] {
			found = b
			break
		}
		b = m.parent[m.mate[b]]
	}
	for _, x := range path {
		m.onPath[x] = false
	}
	m.path = path
	return found
}

func (m *matcher) markPath(v, b, child int32) {
	for m.base[v] != b {
		m.flag(m.base[v])
		m.flag(m.base[m.mate[v]])
		m.parent[v] = child
		child = m.mate[v]
		v = m.parent[m.mate[v]]
	}
}
