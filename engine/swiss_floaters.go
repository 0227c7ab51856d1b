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
	fp, ok := s.floaterProblem(yuan, yu, base)
	if !ok {
		// Weights too large to weigh exactly (score gaps of dozens of
		// steps): the group keeps the floaters' pairs pairFloaters found.
		return nil, floaters, group, 0, false
	}
	choice, walked := fp.walk(floaterWalkBudget)
	if !walked {
		choice = fp.solve()
	}
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
		pairedYu[fp.was[k]], pairedYuan[j] = true, true
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

// floaterProblem is what searchFloaters decides, in numbers: floater k
// (in the walk's order) may meet the group members whose bits are set in
// may[k]; his pair with member j costs pair[k][kind[j]], leaving him
// unpaired costs none[k].
type floaterProblem struct {
	was  []int // floater k's place in yu as given
	may  [][]uint64
	kind []int
	pair [][]floaterCost
	none []floaterCost
}

// floaterProblem sorts the floaters yu into the walk's order (searchOrder)
// and weighs every choice exactly; false when a weight cannot be held.
func (s *swiss) floaterProblem(yuan, yu []*swissPlayer, base float64) (floaterProblem, bool) {
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
	fp := floaterProblem{was: was, may: make([][]uint64, len(yu)), pair: make([][]floaterCost, len(yu)), none: make([]floaterCost, len(yu))}
	for k := range yu {
		fp.may[k] = may[was[k]]
	}
	// What a pair adds to the weights depends on the floater's and the
	// partner's score, colour state and floats only, which few kinds of
	// player share: pair[k][kind[j]] is weighed once a kind of floater and
	// a kind of member, not once a pair (a field of ten thousand floats a
	// thousand players down into groups of as many), and floaters of one
	// kind share their row.
	var kinds []*swissPlayer
	fp.kind, kinds = memberKinds(yuan)
	floaterKind, floaterKinds := memberKinds(yu)
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
	terms := 2 * len(yu)
	scales := [4]powerScale{newPowerScale(left, terms), newPowerScale(spread, terms), newPowerScale(colour, terms), newPowerScale(float, terms)}
	block := make([]floaterCost, cells)
	for c := range block {
		block[c] = floaterCost{
			1: wide{}.sub(scales[1].term(spread[c])),
			2: wide{}.sub(scales[2].term(colour[c])),
			3: scales[3].term(float[2*c]).add(scales[3].term(float[2*c+1])),
		}
	}
	for k := range yu {
		fp.none[k][0] = scales[0].term(left[k])
		fk := floaterKind[k]
		fp.pair[k] = block[fk*len(kinds) : (fk+1)*len(kinds) : (fk+1)*len(kinds)]
	}
	for _, sc := range scales {
		if !sc.ok {
			return floaterProblem{}, false
		}
	}
	return fp, true
}

// floaterWalkBudget is the most steps of the walk tried before the flow
// takes over: a floater or two into a group of any size, a few more into a
// small one — most of an ordinary Swiss's searches, answered without
// building the flow.
const floaterWalkBudget = 4096

// walk tries every assignment in the walk's order and keeps the first of
// the least cost among those that pair anybody; false when it would take
// more than budget steps.
func (fp *floaterProblem) walk(budget int) ([]int, bool) {
	n := len(fp.may)
	best, cur := make([]int, n), make([]int, n)
	for k := range best {
		best[k] = -1
	}
	if n == 0 {
		return best, true
	}
	var bestCost floaterCost
	have := false
	used := make([]uint64, len(fp.may[0]))
	// The last floater's partners of one kind end the walk at one cost, and
	// of equal costs the first is kept: only his first free partner of each
	// kind is weighed (the others still count their step). tried holds the
	// visit that weighed a kind.
	tried, visit := make([]int32, len(fp.pair[0])), int32(0)
	var rec func(k int, sum floaterCost, pairs int) bool
	rec = func(k int, sum floaterCost, pairs int) bool {
		if budget--; budget < 0 {
			return false
		}
		if k == n {
			if pairs > 0 && (!have || sum.less(&bestCost)) {
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
	return best, rec(0, floaterCost{}, 0)
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
