package storage

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
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

// pairNext previews the next round of event id (engine.Pair), as /pair does.
func pairNext(t *testing.T, s *Store, id EventID) {
	t.Helper()
	_, err := s.Update(context.Background(), id, evOrganiser, "", func(c *Change) error {
		p, err := engine.Pair(&c.State.Event)
		if err != nil {
			return err
		}
		return c.Append(&action.PairingPreviewed{Pairing: p})
	})
	if err != nil {
		t.Fatalf("preview the next round of event %d: %v", id, err)
	}
}

// A snapshot written when the preview was checked against a digest of the
// event (info's previewOf, no PreviewSeq) is not continued: the load folds
// the log instead, and the preview stays pending (R-SW-13).
func TestSnapshotOfDigestPreview(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		id := evCreate(t, s, "Club Open", "Li", "Wang", "Zhao", "Sun")
		evUpdate(t, s, id, &action.Started{})
		pairNext(t, s, id)
		want := evLoad(t, s, id).PendingPreview()
		if want == nil {
			t.Fatal("no pending preview after /pair")
		}
		// The snapshot as the digest's code wrote it.
		st := evLoad(t, s, id)
		raw, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		var old map[string]any
		if err := json.Unmarshal(raw, &old); err != nil {
			t.Fatal(err)
		}
		delete(old, "PreviewSeq")
		delete(old, "PreviewHeld")
		old["Info"].(map[string]any)["previewOf"] = "5e1f0c1a9d3b7e2f4a6c8b0d1e3f5a7c"
		raw, _ = json.Marshal(old)
		if err := putSnapshot(s.db, id, st.Through, string(raw)); err != nil {
			t.Fatal(err)
		}
		s.cache.drop(id)
		got, err := s.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if pv := got.PendingPreview(); pv == nil || !reflect.DeepEqual(*pv, *want) {
			t.Errorf("preview after loading the old snapshot: %+v, want %+v", pv, want)
		}
		// A change writes a snapshot of today's form in its place.
		timeControl := "90+30"
		evUpdate(t, s, id, &action.InfoChanged{TimeControl: &timeControl})
		s.cache.drop(id)
		if pv := evLoad(t, s, id).PendingPreview(); pv == nil {
			t.Error("no pending preview after a change to the details")
		}
	}, WithSnapshotEvery(1))
}
