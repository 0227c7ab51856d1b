package engine

import "math"

// pairGroups runs 定位编排 over the score groups from the top down
// (R-SW-6, R-SW-8): each group pairs its own lists position by position,
// the players floated down from above first; leftovers float down; a group
// with more than one leftover breaks its pairs from the bottom up until at
// most one is left; the last group breaks pairs upwards until everybody is
// paired but the one who takes the bye (R-S-3).
func (s *swiss) pairGroups() ([]pair, *swissPlayer) {
	groups := s.scoreGroups()
	all := make([]pair, 0, len(s.players)/2) // every board of the round: not grown
	var floaters rows
	var bye *swissPlayer
	for gi, g := range groups {
		base := s.groupSteps(g)
		start := len(all)
		var left rows
		all, left = s.firstPass(all, g, floaters, base) // the group's pairs: all[start:]
		if gi < len(groups)-1 {
			if left.len() > 1 {
				res := s.breakUp(left, all[start:], base, false)
				all = append(all[:len(all)-res.broken], res.pairs...)
				left = res.left
			}
			floaters = left
			continue
		}
		s.byeScore = s.lowestByeScore(groups)
		res := s.breakUp(left, all, base, true)
		all = append(all[:len(all)-res.broken], res.pairs...)
		if res.value != 0 {
			if len(res.left[1]) > 0 {
				bye = res.left[1][0]
			} else if len(res.left[0]) > 0 {
				bye = res.left[0][0]
			}
		}
	}
	return all, bye
}

func (s *swiss) groupSteps(g rows) float64 {
	for _, r := range g {
		if len(r) > 0 {
			return r[len(r)-1].steps
		}
	}
	return 0
}

// lowestByeScore is the score of the lowest group with a player who has not
// had a bye: the bye goes to such a player (R-S-3).
func (s *swiss) lowestByeScore(groups []rows) float64 {
	for i := len(groups) - 1; i >= 0; i-- {
		for _, p := range groups[i].flat() {
			if !p.hadBye {
				return p.steps
			}
		}
	}
	// Everybody has had a bye: the lowest score takes the next one.
	return groups[len(groups)-1].flat()[0].steps
}

// byeEligible reports whether p may take this round's bye (R-S-3).
func (s *swiss) byeEligible(p *swissPlayer) bool {
	return p.steps == s.byeScore && !p.hadBye
}

// firstPass pairs a group with the players floated down into it: floaters
// first (下调 are paired first, R-SW-8), then the group's own lists. The
// pairs are appended to dst, as by the passes below: the round's boards
// are one list, not a list a pass copied into the next.
func (s *swiss) firstPass(dst []pair, group, floaters rows, base float64) ([]pair, rows) {
	if floaters.len() == 0 {
		return s.pairWithin(dst, group)
	}
	start := len(dst)
	dst, left := s.pairFloaters(dst, group, floaters)
	if left.len() > 0 {
		if v := left.value(base); v >= 100 {
			// A floater is still unpaired: search the floaters' partners
			// exhaustively and take that when it leaves fewer floaters.
			if sp, fl, gl, sv, found := s.searchFloaters(group, floaters, base); found &&
				math.Floor(sv/100) < math.Floor(v/100) {
				dst = append(dst[:start], sp...)
				left = joined(fl, gl)
			}
		}
	}
	return s.pairWithin(dst, left)
}

// pairFloaters pairs the floaters with the group: across the lists first
// (a floater who needs black meets one who needs red), then inside a list.
func (s *swiss) pairFloaters(dst []pair, group, floaters rows) ([]pair, rows) {
	dst, gl, fl := s.crossPairs(dst, group, floaters)
	if (len(gl[0]) > 0 && len(fl[0]) > 0) || (len(gl[1]) > 0 && len(fl[1]) > 0) {
		return s.sameRowPairs(dst, gl, fl)
	}
	return dst, joined(fl, gl)
}

// pairWithin pairs a group's own lists: 同位 and 错位 across the lists,
// then 同行 inside a list when many are left; a few leftovers are left to
// the break-up search.
func (s *swiss) pairWithin(dst []pair, group rows) ([]pair, rows) {
	dst, left, _ := s.crossPairs(dst, group, rows{})
	if left.len() > 5 {
		return s.sameRowPairs(dst, left, rows{})
	}
	return dst, left
}

// crossPairs pairs needs-red with needs-black players (R-SW-8 同位/错位).
// Without floaters the shorter list picks from the longer (以少调多,
// R-SW-6 b); with equal lists, the list whose head has the lower number
// picks in odd rounds, the higher in even rounds (R-SW-6 c). Each picker
// takes the first partner down the other list it may meet. Floaters pick
// first, those who need black before those who need red. The pairs are
// appended to pairs.
func (s *swiss) crossPairs(pairs []pair, group, floaters rows) ([]pair, rows, rows) {
	usedG := [2]*taken{newTaken(len(group[0])), newTaken(len(group[1]))}
	if floaters.len() > 0 {
		usedF := [2]*taken{newTaken(len(floaters[0])), newTaken(len(floaters[1]))}
		for _, r := range []int{1, 0} {
			o := 1 - r
			for j, f := range floaters[r] {
				if h := s.firstPartner(f, group[o], usedG[o]); h >= 0 {
					var pr pair
					pr.p[r], pr.p[o], pr.placed = f, group[o][h], PlacedFloat
					pairs = append(pairs, pr)
					usedF[r].take(j)
					usedG[o].take(h)
				}
			}
		}
		return pairs, unused(group, usedG), unused(floaters, usedF)
	}
	picker := s.picker(group)
	o := 1 - picker
	for j, a := range group[picker] {
		if h := s.firstPartner(a, group[o], usedG[o]); h >= 0 {
			var pr pair
			pr.p[picker], pr.p[o] = a, group[o][h]
			pr.placed = PlacedShifted
			if h == j {
				pr.placed = PlacedSame
			}
			pairs = append(pairs, pr)
			usedG[picker].take(j)
			usedG[o].take(h)
		}
	}
	return pairs, unused(group, usedG), rows{}
}

// firstPartner is the index of the first player down list, not taken yet,
// that p may meet; −1 when there is none.
func (s *swiss) firstPartner(p *swissPlayer, list []*swissPlayer, used *taken) int {
	for h := used.from(0); h < len(list); h = used.from(h + 1) {
		if s.ok(p, list[h]) {
			return h
		}
	}
	return -1
}

// picker is the list that picks partners from the other (R-SW-6 b, c).
func (s *swiss) picker(g rows) int {
	if len(g[0]) != len(g[1]) {
		if len(g[0]) < len(g[1]) {
			return 0
		}
		return 1
	}
	if len(g[0]) == 0 {
		return 0
	}
	lowerFirst := g[0][0].id < g[1][0].id
	if lowerFirst == s.oddRound() {
		return 0
	}
	return 1
}

// sameRowPairs pairs inside one list (同行, R-SW-8): a floater with a group
// member of its own list, or neighbours in a list; appended to pairs.
func (s *swiss) sameRowPairs(pairs []pair, group, floaters rows) ([]pair, rows) {
	usedG := [2]*taken{newTaken(len(group[0])), newTaken(len(group[1]))}
	if floaters.len() > 0 {
		usedF := [2]*taken{newTaken(len(floaters[0])), newTaken(len(floaters[1]))}
		for _, r := range []int{1, 0} {
			for j, f := range floaters[r] {
				if h := s.firstPartner(f, group[r], usedG[r]); h >= 0 {
					pairs = append(pairs, pair{p: [2]*swissPlayer{f, group[r][h]}, placed: PlacedFloat})
					usedF[r].take(j)
					usedG[r].take(h)
				}
			}
		}
		fl, gl := unused(floaters, usedF), unused(group, usedG)
		return pairs, joined(fl, gl)
	}
	for _, r := range []int{1, 0} {
		list := group[r]
		for j := range list {
			if usedG[r].used[j] {
				continue
			}
			for h := usedG[r].from(j + 1); h < len(list); h = usedG[r].from(h + 1) {
				if !s.ok(list[j], list[h]) {
					continue
				}
				pr := pair{p: [2]*swissPlayer{list[j], list[h]}, placed: PlacedSameRow}
				if r == 1 {
					pr.p = [2]*swissPlayer{list[h], list[j]}
				}
				pairs = append(pairs, pr)
				usedG[r].take(j)
				usedG[r].take(h)
				break
			}
		}
	}
	return pairs, unused(group, usedG)
}

// joined is the floaters' lists fl each followed by the group's gl (the
// floaters first, as they are paired first); a list with no floaters is
// the group's own, not a copy of it.
func joined(fl, gl rows) rows {
	var out rows
	for r := range out {
		if len(fl[r]) == 0 {
			out[r] = gl[r]
		} else {
			out[r] = append(fl[r], gl[r]...)
		}
	}
	return out
}

func unused(g rows, used [2]*taken) rows {
	var out rows
	for r := range g {
		out[r] = sized(len(g[r]) - used[r].count)
		for i, p := range g[r] {
			if !used[r].used[i] {
				out[r] = append(out[r], p)
			}
		}
	}
	return out
}

// leftValue weighs the players left unpaired in a group whose score is base:
// one for each player of that score, 100^k for each player k steps above
// it, so that leaving a higher scorer unpaired always weighs more (R-SW-6 a).
func leftValue(left []*swissPlayer, base float64) float64 { return addWeights(0, left, base) }

// value is leftValue of r.flat(), summed list by list without the copy.
func (r rows) value(base float64) float64 { return addWeights(addWeights(0, r[0], base), r[1], base) }

// addWeights adds leftValue's weights of ps to v, in order: a list's
// after another's sums as the two lists' flat one would.
func addWeights(v float64, ps []*swissPlayer, base float64) float64 {
	for _, p := range ps {
		v += weight(p.steps - base)
	}
	return v
}

// powers holds 100^k for the whole steps k that weights mostly take.
var powers = func() (t [64]float64) {
	t[0] = 1
	for k := 1; k < len(t); k++ {
		t[k] = t[k-1] * 100
	}
	return t
}()

// weight is 100^k: the weight of k scoring steps.
func weight(k float64) float64 {
	if i := int(k); float64(i) == k && i >= 0 && i < len(powers) {
		return powers[i]
	}
	return math.Pow(100, k)
}

// breakResult is a group's pairing after pairs were broken up and re-paired.
type breakResult struct {
	pairs  []pair
	left   rows
	value  float64
	broken int // how many pairs at the end of the list it replaces
}

// breakUp breaks pairs one at a time from the bottom up (拆对) and re-pairs
// the broken pairs with the leftovers by search, until at most one player
// is left (R-SW-8 下调: then he floats down) — in the last group until
// nobody is left but the player who takes the bye. When every pair has
// been broken without success, the best of all attempts is taken, a last
// attempt giving up R-SW-12's three-in-a-row check among them (R-SW-9).
func (s *swiss) breakUp(left rows, pairs []pair, base float64, last bool) breakResult {
	if len(pairs) == 0 {
		return s.repair(rows{}, left, base, true, last)
	}
	t := s.breakFromBottom(left, pairs, base, last)
	if last && left.len() > 1 && t.broken > 0 {
		// The lowest group may pair its own leftovers among themselves
		// with fewer score differences than breaking the pairs above gives:
		// equal scores before near scores (R-SW-6 a).
		if own := s.repair(rows{}, left, base, true, last); s.settled(own, last) &&
			scoreGap(own.pairs)+scoreGap(pairs[len(pairs)-t.broken:]) < scoreGap(t.pairs) {
			return own
		}
	}
	return t
}

// scoreGap sums the score differences across pairs, in scoring steps.
func scoreGap(pairs []pair) float64 {
	g := 0.0
	for _, p := range pairs {
		g += math.Abs(p.p[0].steps - p.p[1].steps)
	}
	return g
}

// breakFromBottom is breakUp's search: pairs broken from the bottom up.
func (s *swiss) breakFromBottom(left rows, pairs []pair, base float64, last bool) breakResult {
	var broken rows
	var tries []breakResult
	for i := len(pairs) - 1; i >= 0; i-- {
		if broken.len()+left.len()+2 > maxExactSearch {
			// Too many to search exhaustively: keep the best attempt so far;
			// when it leaves players unpaired, pairComplete takes over.
			if len(tries) == 0 {
				return breakResult{left: left, value: left.value(base)}
			}
			return s.bestTry(tries, base, false)
		}
		for _, p := range pairs[i].p {
			r := 1
			if p.state < 0 {
				r = 0
			}
			broken[r] = append([]*swissPlayer{p}, broken[r]...)
		}
		t := s.repair(broken, left, base, true, last)
		t.broken = len(pairs) - i
		if s.settled(t, last) {
			return t
		}
		tries = append(tries, t)
	}
	t := s.repair(broken, left, base, false, last)
	t.broken = len(pairs)
	tries = append(tries, t)
	return s.bestTry(tries, base, true)
}

// bestTry picks the best break-up attempt; relaxedLast says the last attempt
// gave up R-SW-12's three-in-a-row check.
func (s *swiss) bestTry(tries []breakResult, base float64, relaxedLast bool) breakResult {
	best := 0
	for i := 1; i < len(tries); i++ {
		if s.betterTry(tries[i], tries[best], base) {
			best = i
		}
	}
	if relaxedLast && best == len(tries)-1 {
		// Whether the whole field could keep the rule, and for whom it
		// breaks, pairSwiss settles by matching (R-SW-9).
		s.groupsRelaxed = true
	}
	return s.sorted(tries[best])
}

// settled reports whether a break-up attempt may stop.
func (s *swiss) settled(t breakResult, last bool) bool {
	if !last {
		return math.Mod(t.value, 100) < 2
	}
	switch n := t.left.len(); n {
	case 0:
		return true
	case 1:
		return s.byeEligible(t.left.flat()[0])
	}
	return false
}

// betterTry compares two break-up attempts: fewer and lower leftovers,
// then the ones the reference procedure compares in this order.
func (s *swiss) betterTry(a, b breakResult, base float64) bool {
	al, bl := a.left.flat(), b.left.flat()
	keys := [][2]float64{
		{a.value, b.value},
		{leftValue(al, base), leftValue(bl, base)},
		{scoreSpread(a.pairs, al, base), scoreSpread(b.pairs, bl, base)},
		{colourSpread(a.pairs, al), colourSpread(b.pairs, bl)},
		{s.floatSpread(a.pairs, al), s.floatSpread(b.pairs, bl)},
		{float64(a.broken), float64(b.broken)},
	}
	for _, k := range keys {
		if k[0] != k[1] {
			return k[0] < k[1]
		}
	}
	return false
}

// sorted puts a result's leftovers back in pairing order.
func (s *swiss) sorted(t breakResult) breakResult {
	if t.left.len() > 0 {
		ps := t.left.flat()
		s.sortPlayers(ps)
		t.left = split(ps)
	}
	return t
}

// repair pairs broken pairs and leftovers together by search.
func (s *swiss) repair(broken, left rows, base float64, threeInARow, last bool) breakResult {
	in := rows{append(append([]*swissPlayer(nil), broken[0]...), left[0]...), append(append([]*swissPlayer(nil), broken[1]...), left[1]...)}
	pairs, rest, v := s.search(in, base, threeInARow, last)
	return breakResult{pairs: pairs, left: rest, value: v}
}

// relax records that rule was given up for players (R-SW-9, R-SW-13); a
// rule is recorded once, with every player it was broken for.
func (s *swiss) relax(rule string, reason RelaxReason, players []int, why string) {
	for i, r := range s.relaxed {
		if r.Rule == rule {
			s.relaxed[i].Players = append(s.relaxed[i].Players, players...)
			return
		}
	}
	s.relaxed = append(s.relaxed, Relaxation{Rule: rule, Reason: reason, Players: players, Why: why})
}

// scoreSpread is large when pairs join high scores (R-SW-6 a weighs
// pairing the higher scorers among themselves).
func scoreSpread(pairs []pair, left []*swissPlayer, base float64) float64 {
	v := 0.0
	for _, p := range pairs {
		v += scoreTerm(p, base)
	}
	for _, p := range left {
		v += weight(p.steps - base)
	}
	return v
}

// scoreTerm is one pair's part of scoreSpread.
func scoreTerm(p pair, base float64) float64 {
	return weight(p.p[0].steps + p.p[1].steps - 2*base)
}

// colourSpread is large when pairs join opposite colour needs.
func colourSpread(pairs []pair, left []*swissPlayer) float64 {
	v := 0.0
	for _, p := range pairs {
		v += colourTerm(p)
	}
	for _, p := range left {
		v += 1 / weight(float64(abs(phpRound(float64(p.state)/100))))
	}
	return v
}

// colourTerm is one pair's part of colourSpread.
func colourTerm(p pair) float64 { return 1 / weight(float64(colourExponent(p))) }

// floatSpread is small when floats up and down stay balanced (R-SW-8).
func (s *swiss) floatSpread(pairs []pair, left []*swissPlayer) float64 {
	v := 0.0
	for _, p := range pairs {
		v += floatTerm(p)
	}
	for _, p := range left {
		v += floatWeight(p.floats - 1)
	}
	return v
}

// floatTerm is one pair's part of floatSpread: the float balances the two
// would have after the game.
func floatTerm(p pair) float64 {
	a, b := floatExponents(p)
	return weight(float64(a)) + weight(float64(b))
}

func floatWeight(f int) float64 { return weight(float64(abs(f))) }
