package engine

import (
	"math"
	"math/bits"
	"slices"
)

// searchFloaters finds partners in the group for the players floated down
// into it, trying every assignment: fewest floaters left first, then pairs
// of higher scores, better colour balance, better float balance; the first
// found among equals (R-SW-8 下调). The walk is bounded (floaterBudget
// assignments); each assignment's weights are summed on the way down, in
// the order the pairs were made, so that trying one costs a few additions
// instead of a pass over the group — when a whole score group floats down
// (after two reds in a row none of its players may meet, R-SW-12), the walk
// tries its full budget.
func (s *swiss) searchFloaters(group, floaters rows, base float64) (pairs []pair, fl, gl rows, value float64, found bool) {
	yuan := group.flat()
	yu := floaters.flat()
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
	was := searchOrder(yu, partners)
	// What a pair adds to the weights depends on the floater and on the
	// partner's score, colour state and floats only, which few kinds of
	// group member share: adds[k][kind[j]] is what floater k's pair with
	// group member j adds, weighed once a kind, not once a pair (a field of
	// ten thousand floats a thousand players down into groups of as many).
	kind, kinds := memberKinds(yuan)
	adds := make([][]floaterScore, len(yu))
	addBlock := make([]floaterScore, len(yu)*len(kinds))
	for k, f := range yu {
		adds[k] = addBlock[k*len(kinds) : (k+1)*len(kinds)]
		for c, m := range kinds {
			pr := floaterPair(f, m)
			adds[k][c] = floaterScore{spread: scoreTerm(pr, base), colour: colourTerm(pr), float: floatTerm(pr)}
		}
	}
	// below[k] holds the partners of floaters k and after: once all are
	// taken, those floaters are all left unpaired and the walk below is
	// one assignment (many floaters with few partners make long such tails).
	// own[k] holds floater k's partners.
	below, own := bitRows(len(yu)+1, words), make([][]uint64, len(yu))
	for k := len(yu) - 1; k >= 0; k-- {
		own[k] = may[was[k]]
		for w := range words {
			below[k][w] = below[k+1][w] | own[k][w]
		}
	}
	// tail[k] is what leaving floaters k and after unpaired adds to the
	// leftovers' weight, when integer weights make the sum exact in any
	// order; otherwise the tail is summed floater by floater, in order.
	tail, exactTail := make([]float64, len(yu)+1), true
	for k := len(yu) - 1; k >= 0; k-- {
		w := weight(yu[k].steps - base)
		tail[k] = tail[k+1] + w
		exactTail = exactTail && w == math.Trunc(w)
	}
	exactTail = exactTail && tail[0] < 1<<53
	var lastClasses moveClasses
	if len(yu) > 0 {
		lastClasses = classesOf(own[len(yu)-1], adds[len(yu)-1], kind)
	}
	var (
		bestWay   [][2]int // (floater, partner) pairs, as indexes of yu and yuan
		bestScore floaterScore
		have      bool
		cur       [][2]int
		used      = make([]uint64, words)
		budget    = floaterBudget
	)
	leaf := func(sum floaterScore) {
		budget--
		if len(cur) > 0 && (!have || sum.better(bestScore)) {
			bestWay, bestScore, have = append(bestWay[:0], cur...), sum, true
		}
	}
	// rec walks floater k's choices, partners in order, then none; sum holds
	// the weights of the choices made above.
	var rec func(k int, sum floaterScore)
	rec = func(k int, sum floaterScore) {
		if budget <= 0 {
			return
		}
		if allTaken(below[k], used) {
			if exactTail {
				sum.v += tail[k]
			} else {
				for _, f := range yu[k:] {
					sum.v += weight(f.steps - base)
				}
			}
			leaf(sum)
			return
		}
		lastFloater := k == len(yu)-1
		if lastFloater {
			if free := countFree(below[k], used); free <= budget {
				budget -= free
				for _, j := range lastClasses.firstFree(used) {
					add := &adds[k][kind[j]]
					next := floaterScore{sum.v, sum.spread + add.spread, sum.colour + add.colour, sum.float + add.float}
					if !have || next.better(bestScore) {
						bestWay, bestScore, have = append(append(bestWay[:0], cur...), [2]int{k, j}), next, true
					}
				}
				rec(k+1, floaterScore{sum.v + weight(yu[k].steps-base), sum.spread, sum.colour, sum.float})
				return
			}
		}
		// The free partners, in order: a walk of the partner bits not
		// taken, not of every partner.
		for w, word := range own[k] {
			for free := word &^ used[w]; free != 0; free &= free - 1 {
				bit := free & -free
				j := w*64 + bits.TrailingZeros64(free)
				add := &adds[k][kind[j]]
				next := floaterScore{sum.v, sum.spread + add.spread, sum.colour + add.colour, sum.float + add.float}
				if lastFloater {
					// The assignment is complete: weigh it here (as leaf
					// does) rather than one call deeper.
					if budget <= 0 {
						return
					}
					budget--
					if !have || next.better(bestScore) {
						bestWay, bestScore, have = append(append(bestWay[:0], cur...), [2]int{k, j}), next, true
					}
					continue
				}
				used[w] |= bit
				cur = append(cur, [2]int{k, j})
				rec(k+1, next)
				cur = cur[:len(cur)-1]
				used[w] &^= bit
			}
		}
		// Left unpaired: leftValue sums the floaters left in this order.
		rec(k+1, floaterScore{sum.v + weight(yu[k].steps-base), sum.spread, sum.colour, sum.float})
	}
	rec(0, floaterScore{})
	if !have {
		return nil, floaters, group, 0, false
	}
	pairs = make([]pair, len(bestWay))
	paired := make(map[*swissPlayer]bool, 2*len(bestWay))
	for i, kj := range bestWay {
		pairs[i] = floaterPair(yu[kj[0]], yuan[kj[1]])
		paired[yu[kj[0]]], paired[yuan[kj[1]]] = true, true
	}
	for r := range floaters {
		for _, p := range floaters[r] {
			if !paired[p] {
				fl[r] = append(fl[r], p)
			}
		}
		for _, p := range group[r] {
			if !paired[p] {
				gl[r] = append(gl[r], p)
			}
		}
	}
	return pairs, fl, gl, bestScore.v, true
}

// allTaken reports whether every bit of want is set in used.
func allTaken(want, used []uint64) bool {
	for i, w := range want {
		if w&^used[i] != 0 {
			return false
		}
	}
	return true
}

// bitRows is n rows of the given words, cut from one block.
func bitRows(n, words int) [][]uint64 {
	block, out := make([]uint64, n*words), make([][]uint64, n)
	for i := range out {
		out[i] = block[i*words : (i+1)*words]
	}
	return out
}

// countFree is how many bits of want are not set in used.
func countFree(want, used []uint64) int {
	n := 0
	for i, w := range want {
		n += bits.OnesCount64(w &^ used[i])
	}
	return n
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
	for j, m := range group {
		k := key{m.score, m.state, m.floats}
		c, ok := index[k]
		if !ok {
			c = len(kinds)
			index[k] = c
			kinds = append(kinds, m)
		}
		kind[j] = c
	}
	return kind, kinds
}

// moveClasses groups the last floater's partners by what their pairs add
// to the weights: pairs of one class weigh the same, so of the free
// partners only the first can make the best — the others come later and
// are no better. The last floater's partners are weighed one a class, not
// one a partner.
type moveClasses struct {
	partners [][]uint64 // each class's partners, as bits of the group
	at       []int      // firstFree's answer, reused
}

// classesOf makes the classes of the partners in own, whose pairs add
// adds[kind[j]].
func classesOf(own []uint64, adds []floaterScore, kind []int) moveClasses {
	var c moveClasses
	var classAdds []floaterScore // each class's weights; classes are few
	for w, word := range own {
		for ; word != 0; word &= word - 1 {
			j := w*64 + bits.TrailingZeros64(word)
			k := slices.Index(classAdds, adds[kind[j]])
			if k < 0 {
				k = len(classAdds)
				classAdds = append(classAdds, adds[kind[j]])
				c.partners = append(c.partners, make([]uint64, len(own)))
			}
			c.partners[k][w] |= 1 << (j % 64)
		}
	}
	return c
}

// firstFree lists, in the group's order, each class's first partner not
// in used.
func (c *moveClasses) firstFree(used []uint64) []int {
	c.at = c.at[:0]
	for _, partners := range c.partners {
		for w, word := range partners {
			if free := word &^ used[w]; free != 0 {
				c.at = append(c.at, w*64+bits.TrailingZeros64(free))
				break
			}
		}
	}
	slices.Sort(c.at)
	return c.at
}

// floaterBudget bounds the assignments searchFloaters tries.
const floaterBudget = 200_000

// floaterScore weighs an assignment of floaters: the floaters left
// (leftValue), then scoreSpread, colourSpread and floatSpread of its pairs.
type floaterScore struct{ v, spread, colour, float float64 }

func (a floaterScore) better(b floaterScore) bool {
	switch {
	case a.v != b.v:
		return a.v < b.v
	case a.spread != b.spread:
		return a.spread > b.spread
	case a.colour != b.colour:
		return a.colour > b.colour
	}
	return a.float < b.float
}
