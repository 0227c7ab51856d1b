package commands

import (
	"slices"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// A team's players beyond its boards are reserves (替补). §12.2 allows them
// under 分台换人 ("准许各参加单位增报一定名额的替补队员"); §12.1's 分台定人 puts
// the registered players on the boards in registration order every match,
// so a reserve there plays only if a player ahead of them leaves the team
// before the start. A player registered as a reserve is told their place
// as a reserve, not as a board they will never sit at, and under 分台定人
// the captain or organiser who registered them is told that they will not
// play and how to let reserves play (R-TM-1).

// teamPlace says where the k-th registered player of a team stands: board
// k, or reserve k−boards.
func teamPlace(r action.TeamRules, k int) i18n.T {
	if r.Totalled() || k <= r.Boards {
		return i18n.F("第 %d 台", "board %d", k)
	}
	return i18n.F("第 %[1]d 替补（报名第 %[2]d）", "reserve %[1]d (registered %[2]d)", k-r.Boards, k)
}

// idleReserves says in lang, under 分台定人, that the players named are
// reserves who will not play ("" when there are none, or when the rule
// lets them play).
func idleReserves(r action.TeamRules, names []string, lang i18n.Lang) string {
	if r.Lineup != engine.FixedBoards || len(names) == 0 {
		return ""
	}
	return i18n.T{
		Zh: "注意：分台定人（R-TM-1，§12.1）每场由报名前 %d 名按台次出场，替补（%s）不会上场，除非开赛前前面有队员退出。要让替补每场可以换上：/event set 台次 分台换人。",
		En: "Note: under fixed boards (R-TM-1, §12.1) the first %d registered play every match, in that order; reserves (%s) will not play unless a player ahead leaves the team before the start. To let reserves come in match by match: /event set board-order substitutes.",
	}.In(lang, r.Boards, listNames(names, lang))
}

// reservesAmong names the players of team id, after entrants were added,
// who are reserves: registered after its boards.
func reservesAmong(st *action.State, id int, entrants []int) []string {
	r, members := st.Teams.Rules, st.Teams.Teams[id-1].Members
	var names []string
	for k, e := range members {
		if k >= r.Boards && slices.Contains(entrants, e) {
			if n, ok := st.Numbered(e); ok {
				names = append(names, playerName(&st.Event, n))
			}
		}
	}
	return names
}
