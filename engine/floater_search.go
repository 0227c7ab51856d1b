package engine

import "slices"

// potGroup is the classes of one kind (or none) and one potential: from
// a floater, every one of them he may take is as far (his edge's key less
// the potential), so shortest offers a floater's distance to the group
// once, not to each class — a group of a thousand members has a few dozen
// kinds and a few hundred classes, and their potentials are mostly one a
// kind.
type potGroup[C exact[C]] struct {
	col     int            // the kind, or the none column
	pot     C              // the classes' potential
	classes []int32        // the group's classes
	head    int32          // the first class of linkLive's list, −1 when none
	left    []int32        // shortest's: the classes not reached yet
	offers  []heapEntry[C] // shortest's: the floaters' offers, a heap by distance plus potential
}

// regroup sorts the classes into potential groups, after the potentials
// moved. A kind's groups are in the order of their potentials, so that a
// floater's one group of reduced cost zero of a kind is found by
// bisection (groupAt).
func (f *floaterFlow[C]) regroup() {
	if f.groupsOfCol == nil {
		f.groupsOfCol = make([][]int32, f.keyCols())
		f.groupOf = make([]int32, len(f.classes))
		f.byPot = make([]int32, len(f.classes))
		for c := range f.byPot {
			f.byPot[c] = int32(c)
		}
	}
	for i := range f.groupsOfCol {
		f.groupsOfCol[i] = f.groupsOfCol[i][:0]
	}
	col := f.colOf
	slices.SortFunc(f.byPot, func(a, b int32) int {
		if ca, cb := col(a), col(b); ca != cb {
			return ca - cb
		}
		pa, pb := f.pot[f.n+int(a)], f.pot[f.n+int(b)]
		switch {
		case pa.less(pb):
			return -1
		case pb.less(pa):
			return 1
		}
		return int(a - b)
	})
	f.groups = f.groups[:0]
	for i, c := range f.byPot {
		cc, pot := col(c), f.pot[f.n+int(c)]
		if i == 0 || cc != col(f.byPot[i-1]) || !pot.equal(f.pot[f.n+int(f.byPot[i-1])]) {
			// A new group, in the place (and the lists) of an old one
			// when there is one.
			g := int32(len(f.groups))
			if len(f.groups) < cap(f.groups) {
				f.groups = f.groups[:g+1]
				o := &f.groups[g]
				*o = potGroup[C]{col: cc, pot: pot, classes: o.classes[:0], left: o.left[:0], offers: o.offers[:0]}
			} else {
				f.groups = append(f.groups, potGroup[C]{col: cc, pot: pot})
			}
			f.groupsOfCol[cc] = append(f.groupsOfCol[cc], g)
		}
		g := int32(len(f.groups) - 1)
		f.groups[g].classes = append(f.groups[g].classes, c)
		f.groupOf[c] = g
	}
}

// groupAt is the group of column col whose potential is pot, −1 when none:
// by a look at each of a few groups, by bisection among more.
func (f *floaterFlow[C]) groupAt(col int, pot C) int32 {
	gs := f.groupsOfCol[col]
	if len(gs) <= 4 {
		for _, g := range gs {
			if f.groups[g].pot.equal(pot) {
				return g
			}
		}
		return -1
	}
	i, _ := slices.BinarySearchFunc(gs, pot, func(g int32, pot C) int {
		if f.groups[g].pot.less(pot) {
			return -1
		}
		return oneIf(!f.groups[g].pot.equal(pot))
	})
	if i < len(gs) && f.groups[gs[i]].pot.equal(pot) {
		return gs[i]
	}
	return -1
}

// listTight marks in each potential group's row of bits (tightIn) the
// floaters whose key is its potential, for reroute: asked once the flow is
// of least cost, not after every search (only firstBest reads them, and
// the potentials stand then).
func (f *floaterFlow[C]) listTight() {
	fw := (f.n + 63) / 64
	f.tightIn = bitRows(len(f.groups), fw)
	for k := range f.n {
		keys := f.keyRow(k)
		for _, col := range f.colsOf[k] {
			if g := f.groupAt(col, keys[col]); g >= 0 {
				f.tightIn[g][k/64] |= 1 << (k % 64)
			}
		}
	}
	f.unfixed, f.seen = slices.Clone(f.floatersOf[f.none]), make([]uint64, fw)
}

// shortest runs Dijkstra's search from the source over the residual edges'
// reduced costs until the sink is reached, and adds each node's distance
// (at most the sink's) to its potential. A floater's edges are offered to
// potential groups; the heap holds nodes and, for a group, its best offer
// (as −1−group): when that comes first, the group's classes the offering
// floater may take are reached, and the next offer waits for the others.
func (f *floaterFlow[C]) shortest() {
	clear(f.done)
	f.heap = f.heap[:0]
	for i := range f.groups {
		g := &f.groups[i]
		g.left = append(g.left[:0], g.classes...)
		g.offers = g.offers[:0]
	}
	var zero C
	f.dist[f.source] = zero
	f.newStamp() // marked: has a distance
	f.mark[f.source] = f.stamp
	pushEntry(&f.heap, heapEntry[C]{f.source, zero})
	// bound is the distance of a way to the sink found so far: nothing
	// as far or farther is settled before the sink, so it is not offered.
	var bound C
	bounded := false
	reach := func(v int32, d C) {
		if f.mark[v] != f.stamp || d.less(f.dist[v]) {
			f.mark[v], f.dist[v] = f.stamp, d
			pushEntry(&f.heap, heapEntry[C]{v, d})
		}
	}
	// reachClass is class c reached at distance d: its edges go on.
	reachClass := func(c int32, d C) {
		v := int32(f.n) + c
		f.done[v], f.dist[v] = true, d
		if f.used[c] < f.classes[c].cap {
			reach(f.sink, d.add(f.toSink(c)))
		}
		for _, h := range f.holders[c] {
			reach(h, d.add(f.pot[v]).sub(*f.key(int(h), c)))
		}
	}
	for len(f.heap) > 0 {
		e := popEntry(&f.heap)
		v, d := e.v, e.d
		if v < 0 {
			g := &f.groups[-1-v]
			if len(g.offers) == 0 || !g.offers[0].d.sub(g.pot).equal(d) {
				continue // an offer already taken
			}
			o := popEntry(&g.offers)
			for i := 0; i < len(g.left); {
				c := g.left[i]
				if f.floatersOf[c][o.v/64]&(1<<(uint(o.v)%64)) == 0 {
					i++
					continue
				}
				g.left[i] = g.left[len(g.left)-1]
				g.left = g.left[:len(g.left)-1]
				reachClass(c, d)
			}
			if len(g.left) > 0 && len(g.offers) > 0 {
				pushEntry(&f.heap, heapEntry[C]{v, g.offers[0].d.sub(g.pot)})
			}
			continue
		}
		if f.done[v] {
			continue
		}
		f.done[v] = true
		switch {
		case v == f.sink:
			f.heap = f.heap[:0]
		case v == f.source:
			for k := range f.n {
				if f.free[k] > 0 {
					reach(int32(k), d.add(f.pot[f.source]).sub(f.pot[k]))
				}
			}
		default: // a floater
			keys := f.keyRow(int(v))
			for _, col := range f.colsOf[v] {
				var at C // weighed once a group of the kind is left to reach
				weighed := false
				for _, gi := range f.groupsOfCol[col] {
					g := &f.groups[gi]
					may, free := f.mayReach(v, g)
					if !may {
						continue // none of the group's classes left is his to take
					}
					if !weighed {
						at, weighed = d.add(keys[col]), true
					}
					d := at.sub(g.pot)
					if bounded && !d.less(bound) {
						continue // no nearer than a way to the sink: the search ends first
					}
					if free {
						// A class with a member left: the sink is at most
						// as far as through it.
						if via := at.sub(f.pot[f.sink]); !bounded || via.less(bound) {
							bound, bounded = via, true
						}
					}
					if len(g.offers) == 0 || at.less(g.offers[0].d) {
						pushEntry(&f.heap, heapEntry[C]{-1 - gi, d})
					}
					pushEntry(&g.offers, heapEntry[C]{v, at})
				}
			}
		}
	}
	// Each node's potential grows by its distance, at most the sink's: the
	// same as growing by its distance less the sink's, as a shift of every
	// potential by one amount changes no reduced cost. So the nodes the
	// search did not settle nearer than the sink keep theirs, and their
	// keys stand: rekey weighs only the floaters that moved.
	top := f.dist[f.sink]
	for v := range f.pot {
		moved := f.done[v] && f.dist[v].less(top)
		if moved {
			f.pot[v] = f.pot[v].add(f.dist[v].sub(top))
		}
		if v < f.n {
			f.moved[v] = moved
		}
	}
	f.rekey(f.moved)
	f.regroup()
}

// mayReach reports whether floater v may take one of group g's classes
// not reached yet (an offer of his reaches nothing else, and the classes
// left only shrink), and whether one of those has a member left. A
// floater with every unit sent is reached only through his classes, so
// they are not among those left; a lot with units to send may send one
// more into a class it holds.
func (f *floaterFlow[C]) mayReach(v int32, g *potGroup[C]) (may, free bool) {
	for _, c := range g.left {
		if f.may(int(v), c) {
			may = true
			if f.used[c] < f.classes[c].cap {
				return true, true
			}
		}
	}
	return may, false
}

// colsOf lists, for each floater, the columns (kinds, and none) of the
// classes he may take: the kinds of his partners in the group.
func colsOf[C exact[C]](f *floaterFlow[C]) [][]int {
	cols := f.keyCols()
	words := len(f.fp.may[0])
	ofKind := bitRows(cols-1, words) // each kind's members
	for j, kind := range f.fp.kind {
		ofKind[kind][j/64] |= 1 << (j % 64)
	}
	out := make([][]int, f.n)
	for k, may := range f.fp.may {
		for kind, members := range ofKind {
			for w, word := range members {
				if word&may[w] != 0 {
					out[k] = append(out[k], kind)
					break
				}
			}
		}
		out[k] = append(out[k], cols-1)
	}
	return out
}

// heapEntry is a node (or a group, or an offer's floater) at a distance.
type heapEntry[C any] struct {
	v int32
	d C
}

// pushEntry and popEntry keep a binary heap by distance; an entry keeps
// the distance it was pushed with, and an entry of a node already done
// is passed over by the search.
func pushEntry[C exact[C]](heap *[]heapEntry[C], e heapEntry[C]) {
	h := append(*heap, e)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !e.d.less(h[p].d) {
			break
		}
		h[i] = h[p] // the parent moves down into the hole
		i = p
	}
	h[i] = e
	*heap = h
}

func popEntry[C exact[C]](heap *[]heapEntry[C]) heapEntry[C] {
	h := *heap
	top := h[0]
	last := len(h) - 1
	e := h[last]
	h = h[:last]
	if last > 0 {
		i := 0
		for {
			l, m := 2*i+1, -1
			if l < len(h) && h[l].d.less(e.d) {
				m = l
			}
			if r := l + 1; r < len(h) && h[r].d.less(e.d) && (m < 0 || h[r].d.less(h[m].d)) {
				m = r
			}
			if m < 0 {
				break
			}
			h[i] = h[m] // the smaller child moves up into the hole
			i = m
		}
		h[i] = e
	}
	*heap = h
	return top
}
