package storage

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// RunningEvents reads the status each change records: an event whose
// start was undone is not listed, one created running is.
func TestRunningEventsFromStatus(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		undone := evCreate(t, s, "start undone", "a", "b")
		res := evUpdate(t, s, undone, &action.Started{})
		evUpdate(t, s, undone, &action.Undo{Seq: res.Seqs[0]})
		atOnce, _, err := s.Create(ctx, evOrganiser, "", appendAll(&action.Created{Name: "started at once", Settings: engine.DefaultSettings(5)},
			&action.PlayerAdded{Name: "a"}, &action.PlayerAdded{Name: "b"}, &action.Started{}))
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.RunningEvents(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := []EventID{atOnce}; !reflect.DeepEqual(got, want) {
			t.Errorf("RunningEvents = %v, want %v (not %v, whose start was undone)", got, want, undone)
		}
	})
}

// Events stored before the status column get theirs when a Store opens.
func TestStatusFilledAtOpen(t *testing.T) {
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) {
			s := openTest(t, db.dsn)
			setup := evCreate(t, s, "setup", "a", "b")
			running := evCreate(t, s, "running", "a", "b")
			evUpdate(t, s, running, &action.Started{})
			finished := evCreate(t, s, "finished", "a", "b")
			evUpdate(t, s, finished, &action.Started{}, &action.EventFinished{})
			if err := s.db.Exec("UPDATE events SET status = ''").Error; err != nil {
				t.Fatal(err)
			}
			reopened := openTest(t, db.dsn)
			for id, want := range map[EventID]action.Status{setup: action.Setup, running: action.Running, finished: action.Finished} {
				var ev eventRow
				if err := reopened.db.Take(&ev, id).Error; err != nil {
					t.Fatal(err)
				}
				if ev.Status != string(want) {
					t.Errorf("event %d: status %q, want %q", id, ev.Status, want)
				}
			}
		})
	}
}

// A database of schema version 6 (snapshots in the events' rows, no
// status) opens: the snapshots move to their table and still load, the
// statuses are filled in.
func TestMigrateSnapshotsOut(t *testing.T) {
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) {
			old := openAtVersion(t, db.dsn, 6)
			recs, snap := oldLog(t)
			mustExec(t, old, `INSERT INTO events (id, name, version, created_at, snapshot, snapshot_seq) VALUES (1, 'Club Open', 4, ?, ?, 3)`, evStart, snap)
			mustExec(t, old, `INSERT INTO events (id, name, version, created_at) VALUES (2, 'Empty', 1, ?)`, evStart)
			insertActions(t, old, 1, recs...)
			insertActions(t, old, 2, recs[0])
			if sqlDB, err := old.DB(); err == nil {
				sqlDB.Close()
			}

			s := openTest(t, db.dsn)
			if v, snapSeq := evVersion(t, s, 1); v != 4 || snapSeq != 3 {
				t.Errorf("event 1: version %d, snapshot at %d; want 4 and 3", v, snapSeq)
			}
			if _, snapSeq := evVersion(t, s, 2); snapSeq != 0 {
				t.Errorf("event 2: a snapshot at %d, want none", snapSeq)
			}
			st, err := s.Load(context.Background(), 1)
			if err != nil {
				t.Fatal(err)
			}
			want, err := action.Fold(recs)
			if err != nil {
				t.Fatal(err)
			}
			if stateJSON(t, st) != stateJSON(t, want) {
				t.Errorf("event 1 loads differently after the migration")
			}
			if ids, err := s.RunningEvents(context.Background()); err != nil || !reflect.DeepEqual(ids, []EventID{1}) {
				t.Errorf("RunningEvents = %v, %v; want [1]", ids, err)
			}
			if err := s.db.Exec("SELECT snapshot FROM events").Error; err == nil {
				t.Errorf("events.snapshot is still there")
			}
		})
	}
}

// oldLog is the log of an event as the migration tests store it in a
// database of an older schema (Club Open: Li and Wang entered, started),
// and its snapshot through action 3 as JSON, as snapshots were before
// migration 12.
func oldLog(t *testing.T) ([]action.Record, string) {
	t.Helper()
	log := []action.Action{&action.Created{Name: "Club Open", Settings: engine.DefaultSettings(5)},
		&action.PlayerAdded{Name: "Li"}, &action.PlayerAdded{Name: "Wang"}, &action.Started{}}
	var recs []action.Record
	for i, a := range log {
		recs = append(recs, action.Record{Seq: int64(i + 1), Actor: evOrganiser, At: evStart, Action: a})
	}
	snap, err := action.Fold(recs[:3])
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(snap)
	if err != nil {
		t.Fatal(err)
	}
	return recs, string(raw)
}

// insertActions stores recs as event's actions in db, as the organiser's.
func insertActions(t *testing.T, db *gorm.DB, event int, recs ...action.Record) {
	t.Helper()
	for _, r := range recs {
		kind, payload, err := action.Encode(r.Action)
		if err != nil {
			t.Fatal(err)
		}
		mustExec(t, db, `INSERT INTO actions (event_id, seq, actor_platform, actor_user, at, kind, payload) VALUES (?, ?, 'telegram', '100', ?, ?, ?)`,
			event, r.Seq, evStart, kind, string(payload))
	}
}

// openAtVersion makes the schema of dsn as the migrations through version
// make it, with a connection of its own.
func openAtVersion(t *testing.T, dsn string, version int) *gorm.DB {
	t.Helper()
	dial, dialect := sqlite.Open(SQLiteDSN(dsn)), "sqlite"
	if isPostgres(dsn) {
		dial, dialect = postgres.Open(dsn), "postgres"
	}
	db, err := gorm.Open(dial, &gorm.Config{Logger: logger.Discard})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if sqlDB, err := db.DB(); err == nil {
			sqlDB.Close()
		}
	})
	fill := &Store{dialect: dialect}
	mustExec(t, db, fill.sqlFor(`CREATE TABLE schema_versions (version INTEGER PRIMARY KEY, what TEXT NOT NULL, applied_at {{time}} NOT NULL)`))
	for _, m := range migrations {
		if m.version > version {
			break
		}
		for _, stmt := range m.sql {
			mustExec(t, db, fill.sqlFor(stmt))
		}
		mustExec(t, db, `INSERT INTO schema_versions (version, what, applied_at) VALUES (?, ?, ?)`, m.version, m.what, time.Now().UTC())
	}
	return db
}

func mustExec(t *testing.T, db *gorm.DB, stmt string, args ...any) {
	t.Helper()
	if err := db.Exec(stmt, args...).Error; err != nil {
		t.Fatalf("%s: %v", strings.Fields(stmt)[0], err)
	}
}

// LogTail returns the log's last n records, oldest first.
func TestLogTail(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		id := evCreate(t, s, "Club Open", "Li", "Wang", "Zhao") // seqs 1 to 4
		evUpdate(t, s, id, &action.Undo{Seq: 3})                // 5
		seqs := func(log []action.Record) []int64 {
			var out []int64
			for _, r := range log {
				out = append(out, r.Seq)
			}
			return out
		}
		for n, want := range map[int][]int64{2: {4, 5}, 5: {1, 2, 3, 4, 5}, 9: {1, 2, 3, 4, 5}, 0: nil} {
			log, err := s.LogTail(ctx, id, n)
			if err != nil {
				t.Fatal(err)
			}
			if got := seqs(log); !reflect.DeepEqual(got, want) {
				t.Errorf("LogTail(%d) = seqs %v, want %v", n, got, want)
			}
		}
		if log, _ := s.LogTail(ctx, id, 1); len(log) != 1 || log[0].Actor != evOrganiser || log[0].Action.(*action.Undo).Seq != 3 {
			t.Errorf("LogTail(1) = %+v, want the undo by the organiser", log)
		}
		if _, err := s.LogTail(ctx, id+100, 10); !errors.Is(err, ErrNotFound) {
			t.Errorf("LogTail of no event: %v, want ErrNotFound", err)
		}
	})
}
