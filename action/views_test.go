package action_test

import (
	"reflect"
	"sync"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// TestViewsFollowTheState: a state's Histories, Scores and Standings are
// the engine's for the event as it is now — after every record of random logs,
// including undos — computed once a state (a copy shares them) and again
// once the state moves on.
func TestViewsFollowTheState(t *testing.T) {
	for seed := range uint64(6) {
		log, _ := randomLog(t, seed, 300, true)
		var st *action.State
		for i, r := range log {
			next, err := action.FoldFrom(st, []action.Record{r})
			if err == action.ErrRefold {
				next, err = action.Fold(log[:i+1])
			}
			if err != nil {
				t.Fatalf("seed %d record %d: %v", seed, r.Seq, err)
			}
			st = next
			if i%7 != 0 {
				continue
			}
			if got, want := st.Standings(), engine.Standings(&st.Event); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d after record %d: Standings differ from the engine's", seed, r.Seq)
			}
			h := st.Event.Histories()
			if got := st.Histories(); !reflect.DeepEqual(got, h) {
				t.Fatalf("seed %d after record %d: Histories differ from the engine's", seed, r.Seq)
			}
			scores := st.Scores()
			if len(scores) != len(h) {
				t.Fatalf("seed %d after record %d: %d scores for %d players", seed, r.Seq, len(scores)-1, len(h)-1)
			}
			for id := 1; id < len(h); id++ {
				if want := engine.Score(h[id]); scores[id] != want {
					t.Fatalf("seed %d after record %d: player %d scores %v, the engine %v", seed, r.Seq, id, scores[id], want)
				}
			}
		}
	}
}

// TestViewsComputedOnce: a copy of a state (what the store hands each
// command) reuses the views its original computed, from many goroutines
// at once.
func TestViewsComputedOnce(t *testing.T) {
	_, st := randomLog(t, 3, 400, false)
	first := st.Histories()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := action.FoldFrom(st, nil)
			if err != nil {
				t.Error(err)
				return
			}
			if h := c.Histories(); len(h) > 0 && len(first) > 0 && &h[0] != &first[0] {
				t.Error("a copy computed the histories again")
			}
			c.Standings()
		}()
	}
	wg.Wait()

	// Two copies of a folded state that never computed them share them:
	// what the store does with the state it caches.
	log, _ := randomLog(t, 4, 400, false)
	kept, err := action.Fold(log)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := action.FoldFrom(kept, nil)
	b, _ := action.FoldFrom(kept, nil)
	if sa, sb := a.Standings(), b.Standings(); len(sa) == 0 || &sa[0] != &sb[0] {
		t.Error("two copies of one state computed the standings each")
	}
}
