package commands

import (
	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// What each format's final ranking gives its players in a season's place
// points (R-T-11): the points of the place each player took, by player
// number; players sharing a place split its places' points
// (engine.PlaceTable.Score).

func noGroup(int) string { return "" }

// placePoints are an individual event's: its standings (R-T-1..3), or
// 队员总分制's players' own (R-TM-3).
func (individualFormat) placePoints(st *action.State, t engine.PlaceTable) []engine.Scored {
	return t.Score(sheetOf(st).Overall(), noGroup)
}

// placePoints are a staged event's: its ranking by its stages (R-F-4,
// R-F-6).
func (stagedFormat) placePoints(st *action.State, t engine.PlaceTable) []engine.Scored {
	return t.Score(sheetOf(st).Overall(), noGroup)
}

// placePoints are a team event's: each team scores its place (R-T-4,
// R-T-5), and each of its players the team's points.
func (teamFormat) placePoints(st *action.State, t engine.PlaceTable) []engine.Scored {
	return teamPlacePoints(st, t, engine.TeamPlacings(engine.TeamStandings(st.TeamEvent())))
}

// placePoints are a team knockout's: each team scores its place in the
// bracket's ranking (R-F-4), and each of its players the team's points.
func (teamStagedFormat) placePoints(st *action.State, t engine.PlaceTable) []engine.Scored {
	return teamPlacePoints(st, t, sheetOf(st).Overall())
}

// teamPlacePoints gives each team of teams the points of its place under
// t, and each of its players the team's.
func teamPlacePoints(st *action.State, t engine.PlaceTable, teams []engine.Placing) []engine.Scored {
	ev := st.TeamEvent()
	var out []engine.Scored
	for _, s := range t.Score(teams, noGroup) {
		for _, p := range ev.Teams[s.Entrant-1].Members {
			out = append(out, engine.Scored{Entrant: p, Place: s.Place, Shared: s.Shared, Points: s.Points})
		}
	}
	return out
}
