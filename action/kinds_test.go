package action_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// script builds a log and its state one action at a time, as a store
// would: each action is applied to the state, then recorded.
type script struct {
	t   testing.TB
	log []action.Record
	st  *action.State
}

func newScript(t testing.TB) *script {
	st, err := action.Fold(nil)
	if err != nil {
		t.Fatalf("Fold(nil): %v", err)
	}
	return &script{t: t, st: st}
}

// do applies and records acts; the fixture is broken when one is refused.
func (s *script) do(acts ...action.Action) *script {
	s.t.Helper()
	for _, a := range acts {
		seq := int64(len(s.log) + 1)
		r := record(seq, a)
		s.st.At, s.st.Seq = r.At, seq // as the fold will see them
		if err := a.Apply(s.st); err != nil {
			s.t.Fatalf("fixture: action %d (%s) refused: %v", seq, a.Kind(), err)
		}
		s.st.Through = seq
		s.log = append(s.log, r)
	}
	return s
}

// publish pairs the next round with engine.Pair and publishes it. The
// tests below name games by board: boards are numbered 1, 2, … in order.
func (s *script) publish() *script {
	s.t.Helper()
	p, err := engine.Pair(&s.st.Event)
	if err != nil {
		s.t.Fatalf("fixture: pair round %d: %v", len(s.st.Event.Rounds)+1, err)
	}
	for i, b := range p.Boards {
		if b.Number != i+1 {
			s.t.Fatalf("fixture: round %d lists board %d at place %d", p.Round, b.Number, i+1)
		}
	}
	return s.do(&action.RoundPublished{Pairing: p})
}

// results enters a result for every pending game of the last round: red
// wins on odd boards, a draw on even ones.
func (s *script) results() *script {
	s.t.Helper()
	r := len(s.st.Event.Rounds)
	for _, g := range s.st.Event.Rounds[r-1].Games {
		res := engine.RedWin
		if g.Board%2 == 0 {
			res = engine.Draw
		}
		if g.Result == engine.Pending {
			s.do(&action.ResultSet{Round: r, Board: g.Board, Result: res})
		}
	}
	return s
}

// entries are entered in this order; by rating (R-SW-1) they number
// Zhao, Wang, Li, Liu, Chen (equal ratings by name). Their units differ,
// so spreading units over the halves (R-SW-2) moves nobody.
var entries = []action.PlayerAdded{
	{Name: "Wang Tianyi", Unit: "Hangzhou", Rating: 2300},
	{Name: "Li Hongbo", Unit: "Shanghai", Rating: 2100},
	{Name: "Zhao Xinxin", Unit: "Beijing", Rating: 2500},
	{Name: "Chen Hanfeng"},
	{Name: "Liu Zonghan", Unit: "Guangdong", Rating: 2100},
}

// The fixtures, each one step on from the one before.
func empty(t testing.TB) *script { return newScript(t) }

func created(t testing.TB) *script {
	return newScript(t).do(&action.Created{Name: "Spring Open", Settings: engine.DefaultSettings(5)})
}

func entered(t testing.TB) *script {
	s := created(t)
	for _, e := range entries {
		s.do(&e)
	}
	return s
}

func signup(t testing.TB) *script  { return entered(t).do(&action.SignupOpened{}) }
func running(t testing.TB) *script { return entered(t).do(&action.Started{}) }

// round1 has round 1 paired, results pending: five players, so two
// boards and a bye.
func round1(t testing.TB) *script {
	s := running(t).publish()
	if rd := s.st.Event.Rounds[0]; len(rd.Games) != 2 || len(rd.Byes) != 1 {
		t.Fatalf("fixture: round 1 has %d games and %d byes, want 2 and 1", len(rd.Games), len(rd.Byes))
	}
	return s
}

func round1done(t testing.TB) *script { return round1(t).results() }
func round2(t testing.TB) *script     { return round1done(t).publish() }
func finished(t testing.TB) *script   { return round1done(t).do(&action.EventFinished{}) }

// gameAt is the game on board b of round r (the fixtures number boards
// in order, see publish).
func gameAt(st *action.State, r, b int) *engine.Game { return &st.Event.Rounds[r-1].Games[b-1] }

// byNames lists ps in the order of names, numbered 1, 2, ….
func byNames(ps []engine.Player, names ...string) []engine.Player {
	var out []engine.Player
	for _, n := range names {
		for _, p := range ps {
			if p.Name == n {
				p.ID = len(out) + 1
				out = append(out, p)
			}
		}
	}
	return out
}

// applyCase applies an action to a fixture's state: either it is allowed
// and the state becomes what want makes of a copy of the state before, or
// it is refused with a message holding err and the state stays as it was.
type applyCase struct {
	name string
	from func(testing.TB) *script
	act  func(testing.TB, *action.State) action.Action
	want func(*action.State)
	err  string
}

// is turns a fixed action into a case's act.
func is(a action.Action) func(testing.TB, *action.State) action.Action {
	return func(testing.TB, *action.State) action.Action { return a }
}

func runApply(t *testing.T, cases []applyCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := c.from(t).st
			before := deepCopy(st)
			a := c.act(t, st)
			// As the store appends: admitted, then applied.
			err := action.Admit(st, a)
			if err == nil {
				err = a.Apply(st)
			}
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("%s %+v: error %v, want one saying %q", a.Kind(), a, err, c.err)
				}
				if d := diff(st, before); d != "" {
					t.Errorf("refused %s changed the state: %s", a.Kind(), d)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s %+v refused: %v", a.Kind(), a, err)
			}
			want := deepCopy(before)
			c.want(want)
			if d := diff(st, want); d != "" {
				t.Errorf("after %s: %s", a.Kind(), d)
			}
		})
	}
}

func TestCreated(t *testing.T) {
	settings := engine.DefaultSettings(7)
	runApply(t, []applyCase{
		{name: "new event", from: empty, act: is(&action.Created{Name: "Club night", Settings: settings}),
			want: func(st *action.State) {
				st.Event.Name, st.Event.Settings, st.Status = "Club night", settings, action.Setup
			}},
		{name: "blank name", from: empty, act: is(&action.Created{Name: " \t"}), err: "needs a name"},
		{name: "twice", from: created, act: is(&action.Created{Name: "Club night"}), err: "exists already"},
		{name: "twice with players", from: entered, act: is(&action.Created{Name: "Club night"}), err: "exists already"},
	})
}

// TestSettingsChanged: before the start anything changes; once running,
// only the rounds (not below those paired), the tiebreaks and how shared
// places are written.
func TestSettingsChanged(t *testing.T) {
	tests := []struct {
		name   string
		from   func(testing.TB) *script
		change func(*engine.Settings)
		err    string
	}{
		{"before the start: the system", entered, func(s *engine.Settings) { s.System = engine.RoundRobin }, ""},
		{"before the start: seed and scoring", signup, func(s *engine.Settings) { s.Seed, s.Scoring = 7, engine.ScoringNational }, ""},
		{"running: more rounds", round2, func(s *engine.Settings) { s.Rounds = 7 }, ""},
		{"running: rounds down to those paired", round2, func(s *engine.Settings) { s.Rounds = 2 }, ""},
		{"running: tiebreaks", round2, func(s *engine.Settings) { s.Tiebreaks = []engine.Tiebreak{engine.Direct, engine.SonnebornBerger} }, ""},
		{"running: shared places", round2, func(s *engine.Settings) { s.SharedPlaceSkips = !s.SharedPlaceSkips }, ""},
		{"running: rounds below those paired", round2, func(s *engine.Settings) { s.Rounds = 1 }, "2 rounds are paired already"},
		{"running: seed", round2, func(s *engine.Settings) { s.Seed = 7 }, "only the number of rounds and the tiebreaks"},
		{"running: scoring", running, func(s *engine.Settings) { s.Scoring = engine.ScoringThreeOne }, "only the number of rounds"},
		{"running: system", running, func(s *engine.Settings) { s.System = engine.RoundRobin }, "only the number of rounds"},
		{"running: colour rule", round1, func(s *engine.Settings) { s.NoThreeInARow = !s.NoThreeInARow }, "only the number of rounds"},
		{"running: rounds and seed at once", round1, func(s *engine.Settings) { s.Rounds, s.Seed = 9, 7 }, "only the number of rounds"},
		{"no event", empty, func(s *engine.Settings) { s.Rounds = 3 }, "no event yet"},
		{"finished", finished, func(s *engine.Settings) { s.Rounds = 7 }, "finished"},
	}
	var cases []applyCase
	for _, tt := range tests {
		cases = append(cases, applyCase{
			name: tt.name, from: tt.from, err: tt.err,
			act: func(_ testing.TB, st *action.State) action.Action {
				s := st.Event.Settings
				s.Tiebreaks = append([]engine.Tiebreak(nil), s.Tiebreaks...)
				tt.change(&s)
				return &action.SettingsChanged{Settings: s}
			},
			want: func(st *action.State) { tt.change(&st.Event.Settings) },
		})
	}
	runApply(t, cases)
}

func TestSignup(t *testing.T) {
	runApply(t, []applyCase{
		{name: "open", from: entered, act: is(&action.SignupOpened{}), want: func(st *action.State) { st.Status = action.Signup }},
		{name: "open on a new event", from: created, act: is(&action.SignupOpened{}), want: func(st *action.State) { st.Status = action.Signup }},
		{name: "close", from: signup, act: is(&action.SignupClosed{}), want: func(st *action.State) { st.Status = action.Setup }},
		{name: "open after the start", from: running, act: is(&action.SignupOpened{}), err: "has started"},
		{name: "close when not open", from: entered, act: is(&action.SignupClosed{}), err: "not open"},
		{name: "close after the start", from: running, act: is(&action.SignupClosed{}), err: "has started"},
		{name: "open before the event", from: empty, act: is(&action.SignupOpened{}), err: "no event yet"},
	})
}

func TestPlayerAdded(t *testing.T) {
	runApply(t, []applyCase{
		{name: "trimmed, numbered in entry order", from: entered,
			act: is(&action.PlayerAdded{Name: "  Xu Yinchuan ", Unit: " Guangdong\t", Rating: 2550}),
			want: func(st *action.State) {
				st.Event.Players = append(st.Event.Players, engine.Player{ID: 6, Name: "Xu Yinchuan", Unit: "Guangdong", Rating: 2550, Entrant: 7})
			}},
		{name: "first player", from: created, act: is(&action.PlayerAdded{Name: "Xu Yinchuan"}),
			want: func(st *action.State) { st.Event.Players = []engine.Player{{ID: 1, Name: "Xu Yinchuan", Entrant: 1}} }},
		{name: "during sign-up", from: signup, act: is(&action.PlayerAdded{Name: "Hong Zhi", Rating: 2400}),
			want: func(st *action.State) {
				st.Event.Players = append(st.Event.Players, engine.Player{ID: 6, Name: "Hong Zhi", Rating: 2400, Entrant: 7})
			}},
		{name: "same name in another case", from: entered, act: is(&action.PlayerAdded{Name: " li hongbo "}), err: "has entered already (player 2)"},
		{name: "blank name", from: entered, act: is(&action.PlayerAdded{Name: "   ", Rating: 2000}), err: "needs a name"},
		{name: "after the start", from: running, act: is(&action.PlayerAdded{Name: "Xu Yinchuan"}), err: "has started"},
		{name: "before the event", from: empty, act: is(&action.PlayerAdded{Name: "Xu Yinchuan"}), err: "no event yet"},
	})
}

func TestPlayerEdited(t *testing.T) {
	runApply(t, []applyCase{
		{name: "before the start, trimmed", from: entered,
			act: is(&action.PlayerEdited{Player: 4, Name: " Chen Hanfeng ", Unit: " Hubei ", Rating: 1900}),
			want: func(st *action.State) {
				st.Event.Players[3] = engine.Player{ID: 4, Name: "Chen Hanfeng", Unit: "Hubei", Rating: 1900, Entrant: st.Event.Players[3].Entrant}
			}},
		{name: "running: the numbers stay", from: round1,
			act:  is(&action.PlayerEdited{Player: 1, Name: "Zhao Xinxin", Unit: "Beijing", Rating: 2550}),
			want: func(st *action.State) { st.Event.Players[0].Rating = 2550 }},
		{name: "own name in another case", from: entered, act: is(&action.PlayerEdited{Player: 1, Name: "WANG TIANYI"}),
			want: func(st *action.State) {
				st.Event.Players[0].Name, st.Event.Players[0].Unit, st.Event.Players[0].Rating = "WANG TIANYI", "", 0
			}},
		// PlayerAdded keeps names unique (case-insensitively); an edit
		// must not make two players share one.
		{name: "another player's name", from: entered, act: is(&action.PlayerEdited{Player: 2, Name: "wang tianyi"}), err: "player 1"},
		{name: "no player 0", from: entered, act: is(&action.PlayerEdited{Player: 0, Name: "Xu Yinchuan"}), err: "there is no player 0"},
		{name: "no player 6", from: entered, act: is(&action.PlayerEdited{Player: 6, Name: "Xu Yinchuan"}), err: "there is no player 6"},
		{name: "blank name", from: entered, act: is(&action.PlayerEdited{Player: 2, Name: " "}), err: "needs a name"},
		{name: "finished", from: finished, act: is(&action.PlayerEdited{Player: 2, Name: "Li Hongbo"}), err: "finished"},
	})
}

func TestPlayerRemoved(t *testing.T) {
	runApply(t, []applyCase{
		{name: "the players after move up", from: entered, act: is(&action.PlayerRemoved{Player: 2}),
			want: func(st *action.State) {
				st.Event.Players = byNames(st.Event.Players, "Wang Tianyi", "Zhao Xinxin", "Chen Hanfeng", "Liu Zonghan")
			}},
		{name: "the first", from: entered, act: is(&action.PlayerRemoved{Player: 1}),
			want: func(st *action.State) {
				st.Event.Players = byNames(st.Event.Players, "Li Hongbo", "Zhao Xinxin", "Chen Hanfeng", "Liu Zonghan")
			}},
		{name: "the last, during sign-up", from: signup, act: is(&action.PlayerRemoved{Player: 5}),
			want: func(st *action.State) { st.Event.Players = st.Event.Players[:4] }},
		{name: "no player 0", from: entered, act: is(&action.PlayerRemoved{Player: 0}), err: "there is no player 0"},
		{name: "no player 6", from: entered, act: is(&action.PlayerRemoved{Player: 6}), err: "there is no player 6"},
		{name: "after the start", from: running, act: is(&action.PlayerRemoved{Player: 2}), err: "has started"},
	})
}

// TestR_SW_1_Started: the start gives the sequence numbers, by rating or
// shuffled from the event's seed, and the event runs.
func TestR_SW_1_Started(t *testing.T) {
	seeded := func(t testing.TB) *script {
		s := entered(t)
		set := s.st.Event.Settings
		set.Seed = 42
		return s.do(&action.SettingsChanged{Settings: set})
	}
	byRating := func(st *action.State) {
		st.Status = action.Running
		st.Event.Players = byNames(st.Event.Players, "Zhao Xinxin", "Wang Tianyi", "Li Hongbo", "Liu Zonghan", "Chen Hanfeng")
	}
	runApply(t, []applyCase{
		{name: "by rating", from: entered, act: is(&action.Started{}), want: byRating},
		{name: "by rating from sign-up", from: signup, act: is(&action.Started{Numbering: engine.ByRating}), want: byRating},
		{name: "shuffled from the seed", from: seeded, act: is(&action.Started{Numbering: engine.Shuffled}),
			want: func(st *action.State) {
				st.Status = action.Running
				st.Event.Players, _ = engine.Number(st.Event.Players, engine.Shuffled, st.Event.Settings.Halves, 42, engine.SpreadFirst)
			}},
		{name: "one player", from: func(t testing.TB) *script { return created(t).do(&entries[0]) },
			act: is(&action.Started{}), err: "at least 2 players"},
		{name: "no players", from: created, act: is(&action.Started{}), err: "it has 0"},
		{name: "twice", from: running, act: is(&action.Started{}), err: "has started"},
		{name: "finished", from: finished, act: is(&action.Started{}), err: "finished"},
	})
}

func TestRoundPublished(t *testing.T) {
	paired := func(t testing.TB, st *action.State) action.Action {
		p, err := engine.Pair(&st.Event)
		if err != nil {
			t.Fatalf("pair: %v", err)
		}
		return &action.RoundPublished{Pairing: p}
	}
	// added makes the state expected: the same pairing (paired has
	// checked that there is one) added to the event.
	added := func(st *action.State) {
		if p, err := engine.Pair(&st.Event); err == nil {
			_ = engine.AddRound(&st.Event, p)
			// The round's play starts when it is published (R-G-4).
			st.Play = action.Play{Round: len(st.Event.Rounds), Since: st.At, Seq: st.Seq}
		}
	}
	runApply(t, []applyCase{
		{name: "round 1", from: running, act: paired, want: added},
		{name: "round 2", from: round1done, act: paired, want: added},
		{name: "before the start", from: entered, act: is(&action.RoundPublished{Pairing: engine.Pairing{Round: 1}}), err: "not started"},
		{name: "a round too far", from: running, act: is(&action.RoundPublished{Pairing: engine.Pairing{Round: 2}}), err: "but round 1 is next"},
		{name: "round 1 again", from: round1done, act: is(&action.RoundPublished{Pairing: engine.Pairing{Round: 1}}), err: "but round 2 is next"},
		{name: "finished", from: finished, act: paired, err: "has finished"},
	})
}

// TestR_G_1_ResultSet: results are entered and corrected game by game.
func TestR_G_1_ResultSet(t *testing.T) {
	set := func(r, b int, res engine.Result) func(*action.State) {
		return func(st *action.State) { gameAt(st, r, b).Result = res }
	}
	runApply(t, []applyCase{
		{name: "enter", from: round1, act: is(&action.ResultSet{Round: 1, Board: 2, Result: engine.BlackWin}), want: set(1, 2, engine.BlackWin)},
		{name: "forfeit", from: round1, act: is(&action.ResultSet{Round: 1, Board: 1, Result: engine.DoubleForfeit}), want: set(1, 1, engine.DoubleForfeit)},
		{name: "correct", from: round1done, act: is(&action.ResultSet{Round: 1, Board: 1, Result: engine.Draw}), want: set(1, 1, engine.Draw)},
		{name: "clear", from: round1done, act: is(&action.ResultSet{Round: 1, Board: 2, Result: engine.Pending}), want: set(1, 2, engine.Pending)},
		{name: "an earlier round", from: round2, act: is(&action.ResultSet{Round: 1, Board: 1, Result: engine.BlackForfeitWin}), want: set(1, 1, engine.BlackForfeitWin)},
		{name: "no round 0", from: round1, act: is(&action.ResultSet{Round: 0, Board: 1, Result: engine.RedWin}), err: "there is no round 0"},
		{name: "no round 2", from: round1, act: is(&action.ResultSet{Round: 2, Board: 1, Result: engine.RedWin}), err: "there is no round 2"},
		{name: "no board 3", from: round1, act: is(&action.ResultSet{Round: 1, Board: 3, Result: engine.RedWin}), err: "round 1 has no board 3"},
		{name: "result past the last", from: round1, act: is(&action.ResultSet{Round: 1, Board: 1, Result: engine.DoubleForfeit + 1}), err: "is not a result"},
		{name: "negative result", from: round1, act: is(&action.ResultSet{Round: 1, Board: 1, Result: -1}), err: "is not a result"},
		{name: "before the start", from: entered, act: is(&action.ResultSet{Round: 1, Board: 1, Result: engine.RedWin}), err: "there is no round 1"},
		{name: "finished", from: finished, act: is(&action.ResultSet{Round: 1, Board: 1, Result: engine.Draw}), err: "finished"},
	})
}

// TestR_G_3_FoulRecorded: fouls are counted against the player's colour in
// that round's game.
func TestR_G_3_FoulRecorded(t *testing.T) {
	red := func(_ testing.TB, st *action.State) action.Action {
		return &action.FoulRecorded{Round: 1, Player: gameAt(st, 1, 1).Red}
	}
	byePlayer := func(_ testing.TB, st *action.State) action.Action {
		return &action.FoulRecorded{Round: 1, Player: st.Event.Rounds[0].Byes[0].Player}
	}
	runApply(t, []applyCase{
		{name: "red", from: round1, act: red, want: func(st *action.State) { gameAt(st, 1, 1).RedFouls = 1 }},
		{name: "black", from: round1done,
			act: func(_ testing.TB, st *action.State) action.Action {
				return &action.FoulRecorded{Round: 1, Player: gameAt(st, 1, 2).Black}
			},
			want: func(st *action.State) { gameAt(st, 1, 2).BlackFouls = 1 }},
		{name: "a second foul counts", from: func(t testing.TB) *script { s := round1(t); return s.do(red(t, s.st)) },
			act: red, want: func(st *action.State) { gameAt(st, 1, 1).RedFouls = 2 }},
		{name: "player with the bye", from: round1, act: byePlayer, err: "has no game in round 1"},
		{name: "no such player", from: round1, act: is(&action.FoulRecorded{Round: 1, Player: 9}), err: "player 9 has no game in round 1"},
		{name: "no round 2", from: round1, act: is(&action.FoulRecorded{Round: 2, Player: 1}), err: "there is no round 2"},
		{name: "no round 0", from: round1, act: is(&action.FoulRecorded{Round: 0, Player: 1}), err: "there is no round 0"},
		{name: "finished", from: finished, act: red, err: "finished"},
	})
}

// TestR_T_7_PenaltyRecorded: penalties are counted per player.
func TestR_T_7_PenaltyRecorded(t *testing.T) {
	runApply(t, []applyCase{
		{name: "first", from: round1, act: is(&action.PenaltyRecorded{Player: 3}), want: func(st *action.State) { st.Event.Players[2].Penalties = 1 }},
		{name: "second", from: func(t testing.TB) *script { return round1(t).do(&action.PenaltyRecorded{Player: 3}) },
			act: is(&action.PenaltyRecorded{Player: 3}), want: func(st *action.State) { st.Event.Players[2].Penalties = 2 }},
		{name: "no player 0", from: round1, act: is(&action.PenaltyRecorded{Player: 0}), err: "there is no player 0"},
		{name: "no player 6", from: round1, act: is(&action.PenaltyRecorded{Player: 6}), err: "there is no player 6"},
		{name: "finished", from: finished, act: is(&action.PenaltyRecorded{Player: 3}), err: "finished"},
		// Before round 1 there is no game for R-T-7 to count it in, and
		// the start renumbers the player it names (R-SW-1).
		{name: "before the start", from: entered, act: is(&action.PenaltyRecorded{Player: 3}), err: "no penalty before round 1 is published"},
		{name: "in sign-up", from: signup, act: is(&action.PenaltyRecorded{Player: 3}), err: "no penalty before round 1 is published"},
		{name: "started, round 1 not published", from: running, act: is(&action.PenaltyRecorded{Player: 3}), err: "no penalty before round 1 is published"},
	})
}

// TestR_T_7_PenaltyBeforeRound1Folds: a log stored before the rule, with
// a penalty before the start, still folds to the event it was (the rule
// is admission's).
func TestR_T_7_PenaltyBeforeRound1Folds(t *testing.T) {
	s := entered(t).do(&action.PenaltyRecorded{Player: 3})
	st, err := action.Fold(s.log)
	if err != nil {
		t.Fatalf("Fold: %v", err)
	}
	if n := st.Event.Players[2].Penalties; n != 1 {
		t.Errorf("player 3 has %d penalties, want 1", n)
	}
	var r *action.Refusal
	if err := action.Admit(entered(t).st, &action.PenaltyRecorded{Player: 3}); !errors.As(err, &r) || r.Rule != "R-T-7" || r.Reason != action.NoGames {
		t.Errorf("Admit before the start = %v, want a refusal by R-T-7 (no games)", err)
	}
}

// TestR_W_Withdrawn: a withdrawal after a round; the player's pending
// games go to the opponents (R-W-3 in a Swiss).
func TestR_W_Withdrawn(t *testing.T) {
	redOfBoard1 := func(_ testing.TB, st *action.State) action.Action {
		return &action.Withdrawn{Player: gameAt(st, 1, 1).Red, After: 0}
	}
	runApply(t, []applyCase{
		{name: "after round 1", from: round1done, act: is(&action.Withdrawn{Player: 2, After: 1}),
			want: func(st *action.State) { st.Event.Players[1].WithdrawnAfter = 1 }},
		{name: "before a pending game", from: round1, act: redOfBoard1,
			want: func(st *action.State) {
				g := gameAt(st, 1, 1)
				st.Event.Players[g.Red-1].WithdrawnAfter = -1
				g.Result = engine.BlackForfeitWin
			}},
		{name: "before a game with a result", from: round1done, act: redOfBoard1, err: "they have a result in round 1"},
		{name: "after a round not paired", from: round1, act: is(&action.Withdrawn{Player: 2, After: 2}), err: "give a round from 0"},
		{name: "no such player", from: round1, act: is(&action.Withdrawn{Player: 6, After: 1}), err: "there is no player 6"},
		{name: "twice", from: func(t testing.TB) *script { return round1done(t).do(&action.Withdrawn{Player: 2, After: 1}) },
			act: is(&action.Withdrawn{Player: 2, After: 1}), err: "withdrawn already"},
		{name: "finished", from: finished, act: is(&action.Withdrawn{Player: 2, After: 1}), err: "finished"},
	})
}

func TestEventFinished(t *testing.T) {
	done := func(st *action.State) { st.Status = action.Finished }
	runApply(t, []applyCase{
		{name: "after a round", from: round1done, act: is(&action.EventFinished{}), want: done},
		{name: "while running", from: running, act: is(&action.EventFinished{}), want: done},
		{name: "twice", from: finished, act: is(&action.EventFinished{}), err: "has finished"},
		{name: "no event", from: empty, act: is(&action.EventFinished{}), err: "no event yet"},
	})
}

// TestUndoApply: an Undo changes nothing by itself; Fold acts on it.
func TestUndoApply(t *testing.T) {
	same := func(*action.State) {}
	runApply(t, []applyCase{
		{name: "setup", from: entered, act: is(&action.Undo{Seq: 3}), want: same},
		{name: "running", from: round1done, act: is(&action.Undo{Seq: 8}), want: same},
		{name: "finished", from: finished, act: is(&action.Undo{Seq: 12}), want: same},
	})
}

// TestFinishedFreezes: actions that apply to a running event are refused
// once it has finished, and leave it as it was.
func TestFinishedFreezes(t *testing.T) {
	acts := []func(*action.State) action.Action{
		func(st *action.State) action.Action {
			s := st.Event.Settings
			s.Rounds = 7
			return &action.SettingsChanged{Settings: s}
		},
		func(*action.State) action.Action {
			return &action.PlayerEdited{Player: 2, Name: "Li Hongbo Jr", Rating: 2150}
		},
		func(st *action.State) action.Action {
			p, err := engine.Pair(&st.Event)
			if err != nil {
				t.Fatalf("pair round 2: %v", err)
			}
			return &action.RoundPublished{Pairing: p}
		},
		func(*action.State) action.Action { return &action.ResultSet{Round: 1, Board: 1, Result: engine.Draw} },
		func(st *action.State) action.Action {
			return &action.FoulRecorded{Round: 1, Player: gameAt(st, 1, 1).Red}
		},
		func(*action.State) action.Action { return &action.PenaltyRecorded{Player: 1} },
		func(*action.State) action.Action { return &action.Withdrawn{Player: 2, After: 1} },
		func(*action.State) action.Action { return &action.EventFinished{} },
	}
	for _, act := range acts {
		live := round1done(t).st
		a := act(live)
		t.Run(a.Kind(), func(t *testing.T) {
			if err := a.Apply(live); err != nil {
				t.Fatalf("running event refused %s: %v", a.Kind(), err)
			}
			st := finished(t).st
			before := deepCopy(st)
			if err := a.Apply(st); err == nil {
				t.Fatalf("finished event took %s %+v", a.Kind(), a)
			}
			if d := diff(st, before); d != "" {
				t.Errorf("refused %s changed the state: %s", a.Kind(), d)
			}
		})
	}
}

// TestBeforeCreated: nothing but Created (and the no-op Undo) applies
// before the event exists.
func TestBeforeCreated(t *testing.T) {
	for _, s := range samples {
		switch s.action.(type) {
		case *action.Created, *action.Undo:
			continue
		}
		t.Run(s.action.Kind(), func(t *testing.T) {
			st := empty(t).st
			before := deepCopy(st)
			if err := s.action.Apply(st); err == nil {
				t.Fatalf("%s applied before the event was created: %+v", s.action.Kind(), st)
			}
			if d := diff(st, before); d != "" {
				t.Errorf("refused %s changed the state: %s", s.action.Kind(), d)
			}
		})
	}
}
