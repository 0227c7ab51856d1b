package action_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// The log's form of a round's pairing (R-SW-13: the preview is logged with
// its record): boards as short arrays of numbers, and the objects logs
// written before hold read as the same boards.

var logBoards = []engine.Board{
	{Number: 1, Red: 1, Black: 2, Placed: engine.PlacedSame, ColourRule: engine.ColourFewerReds},
	{Number: 2, Red: 3, Black: 4, Placed: engine.PlacedFloat, Float: true, ColourRule: engine.ColourBlackRun},
}

// TestPairingLogForm: a board is logged as [number, red, black, placement,
// colour rule], with a sixth element 1 when it floats, and no field names.
func TestPairingLogForm(t *testing.T) {
	for _, a := range []action.Action{
		&action.PairingPreviewed{Pairing: engine.Pairing{Round: 1, Boards: logBoards}},
		&action.RoundPublished{Pairing: engine.Pairing{Round: 1, Boards: logBoards}},
	} {
		_, payload, err := action.Encode(a)
		if err != nil {
			t.Fatal(err)
		}
		const want = `{"pairing":{"Round":1,"Byes":null,"ByeColours":null,"Relaxed":null,"Boards":[[1,1,2,1,2],[2,3,4,4,3,1]]}}`
		if string(payload) != want {
			t.Errorf("%s payload %s, want %s", a.Kind(), payload, want)
		}
	}
}

// TestPairingLogReadsOldForm: records written before the short form, with
// boards as objects — "Float":false on every board at first, later only
// on the boards that float — read as the boards they were.
func TestPairingLogReadsOldForm(t *testing.T) {
	for _, old := range []string{
		`{"pairing":{"Round":1,"Boards":[{"Number":1,"Red":1,"Black":2,"Placed":1,"Float":false,"ColourRule":2},` +
			`{"Number":2,"Red":3,"Black":4,"Placed":4,"Float":true,"ColourRule":3}],"Byes":null,"ByeColours":null,"Relaxed":null}}`,
		`{"pairing":{"Round":1,"Boards":[ {"Number":1,"Red":1,"Black":2,"Placed":1,"ColourRule":2},` +
			`{"Number":2,"Red":3,"Black":4,"Placed":4,"Float":true,"ColourRule":3}],"Byes":null,"ByeColours":null,"Relaxed":null}}`,
	} {
		for _, kind := range []string{"pairing-previewed", "round-published"} {
			a, err := action.Decode(kind, []byte(old))
			if err != nil {
				t.Fatalf("Decode(%s, %s): %v", kind, old, err)
			}
			if got := pairingOf(a).Boards; !reflect.DeepEqual(got, logBoards) {
				t.Errorf("%s: an older payload reads as %+v, want %+v", kind, got, logBoards)
			}
		}
	}
}

// TestPairingLogRoundTrip: any pairing reads back as it was written, and
// as it reads from the old form of it: random boards (every field, big
// numbers, floats), byes, relaxations, a staged event's matches, nil and
// empty boards.
func TestPairingLogRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 0x6c6f67)) // "log"
	for i := range 300 {
		p := randomPairing(rng, i)
		var matches []action.BoardOf
		if rng.IntN(3) == 0 {
			matches = []action.BoardOf{{Board: 1, Match: rng.IntN(9) + 1, Game: 2, Chooser: 1}}
		}
		for _, a := range []action.Action{
			&action.PairingPreviewed{Pairing: p, Matches: matches},
			&action.RoundPublished{Pairing: p, Matches: matches},
		} {
			kind, payload, err := action.Encode(a)
			if err != nil {
				t.Fatal(err)
			}
			got, err := action.Decode(kind, payload)
			if err != nil {
				t.Fatalf("Decode(%s, %s): %v", kind, payload, err)
			}
			if !reflect.DeepEqual(got, a) {
				t.Fatalf("%s: Decode(Encode(a)) = %+v, want %+v", kind, got, a)
			}
			old, err := json.Marshal(struct {
				Pairing engine.Pairing   `json:"pairing"`
				Matches []action.BoardOf `json:"matches,omitempty"`
			}{p, matches})
			if err != nil {
				t.Fatal(err)
			}
			if got, err = action.Decode(kind, old); err != nil || !reflect.DeepEqual(got, a) {
				t.Fatalf("%s: the old form %s reads as %+v, %v; want %+v", kind, old, got, err, a)
			}
		}
	}
}

// TestBoardFieldsLogged: the log's array holds every field of a board. A
// field added to engine.Board needs its place in it (pairing_log.go), or
// the log would lose it.
func TestBoardFieldsLogged(t *testing.T) {
	var names []string
	for f := range reflect.TypeFor[engine.Board]().Fields() {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, " "); got != "Number Red Black Placed Float ColourRule" {
		t.Errorf("engine.Board's fields are %s: give the new ones a place in the log's form of a board", got)
	}
}

// TestPairingActionFields: PairingPreviewed and RoundPublished hold a
// pairing and matches, which their log form writes (pairing_log.go); a
// field added to either needs its place there, or the log would lose it.
func TestPairingActionFields(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[action.PairingPreviewed](), reflect.TypeFor[action.RoundPublished]()} {
		var names []string
		for f := range typ.Fields() {
			names = append(names, f.Name)
		}
		if got := strings.Join(names, " "); got != "Pairing Matches" {
			t.Errorf("%s's fields are %s: give the new ones a place in the log's form (roundLog)", typ, got)
		}
	}
}

// FuzzPairingDecode: whatever a payload holds, Decode refuses it or reads
// a pairing that writes as it reads back: writing is a fixed point.
func FuzzPairingDecode(f *testing.F) {
	f.Add(`{"pairing":{"Round":1,"Boards":[[1,1,2,1,2],[2,3,4,4,3,1]]}}`)
	f.Add(`{"pairing":{"Round":1,"Boards":[{"Number":1,"Red":1,"Black":2,"Placed":1,"ColourRule":2}]}}`)
	f.Add(`{"pairing":{"Boards":null},"matches":[{"board":1}]}`)
	f.Add(`{"pairing":{"Boards":[[1,2,3,4,5,2]]}}`)
	f.Fuzz(func(t *testing.T, payload string) {
		a, err := action.Decode("pairing-previewed", []byte(payload))
		if err != nil {
			return
		}
		kind, once, err := action.Encode(a)
		if err != nil {
			t.Fatalf("Encode(Decode(%s)): %v", payload, err)
		}
		b, err := action.Decode(kind, once)
		if err != nil {
			t.Fatalf("%s reads as %+v, written as %s, which does not read: %v", payload, a, once, err)
		}
		if _, twice, err := action.Encode(b); err != nil || string(twice) != string(once) {
			t.Fatalf("%s written as %s, then as %s (%v)", payload, once, twice, err)
		}
	})
}

func pairingOf(a action.Action) engine.Pairing {
	switch a := a.(type) {
	case *action.PairingPreviewed:
		return a.Pairing
	case *action.RoundPublished:
		return a.Pairing
	}
	panic("not a pairing: " + a.Kind())
}

// randomPairing is a pairing of round i+1 with random boards: nil and empty
// ones among them.
func randomPairing(rng *rand.Rand, i int) engine.Pairing {
	p := engine.Pairing{Round: i + 1}
	switch n := rng.IntN(40); {
	case i == 0:
		// nil boards
	case i == 1:
		p.Boards = []engine.Board{}
	default:
		for b := range n {
			p.Boards = append(p.Boards, engine.Board{
				Number: b + 1, Red: rng.IntN(1 << 20), Black: rng.IntN(10000),
				Placed:     engine.Placement(rng.IntN(256) - 128),
				ColourRule: engine.ColourReason(rng.IntN(256) - 128),
				Float:      rng.IntN(2) == 0,
			})
		}
	}
	if rng.IntN(2) == 0 {
		p.Byes = []int{rng.IntN(100) + 1}
		p.ByeColours = []engine.Colour{engine.Colour(rng.IntN(3))}
	}
	if rng.IntN(4) == 0 {
		p.Relaxed = []engine.Relaxation{{Rule: "R-SW-12", Reason: engine.RelaxedNoComplete, Players: []int{3, 7}}}
	}
	return p
}
