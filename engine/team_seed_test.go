package engine

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// playMatch enters the boards of the match between teams a and b in round
// r, as a sees them: W won, L lost, D drawn, - not played. It returns the
// first error Record gives.
func playMatch(t *testing.T, ev *TeamEvent, r, a, b int, boards string) error {
	t.Helper()
	for _, m := range ev.Rounds[r-1].Matches {
		if !(m.First == a && m.Second == b || m.First == b && m.Second == a) {
			continue
		}
		for i, c := range boards {
			board := i + 1
			if c == '-' {
				continue
			}
			aRed := (m.First == a) == (board%2 == 1) // R-C-2
			res := map[rune]Result{'W': RedWin, 'L': BlackWin, 'D': Draw}[c]
			if !aRed && res != Draw {
				res = map[Result]Result{RedWin: BlackWin, BlackWin: RedWin}[res]
			}
			if err := ev.Record(r, m.Number, board, res); err != nil {
				return err
			}
		}
		return nil
	}
	t.Fatalf("round %d has no match of teams %d and %d", r, a, b)
	return nil
}

func rankingOf(st []TeamStanding) []int {
	out := make([]int, len(st))
	for i, s := range st {
		out[i] = s.Team
	}
	return out
}

// TestSeed000_FourTeamsThreeOfFive is seed 000's company round robin: four
// teams of five, "5场3胜制" (three board wins take the match), a match won
// scores 3 and lost 1, ties go to head-to-head (胜负关系) then the game ratio
// (得失局率). The seed names no value for a drawn match; 2 here.
//
// A, B and C beat D and beat each other in a circle, so head-to-head cannot
// part them and the ratio of boards won to lost does: B 8:5, A 7:5, C 6:5.
func TestSeed000_FourTeamsThreeOfFive(t *testing.T) {
	s := DefaultTeamSettings(0, 5)
	s.Pairing.System = RoundRobin
	s.WinningBoards = 3
	s.MatchPoints = Scoring{Win: Pts(3), Draw: Pts(2), Loss: Pts(1)}
	s.Ranking = []TeamCriterion{TeamMatchPoints, TeamDirect, TeamGameRatio}
	ev := teamEvent(4, 5, s)
	const A, B, C, D = 1, 2, 3, 4
	results := map[[2]int]string{ // as the first of the two sees it
		{A, B}: "WLWLW", // 3–2
		{B, C}: "WWW--", // 3–0, two boards not played
		{C, A}: "WLW-W", // 3–1
		{A, D}: "WWW--",
		{B, D}: "LWLWW",
		{C, D}: "WWLW-",
	}
	for r := 1; r <= 3; r++ {
		p, err := PairTeams(ev)
		if err != nil {
			t.Fatal(err)
		}
		if err := AddTeamRound(ev, p); err != nil {
			t.Fatal(err)
		}
		for _, m := range ev.Rounds[r-1].Matches {
			a, b := m.First, m.Second
			res, ok := results[[2]int{a, b}]
			if !ok {
				a, b = b, a
				res = results[[2]int{a, b}]
			}
			if err := playMatch(t, ev, r, a, b, res); err != nil {
				t.Fatalf("round %d, %d v %d: %v", r, a, b, err)
			}
		}
	}
	// A board left once three are won is not played (PlayOut off).
	if err := playMatch(t, ev, roundOf(ev, B, C), B, C, "---W-"); !errors.Is(err, ErrMatchOver) {
		t.Errorf("B v C board 4 after 3–0: %v, want ErrMatchOver", err)
	}
	st := TeamStandings(ev)
	if got, want := rankingOf(st), []int{B, A, C, D}; !slices.Equal(got, want) {
		t.Fatalf("ranking %v, want %v", got, want)
	}
	for i, mp := range []Points{Pts(7), Pts(7), Pts(7), Pts(3)} {
		if st[i].MatchPoints != mp || st[i].Place != i+1 {
			t.Errorf("row %d: team %d place %d, %v match points; want place %d, %v", i, st[i].Team, st[i].Place, st[i].MatchPoints, i+1, mp)
		}
	}
	if v := st[0].Values[2]; v.String() != "8:5" {
		t.Errorf("B's game ratio %s, want 8:5", v)
	}
	// R-T-4's national order agrees: 局分 16, 14, 12 part them too.
	ev.Settings.Ranking = TeamRoundRobinRanking
	if got := rankingOf(TeamStandings(ev)); !slices.Equal(got, []int{B, A, C, D}) {
		t.Errorf("R-T-4 ranking %v", got)
	}
}

func roundOf(ev *TeamEvent, a, b int) int {
	for r, rd := range ev.Rounds {
		for _, m := range rd.Matches {
			if m.First == a && m.Second == b || m.First == b && m.Second == a {
				return r + 1
			}
		}
	}
	return 0
}

// randomBoards fills in every board of a round: the higher-rated player
// wins when 60 points stronger, else the dice say, draws included.
func randomBoards(rng *rand.Rand, ev *TeamEvent, r int) {
	rd := &ev.Rounds[r-1]
	for i := range rd.Matches {
		m := &rd.Matches[i]
		for b := range m.Games {
			g := &m.Games[b]
			if g.Result.Decided() {
				continue
			}
			if sc := ev.Score(*m); sc.Decided && !ev.Settings.PlayOut {
				break
			}
			d := ev.Players[g.Red-1].Rating - ev.Players[g.Black-1].Rating
			switch x := rng.IntN(3); {
			case d > 60 || d >= -60 && x == 0:
				g.Result = RedWin
			case d < -60 || x == 1:
				g.Result = BlackWin
			default:
				g.Result = Draw
			}
			g.RedFouls = rng.IntN(4) / 3
		}
	}
}

// teamKey is one team's R-T-5 values worked out from the matches alone,
// apart from the engine's standings, to check them against.
type teamKey struct {
	mp, opp, gp, matchWins, gameWins, fouls int
	after                                   []int // match points after each round
}

func teamKeys(ev *TeamEvent) []teamKey {
	n := len(ev.Teams)
	keys := make([]teamKey, n+1)
	opps := make([][]int, n+1)
	for _, rd := range ev.Rounds {
		for _, m := range rd.Matches {
			sc := ev.Score(m)
			f, s := &keys[m.First], &keys[m.Second]
			f.gp += int(sc.First) / 2
			s.gp += int(sc.Second) / 2
			f.gameWins += sc.FirstWins
			s.gameWins += sc.SecondWins
			switch sc.Winner {
			case m.First:
				f.mp, f.matchWins = f.mp+2, f.matchWins+1
			case m.Second:
				s.mp, s.matchWins = s.mp+2, s.matchWins+1
			default:
				f.mp, s.mp = f.mp+1, s.mp+1
			}
			for _, g := range m.Games {
				if m.firstRed(g) {
					f.fouls, s.fouls = f.fouls+g.RedFouls, s.fouls+g.BlackFouls
				} else {
					f.fouls, s.fouls = f.fouls+g.BlackFouls, s.fouls+g.RedFouls
				}
			}
			opps[m.First] = append(opps[m.First], m.Second)
			opps[m.Second] = append(opps[m.Second], m.First)
		}
		for _, id := range rd.Byes {
			keys[id].mp += 2
			keys[id].gp += 2 * ev.Settings.Boards
		}
		for id := 1; id <= n; id++ {
			keys[id].after = append(keys[id].after, keys[id].mp)
		}
	}
	for id := 1; id <= n; id++ {
		for _, o := range opps[id] {
			keys[id].opp += keys[o].mp
		}
	}
	return keys
}

// compareFormat1 orders two teams by R-T-5's first format: 场分, 团体对手分,
// 局分, 胜场, 胜局, fewer fouls, then 场分 after the second-to-last round,
// the round before, …
func compareFormat1(a, b teamKey) int {
	for _, c := range [][2]int{{b.mp, a.mp}, {b.opp, a.opp}, {b.gp, a.gp}, {b.matchWins, a.matchWins}, {b.gameWins, a.gameWins}, {a.fouls, b.fouls}} {
		if c[0] != c[1] {
			return c[0] - c[1]
		}
	}
	for r := len(a.after) - 2; r >= 0; r-- {
		if a.after[r] != b.after[r] {
			return b.after[r] - a.after[r]
		}
	}
	return 0
}

// TestR_T_5_TenTeamSwiss: a team Swiss of ten teams of four boards over
// seven rounds, 场分 2/1/0 (§14.2), the results drawn from a fixed seed. The
// final ranking must follow R-T-5's first format as worked out above from
// the matches, and stay the one pinned here.
func TestR_T_5_TenTeamSwiss(t *testing.T) {
	ev := teamEvent(10, 4, DefaultTeamSettings(7, 4))
	for i := range ev.Players {
		ev.Players[i].Rating = 2000 + 37*((i*7)%11) // the teams far from in rating order
	}
	rng := rand.New(rand.NewPCG(13, 5))
	for r := 1; r <= 7; r++ {
		p, err := PairTeams(ev)
		if err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
		if err := AddTeamRound(ev, p); err != nil {
			t.Fatal(err)
		}
		randomBoards(rng, ev, r)
	}
	st := TeamStandings(ev)
	keys := teamKeys(ev)
	for i, row := range st {
		k := keys[row.Team]
		if row.MatchPoints != Pts(k.mp) || row.GamePoints != Pts(k.gp) || row.Values[1].Value != Pts(k.opp) {
			t.Errorf("team %d: %v 场分 %v 局分 %v 团体对手分, want %d %d %d", row.Team, row.MatchPoints, row.GamePoints, row.Values[1].Value, k.mp, k.gp, k.opp)
		}
		if i == 0 {
			continue
		}
		c := compareFormat1(keys[st[i-1].Team], k)
		if c > 0 || (c == 0) != (row.Place == st[i-1].Place) {
			t.Errorf("teams %d (place %d) and %d (place %d) are out of R-T-5 order", st[i-1].Team, st[i-1].Place, row.Team, row.Place)
		}
	}
	want := []int{4, 8, 10, 1, 2, 7, 6, 9, 3, 5}
	if got := rankingOf(st); !slices.Equal(got, want) {
		t.Errorf("ranking %v, want %v", got, want)
	}
	// 003's second format puts 局分 first: its leader has the most 局分.
	ev.Settings.Ranking = TeamSwissGamesFirst
	second := TeamStandings(ev)
	for _, row := range second[1:] {
		if row.GamePoints > second[0].GamePoints {
			t.Errorf("format 2 leader %d has %v 局分, team %d more", second[0].Team, second[0].GamePoints, row.Team)
		}
	}
}

// TestR_T_6_PlayerTotals is seed 000's Beijing rules: six players a team,
// the four best placed count, a 9-round individual Swiss; the team with
// the lowest sum of places ranks first, then the best individual place.
func TestR_T_6_PlayerTotals(t *testing.T) {
	ev := &Event{Settings: DefaultSettings(9)}
	var teams []Team
	for k := 1; k <= 6; k++ {
		team := Team{ID: k}
		for j := range 6 {
			id := len(ev.Players) + 1
			team.Members = append(team.Members, id)
			ev.Players = append(ev.Players, Player{ID: id, Unit: string(rune('A' + k - 1)), Rating: 2300 - 11*((id*5)%36) + 3*j})
		}
		teams = append(teams, team)
	}
	rng := rand.New(rand.NewPCG(2015, 9))
	for r := 1; r <= 9; r++ {
		p, err := Pair(ev)
		if err != nil {
			t.Fatal(err)
		}
		if err := AddRound(ev, p); err != nil {
			t.Fatal(err)
		}
		for i := range ev.Rounds[r-1].Games {
			g := &ev.Rounds[r-1].Games[i]
			d := ev.Players[g.Red-1].Rating - ev.Players[g.Black-1].Rating
			switch x := rng.IntN(3); {
			case d > 80 || d >= -80 && x == 0:
				g.Result = RedWin
			case d < -80 || x == 1:
				g.Result = BlackWin
			default:
				g.Result = Draw
			}
		}
	}
	place := map[int]int{}
	for _, s := range Standings(ev) {
		place[s.Player] = s.Place
	}
	totals := TeamTotals(ev, teams, 4, SumOfPlaces)
	for i, row := range totals {
		var ps []int
		for _, id := range teams[row.Team-1].Members {
			ps = append(ps, place[id])
		}
		slices.Sort(ps)
		sum := ps[0] + ps[1] + ps[2] + ps[3]
		if row.Total != sum || !slices.Equal(row.Places, ps[:4]) || !row.Complete {
			t.Errorf("team %d: total %d of %v, want %d of %v", row.Team, row.Total, row.Places, sum, ps[:4])
		}
		if i > 0 {
			prev := totals[i-1]
			if prev.Total > row.Total || prev.Total == row.Total && slices.Compare(prev.Places, row.Places) > 0 {
				t.Errorf("team %d (%d, %v) ranks above team %d (%d, %v)", prev.Team, prev.Total, prev.Places, row.Team, row.Total, row.Places)
			}
		}
	}
	want := []int{5, 1, 6, 3, 2, 4}
	got := make([]int, len(totals))
	for i, r := range totals {
		got[i] = r.Team
	}
	if !slices.Equal(got, want) {
		t.Errorf("team ranking %v, want %v", got, want)
	}
}

// TestR_T_6_Incomplete: a team short of counting players ranks after the
// complete ones; equal totals go to the best individual place.
func TestR_T_6_Incomplete(t *testing.T) {
	ev := &Event{Settings: DefaultSettings(1)}
	for id := 1; id <= 6; id++ {
		ev.Players = append(ev.Players, Player{ID: id})
	}
	// Round 1: 1 beats 4, 2 beats 5, 3 draws 6: places 1=, 1=, 3=, 3=, 5=, 5=.
	ev.Rounds = []Round{{Games: []Game{{Board: 1, Red: 1, Black: 4, Result: RedWin}, {Board: 2, Red: 2, Black: 5, Result: RedWin}, {Board: 3, Red: 3, Black: 6, Result: Draw}}}}
	teams := []Team{{ID: 1, Members: []int{1, 5}}, {ID: 2, Members: []int{3, 6}}, {ID: 3, Members: []int{2}}}
	got := TeamTotals(ev, teams, 2, SumOfPlaces)
	if got[0].Team != 1 || got[1].Team != 2 || got[2].Team != 3 || got[2].Complete {
		t.Fatalf("totals %+v", got)
	}
}

// TestR_T_6_SumOfScores is seed 003's 山东科技大学 rule: the team with the
// most points (局分) first; equal, the higher score in the last round, then
// the round before; then the opponents' scores. All four teams score 4.
func TestR_T_6_SumOfScores(t *testing.T) {
	ev := &Event{Settings: DefaultSettings(2)}
	for id := 1; id <= 8; id++ {
		ev.Players = append(ev.Players, Player{ID: id})
	}
	ev.Rounds = []Round{
		{Games: []Game{{Board: 1, Red: 1, Black: 2, Result: RedWin}, {Board: 2, Red: 3, Black: 4, Result: RedWin}, {Board: 3, Red: 5, Black: 6, Result: Draw}, {Board: 4, Red: 7, Black: 8, Result: Draw}}},
		{Games: []Game{{Board: 1, Red: 1, Black: 3, Result: RedWin}, {Board: 2, Red: 5, Black: 7, Result: Draw}, {Board: 3, Red: 2, Black: 6, Result: RedWin}, {Board: 4, Red: 4, Black: 8, Result: BlackWin}}},
	}
	const A, B, C, D = 1, 2, 3, 4
	teams := []Team{{ID: A, Members: []int{3, 5}}, {ID: B, Members: []int{7, 2}}, {ID: C, Members: []int{1, 4}}, {ID: D, Members: []int{8, 6}}}
	// Last round: B 3, C 2, D 2, A 1; C's opponents 9, D's 6.
	var got []int
	for _, r := range TeamTotals(ev, teams, 2, SumOfScores) {
		if r.Score != Pts(4) {
			t.Errorf("team %d scores %v, want 4", r.Team, r.Score)
		}
		got = append(got, r.Team)
	}
	if want := []int{B, C, D, A}; !slices.Equal(got, want) {
		t.Errorf("ranking %v, want %v", got, want)
	}
}
