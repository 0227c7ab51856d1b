package action_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// TestR_TM_1_BoardOrderFixedAtRegistration: §12.1 ("各参加单位报名时,必须根据
// 技术水平高低排定本队棋手的台次…等级分高者,台次应列前"): with the boards by
// rating, a rating corrected before the start reorders the team, and once
// the event runs a rating that would move a player to another board is
// refused by R-TM-1 — one that keeps the order is taken.
func TestR_TM_1_BoardOrderFixedAtRegistration(t *testing.T) {
	set := engine.DefaultSettings(0)
	set.System = engine.RoundRobin
	s := newScript(t).do(&action.Created{Name: "团体赛", Settings: set})
	rules := action.NewTeamRules(3)
	rules.ByRating = true
	s.do(&action.TeamRulesSet{Rules: &rules})
	for k := 1; k <= 2; k++ {
		var members []int
		for j := 1; j <= 3; j++ {
			s.do(&action.PlayerAdded{Name: fmt.Sprintf("T%d-%d", k, j), Rating: 2000 - 100*j})
			members = append(members, s.st.Event.Players[len(s.st.Event.Players)-1].Entrant)
		}
		s.do(&action.TeamRegistered{Name: fmt.Sprintf("T%d", k), Members: members})
	}
	third := s.st.Event.Players[2] // T1-3, board 3
	s.do(&action.PlayerEdited{Player: third.ID, Name: third.Name, Rating: 1850})
	if got := s.st.TeamEvent().Teams[0].Members; got[1] != third.ID {
		t.Fatalf("before the start, T1-3 rated 1850: boards %v, want it on board 2", got)
	}
	s.do(&action.Started{Numbering: engine.AsEntered})
	first := s.st.Event.Players[0]
	err := (&action.PlayerEdited{Player: first.ID, Name: first.Name, Rating: 1500}).Apply(s.st)
	var r *action.Refusal
	if !errors.As(err, &r) || r.Rule != "R-TM-1" {
		t.Fatalf("a rating moving board 1 down after the start: %v, want refused by R-TM-1", err)
	}
	s.do(&action.PlayerEdited{Player: first.ID, Name: first.Name, Rating: 1950})
	if got := s.st.TeamEvent().Teams[0].Members; got[0] != first.ID {
		t.Errorf("a rating keeping the order: boards %v, want T1-1 still on board 1", got)
	}
}
