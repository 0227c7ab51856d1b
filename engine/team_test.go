package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// teamEvent is a team event of n teams of size players each, player
// ratings falling from 2400 in steps of 10 in team order: team k's players
// are (k-1)*size+1 … k*size, already in board order.
func teamEvent(n, size int, s TeamSettings) *TeamEvent {
	ev := &TeamEvent{Settings: s}
	for k := 1; k <= n; k++ {
		t := Team{ID: k, Name: fmt.Sprint("T", k)}
		for j := 1; j <= size; j++ {
			id := len(ev.Players) + 1
			ev.Players = append(ev.Players, Player{ID: id, Name: fmt.Sprintf("T%d.%d", k, j), Rating: 2400 - 10*id})
			t.Members = append(t.Members, id)
		}
		t.Captain = t.Members[0]
		ev.Teams = append(ev.Teams, t)
	}
	return ev
}

func TestR_TM_1_Lineups(t *testing.T) {
	// Team 1 has players 1..6 registered for 4 boards, 2 reserves (§12.2).
	cases := []struct {
		rule   LineupRule
		lineup []int
		want   LineupReason // 0: allowed
	}{
		{FixedBoards, []int{1, 2, 3, 4}, 0},
		{FixedBoards, []int{1, 2, 0, 4}, 0}, // an empty board is a forfeit, not a wrong order
		{FixedBoards, []int{1, 2, 3, 5}, LineupFixedOrder},
		{FixedBoards, []int{2, 1, 3, 4}, LineupFixedOrder},
		{FixedBoards, []int{1, 2, 3}, LineupSize},
		{OrderedSubstitutes, []int{1, 2, 3, 5}, 0},
		{OrderedSubstitutes, []int{3, 4, 5, 6}, 0},
		// §12.2's orders are full line-ups: a team short of a player leaves
		// the last board empty, its players moving up.
		{OrderedSubstitutes, []int{1, 3, 6, 0}, 0},
		{OrderedSubstitutes, []int{1, 0, 0, 0}, 0},
		{OrderedSubstitutes, []int{1, 3, 0, 6}, LineupGap},
		{OrderedSubstitutes, []int{0, 2, 3, 4}, LineupGap},
		{FreeLineup, []int{5, 0, 6, 2}, 0}, // the captain sets the boards (§12.3)
		{OrderedSubstitutes, []int{1, 2, 5, 3}, LineupInverted},
		{OrderedSubstitutes, []int{1, 2, 3, 7}, LineupNotMember},
		{OrderedSubstitutes, []int{1, 2, 2, 4}, LineupTwice},
		{FreeLineup, []int{5, 1, 6, 2}, 0},
		{FreeLineup, []int{5, 1, 6, 5}, LineupTwice},
		{FreeLineup, []int{5, 1, 6, 2, 3}, LineupSize},
		{AllPlayAll, []int{4, 3, 2, 1}, 0},
		{PlayerTotals, []int{1, 2, 3, 4}, LineupNoBoards},
	}
	for _, c := range cases {
		s := DefaultTeamSettings(5, 4)
		s.Reserves, s.Lineup = 2, c.rule
		ev := teamEvent(2, 6, s)
		err := ev.CheckLineup(1, c.lineup)
		var le *LineupError
		switch {
		case c.want == 0 && err != nil:
			t.Errorf("%v %v: %v, want allowed", c.rule, c.lineup, err)
		case c.want != 0 && !errors.As(err, &le):
			t.Errorf("%v %v: %v, want a LineupError", c.rule, c.lineup, err)
		case c.want != 0 && le.Reason != c.want:
			t.Errorf("%v %v: reason %d (%v), want %d", c.rule, c.lineup, le.Reason, err, c.want)
		}
	}
}

// TestR_TM_1_SubstituteOrders counts §12.2's example: four boards and two
// reserves allow exactly fifteen line-ups with every board filled.
func TestR_TM_1_SubstituteOrders(t *testing.T) {
	s := DefaultTeamSettings(5, 4)
	s.Reserves, s.Lineup = 2, OrderedSubstitutes
	ev := teamEvent(1, 6, s)
	allowed := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				for d := 1; d <= 6; d++ {
					if ev.CheckLineup(1, []int{a, b, c, d}) == nil {
						allowed++
					}
				}
			}
		}
	}
	if allowed != 15 {
		t.Errorf("分台换人 with 4 boards and 2 reserves allows %d line-ups, want 15 (§12.2)", allowed)
	}
}

// TestLineupErrorLanguages: each text is in one language (the project's
// rule), and every reason has its own.
func TestLineupErrorLanguages(t *testing.T) {
	han := func(s string) bool {
		return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) })
	}
	latin := func(s string) bool {
		return strings.ContainsFunc(s, func(r rune) bool { return r < unicode.MaxASCII && unicode.IsLetter(r) })
	}
	seen := map[string]bool{}
	for r := LineupNoBoards; r <= LineupInverted; r++ {
		e := &LineupError{Reason: r, Team: 1, Board: 2, Player: 7, Other: 3, OtherPlayer: 5}
		if han(e.Error()) || !latin(e.Error()) {
			t.Errorf("reason %d: English text %q", r, e.Error())
		}
		if latin(e.Chinese()) || !han(e.Chinese()) {
			t.Errorf("reason %d: Chinese text %q", r, e.Chinese())
		}
		if seen[e.Error()] {
			t.Errorf("reason %d repeats %q", r, e.Error())
		}
		seen[e.Error()] = true
	}
}

// TestR_C_2_BoardColours: the first-listed team is red on odd boards and
// black on even boards (§13.2, §13.3); an empty board goes by forfeit.
func TestR_C_2_BoardColours(t *testing.T) {
	s := DefaultTeamSettings(3, 5)
	s.Lineup = FreeLineup
	ev := teamEvent(2, 5, s)
	ev.Rounds = []TeamRound{{Matches: []TeamMatch{{Number: 1, First: 2, Second: 1}}}}
	if err := ev.SetLineups(1, 1, []int{6, 7, 8, 9, 0}, []int{1, 2, 3, 0, 5}); err != nil {
		t.Fatal(err)
	}
	want := []Game{
		{Board: 1, Red: 6, Black: 1},
		{Board: 2, Red: 2, Black: 7},
		{Board: 3, Red: 8, Black: 3},
		{Board: 4, Red: 0, Black: 9, Result: BlackForfeitWin},
		{Board: 5, Red: 0, Black: 5, Result: BlackForfeitWin},
	}
	if got := ev.Rounds[0].Matches[0].Games; !slices.Equal(got, want) {
		t.Errorf("games %+v\nwant %+v", got, want)
	}
	sc := ev.Score(ev.Rounds[0].Matches[0])
	if sc.FirstWins != 1 || sc.SecondWins != 1 || sc.First != Pts(2) || sc.Second != Pts(2) || sc.Decided {
		t.Errorf("after the two forfeits: %+v, want one board won each, undecided", sc)
	}
}

func TestR_C_2_AllPlayAll(t *testing.T) {
	s := DefaultTeamSettings(1, 3)
	s.Lineup = AllPlayAll
	ev := teamEvent(2, 3, s)
	ev.Rounds = []TeamRound{{Matches: []TeamMatch{{Number: 1, First: 1, Second: 2}}}}
	if err := ev.SetLineups(1, 1, []int{1, 2, 3}, []int{4, 5, 6}); err != nil {
		t.Fatal(err)
	}
	games := ev.Rounds[0].Matches[0].Games
	met := map[[2]int]int{}
	for _, g := range games {
		a, b := min(g.Red, g.Black), max(g.Red, g.Black)
		met[[2]int{a, b}]++
		if firstRed := g.Red <= 3; firstRed != ((g.Board-1)%3%2 == 0) {
			t.Errorf("board %d: %d–%d, want the first team red on the odd boards of its sub-round", g.Board, g.Red, g.Black)
		}
	}
	if len(games) != 9 || len(met) != 9 {
		t.Errorf("全队轮赛 of 3 v 3: %d games, %d pairs, want every player of one team against every player of the other once", len(games), len(met))
	}
	// The round's boards are numbered on through its matches: match 2's
	// first board follows match 1's nine.
	if n, b := s.GamesPerMatch(), s.Board(2, 1); n != len(games) || b != 10 {
		t.Errorf("全队轮赛 of 3 v 3: %d games a match, match 2 board 1 is the round's board %d; want 9 and 10", n, b)
	}
	if s.Lineup = FixedBoards; s.Board(2, 1) != 4 {
		t.Errorf("分台定人 of 3 boards: match 2 board 1 is the round's board %d, want 4", s.Board(2, 1))
	}
}

// TestR_S_2_MatchPoints: game points per board summed decide the match;
// match points by the triple (§14.2), game points counted 2/1/0 (局分);
// a forfeit is a win and a loss.
func TestR_S_2_MatchPoints(t *testing.T) {
	cases := []struct {
		name          string
		results       []Result // boards 1..4, the first team red on 1 and 3
		winning       int
		playOut       bool
		first, second Points
		decided       bool
		early         bool
		winner        int
	}{
		{"first wins 6–2", []Result{RedWin, Draw, Draw, BlackWin}, 0, false, Pts(6), Pts(2), true, false, 1},
		{"drawn 4–4", []Result{RedWin, RedWin, BlackWin, BlackWin}, 0, false, Pts(4), Pts(4), true, false, 0},
		{"second by forfeits", []Result{BlackForfeitWin, RedForfeitWin, Draw, Draw}, 0, false, Pts(2), Pts(6), true, false, 2},
		{"a board to play", []Result{RedWin, BlackWin, RedWin, Pending}, 0, false, Pts(6), 0, false, false, 0},
		{"3 of 4 won early", []Result{RedWin, BlackWin, RedWin, Pending}, 3, false, Pts(6), 0, true, true, 1},
		{"3 of 4 played out", []Result{RedWin, BlackWin, RedWin, RedWin}, 3, true, Pts(6), Pts(2), true, false, 1},
	}
	for _, c := range cases {
		s := DefaultTeamSettings(1, 4)
		s.WinningBoards, s.PlayOut = c.winning, c.playOut
		ev := teamEvent(2, 4, s)
		ev.Rounds = []TeamRound{{Matches: []TeamMatch{{Number: 1, First: 1, Second: 2}}}}
		if err := ev.SetLineups(1, 1, ev.Regulars(1), ev.Regulars(2)); err != nil {
			t.Fatal(err)
		}
		for b, r := range c.results {
			ev.Rounds[0].Matches[0].Games[b].Result = r
		}
		sc := ev.Score(ev.Rounds[0].Matches[0])
		if sc.First != c.first || sc.Second != c.second || sc.Decided != c.decided || sc.Early != c.early || sc.Winner != c.winner {
			t.Errorf("%s: %+v, want %v–%v decided %v early %v winner %d", c.name, sc, c.first, c.second, c.decided, c.early, c.winner)
		}
		if !c.decided {
			continue
		}
		st := TeamStandings(ev)
		mp := map[int]Points{}
		for _, r := range st {
			mp[r.Team] = r.MatchPoints
		}
		want := map[int]Points{1: Pts(1), 2: Pts(1)}
		switch c.winner {
		case 1:
			want = map[int]Points{1: Pts(2), 2: 0}
		case 2:
			want = map[int]Points{1: 0, 2: Pts(2)}
		}
		if mp[1] != want[1] || mp[2] != want[2] {
			t.Errorf("%s: match points %v, want %v", c.name, mp, want)
		}
	}
}

// TestR_TM_2_EarlyDecision: under 5场3胜制 without playing out, the boards
// left after the third win are not played (ErrMatchOver); with PlayOut
// they are, and count.
func TestR_TM_2_EarlyDecision(t *testing.T) {
	for _, playOut := range []bool{false, true} {
		s := DefaultTeamSettings(1, 5)
		s.WinningBoards, s.PlayOut = 3, playOut
		ev := teamEvent(2, 5, s)
		ev.Rounds = []TeamRound{{Matches: []TeamMatch{{Number: 1, First: 1, Second: 2}}}}
		if err := ev.SetLineups(1, 1, ev.Regulars(1), ev.Regulars(2)); err != nil {
			t.Fatal(err)
		}
		for _, b := range []int{1, 3, 5} {
			if err := ev.Record(1, 1, b, RedWin); err != nil {
				t.Fatal(err)
			}
		}
		err := ev.Record(1, 1, 2, RedWin)
		if playOut != (err == nil) || !playOut && !errors.Is(err, ErrMatchOver) {
			t.Errorf("play out %v: board 2 after three wins: %v", playOut, err)
		}
		sc := ev.Score(ev.Rounds[0].Matches[0])
		if !sc.Decided || !sc.Early || sc.Winner != 1 {
			t.Errorf("play out %v: %+v", playOut, sc)
		}
	}
}

func TestTeamSettingsCheck(t *testing.T) {
	s := DefaultTeamSettings(5, 5)
	for _, w := range []int{1, 2, 6} {
		s.WinningBoards = w
		if s.Check() == nil {
			t.Errorf("%d winning boards of 5 accepted", w)
		}
	}
	s.WinningBoards = 3
	if err := s.Check(); err != nil {
		t.Error(err)
	}
}

// TestR_TM_1_BoardOrderByRating: the rated by rating, strong to weak, the
// unrated after them in the order entered (§12.1).
func TestR_TM_1_BoardOrderByRating(t *testing.T) {
	ps := []Player{{ID: 1, Rating: 0}, {ID: 2, Rating: 1800}, {ID: 3, Rating: 2100}, {ID: 4, Rating: 0}, {ID: 5, Rating: 1800}}
	if got, want := OrderMembers([]int{1, 2, 3, 4, 5}, ps), []int{3, 2, 5, 1, 4}; !slices.Equal(got, want) {
		t.Errorf("board order %v, want %v", got, want)
	}
}

func TestCheckTeams(t *testing.T) {
	s := DefaultTeamSettings(5, 4)
	s.Reserves = 1
	ev := teamEvent(2, 5, s)
	if err := ev.CheckTeams(); err != nil {
		t.Fatal(err)
	}
	ev.Teams[1].Members = append(ev.Teams[1].Members, 1)
	if ev.CheckTeams() == nil {
		t.Error("a player in two teams, and a sixth player, accepted")
	}
	ev = teamEvent(2, 5, s)
	ev.Teams[0].Captain = 9
	if ev.CheckTeams() == nil {
		t.Error("a captain of another team accepted")
	}
}

// TestBoardStandings: a substitute's games count on the board he played;
// equal points in equal games share a place (分台换人, §12.2).
func TestBoardStandings(t *testing.T) {
	s := DefaultTeamSettings(2, 2)
	s.Reserves, s.Lineup = 1, OrderedSubstitutes
	ev := teamEvent(2, 3, s) // team 1: players 1, 2, 3; team 2: 4, 5, 6
	ev.Rounds = []TeamRound{
		{Matches: []TeamMatch{{Number: 1, First: 1, Second: 2}}},
		{Matches: []TeamMatch{{Number: 1, First: 2, Second: 1}}},
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(ev.SetLineups(1, 1, []int{1, 2}, []int{4, 5}))
	must(ev.Record(1, 1, 1, RedWin)) // 1 beats 4
	must(ev.Record(1, 1, 2, Draw))   // 5 draws 2
	must(ev.SetLineups(2, 1, []int{4, 6}, []int{1, 3}))
	must(ev.Record(2, 1, 1, Draw))   // 4 draws 1
	must(ev.Record(2, 1, 2, RedWin)) // 3 beats 6 on board 2
	bs := BoardStandings(ev)
	type row struct {
		player, place int
		points        Points
	}
	got := [][]row{}
	for _, board := range bs {
		var rs []row
		for _, r := range board {
			rs = append(rs, row{r.Player, r.Place, r.Points})
		}
		got = append(got, rs)
	}
	want := [][]row{
		{{1, 1, Pts(3)}, {4, 2, Pts(1)}},
		{{3, 1, Pts(2)}, {2, 2, Pts(1)}, {5, 2, Pts(1)}, {6, 4, 0}}, // 2 and 5 share 2nd
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("board standings %v\nwant %v", got, want)
	}
}

// TestTeamBye: a bye scores Pairing.ByeValue in match points and a won
// forfeit's game points on every board (§21.4).
func TestTeamBye(t *testing.T) {
	ev := teamEvent(5, 4, DefaultTeamSettings(3, 4))
	p, err := PairTeams(ev)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Byes) != 1 || len(p.Boards) != 2 {
		t.Fatalf("five teams: %d matches, byes %v", len(p.Boards), p.Byes)
	}
	if err := AddTeamRound(ev, p); err != nil {
		t.Fatal(err)
	}
	for _, m := range ev.Rounds[0].Matches {
		for b := range m.Games {
			m.Games[b].Result = Draw
		}
	}
	for _, row := range TeamStandings(ev) {
		wantMP, wantGP := Pts(1), Pts(4)
		if row.Team == p.Byes[0] {
			wantMP, wantGP = Pts(2), Pts(8)
		}
		if row.MatchPoints != wantMP || row.GamePoints != wantGP {
			t.Errorf("team %d: %v 场分 %v 局分, want %v %v", row.Team, row.MatchPoints, row.GamePoints, wantMP, wantGP)
		}
	}
}

// TestR_T_7_TeamPenalties: a penalised team ranks last among the teams of
// its match points, before any tiebreak.
func TestR_T_7_TeamPenalties(t *testing.T) {
	s := DefaultTeamSettings(1, 2)
	ev := teamEvent(4, 2, s)
	ev.Rounds = []TeamRound{{Matches: []TeamMatch{{Number: 1, First: 1, Second: 2}, {Number: 2, First: 3, Second: 4}}}}
	for _, n := range []int{1, 2} {
		if err := ev.SetLineups(1, n, ev.Regulars(2*n-1), ev.Regulars(2*n)); err != nil {
			t.Fatal(err)
		}
	}
	// Team 1 wins 4–0, team 3 wins 3–1: team 1 first on 局分 …
	ev.Rounds[0].Matches[0].Games[0].Result, ev.Rounds[0].Matches[0].Games[1].Result = RedWin, BlackWin
	ev.Rounds[0].Matches[1].Games[0].Result, ev.Rounds[0].Matches[1].Games[1].Result = RedWin, Draw
	if got := rankingOf(TeamStandings(ev)); !slices.Equal(got, []int{1, 3, 4, 2}) && !slices.Equal(got, []int{1, 3, 2, 4}) {
		t.Fatalf("ranking %v", got)
	}
	// … unless it was penalised (R-T-7).
	ev.Teams[0].Penalties = 1
	if got := rankingOf(TeamStandings(ev)); got[0] != 3 || got[1] != 1 {
		t.Errorf("ranking %v: the penalised team 1 should follow team 3", got)
	}
}

// TestR_SW_1_NumberTeams: teams are numbered by their regulars' mean
// rating, strong to weak, a reserve's rating not counted; the caller's id
// stays.
func TestR_SW_1_NumberTeams(t *testing.T) {
	s := DefaultTeamSettings(5, 2)
	s.Reserves = 1
	ev := teamEvent(3, 3, s)
	ratings := []int{1800, 1900, 2500, 2000, 2100, 0, 2200, 2300, 1000}
	for i, r := range ratings { // regulars' means: 1850, 2050, 2250
		ev.Players[i].Rating = r
	}
	for i := range ev.Teams {
		ev.Teams[i].Entrant = 10 * (i + 1)
	}
	if err := NumberTeams(ev, ByRating, SpreadKeepRank); err != nil {
		t.Fatal(err)
	}
	var got []int
	for i, tm := range ev.Teams {
		if tm.ID != i+1 {
			t.Errorf("team %d has ID %d", i+1, tm.ID)
		}
		got = append(got, tm.Entrant)
	}
	if want := []int{30, 20, 10}; !slices.Equal(got, want) {
		t.Errorf("teams by rating %v, want %v", got, want)
	}
}
