package storage

import (
	"bytes"
	"encoding/gob"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// randomRounds are rounds of games with every field of a game set at
// random, byes too, and a round with no game.
func randomRounds(rng *rand.Rand) []engine.Round {
	rounds := make([]engine.Round, 1+rng.IntN(6))
	for i := range rounds {
		if rng.IntN(5) == 0 {
			rounds[i].Byes = []engine.Bye{{Player: 1 + rng.IntN(9)}}
			continue
		}
		for b := range 1 + rng.IntN(40) {
			rounds[i].Games = append(rounds[i].Games, engine.Game{
				Board: b + 1, Red: rng.IntN(5000), Black: rng.IntN(5000),
				RedFouls: rng.IntN(3), BlackFouls: rng.IntN(3),
				Result: engine.Result(rng.IntN(7)), Void: rng.IntN(9) == 0, Postponed: rng.IntN(9) == 0,
			})
		}
	}
	return rounds
}

// A snapshot in columns reads back the state it was written from, every
// field of every game in place, and leaves the state it was written from
// as it was.
func TestSnapshotColumnsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for range 200 {
		st := &action.State{Status: action.Running}
		st.Event.Rounds = randomRounds(rng)
		before := reflect.ValueOf(st.Event.Rounds).Pointer()
		data, err := snapshotOf(st)
		if err != nil {
			t.Fatal(err)
		}
		if data[0] != snapshotColumns {
			t.Fatalf("a snapshot of form %d; want %d", data[0], snapshotColumns)
		}
		if reflect.ValueOf(st.Event.Rounds).Pointer() != before || st.Event.Rounds[0].Games == nil && st.Event.Rounds[0].Byes == nil {
			t.Fatal("writing the snapshot changed the state's rounds")
		}
		got, err := decodeSnapshot(data, "")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Event.Rounds, st.Event.Rounds) {
			t.Fatalf("rounds read back\n%+v\nwant\n%+v", got.Event.Rounds, st.Event.Rounds)
		}
	}
}

// A snapshot of the earlier form, the whole state in gob, still reads:
// databases hold them until their event's next snapshot.
func TestSnapshotGobStillReads(t *testing.T) {
	st := &action.State{Status: action.Running}
	st.Event.Rounds = randomRounds(rand.New(rand.NewPCG(3, 5)))
	var b bytes.Buffer
	b.WriteByte(snapshotGob)
	if err := gob.NewEncoder(&b).Encode(st); err != nil {
		t.Fatal(err)
	}
	got, err := decodeSnapshot(b.Bytes(), "")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Event.Rounds, st.Event.Rounds) {
		t.Errorf("an earlier snapshot's rounds read back as %+v", got.Event.Rounds)
	}
}

// Columns of different lengths, or rounds of games not one a round, are
// refused: the load then folds the log (TestSnapshotUnreadable).
func TestSnapshotColumnsRefusesMismatches(t *testing.T) {
	st := &action.State{}
	st.Event.Rounds = []engine.Round{{Games: []engine.Game{{Board: 1, Red: 1, Black: 2}}}}
	encode := func(columns []gameColumns) []byte {
		var b bytes.Buffer
		b.WriteByte(snapshotColumns)
		enc := gob.NewEncoder(&b)
		if err := enc.Encode(st); err != nil {
			t.Fatal(err)
		}
		if err := enc.Encode(columns); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	short := columnsOf(st.Event.Rounds[0].Games)
	short.Void = nil
	for name, data := range map[string][]byte{
		"a short column":   encode([]gameColumns{short}),
		"a round too many": encode([]gameColumns{columnsOf(nil), columnsOf(nil)}),
	} {
		if _, err := decodeSnapshot(data, ""); err == nil {
			t.Errorf("%s: read without an error", name)
		}
	}
}
