package engine

import (
	"cmp"
	"slices"
)

// TotalsRule says what a 队员总分制 team ranking adds up (R-T-6).
type TotalsRule int8

const (
	// SumOfPlaces is the national rule (§15.5): the counting players'
	// places, lowest first; then the best individual place, the second
	// best, …; then fewer fouls.
	SumOfPlaces TotalsRule = iota
	// SumOfScores is seed 003's 山东科技大学 rule: the counting players'
	// scores (局分), highest first; then their score in the last round, in
	// the round before, …; then their opponents' scores (对手分).
	SumOfScores
)

var totalsNames = enumNames[TotalsRule]{
	{SumOfPlaces, []string{"places", "名次之和", "名次"}},
	{SumOfScores, []string{"scores", "局分之和", "局分"}},
}

// ParseTotalsRule reads places or scores, in English or Chinese.
func ParseTotalsRule(s string) (TotalsRule, error) { return totalsNames.parse("team totals", s) }

func (r TotalsRule) String() string { return totalsNames.name(r) }

// Chinese is the rule's Chinese name.
func (r TotalsRule) Chinese() string { return totalsNames.chinese(r) }

// TeamTotal is one team's row in a 队员总分制 ranking (R-T-6, R-TM-3).
type TeamTotal struct {
	Place  int
	Shared bool // R-T-9
	Team   int
	// Players are the counting players, best placed first; Places their
	// places in the individual standings and Total the sum of those.
	Players, Places []int
	Total           int
	// Score is the counting players' scores added up, Rounds the same a
	// round (index 0 is round 1), Opponents their 对手分 added up.
	Score     Points
	Rounds    []Points
	Opponents Points
	Fouls     int // every member's fouls over the event
	// Complete is false for a team with fewer than the counting number of
	// players: it ranks after every complete team (seed 003's 山东科技大学
	// rules give such a team no team place at all; an interface may leave
	// it out).
	Complete bool
}

// TeamTotals ranks teams by their players' results in the individual event
// ev (R-T-6, §15.5), counting each team's best `counting` players (the best
// 4 of 6, seed 000's Beijing rules) in the order by says; teams still equal
// share a place. A team's Members are player IDs of ev; for counting
// players chosen before the event (事先选定), list only those. A shared
// individual place counts as its number ("3=" is 3).
func TeamTotals(ev *Event, teams []Team, counting int, by TotalsRule) []TeamTotal {
	placeOf := make([]int, len(ev.Players)+1)
	for _, s := range Standings(ev) {
		placeOf[s.Player] = s.Place
	}
	t := newTable(ev)
	out := make([]TeamTotal, len(teams))
	for i, team := range teams {
		members := slices.DeleteFunc(slices.Clone(team.Members), func(id int) bool { return !valid(id, len(ev.Players)) })
		slices.SortStableFunc(members, func(a, b int) int { return cmp.Compare(placeOf[a], placeOf[b]) })
		row := TeamTotal{Team: team.ID, Complete: len(members) >= counting, Rounds: make([]Points, t.rounds)}
		for k, id := range members {
			for _, e := range t.hist[id] {
				row.Fouls += e.Fouls
			}
			if k >= counting {
				continue
			}
			row.Players = append(row.Players, id)
			row.Places = append(row.Places, placeOf[id])
			row.Total += placeOf[id]
			row.Score += t.score[id]
			for r, e := range t.hist[id] {
				row.Rounds[r] += e.Points
			}
			opp, _ := t.measure(Buchholz, id)
			row.Opponents += opp.Value
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
		if c := cmp.Compare(len(b.Places), len(a.Places)); c != 0 {
			return c
		}
		if by == SumOfScores {
			if c := cmp.Compare(b.Score, a.Score); c != 0 {
				return c
			}
			for r := len(a.Rounds) - 1; r >= 0; r-- {
				if c := cmp.Compare(b.Rounds[r], a.Rounds[r]); c != 0 {
					return c
				}
			}
			return cmp.Compare(b.Opponents, a.Opponents)
		}
		if c := cmp.Compare(a.Total, b.Total); c != 0 {
			return c
		}
		if c := slices.Compare(a.Places, b.Places); c != 0 {
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
