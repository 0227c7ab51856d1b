package storage

// Snapshots: an event's state as JSON, so that a load folds only the
// actions after it. They live in a table of their own (migration 7): a
// change updates the event's small row, and the snapshot only when one
// is due.

import (
	"encoding/json"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/qisai/qisai/action"
)

// snapshotBytesPerAction sets how long a big event's snapshot waits: a new
// one is written once there are as many actions after the old one as it
// has bytes over this (and at least snapshotEvery). The bytes written per
// action stay bounded however long the event grows (a 4 MB state of 5,000
// players is written every ~1,000 actions, not every 100), while a cold
// load folds at most that many actions after the snapshot.
const snapshotBytesPerAction = 4096

// snapshotInfo is where an event's stored snapshot stands.
type snapshotInfo struct {
	seq   int64 // the action it holds the state through; 0: none
	bytes int   // its size in the database
	// stale says it cannot be continued (an undo reached into it since it
	// was written): the next change writes a new one.
	stale bool
}

// due reports whether a change that takes the event to version v writes
// a new snapshot.
func (s *Store) snapshotDue(snap snapshotInfo, v int64) bool {
	return snap.stale || v-snap.seq >= max(s.snapshotEvery, int64(snap.bytes/snapshotBytesPerAction))
}

// snapshotOf is st as the snapshots table holds it.
func snapshotOf(st *action.State) (string, error) {
	snap, err := json.Marshal(st)
	if err != nil {
		return "", fmt.Errorf("snapshot: %w", err)
	}
	return string(snap), nil
}

// putSnapshot stores state as event id's snapshot through seq, in place
// of the one before.
func putSnapshot(tx *gorm.DB, id EventID, seq int64, state string) error {
	err := tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "event_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"seq", "state"}),
	}).Create(&snapshotRow{EventID: int64(id), Seq: seq, State: state}).Error
	if err != nil {
		return fmt.Errorf("write the snapshot through action %d: %w", seq, err)
	}
	return nil
}

// readSnapshot reads event id's snapshot: nil when it has none, or one this
// code cannot continue (the log says it all then, and info.stale is set).
// An event that does not exist is ErrNotFound.
func readSnapshot(db *gorm.DB, id EventID) (*action.State, snapshotInfo, error) {
	var rows []struct {
		Seq   *int64
		State *string
	}
	err := db.Raw(`SELECT s.seq, s.state FROM events e LEFT JOIN snapshots s ON s.event_id = e.id WHERE e.id = ?`, id).
		Scan(&rows).Error
	switch {
	case err != nil:
		return nil, snapshotInfo{}, fmt.Errorf("read the snapshot: %w", err)
	case len(rows) == 0:
		return nil, snapshotInfo{}, ErrNotFound
	case rows[0].Seq == nil:
		return nil, snapshotInfo{}, nil
	}
	info := snapshotInfo{seq: *rows[0].Seq, bytes: len(*rows[0].State)}
	st := new(action.State)
	if json.Unmarshal([]byte(*rows[0].State), st) != nil || st.Through != info.seq {
		return nil, snapshotInfo{bytes: info.bytes, stale: true}, nil
	}
	return st, info, nil
}
