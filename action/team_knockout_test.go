package action_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// teamKnockout is n teams of four boards (team k's players "Tk-j", rated
// by board) in a knockout under 分台定人, started: the teams are numbered
// by registration (the ratings fall with k).
func teamKnockout(t testing.TB, n int, plan action.Plan) *script {
	t.Helper()
	set := engine.DefaultSettings(0)
	set.Numbering, set.Seed = engine.AsEntered, 11
	s := newScript(t).do(&action.Created{Name: "团体淘汰赛", Settings: set})
	rules := action.NewTeamRules(4)
	s.do(&action.TeamRulesSet{Rules: &rules}, &action.PlanSet{Plan: &plan})
	for k := 1; k <= n; k++ {
		var members []int
		for j := 1; j <= 4; j++ {
			s.do(&action.PlayerAdded{Name: fmt.Sprintf("T%d-%d", k, j), Rating: 2400 - 20*k - j})
			members = append(members, s.st.Event.Players[len(s.st.Event.Players)-1].Entrant)
		}
		s.do(&action.TeamRegistered{Name: fmt.Sprintf("T%d", k), Captain: action.Actor{Platform: "console", User: fmt.Sprintf("c%d", k)}, Members: members})
	}
	return s.do(&action.Started{Numbering: engine.AsEntered})
}

// teamRound pairs and publishes the next round of a team knockout, or
// says there is none.
func (s *script) teamRound() bool {
	s.t.Helper()
	a, err := s.st.Format().Pair(s.st)
	if err != nil {
		return false
	}
	s.do(a)
	p, err := s.st.Format().Publish(s.st)
	if err != nil {
		s.t.Fatal(err)
	}
	s.do(p)
	return true
}

// boardsAs enters each game of the last round as result(match, board of
// the match) says, red's result as the first team's outcome: "1" the
// first team's board won, "0" lost, "=" drawn.
func (s *script) boardsAs(result func(m action.MatchOf, board int) byte) {
	s.t.Helper()
	st := s.st
	r := len(st.Event.Rounds)
	rules := st.Teams.Rules
	for _, g := range st.Event.Rounds[r-1].Games {
		if g.Result.Decided() || g.Void {
			continue
		}
		number, board := rules.MatchBoard(g.Board)
		m := st.Teams.Rounds[r-1].Matches[slices.IndexFunc(st.Teams.Rounds[r-1].Matches, func(m action.MatchOf) bool { return m.Number == number })]
		firstRed := slices.Contains(m.FirstLineup, g.Red)
		res := engine.Draw
		switch c := result(m, board); {
		case c == '1' && firstRed, c == '0' && !firstRed:
			res = engine.RedWin
		case c == '0' && firstRed, c == '1' && !firstRed:
			res = engine.BlackWin
		}
		s.do(&action.ResultSet{Round: r, Board: g.Board, Result: res})
	}
}

// TestTeamKnockout_R_F_4: eight teams of four boards in a knockout, the
// matches team matches. In the quarter-finals T1 wins every board; T2's
// match is level in game points and its top board decides it (胜台数 and
// 局分 level, board 1 won); T3's is drawn on every board, so a blitz board
// of the two teams' first boards follows, in the next round alone, and its
// winner goes on; the fourth match goes to its second team. The rest is
// won by the first team every time. Every team is placed once, the
// champion first.
func TestTeamKnockout_R_F_4(t *testing.T) {
	s := teamKnockout(t, 8, action.NewPlan(action.KnockoutStage))
	if k := s.st.Format().Kind(); k != action.TeamStagedFormat {
		t.Fatalf("format %q, want a team knockout", k)
	}
	if !s.teamRound() {
		t.Fatal("no quarter-finals")
	}
	qf := s.st.Teams.Rounds[0].Matches
	if len(qf) != 4 || len(s.st.Event.Rounds[0].Games) != 16 {
		t.Fatalf("quarter-finals %+v with %d boards, want 4 matches of 4", qf, len(s.st.Event.Rounds[0].Games))
	}
	s.boardsAs(func(m action.MatchOf, board int) byte {
		switch m.Number {
		case 1:
			return '1'
		case 2:
			return "10=="[board-1]
		case 3:
			return '='
		}
		return '0'
	})
	pg := s.st.Progress()
	outs := pg.Current().Bracket.Outcomes()
	if !outs[0].Decided || outs[0].Winner != qf[0].First || !outs[1].Decided || outs[1].Winner != qf[1].First || outs[2].Decided || !outs[3].Decided || outs[3].Winner != qf[3].Second {
		t.Fatalf("quarter-finals %+v: want 1 and 2 to their first teams (2 by its top board), 3 level, 4 to its second", outs[:4])
	}
	if !s.teamRound() {
		t.Fatal("no blitz board for the level match")
	}
	blitz := s.st.Teams.Rounds[1].Matches
	rd := s.st.Event.Rounds[1]
	if len(blitz) != 1 || !blitz[0].Blitz || len(rd.Games) != 1 {
		t.Fatalf("round 2: %+v, %d games; want the blitz board alone", blitz, len(rd.Games))
	}
	// The colours swap (R-C-3): the match's second team is red, each
	// team's first board from the level match.
	if blitz[0].First != qf[2].Second || rd.Games[0].Red != qf[2].SecondLineup[0] || rd.Games[0].Black != qf[2].FirstLineup[0] {
		t.Fatalf("the blitz board %+v, game %+v; want %d's first board red against %d's", blitz[0], rd.Games[0], qf[2].Second, qf[2].First)
	}
	s.do(&action.ResultSet{Round: 2, Board: rd.Games[0].Board, Result: engine.RedWin})
	if o := s.st.Progress().Current().Bracket.Outcomes()[2]; !o.Decided || o.Winner != qf[2].Second {
		t.Fatalf("after the blitz board: %+v, want %d through", o, qf[2].Second)
	}
	for s.teamRound() {
		s.boardsAs(func(action.MatchOf, int) byte { return '1' })
	}
	rank := s.st.Progress().Ranking(s.st.Stages.Plan)
	got := ids(rank)
	slices.Sort(got)
	if !slices.Equal(got, []int{1, 2, 3, 4, 5, 6, 7, 8}) || rank[0].Place != 1 || rank[1].Place != 2 {
		t.Fatalf("ranking %v, want the 8 teams each once, champion and runner-up", rank)
	}
	if st, err := action.Fold(s.log); err != nil || !sameRanking(st, s.st) {
		t.Errorf("the log folds to another ranking (%v)", err)
	}
}

// TestTeamKnockoutRefusals: a team event plays knockouts, a double
// elimination, groups and round robins, not a Swiss stage (a team Swiss is
// an event of its own) nor anything under player totals.
func TestTeamKnockoutRefusals(t *testing.T) {
	s := created(t)
	rules := action.NewTeamRules(4)
	s.do(&action.TeamRulesSet{Rules: &rules})
	swiss := action.NewPlan(action.KnockoutStage)
	swiss.Stages = []action.StagePlan{{Kind: action.KnockoutStage, Rounds: 1}, {Kind: action.SwissStage, Rounds: 3}}
	if err := (&action.PlanSet{Plan: &swiss}).Apply(s.st); err == nil {
		t.Error("a Swiss stage of teams taken")
	}
	groups := action.NewPlan(action.GroupsStage)
	s.do(&action.PlanSet{Plan: &groups})
	double := action.NewPlan(action.DoubleStage)
	s.do(&action.PlanSet{Plan: &double})
	totals := rules
	totals.Lineup = engine.PlayerTotals
	if err := (&action.TeamRulesSet{Rules: &totals}).Apply(s.st); err == nil {
		t.Error("a team knockout under player totals taken")
	}
}

// TestTeamDoubleKnockout_R_F_4: four teams in a double elimination, each
// match won by its lower-numbered team on every board: the champion never
// lost (T1), the runner-up lost once (T2), and every team is placed once
// (seed 000: 未输一局者为冠军，只输一局者为亚军).
func TestTeamDoubleKnockout_R_F_4(t *testing.T) {
	s := teamKnockout(t, 4, action.NewPlan(action.DoubleStage))
	rounds := 0
	for s.teamRound() {
		rounds++
		s.boardsAs(func(m action.MatchOf, _ int) byte {
			if m.First < m.Second {
				return '1'
			}
			return '0'
		})
	}
	if !s.st.Progress().Over(s.st.Stages.Plan) {
		t.Fatalf("the double elimination not over after %d rounds", rounds)
	}
	rank := s.st.Progress().Ranking(s.st.Stages.Plan)
	got := ids(rank)
	if len(got) != 4 || got[0] != 1 || got[1] != 2 || rank[0].Place != 1 || rank[1].Place != 2 {
		t.Fatalf("ranking %v, want T1 champion, T2 runner-up, four teams once", rank)
	}
}

// TestTeamKnockoutLots_R_F_5: a two-team final level on every board and
// then drawn on its blitz board goes to lots, the chain's last rule, on
// the event's seed: the same log draws the same winner.
func TestTeamKnockoutLots_R_F_5(t *testing.T) {
	s := teamKnockout(t, 2, action.NewPlan(action.KnockoutStage))
	if !s.teamRound() {
		t.Fatal("no final")
	}
	s.boardsAs(func(action.MatchOf, int) byte { return '=' })
	if !s.teamRound() {
		t.Fatal("no blitz board for the level final")
	}
	rd := s.st.Event.Rounds[1]
	s.do(&action.ResultSet{Round: 2, Board: rd.Games[0].Board, Result: engine.Draw})
	o := s.st.Progress().Current().Bracket.Outcomes()[0]
	if !o.Decided || !o.ByLots || o.Winner == 0 {
		t.Fatalf("the final after a drawn blitz board: %+v, want decided by lots", o)
	}
	if s.teamRound() {
		t.Error("a round after the final drawn by lots")
	}
	st, err := action.Fold(s.log)
	if err != nil {
		t.Fatal(err)
	}
	if again := st.Progress().Current().Bracket.Outcomes()[0]; again.Winner != o.Winner {
		t.Errorf("the log folds to another lot: %d, want %d", again.Winner, o.Winner)
	}
}

// BenchmarkTeamKnockoutProgress measures where a team knockout of 32
// teams of four boards stands once played out (its 31 team matches, 124
// games): what /bracket, each board's result and each announcement ask.
func BenchmarkTeamKnockoutProgress(b *testing.B) {
	s := teamKnockout(b, 32, action.NewPlan(action.KnockoutStage))
	for s.teamRound() {
		s.boardsAs(func(action.MatchOf, int) byte { return '1' })
	}
	b.ReportAllocs()
	for b.Loop() {
		if pg := s.st.Progress(); !pg.Over(s.st.Stages.Plan) {
			b.Fatal("not over")
		}
	}
}
