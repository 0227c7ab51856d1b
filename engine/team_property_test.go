package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomTeamEvent is a team event of 4..64 teams and 4..8 boards, with up
// to two reserves a team, one of the board order rules, maybe 5场3胜-style
// early decisions and units, all drawn from rng.
func randomTeamEvent(rng *rand.Rand, system System) *TeamEvent {
	n, boards := 4+rng.IntN(61), 4+rng.IntN(5)
	rounds := min(9, n-1)
	if system != Swiss {
		n = 4 + rng.IntN(13)
		rounds = 0
	}
	s := DefaultTeamSettings(rounds, boards)
	s.Pairing.System = system
	s.Reserves = rng.IntN(3)
	s.Lineup = []LineupRule{FixedBoards, OrderedSubstitutes, FreeLineup}[rng.IntN(3)]
	if rng.IntN(3) == 0 {
		s.WinningBoards = boards/2 + 1
		s.PlayOut = rng.IntN(2) == 0
	}
	if rng.IntN(2) == 0 {
		s.Pairing.AvoidUnit = AvoidAllRounds
	}
	ev := teamEvent(n, boards+s.Reserves, s)
	for i := range ev.Teams {
		ev.Teams[i].Unit = fmt.Sprint("U", rng.IntN(n))
	}
	for i := range ev.Players {
		ev.Players[i].Rating = 1800 + rng.IntN(600)
	}
	return ev
}

// randomLineup is a line-up the rule allows, now and then with an empty
// board: any board, or under 分台换人 the last one (§12.2).
func randomLineup(rng *rand.Rand, ev *TeamEvent, id int) []int {
	members := ev.Teams[id-1].Members
	var lineup []int
	switch ev.Settings.Lineup {
	case FixedBoards:
		lineup = ev.Regulars(id)
	case OrderedSubstitutes:
		pick := rng.Perm(len(members))[:ev.Settings.Boards]
		slices.Sort(pick)
		for _, i := range pick {
			lineup = append(lineup, members[i])
		}
	default:
		for _, i := range rng.Perm(len(members))[:ev.Settings.Boards] {
			lineup = append(lineup, members[i])
		}
	}
	if rng.IntN(20) == 0 {
		empty := rng.IntN(len(lineup))
		if ev.Settings.Lineup == OrderedSubstitutes {
			empty = len(lineup) - 1
		}
		lineup[empty] = 0
	}
	return lineup
}

func playRandomRound(t testing.TB, rng *rand.Rand, ev *TeamEvent) (Pairing, bool) {
	t.Helper()
	p, err := PairTeams(ev)
	if err != nil {
		t.Logf("round %d not paired: %v", len(ev.Rounds)+1, err)
		return p, false
	}
	if err := AddTeamRound(ev, p); err != nil {
		t.Fatal(err)
	}
	r := len(ev.Rounds)
	for _, m := range ev.Rounds[r-1].Matches {
		if err := ev.SetLineups(r, m.Number, randomLineup(rng, ev, m.First), randomLineup(rng, ev, m.Second)); err != nil {
			t.Fatalf("round %d match %d: %v", r, m.Number, err)
		}
	}
	rd := &ev.Rounds[r-1]
	for i := range rd.Matches {
		m := &rd.Matches[i]
		for b := range m.Games {
			g := &m.Games[b]
			if g.Result.Decided() {
				continue
			}
			if ev.Score(*m).Decided && !ev.Settings.PlayOut {
				break
			}
			g.Result = []Result{RedWin, BlackWin, Draw}[rng.IntN(3)]
		}
	}
	return p, true
}

// checkTeamRound checks one round of a team event: every team in one match
// or a bye, every board of a match once with one player a side, the first
// team red on odd boards (R-C-2), and a decided match.
func checkTeamRound(t *testing.T, ev *TeamEvent, r int) {
	t.Helper()
	rd := ev.Rounds[r-1]
	seen := map[int]bool{}
	for _, id := range rd.Byes {
		seen[id] = true
	}
	for _, m := range rd.Matches {
		if seen[m.First] || seen[m.Second] || m.First == m.Second {
			t.Fatalf("round %d: team %d or %d paired twice", r, m.First, m.Second)
		}
		seen[m.First], seen[m.Second] = true, true
		if len(m.Games) != ev.Settings.Boards {
			t.Fatalf("round %d match %d: %d boards, want %d", r, m.Number, len(m.Games), ev.Settings.Boards)
		}
		players := map[int]bool{}
		for i, g := range m.Games {
			f, s := m.FirstLineup[i], m.SecondLineup[i]
			if g.Board != i+1 {
				t.Fatalf("round %d match %d: board %d listed as %d", r, m.Number, i+1, g.Board)
			}
			wantRed, wantBlack := f, s
			if g.Board%2 == 0 {
				wantRed, wantBlack = s, f
			}
			if g.Red != wantRed || g.Black != wantBlack {
				t.Fatalf("round %d match %d board %d: %d–%d, want %d–%d (R-C-2)", r, m.Number, g.Board, g.Red, g.Black, wantRed, wantBlack)
			}
			for _, p := range []int{f, s} {
				if p != 0 && players[p] {
					t.Fatalf("round %d match %d: player %d on two boards", r, m.Number, p)
				}
				players[p] = true
			}
		}
		if !ev.Score(m).Decided {
			t.Fatalf("round %d match %d: all boards in and undecided", r, m.Number)
		}
	}
	for _, tm := range ev.Teams {
		if !seen[tm.ID] {
			t.Fatalf("round %d: team %d neither paired nor given a bye", r, tm.ID)
		}
	}
}

// matchPointsFromBoards recomputes every team's 场分 from the boards alone.
func matchPointsFromBoards(ev *TeamEvent) []Points {
	s := ev.Settings
	mp := make([]Points, len(ev.Teams)+1)
	for _, rd := range ev.Rounds {
		for _, m := range rd.Matches {
			var fp, sp Points
			var fw, sw int
			for i, g := range m.Games {
				if g.Result == Pending {
					continue
				}
				red, black := gameOutcomes(g.Result)
				fo, so := red, black
				if i%2 == 1 {
					fo, so = black, red
				}
				fp, sp = fp+s.GamePoints.points(fo), sp+s.GamePoints.points(so)
				if won(fo) {
					fw++
				}
				if won(so) {
					sw++
				}
			}
			win, loss, draw := s.MatchPoints.Win, s.MatchPoints.Loss, s.MatchPoints.Draw
			switch {
			case s.WinningBoards > 0 && fw >= s.WinningBoards, s.WinningBoards == 0 && fp > sp, sw < s.WinningBoards && fp > sp:
				mp[m.First], mp[m.Second] = mp[m.First]+win, mp[m.Second]+loss
			case s.WinningBoards > 0 && sw >= s.WinningBoards, sp > fp:
				mp[m.First], mp[m.Second] = mp[m.First]+loss, mp[m.Second]+win
			default:
				mp[m.First], mp[m.Second] = mp[m.First]+draw, mp[m.Second]+draw
			}
		}
		for _, id := range rd.Byes {
			mp[id] += s.Pairing.ByeValue
		}
	}
	return mp
}

func TestTeamSwissProperty(t *testing.T) {
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 13))
		ev := randomTeamEvent(rng, Swiss)
		met := map[[2]int]int{}
		for r := 1; r <= ev.Settings.Pairing.Rounds; r++ {
			p, ok := playRandomRound(t, rng, ev)
			if !ok {
				// Only a small field may run out of opponents (R-SW-9 is never
				// given up); a field of 8 or more with rounds < n/2 always pairs.
				if len(ev.Teams) >= 8 && r <= len(ev.Teams)/2 {
					t.Fatalf("seed %d: %d teams, round %d not paired", seed, len(ev.Teams), r)
				}
				break
			}
			checkTeamRound(t, ev, r)
			for _, m := range ev.Rounds[r-1].Matches {
				k := [2]int{min(m.First, m.Second), max(m.First, m.Second)}
				if met[k] != 0 {
					t.Fatalf("seed %d: teams %d and %d meet in rounds %d and %d (R-SW-9)", seed, k[0], k[1], met[k], r)
				}
				met[k] = r
				if ev.Settings.Pairing.AvoidUnit == AvoidAllRounds && !relaxed(p, "R-SW-4") && ev.Teams[m.First-1].Unit == ev.Teams[m.Second-1].Unit {
					t.Fatalf("seed %d round %d: teams %d and %d of one unit meet", seed, r, m.First, m.Second)
				}
			}
		}
		want := matchPointsFromBoards(ev)
		for _, row := range TeamStandings(ev) {
			if row.MatchPoints != want[row.Team] {
				t.Fatalf("seed %d: team %d has %v match points, the boards give %v", seed, row.Team, row.MatchPoints, want[row.Team])
			}
		}
	}
}

// TestTeamRoundRobinProperty: a team round robin (R-F-2) meets every other
// team once, with the Berger table's first team red on odd boards (R-C-2).
func TestTeamRoundRobinProperty(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 2))
		ev := randomTeamEvent(rng, RoundRobin)
		n := len(ev.Teams)
		rounds := n - 1 + n%2
		for r := 1; r <= rounds; r++ {
			if _, ok := playRandomRound(t, rng, ev); !ok {
				t.Fatalf("seed %d: %d teams, round %d not paired", seed, n, r)
			}
			checkTeamRound(t, ev, r)
		}
		if _, err := PairTeams(ev); err == nil {
			t.Fatalf("seed %d: a round after the last paired", seed)
		}
		met := map[[2]int]bool{}
		for _, rd := range ev.Rounds {
			for _, m := range rd.Matches {
				met[[2]int{min(m.First, m.Second), max(m.First, m.Second)}] = true
			}
		}
		if len(met) != n*(n-1)/2 {
			t.Fatalf("seed %d: %d teams met in %d pairs, want %d", seed, n, len(met), n*(n-1)/2)
		}
		want := matchPointsFromBoards(ev)
		for _, row := range TeamStandings(ev) {
			if row.MatchPoints != want[row.Team] {
				t.Fatalf("seed %d: team %d has %v match points, the boards give %v", seed, row.Team, row.MatchPoints, want[row.Team])
			}
		}
	}
}
