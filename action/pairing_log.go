package action

import (
	"bytes"
	"encoding/json"
	"errors"
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
// of a board written as an object naming its fields, and a third to copy
// and to store. Logs written before hold the boards as objects
// ({"Number":1,"Red":3,…}); both read as the same boards.
//
// encoding/json writes the action but for the boards, which are numbers
// only and appended after it (appendBoards): a json.Marshaler's output,
// encoding/json reads through again to check it, and that cost more than
// writing the boards.

// roundLog is the log's form of PairingPreviewed and RoundPublished: a
// round's pairing and, in a staged event, what its boards play
// (TestPairingActionFields keeps their fields so).
type roundLog struct {
	Matches *[]BoardOf    `json:"matches,omitempty"`
	Pairing loggedPairing `json:"pairing"`
}

// loggedPairing is a pairing in the log's form: engine.Pairing's fields
// as encoding/json writes them, then Boards: nil when writing, where the
// boards are appended; when reading, where they are read into.
type loggedPairing struct {
	*engine.Pairing
	Boards any
}

// boardFields is how many numbers a board's array holds at most.
const boardFields = 6

func (a *PairingPreviewed) MarshalJSON() ([]byte, error) { return writeRound(&a.Pairing, a.Matches) }

func (a *PairingPreviewed) UnmarshalJSON(data []byte) error {
	return readRound(data, &a.Pairing, &a.Matches)
}

func (a *RoundPublished) MarshalJSON() ([]byte, error) { return writeRound(&a.Pairing, a.Matches) }

func (a *RoundPublished) UnmarshalJSON(data []byte) error {
	return readRound(data, &a.Pairing, &a.Matches)
}

// writeRound writes a round's pairing p, its boards last: encoding/json
// the rest, ending "Boards":null}}, then the boards in place of the null.
// Matches are left out when there are none, as they always were.
func writeRound(p *engine.Pairing, matches []BoardOf) ([]byte, error) {
	out := roundLog{Pairing: loggedPairing{Pairing: p}}
	if len(matches) > 0 {
		out.Matches = &matches
	}
	head, err := json.Marshal(&out)
	if err != nil || p.Boards == nil {
		return head, err
	}
	head, ok := bytes.CutSuffix(head, []byte("null}}"))
	if !ok || !bytes.HasSuffix(head, []byte(`"Boards":`)) {
		return nil, fmt.Errorf("the boards are not the pairing's last field in %s", head)
	}
	buf := make([]byte, 0, len(head)+len(p.Boards)*24+4) // "[1234,4321,1234,1,2,1]," is 23 bytes
	buf = appendBoards(append(buf, head...), p.Boards)
	return append(buf, "}}"...), nil
}

// appendBoards appends the boards bs to out as the log writes them.
func appendBoards(out []byte, bs []engine.Board) []byte {
	out = append(out, '[')
	for i, b := range bs {
		if i > 0 {
			out = append(out, ',')
		}
		out = strconv.AppendInt(append(out, '['), int64(b.Number), 10)
		out = strconv.AppendInt(append(out, ','), int64(b.Red), 10)
		out = strconv.AppendInt(append(out, ','), int64(b.Black), 10)
		out = strconv.AppendInt(append(out, ','), int64(b.Placed), 10)
		out = strconv.AppendInt(append(out, ','), int64(b.ColourRule), 10)
		if b.Float {
			out = append(out, ",1"...)
		}
		out = append(out, ']')
	}
	return append(out, ']')
}

// readRound reads data into a round's pairing p and matches: the boards
// as arrays, or, when they are objects, as a log written before holds
// them.
func readRound(data []byte, p *engine.Pairing, matches *[]BoardOf) error {
	var rows [][boardFields]int
	*p, *matches = engine.Pairing{}, nil
	err := json.Unmarshal(data, &roundLog{matches, loggedPairing{p, &rows}})
	if t := (*json.UnmarshalTypeError)(nil); errors.As(err, &t) && t.Field == "pairing.Boards" && t.Value == "object" {
		*p, *matches = engine.Pairing{}, nil // what the attempt read goes
		return json.Unmarshal(data, &roundLog{matches, loggedPairing{p, &p.Boards}})
	}
	if err != nil || rows == nil {
		return err
	}
	p.Boards = make([]engine.Board, len(rows))
	for i, r := range rows {
		if r[5] != 0 && r[5] != 1 {
			return fmt.Errorf("board %d: float is %d, want 0 or 1", r[0], r[5])
		}
		p.Boards[i] = engine.Board{
			Number: r[0], Red: r[1], Black: r[2],
			Placed: engine.Placement(r[3]), ColourRule: engine.ColourReason(r[4]),
			Float: r[5] == 1,
		}
	}
	return nil
}
