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

// TestPairingRefused: every reason the engine finds no pairing for is
// said in both languages, the rules' with their rule; a real one comes
// through engine.Pair as an ErrNoPairing still.
func TestPairingRefused(t *testing.T) {
	for _, tt := range []struct {
		e      engine.PairingError
		zh, en string
	}{
		{engine.PairingError{Reason: engine.PairTooFew, Round: 3, Players: 1}, "无法编排第 3 轮：可编排的选手只有 1 名", "round 3 cannot be paired: it has 1 players to pair"},
		{engine.PairingError{Reason: engine.PairPastLast, Round: 6, Rounds: 5}, "本赛只有 5 轮", "the event has 5 rounds only"},
		{engine.PairingError{Reason: engine.PairTableShort, Players: 4, Rounds: 3, Asked: 7}, "请把轮数设为 3", "set rounds to 3"},
		{engine.PairingError{Reason: engine.PairRematchesNear, Round: 9, Players: 5000, Window: 64}, "最近的 64 名对手中", "among each player's 64 nearest"},
		{engine.PairingError{Reason: engine.PairRematches, Round: 2, Players: 2}, "2 名选手无论怎样配对都会重复对阵", "every way to pair the 2 players would repeat a game"},
	} {
		r := action.PairingRefused(&tt.e)
		if !strings.Contains(r.Zh, tt.zh) || !strings.Contains(r.En, tt.en) {
			t.Errorf("%v: refusal %q / %q, want %q / %q", tt.e.Reason, r.Zh, r.En, tt.zh, tt.en)
		}
		if strings.ContainsFunc(r.Zh, func(c rune) bool { return c < unicode.MaxASCII && unicode.IsLetter(c) }) {
			t.Errorf("English inside the Chinese: %q", r.Zh)
		}
		if rematch := tt.e.Reason == engine.PairRematches || tt.e.Reason == engine.PairRematchesNear; rematch != (r.Rule == "R-SW-9") {
			t.Errorf("%v: rule %q", tt.e.Reason, r.Rule)
		}
	}

	st := newScript(t).do(&action.Created{Name: "Two", Settings: engine.DefaultSettings(2)},
		&action.PlayerAdded{Name: "A"}, &action.PlayerAdded{Name: "B"}, &action.Started{}).publish().results().st
	_, err := engine.Pair(&st.Event)
	var pe *engine.PairingError
	if !errors.As(err, &pe) || pe.Reason != engine.PairRematches || !errors.Is(err, engine.ErrNoPairing) {
		t.Errorf("pairing round 2 of two players who met: %v, want a PairingError of rematches, an ErrNoPairing", err)
	}
}
