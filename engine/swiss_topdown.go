package engine

import (
	"math/bits"
	"slices"
)

// topDown makes the completeness step's pairing (R-SW-9) pair from the top
// down, as 由高调低 asks (R-SW-6 a: equal scores first, then the nearest):
// of the complete pairings the graph m allows, with the bye where it is,
// the one in which the first player in pairing order meets the nearest
// score below him he can (or one as high as his own, or higher: nothing
// below), the next the nearest he can while the first keeps his, and so on
// — the top scorers' gaps compared first, not the sum of all gaps. A pair's
// gap counts for its higher player; the player a floater meets in the
// group below gives nothing up by it, and which of that group meets the
// floater is left to the pairing order, as in the score groups (R-SW-8:
// the floater is paired first there). steer's pairing, each player with
// the nearest partner with whom the rest can still be paired, is mostly
// that already; it is not where a player's nearest partners share a score
// and the one he took was the one a player after him needed. pairs is
// steer's pairing; it stands where no player can meet a nearer score.
//
// Each player in turn, from the top: when a neighbour is nearer than his
// partner, a search (Gallai–Edmonds, as pairFirst's) says with whom the
// rest can still be paired, and he takes the nearest of them, the search's
// path rematching the rest. Then he keeps his gap: he refuses every
// partner at another gap from then on (matcher.refuse: once a search needs
// it, as most rounds need none). When any player's partner changed, the
// pairing is steered again through what is left: of the pairings that give
// every player his gap, the first in pairing order, as steer's own is
// where it stands.
//
// m is the graph steer paired, its matching steer's pairing (the bye's
// vertex aside).
func topDown(ps []*swissPlayer, m *matcher, pairs []pair, bye *swissPlayer) []pair {
	n := len(ps)
	m.reopen()
	if bye != nil {
		m.remove(int32(n), true)
		m.remove(int32(slices.Index(ps, bye)), true)
	}
	g := newGaps(ps)
	m.level = g.level
	m.refuse = make([][]uint64, len(g.start)-1)
	for l := range m.refuse {
		m.refuse[l] = make([]uint64, len(m.gone))
	}
	changed := false
	var held []int32 // players whose gap is kept but not yet refused: no search has needed it
	for k := range int32(n) {
		if m.removed[k] {
			continue
		}
		if g.below(k, m.mate[k]) == 0 {
			held = append(held, k) // nothing is nearer
			continue
		}
		if m.nearer(k, m.nearestFor(k, g), g) {
			for _, v := range held {
				g.keepGap(m, v)
			}
			held = held[:0]
			if near := m.nearestFor(k, g); m.nearer(k, near, g) {
				changed = m.nearerPartner(k, near, g) || changed
			}
		}
		held = append(held, k)
	}
	if !changed {
		return pairs
	}
	// Every complete pairing left in the graph gives each player the gap
	// he keeps: steer's choice among them, the first in pairing order.
	for _, v := range held {
		g.keepGap(m, v)
	}
	return steerPairs(ps, m, nil)
}

// nearer reports whether w, a neighbour of k's or −1, is nearer below k
// than his partner.
func (m *matcher) nearer(k, w int32, g gaps) bool {
	return w >= 0 && g.below(k, w) < g.below(k, m.mate[k])
}

// nearestFor is k's nearest neighbour (nearestIn) whom no barrier the
// searches proved rules out (matching_barrier.go), −1 when there is none.
func (m *matcher) nearestFor(k int32, g gaps) int32 {
	b := m.barredFor(k)
	return m.nearestIn(k, g, func(at int, word uint64) uint64 { return b.allow(at, word&^m.gone[at]) })
}

// nearerPartner rematches k with the nearest player with whom the rest of
// the graph can still be paired (the matching must be perfect), when he is
// nearer than k's partner, and reports whether k's partner changed. near,
// his nearest candidate, is tried first: a short alternating path (swapIn)
// pairs them without a search; else a search from the candidate's side
// says whether he may meet k, and when he may not, proves a barrier that
// rules him out for every player he may not meet — in a field whose top
// scorers may not meet among themselves, the one candidate many of them
// would each have searched for in vain. Then a search from k's side finds
// all of k's partners at once.
func (m *matcher) nearerPartner(k, near int32, g gaps) bool {
	if m.swapIn(k, near) || m.rematch(near, k, func([]uint64) int32 { return k }) {
		return true
	}
	if near = m.nearestFor(k, g); !m.nearer(k, near, g) {
		return false
	}
	if m.swapIn(k, near) {
		return true
	}
	farthest := g.below(k, m.mate[k])
	return m.rematch(k, near, func(outer []uint64) int32 {
		w := m.nearestIn(k, g, func(at int, word uint64) uint64 { return word & outer[at] })
		if w < 0 || g.below(k, w) >= farthest {
			return -1
		}
		return w
	})
}

// rematch takes u out of the graph and searches from his mate a, as
// pairFirst does, stopping once stop is an outer vertex: the outer vertices
// are partners with whom the rest can still be paired (all of them when
// the search does not reach stop, which then proves a barrier). u is
// paired with pick's choice among them, unless pick makes none (−1) or
// chooses a, the tree path rematching the rest, and put back; rematch
// reports whether his partner changed.
func (m *matcher) rematch(u, stop int32, pick func(outer []uint64) int32) bool {
	a := m.mate[u]
	m.remove(u, true)
	m.mate[u], m.mate[a] = -1, -1
	m.stopAt = stop
	if !m.grow(a) { // no other vertex is exposed: no augmenting path
		m.learnBarrier(u)
	}
	m.stopAt = -1
	defer m.reset()
	m.remove(u, false)
	w := pick(m.outer)
	if w < 0 || w == a || !has(m.outer, w) {
		m.mate[u], m.mate[a] = a, u
		return false
	}
	m.mark(u)
	m.parent[u] = w
	m.flip(u) // u–w, then the tree path from w back to a
	return true
}

// gaps are the score gaps between the players of ps, in pairing order
// (score high to low): a player's nearest scores are his nearest places,
// and the players of one score, a level, stand together.
type gaps struct {
	ps    []*swissPlayer
	level []int32 // by place; the bye's vertex, after the players, is in the last
	start []int32 // by level, its first place; then len(ps)
}

func newGaps(ps []*swissPlayer) gaps {
	g := gaps{ps: ps, level: make([]int32, len(ps)+1)}
	for i, p := range ps {
		if i == 0 || p.score != ps[i-1].score {
			g.start = append(g.start, int32(i))
		}
		g.level[i] = int32(len(g.start) - 1)
	}
	g.level[len(ps)] = g.level[len(ps)-1]
	g.start = append(g.start, int32(len(ps)))
	return g
}

// below is how far the score of the player at place b is below that of
// the player at place a: the gap a's pair counts for a (R-SW-6 a), 0 when
// b's score is as high.
func (g gaps) below(a, b int32) Points { return max(g.ps[a].score-g.ps[b].score, 0) }

// nearestIn is k's nearest neighbour: one of his score, else the nearest
// above him (nothing below him either way: the nearest of those, for a
// search that mostly finds them nearest), else the nearest below; −1 when
// there is none. Only the vertices filter keeps of each word of his row
// are looked at (64·at to 64·at+63 as bits), never those who refuse his
// level, nor the bye, the vertex after the players.
func (m *matcher) nearestIn(k int32, g gaps, filter func(at int, word uint64) uint64) int32 {
	r, ref := m.rows[k], m.refusing(k)
	word := func(i int) (int, uint64) {
		at := r.from + i
		w := filter(at, r.words[i])
		if ref != nil {
			w &^= ref[at]
		}
		return at, w
	}
	up, down := int32(-1), int32(-1)
	for i := min(int(k)/64-r.from, len(r.words)-1); i >= 0 && up < 0; i-- {
		at, w := word(i)
		if at == int(k)/64 {
			w &= 1<<(uint(k)%64) - 1
		}
		if w != 0 {
			up = int32(at*64 + 63 - bits.LeadingZeros64(w))
		}
	}
	for i := max(0, int(k)/64-r.from); i < len(r.words) && down < 0; i++ {
		at, w := word(i)
		if at == int(k)/64 {
			w &^= 1<<(uint(k)%64+1) - 1
		}
		if w != 0 {
			if v := int32(at*64 + bits.TrailingZeros64(w)); int(v) < len(g.ps) {
				down = v
			}
		}
	}
	if up < 0 || down >= 0 && g.level[down] == g.level[k] && g.level[up] != g.level[k] {
		return down
	}
	return up
}

// keepGap holds player v to the gap below him to his partner: he refuses
// every level at another, and his row keeps only those at that one — all
// from his own up when his partner is as high as he, else one level.
func (g gaps) keepGap(m *matcher, v int32) {
	want := g.below(v, m.mate[v])
	var keep [2]int32 // the places kept, from and to
	for l := range int32(len(g.start) - 1) {
		if g.below(v, g.start[l]) != want {
			m.refuse[l][v/64] |= 1 << (uint(v) % 64)
		} else if keep[1] == 0 {
			keep = [2]int32{g.start[l], g.start[l+1]}
		} else {
			keep[1] = g.start[l+1]
		}
	}
	r := m.rows[v]
	for i := range r.words {
		r.words[i] &= bitsIn(int32(r.from+i)*64, keep)
	}
}

// bitsIn is the places from span[0] to span[1] (not included) in the
// word of places first to first+63, as bits.
func bitsIn(first int32, span [2]int32) uint64 {
	lo, hi := max(span[0]-first, 0), min(span[1]-first, 64)
	if lo >= hi {
		return 0
	}
	return (^uint64(0) >> uint(64-(hi-lo))) << uint(lo)
}
