package engine

import "math/bits"

// searchFloaters finds partners in the group for the players floated down
// into it (R-SW-8 下调): each floater takes one partner he may meet or is
// left unpaired. Of all such assignments it takes the best — fewest and
// lowest floaters left first, then pairs of higher scores, better colour
// balance, better float balance — and among equals the first in the order
// of a walk that tries floater after floater in searchOrder, each one's
// partners in the group's order and then none. That assignment is found
// exactly: by that walk itself when it is short (floaterWalkBudget steps),
// else by a min-cost flow (floaterProblem.solve) — two exact methods of one
// answer, so the pairing never depends on where the walk's bound falls.
func (s *swiss) searchFloaters(group, floaters rows, base float64) (pairs []pair, fl, gl rows, value float64, found bool) {
	yuan := group.flat()
	yu := floaters.flat()
	ft, ok := s.floaterTerms(yuan, yu, base)
	if !ok {
		// Scores off the scoring's steps, which no whole numbers weigh
		// exactly: the group keeps the floaters' pairs pairFloaters found.
		return nil, floaters, group, 0, false
	}
	choice := ft.choose()
	// Who is paired, by place in the rows' lists one after the other, as
	// flat lays them out (yu before the walk's order).
	paired := make([]bool, len(yu)+len(yuan))
	pairedYu, pairedYuan := paired[:len(yu)], paired[len(yu):]
	var left []*swissPlayer
	for k, j := range choice {
		if j < 0 {
			left = append(left, yu[k])
			continue
		}
		pairs = append(pairs, floaterPair(yu[k], yuan[j]))
		pairedYu[ft.was[k]], pairedYuan[j] = true, true
	}
	if len(pairs) == 0 {
		return nil, floaters, group, 0, false
	}
	fl, gl = unpaired(floaters, pairedYu), unpaired(group, pairedYuan)
	return pairs, fl, gl, leftValue(left, base), true
}

// unpaired is the players of r whose place in r.flat() is not marked in
// paired, in their rows.
func unpaired(r rows, paired []bool) rows {
	var out rows
	for i, list := range r {
		marks := paired[:len(list)]
		paired = paired[len(list):]
		taken := 0
		for _, m := range marks {
			taken += oneIf(m)
		}
		out[i] = sized(len(list) - taken)
		for j, p := range list {
			if !marks[j] {
				out[i] = append(out[i], p)
			}
		}
	}
	return out
}

// choose is the floater search's assignment, weighed in the narrowest
// numbers that hold its terms with room for the sums.
func (ft *floaterTerms) choose() []int {
	switch {
	case ft.top <= shortPowers(ft.terms):
		return choose(weigh[shortCost](ft))
	case ft.top <= narrowPowers(ft.terms):
		return choose(weigh[floaterCost](ft))
	}
	return choose(weigh[longCost](ft))
}

// choose is the assignment of fp: by the walk when it is short, else by
// the flow.
func choose[C exact[C]](fp floaterProblem[C]) []int {
	if fp.walkExceeds(floaterWalkBudget) {
		return fp.solve()
	}
	choice, walked := fp.walk(floaterWalkBudget)
	if !walked {
		choice = fp.solve()
	}
	return choice
}

// walkExceeds reports that the walk would take more than budget steps,
// known without walking: when m floaters may each meet a partner of his
// own, every choice of which of them meet theirs (the rest none) is an
// assignment the walk steps on — 2^m of them.
func (ft *floaterTerms) walkExceeds(budget int) bool {
	if len(ft.may) == 0 {
		return false
	}
	used := make([]uint64, len(ft.may[0]))
	m := 0
	for _, may := range ft.may {
		for w, word := range may {
			if free := word &^ used[w]; free != 0 {
				used[w] |= free & -free
				m++
				break
			}
		}
		if m < 63 && 1<<m > budget {
			return true
		}
	}
	return false
}

// floaterTerms is what searchFloaters decides, with its weights as powers
// of ten: floater k (in the walk's order) may meet the group members whose
// bits are set in may[k]; his pair with member j weighs the terms
// cell[kind[j]] of his row, leaving him unpaired 10^left[k] (see weigh).
type floaterTerms struct {
	was   []int // floater k's place in yu as given
	may   [][]uint64
	kind  []int
	row   []int // floater k's row of cells: the kind of floater he is
	kinds int   // the kinds of group member: a row's cells
	left  []int
	cell  []pairPowers
	top   int // the largest power
	terms int // the most terms a sum of the search adds
}

// pairPowers are a pair's terms: −10^spread, −10^colour and 10^floatA +
// 10^floatB in weights 1, 2 and 3.
type pairPowers struct{ spread, colour, floatA, floatB int }

// floaterProblem is floaterTerms weighed in numbers of type C: his pair
// with member j costs pair[k][kind[j]], leaving him unpaired none[k].
type floaterProblem[C exact[C]] struct {
	*floaterTerms
	pair [][]C
	none []C
}

// weigh makes the terms ft numbers of type C, each of a kind of floater
// and a kind of member once, floaters of one kind sharing their row.
func weigh[C exact[C]](ft *floaterTerms) floaterProblem[C] {
	// Each power of each weight is made once: longCost's take a
	// multiplication of big numbers each.
	var zero C
	table, made := make([]C, 4*(ft.top+1)), make([]bool, 4*(ft.top+1))
	power := func(w, n int) C {
		if i := w*(ft.top+1) + n; !made[i] {
			table[i], made[i] = zero.power(w, n), true
		}
		return table[w*(ft.top+1)+n]
	}
	block := make([]C, len(ft.cell))
	for c, pp := range ft.cell {
		block[c] = zero.sub(power(1, pp.spread)).sub(power(2, pp.colour)).
			add(power(3, pp.floatA)).add(power(3, pp.floatB))
	}
	fp := floaterProblem[C]{floaterTerms: ft, pair: make([][]C, len(ft.may)), none: make([]C, len(ft.may))}
	for k, n := range ft.left {
		fp.none[k] = power(0, n)
		r := ft.row[k] * ft.kinds
		fp.pair[k] = block[r : r+ft.kinds : r+ft.kinds]
	}
	return fp
}

// floaterTerms sorts the floaters yu into the walk's order (searchOrder)
// and finds every choice's terms; false when a score is off the scoring's
// steps (powerScale).
func (s *swiss) floaterTerms(yuan, yu []*swissPlayer, base float64) (*floaterTerms, bool) {
	// may[i] holds floater i's partners in the group, as bits: who may
	// meet whom is asked once.
	words := (len(yuan) + 63) / 64
	may := bitRows(len(yu), words)
	partners := make([]int, len(yu))
	allowed := s.allowedIn(s.kept(), yuan, true)
	for i, f := range yu {
		allowed.of(f, 0, may[i])
		partners[i] = count(may[i])
	}
	allowed.release()
	was := searchOrder(yu, partners)
	ft := &floaterTerms{was: was, may: make([][]uint64, len(yu)), left: make([]int, len(yu)), terms: 2 * len(yu)}
	for k := range yu {
		ft.may[k] = may[was[k]]
	}
	// What a pair adds to the weights depends on the floater's and the
	// partner's score, colour state and floats only, which few kinds of
	// player share: a pair's terms are found once a kind of floater and a
	// kind of member, not once a pair (a field of ten thousand floats a
	// thousand players down into groups of as many).
	var kinds, floaterKinds []*swissPlayer
	ft.kind, kinds = memberKinds(yuan)
	ft.row, floaterKinds = memberKinds(yu)
	ft.kinds = len(kinds)
	left := make([]float64, 0, len(yu))
	for _, f := range yu {
		left = append(left, f.steps-base)
	}
	cells := len(floaterKinds) * len(kinds)
	spread, colour, float := make([]float64, 0, cells), make([]float64, 0, cells), make([]float64, 0, 2*cells)
	for _, f := range floaterKinds {
		for _, m := range kinds {
			pr := floaterPair(f, m)
			spread = append(spread, pr.p[0].steps+pr.p[1].steps-2*base)
			colour = append(colour, -float64(colourExponent(pr)))
			a, b := floatExponents(pr)
			float = append(float, float64(a), float64(b))
		}
	}
	scales := [4]powerScale{newPowerScale(left), newPowerScale(spread), newPowerScale(colour), newPowerScale(float)}
	for _, sc := range scales {
		if !sc.ok {
			return nil, false
		}
	}
	power := func(sc *powerScale, e float64) int {
		n := sc.power(e)
		ft.top = max(ft.top, n)
		return n
	}
	for k, e := range left {
		ft.left[k] = power(&scales[0], e)
	}
	ft.cell = make([]pairPowers, cells)
	for c := range ft.cell {
		ft.cell[c] = pairPowers{power(&scales[1], spread[c]), power(&scales[2], colour[c]),
			power(&scales[3], float[2*c]), power(&scales[3], float[2*c+1])}
	}
	return ft, true
}

// floaterWalkBudget is the most steps of the walk tried before the flow
// takes over: a floater or two into a group of any size, a few more into a
// small one — most of an ordinary Swiss's searches, answered without
// building the flow.
const floaterWalkBudget = 4096

// walk tries every assignment in the walk's order and keeps the first of
// the least cost among those that pair anybody; false when it would take
// more than budget steps.
func (fp *floaterProblem[C]) walk(budget int) ([]int, bool) {
	n := len(fp.may)
	best, cur := make([]int, n), make([]int, n)
	for k := range best {
		best[k] = -1
	}
	if n == 0 {
		return best, true
	}
	var bestCost C
	have := false
	used := make([]uint64, len(fp.may[0]))
	// The last floater's partners of one kind end the walk at one cost, and
	// of equal costs the first is kept: only his first free partner of each
	// kind is weighed (the others still count their step). tried holds the
	// visit that weighed a kind.
	tried, visit := make([]int32, len(fp.pair[0])), int32(0)
	var rec func(k int, sum C, pairs int) bool
	rec = func(k int, sum C, pairs int) bool {
		if budget--; budget < 0 {
			return false
		}
		if k == n {
			if pairs > 0 && (!have || sum.less(bestCost)) {
				copy(best, cur)
				bestCost, have = sum, true
			}
			return true
		}
		last := k == n-1
		visit += int32(oneIf(last))
		for w, word := range fp.may[k] {
			for free := word &^ used[w]; free != 0; free &= free - 1 {
				j := w*64 + bits.TrailingZeros64(free)
				if last {
					if tried[fp.kind[j]] == visit {
						if budget--; budget < 0 {
							return false
						}
						continue
					}
					tried[fp.kind[j]] = visit
				}
				used[w] |= 1 << (j % 64)
				cur[k] = j
				ok := rec(k+1, sum.add(fp.pair[k][fp.kind[j]]), pairs+1)
				used[w] &^= 1 << (j % 64)
				if !ok {
					return false
				}
			}
		}
		cur[k] = -1
		return rec(k+1, sum.add(fp.none[k]), pairs)
	}
	var zero C
	return best, rec(0, zero, 0)
}

// bitRows is n rows of the given words, cut from one block.
func bitRows(n, words int) [][]uint64 {
	block, out := make([]uint64, n*words), make([][]uint64, n)
	for i := range out {
		out[i] = block[i*words : (i+1)*words]
	}
	return out
}

// floaterPair is floater f's pair with group member m, the one who needs
// black more first.
func floaterPair(f, m *swissPlayer) pair {
	if f.state < m.state {
		return pair{p: [2]*swissPlayer{f, m}, placed: PlacedFloat}
	}
	return pair{p: [2]*swissPlayer{m, f}, placed: PlacedFloat}
}

// memberKinds sorts a group's players into kinds of equal score, colour
// state and floats — all that a floater's pair with them adds to the
// weights depends on: kind[j] is player j's, kinds one player of each.
func memberKinds(group []*swissPlayer) (kind []int, kinds []*swissPlayer) {
	type key struct {
		score         Points
		state, floats int
	}
	index := map[key]int{}
	kind = make([]int, len(group))
	var last key // neighbours in a group's order are mostly of one kind: no lookup
	c := -1
	for j, m := range group {
		if k := (key{m.score, m.state, m.floats}); c < 0 || k != last {
			var ok bool
			if c, ok = index[k]; !ok {
				c = len(kinds)
				index[k] = c
				kinds = append(kinds, m)
			}
			last = k
		}
		kind[j] = c
	}
	return kind, kinds
}
