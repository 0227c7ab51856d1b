package action_test

import (
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

func confirm(by func(red, black int) int) func(red, black int) action.Action {
	return func(r, b int) action.Action { return &action.ReportConfirmed{Round: 1, Board: 1, Player: by(r, b)} }
}
func accept(by func(red, black int) int) func(red, black int) action.Action {
	return func(r, b int) action.Action { return &action.DrawAccepted{Round: 1, Board: 1, Player: by(r, b)} }
}
func resign(by func(red, black int) int) func(red, black int) action.Action {
	return func(r, b int) action.Action { return &action.Resigned{Round: 1, Board: 1, Player: by(r, b)} }
}

// TestR_G_1_PlayersSettle: a confirmed report, an accepted draw offer
// (R-G-2) and a resignation make the result final; each is refused where
// it does not fit, here and nowhere else.
func TestR_G_1_PlayersSettle(t *testing.T) {
	tests := []struct {
		name  string
		steps []playStep
		want  engine.Result // board 1's result after the steps
	}{
		{"confirmed report", []playStep{ok(report(redP, engine.BlackWin)), ok(confirm(blackP))}, engine.BlackWin},
		{"confirm without a report", []playStep{no("nobody has reported", confirm(blackP))}, engine.Pending},
		{"confirm own report", []playStep{ok(report(redP, engine.RedWin)), no("their own report", confirm(redP))}, engine.Pending},
		{"confirm a disputed report", []playStep{ok(report(redP, engine.RedWin)), ok(dispute(blackP)), no("is disputed", confirm(blackP))}, engine.Pending},
		{"accepted draw", []playStep{ok(offer(redP)), ok(accept(blackP))}, engine.Draw},
		{"accept own offer", []playStep{ok(offer(redP)), no("no draw offer for player", accept(redP))}, engine.Pending},
		{"accept no offer", []playStep{no("no draw offer for player", accept(blackP))}, engine.Pending},
		{"red resigns", []playStep{ok(resign(redP))}, engine.BlackWin},
		{"black resigns", []playStep{ok(resign(blackP))}, engine.RedWin},
		{"resign a disputed game", []playStep{ok(report(redP, engine.RedWin)), ok(dispute(blackP)), no("is disputed", resign(blackP))}, engine.Pending},
		{"resign a decided game", []playStep{ok(resign(blackP)), no("is in already", resign(redP))}, engine.RedWin},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, _, _ := runPlay(t, tt.steps...)
			if got := gameAt(st, 1, 1).Result; got != tt.want {
				t.Errorf("board 1's result %v, want %v", got, tt.want)
			}
		})
	}
}
