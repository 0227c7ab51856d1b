package storage

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/testchild"
)

// TestConcurrentGoroutinesSQLite: 8 goroutines, each with its own Store on
// one SQLite file, append 100 penalties each to one event: none is lost,
// none doubled, and "database is locked" never reaches a caller.
func TestConcurrentGoroutinesSQLite(t *testing.T) {
	const workers, each = 8, 100
	dsn := testDBs(t)[0].dsn
	id := newPairedEvent(t, openTest(t, dsn), 1)
	var wg sync.WaitGroup
	errs := make(chan error, workers*each)
	for w := range workers {
		s := openTest(t, dsn)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				key := fmt.Sprintf("penalty:%d", w*each+i)
				_, err := s.Update(context.Background(), id, action.Actor{Platform: "test", User: fmt.Sprint(w)}, key,
					func(c *Change) error { return c.Append(&action.PenaltyRecorded{Player: 1 + i%2}) })
				if err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("a caller got an error: %v", err)
	}
	checkPenalties(t, openTest(t, dsn), id, workers*each)
}

// TestConcurrentProcessesPostgres: 2 processes append 500 penalties each
// to one event on PostgreSQL: 0 lost updates, 0 duplicates.
func TestConcurrentProcessesPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes; skipped with -short")
	}
	dsn := freshPostgres(t)
	if dsn == "" {
		t.Skipf("no PostgreSQL server: set %s (scripts/test does)", postgresEnv)
	}
	const procs, each = 2, 500
	id := newPairedEvent(t, openTest(t, dsn), 1)
	var wg sync.WaitGroup
	for p := range procs {
		cmd, out := child(t, "penalty", dsn, id, p*each, each)
		wg.Add(1)
		go func() {
			defer wg.Done()
			testchild.Watch(t, fmt.Sprintf("process %d", p), cmd, out)
		}()
	}
	wg.Wait()
	checkPenalties(t, openTest(t, dsn), id, procs*each)
}

// checkPenalties checks that the event's log holds exactly want penalties,
// numbered without gaps, and that they fold.
func checkPenalties(t *testing.T, s *Store, id EventID, want int) {
	t.Helper()
	log, err := s.Log(context.Background(), id, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, r := range log {
		if r.Seq != int64(i+1) {
			t.Fatalf("record %d has seq %d: the log has a gap or a duplicate", i+1, r.Seq)
		}
		if _, ok := r.Action.(*action.PenaltyRecorded); ok {
			n++
		}
	}
	if n != want {
		t.Errorf("%d penalties in the log, want %d (lost or doubled updates)", n, want)
	}
	st, err := s.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	got := 0
	for _, p := range st.Event.Players {
		got += p.Penalties
	}
	if got != want {
		t.Errorf("the folded event counts %d penalties, want %d", got, want)
	}
}
