package action

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/qisai/qisai/engine"
)

// A round's pairing as the log holds it. An individual event's pairing is
// the biggest action its log records — 2,500 boards at 5,000 players, at
// every /pair (R-SW-13) and again when the round is published — so its
// boards are written as short arrays of numbers,
//
//	[number, red, black, placement, colour rule]
//
// with a sixth element, 1, for a board that floats: a third of the bytes
// a board written as an object naming its fields takes, and a third to
// copy and to store. Logs written before hold the boards as objects
// ({"Number":1,"Red":3,…}); both read as the same boards.

// loggedBoards is a pairing's boards in the log's form.
type loggedBoards []engine.Board

// loggedPairing is a pairing in the log's form: engine.Pairing's fields as
// encoding/json writes them, its boards as loggedBoards.
type loggedPairing struct {
	*engine.Pairing
	Boards *loggedBoards
}

// logForm is p in the log's form, reading and writing p itself.
func logForm(p *engine.Pairing) loggedPairing {
	return loggedPairing{p, (*loggedBoards)(&p.Boards)}
}

func (a *PairingPreviewed) MarshalJSON() ([]byte, error) {
	type plain PairingPreviewed // its fields, without these methods
	return json.Marshal(struct {
		*plain
		Pairing loggedPairing `json:"pairing"`
	}{(*plain)(a), logForm(&a.Pairing)})
}

func (a *PairingPreviewed) UnmarshalJSON(data []byte) error {
	type plain PairingPreviewed
	return json.Unmarshal(data, &struct {
		*plain
		Pairing loggedPairing `json:"pairing"`
	}{(*plain)(a), logForm(&a.Pairing)})
}

func (a *RoundPublished) MarshalJSON() ([]byte, error) {
	type plain RoundPublished
	return json.Marshal(struct {
		*plain
		Pairing loggedPairing `json:"pairing"`
	}{(*plain)(a), logForm(&a.Pairing)})
}

func (a *RoundPublished) UnmarshalJSON(data []byte) error {
	type plain RoundPublished
	return json.Unmarshal(data, &struct {
		*plain
		Pairing loggedPairing `json:"pairing"`
	}{(*plain)(a), logForm(&a.Pairing)})
}

// boardFields is how many numbers a board's array holds at most.
const boardFields = 6

// MarshalJSON writes the boards as arrays of numbers; nil as null, as
// encoding/json writes a nil slice.
func (bs loggedBoards) MarshalJSON() ([]byte, error) {
	if bs == nil {
		return []byte("null"), nil
	}
	out := make([]byte, 0, 2+len(bs)*20) // "[12,345,678,1,2]," is 17 bytes at 5,000 players
	out = append(out, '[')
	for i, b := range bs {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, '[')
		out = strconv.AppendInt(out, int64(b.Number), 10)
		for _, n := range []int64{int64(b.Red), int64(b.Black), int64(b.Placed), int64(b.ColourRule)} {
			out = strconv.AppendInt(append(out, ','), n, 10)
		}
		if b.Float {
			out = append(out, ",1"...)
		}
		out = append(out, ']')
	}
	return append(out, ']'), nil
}

// UnmarshalJSON reads boards in either form: arrays of numbers, or
// objects as logs written before hold them.
func (bs *loggedBoards) UnmarshalJSON(data []byte) error {
	if rest := bytes.TrimLeft(bytes.TrimPrefix(bytes.TrimSpace(data), []byte("[")), " \t\r\n"); len(rest) > 0 && rest[0] == '{' {
		return json.Unmarshal(data, (*[]engine.Board)(bs))
	}
	var rows [][boardFields]int
	if err := json.Unmarshal(data, &rows); err != nil {
		return err
	}
	if rows == nil {
		*bs = nil
		return nil
	}
	out := make([]engine.Board, len(rows))
	for i, r := range rows {
		if r[5] != 0 && r[5] != 1 {
			return fmt.Errorf("board %d: float is %d, want 0 or 1", r[0], r[5])
		}
		out[i] = engine.Board{
			Number: r[0], Red: r[1], Black: r[2],
			Placed: engine.Placement(r[3]), ColourRule: engine.ColourReason(r[4]),
			Float: r[5] == 1,
		}
	}
	*bs = out
	return nil
}
