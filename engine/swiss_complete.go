package engine

import (
	"fmt"
	"sort"
)

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
// field keeps them, R-SW-12 before R-SW-4, never R-SW-9; the record names
// the players for whom a rule was broken.
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
			m.maximise()
			if !m.perfect() {
				continue
			}
			pairs, bye := s.steer(ps, class, m, st, keep)
			fewestProved := true
			if keep.rule12 && !st.rule12 {
				pairs, bye, fewestProved = s.searchFewest(ps, class, pairs, bye, st)
			}
			s.recordRelaxed(pairs, st, keep, fewestProved)
			return pairs, bye, nil
		}
	}
	if len(ps) > denseField {
		return nil, nil, fmt.Errorf("round %d: no pairing of the %d players without a rematch was found among each player's %d nearest in pairing order (R-SW-9): %w",
			s.round, len(ps), fieldWindow, ErrNoPairing)
	}
	return nil, nil, fmt.Errorf("round %d: every way to pair the %d players would repeat a game (R-SW-9), as a maximum matching proves; the event has more rounds than its players can play: %w",
		s.round, len(ps), ErrNoPairing)
}

// fieldMatcher builds the graph of the pairs allowed under the rules st
// keeps: vertex i is ps[i]; with a bye to give, vertex len(ps) is the bye,
// joined to every player of class.
func (s *swiss) fieldMatcher(ps []*swissPlayer, class []*swissPlayer, st completion) *matcher {
	n := len(ps)
	adj := make([][]int32, n, n+1)
	for i := range ps {
		hi := n
		if n > denseField {
			hi = min(n, i+fieldWindow+1)
		}
		for j := i + 1; j < hi; j++ {
			if s.allowedUnder(st, ps[i], ps[j], true) {
				adj[i] = append(adj[i], int32(j))
				adj[j] = append(adj[j], int32(i))
			}
		}
	}
	if class[0] != nil {
		at := index(ps)
		bye := make([]int32, 0, len(class))
		for _, c := range class {
			bye = append(bye, at[c])
			adj[at[c]] = append(adj[at[c]], int32(n))
		}
		adj = append(adj, bye)
	}
	return newMatcher(adj)
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
	relaxing := st != keep
	pairs := make([]pair, 0, len(ps)/2)
	// can marks the partners with whom the rest can all be paired, found
	// in one search once the nearest partner tried failed (and at once
	// after a player for whom it failed): when a group's players can only
	// meet the group below (no two of them may meet, R-SW-12), the players
	// who must meet them would otherwise try, and fail, each other in turn.
	can := make([]bool, len(m.adj))
	streak := false // the player before failed his nearest partner too
	for i := range ps {
		if m.removed[i] {
			continue
		}
		m.compact()
		partner := -1
		var known []int32
		learn := func() {
			known = m.partners(int32(i))
			for _, w := range known {
				can[w] = true
			}
		}
		if streak {
			learn()
		}
		for pass := 0; pass < 2 && partner < 0; pass++ {
			if pass == 1 && !relaxing {
				break
			}
			for _, j := range m.adj[i] {
				if int(j) <= i || int(j) >= len(ps) || m.removed[j] {
					continue
				}
				if relaxing && pass == 0 && !s.allowedUnder(keep, ps[i], ps[j], true) {
					continue
				}
				if known != nil && !can[j] {
					continue
				}
				if m.commit(int32(i), j) {
					partner = int(j)
					break
				}
				if known == nil {
					learn()
				}
			}
		}
		for _, w := range known {
			can[w] = false
		}
		streak = known != nil
		pairs = append(pairs, pair{p: [2]*swissPlayer{ps[i], ps[partner]}, placed: PlacedSearch})
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].p[0].score > pairs[b].p[0].score })
	return pairs, bye
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
			if a, b := p.p[0], p.p[1]; a.unit != "" && a.unit == b.unit {
				who = append(who, a.id, b.id)
			}
		}
		s.relax("R-SW-4", RelaxedNoComplete, who, "no complete pairing of the whole field keeps players of one unit apart (maximum matching)")
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
