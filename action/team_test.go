package action_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

func init() {
	rules := action.NewTeamRules(5)
	rules.Reserves, rules.Lineup, rules.WinningBoards, rules.PlayOut = 1, engine.FreeLineup, 3, true
	rules.MatchPoints, rules.Ranking, rules.ByRating = engine.ScoringThreeOne, []engine.TeamCriterion{engine.TeamMatchPoints, engine.TeamDirect}, true
	samples = append(samples, []struct {
		action  action.Action
		payload string
	}{
		{&action.TeamRulesSet{Rules: &rules}, `{"rules":{"boards":5,"reserves":1,"lineup":2,"gamePoints":{"Win":4,"Draw":2,"Loss":0},"matchPoints":{"Win":6,"Draw":2,"Loss":0},"winningBoards":3,"playOut":true,"ranking":[1,6],"byRating":true}}`},
		{&action.TeamRegistered{Name: "红星", Unit: "一中", Captain: action.Actor{Platform: "console", User: "wang"}, Members: []int{3, 4}}, `{"name":"红星","unit":"一中","captain":{"platform":"console","user":"wang"},"members":[3,4]}`},
		{&action.TeamJoinAsked{Team: 2, Entrant: 7, Refused: true}, `{"team":2,"entrant":7,"refused":true}`},
		{&action.TeamMembersAdded{Team: 2, Entrants: []int{7, 8}}, `{"team":2,"entrants":[7,8]}`},
		{&action.TeamMemberRemoved{Team: 2, Entrant: 7}, `{"team":2,"entrant":7}`},
		{&action.TeamPairingPreviewed{Pairing: engine.Pairing{Round: 1, Boards: []engine.Board{{Number: 1, Red: 1, Black: 4}}}}, ""},
		{&action.TeamRoundPublished{Pairing: engine.Pairing{Round: 1, Boards: []engine.Board{{Number: 1, Red: 1, Black: 4}}, Byes: []int{3}}}, ""},
		{&action.LineupSent{Round: 1, Match: 2, Team: 3, Lineup: []int{5, 0, 6}}, `{"round":1,"match":2,"team":3,"lineup":[5,0,6]}`},
		{&action.LineupsRevealed{Round: 1, Match: 2}, `{"round":1,"match":2}`},
		{&action.TeamWithdrawn{Team: 3, After: 2}, `{"team":3,"after":2}`},
		{&action.TeamRemoved{Team: 2}, `{"team":2}`},
	}...)
}

// teamScript is four teams of boards players (and reserves more) entered
// under rules, in a round robin, started: team k's players are named
// "Tk-j", rated so that registration order is also rating order.
func teamScript(t *testing.T, rules action.TeamRules, reserves int) *script {
	t.Helper()
	rules.Reserves = reserves
	set := engine.DefaultSettings(0)
	set.System = engine.RoundRobin
	set.Numbering = engine.AsEntered
	s := newScript(t).do(&action.Created{Name: "团体赛", Settings: set})
	s.do(&action.TeamRulesSet{Rules: &rules})
	for k := 1; k <= 4; k++ {
		var members []int
		for j := 1; j <= rules.Boards+reserves; j++ {
			s.do(&action.PlayerAdded{Name: fmt.Sprintf("T%d-%d", k, j), Rating: 2000 - 10*j})
			members = append(members, s.st.Event.Players[len(s.st.Event.Players)-1].Entrant)
		}
		s.do(&action.TeamRegistered{Name: fmt.Sprintf("T%d", k), Captain: action.Actor{Platform: "console", User: fmt.Sprintf("c%d", k)}, Members: members})
	}
	return s.do(&action.Started{Numbering: engine.AsEntered})
}

// pairTeams previews and publishes the next round of the teams.
func (s *script) pairTeams() *script {
	s.t.Helper()
	p, err := engine.PairTeams(s.st.TeamEvent())
	if err != nil {
		s.t.Fatalf("fixture: pair the teams: %v", err)
	}
	return s.do(&action.TeamPairingPreviewed{Pairing: p}, &action.TeamRoundPublished{Pairing: p})
}

// members are team id's player numbers in board order.
func members(st *action.State, id int) []int { return st.TeamEvent().Teams[id-1].Members }

// TestTeamColoursByBoard: the first-listed team plays red on odd boards and
// black on even ones (R-C-2, §13.2), and the boards are numbered on through
// the round's matches.
func TestTeamColoursByBoard(t *testing.T) {
	s := teamScript(t, action.NewTeamRules(4), 0).pairTeams()
	tm, rules := s.st.Teams, s.st.Teams.Rules
	rd := s.st.Event.Rounds[0]
	if len(rd.Games) != 8 {
		t.Fatalf("round 1 has %d games, want 2 matches × 4 boards", len(rd.Games))
	}
	for _, m := range tm.Rounds[0].Matches {
		first, second := members(s.st, m.First), members(s.st, m.Second)
		for b := 1; b <= 4; b++ {
			g := rd.Games[rules.Board(m.Number, b)-1]
			red, black := first[b-1], second[b-1]
			if b%2 == 0 {
				red, black = black, red
			}
			if g.Board != rules.Board(m.Number, b) || g.Red != red || g.Black != black {
				t.Errorf("match %d board %d: game %+v, want board %d %d–%d (R-C-2)", m.Number, b, g, rules.Board(m.Number, b), red, black)
			}
		}
	}
}

// TestTeamLineups: under 临时定台 and 分台换人 the captains' line-ups stay
// hidden until both are in (§12.3); 分台换人 refuses an inverted order,
// 分台定人 takes none (R-TM-1); an arbiter's reveal plays the registered
// order for a team that sent none.
func TestTeamLineups(t *testing.T) {
	free := action.NewTeamRules(3)
	free.Lineup = engine.FreeLineup
	subs := free
	subs.Lineup = engine.OrderedSubstitutes
	for _, c := range []struct {
		name     string
		rules    action.TeamRules
		lineup   func(ms []int) []int
		refused  engine.LineupReason // 0: taken
		rejected bool                // refused as the rule takes no line-up
	}{
		{"R-TM-1 free order", free, func(ms []int) []int { return []int{ms[2], ms[0], ms[1]} }, 0, false},
		{"R-TM-1 free with a reserve", free, func(ms []int) []int { return []int{ms[3], ms[0], ms[1]} }, 0, false},
		{"R-TM-1 inverted under substitutes", subs, func(ms []int) []int { return []int{ms[1], ms[0], ms[2]} }, engine.LineupInverted, false},
		{"R-TM-1 a reserve in order under substitutes", subs, func(ms []int) []int { return []int{ms[0], ms[2], ms[3]} }, 0, false},
		{"R-TM-1 twice", free, func(ms []int) []int { return []int{ms[0], ms[0], ms[1]} }, engine.LineupTwice, false},
		{"R-TM-1 short", free, func(ms []int) []int { return ms[:2] }, engine.LineupSize, false},
		{"R-TM-1 fixed boards", action.NewTeamRules(3), func(ms []int) []int { return ms[:3] }, 0, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := teamScript(t, c.rules, 1).pairTeams()
			m := s.st.Teams.Rounds[0].Matches[0]
			lineup := c.lineup(members(s.st, m.First))
			err := (&action.LineupSent{Round: 1, Match: m.Number, Team: m.First, Lineup: lineup}).Apply(s.st)
			var r *action.Refusal
			switch {
			case c.rejected:
				if !errors.As(err, &r) || r.Kind != action.Conflict {
					t.Fatalf("a line-up under 分台定人: %v, want refused", err)
				}
				return
			case c.refused != 0:
				if !errors.As(err, &r) || r.Rule != "R-TM-1" {
					t.Fatalf("line-up %v: %v, want refused by R-TM-1", lineup, err)
				}
				return
			case err != nil:
				t.Fatalf("line-up %v refused: %v", lineup, err)
			}
			if s.st.Teams.Rounds[0].Matches[0].Revealed || len(s.st.Event.Rounds[0].Games) != 0 {
				t.Fatalf("one line-up in: the boards are out, want them hidden (§12.3)")
			}
			s.do(&action.LineupsRevealed{Round: 1, Match: m.Number})
			games := s.st.Event.Rounds[0].Games
			second := members(s.st, m.Second)
			for b := range 3 {
				g := games[b]
				mine, theirs := g.Red, g.Black
				if b%2 == 1 {
					mine, theirs = theirs, mine
				}
				if mine != lineup[b] || theirs != second[b] {
					t.Errorf("board %d: %d v %d, want the line-up's %d v the registered %d", b+1, mine, theirs, lineup[b], second[b])
				}
			}
		})
	}
}

// TestTeamEarlyDecision: 5场3胜制 decides a match at three boards won; its
// other boards are not played (nobody reports them) unless played out, and
// a correction that undecides the match gives them back.
func TestTeamEarlyDecision(t *testing.T) {
	for _, playOut := range []bool{false, true} {
		t.Run(fmt.Sprintf("play-out %v", playOut), func(t *testing.T) {
			rules := action.NewTeamRules(5)
			rules.WinningBoards, rules.PlayOut, rules.MatchPoints = 3, playOut, engine.ScoringThreeOne
			s := teamScript(t, rules, 0).pairTeams()
			m := s.st.Teams.Rounds[0].Matches[0]
			firstWins := func(b int) engine.Result { // the first team wins board b
				if b%2 == 1 {
					return engine.RedWin
				}
				return engine.BlackWin
			}
			for b := 1; b <= 3; b++ {
				s.do(&action.ResultSet{Round: 1, Board: rules.Board(m.Number, b), Result: firstWins(b)})
			}
			sc, _, _ := s.st.MatchScore(1, m.Number)
			if !sc.Decided || !sc.Early || sc.Winner != m.First {
				t.Fatalf("three boards won of five: %+v, want decided early for team %d", sc, m.First)
			}
			g := s.st.Event.Rounds[0].Games[rules.Board(m.Number, 4)-1]
			if g.Void == playOut {
				t.Errorf("board 4 after the match is decided: void %v, want %v", g.Void, !playOut)
			}
			s.do(&action.ResultSet{Round: 1, Board: rules.Board(m.Number, 3), Result: engine.Draw})
			if g := s.st.Event.Rounds[0].Games[rules.Board(m.Number, 4)-1]; g.Void {
				t.Errorf("board 4 after a correction undecides the match: still void")
			}
			folded, err := action.Fold(s.log)
			if err != nil {
				t.Fatal(err)
			}
			if d := diff(folded, s.st); d != "" {
				t.Errorf("the fold differs from the state the actions made:\n%s", d)
			}
		})
	}
}

// TestTeamRoundRobinPlayed plays a four-team round robin of three boards
// by its actions, the first-listed team winning board 1 and the rest drawn,
// and ranks it by R-T-4.
func TestTeamRoundRobinPlayed(t *testing.T) {
	s := teamScript(t, action.NewTeamRules(3), 0)
	for round := 1; round <= 3; round++ {
		s.pairTeams()
		for _, g := range s.st.Event.Rounds[round-1].Games {
			res := engine.Draw
			if _, b := s.st.Teams.Rules.MatchBoard(g.Board); b == 1 {
				res = engine.RedWin
			}
			s.do(&action.ResultSet{Round: round, Board: g.Board, Result: res})
		}
	}
	if _, err := engine.PairTeams(s.st.TeamEvent()); err == nil {
		t.Errorf("a fourth round of a four-team round robin paired, want none (R-C-2)")
	}
	rows := engine.TeamStandings(s.st.TeamEvent())
	var got []string
	for _, r := range rows {
		got = append(got, fmt.Sprintf("%s %s %s", r.PlaceLabel(), s.st.Teams.Teams[r.Team-1].Name, r.MatchPoints))
	}
	// Each match is won 4–2 by its first-listed team: the Berger table
	// lists T1 and T2 first twice each.
	want := engine.TeamStandings(s.st.TeamEvent())
	if len(rows) != 4 || !slices.EqualFunc(rows, want, func(a, b engine.TeamStanding) bool { return a.Team == b.Team }) {
		t.Errorf("standings %v", got)
	}
	total := 0
	for _, r := range rows {
		total += int(r.MatchPoints)
	}
	if total != int(6*engine.ScoringTwoOne.Win) {
		t.Errorf("match points %v sum to %d, want six matches' wins", got, total)
	}
}

// TestTeamWithdrawn (R-W-2): a team leaving a round robin after round 1
// loses its later boards by forfeit, and its matches are struck out.
func TestTeamWithdrawn(t *testing.T) {
	s := teamScript(t, action.NewTeamRules(2), 0).pairTeams()
	for _, g := range s.st.Event.Rounds[0].Games {
		s.do(&action.ResultSet{Round: 1, Board: g.Board, Result: engine.Draw})
	}
	s.pairTeams()
	s.do(&action.TeamWithdrawn{Team: 4, After: 1})
	for _, m := range s.st.Teams.Rounds[1].Matches {
		if m.First != 4 && m.Second != 4 {
			continue
		}
		sc, tm, _ := s.st.MatchScore(2, m.Number)
		if !sc.Decided || sc.Winner == 4 || tm.Void {
			t.Errorf("round 2 match of the team that left: %+v", sc)
		}
		for b := 1; b <= 2; b++ {
			for _, g := range s.st.Event.Rounds[1].Games {
				if g.Board == s.st.Teams.Rules.Board(m.Number, b) && !g.Result.Decided() {
					t.Errorf("board %d of the team that left still to play", g.Board)
				}
			}
		}
	}
	for _, rd := range s.st.TeamEvent().Rounds {
		for _, m := range rd.Matches {
			if (m.First == 4 || m.Second == 4) && !m.Void {
				t.Errorf("a match of the team that left after 1 of 3 rounds stands, want it struck out (R-W-2)")
			}
		}
	}
}

// randomTeamRules makes the event a team event of 1 to 3 boards under a
// random line-up rule, or an individual one again.
func randomTeamRules(rng *rand.Rand) action.Action {
	if rng.IntN(5) == 0 {
		return &action.TeamRulesSet{}
	}
	r := action.NewTeamRules(1 + rng.IntN(3))
	r.Reserves = rng.IntN(2)
	r.Lineup = engine.LineupRule(rng.IntN(5))
	if r.Boards == 3 && rng.IntN(2) == 0 {
		r.WinningBoards, r.PlayOut = 2, rng.IntN(2) == 0
	}
	return &action.TeamRulesSet{Rules: &r}
}

// randomTeam draws a team event's action for st: registering teams and
// their players, pairing and publishing the teams' rounds, line-ups, a
// team leaving; often one st allows, sometimes one it must refuse.
func randomTeam(rng *rand.Rand, st *action.State) action.Action {
	tm := st.Teams
	entrant := func() int {
		if len(st.Event.Players) == 0 {
			return 1
		}
		return st.Event.Players[rng.IntN(len(st.Event.Players))].Entrant
	}
	team := func() int { return 1 + rng.IntN(len(tm.Teams)+1) }
	round := len(tm.Rounds)
	switch w := rng.IntN(100); {
	case w < 15:
		var ms []int
		for range rng.IntN(tm.Rules.Boards + 1) {
			ms = append(ms, entrant())
		}
		return &action.TeamRegistered{Name: randomNames[rng.IntN(len(randomNames))], Captain: action.Actor{Platform: "console", User: "c"}, Members: ms}
	case w < 25:
		return &action.TeamMembersAdded{Team: team(), Entrants: []int{entrant()}}
	case w < 28:
		return &action.TeamJoinAsked{Team: team(), Entrant: entrant(), Refused: rng.IntN(3) == 0}
	case w < 30:
		return &action.TeamMemberRemoved{Team: team(), Entrant: entrant()}
	case w < 31:
		return &action.TeamRemoved{Team: team()}
	case w < 32:
		name, unit := randomNames[rng.IntN(len(randomNames))], "U"
		return &action.TeamEdited{Team: team(), Name: &name, Unit: &unit}
	case w < 55:
		p, err := engine.PairTeams(st.TeamEvent())
		if err != nil {
			p = engine.Pairing{Round: round + 1}
		}
		if rng.IntN(3) == 0 {
			return &action.TeamPairingPreviewed{Pairing: p}
		}
		return &action.TeamRoundPublished{Pairing: p}
	case w < 80 && round > 0:
		ms := tm.Rounds[round-1].Matches
		if len(ms) == 0 {
			break
		}
		m := ms[rng.IntN(len(ms))]
		id := m.First
		if rng.IntN(2) == 0 {
			id = m.Second
		}
		lineup := slices.Clone(st.TeamEvent().Teams[id-1].Members)
		rng.Shuffle(len(lineup), func(i, j int) { lineup[i], lineup[j] = lineup[j], lineup[i] })
		for len(lineup) < tm.Rules.Boards {
			lineup = append(lineup, 0)
		}
		return &action.LineupSent{Round: round, Match: m.Number, Team: id, Lineup: lineup[:tm.Rules.Boards]}
	case w < 90:
		return &action.LineupsRevealed{Round: round, Match: rng.IntN(3)}
	}
	return &action.TeamWithdrawn{Team: team(), After: rng.IntN(round + 1)}
}

// copyTeams copies a team event's part for deepCopy, every slice of it.
func copyTeams(t *action.Teamed) *action.Teamed {
	if t == nil {
		return nil
	}
	c := *t
	c.Rules.Ranking = slices.Clone(t.Rules.Ranking)
	c.Teams = slices.Clone(t.Teams)
	for i, e := range c.Teams {
		c.Teams[i].Members, c.Teams[i].Asking = slices.Clone(e.Members), slices.Clone(e.Asking)
	}
	c.Rounds = slices.Clone(t.Rounds)
	for i, rd := range c.Rounds {
		c.Rounds[i].Byes, c.Rounds[i].Matches = slices.Clone(rd.Byes), slices.Clone(rd.Matches)
		for j, m := range c.Rounds[i].Matches {
			c.Rounds[i].Matches[j].FirstLineup, c.Rounds[i].Matches[j].SecondLineup = slices.Clone(m.FirstLineup), slices.Clone(m.SecondLineup)
		}
	}
	if t.Preview != nil {
		p := *t.Preview
		p.Boards, p.Byes = slices.Clone(p.Boards), slices.Clone(p.Byes)
		c.Preview = &p
	}
	return &c
}

// TestTeamLineupsDueAtStart (R-TM-1): at a round's start time the line-ups
// still waiting are due to be revealed (the registered order for a team
// that sent none), not before, and once revealed nothing more is due.
func TestTeamLineupsDueAtStart(t *testing.T) {
	rules := action.NewTeamRules(2)
	rules.Lineup = engine.FreeLineup
	s := teamScript(t, rules, 0).pairTeams()
	start := record(int64(len(s.log)+1), nil).At.Add(time.Hour)
	s.do(&action.RoundScheduled{Round: 1, Start: start})
	if due := action.DueActions(s.st, start.Add(-time.Minute), time.Time{}); len(due) != 0 {
		t.Errorf("a minute before the start: due %v, want nothing", due)
	}
	due := action.DueActions(s.st, start, time.Time{})
	if len(due) != 1 || due[0].Kind() != "lineups-revealed" {
		t.Fatalf("at the start: due %v, want the line-ups revealed", due)
	}
	s.do(due...)
	if len(s.st.Event.Rounds[0].Games) != 4 {
		t.Errorf("after the reveal: %d games, want both matches' 2 boards", len(s.st.Event.Rounds[0].Games))
	}
	if due := action.DueActions(s.st, start.Add(time.Minute), time.Time{}); len(due) != 0 {
		t.Errorf("after the reveal: due %v, want nothing", due)
	}
}
