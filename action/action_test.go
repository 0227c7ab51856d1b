package action_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// samples holds one action of every kind, every field set, with the
// payload Encode must write for it where the wire format is the action's
// own (the logs on disk depend on these names; Created, SettingsChanged and
// RoundPublished embed engine structs and are checked by round trip only).
var samples = []struct {
	action  action.Action
	payload string
}{
	{&action.Created{Name: "象棋公开赛", Settings: engine.DefaultSettings(5)}, ""},
	{&action.SettingsChanged{Settings: func() engine.Settings {
		s := engine.DefaultSettings(7)
		s.Seed, s.Tiebreaks, s.Scoring = 20250301, []engine.Tiebreak{engine.Direct, engine.Buchholz}, engine.ScoringNational
		return s
	}()}, ""},
	{&action.SignupOpened{}, `{}`},
	{&action.SignupClosed{}, `{}`},
	{&action.PlayerAdded{Name: "王天一", Unit: "杭州", Rating: 2650}, `{"name":"王天一","unit":"杭州","rating":2650}`},
	{&action.LateEntered{Name: "赵鑫鑫", Unit: "浙江", Rating: 2600}, `{"name":"赵鑫鑫","unit":"浙江","rating":2600}`},
	{&action.PlayerEdited{Player: 3, Name: "郑惟桐", Unit: "四川", Rating: 2600}, `{"player":3,"name":"郑惟桐","unit":"四川","rating":2600}`},
	{&action.PlayerRemoved{Player: 2}, `{"player":2}`},
	{&action.Started{Numbering: engine.Shuffled}, `{"numbering":1}`},
	{&action.RoundPublished{Pairing: engine.Pairing{
		Round: 2,
		Boards: []engine.Board{
			{Number: 1, Red: 3, Black: 1, Placed: engine.PlacedSame, ColourRule: engine.ColourFewerReds},
			{Number: 2, Red: 2, Black: 5, Placed: engine.PlacedFloat, Float: true, ColourRule: engine.ColourBlackRun},
		},
		Byes:       []int{4},
		ByeColours: []engine.Colour{engine.Red},
		Relaxed:    []engine.Relaxation{{Rule: "R-SW-12", Why: "player 3 would have red three times in a row"}},
	}}, ""},
	{&action.ResultSet{Round: 2, Board: 1, Result: engine.BlackWin}, `{"round":2,"board":1,"result":2}`},
	{&action.FoulRecorded{Round: 2, Player: 5}, `{"round":2,"player":5}`},
	{&action.PenaltyRecorded{Player: 4}, `{"player":4}`},
	{&action.Withdrawn{Player: 4, After: 2}, `{"player":4,"after":2}`},
	{&action.EventFinished{}, `{}`},
	{&action.EventCancelled{}, `{}`},
	{&action.WebLinkReplaced{}, `{}`},
	{&action.Undo{Seq: 12}, `{"seq":12}`},
	{&action.LeaveAsked{Entrant: 7, Round: 3, Granted: true}, `{"entrant":7,"round":3,"granted":true}`},
	{&action.LeaveGranted{Entrant: 7, Round: 3}, `{"entrant":7,"round":3}`},
	{&action.LeaveDropped{Entrant: 7, Round: 3}, `{"entrant":7,"round":3}`},
	{&action.GamePostponed{Round: 2, Board: 4}, `{"round":2,"board":4}`},
	{&action.PlanSet{Plan: &action.Plan{
		Stages: []action.StagePlan{{Kind: action.GroupsStage, Groups: 4, Advance: 2}, {Kind: action.KnockoutStage}},
		Match:  engine.MatchFormat{Games: 3, BestOf: true, Tie: []engine.TieRule{engine.TieArmageddon}},
		Draw:   engine.DrawFold, ThirdPlace: true, Playoffs: true, Reset: true, Unshared: 8,
		Seeding: engine.SeedByLots, GroupMethod: engine.DrawnGroups, GroupDraw: engine.WinnerRunnerUp, Earlier: engine.KeepStagePlaces,
	}}, `{"plan":{"stages":[{"kind":"groups","groups":4,"advance":2},{"kind":"knockout"}],"match":{"games":3,"bestOf":true,"tie":[4]},"draw":1,"thirdPlace":true,"playoffs":true,"reset":true,"unshared":8,"seeding":2,"groupMethod":1,"groupDraw":1,"earlier":1}}`},
}

// TestSamplesCoverKinds keeps the samples honest: a kind registered
// without a sample would escape the round trip below.
func TestSamplesCoverKinds(t *testing.T) {
	kinds := action.Kinds()
	if !slices.IsSorted(kinds) {
		t.Errorf("Kinds() = %v, not sorted", kinds)
	}
	var have []string
	for _, s := range samples {
		have = append(have, s.action.Kind())
	}
	slices.Sort(have)
	if !slices.Equal(have, kinds) {
		t.Errorf("sample kinds %v, registered kinds %v: give every registered kind a sample", have, kinds)
	}
}

func TestEncodeDecode(t *testing.T) {
	for _, s := range samples {
		t.Run(s.action.Kind(), func(t *testing.T) {
			kind, payload, err := action.Encode(s.action)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			if kind != s.action.Kind() {
				t.Errorf("Encode kind %q, want %q", kind, s.action.Kind())
			}
			if s.payload != "" && string(payload) != s.payload {
				t.Errorf("payload %s, want %s", payload, s.payload)
			}
			got, err := action.Decode(kind, payload)
			if err != nil {
				t.Fatalf("Decode(%q, %s): %v", kind, payload, err)
			}
			if !reflect.DeepEqual(got, s.action) {
				t.Errorf("Decode(Encode(a)) = %#v, want %#v", got, s.action)
			}
		})
	}
}

// TestDecodeFresh: every Decode returns its own value, so decoding a
// log's records does not make them share one.
func TestDecodeFresh(t *testing.T) {
	first, err := action.Decode("penalty-recorded", []byte(`{"player":1}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := action.Decode("penalty-recorded", []byte(`{"player":2}`)); err != nil {
		t.Fatal(err)
	}
	if p := first.(*action.PenaltyRecorded).Player; p != 1 {
		t.Errorf("the first decoded action now names player %d, want 1", p)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name, kind, payload string
		want                string // part of the message
	}{
		{"unknown kind", "result-corrected", `{"round":1}`, `unknown kind "result-corrected"`},
		{"no kind", "", `{}`, `unknown kind ""`},
		{"kind in another case", "Undo", `{"seq":1}`, `unknown kind "Undo"`},
		{"truncated JSON", "result-set", `{"round":1,`, "decode result-set"},
		{"not JSON", "undo", `seq=3`, "decode undo"},
		{"wrong type", "withdrawn", `{"player":"four"}`, "decode withdrawn"},
		{"array for object", "player-added", `["王天一"]`, "decode player-added"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := action.Decode(tt.kind, []byte(tt.payload))
			if err == nil {
				t.Fatalf("Decode(%q, %s) = %#v, want an error", tt.kind, tt.payload, a)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not say %q", err, tt.want)
			}
		})
	}
}

func TestEncodeNil(t *testing.T) {
	if kind, payload, err := action.Encode(nil); err == nil {
		t.Errorf("Encode(nil) = %q, %s, want an error", kind, payload)
	}
}

// record is a as the log holds it at seq.
func record(seq int64, a action.Action) action.Record {
	return action.Record{
		Seq:    seq,
		Actor:  action.Actor{Platform: "console", User: "arbiter"},
		At:     time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(seq) * time.Minute),
		Action: a,
	}
}

// numbered makes a log of acts, numbered from 1.
func numbered(acts ...action.Action) []action.Record {
	log := make([]action.Record, len(acts))
	for i, a := range acts {
		log[i] = record(int64(i+1), a)
	}
	return log
}

// deepCopy copies st and every slice it holds (engine's Player, Game and
// Bye hold none), keeping nil and empty slices apart. It is written out
// here rather than borrowed from the package, whose copy is under test.
func deepCopy(st *action.State) *action.State {
	if st == nil {
		return nil
	}
	c := *st
	ev := &c.Event
	ev.Settings.Tiebreaks = slices.Clone(ev.Settings.Tiebreaks)
	ev.Players = slices.Clone(ev.Players)
	ev.Rounds = slices.Clone(ev.Rounds)
	for i, r := range ev.Rounds {
		ev.Rounds[i].Games, ev.Rounds[i].Byes = slices.Clone(r.Games), slices.Clone(r.Byes)
	}
	c.Teams = copyTeams(st.Teams) // team_test.go
	c.Waiting, c.Present = slices.Clone(st.Waiting), slices.Clone(st.Present)
	c.Info.Schedule = slices.Clone(st.Info.Schedule)
	return &c
}

// norm returns a copy of st with empty slices made nil. FoldFrom copies
// its snapshot, and a copied nil slice may come back empty: the same
// event, though reflect.DeepEqual tells them apart.
func norm(st *action.State) *action.State {
	c := deepCopy(st)
	if c == nil {
		return nil
	}
	c.At = time.Time{} // when the last action was applied: the live state never sets it
	ev := &c.Event
	if len(ev.Players) == 0 {
		ev.Players = nil
	}
	if len(ev.Rounds) == 0 {
		ev.Rounds = nil
	}
	for i := range ev.Rounds {
		if len(ev.Rounds[i].Games) == 0 {
			ev.Rounds[i].Games = nil
		}
		if len(ev.Rounds[i].Byes) == 0 {
			ev.Rounds[i].Byes = nil
		}
	}
	if len(ev.Settings.Tiebreaks) == 0 {
		ev.Settings.Tiebreaks = nil
	}
	return c
}

// heldPreview is st.PreviewHeld while it holds the preview (it is
// Through), else 0.
func heldPreview(st *action.State) int64 {
	if st.PreviewHeld != st.Through {
		return 0
	}
	return st.PreviewHeld
}

// diff describes the first difference between two states, "" when they
// are deeply equal.
func diff(got, want *action.State) string {
	if got != nil && want != nil {
		// At and Seq are of the last action applied: the live state need
		// not set them.
		g, w := *got, *want
		g.At, w.At, g.Seq, w.Seq = time.Time{}, time.Time{}, 0, 0
		// Once a preview is void, the record it last held through is
		// history: two logs of one event agree that it is void.
		g.PreviewHeld, w.PreviewHeld = heldPreview(&g), heldPreview(&w)
		action.ForgetBookkeeping(&g) // computed for showing, shared with copies: not content
		action.ForgetBookkeeping(&w)
		got, want = &g, &w
	}
	if reflect.DeepEqual(got, want) {
		return ""
	}
	if got == nil || want == nil {
		return fmt.Sprintf("state %v, want %v", got, want)
	}
	g, w := got.Event, want.Event
	switch {
	case got.Status != want.Status:
		return fmt.Sprintf("status %q, want %q", got.Status, want.Status)
	case got.Through != want.Through:
		return fmt.Sprintf("through %d, want %d", got.Through, want.Through)
	case g.Name != w.Name:
		return fmt.Sprintf("name %q, want %q", g.Name, w.Name)
	case !reflect.DeepEqual(g.Settings, w.Settings):
		return fmt.Sprintf("settings %+v, want %+v", g.Settings, w.Settings)
	case len(g.Players) != len(w.Players):
		return fmt.Sprintf("players %+v, want %+v", g.Players, w.Players)
	case !reflect.DeepEqual(got.Teams, want.Teams):
		return fmt.Sprintf("teams %+v, want %+v", got.Teams, want.Teams)
	case !reflect.DeepEqual(got.Waiting, want.Waiting):
		return fmt.Sprintf("wait list %+v, want %+v", got.Waiting, want.Waiting)
	case !reflect.DeepEqual(got.Present, want.Present):
		return fmt.Sprintf("checked in %+v, want %+v", got.Present, want.Present)
	case !reflect.DeepEqual(got.Info, want.Info):
		return fmt.Sprintf("info %+v, want %+v", got.Info, want.Info)
	}
	for i := range g.Players {
		if !reflect.DeepEqual(g.Players[i], w.Players[i]) {
			return fmt.Sprintf("player %d: %+v, want %+v", i+1, g.Players[i], w.Players[i])
		}
	}
	if len(g.Rounds) != len(w.Rounds) {
		return fmt.Sprintf("%d rounds, want %d", len(g.Rounds), len(w.Rounds))
	}
	for r := range g.Rounds {
		if !reflect.DeepEqual(g.Rounds[r], w.Rounds[r]) {
			return fmt.Sprintf("round %d: %+v, want %+v", r+1, g.Rounds[r], w.Rounds[r])
		}
	}
	return "the players or rounds are nil on one side and empty on the other"
}

// TestDecodeAsEncodingJSON: Decode reads every payload as encoding/json
// reads it, the samples' and those of random logs (every kind), and what
// the payloads of older code may hold: fields in another case, fields no
// action has any more, null for a pointer.
func TestDecodeAsEncodingJSON(t *testing.T) {
	var payloads [][2]string // kind, payload
	for _, s := range samples {
		kind, payload, err := action.Encode(s.action)
		if err != nil {
			t.Fatal(err)
		}
		payloads = append(payloads, [2]string{kind, string(payload)})
	}
	for seed := range uint64(20) {
		log, _ := randomLog(t, seed, 60, true)
		for _, r := range log {
			kind, payload, err := action.Encode(r.Action)
			if err != nil {
				t.Fatal(err)
			}
			payloads = append(payloads, [2]string{kind, string(payload)})
		}
	}
	payloads = append(payloads,
		[2]string{"player-added", `{"NAME":"王天一","Unit":"杭州","retired":true}`},
		[2]string{"info-changed", `{"timeControl":null,"lateAfter":900000000000,"zone":"UTC+8"}`},
		[2]string{"result-set", `{"round":1,"board":2,"result":1,"captures":{"red":3,"black":1}}`},
	)
	for _, p := range payloads {
		got, err := action.Decode(p[0], []byte(p[1]))
		if err != nil {
			t.Fatalf("Decode(%s, %s): %v", p[0], p[1], err)
		}
		want := reflect.New(reflect.TypeOf(got).Elem()).Interface()
		if err := json.Unmarshal([]byte(p[1]), want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Decode(%s, %s) = %+v; encoding/json reads %+v", p[0], p[1], got, want)
		}
	}
}
