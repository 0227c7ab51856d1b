package engine

import (
	"fmt"
	"sort"
)

// searchBudget bounds the backtracking of pairBySearch, so an impossible
// round fails in bounded time instead of searching forever.
const searchBudget = 2_000_000

// pairBySearch is the last resort when the score-group procedure cannot pair
// everybody: a backtracking search over the whole field in score order.
// It keeps R-S-3's one bye per player above all; to find a complete
// pairing it gives up R-SW-12 and then same-unit avoidance (R-SW-4), and
// never R-SW-9: no rematch.
func (s *swiss) pairBySearch() ([]pair, *swissPlayer, error) {
	ps := append([]*swissPlayer(nil), s.players...)
	s.sortPlayers(ps)
	three, units := s.set.NoThreeInARow, s.units
	defer func() { s.set.NoThreeInARow, s.units = three, units }()
	steps := []struct {
		rule, why   string
		three, unit bool
	}{
		{"", "", three, units},
		{"R-SW-12", "no complete pairing avoids a third colour in a row or an imbalance of three", false, units},
		{"R-SW-4", "no complete pairing keeps players of one unit apart", false, false},
	}
	budget := searchBudget
	for _, class := range s.byeClasses(ps) {
		for i, st := range steps {
			s.set.NoThreeInARow, s.units = st.three, st.unit
			for _, bye := range class {
				rest := ps
				if bye != nil {
					rest = without(ps, bye)
				}
				if pairs, ok := s.backtrack(rest, &budget); ok {
					for _, given := range steps[1 : i+1] {
						s.relax(given.rule, given.why)
					}
					return pairs, bye, nil
				}
				if budget <= 0 {
					return nil, nil, fmt.Errorf("round %d: no pairing of the %d players without a rematch was found (R-SW-9): %w", s.round, len(ps), ErrNoPairing)
				}
			}
		}
	}
	return nil, nil, fmt.Errorf("round %d: every way to pair the %d players would repeat a game (R-SW-9); the event has more rounds than its players can play: %w",
		s.round, len(ps), ErrNoPairing)
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
	return [][]*swissPlayer{fresh, again}
}

func without(ps []*swissPlayer, x *swissPlayer) []*swissPlayer {
	out := make([]*swissPlayer, 0, len(ps)-1)
	for _, p := range ps {
		if p != x {
			out = append(out, p)
		}
	}
	return out
}

// backtrack pairs ps (sorted by score) completely: the first unpaired player
// meets the nearest player below him he may meet.
func (s *swiss) backtrack(ps []*swissPlayer, budget *int) ([]pair, bool) {
	used := make([]bool, len(ps))
	pairs := make([]pair, 0, len(ps)/2)
	var rec func(i int) bool
	rec = func(i int) bool {
		for i < len(ps) && used[i] {
			i++
		}
		if i == len(ps) {
			return true
		}
		used[i] = true
		for j := i + 1; j < len(ps); j++ {
			if *budget <= 0 {
				break
			}
			*budget--
			if used[j] || !s.ok(ps[i], ps[j]) {
				continue
			}
			used[j] = true
			pairs = append(pairs, pair{p: [2]*swissPlayer{ps[i], ps[j]}, placed: PlacedSearch})
			if rec(i + 1) {
				return true
			}
			pairs = pairs[:len(pairs)-1]
			used[j] = false
		}
		used[i] = false
		return false
	}
	if !rec(0) {
		return nil, false
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].p[0].score > pairs[b].p[0].score })
	return pairs, true
}
