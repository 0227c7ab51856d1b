package commands

import (
	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
)

// teamWithdrawal is the announcement of team id leaving after round
// `after`, to be formatted with the team's name and the round: what became
// of its matches as the rules settled them — a round robin's (a group's)
// struck out when it played fewer than half, else kept with the rest
// forfeited (R-W-2, §20.3); a Swiss's kept, the team paired no more (R-W-3,
// §20.4).
func teamWithdrawal(st *action.State, id, after int) i18n.T {
	switch {
	case st.TeamEvent().StruckOut(id):
		return i18n.T{Zh: "「%s」在第 %d 轮后退赛：已赛场次不足半数，所有已赛结果一概注销，余下的场次不再比赛（R-W-2，§20.3）。",
			En: "Team %q withdraws after round %d: it played fewer than half of its matches, so all its results are struck out and its other matches are not played (R-W-2, §20.3)."}
	case action.RoundRobin(st.TeamPairing().System):
		return i18n.T{Zh: "「%s」在第 %d 轮后退赛：已赛达到半数，成绩有效；余下各场由对方弃权胜（R-W-2，§20.3）。",
			En: "Team %q withdraws after round %d: it played half of its matches or more, so its results stand; its other matches go to the opponents by forfeit (R-W-2, §20.3)."}
	}
	return i18n.T{Zh: "「%s」在第 %d 轮后退赛：已赛结果有效，此后不再编排（R-W-3，§20.4）。",
		En: "Team %q withdraws after round %d: its results stand and it is paired no more (R-W-3, §20.4)."}
}
