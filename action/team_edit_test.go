package action_test

import (
	"testing"

	"github.com/qisai/qisai/action"
)

func init() {
	name, unit := "红星", "一中"
	samples = append(samples, struct {
		action  action.Action
		payload string
	}{&action.TeamEdited{Team: 2, Name: &name, Unit: &unit}, `{"team":2,"name":"红星","unit":"一中"}`})
}

// TestTeamEdited: a team's name and unit change before the start, a name
// another team has is refused, and after the start nothing changes.
func TestTeamEdited(t *testing.T) {
	s := newScript(t).do(&action.Created{Name: "团体赛"}, &action.TeamRulesSet{Rules: new(action.NewTeamRules(3))})
	captain := action.Actor{Platform: "console", User: "c"}
	s.do(&action.TeamRegistered{Name: "A", Captain: captain}, &action.TeamRegistered{Name: "B", Captain: captain})
	name, unit := "Alpha", "一中"
	s.do(&action.TeamEdited{Team: 1, Name: &name}, &action.TeamEdited{Team: 1, Unit: &unit})
	if got := s.st.Teams.Teams[0]; got.Name != "Alpha" || got.Unit != "一中" {
		t.Errorf("team 1 is %q of %q, want Alpha of 一中", got.Name, got.Unit)
	}
	taken := "b"
	if err := (&action.TeamEdited{Team: 1, Name: &taken}).Apply(s.st); err == nil {
		t.Errorf("renamed to another team's name")
	}
	if err := (&action.TeamEdited{Team: 3, Name: &name}).Apply(s.st); err == nil {
		t.Errorf("renamed a team that is not there")
	}
	started := teamScript(t, action.NewTeamRules(2), 0)
	if err := (&action.TeamEdited{Team: 2, Unit: &unit}).Apply(started.st); err == nil {
		t.Errorf("changed a unit after the start")
	}
}
