package storage

import (
	"context"
	"testing"

	"github.com/qisai/qisai/action"
)

// TestLogTailTwoInstances: the tail one Store decoded and kept is still
// right after another instance appends (its records are read, the kept
// ones reused), an undo included, and the same records come back however
// the tail moves.
func TestLogTailTwoInstances(t *testing.T) {
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) {
			ctx := context.Background()
			a, b := openTest(t, db.dsn), openTest(t, db.dsn)
			id := evCreate(t, a, "Club Open", "Li", "Wang", "Zhao") // seqs 1 to 4
			if log, err := a.LogTail(ctx, id, 3); err != nil || len(log) != 3 {
				t.Fatalf("LogTail(3) = %d records, %v", len(log), err)
			}
			evUpdate(t, b, id, &action.PlayerAdded{Name: "Sun"}) // 5, by the other instance
			evUpdate(t, b, id, &action.Undo{Seq: 5})             // 6
			log, err := a.LogTail(ctx, id, 4)
			if err != nil {
				t.Fatal(err)
			}
			want := []string{"player-added", "player-added", "player-added", "undo"}
			if len(log) != len(want) || log[0].Seq != 3 || log[3].Seq != 6 {
				t.Fatalf("LogTail(4) after the other's appends: %+v, want seqs 3 to 6", log)
			}
			for i, r := range log {
				if r.Action.Kind() != want[i] {
					t.Errorf("record %d is %s, want %s", r.Seq, r.Action.Kind(), want[i])
				}
			}
			if p := log[2].Action.(*action.PlayerAdded); p.Name != "Sun" {
				t.Errorf("record 5 adds %q, want Sun", p.Name)
			}
			again, err := a.LogTail(ctx, id, 6)
			if err != nil || len(again) != 6 || again[0].Seq != 1 || again[5].Seq != 6 {
				t.Errorf("LogTail(6) = %+v, %v; want seqs 1 to 6", again, err)
			}
		})
	}
}
