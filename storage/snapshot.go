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
	"github.com/qisai/qisai/engine"
)

// snapshotBytesPerAction sets how long a big event's snapshot waits: a new
// one is written once there are as many actions after the old one as it
// has bytes over this (and at least snapshotEvery). The bytes written per
// action stay bounded however long the event grows (a 0.7 MB state of
// 5,000 players is written every ~180 actions, not every 100), while a cold
// load folds at most that many actions after the snapshot.
const snapshotBytesPerAction = 4096

// The first byte of a snapshot says its form: snapshotGob, the state in
// gob; snapshotColumns, the state in gob without its rounds' games, then
// the games column by column (gameColumns).
const (
	snapshotGob     byte = 1
	snapshotColumns byte = 2
)

// gameColumns are one round's games a field a slice. gob reads a slice of
// a struct field by field through reflection, and a slice of plain ints,
// int8s or bools in one loop: a cold load of a 5,000-player event decodes
// its 17,000 games several times faster so (BenchmarkPairSeason/cold,
// the first command after a start).
type gameColumns struct {
	Board, Red, Black, RedFouls, BlackFouls []int
	Result                                  []int8
	Void, Postponed                         []bool
}

// columnsOf is games as columns.
func columnsOf(games []engine.Game) gameColumns {
	n := len(games)
	c := gameColumns{
		Board: make([]int, n), Red: make([]int, n), Black: make([]int, n),
		RedFouls: make([]int, n), BlackFouls: make([]int, n),
		Result: make([]int8, n), Void: make([]bool, n), Postponed: make([]bool, n),
	}
	for i, g := range games {
		c.Board[i], c.Red[i], c.Black[i] = g.Board, g.Red, g.Black
		c.RedFouls[i], c.BlackFouls[i] = g.RedFouls, g.BlackFouls
		c.Result[i], c.Void[i], c.Postponed[i] = int8(g.Result), g.Void, g.Postponed
	}
	return c
}

// games are the columns' games again, nil for none (as the state had it).
func (c gameColumns) games() ([]engine.Game, error) {
	n := len(c.Board)
	for _, l := range []int{len(c.Red), len(c.Black), len(c.RedFouls), len(c.BlackFouls), len(c.Result), len(c.Void), len(c.Postponed)} {
		if l != n {
			return nil, errors.New("a round's game columns of different lengths")
		}
	}
	if n == 0 {
		return nil, nil
	}
	games := make([]engine.Game, n)
	for i := range games {
		games[i] = engine.Game{
			Board: c.Board[i], Red: c.Red[i], Black: c.Black[i],
			RedFouls: c.RedFouls[i], BlackFouls: c.BlackFouls[i],
			Result: engine.Result(c.Result[i]), Void: c.Void[i], Postponed: c.Postponed[i],
		}
	}
	return games, nil
}

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
	// The rounds without their games, which follow as columns; st's own
	// rounds stay as they are (c shares them until replaced here).
	rounds := make([]engine.Round, len(st.Event.Rounds))
	columns := make([]gameColumns, len(st.Event.Rounds))
	for i, r := range st.Event.Rounds {
		rounds[i] = engine.Round{Byes: r.Byes}
		columns[i] = columnsOf(r.Games)
	}
	c.Event.Rounds = rounds
	var b bytes.Buffer
	b.WriteByte(snapshotColumns)
	enc := gob.NewEncoder(&b)
	if err := enc.Encode(&c); err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	if err := enc.Encode(columns); err != nil {
		return nil, fmt.Errorf("snapshot's games: %w", err)
	}
	return b.Bytes(), nil
}

// decodeSnapshot reads a snapshot: data as snapshotOf wrote it, or else
// the JSON of one written before migration 12.
func decodeSnapshot(data []byte, state string) (*action.State, error) {
	st := new(action.State)
	var err error
	switch {
	case len(data) > 0 && data[0] == snapshotColumns:
		err = decodeColumns(data[1:], st)
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

// decodeColumns reads a snapshot of the form snapshotColumns into st.
func decodeColumns(data []byte, st *action.State) error {
	dec := gob.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(st); err != nil {
		return err
	}
	var columns []gameColumns
	if err := dec.Decode(&columns); err != nil {
		return err
	}
	rounds := st.Event.Rounds
	if len(columns) != len(rounds) {
		return fmt.Errorf("%d rounds, %d rounds of games", len(rounds), len(columns))
	}
	for i, c := range columns {
		games, err := c.games()
		if err != nil {
			return err
		}
		rounds[i].Games = games
	}
	return nil
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
