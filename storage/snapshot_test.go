package storage

import (
	"context"
	"fmt"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// A big state's snapshot waits for more actions, one per
// snapshotBytesPerAction of it; a change in between updates the event's
// row alone.
func TestSnapshotWaitsForBigStates(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		acts := []action.Action{&action.Created{Name: "big", Settings: engine.DefaultSettings(5)}}
		for p := range 1000 {
			acts = append(acts, &action.PlayerAdded{Name: fmt.Sprintf("player %d", p)})
		}
		id, _, err := s.Create(ctx, evOrganiser, "", appendAll(acts...))
		if err != nil {
			t.Fatal(err)
		}
		first, snap := evVersion(t, s, id)
		if snap != first {
			t.Fatalf("snapshot at %d, want %d: a new event of more actions than the minimum has one", snap, first)
		}
		var state string
		if err := s.db.Raw("SELECT state FROM snapshots WHERE event_id = ?", id).Scan(&state).Error; err != nil {
			t.Fatal(err)
		}
		wait := int64(len(state) / snapshotBytesPerAction)
		timeControl := "90+30" // an action that leaves the state's size as it was
		if wait <= 2 {
			t.Fatalf("the state is %d bytes: too small to test the wait", len(state))
		}
		for i := int64(1); i <= wait; i++ {
			evUpdate(t, s, id, &action.InfoChanged{TimeControl: &timeControl})
			v, got := evVersion(t, s, id)
			if want := map[bool]int64{false: first, true: v}[i == wait]; got != want {
				t.Fatalf("after %d of %d actions: snapshot at %d, want %d", i, wait, got, want)
			}
		}
	}, WithSnapshotEvery(2))
}
