package engine

// matcher keeps a maximum matching of a general graph (Edmonds' blossom
// algorithm) while vertices are taken out of it pair by pair. It answers the
// question that makes the Swiss complete (R-SW-9): can the players not yet
// paired still all be paired, if these two meet now?
//
// Vertices are 0..n−1; adj lists each vertex's neighbours. commit(u, v)
// pairs u with v for good when the rest keeps a matching as large as
// before, and leaves everything as it was when it does not.
type matcher struct {
	adj     [][]int32
	mate    []int32 // −1: exposed
	removed []bool  // committed: no longer part of the graph

	// One augmenting-path search's working state, reset through touched.
	parent  []int32
	base    []int32
	used    []bool  // in the search tree as an outer vertex
	blossom []bool  // flagged: in the blossom being contracted
	flagged []int32 // the blossoms flagged
	next    []int32 // the blossom's next vertex after this one, −1 after the last
	last    []int32 // a base's blossom's last vertex
	onPath  []bool
	path    []int32 // lca's, reused
	touched []int32
	queue   []int32

	live, listed int // vertices not committed; of them when adj was compacted
}

func newMatcher(adj [][]int32) *matcher {
	n := len(adj)
	m := &matcher{
		adj:     adj,
		mate:    make([]int32, n),
		removed: make([]bool, n),
		parent:  make([]int32, n),
		base:    make([]int32, n),
		used:    make([]bool, n),
		blossom: make([]bool, n),
		next:    make([]int32, n),
		last:    make([]int32, n),
		onPath:  make([]bool, n),
		live:    n,
		listed:  n,
	}
	for i := range n {
		m.mate[i], m.parent[i], m.base[i] = -1, -1, int32(i)
		m.next[i], m.last[i] = -1, int32(i)
	}
	return m
}

// maximise grows the matching to a maximum one: greedily first, then by an
// augmenting path from every exposed vertex (Berge: a matching is maximum
// when no augmenting path is left, and a vertex from which the search
// finds none never gets one later).
func (m *matcher) maximise() {
	for v := range m.adj {
		if m.mate[v] >= 0 || m.removed[v] {
			continue
		}
		for _, w := range m.adj[v] {
			if m.mate[w] < 0 && !m.removed[w] {
				m.mate[v], m.mate[w] = w, int32(v)
				break
			}
		}
	}
	for v := range m.adj {
		if m.mate[v] < 0 && !m.removed[v] {
			m.augment(int32(v))
		}
	}
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
		m.removed[u], m.removed[v] = true, true
		m.live -= 2
		return true
	}
	a, b := m.mate[u], m.mate[v]
	m.removed[u], m.removed[v] = true, true
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
		m.live -= 2
		return true
	}
	m.removed[u], m.removed[v] = false, false
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

// partners lists every vertex w such that u–w lies on some perfect matching
// of the graph left, in one search where commit needs one for each w: with
// u taken out, its mate a is the only exposed vertex, and the vertices some
// maximum matching leaves exposed are exactly those that the search from a
// reaches as outer vertices, blossoms included (Gallai–Edmonds) — pairing
// u with w leaves the rest perfectly matchable exactly when w is one. The
// matching must be perfect.
func (m *matcher) partners(u int32) []int32 {
	a := m.mate[u]
	m.removed[u], m.mate[u], m.mate[a] = true, -1, -1
	m.grow(a) // no other vertex is exposed: the search finds no path
	var out []int32
	for _, v := range m.touched {
		if m.used[v] {
			m.used[v] = false // touched may hold v twice
			out = append(out, v)
		}
	}
	m.reset()
	m.removed[u], m.mate[u], m.mate[a] = false, a, u
	return out
}

// compact drops the committed vertices from the neighbour lists once half
// the vertices still in them are gone, so that a search late in the steer
// walks the graph left, not the whole field; the lists keep their order.
func (m *matcher) compact() {
	if 2*m.live > m.listed {
		return
	}
	for v, ns := range m.adj {
		if m.removed[v] {
			m.adj[v] = nil
			continue
		}
		kept := ns[:0]
		for _, w := range ns {
			if !m.removed[w] {
				kept = append(kept, w)
			}
		}
		m.adj[v] = kept
	}
	m.listed = m.live
}

// grow is augment's search, leaving its working state for the caller.
func (m *matcher) grow(root int32) bool {
	m.mark(root)
	m.used[root] = true
	m.queue = append(m.queue[:0], root)
	for qi := 0; qi < len(m.queue); qi++ {
		v := m.queue[qi]
		for _, to := range m.adj[v] {
			if m.removed[to] || m.base[v] == m.base[to] || m.mate[v] == to {
				continue
			}
			if to == root || m.mate[to] >= 0 && m.parent[m.mate[to]] >= 0 {
				m.shrink(v, to)
				continue
			}
			if m.parent[to] >= 0 {
				continue
			}
			m.mark(to)
			m.parent[to] = v
			if m.mate[to] < 0 {
				m.flip(to)
				return true
			}
			w := m.mate[to]
			m.mark(w)
			m.used[w] = true
			m.queue = append(m.queue, w)
		}
	}
	return false
}

// mark remembers that the search touched v, for reset.
func (m *matcher) mark(v int32) { m.touched = append(m.touched, v) }

func (m *matcher) reset() {
	for _, v := range m.touched {
		m.parent[v], m.base[v], m.used[v] = -1, v, false
		m.next[v], m.last[v] = -1, v
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
	for _, x := range m.flagged {
		m.blossom[x] = false
		if x == b {
			continue // b's blossom is outer already
		}
		for i := x; i >= 0; i = m.next[i] {
			m.base[i] = b
			if !m.used[i] {
				m.used[i] = true
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
