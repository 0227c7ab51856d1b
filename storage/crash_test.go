package storage

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/qisai/qisai/engine"
)

// TestCrashKeepsAcknowledgedReports: a child process reports 1,000 results
// as fast as it can while the test kill -9s it at random moments and starts
// it again (it resends from the first report: the update keys make the
// resent ones no-ops). At the end every report the child acknowledged is in
// the log exactly once and the log folds to an event with those results.
func TestCrashKeepsAcknowledgedReports(t *testing.T) {
	if testing.Short() {
		t.Skip("kills child processes; skipped with -short")
	}
	const reports = 1000
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) {
			s := openTest(t, db.dsn)
			id := newPairedEvent(t, s, reports)
			rng := rand.New(rand.NewPCG(7, 11))
			acked := map[int]bool{}
			kills := 0
			for run := 0; ; run++ {
				if run > 200 {
					t.Fatalf("the child never finished: %d runs, %d kills", run, kills)
				}
				cmd, out := child(t, "report", db.dsn, id, 1, reports)
				lines := make(chan string)
				go func() {
					sc := bufio.NewScanner(out)
					for sc.Scan() {
						lines <- sc.Text()
					}
					close(lines)
				}()
				// Kill at a random moment in most runs; let the last ones finish.
				var kill <-chan time.Time
				if kills < 20 {
					kill = time.After(time.Duration(5+rng.IntN(60)) * time.Millisecond)
				}
				done := false
			read:
				for {
					select {
					case l, ok := <-lines:
						if !ok {
							break read
						}
						switch f := strings.Fields(l); {
						case len(f) == 2 && f[0] == "ack":
							var i int
							fmt.Sscan(f[1], &i)
							acked[i] = true
						case l == "done":
							done = true
						case len(f) > 0 && f[0] == "error":
							t.Fatalf("the child failed: %s", l)
						}
					case <-kill:
						cmd.Process.Signal(syscall.SIGKILL)
						kills++
						kill = nil
					}
				}
				cmd.Wait()
				if done {
					break
				}
			}
			t.Logf("%d kills, %d reports acknowledged", kills, len(acked))
			if len(acked) != reports {
				t.Errorf("%d reports acknowledged, want all %d (the last run finishes)", len(acked), reports)
			}
			checkReports(t, s, id, acked)
		})
	}
}

// checkReports checks that each acknowledged report is one action in the
// log and shows in the folded event.
func checkReports(t *testing.T, s *Store, id EventID, acked map[int]bool) {
	t.Helper()
	ctx := context.Background()
	var rows []struct {
		UpdateKey string
		N         int
	}
	if err := s.db.WithContext(ctx).Raw(
		"SELECT update_key, COUNT(*) AS n FROM actions WHERE event_id = ? AND update_key IS NOT NULL GROUP BY update_key",
		int64(id)).Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	stored := map[string]int{}
	for _, r := range rows {
		stored[r.UpdateKey] = r.N
	}
	for i := range acked {
		if n := stored[fmt.Sprintf("report:%d", i)]; n != 1 {
			t.Errorf("report %d is in the log %d times, want once", i, n)
		}
	}
	st, err := s.Load(ctx, id)
	if err != nil {
		t.Fatalf("the log does not fold: %v", err)
	}
	for i := range acked {
		g := st.Event.Rounds[0].Games[i-1]
		if want := engine.Result(1 + i%3); g.Board != i || g.Result != want {
			t.Errorf("board %d: result %v, want %v", g.Board, g.Result, want)
		}
	}
}
