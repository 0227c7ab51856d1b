package action_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// The organiser kinds' samples join the round trip in action_test.go.
func init() {
	late, remind, fouls, code, free := 15*time.Minute, 30*time.Minute, 2, "7-123456", true
	samples = append(samples, []struct {
		action  action.Action
		payload string
	}{
		{&action.InfoChanged{LateAfter: &late, RemindBefore: &remind, FoulsToLose: &fouls, LinkCode: &code, FreeDrawOffers: &free},
			`{"lateAfter":900000000000,"remindBefore":1800000000000,"freeDrawOffers":true,"foulsToLose":2,"linkCode":"7-123456"}`},
		{&action.PairingPreviewed{Pairing: engine.Pairing{
			Round:  1,
			Boards: []engine.Board{{Number: 1, Red: 1, Black: 3, Placed: engine.PlacedFirstRound, ColourRule: engine.ColourFirstRound}},
			Byes:   []int{2},
		}}, ""},
		{&action.BoardsSwapped{A: 1, B: 3}, `{"a":1,"b":3}`},
		{&action.BoardFlipped{Board: 2}, `{"board":2}`},
		{&action.PlayersExchanged{A: 4, B: 7}, `{"a":4,"b":7}`},
		{&action.CategoriesSet{Entrant: 3, Categories: []string{"女子", "U12"}}, `{"entrant":3,"categories":["女子","U12"]}`},
		{&action.AwardsChanged{Prize: &action.PrizeSet{Category: "女子", Places: 3}, PlacePoints: &engine.PlaceTable{engine.Pts(10), engine.Pts(7)}, Minimum: &engine.Minimum{Games: 5, For: engine.AllRankings}},
			`{"prize":{"category":"女子","places":3},"placePoints":[20,14],"minimum":{"games":5,"for":3}}`},
		{&action.PlayoffChosen{Stage: 1, Group: 2, Place: 2, Players: []int{5, 9}}, `{"stage":1,"group":2,"place":2,"players":[5,9]}`},
		{&action.PlayoffPlayed{Place: 1, Result: engine.Draw}, `{"place":1,"result":3}`},
	}...)
}

func ptr[T any](v T) *T { return &v }

func TestInfoChanged(t *testing.T) {
	runApply(t, []applyCase{
		{name: "time control and late limit", from: created,
			act: is(&action.InfoChanged{TimeControl: ptr("25分+5秒"), LateAfter: ptr(15 * time.Minute)}),
			want: func(st *action.State) {
				st.Info.TimeControl, st.Info.LateAfter = "25分+5秒", 15*time.Minute
			}},
		{name: "running, fouls and zone", from: round1,
			act:  is(&action.InfoChanged{FoulsToLose: ptr(2), Zone: ptr("UTC-5:30"), OfferFoul: ptr(true)}),
			want: func(st *action.State) { st.Info.FoulsToLose, st.Info.Zone, st.Info.OfferFoul = 2, "UTC-5:30", true }},
		{name: "nothing", from: created, act: is(&action.InfoChanged{}), err: "nothing to change"},
		{name: "negative window", from: created, act: is(&action.InfoChanged{ConfirmWithin: ptr(-time.Minute)}), err: "negative"},
		{name: "reminder", from: round1, act: is(&action.InfoChanged{RemindBefore: ptr(30 * time.Minute)}),
			want: func(st *action.State) { st.Info.RemindBefore = 30 * time.Minute }},
		{name: "negative reminder", from: created, act: is(&action.InfoChanged{RemindBefore: ptr(-time.Minute)}), err: "negative"},
		{name: "bad zone", from: created, act: is(&action.InfoChanged{Zone: ptr("Mars")}), err: "not an offset"},
		{name: "empty code", from: created, act: is(&action.InfoChanged{LinkCode: ptr("")}), err: "cannot be empty"},
		{name: "finished", from: finished, act: is(&action.InfoChanged{TimeControl: ptr("60")}), err: "has finished"},
		{name: "the event's language", from: round1, act: is(&action.InfoChanged{Lang: ptr("en")}),
			want: func(st *action.State) { st.Info.Lang = "en" }},
		{name: "no such language", from: created, act: is(&action.InfoChanged{Lang: ptr("fr")}), err: "zh or en"},
	})
}

// TestR_G_3_FoulLimit: the national rules lose a game at 3 fouls unless
// the event says otherwise.
func TestR_G_3_FoulLimit(t *testing.T) {
	if n := (action.Info{}).FoulLimit(); n != 3 {
		t.Errorf("default foul limit %d, want 3", n)
	}
	if n := (action.Info{FoulsToLose: 2}).FoulLimit(); n != 2 {
		t.Errorf("foul limit %d, want 2", n)
	}
}

func TestParseZone(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
		err  bool
	}{
		{"UTC+8", 480, false}, {"+8", 480, false}, {"utc-5:30", -330, false}, {"UTC", 0, false},
		{"8", 480, false}, {"UTC+15", 0, true}, {"+5:60", 0, true}, {"Beijing", 0, true}, {"+", 0, true},
	} {
		got, err := action.ParseZone(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseZone(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.err)
		}
	}
	if loc := (action.Info{}).Location(); loc.String() != "UTC+8" {
		t.Errorf("default location %s, want UTC+8", loc)
	}
}

// preview pairs the next round and previews it.
func (s *script) preview() *script {
	s.t.Helper()
	p, err := engine.Pair(&s.st.Event)
	if err != nil {
		s.t.Fatalf("fixture: pair: %v", err)
	}
	return s.do(&action.PairingPreviewed{Pairing: p})
}

// TestR_SW_13_PairingPreviewed: a preview is the next round's, holds each
// player once, and stays pending only while the event is as it was.
func TestR_SW_13_PairingPreviewed(t *testing.T) {
	s := round1done(t).preview()
	pv := s.st.PendingPreview()
	if pv == nil || pv.Round != 2 {
		t.Fatalf("PendingPreview = %+v, want round 2", pv)
	}
	// A correction to round 1 voids it.
	s.do(&action.ResultSet{Round: 1, Board: 1, Result: engine.BlackWin}) // it was red's win
	if s.st.PendingPreview() != nil {
		t.Error("the preview is still pending after a round-1 result changed")
	}
	s.preview()
	p := *s.st.PendingPreview()
	s.do(&action.RoundPublished{Pairing: p})
	if s.st.PendingPreview() != nil {
		t.Error("the preview is still pending after it was published")
	}

	twice := engine.Pairing{Round: 2, Boards: []engine.Board{{Number: 1, Red: 1, Black: 2}, {Number: 2, Red: 2, Black: 3}}}
	runApply(t, []applyCase{
		{name: "not started", from: entered, act: is(&action.PairingPreviewed{Pairing: engine.Pairing{Round: 1}}), err: "has not started"},
		{name: "wrong round", from: round1done, act: is(&action.PairingPreviewed{Pairing: engine.Pairing{Round: 3}}), err: "next round is 2"},
		{name: "player twice", from: round1done, act: is(&action.PairingPreviewed{Pairing: twice}), err: "player 2 is paired twice"},
		{name: "no such player", from: round1done, act: is(&action.PairingPreviewed{Pairing: engine.Pairing{Round: 2, Byes: []int{9}}}), err: "no player 9"},
	})
}

// TestR_SW_9_BoardsSwapped: a swap exchanges the black players, keeps the
// colours, marks the boards as placed by hand, and refuses a rematch.
func TestR_SW_9_BoardsSwapped(t *testing.T) {
	// Round 1 of the fixture: a.Red–a.Black, b.Red–b.Black and a bye;
	// hand-made previews of round 2 say who meets whom.
	base := round1done(t)
	r1 := base.st.Event.Rounds[0]
	a, b := r1.Games[0], r1.Games[1]
	bye := r1.Byes[0].Player
	withPreview := func(boards ...engine.Board) func(testing.TB) *script {
		return func(t testing.TB) *script {
			return round1done(t).do(&action.PairingPreviewed{Pairing: engine.Pairing{Round: 2, Boards: boards, Byes: []int{b.Black}}})
		}
	}
	// Swapped, a.Red meets a.Black again.
	rematch := withPreview(engine.Board{Number: 1, Red: a.Red, Black: b.Red}, engine.Board{Number: 2, Red: bye, Black: a.Black})
	// Swapped: a.Red–bye and a.Black–b.Red, who have not met.
	fine := withPreview(engine.Board{Number: 1, Red: a.Red, Black: b.Red}, engine.Board{Number: 2, Red: a.Black, Black: bye})
	runApply(t, []applyCase{
		{name: "swap", from: fine, act: is(&action.BoardsSwapped{A: 2, B: 1}), want: func(st *action.State) {
			bs := st.Preview.Boards
			bs[0].Black, bs[1].Black = bye, b.Red
			for i := range bs {
				bs[i].Placed, bs[i].ColourRule = engine.PlacedByHand, engine.ColourByHand
				h := st.Event.Histories()
				bs[i].Float = engine.Score(h[bs[i].Red]) != engine.Score(h[bs[i].Black])
			}
		}},
		{name: "rematch", from: rematch, act: is(&action.BoardsSwapped{A: 1, B: 2}), err: "no rematch (R-SW-9)"},
		{name: "same board", from: fine, act: is(&action.BoardsSwapped{A: 1, B: 1}), err: "two different boards"},
		{name: "no board", from: fine, act: is(&action.BoardsSwapped{A: 1, B: 5}), err: "round 2 has no board 5"},
		{name: "no preview", from: round1done, act: is(&action.BoardsSwapped{A: 1, B: 2}), err: "no pairing preview"},
		{name: "published", from: func(t testing.TB) *script { return round1done(t).preview().publish() },
			act: is(&action.BoardsSwapped{A: 1, B: 2}), err: "published already"},
	})
}

// TestR_C_2_NoSwapInRoundRobin: a round robin's table is fixed.
func TestR_C_2_NoSwapInRoundRobin(t *testing.T) {
	set := engine.DefaultSettings(0)
	set.System = engine.RoundRobin
	s := newScript(t).do(&action.Created{Name: "RR", Settings: set})
	for _, e := range entries[:4] {
		s.do(&e)
	}
	s.do(&action.Started{}).preview()
	err := (&action.BoardsSwapped{A: 1, B: 2}).Apply(s.st)
	if err == nil || !strings.Contains(err.Error(), "R-C-2") {
		t.Errorf("swap in a round robin: %v, want a refusal citing R-C-2", err)
	}
}

// TestRefusalsBilingual: what the rules refuse comes in both languages,
// the engine's English behind a Chinese lead.
func TestRefusalsBilingual(t *testing.T) {
	for _, tt := range []struct {
		name   string
		from   func(testing.TB) *script
		act    action.Action
		zh, en string
	}{
		{"late entry", round1, &action.PlayerAdded{Name: "New"}, "比赛已经开始", "the event has started"},
		{"remove after start", round1, &action.PlayerRemoved{Player: 1}, "比赛已经开始", "the event has started"},
		{"duplicate", entered, &action.PlayerAdded{Name: "Li Hongbo"}, "「Li Hongbo」已经报名了（2 号）", `"Li Hongbo" has entered already (player 2)`},
		{"the engine's reason, worded", round1, &action.Withdrawn{Player: 1, After: 9}, "请给出 0（第 1 轮前）到 1", "give a round from 0 (before round 1) to 1"},
		{"no board", round1, &action.ResultSet{Round: 1, Board: 7, Result: engine.Draw}, "第 1 轮没有第 7 台", "round 1 has no board 7"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.act.Apply(tt.from(t).st)
			var r *action.Refusal
			if !errors.As(err, &r) {
				t.Fatalf("%s: %v (%T), want a *Refusal", tt.act.Kind(), err, err)
			}
			if !strings.Contains(r.Zh, tt.zh) || !strings.Contains(r.En, tt.en) || err.Error() != r.En {
				t.Errorf("refusal %+v, want Chinese with %q and English with %q", r, tt.zh, tt.en)
			}
		})
	}
}

func TestCancelled(t *testing.T) {
	log := numbered(createdAs("E"), add("A"), undo(2), undo(3), add("B"), undo(5))
	got := action.Cancelled(log)
	if len(got) != 2 || !got[3] || !got[5] {
		t.Errorf("Cancelled = %v, want 3 (undoing the undo of 2) and 5", got)
	}
}

// TestR_SW_9_SwapAfterForfeit: a forfeit is no game (R-T-0), so a swap may
// pair its players again, unless the event counts forfeits as meetings.
func TestR_SW_9_SwapAfterForfeit(t *testing.T) {
	for _, count := range []bool{false, true} {
		set := engine.DefaultSettings(5)
		set.CountForfeits = count
		s := newScript(t).do(&action.Created{Name: "Forfeits", Settings: set})
		for _, e := range entries {
			s.do(&e)
		}
		s.do(&action.Started{}).publish()
		r1 := s.st.Event.Rounds[0]
		a, b, bye := r1.Games[0], r1.Games[1], r1.Byes[0].Player
		s.do(&action.ResultSet{Round: 1, Board: 1, Result: engine.RedForfeitWin}, &action.ResultSet{Round: 1, Board: 2, Result: engine.Draw})
		s.do(&action.PairingPreviewed{Pairing: engine.Pairing{Round: 2, Byes: []int{b.Black}, Boards: []engine.Board{
			{Number: 1, Red: a.Red, Black: b.Red}, {Number: 2, Red: bye, Black: a.Black},
		}}})
		err := (&action.BoardsSwapped{A: 1, B: 2}).Apply(s.st)
		if count != (err != nil) {
			t.Errorf("CountForfeits %v: swap pairing a forfeited game's players again: %v", count, err)
		}
	}
}
