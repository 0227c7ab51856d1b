package engine

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// stEvent builds an event of n players from rounds written one string a
// round. "1-2:1": red 1 beat black 2; ":0" black won, ":=" a draw, ":+"
// and ":-" forfeit wins for red and for black, ":--" neither played, ":?"
// no result yet. "/f/g" after a result gives red's and black's fouls.
// "5:bye", "5:full", "5:half", "5:zero", "5:wd" are byes of each kind,
// "5:late0" and "5:late=" rounds a late entrant missed (R-E-1).
func stEvent(t testing.TB, s Settings, n int, rounds ...string) *Event {
	t.Helper()
	results := map[string]Result{"1": RedWin, "0": BlackWin, "=": Draw, "+": RedForfeitWin,
		"-": BlackForfeitWin, "--": DoubleForfeit, "?": Pending}
	byes := map[string]ByeKind{"bye": PairingBye, "full": FullBye, "half": HalfBye, "zero": ZeroBye, "wd": WithdrawnLoss, "late0": LateZero, "late=": LateDraw}
	ev := &Event{Settings: s}
	for id := 1; id <= n; id++ {
		ev.Players = append(ev.Players, Player{ID: id, Name: fmt.Sprintf("P%d", id)})
	}
	num := func(s string) int {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("bad number %q in test event", s)
		}
		return v
	}
	for _, line := range rounds {
		var rd Round
		for _, tok := range strings.Fields(line) {
			who, what, _ := strings.Cut(tok, ":")
			if k, ok := byes[what]; ok {
				rd.Byes = append(rd.Byes, Bye{Player: num(who), Kind: k})
				continue
			}
			red, black, _ := strings.Cut(who, "-")
			res, fouls, _ := strings.Cut(what, "/")
			r, ok := results[res]
			if !ok {
				t.Fatalf("bad result %q in test event", tok)
			}
			g := Game{Board: len(rd.Games) + 1, Red: num(red), Black: num(black), Result: r}
			if fouls != "" {
				rf, bf, _ := strings.Cut(fouls, "/")
				g.RedFouls, g.BlackFouls = num(rf), num(bf)
			}
			rd.Games = append(rd.Games, g)
		}
		ev.Rounds = append(ev.Rounds, rd)
	}
	return ev
}

// stSettings returns the national Swiss defaults (2/1/0) with another
// tiebreak chain.
func stSettings(chain ...Tiebreak) Settings {
	s := DefaultSettings(9)
	if chain != nil {
		s.Tiebreaks = chain
	}
	return s
}

// stRank returns the players in standings order and their place labels.
func stRank(rows []Standing) (order []int, labels []string) {
	for _, r := range rows {
		order = append(order, r.Player)
		labels = append(labels, r.PlaceLabel())
	}
	return order, labels
}

// stValues returns column col of the tiebreak values, by player ID.
func stValues(rows []Standing, col int) []string {
	out := make([]string, len(rows))
	for _, r := range rows {
		out[r.Player-1] = r.Tiebreaks[col].String()
	}
	return out
}

// The counting event: five players, three rounds, with a pairing bye, a
// half bye, forfeits both ways, a win as black and fouls. Scores (2/1/0):
// P1 5 (W red v2, W black v3, D black v5, 2 fouls), P2 2 (L v1, bye, − v3),
// P3 3 (D v4, L v1, + as black v2), P4 4 (D v3, + v5, half bye),
// P5 3 (bye, − v4, D v1).
var stCounting = []string{
	"1-2:1 3-4:= 5:bye",
	"3-1:0 4-5:+ 2:bye",
	"2-3:- 5-1:=/0/2 4:half",
}

func TestR_T_0_Counting(t *testing.T) {
	all := []Tiebreak{Buchholz, Progressive, Wins, Fouls, BlackWins, BlackGames, SonnebornBerger, EarlierRounds, DropRounds}
	tests := []struct {
		name   string
		rounds []string
		own    bool // ByeOpponent = OpponentCountsOwn
		tb     Tiebreak
		want   []string // by player ID
	}{
		// Opponents' final scores, forfeit opponents included: P1 2+3+3,
		// P2 5+0(bye)+3, P3 4+5+2, P4 3+3+0(half bye), P5 0(bye)+4+5.
		{"对手分, bye adds 0", stCounting, false, Buchholz, []string{"8", "8", "11", "6", "9"}},
		// A bye adds the player's own score: P2 8+2, P4 6+4, P5 9+3.
		{"对手分, bye adds own score", stCounting, true, Buchholz, []string{"8", "10", "11", "10", "12"}},
		// Running scores: P1 2,4,5; P2 0,2,2; P3 1,1,3; P4 1,3,4; P5 2,2,3.
		{"累进分", stCounting, false, Progressive, []string{"11", "4", "5", "8", "7"}},
		// Forfeit wins count: P3 and P4 won only by forfeit.
		{"胜局", stCounting, false, Wins, []string{"2", "0", "1", "1", "0"}},
		{"犯规", stCounting, false, Fouls, []string{"2", "0", "0", "0", "0"}},
		// P1 won over the board as black in round 2, P3 by forfeit as black
		// in round 3; P4's forfeit win was as red.
		{"后走胜局", stCounting, false, BlackWins, []string{"1", "0", "1", "0", "0"}},
		// Only games played over the board: P3's and P5's black forfeits do
		// not count.
		{"后走局数", stCounting, false, BlackGames, []string{"2", "1", "0", "1", "0"}},
		// Beaten opponents' scores plus half the drawn ones', forfeits as
		// results: P1 2+3+5/2, P3 4/2+2, P4 3/2+3, P5 5/2.
		{"小分", stCounting, false, SonnebornBerger, []string{"6.5", "0", "4", "4.5", "2.5"}},
		// The score after round 2.
		{"倒数轮次分", stCounting, false, EarlierRounds, []string{"4", "2", "1", "3", "2"}},
		// The score without round 1.
		{"扣轮分", stCounting, false, DropRounds, []string{"3", "2", "2", "3", "1"}},
		// A game still being played adds no opponent yet: round 4 pairs
		// 1-4 and 2-3 without results, so 对手分 is as before.
		{"对手分 with a round in play", append(slices.Clone(stCounting), "1-4:? 2-3:? 5:zero"), false, Buchholz,
			[]string{"8", "8", "11", "6", "9"}},
		// ... while 累进分 adds each player's unchanged score once more.
		{"累进分 with a round in play", append(slices.Clone(stCounting), "1-4:? 2-3:? 5:zero"), false, Progressive,
			[]string{"16", "6", "8", "12", "10"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := stSettings(all...)
			if tc.own {
				s.ByeOpponent = OpponentCountsOwn
			}
			rows := Standings(stEvent(t, s, 5, tc.rounds...))
			col := slices.Index(all, tc.tb)
			if got := stValues(rows, col); !slices.Equal(got, tc.want) {
				t.Errorf("%s by player = %v, want %v", tc.tb, got, tc.want)
			}
			for _, r := range rows {
				if r.Tiebreaks[col].Tiebreak != tc.tb {
					t.Errorf("player %d column %d is %v, want %v", r.Player, col, r.Tiebreaks[col].Tiebreak, tc.tb)
				}
			}
		})
	}
}

// stOrderTest is one hand-made event with the order and places it must give.
type stOrderTest struct {
	name       string
	chain      []Tiebreak // nil: the national Swiss defaults
	scoring    Scoring    // zero: 2/1/0
	players    int
	rounds     []string
	order      []int
	labels     []string
	directVals []string // if set: the 直胜 values by player ID
}

func (tc stOrderTest) run(t *testing.T) {
	t.Helper()
	s := stSettings(tc.chain...)
	if tc.scoring != (Scoring{}) {
		s.Scoring = tc.scoring
	}
	rows := Standings(stEvent(t, s, tc.players, tc.rounds...))
	order, labels := stRank(rows)
	if !slices.Equal(order, tc.order) || !slices.Equal(labels, tc.labels) {
		t.Errorf("order %v places %v, want %v places %v", order, labels, tc.order, tc.labels)
	}
	if tc.directVals != nil {
		if got := stValues(rows, slices.Index(s.Tiebreaks, Direct)); !slices.Equal(got, tc.directVals) {
			t.Errorf("直胜 by player = %v, want %v", got, tc.directVals)
		}
	}
}

func stRun(t *testing.T, tests []stOrderTest) {
	for _, tc := range tests {
		t.Run(tc.name, tc.run)
	}
}

// In every case the player who should rank higher has the higher ID, so
// ranking by ID alone would fail.
func TestR_T_1_Swiss(t *testing.T) {
	stRun(t, []stOrderTest{{
		// P1 and P3 have 3 points; P3 met P2 (2) and P1 (3) = 5, P1 met P4
		// (0) and P3 (3) = 3.
		name:    "对手分",
		players: 4,
		rounds:  []string{"1-4:1 3-2:1", "1-3:= 2-4:1"},
		order:   []int{3, 1, 2, 4},
		labels:  []string{"1", "2", "3", "4"},
	}, {
		// P1 (two draws) and P2 (a win, a loss) have 2 points and 对手分
		// 4 each (3+1 and 1+3); P2 has the win.
		name:    "胜局",
		players: 4,
		rounds:  []string{"1-3:= 2-4:1", "1-4:= 3-2:1"},
		order:   []int{3, 2, 1, 4},
		labels:  []string{"1", "2", "3", "4"},
	}, {
		// Everyone has 2 points, 对手分 4, one win, no black win and one
		// black game. P1's foul puts him last although after round 1 he
		// had 2 points; P2 (2 after round 1) beats P3 and P4 (0), who are
		// equal on everything and share.
		name:    "犯规, then 倒数轮次分",
		players: 4,
		rounds:  []string{"1-3:1/1/0 2-4:1", "4-1:1 3-2:1"},
		order:   []int{2, 3, 4, 1},
		labels:  []string{"1", "2=", "2=", "4"},
	}, {
		// All on 2 points, 对手分 4, one win, no fouls. P2 won as black.
		// P1 and P3 played one black game, P4 none; P1 led after round 1.
		name:    "后走胜局, then 后走局数",
		players: 4,
		rounds:  []string{"1-3:1 4-2:0", "4-1:1 3-2:1"},
		order:   []int{2, 1, 3, 4},
		labels:  []string{"1", "2", "3", "4"},
	}, {
		// All on 2 points, 对手分 4, one win, no fouls; P4 won as black.
		// P1 played both games as red, P2 and P3 one as black, so P1 is
		// last; P2 led P3 after round 1.
		name:    "后走局数",
		players: 4,
		rounds:  []string{"1-3:1 2-4:1", "1-4:0 3-2:1"},
		order:   []int{4, 2, 3, 1},
		labels:  []string{"1", "2", "3", "4"},
	}, {
		// P1 (0,2,2) and P2 (2,0,2) have 4 points, 对手分 8 (4+1+3), two
		// wins, one win as black, two black games. After round 2 both had
		// 2; after round 1 P2 had 2 and P1 0.
		name:    "倒数轮次分, two rounds back",
		players: 4,
		rounds:  []string{"2-1:1 3-4:=", "1-3:1 4-2:1", "4-1:0 3-2:0"},
		order:   []int{2, 1, 4, 3},
		labels:  []string{"1", "2", "3", "4"},
	}, {
		// The later round counts first. On 3 points P1 ran 2,2,3, P2
		// 1,3,3 and P6 1,2,3: after round 2 P2 leads; P1 and P6 are level
		// there, and P1 led after round 1. On 4 points P5 (1,3) is ahead
		// of P4 (1,2).
		name:    "倒数轮次分, latest round first",
		chain:   []Tiebreak{EarlierRounds},
		players: 6,
		rounds:  []string{"1-3:1 2-4:= 5-6:=", "5-1:1 2-3:1 4-6:=", "1-6:= 4-2:1 3-5:="},
		order:   []int{5, 4, 2, 1, 6, 3},
		labels:  []string{"1", "2", "3", "4", "5", "6"},
	}})
}

var stR_T_2 = []Tiebreak{Progressive, Wins, Fouls, BlackWins, DropRounds}

func TestR_T_2_Progressive(t *testing.T) {
	stRun(t, []stOrderTest{{
		// The last event of TestR_T_1_Swiss: P1 ran 0,2,4 = 6 and P2
		// 2,2,4 = 8.
		name:    "累进分",
		chain:   stR_T_2,
		players: 4,
		rounds:  []string{"2-1:1 3-4:=", "1-3:1 4-2:1", "4-1:0 3-2:0"},
		order:   []int{2, 1, 4, 3},
		labels:  []string{"1", "2", "3", "4"},
	}, {
		// P1 scored W,L,L,W and P2 L,W,W,L: 4 points, 累进分 10 (2+2+2+4
		// and 0+2+4+4), two wins, one of them as black, no fouls. Without
		// round 1 P1 has 2 and P2 4. P4 (W,-,W,-) ran up 累进分 12.
		name:    "扣轮分 after the whole 003 chain",
		chain:   stR_T_2,
		players: 6,
		rounds: []string{
			"1-3:1 2-4:0 5:zero 6:zero",
			"1-5:0 6-2:0 3:zero 4:zero",
			"4-1:1 2-3:1 5:zero 6:zero",
			"5-1:0 2-6:0 3:zero 4:zero",
		},
		order:  []int{4, 2, 1, 5, 6, 3},
		labels: []string{"1", "2", "3", "4", "5", "6"},
	}, {
		// P1 scored 1,2,0 and P2 1,0,2. Without round 1 both have 2;
		// without rounds 1 and 2, P1 has 0 and P2 2.
		name:    "扣轮分, two rounds dropped",
		chain:   []Tiebreak{DropRounds},
		players: 4,
		rounds:  []string{"1-2:= 3-4:1", "1-4:1 2-3:0", "1-3:0 2-4:1"},
		order:   []int{3, 2, 1, 4},
		labels:  []string{"1", "2", "3", "4"},
	}, {
		// The same event by 倒数轮次分 goes the other way: after round 2
		// P1 had 3 and P2 1.
		name:    "倒数轮次分 on the same event",
		chain:   []Tiebreak{EarlierRounds},
		players: 4,
		rounds:  []string{"1-2:= 3-4:1", "1-4:1 2-3:0", "1-3:0 2-4:1"},
		order:   []int{3, 1, 2, 4},
		labels:  []string{"1", "2", "3", "4"},
	}})
}

var stR_T_3 = []Tiebreak{SonnebornBerger, Wins, Direct, Fouls}

func TestR_T_3_RoundRobin(t *testing.T) {
	stRun(t, []stOrderTest{{
		// 1/½/0. P1 and P2 drew and have 1.5. P1 beat P3 (1), P2 beat P4
		// (2): 小分 0.75+1 = 1.75 against 0.75+2 = 2.75.
		name:    "小分",
		chain:   stR_T_3,
		scoring: ScoringNational,
		players: 4,
		rounds:  []string{"1-2:= 3-4:0", "1-3:1 2-4:1", "1-4:0 2-3:0"},
		order:   []int{4, 2, 1, 3},
		labels:  []string{"1", "2", "3", "4"},
	}, {
		// 1/½/0. P1 and P2 have 1.5, 小分 2 (1 + 2/2 and 1.5 + 1/2) and a
		// win each; P2 beat P1.
		name:       "直胜",
		chain:      stR_T_3,
		scoring:    ScoringNational,
		players:    4,
		rounds:     []string{"1-2:0 3-4:=", "1-3:1 2-4:0", "1-4:= 2-3:="},
		order:      []int{4, 2, 1, 3},
		labels:     []string{"1", "2", "3", "4"},
		directVals: []string{"0", "1", "0", "0"},
	}, {
		// Without 直胜 the same two share second place.
		name:    "no 直胜 in the chain",
		chain:   []Tiebreak{SonnebornBerger, Wins, Fouls},
		scoring: ScoringNational,
		players: 4,
		rounds:  []string{"1-2:0 3-4:=", "1-3:1 2-4:0", "1-4:= 2-3:="},
		order:   []int{4, 1, 2, 3},
		labels:  []string{"1", "2=", "2=", "4"},
	}})
}

// TestR_T_3_Direct covers the cases FIDE's direct encounter distinguishes.
func TestR_T_3_Direct(t *testing.T) {
	direct := []Tiebreak{Direct}
	stRun(t, []stOrderTest{{
		// 1 beat 2, 2 beat 3, 3 beat 1: all met, all have 2 points among
		// themselves.
		name:       "all met, a cycle",
		chain:      direct,
		players:    3,
		rounds:     []string{"1-2:1 3:zero", "2-3:1 1:zero", "3-1:1 2:zero"},
		order:      []int{1, 2, 3},
		labels:     []string{"1=", "1=", "1="},
		directVals: []string{"2", "2", "2"},
	}, {
		// P1-P4 have 4 points and all met: among them P1 and P2 have 4,
		// P3 and P4 2. Compared again among themselves, P2 beat P1 and P4
		// beat P3. P5 and P6 (3 points) drew.
		name:    "all met, compared again among the still tied",
		chain:   direct,
		players: 6,
		rounds: []string{
			"1-2:0 3-4:0 5-6:=",
			"1-3:1 2-4:1 5:zero 6:zero",
			"1-4:1 2-3:0 5:zero 6:zero",
			"1-5:0 2-6:0 3:zero 4:zero",
			"3-5:1 4-6:1 1:zero 2:zero",
		},
		order:      []int{2, 1, 4, 3, 5, 6},
		labels:     []string{"1", "2", "3", "4", "5=", "5="},
		directVals: []string{"4", "4", "2", "2", "1", "1"},
	}, {
		// P1, P2, P3 have 4 points; P3 beat both, who never met. P3's 4
		// points among them are more than P1 or P2 could have had (2) had
		// they played each other, so P3 is first; P1 and P2 stay tied.
		name:       "not all met, one beat all the others",
		chain:      direct,
		players:    4,
		rounds:     []string{"3-1:1 2:full 4:zero", "3-2:1 1-4:1", "1:full 2:full 3:zero 4:zero"},
		order:      []int{3, 1, 2, 4},
		labels:     []string{"1", "2=", "2=", "4"},
		directVals: []string{"0", "0", "4", "0"},
	}, {
		// P1, P2, P3 have 2 points; P3 beat P1 but P2 met neither. P2
		// could have reached 4 by beating both, so nobody is separated.
		name:       "not all met, the leader could be caught",
		chain:      direct,
		players:    4,
		rounds:     []string{"3-1:1 2:full 4:zero", "1-4:1 2:zero 3:zero"},
		order:      []int{1, 2, 3, 4},
		labels:     []string{"1=", "1=", "1=", "4"},
		directVals: []string{"0", "0", "2", "0"},
	}, {
		// P1 and P2 have 2 points; P2 beat P1 by forfeit, which counts.
		name:       "a forfeit counts as scored",
		chain:      direct,
		players:    4,
		rounds:     []string{"1-2:- 3-4:1", "1-4:1 2-3:0"},
		order:      []int{3, 2, 1, 4},
		labels:     []string{"1", "2", "3", "4"},
		directVals: []string{"0", "2", "0", "0"},
	}})
}

// In the event of stAllTwo everyone has 2 points, 对手分 4, one win, no
// black win and one black game; after round 1, P1 and P2 had 2 points and
// P3 and P4 none. With the default chain that is 1=, 1=, 3=, 3=.
var stAllTwo = []string{"1-3:1 2-4:1", "4-1:1 3-2:1"}

func TestR_T_7_Penalties(t *testing.T) {
	tests := []struct {
		name      string
		rounds    []string
		penalties map[int]int
		order     []int
		labels    []string
	}{
		{"none", stAllTwo, nil, []int{1, 2, 3, 4}, []string{"1=", "1=", "3=", "3="}},
		// P1 drops below P3 and P4 although every tiebreak favours him.
		{"last among equals", stAllTwo, map[int]int{1: 1}, []int{2, 3, 4, 1}, []string{"1", "2=", "2=", "4"}},
		// More penalties rank lower.
		{"by number", stAllTwo, map[int]int{1: 2, 3: 1}, []int{2, 4, 3, 1}, []string{"1", "2", "3", "4"}},
		// Equal penalties leave the tiebreaks to decide, and may share.
		{"equal penalties", stAllTwo, map[int]int{3: 1, 4: 1}, []int{1, 2, 3, 4}, []string{"1=", "1=", "3=", "3="}},
		// Scores 3, 3, 2, 0 (see TestR_T_1_Swiss 对手分): a penalty never
		// moves a player below a lower score.
		{"only among equal scores", []string{"1-4:1 3-2:1", "1-3:= 2-4:1"}, map[int]int{3: 1, 2: 3},
			[]int{1, 3, 2, 4}, []string{"1", "2", "3", "4"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ev := stEvent(t, stSettings(), 4, tc.rounds...)
			for id, p := range tc.penalties {
				ev.Players[id-1].Penalties = p
			}
			order, labels := stRank(Standings(ev))
			if !slices.Equal(order, tc.order) || !slices.Equal(labels, tc.labels) {
				t.Errorf("order %v places %v, want %v places %v", order, labels, tc.order, tc.labels)
			}
		})
	}
}

func TestR_T_8_Lots(t *testing.T) {
	const n = 8
	draw := func(seed uint64, rounds ...string) (order []int, rows []Standing) {
		s := stSettings(Lots)
		s.Seed = seed
		rows = Standings(stEvent(t, s, n, rounds...))
		order, _ = stRank(rows)
		return order, rows
	}
	order, rows := draw(7)
	for i, r := range rows {
		// Nobody shares, and the lower draw number ranks higher: with no
		// games played the draw number is the place.
		if r.Shared || r.Place != i+1 || r.Tiebreaks[0].Value != Pts(i+1) {
			t.Errorf("row %d: place %s, draw %s; want place %d, draw %d", i, r.PlaceLabel(), r.Tiebreaks[0], i+1, i+1)
		}
	}
	if slices.IsSorted(order) {
		t.Errorf("draw %v is the sequence order: not drawn", order)
	}
	if again, _ := draw(7); !slices.Equal(again, order) {
		t.Errorf("seed 7 drew %v, then %v", order, again)
	}
	if other, _ := draw(8); slices.Equal(other, order) {
		t.Errorf("seeds 7 and 8 drew the same %v", order)
	}
	// Results do not change anyone's draw number: it is drawn once.
	_, played := draw(7, "1-2:1 3-4:= 5-6:0 7-8:1")
	for _, r := range played {
		if want := Pts(slices.Index(order, r.Player) + 1); r.Tiebreaks[0].Value != want {
			t.Errorf("player %d drew %s after results, %s before", r.Player, r.Tiebreaks[0], want)
		}
	}

	// Lots only settle what the tiebreaks before them leave tied: the 对手分
	// event of TestR_T_1_Swiss has no ties.
	for seed := uint64(0); seed < 20; seed++ {
		s := stSettings(Buchholz, Lots)
		s.Seed = seed
		got, _ := stRank(Standings(stEvent(t, s, 4, "1-4:1 3-2:1", "1-3:= 2-4:1")))
		if want := []int{3, 1, 2, 4}; !slices.Equal(got, want) {
			t.Errorf("seed %d: order %v, want %v", seed, got, want)
		}
	}
}

func TestR_T_9_SharedPlaces(t *testing.T) {
	tests := []struct {
		name   string
		chain  []Tiebreak
		rounds []string
		skips  bool
		labels []string
	}{
		{"skips", nil, stAllTwo, true, []string{"1=", "1=", "3=", "3="}},
		{"does not skip", nil, stAllTwo, false, []string{"1=", "1=", "2=", "2="}},
		{"skips after a shared second", []Tiebreak{Direct},
			[]string{"3-1:1 2:full 4:zero", "3-2:1 1-4:1", "1:full 2:full 3:zero 4:zero"}, true,
			[]string{"1", "2=", "2=", "4"}},
		{"does not skip after a shared second", []Tiebreak{Direct},
			[]string{"3-1:1 2:full 4:zero", "3-2:1 1-4:1", "1:full 2:full 3:zero 4:zero"}, false,
			[]string{"1", "2=", "2=", "3"}},
		{"lots share nothing", []Tiebreak{Buchholz, Lots}, stAllTwo, true, []string{"1", "2", "3", "4"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := stSettings(tc.chain...)
			s.SharedPlaceSkips = tc.skips
			if _, labels := stRank(Standings(stEvent(t, s, 4, tc.rounds...))); !slices.Equal(labels, tc.labels) {
				t.Errorf("places %v, want %v", labels, tc.labels)
			}
		})
	}
}

func TestR_W_4_WithdrawnKeepTheirRow(t *testing.T) {
	// P4 withdrew after round 1 (a forfeit loss each round after, R-W-3):
	// he keeps his row and his round-1 win over P3 still counts, for him
	// and in P3's 对手分 and 累进分.
	ev := stEvent(t, stSettings(Buchholz, Progressive), 4, "4-3:1 1-2:=", "1-3:1 2:bye 4:wd", "2-3:= 1:bye 4:wd")
	ev.Players[3].WithdrawnAfter = 1
	rows := Standings(ev)
	if len(rows) != 4 {
		t.Fatalf("%d rows, want 4", len(rows))
	}
	want := []struct {
		id           int
		score, bh, p Points
	}{
		// P1 1+2+2 = 5; P2 1+2+1 = 4; P4 2 (running 2,2,2); P3 0+0+1.
		{1, Pts(5), Pts(4 + 1), Pts(1 + 3 + 5)},
		{2, Pts(4), Pts(5 + 1), Pts(1 + 3 + 4)},
		{4, Pts(2), Pts(1), Pts(2 + 2 + 2)},
		{3, Pts(1), Pts(2 + 5 + 4), Pts(0 + 0 + 1)},
	}
	for i, w := range want {
		r := rows[i]
		if r.Player != w.id || r.Score != w.score || r.Tiebreaks[0].Value != w.bh || r.Tiebreaks[1].Value != w.p {
			t.Errorf("row %d: player %d score %s 对手分 %s 累进分 %s; want player %d score %s %s %s",
				i, r.Player, r.Score, r.Tiebreaks[0], r.Tiebreaks[1], w.id, w.score, w.bh, w.p)
		}
	}
}

func TestTiebreakValueString(t *testing.T) {
	tests := []struct {
		v    TiebreakValue
		want string
	}{
		{TiebreakValue{Value: Pts(3)}, "3"},
		{TiebreakValue{Value: 5}, "2.5"},
		{TiebreakValue{Value: 5, Quarter: true}, "2.75"},
		{TiebreakValue{Value: 2, Quarter: true}, "1.25"},
		{TiebreakValue{Value: 0, Quarter: true}, "0.25"},
		{TiebreakValue{Value: -1, Quarter: true}, "-0.25"},
		{TiebreakValue{Value: -2, Quarter: true}, "-0.75"},
	}
	for _, tc := range tests {
		if got := tc.v.String(); got != tc.want {
			t.Errorf("%+v prints %q, want %q", tc.v, got, tc.want)
		}
		if got := strconv.FormatFloat(tc.v.Float(), 'f', -1, 64); got != tc.want {
			t.Errorf("%+v as float is %s, want %s", tc.v, got, tc.want)
		}
	}
}

func TestStandingsOddInput(t *testing.T) {
	if rows := Standings(nil); rows != nil {
		t.Errorf("nil event gave %v", rows)
	}
	if rows := Standings(&Event{}); len(rows) != 0 {
		t.Errorf("empty event gave %v", rows)
	}
	// No rounds yet: everyone shares first place, every value is 0.
	s := stSettings(Buchholz, Progressive, EarlierRounds, DropRounds, Direct, SonnebornBerger)
	rows := Standings(stEvent(t, s, 3))
	for _, r := range rows {
		if r.Place != 1 || !r.Shared || r.Score != 0 {
			t.Errorf("before round 1: %+v", r)
		}
		for _, v := range r.Tiebreaks {
			if v.Value != 0 || v.Quarter {
				t.Errorf("before round 1: player %d %s = %s", r.Player, v.Tiebreak, v)
			}
		}
	}
	// Unknown and repeated tiebreaks, negative penalties and games with
	// players who do not exist neither panic nor change the order.
	s = stSettings(Tiebreak(0), Buchholz, Tiebreak(99), Buchholz)
	ev := stEvent(t, s, 4, "1-4:1 3-2:1 7-9:1 0-1:0", "1-3:= 2-4:1 5:bye")
	ev.Players[1].Penalties = -3
	if got, _ := stRank(Standings(ev)); !slices.Equal(got, []int{3, 1, 2, 4}) {
		t.Errorf("order %v, want [3 1 2 4]", got)
	}
}

// stRandomEvent makes an event of n players and the given number of
// rounds with random pairings, results, byes, fouls, penalties and
// withdrawals, all drawn from rng.
func stRandomEvent(rng *rand.Rand, n, rounds int) *Event {
	scorings := []Scoring{ScoringNational, ScoringTwoOne, ScoringThreeOne}
	s := DefaultSettings(rounds)
	s.Scoring = scorings[rng.IntN(len(scorings))]
	s.ByeValue = s.Win
	s.Seed = rng.Uint64()
	ev := &Event{Settings: s}
	for id := 1; id <= n; id++ {
		p := Player{ID: id}
		if rng.IntN(20) == 0 {
			p.Penalties = 1 + rng.IntN(2)
		}
		if rounds > 0 && rng.IntN(15) == 0 {
			p.WithdrawnAfter = rng.IntN(rounds)
		}
		ev.Players = append(ev.Players, p)
	}
	results := []Result{RedWin, RedWin, BlackWin, BlackWin, Draw, Draw, RedForfeitWin, BlackForfeitWin, DoubleForfeit}
	for r := 1; r <= rounds; r++ {
		var rd Round
		var ids []int
		for _, p := range ev.Players {
			if p.Active(r) {
				ids = append(ids, p.ID)
			} else {
				rd.Byes = append(rd.Byes, Bye{Player: p.ID, Kind: WithdrawnLoss})
			}
		}
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		for len(ids) >= 2 {
			g := Game{Board: len(rd.Games) + 1, Red: ids[0], Black: ids[1], Result: results[rng.IntN(len(results))]}
			if r == rounds && rng.IntN(10) == 0 {
				g.Result = Pending
			}
			g.RedFouls, g.BlackFouls = rng.IntN(4)/3, rng.IntN(4)/3
			rd.Games = append(rd.Games, g)
			ids = ids[2:]
		}
		if len(ids) == 1 {
			rd.Byes = append(rd.Byes, Bye{Player: ids[0], Kind: ByeKind(rng.IntN(4))})
		}
		ev.Rounds = append(ev.Rounds, rd)
	}
	return ev
}

// stBetter compares the shown values of a tiebreak that ranks by its value
// alone: positive when a ranks above b.
func stBetter(a, b TiebreakValue) int {
	qa, qb := 2*int(a.Value), 2*int(b.Value)
	if a.Quarter {
		qa++
	}
	if b.Quarter {
		qb++
	}
	if a.Tiebreak == Fouls || a.Tiebreak == Lots {
		return qb - qa
	}
	return qa - qb
}

func TestStandingsProperties(t *testing.T) {
	all := []Tiebreak{Buchholz, Progressive, Wins, Fouls, BlackWins, BlackGames, Direct, SonnebornBerger, EarlierRounds, DropRounds, Lots}
	rng := rand.New(rand.NewPCG(2024, 15))
	for iter := range 400 {
		n, rounds := 1+rng.IntN(40), rng.IntN(10)
		ev := stRandomEvent(rng, n, rounds)
		chain := slices.Clone(all)
		rng.Shuffle(len(chain), func(i, j int) { chain[i], chain[j] = chain[j], chain[i] })
		ev.Settings.Tiebreaks = chain[:rng.IntN(len(chain)+1)]
		ev.Settings.SharedPlaceSkips = rng.IntN(2) == 0
		ev.Settings.ByeOpponent = OpponentRule(rng.IntN(2))
		name := fmt.Sprintf("event %d (%d players, %d rounds, %v, skips %v)", iter, n, rounds, ev.Settings.Tiebreaks, ev.Settings.SharedPlaceSkips)

		rows := Standings(ev)
		if again := Standings(ev); !reflect.DeepEqual(rows, again) {
			t.Fatalf("%s: two calls differ", name)
		}
		if len(rows) != n {
			t.Fatalf("%s: %d rows", name, len(rows))
		}
		hist := ev.Histories()
		seen := make([]bool, n+1)
		pen := func(r Standing) int { return max(ev.Players[r.Player-1].Penalties, 0) }
		lots := slices.Contains(ev.Settings.Tiebreaks, Lots)
		groupStart, groupNo := 0, 1
		for i, r := range rows {
			if seen[r.Player] {
				t.Fatalf("%s: player %d twice", name, r.Player)
			}
			seen[r.Player] = true
			if r.Score != Score(hist[r.Player]) {
				t.Errorf("%s: player %d score %s, history says %s", name, r.Player, r.Score, Score(hist[r.Player]))
			}
			if len(r.Tiebreaks) != len(ev.Settings.Tiebreaks) {
				t.Fatalf("%s: player %d has %d tiebreak values", name, r.Player, len(r.Tiebreaks))
			}
			if i == 0 {
				if r.Place != 1 {
					t.Errorf("%s: first place is %d", name, r.Place)
				}
				continue
			}
			up := rows[i-1]
			if up.Score < r.Score || up.Score == r.Score && pen(up) > pen(r) {
				t.Errorf("%s: row %d (score %s, %d penalties) above row %d (%s, %d)", name, i-1, up.Score, pen(up), i, r.Score, pen(r))
			}
			if r.Place == up.Place {
				// Shared: fully equal, listed by ID. 直胜 may differ among
				// players who did not all meet.
				if !r.Shared || !up.Shared || r.Score != up.Score || pen(r) != pen(up) || r.Player < up.Player {
					t.Errorf("%s: rows %d and %d share place %d: %+v, %+v", name, i-1, i, r.Place, up, r)
				}
				for k, v := range r.Tiebreaks {
					if v.Tiebreak != Direct && v != up.Tiebreaks[k] {
						t.Errorf("%s: rows %d and %d share place %d with %s %s and %s", name, i-1, i, r.Place, v.Tiebreak, up.Tiebreaks[k], v)
					}
				}
				if lots {
					t.Errorf("%s: rows %d and %d share place %d though 抽签 is in the chain", name, i-1, i, r.Place)
				}
				continue
			}
			if up.Shared != (i-groupStart > 1) {
				t.Errorf("%s: row %d shared is %v, group of %d", name, i-1, up.Shared, i-groupStart)
			}
			groupStart, groupNo = i, groupNo+1
			want := groupNo
			if ev.Settings.SharedPlaceSkips {
				want = i + 1
			}
			if r.Place != want {
				t.Errorf("%s: row %d place %d, want %d", name, i, r.Place, want)
			}
			if r.Score != up.Score || pen(r) != pen(up) {
				continue
			}
			// Same score and penalties: the first tiebreak that tells them
			// apart must favour the upper row. Past 直胜 or a sequence
			// tiebreak whose first value is equal, the shown values cannot
			// tell.
			decided := false
			for k, v := range up.Tiebreaks {
				if v.Tiebreak == Direct {
					decided = true
					break
				}
				c := stBetter(v, r.Tiebreaks[k])
				if c < 0 {
					t.Errorf("%s: row %d above row %d with worse %s (%s < %s)", name, i-1, i, v.Tiebreak, v, r.Tiebreaks[k])
				}
				if c != 0 || v.Tiebreak == EarlierRounds || v.Tiebreak == DropRounds {
					decided = true
					break
				}
			}
			if !decided {
				t.Errorf("%s: rows %d and %d are equal on everything but do not share", name, i-1, i)
			}
		}
		if n-groupStart > 1 != rows[n-1].Shared {
			t.Errorf("%s: last row shared is %v", name, rows[n-1].Shared)
		}
	}
}
