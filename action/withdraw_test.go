package action_test

import (
	"errors"
	"strings"
	"testing"
	"unicode"

	"github.com/qisai/qisai/action"
)

// TestR_W_WithdrawalRefusedInBothLanguages: the engine's reasons for
// refusing a withdrawal reach the user in their language — no English
// inside the Chinese.
func TestR_W_WithdrawalRefusedInBothLanguages(t *testing.T) {
	tests := []struct {
		name   string
		from   func(testing.TB) *script
		act    func(*action.State) action.Action
		zh, en string
	}{
		{"a result in the round", round1done, func(st *action.State) action.Action {
			return &action.Withdrawn{Player: gameAt(st, 1, 1).Red, After: 0}
		}, "第 1 轮已有结果", "they have a result in round 1"},
		{"a round not paired", round1, func(*action.State) action.Action {
			return &action.Withdrawn{Player: 2, After: 2}
		}, "请给出 0（第 1 轮前）到 1", "give a round from 0 (before round 1) to 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := tt.from(t).st
			err := tt.act(st).Apply(st)
			var r *action.Refusal
			if !errors.As(err, &r) {
				t.Fatalf("error %v, want a refusal", err)
			}
			if !strings.Contains(r.Zh, tt.zh) || !strings.Contains(r.En, tt.en) {
				t.Errorf("refusal %q / %q, want %q / %q", r.Zh, r.En, tt.zh, tt.en)
			}
			if strings.ContainsFunc(r.Zh, func(c rune) bool { return c < unicode.MaxASCII && unicode.IsLetter(c) }) {
				t.Errorf("English inside the Chinese: %q", r.Zh)
			}
		})
	}
}
