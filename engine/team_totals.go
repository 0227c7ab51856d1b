package engine

import (
	"cmp"
	"slices"
)

// TeamTotal is one team's row in a 队员总分制 ranking (R-T-6, R-TM-3).
type TeamTotal struct {
	Place  int
	Shared bool // R-T-9
	Team   int
	// Total is the sum of the counting players' places in the individual
	// standings; lower ranks higher.
	Total int
	// Counted are the counting players' places, best first, and Players the
	// players, in the same order.
	Counted, Players []int
	Fouls            int // every member's fouls over the event
	// Complete is false for a team with fewer than the counting number of
	// players: it ranks after every complete team (seed 003's 山东科技大学 rules
	// give such a team no team place at all; an interface may leave it out).
	Complete bool
}

// TeamTotals ranks teams by their players' places in the individual event
// ev (R-T-6, §15.5): the sum of the places of each team's best `counting`
// players (the best 4 of 6, seed 000's Beijing rules), lowest first; then
// the best individual place, the second best, …; then fewer fouls; teams
// still equal share a place. A team's Members are player IDs of ev; for
// counting players chosen before the event (事先选定), list only those. A
// shared individual place counts as its number ("3=" is 3).
func TeamTotals(ev *Event, teams []Team, counting int) []TeamTotal {
	place := make([]int, len(ev.Players)+1)
	for _, s := range Standings(ev) {
		place[s.Player] = s.Place
	}
	hist := ev.Histories()
	out := make([]TeamTotal, len(teams))
	for i, t := range teams {
		members := slices.Clone(t.Members)
		members = slices.DeleteFunc(members, func(id int) bool { return !valid(id, len(ev.Players)) })
		slices.SortStableFunc(members, func(a, b int) int { return cmp.Compare(place[a], place[b]) })
		row := TeamTotal{Team: t.ID, Complete: len(members) >= counting}
		for k, id := range members {
			for _, e := range hist[id] {
				row.Fouls += e.Fouls
			}
			if k < counting {
				row.Players = append(row.Players, id)
				row.Counted = append(row.Counted, place[id])
				row.Total += place[id]
			}
		}
		out[i] = row
	}
	order := func(a, b TeamTotal) int {
		if a.Complete != b.Complete {
			if a.Complete {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(len(b.Counted), len(a.Counted)); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Total, b.Total); c != 0 {
			return c
		}
		if c := slices.Compare(a.Counted, b.Counted); c != 0 {
			return c
		}
		return cmp.Compare(a.Fouls, b.Fouls)
	}
	slices.SortStableFunc(out, func(a, b TeamTotal) int {
		if c := order(a, b); c != 0 {
			return c
		}
		return cmp.Compare(a.Team, b.Team)
	})
	place, shared := sharedPlaces(len(out), ev.Settings.SharedPlaceSkips, func(i int) bool { return order(out[i-1], out[i]) == 0 })
	for i := range out {
		out[i].Place, out[i].Shared = place[i], shared[i]
	}
	return out
}

// sharedPlaces numbers n rows in order: tied(i) reports that row i ties
// row i−1, and tied rows share a place (R-T-9); the place after them skips
// (3=, 3=, 5) when skips is set, else it follows (3=, 3=, 4).
func sharedPlaces(n int, skips bool, tied func(i int) bool) (place []int, shared []bool) {
	place, shared = make([]int, n), make([]bool, n)
	for i := range n {
		switch {
		case i > 0 && tied(i):
			place[i], shared[i], shared[i-1] = place[i-1], true, true
		case skips || i == 0:
			place[i] = i + 1
		default:
			place[i] = place[i-1] + 1
		}
	}
	return place, shared
}
