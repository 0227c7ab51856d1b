package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/qisai/qisai/internal/shared"
	"os"
	"reflect"
	"strings"
	"testing"
)

// rrEvent is a round robin of n players numbered 1..n.
func rrEvent(n int, sys System) *Event {
	ev := &Event{Settings: DefaultSettings(0)}
	ev.Settings.System = sys
	for id := 1; id <= n; id++ {
		ev.Players = append(ev.Players, Player{ID: id})
	}
	return ev
}

// bergerTables reads FIDE's Berger tables for 3..24 players from the shared
// test data: n → rounds → boards → [white, black].
func bergerTables(t *testing.T) map[int][][][2]int {
	t.Helper()
	path := shared.Path(t, "berger", "berger_3-24.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string][][][2]int
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	tables := make(map[int][][][2]int)
	for k, v := range raw {
		var n int
		if _, err := fmt.Sscan(k, &n); err != nil {
			t.Fatalf("%s: key %q is not a number", path, k)
		}
		tables[n] = v
	}
	return tables
}

// TestR_C_2_BergerTables compares every round, board and colour of the
// generated tables with FIDE's for 3..24 players; for odd n the player
// meeting n+1 must get the bye instead of a board.
func TestR_C_2_BergerTables(t *testing.T) {
	tables := bergerTables(t)
	if len(tables) != 22 {
		t.Fatalf("want the tables for n = 3..24, got %d tables", len(tables))
	}
	for n := 3; n <= 24; n++ {
		fide, ok := tables[n]
		if !ok {
			t.Fatalf("no FIDE table for n = %d", n)
		}
		ev := rrEvent(n, RoundRobin)
		for r, round := range fide {
			got, err := pairRoundRobin(ev, r+1)
			if err != nil {
				t.Fatalf("n=%d round %d: %v", n, r+1, err)
			}
			want := Pairing{Round: r + 1}
			for _, b := range round {
				switch {
				case b[0] == n+1:
					want.Byes = append(want.Byes, b[1])
				case b[1] == n+1:
					want.Byes = append(want.Byes, b[0])
				default:
					want.Boards = append(want.Boards, Board{Number: len(want.Boards) + 1, Red: b[0], Black: b[1], Placed: PlacedBerger, ColourRule: ColourBerger})
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("n=%d round %d:\n got  %+v\n want %+v", n, r+1, got, want)
			}
		}
		_, err := pairRoundRobin(ev, len(fide)+1)
		if !errors.Is(err, ErrNoPairing) || !strings.Contains(err.Error(), fmt.Sprintf("has %d rounds", len(fide))) {
			t.Errorf("n=%d: round %d after a cycle of %d: got error %v, want ErrNoPairing saying it has %d rounds", n, len(fide)+1, len(fide), err, len(fide))
		}
	}
}

// TestR_F_2_SecondCycle checks that round k+R of a double round robin is
// round k with the colours swapped.
func TestR_F_2_SecondCycle(t *testing.T) {
	for n := 2; n <= 11; n++ {
		single, double := rrEvent(n, RoundRobin), rrEvent(n, DoubleRoundRobin)
		cycle := n - 1 + n%2
		for k := 1; k <= cycle; k++ {
			first, err := pairRoundRobin(single, k)
			if err != nil {
				t.Fatalf("n=%d round %d: %v", n, k, err)
			}
			second, err := pairRoundRobin(double, k+cycle)
			if err != nil {
				t.Fatalf("n=%d round %d: %v", n, k+cycle, err)
			}
			want := Pairing{Round: k + cycle, Byes: first.Byes}
			for _, b := range first.Boards {
				b.Red, b.Black, b.ColourRule = b.Black, b.Red, ColourSecondCycle
				want.Boards = append(want.Boards, b)
			}
			if !reflect.DeepEqual(second, want) {
				t.Errorf("n=%d round %d:\n got  %+v\n want %+v", n, k+cycle, second, want)
			}
		}
		if _, err := pairRoundRobin(double, 2*cycle+1); !errors.Is(err, ErrNoPairing) {
			t.Errorf("n=%d: round %d of a double round robin of %d rounds: got %v, want ErrNoPairing", n, 2*cycle+1, 2*cycle, err)
		}
	}
}

// TestR_F_2_EveryPairMeets pairs whole events through Pair: a round robin
// meets every pair once, a double round robin twice with each colour once,
// and an odd field gives each player one bye per cycle.
func TestR_F_2_EveryPairMeets(t *testing.T) {
	for _, sys := range []System{RoundRobin, DoubleRoundRobin} {
		cycles := 1
		if sys == DoubleRoundRobin {
			cycles = 2
		}
		for n := 2; n <= 13; n++ {
			ev := rrEvent(n, sys)
			games := map[[2]int]int{} // [red, black] → games
			byes := map[int]int{}
			for {
				p, err := Pair(ev)
				if errors.Is(err, ErrNoPairing) {
					break
				}
				if err != nil {
					t.Fatalf("%v n=%d round %d: %v", sys, n, len(ev.Rounds)+1, err)
				}
				for _, b := range p.Boards {
					games[[2]int{b.Red, b.Black}]++
				}
				for _, id := range p.Byes {
					byes[id]++
				}
				if err := AddRound(ev, p); err != nil {
					t.Fatal(err)
				}
			}
			if want := cycles * (n - 1 + n%2); len(ev.Rounds) != want {
				t.Errorf("%v n=%d: %d rounds, want %d", sys, n, len(ev.Rounds), want)
			}
			for a := 1; a <= n; a++ {
				if want := cycles * (n % 2); byes[a] != want {
					t.Errorf("%v n=%d: player %d has %d byes, want %d", sys, n, a, byes[a], want)
				}
				for b := a + 1; b <= n; b++ {
					ab, ba := games[[2]int{a, b}], games[[2]int{b, a}]
					if ab+ba != cycles || cycles == 2 && ab != 1 {
						t.Errorf("%v n=%d: %d–%d met %d times with %d red, %d times with %d red; want %d in all, each colour once in a double round robin", sys, n, a, b, ab, a, ba, b, cycles)
					}
				}
			}
		}
	}
}

// TestR_C_2_Errors covers the events that have no round-robin pairing.
func TestR_C_2_Errors(t *testing.T) {
	tests := []struct {
		name   string
		n      int
		sys    System
		rounds int // Settings.Rounds
		gone   []int
		round  int
		want   string
	}{
		{"no players", 0, RoundRobin, 0, nil, 1, "at least 2 players and has 0"},
		{"one player", 1, RoundRobin, 0, nil, 1, "at least 2 players and has 1"},
		{"one left before round 1", 2, RoundRobin, 0, []int{2}, 1, "at least 2 players and has 1"},
		{"past the cycle", 6, RoundRobin, 0, nil, 6, "has 5 rounds"},
		{"past both cycles", 5, DoubleRoundRobin, 0, nil, 11, "has 10 rounds"},
		{"round 0", 4, RoundRobin, 0, nil, 0, "has 3 rounds"},
		{"settings longer than the cycle", 6, RoundRobin, 6, nil, 1, "ask for 6 rounds but a round robin of 6 players has 5"},
		{"settings longer than both cycles", 4, DoubleRoundRobin, 7, nil, 1, "ask for 7 rounds but a round robin of 4 players has 6"},
		{"past a shortened event", 8, RoundRobin, 3, nil, 4, "has 3 rounds"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := rrEvent(tt.n, tt.sys)
			ev.Settings.Rounds = tt.rounds
			for _, id := range tt.gone {
				ev.Players[id-1].WithdrawnAfter = -1
			}
			p, err := pairRoundRobin(ev, tt.round)
			if !errors.Is(err, ErrNoPairing) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %+v, %v; want ErrNoPairing saying %q", p, err, tt.want)
			}
		})
	}
}

// TestR_W_1_RoundRobinRedraw checks that players who left before round 1
// are left out of the table and the others fill it in ID order.
func TestR_W_1_RoundRobinRedraw(t *testing.T) {
	tests := []struct {
		n      int
		gone   []int
		ids    []int // table number k → ids[k-1]
		rounds int
	}{
		{5, []int{3}, []int{1, 2, 4, 5}, 3},
		{6, []int{1}, []int{2, 3, 4, 5, 6}, 5},
		{8, []int{2, 7}, []int{1, 3, 4, 5, 6, 8}, 5},
	}
	for _, tt := range tests {
		ev, table := rrEvent(tt.n, RoundRobin), rrEvent(len(tt.ids), RoundRobin)
		for _, id := range tt.gone {
			if err := Withdraw(ev, id, 0); err != nil {
				t.Fatal(err)
			}
		}
		for r := 1; r <= tt.rounds+1; r++ {
			got, gotErr := pairRoundRobin(ev, r)
			want, wantErr := pairRoundRobin(table, r)
			if (gotErr == nil) != (wantErr == nil) {
				t.Fatalf("n=%d without %v, round %d: error %v, want %v", tt.n, tt.gone, r, gotErr, wantErr)
			}
			for i := range want.Boards {
				want.Boards[i].Red, want.Boards[i].Black = tt.ids[want.Boards[i].Red-1], tt.ids[want.Boards[i].Black-1]
			}
			for i := range want.Byes {
				want.Byes[i] = tt.ids[want.Byes[i]-1]
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("n=%d without %v, round %d:\n got  %+v\n want %+v", tt.n, tt.gone, r, got, want)
			}
		}
	}
}

// TestR_W_2_LeaverKeepsBoard checks that a player who left during a round
// robin is still paired from the table; the forfeit is recorded later.
func TestR_W_2_LeaverKeepsBoard(t *testing.T) {
	ev := rrEvent(6, RoundRobin)
	ev.Players[0].WithdrawnAfter = 2
	p, err := pairRoundRobin(ev, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Board{Number: 1, Red: 2, Black: 6, Placed: PlacedBerger, ColourRule: ColourBerger}); p.Boards[0] != want {
		t.Errorf("board 1 = %+v, want %+v", p.Boards[0], want)
	}
	if want := (Board{Number: 2, Red: 3, Black: 1, Placed: PlacedBerger, ColourRule: ColourBerger}); p.Boards[1] != want {
		t.Errorf("board 2 = %+v, want the leaver's board %+v", p.Boards[1], want)
	}
}

// TestR_C_2_PlannedRounds: a round robin plays its table's rounds — one
// fewer than the players, the bye's extra number counted in an odd field,
// twice that in a double round robin (R-F-2) — unless fewer are set; those
// who withdrew before round 1 are not in the table (R-W-1). A Swiss plays
// the rounds set.
func TestR_C_2_PlannedRounds(t *testing.T) {
	withdrawnEarly := rrEvent(7, RoundRobin)
	withdrawnEarly.Players[6].WithdrawnAfter = -1
	fewer := rrEvent(8, RoundRobin)
	fewer.Settings.Rounds = 3
	swiss := rrEvent(30, Swiss)
	swiss.Settings.Rounds = 9
	for _, c := range []struct {
		name string
		ev   *Event
		want int
	}{
		{"6 players", rrEvent(6, RoundRobin), 5},
		{"7 players: the bye's number makes 8", rrEvent(7, RoundRobin), 7},
		{"double round robin of 6", rrEvent(6, DoubleRoundRobin), 10},
		{"one withdrew before round 1", withdrawnEarly, 5},
		{"3 rounds set", fewer, 3},
		{"one player: no table", rrEvent(1, RoundRobin), 0},
		{"Swiss", swiss, 9},
	} {
		if got := PlannedRounds(c.ev); got != c.want {
			t.Errorf("%s: PlannedRounds = %d, want %d", c.name, got, c.want)
		}
	}
}
