package engine

import "math/bits"

// barrier is a Tutte barrier of the matcher's graph: a set X of vertices
// whose removal leaves exactly |X| components of odd size. In a graph with
// a perfect matching every perfect matching then matches each vertex of X
// into a different odd component, so no edge inside X, nor from X to an
// even component, lies on any: pairing such two would leave the rest
// unpairable.
//
// pairFirst learns one whenever its search from u's mate fails to reach u's
// first candidate: the search has then covered G−u, and (Gallai–Edmonds) its
// inner vertices with u form a barrier of G, its outer vertices the odd
// components and the vertices it never reached the even ones. Taking a pair
// that lies on a perfect matching out of the graph — all pairFirst and commit
// take out — leaves the barrier's rest a barrier of what is left, its even
// part even: what one search proved rules out candidates of every later
// player, with no search (the steer asks of many players in a row whom the
// same scarce partners must go to). A vertex put back (pairFirst and commit
// put back what they took out when they find nothing) returns the graph to
// one the barriers were proved in or for.
type barrier struct {
	in   []uint64 // X, as bits
	tree []uint64 // X and its odd components: the search tree and u
}

// barriersKept is how many barriers the matcher keeps, the latest: an older
// one is mostly of players paired since.
const barriersKept = 8

// reopen puts every vertex back in the graph and forgets the barriers,
// which were proved of the graph with vertices taken out; the matching
// stays.
func (m *matcher) reopen() {
	clear(m.removed)
	clear(m.gone)
	m.barriers, m.oldest = m.barriers[:0], 0
}

// learnBarrier keeps the barrier that pairFirst's failed search for u's
// first candidate proved, in place of the oldest kept.
func (m *matcher) learnBarrier(u int32) {
	words := len(m.gone)
	var b *barrier
	if len(m.barriers) < barriersKept {
		m.barriers = append(m.barriers, barrier{in: make([]uint64, words), tree: make([]uint64, words)})
		b = &m.barriers[len(m.barriers)-1]
	} else {
		b = &m.barriers[m.oldest]
		m.oldest = (m.oldest + 1) % barriersKept
	}
	for i := range words {
		b.in[i] = m.inTree[i] &^ m.outer[i]
		b.tree[i] = m.inTree[i]
	}
	b.in[u/64] |= 1 << (uint(u) % 64)
	b.tree[u/64] |= 1 << (uint(u) % 64)
}

// firstAllowed is the first vertex in order (as pairFirst's) that no kept
// barrier proves u cannot be paired with, −1 when there is none.
func (m *matcher) firstAllowed(u int32, order []bitRow) int32 {
	b := m.barredFor(u)
	for _, r := range order {
		for i, word := range r.words {
			at := r.from + i
			if word = b.allow(at, word); word != 0 {
				return int32(at*64 + bits.TrailingZeros64(word))
			}
		}
	}
	return -1
}

// barred is what the kept barriers forbid one vertex, u. What each
// forbids depends on where u is: in the barrier, its partners in it and in
// its even part; in the even part, its partners in the barrier; in an odd
// component, nothing.
type barred struct {
	inBarrier, inEven [barriersKept]*barrier
	nb, ne            int
}

func (m *matcher) barredFor(u int32) barred {
	var b barred
	for i := range m.barriers {
		switch x := &m.barriers[i]; {
		case has(x.in, u):
			b.inBarrier[b.nb] = x
			b.nb++
		case !has(x.tree, u):
			b.inEven[b.ne] = x
			b.ne++
		}
	}
	return b
}

// allow is word, the vertices 64·at to 64·at+63 as bits, less those the
// barriers forbid u.
func (b *barred) allow(at int, word uint64) uint64 {
	for _, x := range b.inBarrier[:b.nb] {
		word &= x.tree[at] &^ x.in[at]
	}
	for _, x := range b.inEven[:b.ne] {
		word &^= x.in[at]
	}
	return word
}
