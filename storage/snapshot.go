package storage

// Snapshots: an event's state, so that a load folds only the actions after
// it. They live in a table of their own (migration 7): a change updates the
// event's small row, and the snapshot only when one is due.
//
// A snapshot is the state in gob, after a byte that names the encoding
// (migration 12). A cold load of a big event is mostly the snapshot's
// decoding: at 5,000 players and 15 rounds gob takes 0.7 MB and 4 ms where
// JSON took 3.9 MB and 50 ms (encoding/json; a faster JSON library 7 ms,
// CBOR 13, MessagePack 15). The state's types are plain data, which gob
// carries as it is: no tags, no methods to keep in step. A snapshot written
// before is JSON in the state column: it is read as such, and the event's
// next snapshot replaces it.

import (
	"bytes"
	"database/sql"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/qisai/qisai/action"
)

// snapshotBytesPerAction sets how long a big event's snapshot waits: a new
// one is written once there are as many actions after the old one as it
// has bytes over this (and at least snapshotEvery). The bytes written per
// action stay bounded however long the event grows (a 0.7 MB state of
// 5,000 players is written every ~180 actions, not every 100), while a cold
// load folds at most that many actions after the snapshot.
const snapshotBytesPerAction = 4096

// snapshotGob is the first byte of a snapshot in gob.
const snapshotGob byte = 1

// snapshotInfo is where an event's stored snapshot stands.
type snapshotInfo struct {
	seq   int64 // the action it holds the state through; 0: none
	bytes int   // its size in the database
	// stale says it cannot be continued (an undo reached into it since it
	// was written): the next change writes a new one.
	stale bool
	// previews is the round its pending preview pairs, 0 for none
	// (previewsAnew).
	previews int
}

// due reports whether a change that takes the event to version v writes
// a new snapshot.
func (s *Store) snapshotDue(snap snapshotInfo, v int64) bool {
	return snap.stale || v-snap.seq >= max(s.snapshotEvery, int64(snap.bytes/snapshotBytesPerAction))
}

// previewsAnew reports whether st, as a change leaves it, previews a
// round its stored snapshot does not: then the change writes a new
// snapshot, whatever the count of actions says. A round's pairing is the
// biggest action it logs — 2,500 boards and 140 kB of JSON at 5,000
// players, which a load reads several times slower than the snapshot's
// gob — and the first load after a restart while a round is being paired
// reads it from the snapshot. Pairing the round again logs the new
// preview only: a snapshot a round.
func previewsAnew(snap snapshotInfo, st *action.State) bool {
	r := previewRound(st)
	return r != 0 && r != snap.previews
}

// previewRound is the round st's pending preview pairs, 0 for none.
func previewRound(st *action.State) int {
	if p := st.PendingPreview(); p != nil {
		return p.Round
	}
	return 0
}

// snapshotOf is st as the snapshots table holds it.
func snapshotOf(st *action.State) ([]byte, error) {
	// At and Seq are the action being applied's, which JSON left out
	// (json:"-"): neither is the state's once the action is.
	c := *st
	c.At, c.Seq = time.Time{}, 0
	var b bytes.Buffer
	b.WriteByte(snapshotGob)
	if err := gob.NewEncoder(&b).Encode(&c); err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	return b.Bytes(), nil
}

// decodeSnapshot reads a snapshot: data as snapshotOf wrote it, or else
// the JSON of one written before migration 12.
func decodeSnapshot(data []byte, state string) (*action.State, error) {
	st := new(action.State)
	var err error
	switch {
	case len(data) > 0 && data[0] == snapshotGob:
		err = gob.NewDecoder(bytes.NewReader(data[1:])).Decode(st)
	case len(data) == 0 && state != "":
		err = json.Unmarshal([]byte(state), st)
	default:
		err = errors.New("a snapshot of no encoding this code reads")
	}
	if err != nil {
		return nil, err
	}
	return st, nil
}

// putSnapshot stores snap as event id's snapshot through seq, in place of
// the one before.
func putSnapshot(tx *gorm.DB, id EventID, seq int64, snap []byte) error {
	err := tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "event_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"seq", "state", "data"}),
	}).Create(&snapshotRow{EventID: int64(id), Seq: seq, Data: snap}).Error
	if err != nil {
		return fmt.Errorf("write the snapshot through action %d: %w", seq, err)
	}
	return nil
}

// readSnapshot reads event id's snapshot: nil when it has none, or one this
// code cannot continue (the log says it all then, and info.stale is set).
// An event that does not exist is ErrNotFound. The snapshot is decoded
// from the driver's bytes (sql.RawBytes) before the row is closed, not
// from a copy of them: a big event's is most of a megabyte.
func readSnapshot(db *gorm.DB, id EventID) (*action.State, snapshotInfo, error) {
	rows, err := db.Raw(`SELECT s.seq, s.state, s.data FROM events e LEFT JOIN snapshots s ON s.event_id = e.id WHERE e.id = ?`, id).Rows()
	if err != nil {
		return nil, snapshotInfo{}, fmt.Errorf("read the snapshot: %w", err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, snapshotInfo{}, fmt.Errorf("read the snapshot: %w", err)
		}
		return nil, snapshotInfo{}, ErrNotFound
	}
	var (
		seq   *int64
		state *string
		data  sql.RawBytes
	)
	if err := rows.Scan(&seq, &state, &data); err != nil {
		return nil, snapshotInfo{}, fmt.Errorf("read the snapshot: %w", err)
	}
	if seq == nil {
		return nil, snapshotInfo{}, nil
	}
	info := snapshotInfo{seq: *seq, bytes: len(*state) + len(data)}
	st, err := decodeSnapshot(data, *state)
	if err != nil || st.Through != info.seq {
		return nil, snapshotInfo{bytes: info.bytes, stale: true}, nil
	}
	info.previews = previewRound(st)
	return st, info, nil
}
