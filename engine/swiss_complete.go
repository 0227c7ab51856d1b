package engine

import "sort"

// denseField is the largest field whose graph of allowed pairs is built in
// full for the completeness check; a larger field offers each player the
// fieldWindow nearest players in pairing order, which is where its partners
// are found in practice (the graph is dense: a player has met at most a
// round's worth of the field).
const (
	denseField  = 4096
	fieldWindow = 256
)

// completion is one set of rules a complete pairing is looked for under:
// R-SW-9 always, R-SW-12 and R-SW-4 while they are kept.
type completion struct {
	rule12, units bool
}

// pairComplete pairs the whole field when the score-group procedure cannot
// pair everybody under every rule (R-SW-9). A maximum matching of the graph
// of allowed pairs (Edmonds' blossom algorithm) says whether a complete
// pairing exists, and steers the pairing: in pairing order, each player meets
// the nearest player below whom he may meet and with whom the rest can still
// all be paired — the first complete pairing in that order, found without
// backtracking. The bye goes to the first player R-S-3 allows with whom the
// rest can be paired: one without a bye, lowest score first, before one who
// had one. Rules are given up only when no complete pairing of the whole
// field keeps them, R-SW-12 before R-SW-4, never R-SW-9, and then for as few
// players as can be (searchFewest), the bye going higher when that breaks
// them for fewer (R-S-3: R-SW-12 ranks above the bye's lowest score); the
// record names the players for whom a rule was broken. Last, of the
// pairings that give up as little, with the bye where it is, the one that
// pairs from the top down (R-SW-6 a, topDown).
func (s *swiss) pairComplete() ([]pair, *swissPlayer, error) {
	ps := append([]*swissPlayer(nil), s.players...)
	s.sortPlayers(ps)
	keep := completion{rule12: s.set.NoThreeInARow, units: s.units}
	steps := []completion{keep}
	if keep.rule12 {
		steps = append(steps, completion{false, keep.units})
	}
	if keep.units {
		steps = append(steps, completion{keep.rule12, false})
		if keep.rule12 {
			steps = append(steps, completion{false, false})
		}
	}
	for _, class := range s.byeClasses(ps) {
		for _, st := range steps {
			m := s.fieldMatcher(ps, class, st)
			if !m.matchPerfect() {
				continue
			}
			pairs, bye := s.steer(ps, class, m, st, keep)
			fewestProved := true
			if st != keep {
				pairs, bye, fewestProved = s.searchFewest(ps, class, pairs, bye, st, keep)
			} else {
				pairs = topDown(ps, m, pairs, bye)
			}
			s.recordRelaxed(pairs, st, keep, fewestProved)
			return pairs, bye, nil
		}
	}
	if len(ps) > denseField {
		return nil, nil, &PairingError{Reason: PairRematchesNear, Round: s.round, Players: len(ps), Window: fieldWindow}
	}
	return nil, nil, &PairingError{Reason: PairRematches, Round: s.round, Players: len(ps)}
}

// pairable reports whether the players ps, in pairing order, can all be
// paired under the rules st keeps, the bye to one of class when their
// number is odd (R-SW-9).
func (s *swiss) pairable(ps, class []*swissPlayer, st completion) bool {
	if len(ps)%2 == 1 && len(class) == 0 {
		return false
	}
	if len(ps)%2 == 0 {
		class = []*swissPlayer{nil}
	}
	return s.fieldMatcher(ps, class, st).matchPerfect()
}

// fieldMatcher builds the graph of the pairs allowed under the rules st
// keeps: vertex i is ps[i]; with a bye to give, vertex len(ps) is the bye,
// joined to every player of class.
func (s *swiss) fieldMatcher(ps []*swissPlayer, class []*swissPlayer, st completion) *matcher {
	n := len(ps)
	allowed := s.allowedIn(st, ps, true)
	bye := -1
	if class[0] != nil {
		bye = n
	}
	var byeAt []int32 // the bye's neighbours
	if bye >= 0 {
		for _, c := range class {
			byeAt = append(byeAt, int32(allowed.place(c.id)))
		}
	}
	// A row spans the window of its nearest players (the whole field when
	// it is dense), and the bye's word for a player who may take it.
	window := n
	if n > denseField {
		window = fieldWindow
	}
	mayBye := make([]bool, n)
	for _, v := range byeAt {
		mayBye[v] = true
	}
	span := func(i int) (lo, hi int) {
		lo, hi = max(0, i-window)/64, min(n-1, i+window)/64+1
		if mayBye[i] {
			hi = bye/64 + 1
		}
		return lo, hi
	}
	total := 0
	for i := range n {
		lo, hi := span(i)
		total += hi - lo
	}
	if bye >= 0 {
		total += bye/64 + 1
	}
	block := make([]uint64, total)
	rows := make([]bitRow, n, n+1)
	for i := range n {
		lo, hi := span(i)
		rows[i] = bitRow{from: lo, words: block[: hi-lo : hi-lo]}
		block = block[hi-lo:]
	}
	// Each row is asked from its player's side, a word at a time. A pair
	// is decided from the side of the one earlier in pairing order, as
	// allowedUnder(ps[i], ps[j]) for i < j: the sides differ only where one
	// player's opponents name the other and the other's do not (R-SW-9), so
	// those pairs are then set in the later one's row from the earlier's.
	for i, p := range ps {
		r := rows[i]
		allowed.of(p, r.from, r.words)
		if window < n {
			r.keep(i-window, i+window)
		}
	}
	for i, p := range ps {
		for _, o := range s.oppsOf(p) {
			k := allowed.place(int(o))
			if k < 0 || k == i || abs(k-i) > window {
				continue
			}
			hi, lo := rows[max(i, k)], min(i, k)
			hi.set(lo, rows[lo].has(max(i, k)))
		}
	}
	if bye >= 0 {
		r := bitRow{words: block}
		for _, v := range byeAt {
			r.words[v/64] |= 1 << (uint(v) % 64)
			rows[v].words[bye/64-rows[v].from] |= 1 << (uint(bye) % 64)
		}
		rows = append(rows, r)
	}
	return rowsMatcher(rows)
}

func index(ps []*swissPlayer) map[*swissPlayer]int32 {
	at := make(map[*swissPlayer]int32, len(ps))
	for i, p := range ps {
		at[p] = int32(i)
	}
	return at
}

// steer takes the first complete pairing in pairing order that m (the
// graph of st) proves possible. While st gives up rules that keep has,
// partners keep allows are tried first, so that few pairs break them.
func (s *swiss) steer(ps []*swissPlayer, class []*swissPlayer, m *matcher, st, keep completion) ([]pair, *swissPlayer) {
	var bye *swissPlayer
	if class[0] != nil {
		at := index(ps)
		for _, c := range class {
			if m.commit(int32(len(ps)), at[c]) {
				bye = c
				break
			}
		}
	}
	var kept *allowedSet // while relaxing: the pairs keep allows, a row of bits a player
	if st != keep {
		kept = s.allowedIn(keep, ps, true)
	}
	return steerPairs(ps, m, kept), bye
}

// steerPairs pairs the players still in m's graph, the matching perfect,
// in pairing order, each with the nearest partner below with whom the rest
// can still be paired; with kept, partners it allows first.
func steerPairs(ps []*swissPlayer, m *matcher, kept *allowedSet) []pair {
	pairs := make([]pair, 0, len(ps)/2)
	var first, then []uint64 // a player's partners to try, the first ones and then the others
	n := len(ps)
	for i := range ps {
		if m.removed[i] {
			continue
		}
		// The partners to try, nearest first: with kept, those it allows
		// before the others. All before i are paired already; the bye's
		// vertex, n, is no partner, nor anyone who refuses i (topDown).
		row, refused := m.rows[i], m.refusing(int32(i))
		first = append(first[:0], make([]uint64, len(row.words))...)
		then = append(then[:0], make([]uint64, len(row.words))...)
		if kept != nil {
			kept.of(ps[i], row.from, first)
		}
		for k, word := range row.words {
			at := row.from + k
			word &^= m.gone[at]
			if refused != nil {
				word &^= refused[at]
			}
			if at == n/64 {
				word &= 1<<(uint(n)%64) - 1
			}
			if kept != nil {
				word, then[k] = word&first[k], word&^first[k]
			}
			first[k] = word
		}
		partner := m.pairFirst(int32(i), bitRow{from: row.from, words: first}, bitRow{from: row.from, words: then})
		pairs = append(pairs, pair{p: [2]*swissPlayer{ps[i], ps[partner]}, placed: PlacedSearch})
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].p[0].score > pairs[b].p[0].score })
	return pairs
}

// recordRelaxed writes down the rules the complete pairing gave up (st
// against keep), naming the players for whom each was broken (R-SW-13).
func (s *swiss) recordRelaxed(pairs []pair, st, keep completion, fewestProved bool) {
	if keep.rule12 && !st.rule12 {
		why := "no complete pairing of the whole field keeps it (maximum matching): broken for as few players as possible"
		if !fewestProved {
			why = "no complete pairing of the whole field keeps it (maximum matching): broken for the fewest players a bounded search found"
		}
		s.relax("R-SW-12", RelaxedNoComplete, s.broken12(pairs), why)
	}
	if keep.units && !st.units {
		var who []int
		for _, p := range pairs {
			if a, b := p.p[0], p.p[1]; a.unit != 0 && a.unit == b.unit {
				who = append(who, a.id, b.id)
			}
		}
		why := "no complete pairing of the whole field keeps players of one unit apart (maximum matching): broken for as few players as possible"
		if !fewestProved {
			why = "no complete pairing of the whole field keeps players of one unit apart (maximum matching): broken for the fewest players a bounded search found"
		}
		s.relax("R-SW-4", RelaxedNoComplete, who, why)
	}
}

// broken12 lists the players whose colours in pairs give them a third
// colour in a row (but in the last round) or an imbalance of three (R-SW-12).
func (s *swiss) broken12(pairs []pair) []int {
	var who []int
	for _, p := range pairs {
		red, black, _ := s.colours(p)
		if breaksAsRed(s, red) {
			who = append(who, red.id)
		}
		if breaksAsBlack(s, black) {
			who = append(who, black.id)
		}
	}
	sort.Ints(who)
	return who
}

// byeClasses lists who may take the bye, in two classes tried in turn:
// players without a bye, lowest score first, then those who had one
// (R-S-3). An even field has one class with no bye.
func (s *swiss) byeClasses(ps []*swissPlayer) [][]*swissPlayer {
	if len(ps)%2 == 0 {
		return [][]*swissPlayer{{nil}}
	}
	var fresh, again []*swissPlayer
	for i := len(ps) - 1; i >= 0; i-- {
		if ps[i].hadBye {
			again = append(again, ps[i])
		} else {
			fresh = append(fresh, ps[i])
		}
	}
	var classes [][]*swissPlayer
	for _, c := range [][]*swissPlayer{fresh, again} {
		if len(c) > 0 {
			classes = append(classes, c)
		}
	}
	return classes
}
