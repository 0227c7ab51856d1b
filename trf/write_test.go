package trf

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/qisai/qisai/engine"
)

func mustWrite(t *testing.T, ev *engine.Event) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, ev); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return b.String()
}

// roundTrip writes ev, reads it back and checks that the result equals ev
// and that writing it again gives the same text.
func roundTrip(t *testing.T, ev *engine.Event) {
	t.Helper()
	text := mustWrite(t, ev)
	back, err := readString(text)
	if err != nil {
		t.Fatalf("Read(Write(ev)): %v\n%s", err, text)
	}
	if !reflect.DeepEqual(back, ev) {
		t.Fatalf("Read(Write(ev)) differs:\n got %+v\nwant %+v\n%s", back, ev, text)
	}
	if again := mustWrite(t, back); again != text {
		t.Fatalf("writing again changed the text:\n%s\nthen\n%s", text, again)
	}
}

// The columns of codes_written.trf were checked by hand against FIDE's
// TRF-16 table: name at 15, rating at 49, points at 81, rank at 86, rounds
// from 92; and against bbpPairings' parser: BB points in columns 5-8, units
// and the pending round 3 in qisai's own lines.
func TestWriteGolden(t *testing.T) {
	want, err := os.ReadFile("testdata/codes_written.trf")
	if err != nil {
		t.Fatal(err)
	}
	if got := mustWrite(t, readFile(t, "testdata/codes.trf")); got != string(want) {
		t.Errorf("Write(codes.trf):\n%s\nwant\n%s", got, want)
	}
}

func TestRoundTripFiles(t *testing.T) {
	paths := []string{"testdata/codes.trf"}
	for _, name := range sharedFiles {
		paths = append(paths, sharedTRF(t, name))
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(path[strings.LastIndex(path, "/")+1:], ".trf"), func(t *testing.T) {
			roundTrip(t, readFile(t, path))
		})
	}
}

func TestRoundTripGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 500 {
		ev := randomEvent(rng)
		t.Run(fmt.Sprint(i), func(t *testing.T) { roundTrip(t, ev) })
	}
}

// randomEvent makes an event in the form Read returns: games numbered in
// the order of their lower ID, byes by ID, no empty last round, and only
// what TRF holds.
func randomEvent(rng *rand.Rand) *engine.Event {
	pick := func(s ...string) string { return s[rng.IntN(len(s))] }
	n := 1 + rng.IntN(14)
	ev := &engine.Event{Name: pick("", "全国象棋甲级联赛", "Open 2025 — Round robin", "x")}
	for id := 1; id <= n; id++ {
		rating := 0
		if rng.IntN(2) == 0 {
			rating = 1000 + rng.IntN(9000)
		}
		ev.Players = append(ev.Players, engine.Player{
			ID: id,
			Name: pick("", "张三", "Müller, Jörg", strings.Repeat("象", nameWidth), fmt.Sprintf("P%d", id),
				strings.Repeat("欧阳", nameWidth), "𠀀字", "Tab\there"),
			Unit:   pick("", "", "红队", "Team B", strings.Repeat("队", teamNameWidth+3)),
			Rating: rating,
		})
	}
	byes := []engine.ByeKind{engine.PairingBye, engine.FullBye, engine.HalfBye, engine.ZeroBye}
	for r := rng.IntN(7); r > 0; r-- {
		var rd engine.Round
		var waiting []int // players to pair
		for _, id := range rng.Perm(n) {
			switch rng.IntN(6) {
			case 0: // no record this round
			case 1:
				by := engine.Bye{Player: id + 1, Kind: byes[rng.IntN(len(byes))]}
				if by.Kind == engine.PairingBye { // R-S-3: Match BP Online's bye colours
					by.Colour = []engine.Colour{engine.NoColour, engine.Red, engine.Black}[rng.IntN(3)]
				}
				rd.Byes = append(rd.Byes, by)
			default:
				waiting = append(waiting, id+1)
			}
		}
		for len(waiting) >= 2 {
			a, b := waiting[0], waiting[1]
			waiting = waiting[2:]
			rd.Games = append(rd.Games, engine.Game{
				Red: a, Black: b, Result: gameCodes[rng.IntN(len(gameCodes))].result,
				RedFouls: max(0, rng.IntN(6)-3), BlackFouls: max(0, rng.IntN(6)-3), // R-G-3
			})
		}
		slices.SortFunc(rd.Games, func(x, y engine.Game) int { return min(x.Red, x.Black) - min(y.Red, y.Black) })
		for i := range rd.Games {
			rd.Games[i].Board = i + 1
		}
		slices.SortFunc(rd.Byes, func(x, y engine.Bye) int { return x.Player - y.Player })
		ev.Rounds = append(ev.Rounds, rd)
	}
	for len(ev.Rounds) > 0 && len(ev.Rounds[len(ev.Rounds)-1].Games)+len(ev.Rounds[len(ev.Rounds)-1].Byes) == 0 {
		ev.Rounds = ev.Rounds[:len(ev.Rounds)-1]
	}
	if len(ev.Rounds) == 0 {
		ev.Rounds = nil
	}
	s := engine.DefaultSettings(len(ev.Rounds) + rng.IntN(3))
	s.Scoring = []engine.Scoring{engine.ScoringNational, engine.ScoringTwoOne, engine.ScoringThreeOne}[rng.IntN(3)]
	s.ByeValue = []engine.Points{s.Win, s.Draw, 0}[rng.IntN(3)]
	s.FirstColour = []engine.FirstColourMethod{engine.AlternateBoards, engine.AlternateBoardsHigherRed}[rng.IntN(2)]
	ev.Settings = s
	return ev
}

// eventTRFCannotHold has what TRF cannot hold, even in qisai's own lines.
func eventTRFCannotHold() *engine.Event {
	ev := &engine.Event{
		Name: "  Spring Cup  ",
		Players: []engine.Player{
			{ID: 1, Name: " A ", Unit: " Red ", WithdrawnAfter: 1, Penalties: 2},
			{ID: 2, Name: "B"}, {ID: 3, Name: "C"}, {ID: 4, Name: "D"}, {ID: 5, Name: "E"},
		},
		Rounds: []engine.Round{
			{
				Games: []engine.Game{
					{Board: 7, Red: 4, Black: 3, Result: engine.RedWin, RedFouls: 1},
					{Board: 3, Red: 2, Black: 1, Result: engine.Draw, Void: true},
				},
				Byes: []engine.Bye{{Player: 5, Kind: engine.PairingBye, Colour: engine.Red}},
			},
			{Byes: []engine.Bye{{Player: 1, Kind: engine.WithdrawnLoss}, {Player: 2, Kind: engine.HalfBye, Colour: engine.Black}}},
			{}, // an empty last round is not written
		},
	}
	ev.Settings = engine.DefaultSettings(0) // Rounds 0: the rounds present count
	ev.Settings.FirstColour = engine.UpperRed
	ev.Settings.System = engine.RoundRobin
	ev.Settings.Scoring = engine.ScoringNational
	ev.Settings.ByeValue = engine.Pts(1)
	return ev
}

// What TRF cannot hold is dropped or mapped to its nearest TRF form, as the
// package comment says; fouls and a pairing bye's colour (R-S-3) are kept.
func TestWriteDropsWhatTRFCannotHold(t *testing.T) {
	want := &engine.Event{
		Name:     "Spring Cup",
		Settings: engine.DefaultSettings(5), // XXR: a round robin of 5 plays its table's 5 rounds (R-C-2)
		Players: []engine.Player{
			{ID: 1, Name: "A", Unit: "Red"},
			{ID: 2, Name: "B"}, {ID: 3, Name: "C"}, {ID: 4, Name: "D"}, {ID: 5, Name: "E"},
		},
		Rounds: []engine.Round{
			{
				Games: []engine.Game{
					{Board: 1, Red: 2, Black: 1, Result: engine.Draw},
					{Board: 2, Red: 4, Black: 3, Result: engine.RedWin, RedFouls: 1},
				},
				Byes: []engine.Bye{{Player: 5, Kind: engine.PairingBye, Colour: engine.Red}},
			},
			// "0000 - -"; only a pairing-allocated bye keeps a colour
			{Byes: []engine.Bye{{Player: 1, Kind: engine.ZeroBye}, {Player: 2, Kind: engine.HalfBye}}},
		},
	}
	want.Settings.Scoring = engine.ScoringNational
	want.Settings.ByeValue = engine.Pts(1)
	text := mustWrite(t, eventTRFCannotHold())
	got, err := readString(text)
	if err != nil {
		t.Fatalf("Read: %v\n%s", err, text)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Read(Write(ev)):\n got %+v\nwant %+v\n%s", got, want, text)
	}
	if !strings.Contains(text, "  0000 - -\n") || strings.Contains(text, "XXC") {
		t.Errorf("want the withdrawn loss as \"0000 - -\" and no XXC for upper-red:\n%s", text)
	}
}

// eventWithNames has names and units the 001 line cannot hold as they are.
func eventWithNames() *engine.Event {
	ev := &engine.Event{Name: "Cup\r\n2026", Settings: engine.DefaultSettings(3)}
	for id, name := range []string{
		strings.Repeat("欧阳", 20),              // 40 characters
		"Line\nbreak",                         // a line break
		"Tab\there",                           // a tab
		"Caf\xe9",                             // not UTF-8
		"𠀀" + strings.Repeat("字", 40),         // beyond the basic plane, and long
		"  " + strings.Repeat("n", 33) + "  ", // exactly 33, blanks around
	} {
		ev.Players = append(ev.Players, engine.Player{ID: id + 1, Name: name, Unit: strings.Repeat("队", 2*id)})
	}
	return ev
}

// TestWriteNames: no name makes an export fail. A name the 001 line cannot
// hold is written there cut to its 33 columns, and whole in a QSN line that
// Read takes it back from.
func TestWriteNames(t *testing.T) {
	ev := eventWithNames()
	text := mustWrite(t, ev)
	got, err := readString(text)
	if err != nil {
		t.Fatalf("Read: %v\n%s", err, text)
	}
	wantNames := []string{
		strings.Repeat("欧阳", 20), "Line break", "Tab\there", "Caf\uFFFD", "𠀀" + strings.Repeat("字", 40), strings.Repeat("n", 33),
	}
	wantField := []string{
		strings.Repeat("欧阳", 16) + "欧", "Line break", "Tab here", "Caf\uFFFD", "?" + strings.Repeat("字", 32), strings.Repeat("n", 33),
	}
	if got.Name != "Cup  2026" {
		t.Errorf("event name %q, want %q", got.Name, "Cup  2026")
	}
	lines := strings.Split(text, "\n")
	for i, p := range got.Players {
		if p.Name != wantNames[i] || p.Unit != strings.Repeat("队", 2*i) {
			t.Errorf("player %d: name %q, unit %q; want %q, %q", i+1, p.Name, p.Unit, wantNames[i], strings.Repeat("队", 2*i))
		}
		field := strings.TrimSpace(string([]rune(lines[i+1])[colName : colName+nameWidth]))
		if field != wantField[i] {
			t.Errorf("player %d: the 001 line holds %q, want %q", i+1, field, wantField[i])
		}
	}
	roundTrip(t, got)
}

func TestWriteErrors(t *testing.T) {
	base := func() *engine.Event {
		return &engine.Event{
			Settings: engine.DefaultSettings(1),
			Players:  []engine.Player{{ID: 1, Name: "A"}, {ID: 2, Name: "B"}},
			Rounds:   []engine.Round{{Games: []engine.Game{{Board: 1, Red: 1, Black: 2, Result: engine.RedWin}}}},
		}
	}
	tests := []struct {
		name   string
		change func(*engine.Event)
		msg    string
		limit  Limit // a LimitError's, 0 for an error of qisai's own
	}{
		{"IDs out of order", func(ev *engine.Event) { ev.Players[1].ID = 3 }, "player 2 has ID 3", 0},
		{"fouls", func(ev *engine.Event) { ev.Rounds[0].Games[0].BlackFouls = -1 }, "-1 fouls", LimitFouls},
		{"rating", func(ev *engine.Event) { ev.Players[0].Rating = 10000 }, "rating 10000", LimitRating},
		{"unknown player", func(ev *engine.Event) { ev.Rounds[0].Games[0].Black = 9 }, "round 1: player 9 is not in the event", 0},
		{"player twice", func(ev *engine.Event) {
			ev.Rounds[0].Byes = []engine.Bye{{Player: 2, Kind: engine.HalfBye}}
		}, "round 1: player 2 appears twice", 0},
		{"unknown result", func(ev *engine.Event) { ev.Rounds[0].Games[0].Result = 42 }, "unknown result 42", 0},
		{"unknown bye", func(ev *engine.Event) {
			ev.Rounds = append(ev.Rounds, engine.Round{Byes: []engine.Bye{{Player: 1, Kind: 42}}})
		}, "unknown kind of bye", 0},
		{"points too wide", func(ev *engine.Event) { ev.Settings.Win = engine.Pts(10000) }, "does not fit", LimitScore},
		{"scoring too wide", func(ev *engine.Event) { ev.Settings.Draw = engine.Pts(10000) }, "BBD 10000", LimitPoints},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := base()
			tt.change(ev)
			err := Write(&bytes.Buffer{}, ev)
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Write: %v, want an error containing %q", err, tt.msg)
			}
			// The chat's /export says a LimitError in the user's language:
			// its Chinese has no English word in it.
			var le *LimitError
			if got := errors.As(err, &le); got != (tt.limit != 0) || (got && le.Limit != tt.limit) {
				t.Fatalf("Write: %#v, want a LimitError of kind %d (0: none)", err, tt.limit)
			}
			if le != nil {
				rest := strings.NewReplacer("TRF", "", le.Code, "").Replace(le.Chinese())
				if strings.ContainsFunc(rest, func(r rune) bool { return r < 128 && unicode.IsLetter(r) }) {
					t.Errorf("Chinese %q has English in it", le.Chinese())
				}
			}
		})
	}
	if err := Write(&bytes.Buffer{}, nil); err == nil {
		t.Error("Write(nil) succeeded")
	}
}

// TestWriteWithoutUnits leaves out the QSU lines and nothing else.
func TestWriteWithoutUnits(t *testing.T) {
	ev := &engine.Event{Settings: engine.DefaultSettings(3)}
	for id := 1; id <= 4; id++ {
		ev.Players = append(ev.Players, engine.Player{ID: id, Name: fmt.Sprintf("P%d", id), Unit: "Club"})
	}
	var with, without strings.Builder
	if err := Write(&with, ev); err != nil {
		t.Fatal(err)
	}
	if err := Write(&without, ev, WithoutUnits()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(with.String(), "\nQSU    1 Club\n") {
		t.Errorf("Write left out the QSU line:\n%s", with.String())
	}
	if strings.Contains(without.String(), "QSU") {
		t.Errorf("WithoutUnits still writes a QSU line:\n%s", without.String())
	}
	var kept []string
	for _, l := range strings.Split(with.String(), "\n") {
		if !strings.HasPrefix(l, "QSU") {
			kept = append(kept, l)
		}
	}
	if got := strings.Join(kept, "\n"); got != without.String() {
		t.Errorf("WithoutUnits changed more than the QSU lines:\n%s\nwant\n%s", without.String(), got)
	}
}

// TestWriteRoundRobinRounds: a round robin's XXR says the rounds its table
// plays (R-C-2) — bbpPairings refuses to pair past XXR, and a round robin
// of 6 with 2 rounds played still has 3 to go.
func TestWriteRoundRobinRounds(t *testing.T) {
	ev := &engine.Event{Settings: engine.DefaultSettings(0)}
	ev.Settings.System = engine.RoundRobin
	for id := 1; id <= 6; id++ {
		ev.Players = append(ev.Players, engine.Player{ID: id, Name: fmt.Sprint("P", id)})
	}
	for range 2 {
		p, err := engine.Pair(ev)
		if err != nil {
			t.Fatal(err)
		}
		if err := engine.AddRound(ev, p); err != nil {
			t.Fatal(err)
		}
		for i := range ev.Rounds[len(ev.Rounds)-1].Games {
			ev.Rounds[len(ev.Rounds)-1].Games[i].Result = engine.Draw
		}
	}
	if text := mustWrite(t, ev); !strings.Contains(text, "\nXXR 5\n") {
		t.Fatalf("a round robin of 6 plays 5 rounds; the file says otherwise:\n%s", text)
	}
}
