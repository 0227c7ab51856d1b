package commands

import (
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/sheet"
)

// SheetOf is sheetOf for the tests outside the package.
var SheetOf = sheetOf

// The sheets read what the chat knows of an event: where it stands, its
// version, the round's start in the event's clock, a team event's teams
// and which of their line-ups are still hidden.
func TestSheetOf(t *testing.T) {
	st := &action.State{
		Status: action.Finished, Through: 42,
		Info:  action.Info{TimeControl: "25分+5秒", Zone: "UTC+8"},
		Play:  action.Play{Round: 2, Starts: time.Date(2026, 3, 1, 11, 30, 0, 0, time.UTC)},
		Event: engine.Event{Players: []engine.Player{{ID: 1, Name: "王天一"}}},
	}
	e := sheetOf(st)
	if e.Event != &st.Event || e.Phase != sheet.Finished || e.Version != 42 || !e.Units || e.TimeControl != "25分+5秒" || e.Teams != nil {
		t.Errorf("model %+v", e)
	}
	if got := e.Start.At.Format("2006-01-02 15:04 MST"); e.Start.Round != 2 || got != "2026-03-01 19:30 UTC+8" {
		t.Errorf("round %d starts %s, want round 2 at 2026-03-01 19:30 UTC+8", e.Start.Round, got)
	}
	if h := e.Histories(); len(h) != 2 {
		t.Errorf("histories of %d players", len(h)-1)
	}

	rules := action.NewTeamRules(2)
	st.Teams = &action.Teamed{
		Rules:  rules,
		Teams:  []action.TeamEntry{{Name: "T1"}, {Name: "T2"}, {Name: "T3"}, {Name: "T4"}},
		Rounds: []action.TeamRoundOf{{Matches: []action.MatchOf{{Number: 1, First: 1, Second: 2, Revealed: true}, {Number: 2, First: 3, Second: 4}}}},
	}
	e = sheetOf(st)
	if e.Teams == nil || len(e.Teams.Event.Teams) != 4 || e.Teams.Hidden[0][0] || !e.Teams.Hidden[0][1] {
		t.Errorf("teams %+v", e.Teams)
	}
}
