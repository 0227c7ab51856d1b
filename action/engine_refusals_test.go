package action_test

import (
	"errors"
	"strings"
	"testing"
	"unicode"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// TestEngineRefusalsInBothLanguages: what the engine refuses reaches the
// user through the action's refusal in their language — no English inside
// the Chinese (as the withdrawals' reasons, TestR_W_WithdrawalRefusedInBothLanguages).
func TestEngineRefusalsInBothLanguages(t *testing.T) {
	tests := []struct {
		name   string
		from   func(testing.TB) *script
		act    func(testing.TB, *action.State) action.Action
		zh, en string
	}{
		{"a pairing of a round paired already", round1done, func(tb testing.TB, st *action.State) action.Action {
			p, err := engine.Pair(&st.Event)
			if err != nil {
				tb.Fatal(err)
			}
			p.Round = 1 // made before round 1 was published
			return &action.RoundPublished{Pairing: p}
		}, "这是第 1 轮的编排，但下一轮是第 2 轮", "this pairing is of round 1, but round 2 is next"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := tt.from(t).st
			err := tt.act(t, st).Apply(st)
			var r *action.Refusal
			if !errors.As(err, &r) {
				t.Fatalf("error %v, want a refusal", err)
			}
			if !strings.Contains(r.Zh, tt.zh) || !strings.Contains(r.En, tt.en) {
				t.Errorf("refusal %q / %q, want %q / %q", r.Zh, r.En, tt.zh, tt.en)
			}
			if strings.ContainsFunc(strings.ReplaceAll(r.Zh, r.Rule, ""), func(c rune) bool { return c < unicode.MaxASCII && unicode.IsLetter(c) }) {
				t.Errorf("English inside the Chinese: %q", r.Zh)
			}
		})
	}
}
