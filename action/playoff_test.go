package action_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// tiedInGroup1 plays groups of four into a knockout, the lower number
// winning, but in group 1 (1, 4, 5, 8 by the snake) 4 and 5 draw: both
// beat 8 and lose to 1, and the round robin's tiebreaks (R-T-3) cannot
// part them for the group's second qualifying place.
func tiedInGroup1(b action.BoardOf, g engine.Game) engine.Result {
	if b.Group == 1 && b.Playoff == 0 && min(g.Red, g.Black) == 4 && max(g.Red, g.Black) == 5 {
		return engine.Draw
	}
	return stronger(b, g)
}

// groupsWithTie is seed 000 范文三's shape, small: two groups of four,
// two going on to a knockout, played until group 1's tie is known.
func groupsWithTie(t *testing.T, chain []engine.TieRule) *staged {
	e := newStaged(t, 8, action.NewPlan(action.GroupsStage))
	e.do(&action.AwardsChanged{Playoff: &chain})
	for range 3 {
		if !e.round() {
			t.Fatal("the groups ended early")
		}
		e.decideAll(tiedInGroup1)
	}
	return e
}

// TestR_T_8_GroupTiePlayedOff: a group's qualifying place shared by two
// is offered as a play-off (加赛一局, 和棋黑胜); until the organiser
// chooses, the knockout is not drawn and /pair says why; the play-off is
// paired as a game of the next round, reported like any game; its black
// draws and goes on.
func TestR_T_8_GroupTiePlayedOff(t *testing.T) {
	e := groupsWithTie(t, []engine.TieRule{engine.TieArmageddon})
	ties := e.st.Ties()
	if len(ties) != 1 || ties[0].Group != 1 || ties[0].Place != 2 || !slices.Equal(ties[0].Players, []int{4, 5}) || ties[0].Chosen != nil {
		t.Fatalf("ties %+v, want group 1's 2nd place shared by 4 and 5, waiting", ties)
	}
	if pg := e.st.Progress(); len(pg.Stages) != 1 {
		t.Fatal("the knockout was drawn with a qualifying place shared")
	}
	_, _, err := e.st.NextPairing()
	if r := (*action.Refusal)(nil); !errors.As(err, &r) || r.Reason != action.TieWaiting {
		t.Fatalf("/pair with the tie waiting: %v, want a refusal saying it waits", err)
	}
	if err := e.try(&action.PlayoffChosen{Group: 1, Place: 2, Players: []int{5, 4}}); err == nil {
		t.Error("a choice for other players than the tie's was taken")
	}
	e.do(&action.PlayoffChosen{Group: 1, Place: 2, Players: []int{4, 5}})
	if err := e.try(&action.PlayoffChosen{Group: 1, Place: 2, Players: []int{4, 5}, Lots: true}); err == nil {
		t.Error("a second choice for the same tie was taken")
	}
	if !e.round() {
		t.Fatal("the play-off was not paired")
	}
	n := len(e.st.Event.Rounds)
	rd := e.st.Event.Rounds[n-1]
	b, _ := e.st.BoardOf(n, 1)
	if len(rd.Games) != 1 || rd.Games[0].Red != 4 || rd.Games[0].Black != 5 || b.Playoff != 2 || b.Step != engine.TieArmageddon {
		t.Fatalf("round %d: %+v, %+v; want the play-off, 4 red, in armageddon", n, rd.Games, b)
	}
	e.do(&action.ResultSet{Round: n, Board: 1, Result: engine.Draw})
	pg := e.st.Progress()
	if len(pg.Stages) != 2 || !slices.Contains(pg.Stages[1].Entrants, 5) || slices.Contains(pg.Stages[1].Entrants, 4) {
		t.Fatalf("the knockout holds %v, want 5 (black drew: 和棋黑胜) and not 4", pg.Stages[1].Entrants)
	}
	if rank := pg.Stages[0].Fields[0].Ranking(); rank[1].Entrant != 5 || rank[1].Shared || rank[2].Entrant != 4 {
		t.Errorf("group 1's ranking %v, want 5 second and 4 third", rank)
	}
	e.playOut(stronger)
	if st, err := action.Fold(e.log); err != nil || !sameRanking(st, e.st) {
		t.Errorf("the log folds to another ranking (%v)", err)
	}
}

// TestR_T_8_GroupTieByLots: with lots alone (the default chain) or by the
// organiser's choice, the tie is drawn from the event's seed, the same on
// every fold; the knockout is drawn at once.
func TestR_T_8_GroupTieByLots(t *testing.T) {
	e := groupsWithTie(t, nil)
	if ties := e.st.Ties(); len(ties) != 0 {
		t.Fatalf("ties %+v with lots alone, want none waiting", ties)
	}
	pg := e.st.Progress()
	lots := pg.Stages[0].Fields[0].Ranking()
	if len(pg.Stages) != 2 || lots[1].Shared {
		t.Fatalf("group 1 %v: want its places settled by lots, the knockout drawn", lots)
	}
	chosen := groupsWithTie(t, []engine.TieRule{engine.TieBlitz, engine.TieLots})
	chosen.do(&action.PlayoffChosen{Group: 1, Place: 2, Players: []int{4, 5}, Lots: true})
	if got := chosen.st.Progress().Stages[0].Fields[0].Ranking(); got[1] != lots[1] || got[2] != lots[2] {
		t.Errorf("the organiser's lots %v, the chain's %v: the same tie draws the same", got, lots)
	}
}

// TestR_T_8_ChampionPlayedOff: a round robin whose first two drew each
// other and won every other game is finished only once its champion is
// settled: the organiser chooses a play-off, an arbiter enters its
// games (a drawn 快棋 game, then 和棋黑胜), and the standings rank by it.
func TestR_T_8_ChampionPlayedOff(t *testing.T) {
	s := created(t)
	set := s.st.Event.Settings
	set.System, set.Rounds, set.Tiebreaks = engine.RoundRobin, 0, []engine.Tiebreak{engine.SonnebornBerger, engine.Wins}
	s.do(&action.SettingsChanged{Settings: set})
	for _, n := range []string{"A", "B", "C", "D"} {
		s.do(&action.PlayerAdded{Name: n})
	}
	s.do(&action.Started{Numbering: engine.AsEntered})
	s.do(&action.AwardsChanged{Playoff: &[]engine.TieRule{engine.TieBlitz, engine.TieArmageddon}})
	for range 3 {
		s.publish()
		r := len(s.st.Event.Rounds)
		for _, g := range s.st.Event.Rounds[r-1].Games {
			res := engine.Draw // A–B and C–D draw; A and B beat C and D
			switch {
			case g.Red <= 2 && g.Black > 2:
				res = engine.RedWin
			case g.Black <= 2 && g.Red > 2:
				res = engine.BlackWin
			}
			s.do(&action.ResultSet{Round: r, Board: g.Board, Result: res})
		}
	}
	ties := s.st.Ties()
	if len(ties) != 1 || ties[0].Place != 1 || !slices.Equal(ties[0].Players, []int{1, 2}) {
		t.Fatalf("ties %+v, want A and B for first place", ties)
	}
	if err := (&action.PlayoffPlayed{Place: 1, Result: engine.RedWin}).Apply(s.st); err == nil {
		t.Error("a play-off game was entered before the organiser chose one")
	}
	s.do(&action.PlayoffChosen{Place: 1, Players: []int{1, 2}})
	s.do(&action.PlayoffPlayed{Place: 1, Result: engine.Draw})
	if ties := s.st.Ties(); len(ties) != 1 || ties[0].Outcome.Next.Step != engine.TieArmageddon || ties[0].Outcome.Next.Red != 2 {
		t.Fatalf("after a drawn blitz game: %+v, want armageddon with B red", ties)
	}
	s.do(&action.PlayoffPlayed{Place: 1, Result: engine.RedWin})
	if len(s.st.Ties()) != 0 {
		t.Fatal("the play-off is over and the tie still waits")
	}
	if top := s.st.Standings()[:2]; top[0].Player != 2 || top[0].Shared || top[1].Player != 1 {
		t.Errorf("standings %+v, want B first (won the armageddon game as red)", top)
	}
	if err := (&action.PlayoffPlayed{Place: 1, Result: engine.RedWin}).Apply(s.st); err == nil {
		t.Error("a game of a play-off over was taken")
	}
}
