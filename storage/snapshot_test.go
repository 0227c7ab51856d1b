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
		var row snapshotRow
		if err := s.db.Where("event_id = ?", id).Take(&row).Error; err != nil {
			t.Fatal(err)
		}
		size := len(row.State) + len(row.Data)
		wait := int64(size / snapshotBytesPerAction)
		timeControl := "90+30" // an action that leaves the state's size as it was
		if wait <= 2 {
			t.Fatalf("the state is %d bytes: too small to test the wait", size)
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

// A change that previews a round its stored snapshot does not writes a
// snapshot: the round's pairing is read from the snapshot after a
// restart, not from its JSON. Pairing the round again does not, whether
// the store knows the snapshot from writing it or from reading it.
func TestSnapshotAtARoundsFirstPreview(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		id := evCreate(t, s, "Club Open", "Li", "Wang", "Zhao", "Sun", "Zhou", "Wu")
		evUpdate(t, s, id, &action.Started{})
		if _, snap := evVersion(t, s, id); snap != 0 {
			t.Fatalf("snapshot at %d before any preview: the test wants none", snap)
		}
		pairNext(t, s, id)
		first, snap := evVersion(t, s, id)
		if snap != first {
			t.Fatalf("after the first preview of round 1: snapshot at %d, want %d", snap, first)
		}
		pairNext(t, s, id)
		s.cache.drop(id) // what the store knows of the snapshot comes from reading it
		pairNext(t, s, id)
		if v, snap := evVersion(t, s, id); snap != first {
			t.Fatalf("after pairing round 1 again (version %d): snapshot at %d, want %d still", v, snap, first)
		}
		evUpdate(t, s, id, &action.RoundPublished{Pairing: *evLoad(t, s, id).PendingPreview()})
		st := evLoad(t, s, id)
		for _, g := range st.Event.Rounds[0].Games {
			evUpdate(t, s, id, &action.ResultSet{Round: 1, Board: g.Board, Result: engine.Draw})
		}
		pairNext(t, s, id)
		if v, snap := evVersion(t, s, id); snap != v {
			t.Fatalf("after the first preview of round 2: snapshot at %d, want %d", snap, v)
		}
	})
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
		if err := s.db.Exec("UPDATE snapshots SET seq = ?, state = ?, data = NULL WHERE event_id = ?", st.Through, string(raw), id).Error; err != nil {
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

// A database of schema version 11 (snapshots as JSON in state) opens: its
// snapshot still loads; the next snapshot is gob in data, and a new
// instance loads the event from it, as the whole log folds.
func TestMigrateSnapshotsToGob(t *testing.T) {
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) {
			old := openAtVersion(t, db.dsn, 11)
			recs, snap := oldLog(t)
			mustExec(t, old, `INSERT INTO events (id, name, version, created_at, status) VALUES (1, 'Club Open', 4, ?, 'running')`, evStart)
			mustExec(t, old, `INSERT INTO snapshots (event_id, seq, state) VALUES (1, 3, ?)`, snap)
			insertActions(t, old, 1, recs...)
			if sqlDB, err := old.DB(); err == nil {
				sqlDB.Close()
			}

			s := openTest(t, db.dsn, WithSnapshotEvery(1))
			loads := func(s *Store, want []action.Record) {
				t.Helper()
				st, err := s.Load(context.Background(), 1)
				if err != nil {
					t.Fatal(err)
				}
				full, err := action.Fold(want)
				if err != nil {
					t.Fatal(err)
				}
				if stateJSON(t, st) != stateJSON(t, full) {
					t.Errorf("event 1 loads differently from the fold of its log")
				}
			}
			loads(s, recs)

			timeControl := "90+30"
			evUpdate(t, s, 1, &action.InfoChanged{TimeControl: &timeControl})
			var row snapshotRow
			if err := s.db.Where("event_id = ?", 1).Take(&row).Error; err != nil {
				t.Fatal(err)
			}
			if row.Seq != 5 || row.State != "" || len(row.Data) == 0 || row.Data[0] != snapshotGob {
				t.Fatalf("snapshot through %d, state %d bytes, data %d bytes: want gob through 5 in data alone", row.Seq, len(row.State), len(row.Data))
			}
			loads(openTest(t, db.dsn), append(recs, action.Record{Seq: 5, Actor: evOrganiser, At: evStart, Action: &action.InfoChanged{TimeControl: &timeControl}}))
		})
	}
}

// A snapshot of no encoding this code reads is not continued: the load
// folds the log, and the next change writes a new snapshot.
func TestSnapshotUnreadable(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		id := evCreate(t, s, "Club Open", "Li", "Wang")
		want := stateJSON(t, evLoad(t, s, id))
		if err := s.db.Exec("UPDATE snapshots SET data = ? WHERE event_id = ?", []byte{0x7f, 1, 2}, id).Error; err != nil {
			t.Fatal(err)
		}
		s.cache.drop(id)
		if got := stateJSON(t, evLoad(t, s, id)); got != want {
			t.Errorf("load with an unreadable snapshot: %s, want %s", got, want)
		}
		evUpdate(t, s, id, &action.PlayerAdded{Name: "Zhao"})
		var row snapshotRow
		if err := s.db.Where("event_id = ?", id).Take(&row).Error; err != nil {
			t.Fatal(err)
		}
		if _, err := decodeSnapshot(row.Data, row.State); err != nil || row.Seq != 4 {
			t.Errorf("snapshot through %d after a change: %v", row.Seq, err)
		}
	}, WithSnapshotEvery(2))
}
