package commands

import (
	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/sheet"
)

// sheetOf is st's event as the sheets read it (package sheet): its games
// with the histories and standings st computes once, and what the chat
// knows beside them — where the event stands, the time control, the
// round's start in the event's clock, a team event's teams. The chat's
// tables keep their unit columns whether or not anybody has a unit, so
// that its files have the same columns from one event to the next.
func sheetOf(st *action.State) sheet.Event {
	e := sheet.Event{
		Event: &st.Event, Histories: st.Histories, Standings: st.Standings,
		Phase: phases[st.Status], Version: st.Through, Units: true,
		TimeControl: st.Info.TimeControl,
		Start:       sheet.RoundStart{Round: st.Play.Round, At: st.Play.Starts.In(st.Info.Location())},
		Reported:    func(round, board int) sheet.Reported { return reportedAt(st, round, board) },
		Awards:      awardsOf(st),
		Ranking:     formatOf(st).ranking(st),
	}
	if tm := st.Teams; tm != nil {
		e.Teams = &sheet.Teams{Event: st.TeamEvent(), Totals: tm.Rules.Totals, Hidden: make([][]bool, len(tm.Rounds))}
		for r, rd := range tm.Rounds {
			e.Teams.Hidden[r] = make([]bool, len(rd.Matches))
			for i, m := range rd.Matches {
				e.Teams.Hidden[r][i] = !m.Revealed
			}
		}
	}
	return e
}

// phases are the sheets' words for where an event stands.
var phases = map[action.Status]sheet.Phase{
	action.Setup: sheet.Setup, action.Signup: sheet.Signup, action.Running: sheet.Running,
	action.Finished: sheet.Finished, action.CalledOff: sheet.CalledOff,
}

// reportedAt is where round's game on board stands as the players reported
// it (R-G-1): awaiting the opponent's confirmation, or disputed.
func reportedAt(st *action.State, round, board int) sheet.Reported {
	gp := st.Underway(round, board)
	switch {
	case gp.Dispute != nil:
		return sheet.Disputed
	case gp.Report != nil:
		return sheet.Awaiting
	}
	return sheet.NotReported
}
