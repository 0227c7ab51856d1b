package action_test

import (
	"encoding/json"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// R-F-5, seed 003: a 吃子数 game's counts give its result, go into the
// match, are refused on another game or with another result, and go when
// the arbiter sets the game again without them.
func TestCaptures_R_F_5(t *testing.T) {
	plan := action.NewPlan(action.KnockoutStage)
	plan.Match.Tie = []engine.TieRule{engine.TieCaptures, engine.TieLots}
	e := newStaged(t, 2, plan)
	e.round()
	if err := e.try(&action.ResultSet{Round: 1, Board: 1, Result: engine.RedWin, Captures: &action.Captures{Red: 5, Black: 3}}); err == nil {
		t.Fatal("counts on a regular game were taken")
	}
	e.do(&action.ResultSet{Round: 1, Board: 1, Result: engine.Draw})
	e.round()
	if b, _ := e.st.BoardOf(2, 1); b.Step != engine.TieCaptures {
		t.Fatalf("round 2 board 1 plays %v, want captures", b.Step)
	}
	if err := e.try(&action.ResultSet{Round: 2, Board: 1, Result: engine.RedWin, Captures: &action.Captures{Red: 3, Black: 5}}); err == nil {
		t.Fatal("3:5 taken as red's win")
	}
	a := &action.ResultSet{Round: 2, Board: 1, Result: engine.BlackWin, Captures: &action.Captures{Red: 3, Black: 5}}
	if data, _ := json.Marshal(a); string(data) != `{"round":2,"board":1,"result":2,"captures":{"red":3,"black":5}}` {
		t.Errorf("json %s", data)
	}
	e.do(a)
	m := e.st.Progress().Current().Bracket.Matches[0]
	if g := m.Games[len(m.Games)-1]; g.Step != engine.TieCaptures || g.RedCaptures != 3 || g.BlackCaptures != 5 {
		t.Errorf("the match's last game %+v, want captures 3:5", g)
	}
	if c, ok := e.st.CapturesOn(2, 1); !ok || c != (action.Captures{Red: 3, Black: 5}) {
		t.Errorf("captures on round 2 board 1 = %v, %v", c, ok)
	}
	e.do(&action.ResultSet{Round: 2, Board: 1, Result: engine.RedWin})
	if _, ok := e.st.CapturesOn(2, 1); ok {
		t.Error("the counts stayed with a result set without them")
	}
}
