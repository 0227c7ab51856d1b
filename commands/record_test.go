package commands

import (
	"testing"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// TestR_SW_13_RelaxationText: a rule given up is said in the reader's
// language — why, and for whom — never with the engine's English inside
// Chinese (R-SW-9, R-SW-13).
func TestR_SW_13_RelaxationText(t *testing.T) {
	r := engine.Relaxation{Rule: "R-SW-12", Reason: engine.RelaxedNoComplete, Players: []int{3, 7}, Why: "no complete pairing"}
	tests := []struct {
		lang i18n.Lang
		want string
	}{
		{i18n.Zh, "R-SW-12：全场没有任何完整编排能遵守此规则；涉及 3、7 号"},
		{i18n.En, "R-SW-12: no complete pairing of the whole field keeps it; for players 3, 7"},
	}
	for _, tt := range tests {
		if got := RelaxationText(r, tt.lang); got != tt.want {
			t.Errorf("%v: %q, want %q", tt.lang, got, tt.want)
		}
	}
	bye := engine.Relaxation{Rule: "R-S-3", Reason: engine.RelaxedSecondBye, Players: []int{5}}
	if got, want := RelaxationText(bye, i18n.Zh), "R-S-3：每一种完整编排都要让人第二次轮空；涉及 5 号"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
