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
//
// Floaters of one kind whom the same members may meet are interchangeable
// too: the least cost is found with each such lot one node of the flow, as
// many units wide as it has floaters (red-wins' large searches have a
// tenth to two thirds as many lots as floaters), and then handed out to the lot's floaters, one a
// unit, for firstBest, which needs only a flow of least cost and its
// potentials — any handing out of a lot's units is one.
func (fp *floaterProblem[C]) solve() []int {
	lots, lotOf := fp.lots()
	if len(lots.may) == len(fp.may) {
		f := newFloaterFlow(fp, nil)
		f.minCost()
		return f.firstBest()
	}
	size := make([]int, len(lots.may))
	for _, l := range lotOf {
		size[l]++
	}
	merged := newFloaterFlow(&lots, size)
	merged.minCost()
	return merged.forFloaters(fp, lotOf).firstBest()
}

// lots is fp with its floaters of one row of costs and one row of
// partners as one floater each (the first of them), and each floater's
// lot.
func (fp *floaterProblem[C]) lots() (lots floaterProblem[C], lotOf []int) {
	var index rowIndex
	lotOf = make([]int, len(fp.may))
	ft := &floaterTerms{kind: fp.kind, kinds: fp.kinds}
	lots.floaterTerms = ft
	for k, may := range fp.may {
		l, added := index.number([2]int{fp.row[k], fp.left[k]}, may)
		if added {
			ft.row = append(ft.row, fp.row[k])
			ft.left = append(ft.left, fp.left[k])
			lots.pair = append(lots.pair, fp.pair[k])
			lots.none = append(lots.none, fp.none[k])
		}
		lotOf[k] = l
	}
	ft.may = index.rows
	return lots, lotOf
}

// rowIndex numbers the distinct pairs of a tag and a row of bits, in the
// order they are first met: the floaters of one lot, the members of one
// class.
type rowIndex struct {
	byHash map[uint64][]int // the numbers of the pairs of a hash
	tags   [][2]int
	rows   [][]uint64
}

// number is the number of the pair (tag, row), and whether it is new.
func (x *rowIndex) number(tag [2]int, row []uint64) (i int, added bool) {
	h := uint64(tag[0])*1099511628211 ^ uint64(tag[1])
	for _, w := range row {
		h = (h ^ w) * 1099511628211 // FNV's prime: a hash, collisions checked below
	}
	for _, i := range x.byHash[h] {
		if x.tags[i] == tag && slices.Equal(x.rows[i], row) {
			return i, false
		}
	}
	if x.byHash == nil {
		x.byHash = map[uint64][]int{}
	}
	i = len(x.rows)
	x.byHash[h] = append(x.byHash[h], i)
	x.tags, x.rows = append(x.tags, tag), append(x.rows, row)
	return i, true
}

// forFloaters is the flow of fp's floaters in the state of merged, their
// lots' flow of least cost: the same classes; each floater takes his lot's
// potential and one of its units, in his lot's classes.
func (merged *floaterFlow[C]) forFloaters(fp *floaterProblem[C], lotOf []int) *floaterFlow[C] {
	f := &floaterFlow[C]{fp: fp, n: len(fp.may), classes: slices.Clone(merged.classes[:merged.none])}
	fw := (f.n + 63) / 64
	classFloaters := bitRows(len(f.classes), fw)
	f.colsOf = make([][]int, f.n)
	for k, l := range lotOf {
		for c, lots := range merged.floatersOf[:merged.none] {
			if has(lots, int32(l)) {
				classFloaters[c][k/64] |= 1 << (k % 64)
			}
		}
		f.colsOf[k] = merged.colsOf[l]
	}
	f.build(nil, classFloaters)
	members := make([][]int, merged.n) // each lot's floaters not yet placed
	for k, l := range lotOf {
		members[l] = append(members[l], k)
		f.pot[k] = merged.pot[l]
	}
	for c := range f.classes {
		f.pot[f.n+c] = merged.pot[merged.n+c]
		for _, l := range merged.holders[c] {
			k := members[l][0]
			members[l] = members[l][1:]
			f.move(k, -1, int32(c))
		}
	}
	f.pot[f.sink], f.pot[f.source] = merged.pot[merged.sink], merged.pot[merged.source]
	// A floater's keys are his lot's: the same costs plus the same
	// potential.
	f.keys = make([]C, f.n*f.keyCols())
	for k, l := range lotOf {
		copy(f.keyRow(k), merged.keyRow(l))
	}
	f.regroup()
	return f
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
// n+c, then the sink and the source. Floater k sends size[k] units (one
// when size is nil): a lot of floaters, in solve's merged flow.
type floaterFlow[C exact[C]] struct {
	fp      *floaterProblem[C]
	n       int
	classes []floaterClass
	// floatersOf[c] holds the floaters who may take class c, as bits.
	floatersOf  [][]uint64
	assign      []int32   // each floater's class (his last unit's), −1 while the flow has not reached him
	free        []int     // each floater's units the flow has not sent yet
	used        []int     // the floaters each class holds
	holders     [][]int32 // the floaters each class holds, but the fixed ones
	pot         []C
	sink        int32
	source      int32
	mark        []uint32 // search marks: mark[v] == stamp is marked
	stamp       uint32
	parent      []int32
	dist        []C
	done        []bool
	heap        []heapEntry[C]
	queue       []int32
	groups      []potGroup[C] // the classes by kind and potential (regroup)
	groupsOfCol [][]int32     // each kind's groups, then none's
	colsOf      [][]int       // each floater's kinds (and none) of classes he may take
	nextLive    []int32       // linkLive's lists
	prevLive    []int32
	groupOf     []int32 // each class's group
	keys        []C     // rekey's: n rows of a key a kind, then none's
	moved       []bool  // the floaters whose potential the last search moved
	none        int32
	round       uint32    // the rounds of augmenting searches, one a Dijkstra search
	tightOf     [][]int32 // tightGroups' lists, made in round tightRound
	tightRound  []uint32
	byPot       []int32 // the classes by kind and potential (regroup)
	// For firstBest's reroute, as bits: each group's floaters whose key is
	// its potential, the floaters not fixed, and those a search has seen.
	tightIn       [][]uint64
	unfixed, seen []uint64
}

func newFloaterFlow[C exact[C]](fp *floaterProblem[C], size []int) *floaterFlow[C] {
	n := len(fp.may)
	f := &floaterFlow[C]{fp: fp, n: n}
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
	var index rowIndex
	for j, fl := range of {
		if count(fl) == 0 {
			continue
		}
		c, added := index.number([2]int{fp.kind[j]}, fl)
		if added {
			f.classes = append(f.classes, floaterClass{kind: fp.kind[j]})
		}
		f.classes[c].members = append(f.classes[c].members, j)
		f.classes[c].cap++
	}
	f.build(size, index.rows)
	if n > 0 {
		f.colsOf = colsOf(f)
	}
	return f
}

// build makes the flow's nodes for its classes, whose floaters are
// classFloaters, and none.
func (f *floaterFlow[C]) build(size []int, classFloaters [][]uint64) {
	n := f.n
	fw := (n + 63) / 64
	f.none = int32(len(f.classes))
	f.free = make([]int, n)
	for k := range f.free {
		f.free[k] = 1
		if size != nil {
			f.free[k] = size[k]
		}
	}
	units := 0
	for _, u := range f.free {
		units += u
	}
	f.classes = append(f.classes, floaterClass{kind: -1, cap: units})
	everyone := make([]uint64, fw)
	for k := range n {
		everyone[k/64] |= 1 << (k % 64)
	}
	f.floatersOf = append(classFloaters, everyone)
	nodes := n + len(f.classes) + 2
	f.sink, f.source = int32(nodes-2), int32(nodes-1)
	f.assign = make([]int32, n)
	for k := range f.assign {
		f.assign[k] = -1
	}
	f.used = make([]int, len(f.classes))
	f.holders = make([][]int32, len(f.classes))
	f.moved = make([]bool, n)
	f.tightOf, f.tightRound = make([][]int32, n), make([]uint32, n)
	f.mark = make([]uint32, nodes)
	f.parent = make([]int32, nodes)
	f.dist = make([]C, nodes)
	f.done = make([]bool, nodes)
	f.pot = make([]C, nodes)
}

// startPotentials sets potentials that make every edge's reduced cost
// non-negative before any flow: a class's is the least cost of its kind
// over all floaters (none's, the least of leaving one unpaired), the
// sink's the least class's.
func (f *floaterFlow[C]) startPotentials() {
	fp, n := f.fp, f.n
	if n > 0 {
		least := slices.Clone(fp.pair[0])
		noneLeast := fp.none[0]
		for k := range n {
			for i, pc := range fp.pair[k] {
				if pc.less(least[i]) {
					least[i] = pc
				}
			}
			if fp.none[k].less(noneLeast) {
				noneLeast = fp.none[k]
			}
		}
		for c := range f.classes {
			f.pot[n+c] = noneLeast
			if int32(c) != f.none {
				f.pot[n+c] = least[f.classes[c].kind]
			}
		}
	}
	for c := range f.classes {
		if p := f.pot[n+c]; c == 0 || p.less(f.pot[f.sink]) {
			f.pot[f.sink] = p
		}
	}
	if n > 0 {
		f.rekey(nil)
		f.regroup()
	}
}

// rekey weighs, after the potentials moved, each floater's edges plus his
// potential once a kind (keys): the reduced cost of the edge from floater k
// to class c is key(k, c) less c's potential, and the edge is of reduced
// cost zero when the two are equal — a comparison, not a sum, an edge.
// Only the floaters marked in moved are weighed, all when it is nil.
func (f *floaterFlow[C]) rekey(moved []bool) {
	cols := f.keyCols()
	if f.keys == nil {
		f.keys = make([]C, f.n*cols)
	}
	for k := range f.n {
		if moved != nil && !moved[k] {
			continue
		}
		row := f.keyRow(k)
		for _, col := range f.colsOf[k] { // only the kinds he may take are asked
			if col == cols-1 {
				row[col] = f.fp.none[k].add(f.pot[k])
			} else {
				row[col] = f.fp.pair[k][col].add(f.pot[k])
			}
		}
	}
}

// keyCols is the columns of a floater's row of keys: one a kind of group
// member, then none's.
func (f *floaterFlow[C]) keyCols() int { return len(f.fp.pair[0]) + 1 }

// keyRow is floater k's row of keys.
func (f *floaterFlow[C]) keyRow(k int) []C {
	cols := f.keyCols()
	return f.keys[k*cols : (k+1)*cols]
}

// colOf is class c's column in a row of keys: its members' kind, or none's.
func (f *floaterFlow[C]) colOf(c int32) int {
	if c == f.none {
		return f.keyCols() - 1
	}
	return f.classes[c].kind
}

// key is the cost of floater k's edge to class c plus his potential.
func (f *floaterFlow[C]) key(k int, c int32) *C { return &f.keyRow(k)[f.colOf(c)] }

// tight reports whether the edge between floater k and class c is of
// reduced cost zero.
func (f *floaterFlow[C]) tight(k int, c int32) bool {
	return (*f.key(k, c)).equal(f.pot[f.n+int(c)])
}

// tightSink reports whether class c's edge to the sink is of reduced cost
// zero.
func (f *floaterFlow[C]) tightSink(c int32) bool { return f.pot[f.n+int(c)].equal(f.pot[f.sink]) }

// toSink is the reduced cost of class c's edge to the sink.
func (f *floaterFlow[C]) toSink(c int32) C {
	return f.pot[f.n+int(c)].sub(f.pot[f.sink])
}

// move puts a unit of floater k from class from (−1: one not sent yet)
// into class c.
func (f *floaterFlow[C]) move(k int, from, c int32) {
	if from >= 0 {
		f.used[from]--
		f.dropHolder(from, k)
	} else {
		f.free[k]--
	}
	f.assign[k] = c
	f.used[c]++
	f.holders[c] = append(f.holders[c], int32(k))
}

// dropHolder takes floater k out of class c's holders (their order does
// not matter).
func (f *floaterFlow[C]) dropHolder(c int32, k int) {
	h := f.holders[c]
	i := slices.Index(h, int32(k))
	h[i] = h[len(h)-1]
	f.holders[c] = h[:len(h)-1]
}

// minCost sends every floater's unit by successive shortest paths: a
// Dijkstra search of reduced costs moves the potentials, then every path of
// reduced cost zero is taken before the next search.
func (f *floaterFlow[C]) minCost() {
	f.startPotentials()
	left := 0
	for _, u := range f.free {
		left += u
	}
	for left > 0 {
		f.shortest()
		f.round++
		f.newStamp()
		f.linkLive()
		for k := range f.n {
			for f.free[k] > 0 && f.mark[k] != f.stamp && f.pot[f.source].equal(f.pot[k]) && f.augment(k, -1) {
				left--
			}
		}
	}
}

func (f *floaterFlow[C]) newStamp() {
	f.stamp++
	if f.stamp == 0 {
		clear(f.mark)
		f.stamp = 1
	}
}

// augment looks for a path of reduced cost zero from floater k, for his
// unit in class from (−1: one not sent yet), to the sink and moves the
// floaters along it. Nodes it could not get through stay marked: they are
// not tried again before the next search (that may miss a path; the next
// search finds it).
func (f *floaterFlow[C]) augment(k int, from int32) bool {
	f.mark[k] = f.stamp
	for _, gi := range f.tightGroups(k) {
		for c := f.groups[gi].head; c >= 0; c = f.nextLive[c] {
			if f.mark[f.n+int(c)] == f.stamp || !f.may(k, c) {
				continue // from is marked: the search came through it
			}
			if f.augmentClass(c) {
				f.move(k, from, c)
				f.mark[k] = 0
				return true
			}
		}
	}
	return false
}

// tightGroups are the potential groups floater k's edges of reduced cost
// zero lead to: those whose potential is his key of their kind. The
// potentials stand through a round of augmenting searches, which come
// through a floater many times, so his groups are found once a round.
func (f *floaterFlow[C]) tightGroups(k int) []int32 {
	if f.tightRound[k] == f.round {
		return f.tightOf[k]
	}
	keys, out := f.keyRow(k), f.tightOf[k][:0]
	for _, col := range f.colsOf[k] {
		if g := f.groupAt(col, keys[col]); g >= 0 {
			out = append(out, g)
		}
	}
	f.tightOf[k], f.tightRound[k] = out, f.round
	return out
}

// may reports whether floater k may take class c.
func (f *floaterFlow[C]) may(k int, c int32) bool {
	return has(f.floatersOf[c], int32(k))
}

func (f *floaterFlow[C]) augmentClass(c int32) bool {
	// Out of the lists while searched: a class the search is on or could
	// not get through is not looked at again.
	f.mark[f.n+int(c)] = f.stamp
	f.unlink(c)
	if f.used[c] < f.classes[c].cap && f.tightSink(c) {
		f.mark[f.n+int(c)] = 0
		f.relink(c)
		return true
	}
	for _, h := range f.holders[c] {
		if f.mark[h] != f.stamp && f.tight(int(h), c) && f.augment(int(h), c) {
			f.mark[f.n+int(c)] = 0
			f.relink(c)
			return true
		}
	}
	return false
}

// linkLive links each group's classes in a list the augmenting searches
// walk; a class is unlinked while they search it, and stays so when they
// could not get through it, until the next Dijkstra search. A walk
// standing on a class unlinked meanwhile goes on by its link, which is
// kept.
func (f *floaterFlow[C]) linkLive() {
	if f.nextLive == nil {
		f.nextLive, f.prevLive = make([]int32, len(f.classes)), make([]int32, len(f.classes))
	}
	for i := range f.groups {
		g := &f.groups[i]
		g.head = -1
		for j := len(g.classes) - 1; j >= 0; j-- {
			c := g.classes[j]
			f.nextLive[c], f.prevLive[c] = g.head, -1
			if g.head >= 0 {
				f.prevLive[g.head] = c
			}
			g.head = c
		}
	}
}

func (f *floaterFlow[C]) unlink(c int32) {
	g := &f.groups[f.groupOf[c]]
	next, prev := f.nextLive[c], f.prevLive[c]
	if prev >= 0 {
		f.nextLive[prev] = next
	} else if g.head == c {
		g.head = next
	} else {
		return // unlinked already
	}
	if next >= 0 {
		f.prevLive[next] = prev
	}
	f.prevLive[c] = -1
}

// relink puts class c back at the head of its group's list.
func (f *floaterFlow[C]) relink(c int32) {
	g := &f.groups[f.groupOf[c]]
	f.nextLive[c], f.prevLive[c] = g.head, -1
	if g.head >= 0 {
		f.prevLive[g.head] = c
	}
	g.head = c
}

// firstBest fixes the floaters in the walk's order, each to the first of
// his choices — free partners in the group's order, then none — with
// which a least-cost assignment remains: his class in the flow, or one
// from which a path of reduced cost zero through the floaters not yet
// fixed leads back to his class (a cycle of cost zero with his move).
func (f *floaterFlow[C]) firstBest() []int {
	f.listTight()
	choice := make([]int, f.n)
	var opts []int32
	for k := range f.n {
		a := f.assign[k]
		// k's choices that may be least: his class, or one his edge to is
		// of reduced cost zero (in a group whose potential is his key) when
		// his edge back from his class is too — with a member left.
		opts = append(opts[:0], a)
		if f.tight(k, a) {
			keys := f.keyRow(k)
			for _, col := range f.colsOf[k] {
				gi := f.groupAt(col, keys[col])
				if gi < 0 {
					continue
				}
				for _, c := range f.groups[gi].classes {
					if c != a && f.may(k, c) && (c == f.none || f.classes[c].next < len(f.classes[c].members)) {
						opts = append(opts, c)
					}
				}
			}
		}
		slices.SortFunc(opts, func(x, y int32) int { return f.rank(x) - f.rank(y) })
		if opts[0] != a {
			f.reroute(k, opts)
		}
		// Fixed: k keeps his class and takes its first free member.
		f.unfixed[k/64] &^= 1 << (k % 64)
		c := f.assign[k]
		f.dropHolder(c, k)
		choice[k] = -1
		if c != f.none {
			cl := &f.classes[c]
			choice[k] = cl.members[cl.next]
			cl.next++
		}
	}
	return choice
}

// rank orders a floater's choices as the walk tries them: a class by its
// first free member in the group, none last.
func (f *floaterFlow[C]) rank(c int32) int {
	if c == f.none {
		return len(f.fp.kind)
	}
	return f.classes[c].members[f.classes[c].next]
}

// reroute moves floater k to the first of opts (in the walk's order, his
// own class among them) from which a path of reduced cost zero leads back
// to his class through the residual edges of the floaters not fixed: a
// search backwards from his class, breadth first, that stops once the
// first choice is reached. The floaters on the path move with him.
func (f *floaterFlow[C]) reroute(k int, opts []int32) {
	a := int32(f.n) + f.assign[k]
	f.newStamp()
	f.mark[a], f.mark[k] = f.stamp, f.stamp
	clear(f.seen)
	f.seen[k/64] |= 1 << (k % 64)
	queue := append(f.queue[:0], a)
	// parent[v] is the node after v on its path to a.
	visit := func(v, next int32) {
		if f.mark[v] != f.stamp {
			f.mark[v], f.parent[v] = f.stamp, next
			queue = append(queue, v)
			if int(v) < f.n {
				f.seen[v/64] |= 1 << (v % 64)
			}
		}
	}
	first := int32(f.n) + opts[0]
	for i := 0; i < len(queue) && f.mark[first] != f.stamp; i++ {
		v := queue[i]
		switch {
		case v == f.sink:
			for c := range f.classes {
				if f.used[c] < f.classes[c].cap && f.tightSink(int32(c)) {
					visit(int32(f.n+c), v)
				}
			}
		case int(v) < f.n:
			if c := f.assign[v]; f.tight(int(v), c) {
				visit(int32(f.n)+c, v)
			}
		default:
			c := v - int32(f.n)
			if f.used[c] > 0 && f.tightSink(c) {
				visit(f.sink, v)
			}
			// The floaters not fixed nor seen whose edge to c is of
			// reduced cost zero, in their order, a word of them at a time.
			tight := f.tightIn[f.groupOf[c]]
			for w, may := range f.floatersOf[c] {
				for x := may & tight[w] & f.unfixed[w] &^ f.seen[w]; x != 0; x &= x - 1 {
					if h := int32(w*64 + bits.TrailingZeros64(x)); f.assign[h] != c {
						visit(h, v)
					}
				}
			}
		}
	}
	f.queue = queue
	for _, o := range opts {
		if v := int32(f.n) + o; v == a {
			return
		} else if f.mark[v] == f.stamp {
			for v != a {
				next := f.parent[v]
				if int(v) < f.n {
					f.move(int(v), f.assign[v], next-int32(f.n))
				}
				v = next
			}
			f.move(k, f.assign[k], o)
			return
		}
	}
}
