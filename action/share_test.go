package action_test

import (
	"encoding/json"
	"testing"

	"github.com/qisai/qisai/action"
)

// TestCopiesChangeOnlyThemselves: a copy of a state (FoldFrom) shares the
// players and the rounds' games with the state it was copied from until
// an action changes them (share.go). On random logs every kind of action
// is applied to a copy, and the copy is copied for the next record; beside
// it a sibling, another copy of the same state, applies the record after
// (a player entered, a result set in its stead). Once the log is done,
// every state made still holds what it held when it was made: an action
// that changed what it shares, or appended into an array a sibling holds,
// would show here.
func TestCopiesChangeOnlyThemselves(t *testing.T) {
	applied := map[string]bool{}
	// 200 logs, and more (up to 600) while a kind is still unapplied, as
	// in TestFoldReplaysLive: the rarest kinds need a play the generator
	// reaches by chance. Undo is never applied to a copy (below).
	for seed := uint64(0); seed < 200 || seed < 600 && len(applied) < len(action.Kinds())-1; seed++ {
		log, _ := randomLog(t, seed, 60, seed%2 == 1)
		st, err := action.Fold(nil)
		if err != nil {
			t.Fatal(err)
		}
		type made struct {
			st   *action.State
			seq  int64
			held []byte
		}
		var states []made
		keep := func(st *action.State, seq int64) {
			states = append(states, made{st, seq, content(t, st)})
		}
		keep(st, 0)
		for i, r := range log {
			if i+1 < len(log) {
				instead := r
				instead.Action = log[i+1].Action
				if sibling, err := action.FoldFrom(st, []action.Record{instead}); err == nil {
					keep(sibling, r.Seq)
				}
			}
			next, err := action.FoldFrom(st, log[i:i+1])
			if _, undo := r.Action.(*action.Undo); undo {
				// An undo reaches into the state: the log is folded again,
				// and the next state shares nothing.
				next, err = action.Fold(log[:i+1])
			} else {
				applied[r.Action.Kind()] = true
			}
			if err != nil {
				t.Fatalf("seed %d: fold through %d (%s): %v", seed, r.Seq, r.Action.Kind(), err)
			}
			keep(next, r.Seq)
			st = next
		}
		for _, m := range states {
			if now := content(t, m.st); string(now) != string(m.held) {
				t.Fatalf("seed %d: the state made by record %d changed after: %s\nwas %s", seed, m.seq, now, m.held)
			}
		}
	}
	for _, k := range action.Kinds() {
		if !applied[k] && k != (&action.Undo{}).Kind() {
			t.Errorf("no random log applies a %s record to a copy", k)
		}
	}
}

// content is what st holds, written out: its own bytes, whatever st
// shares.
func content(t *testing.T, st *action.State) []byte {
	t.Helper()
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
