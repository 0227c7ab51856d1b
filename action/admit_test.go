package action_test

import (
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// TestOldLogsFold: a log stored before the rules of a name's form (a name
// too wide, look-alike entrants) still folds — those are admitted when a
// name is given, not on every fold — while two entrants of one name but
// for case stay refused on every fold.
func TestOldLogsFold(t *testing.T) {
	long := strings.Repeat("徐", 20)
	rec := func(seq int64, a action.Action) action.Record { return action.Record{Seq: seq, Action: a} }
	log := []action.Record{
		rec(1, &action.Created{Name: strings.Repeat("赛", 40), Settings: engine.DefaultSettings(5)}),
		rec(2, &action.PlayerAdded{Name: long}),
		rec(3, &action.PlayerAdded{Name: "Li Hongbo"}),
		rec(4, &action.PlayerAdded{Name: "Li Hоngbо"}), // Cyrillic о
	}
	st, err := action.Fold(log)
	if err != nil {
		t.Fatalf("an old log no longer folds: %v", err)
	}
	if len(st.Event.Players) != 3 || st.Event.Players[0].Name != long {
		t.Errorf("players %+v, want the three stored", st.Event.Players)
	}
	for _, a := range []action.Action{log[1].Action, log[3].Action} {
		if err := action.Admit(st, a); err == nil {
			t.Errorf("%+v is admitted now; want it refused when given today", a)
		}
	}
	if _, err := action.Fold(append(log, rec(5, &action.PlayerAdded{Name: "li hongbo"}))); err == nil {
		t.Error("two entrants of one name but for case folded")
	}
}
