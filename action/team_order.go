package action

import (
	"slices"

	"github.com/qisai/qisai/engine"
)

// A team's board order is fixed when the teams register (§12.1: "各参加单位
// 报名时,必须根据技术水平高低排定本队棋手的台次"; §12.2: "台次的排列原则同12.1款"):
// put in order by rating (TeamRules.ByRating), it is the ratings' order at
// the start, and no rating corrected while the event runs reorders it.

// boardOrderKept refuses, in a running team event whose players take their
// boards by rating, a new rating for player p that would move p to another
// board of the registered order; nil otherwise.
func (st *State) boardOrderKept(p *engine.Player, rating int) error {
	if st.Teams == nil || !st.Teams.Rules.ByRating || st.Status != Running || rating == p.Rating {
		return nil
	}
	id := st.TeamOf(p.Entrant)
	if id == 0 {
		return nil
	}
	var entered []int // the team's players as entered, by number
	for _, e := range st.Teams.Teams[id-1].Members {
		if n, ok := st.Numbered(e); ok {
			entered = append(entered, n)
		}
	}
	rated := slices.Clone(st.Event.Players)
	rated[p.ID-1].Rating = rating
	if slices.Equal(engine.OrderMembers(entered, st.Event.Players), engine.OrderMembers(entered, rated)) {
		return nil
	}
	return ruled("R-TM-1", "比赛已经开始：「%[1]s」的台次在报名时按等级分排定（§12.1），改 %[2]s 的等级分为 %[3]d 会改变台次，不能改。等级分可以在比赛结束后更正。",
		"the event has started: %[1]q's board order was fixed by rating at registration (§12.1), and %[2]s's rating as %[3]d would change it; correct the rating after the event ends.",
		st.Teams.Teams[id-1].Name, p.Name, rating)
}
