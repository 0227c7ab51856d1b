package engine

import "slices"

// Categories (组别, R-T-10; seed 003: "全校学生一起混合比赛…全校就分男子组和
// 女子组"): one event, one pairing, and besides the overall ranking one
// ranking a category — the overall order restricted to its players, places
// counted anew among them. Prizes go by such rankings too: the overall
// one's, a category's, each restricted further to the players whose
// results count for prizes (R-T-12, Eligible).

// In reports whether the player is in category c.
func (p Player) In(c string) bool { return slices.Contains(p.Categories, c) }

// Categories lists the categories of the players, each once, in the order
// the players first name them (by sequence number, then the order each
// player gives them).
func Categories(players []Player) []string {
	var out []string
	for _, p := range players {
		for _, c := range p.Categories {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// Placings is a standings' order as a ranking: each player's place and
// whether it is shared (R-T-9), the entrant the player's ID.
func Placings(rows []Standing) []Placing {
	out := make([]Placing, len(rows))
	for i, s := range rows {
		out[i] = Placing{Entrant: s.Player, Place: s.Place, Shared: s.Shared}
	}
	return out
}

// TeamPlacings is a team standings' order as a ranking: each team's place
// and whether it is shared (R-T-4, R-T-9), the entrant the team's ID.
func TeamPlacings(rows []TeamStanding) []Placing {
	out := make([]Placing, len(rows))
	for i, s := range rows {
		out[i] = Placing{Entrant: s.Team, Place: s.Place, Shared: s.Shared}
	}
	return out
}

// Restrict is rank restricted to the entrants keep accepts (R-T-10): the
// same order, each place counted anew among them — one more than the kept
// entrants placed strictly above. Entrants who share a place in rank
// share it here while more than one of them is kept; after a shared place
// the next one skips (3=, 3=, 5) when skips is set, as the event writes
// its own (R-T-9), else it follows (3=, 3=, 4).
func Restrict(rank []Placing, keep func(entrant int) bool, skips bool) []Placing {
	var out []Placing
	for i := 0; i < len(rank); {
		j := i + 1
		for j < len(rank) && rank[j].Place == rank[i].Place {
			j++
		}
		var tied []int
		for _, p := range rank[i:j] {
			if keep(p.Entrant) {
				tied = append(tied, p.Entrant)
			}
		}
		place := len(out) + 1
		if !skips && len(out) > 0 {
			place = out[len(out)-1].Place + 1
		}
		for _, id := range tied {
			out = append(out, Placing{Entrant: id, Place: place, Shared: len(tied) > 1})
		}
		i = j
	}
	return out
}

// Prized are the entrants of rank who win its first places prizes, each
// with its prize place (R-T-8: places that may not be shared; R-T-10 a
// category's): rank restricted to those eligible for prizes (R-T-12),
// places up to places. Players who share a prize place share its prize.
func Prized(rank []Placing, places int, eligible func(entrant int) bool, skips bool) map[int]int {
	out := map[int]int{}
	for _, p := range Restrict(rank, eligible, skips) {
		if p.Place > places {
			break
		}
		out[p.Entrant] = p.Place
	}
	return out
}
