package engine

import (
	"math/bits"
	"slices"
)

// solve finds the floater search's assignment: choice[k] is the group
// member floater k meets, −1 when he is left unpaired. Of the assignments
// of least cost it takes the first a walk would find that tries floater 0's
// partners in the group's order, then none, then floater 1's, and so on.
//
// The least cost is a min-cost flow: each floater sends one unit to a
// partner or to "none". Group members of one kind whom the same floaters may
// meet are interchangeable, so they are one node of the flow, as many units
// wide as they are many (a group of a thousand has a few dozen such
// classes). With the flow's potentials, an assignment is of least cost
// exactly when it differs from the flow's by cycles of edges of reduced cost
// zero; so the floaters are then fixed one by one in the walk's order, each
// to his first choice that such a cycle reaches — the walk's first
// assignment among the best, with no walk.
func (fp *floaterProblem) solve() []int {
	f := newFloaterFlow(fp)
	f.minCost()
	return f.firstBest()
}

// floaterClass is a flow node: group members of one kind that the same
// floaters may meet, in the group's order; the last class is "none".
type floaterClass struct {
	kind    int   // the members' kind; −1 for none
	members []int // group indexes
	next    int   // the first member no fixed floater took
	cap     int
}

// floaterFlow is the flow of solve. Nodes: floater k is k, class c is
// n+c, then the sink and the source.
type floaterFlow struct {
	fp      *floaterProblem
	n       int
	classes []floaterClass
	adj     [][]int32 // each floater's classes, none last
	assign  []int32   // each floater's class, −1 while the flow has not reached him
	used    []int     // the floaters each class holds
	holders [][]int32 // the floaters each class holds, but the fixed ones
	pot     []floaterCost
	sink    int32
	source  int32
	mark    []uint32 // search marks: mark[v] == stamp is marked
	stamp   uint32
	parent  []int32
	dist    []floaterCost
	done    []bool
	heap    []heapEntry
	fixed   []bool
	none    int32
}

func newFloaterFlow(fp *floaterProblem) *floaterFlow {
	n := len(fp.may)
	f := &floaterFlow{fp: fp, n: n}
	// Each member's floaters, as bits: the members with the same bits and
	// kind are one class.
	groupLen := len(fp.kind)
	fw := (n + 63) / 64
	of := bitRows(groupLen, fw)
	for k, may := range fp.may {
		for w, word := range may {
			for ; word != 0; word &= word - 1 {
				of[w*64+bits.TrailingZeros64(word)][k/64] |= 1 << (k % 64)
			}
		}
	}
	byKey := map[uint64][]int{}
	var classFloaters [][]uint64
	for j, fl := range of {
		if count(fl) == 0 {
			continue
		}
		h := uint64(fp.kind[j])
		for _, w := range fl {
			h = (h ^ w) * 1099511628211 // FNV's prime: a hash, collisions checked below
		}
		c := -1
		for _, i := range byKey[h] {
			if f.classes[i].kind == fp.kind[j] && slices.Equal(classFloaters[i], fl) {
				c = i
				break
			}
		}
		if c < 0 {
			c = len(f.classes)
			byKey[h] = append(byKey[h], c)
			f.classes = append(f.classes, floaterClass{kind: fp.kind[j]})
			classFloaters = append(classFloaters, fl)
		}
		f.classes[c].members = append(f.classes[c].members, j)
		f.classes[c].cap++
	}
	f.none = int32(len(f.classes))
	f.classes = append(f.classes, floaterClass{kind: -1, cap: n})
	f.adj = make([][]int32, n)
	for c, fl := range classFloaters {
		for w, word := range fl {
			for ; word != 0; word &= word - 1 {
				k := w*64 + bits.TrailingZeros64(word)
				f.adj[k] = append(f.adj[k], int32(c))
			}
		}
	}
	for k := range f.adj {
		f.adj[k] = append(f.adj[k], f.none)
	}
	nodes := n + len(f.classes) + 2
	f.sink, f.source = int32(nodes-2), int32(nodes-1)
	f.assign = make([]int32, n)
	for k := range f.assign {
		f.assign[k] = -1
	}
	f.used = make([]int, len(f.classes))
	f.holders = make([][]int32, len(f.classes))
	f.fixed = make([]bool, n)
	f.mark = make([]uint32, nodes)
	f.parent = make([]int32, nodes)
	f.dist = make([]floaterCost, nodes)
	f.done = make([]bool, nodes)
	// Potentials that make every edge's reduced cost non-negative before
	// any flow: a class's is its cheapest floater's cost, the sink's the
	// cheapest class's.
	f.pot = make([]floaterCost, nodes)
	seen := make([]bool, len(f.classes))
	for k := range n {
		for _, c := range f.adj[k] {
			if cost := f.cost(k, c); !seen[c] || cost.less(f.pot[n+int(c)]) {
				f.pot[n+int(c)], seen[c] = cost, true
			}
		}
	}
	for c := range f.classes {
		if p := f.pot[n+c]; c == 0 || p.less(f.pot[f.sink]) {
			f.pot[f.sink] = p
		}
	}
	return f
}

// cost is what floater k taking class c costs.
func (f *floaterFlow) cost(k int, c int32) floaterCost {
	if c == f.none {
		return f.fp.none[k]
	}
	return f.fp.pair[k][f.classes[c].kind]
}

// reduced is the reduced cost of the edge from floater k to class c
// (of the edge back, negated).
func (f *floaterFlow) reduced(k int, c int32) floaterCost {
	return f.cost(k, c).add(f.pot[k]).sub(f.pot[f.n+int(c)])
}

// toSink is the reduced cost of class c's edge to the sink.
func (f *floaterFlow) toSink(c int32) floaterCost {
	return f.pot[f.n+int(c)].sub(f.pot[f.sink])
}

var zeroCost floaterCost

// move puts floater k into class c.
func (f *floaterFlow) move(k int, c int32) {
	if old := f.assign[k]; old >= 0 {
		f.used[old]--
		h := f.holders[old]
		i := slices.Index(h, int32(k))
		h[i] = h[len(h)-1]
		f.holders[old] = h[:len(h)-1]
	}
	f.assign[k] = c
	f.used[c]++
	f.holders[c] = append(f.holders[c], int32(k))
}

// minCost sends every floater's unit by successive shortest paths: a
// Dijkstra search of reduced costs moves the potentials, then every path of
// reduced cost zero is taken before the next search.
func (f *floaterFlow) minCost() {
	for left := f.n; left > 0; {
		f.shortest()
		f.newStamp()
		for k := range f.n {
			if f.assign[k] < 0 && f.mark[k] != f.stamp && f.pot[f.source] == f.pot[k] && f.augment(k) {
				left--
			}
		}
	}
}

func (f *floaterFlow) newStamp() {
	f.stamp++
	if f.stamp == 0 {
		clear(f.mark)
		f.stamp = 1
	}
}

// augment looks for a path of reduced cost zero from floater k to the sink
// and moves the floaters along it. Nodes it could not get through stay
// marked: they are not tried again before the next search (that may miss
// a path; the next search finds it).
func (f *floaterFlow) augment(k int) bool {
	f.mark[k] = f.stamp
	for _, c := range f.adj[k] {
		if c == f.assign[k] || f.mark[f.n+int(c)] == f.stamp || f.reduced(k, c) != zeroCost {
			continue
		}
		if f.augmentClass(c) {
			f.move(k, c)
			f.mark[k] = 0
			return true
		}
	}
	return false
}

func (f *floaterFlow) augmentClass(c int32) bool {
	f.mark[f.n+int(c)] = f.stamp
	if f.used[c] < f.classes[c].cap && f.toSink(c) == zeroCost {
		f.mark[f.n+int(c)] = 0
		return true
	}
	for _, h := range f.holders[c] {
		if f.mark[h] != f.stamp && f.reduced(int(h), c) == zeroCost && f.augment(int(h)) {
			f.mark[f.n+int(c)] = 0
			return true
		}
	}
	return false
}

// shortest runs Dijkstra's search from the source over the residual edges'
// reduced costs until the sink is reached, and adds each node's distance
// (at most the sink's) to its potential.
func (f *floaterFlow) shortest() {
	clear(f.done)
	f.heap = f.heap[:0]
	f.dist[f.source] = zeroCost
	f.newStamp() // marked: has a distance
	f.mark[f.source] = f.stamp
	f.push(f.source)
	reach := func(v int32, d floaterCost) {
		if f.mark[v] != f.stamp || d.less(f.dist[v]) {
			f.mark[v], f.dist[v] = f.stamp, d
			f.push(v)
		}
	}
	for len(f.heap) > 0 {
		v := f.pop()
		if f.done[v] {
			continue
		}
		f.done[v] = true
		d := f.dist[v]
		switch {
		case v == f.sink:
			f.heap = f.heap[:0]
		case v == f.source:
			for k := range f.n {
				if f.assign[k] < 0 {
					reach(int32(k), d.add(f.pot[f.source]).sub(f.pot[k]))
				}
			}
		case int(v) < f.n:
			for _, c := range f.adj[v] {
				if c != f.assign[v] {
					reach(int32(f.n)+c, d.add(f.reduced(int(v), c)))
				}
			}
		default:
			c := v - int32(f.n)
			if f.used[c] < f.classes[c].cap {
				reach(f.sink, d.add(f.toSink(c)))
			}
			for _, h := range f.holders[c] {
				reach(h, d.sub(f.reduced(int(h), c)))
			}
		}
	}
	top := f.dist[f.sink]
	for v := range f.pot {
		d := top
		if f.done[v] && f.dist[v].less(top) {
			d = f.dist[v]
		}
		f.pot[v] = f.pot[v].add(d)
	}
}

// push puts v on the heap at its distance now: an entry keeps the
// distance it was pushed with, and an entry of a node already done is
// passed over.
func (f *floaterFlow) push(v int32) {
	f.heap = append(f.heap, heapEntry{v, f.dist[v]})
	h := f.heap
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !h[i].d.less(h[p].d) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (f *floaterFlow) pop() int32 {
	h := f.heap
	v := h[0].v
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < len(h) && h[l].d.less(h[m].d) {
			m = l
		}
		if r := l + 1; r < len(h) && h[r].d.less(h[m].d) {
			m = r
		}
		if m == i {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	f.heap = h
	return v
}

type heapEntry struct {
	v int32
	d floaterCost
}

// firstBest fixes the floaters in the walk's order, each to the first of
// his choices — free partners in the group's order, then none — with
// which a least-cost assignment remains: his class in the flow, or one a
// cycle of reduced cost zero through the floaters not yet fixed reaches.
func (f *floaterFlow) firstBest() []int {
	choice := make([]int, f.n)
	var opts []int32
	for k := range f.n {
		a := f.assign[k]
		// k's choices that may be least: his class, or one his edge to is
		// of reduced cost zero when his edge back from his class is too.
		opts = opts[:0]
		canMove := f.reduced(k, a) == zeroCost
		for _, c := range f.adj[k] {
			if c != f.none && f.classes[c].next == len(f.classes[c].members) {
				continue // its members are all taken
			}
			if c == a || canMove && f.reduced(k, c) == zeroCost {
				opts = append(opts, c)
			}
		}
		for len(opts) > 0 {
			i := f.firstChoice(opts)
			c := opts[i]
			if c == a || f.reroute(k, c) {
				break
			}
			opts = slices.Delete(opts, i, i+1)
		}
		// Fixed: k keeps his class and takes its first free member.
		f.fixed[k] = true
		c := f.assign[k]
		h := f.holders[c]
		i := slices.Index(h, int32(k))
		h[i] = h[len(h)-1]
		f.holders[c] = h[:len(h)-1]
		choice[k] = -1
		if c != f.none {
			cl := &f.classes[c]
			choice[k] = cl.members[cl.next]
			cl.next++
		}
	}
	return choice
}

// firstChoice is the index in opts of the class the walk tries first: the
// one whose first free member comes first in the group, none last.
func (f *floaterFlow) firstChoice(opts []int32) int {
	best := -1
	for i, c := range opts {
		if c == f.none {
			if best < 0 {
				best = i
			}
			continue
		}
		if best < 0 || opts[best] == f.none || f.first(c) < f.first(opts[best]) {
			best = i
		}
	}
	return best
}

func (f *floaterFlow) first(c int32) int { return f.classes[c].members[f.classes[c].next] }

// reroute moves floater k from his class a to class c when a path of
// reduced cost zero leads from c back to a through the residual edges of
// the floaters not fixed (breadth first), moving the floaters on it.
func (f *floaterFlow) reroute(k int, c int32) bool {
	a := f.n + int(f.assign[k])
	f.newStamp()
	queue := []int32{int32(f.n) + c}
	f.mark[queue[0]] = f.stamp
	f.mark[k] = f.stamp
	visit := func(from, v int32) {
		if f.mark[v] != f.stamp {
			f.mark[v], f.parent[v] = f.stamp, from
			queue = append(queue, v)
		}
	}
	found := false
	for len(queue) > 0 && !found {
		v := queue[0]
		queue = queue[1:]
		switch {
		case v == f.sink:
			for ci := range f.classes {
				if f.used[ci] > 0 && f.toSink(int32(ci)) == zeroCost {
					visit(v, int32(f.n+ci))
				}
			}
		case int(v) < f.n:
			for _, ci := range f.adj[v] {
				if ci != f.assign[v] && f.reduced(int(v), ci) == zeroCost {
					visit(v, int32(f.n)+ci)
				}
			}
		default:
			ci := v - int32(f.n)
			if f.used[ci] < f.classes[ci].cap && f.toSink(ci) == zeroCost {
				visit(v, f.sink)
			}
			for _, h := range f.holders[ci] {
				if f.reduced(int(h), ci) == zeroCost {
					visit(v, h)
				}
			}
		}
		found = f.mark[a] == f.stamp
	}
	if !found {
		return false
	}
	// Walk the path back from a: each floater on it moves to the class
	// after him.
	for v := int32(a); v != int32(f.n)+c; {
		p := f.parent[v]
		if int(p) < f.n {
			f.move(int(p), v-int32(f.n))
		}
		v = p
	}
	f.move(k, c)
	return true
}
