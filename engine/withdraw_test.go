package engine

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// wdClone deep-copies an event so a test can compare before and after.
func wdClone(ev *Event) *Event {
	c := *ev
	c.Players = append([]Player(nil), ev.Players...)
	c.Rounds = nil
	for _, rd := range ev.Rounds {
		c.Rounds = append(c.Rounds, Round{Games: append([]Game(nil), rd.Games...), Byes: append([]Bye(nil), rd.Byes...)})
	}
	return &c
}

// playRR pairs `paired` rounds of a round robin of n and enters red wins
// for the first `decided`, with one foul for black so that fouls are
// something to keep (R-W-4). A non-zero forfeit {round, player} makes that
// player lose that round's game by forfeit instead.
func playRR(t *testing.T, n int, sys System, paired, decided int, forfeit [2]int) *Event {
	t.Helper()
	ev := rrEvent(n, sys)
	for r := 1; r <= paired; r++ {
		p, err := Pair(ev)
		if err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
		if err := AddRound(ev, p); err != nil {
			t.Fatal(err)
		}
		if r > decided {
			continue
		}
		for i := range ev.Rounds[r-1].Games {
			g := &ev.Rounds[r-1].Games[i]
			g.Result, g.BlackFouls = RedWin, 1
			switch forfeit {
			case [2]int{r, g.Red}:
				g.Result = BlackForfeitWin
			case [2]int{r, g.Black}:
				g.Result = RedForfeitWin
			}
		}
	}
	return ev
}

// TestR_W_2_RoundRobin withdraws a player from a round robin: fewer than
// half of their games played strikes all their results out, otherwise
// their results stand and the remaining games go to the opponents.
func TestR_W_2_RoundRobin(t *testing.T) {
	tests := []struct {
		name            string
		n               int
		sys             System
		paired, decided int
		forfeit         [2]int
		id, after       int
		struck          bool
	}{
		{"2 of 5 played", 6, RoundRobin, 3, 2, [2]int{}, 1, 2, true},
		{"3 of 5 played", 6, RoundRobin, 4, 3, [2]int{}, 1, 3, false},
		{"a forfeit is not a game played", 6, RoundRobin, 3, 3, [2]int{3, 1}, 1, 3, true},
		{"bye in round 1, 1 of 4 played", 5, RoundRobin, 2, 2, [2]int{}, 1, 2, true},
		{"exactly half stands", 5, RoundRobin, 3, 3, [2]int{}, 1, 3, false},
		{"2 of 4 in two rounds", 5, RoundRobin, 2, 2, [2]int{}, 2, 2, false},
		{"after round 1 of 7", 8, RoundRobin, 2, 1, [2]int{}, 8, 1, true},
		{"double: 2 of 6", 4, DoubleRoundRobin, 3, 2, [2]int{}, 4, 2, true},
		{"double: 3 of 6", 4, DoubleRoundRobin, 3, 3, [2]int{}, 4, 3, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := playRR(t, tt.n, tt.sys, tt.paired, tt.decided, tt.forfeit)
			before := wdClone(ev)
			if err := Withdraw(ev, tt.id, tt.after); err != nil {
				t.Fatal(err)
			}
			if got := ev.Players[tt.id-1].WithdrawnAfter; got != tt.after {
				t.Errorf("WithdrawnAfter = %d, want %d", got, tt.after)
			}
			p, err := Pair(ev) // a round paired after the withdrawal
			if err != nil {
				t.Fatal(err)
			}
			if err := AddRound(ev, p); err != nil {
				t.Fatal(err)
			}
			h := ev.Histories()
			for r, rd := range ev.Rounds {
				for i, g := range rd.Games {
					in := g.Red == tt.id || g.Black == tt.id
					if g.Void != (in && tt.struck) {
						t.Errorf("round %d %d–%d: Void = %v, want %v", r+1, g.Red, g.Black, g.Void, in && tt.struck)
					}
					want := Pending
					switch {
					case in && r+1 > tt.after && g.Red == tt.id:
						want = BlackForfeitWin
					case in && r+1 > tt.after:
						want = RedForfeitWin
					case r < len(before.Rounds):
						want = before.Rounds[r].Games[i].Result
					}
					if g.Result != want {
						t.Errorf("round %d %d–%d: result %v, want %v", r+1, g.Red, g.Black, g.Result, want)
					}
					if none := h[g.Red][r].Outcome == OutcomeNone; in && none != tt.struck || !in && none {
						t.Errorf("round %d %d–%d: Histories has outcome %v for red; struck out: %v", r+1, g.Red, g.Black, h[g.Red][r].Outcome, tt.struck)
					}
				}
				for _, b := range rd.Byes {
					want := PairingBye
					if b.Player == tt.id && (tt.struck || r+1 > tt.after) {
						want = ZeroBye
					}
					if b.Kind != want {
						t.Errorf("round %d: player %d has bye kind %v, want %v", r+1, b.Player, b.Kind, want)
					}
				}
			}
		})
	}
}

// TestR_W_3_Swiss withdraws player 4 from a Swiss: played results stand,
// every later round counts as a forfeit loss, and rounds paired later give
// the player a WithdrawnLoss (none when they left before round 1, R-W-1).
func TestR_W_3_Swiss(t *testing.T) {
	round1 := Round{Games: []Game{{Board: 1, Red: 1, Black: 4, Result: RedWin, BlackFouls: 1}, {Board: 2, Red: 5, Black: 2, Result: Draw}, {Board: 3, Red: 3, Black: 6, Result: BlackWin}}}
	tests := []struct {
		name     string
		rounds   []Round
		gone     map[int]int // players who left already: id → WithdrawnAfter
		after    int
		want     []Round // ev.Rounds after Withdraw
		wantLeft int     // WithdrawnAfter
		wantNext bool    // a round paired later gives player 4 a WithdrawnLoss
	}{
		{
			name:     "before round 1",
			wantLeft: -1,
		},
		{
			name:     "round 1 already paired",
			rounds:   []Round{{Games: []Game{{Board: 1, Red: 1, Black: 4}, {Board: 2, Red: 2, Black: 3}}}},
			want:     []Round{{Games: []Game{{Board: 1, Red: 1, Black: 4, Result: RedForfeitWin}, {Board: 2, Red: 2, Black: 3}}}},
			wantLeft: -1,
			wantNext: true,
		},
		{
			name:     "pending game",
			rounds:   []Round{round1, {Games: []Game{{Board: 1, Red: 4, Black: 2}, {Board: 2, Red: 1, Black: 3, Result: Draw}}}},
			after:    1,
			want:     []Round{round1, {Games: []Game{{Board: 1, Red: 4, Black: 2, Result: BlackForfeitWin}, {Board: 2, Red: 1, Black: 3, Result: Draw}}}},
			wantLeft: 1,
			wantNext: true,
		},
		{
			name:     "forfeit loss already entered",
			rounds:   []Round{round1, {Games: []Game{{Board: 1, Red: 3, Black: 4, Result: RedForfeitWin}}}},
			after:    1,
			want:     []Round{round1, {Games: []Game{{Board: 1, Red: 3, Black: 4, Result: RedForfeitWin}}}},
			wantLeft: 1,
			wantNext: true,
		},
		{
			name:     "bye",
			rounds:   []Round{round1, {Games: []Game{{Board: 1, Red: 1, Black: 2}}, Byes: []Bye{{Player: 4, Kind: PairingBye}, {Player: 3, Kind: HalfBye}}}},
			after:    1,
			want:     []Round{round1, {Games: []Game{{Board: 1, Red: 1, Black: 2}}, Byes: []Bye{{Player: 4, Kind: WithdrawnLoss}, {Player: 3, Kind: HalfBye}}}},
			wantLeft: 1,
			wantNext: true,
		},
		{
			name:     "round without an entry",
			rounds:   []Round{round1, {Games: []Game{{Board: 1, Red: 1, Black: 2}}}},
			after:    1,
			want:     []Round{round1, {Games: []Game{{Board: 1, Red: 1, Black: 2}}, Byes: []Bye{{Player: 4, Kind: WithdrawnLoss}}}},
			wantLeft: 1,
			wantNext: true,
		},
		{
			name:     "opponent left too",
			rounds:   []Round{round1, {Games: []Game{{Board: 1, Red: 5, Black: 4, Result: BlackForfeitWin}}}},
			gone:     map[int]int{5: 1},
			after:    1,
			want:     []Round{round1, {Games: []Game{{Board: 1, Red: 5, Black: 4, Result: DoubleForfeit}}}},
			wantLeft: 1,
			wantNext: true,
		},
		{
			name:     "after the last paired round",
			rounds:   []Round{round1},
			after:    1,
			want:     []Round{round1},
			wantLeft: 1,
			wantNext: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := rrEvent(6, Swiss)
			ev.Settings.Rounds = 5
			ev.Rounds = wdClone(&Event{Rounds: tt.rounds}).Rounds
			for id, after := range tt.gone {
				ev.Players[id-1].WithdrawnAfter = after
			}
			before := ev.Histories()
			if err := Withdraw(ev, 4, tt.after); err != nil {
				t.Fatal(err)
			}
			if got := ev.Players[3].WithdrawnAfter; got != tt.wantLeft {
				t.Errorf("WithdrawnAfter = %d, want %d", got, tt.wantLeft)
			}
			if !reflect.DeepEqual(ev.Rounds, tt.want) {
				t.Errorf("rounds:\n got  %+v\n want %+v", ev.Rounds, tt.want)
			}
			if err := AddRound(ev, Pairing{Round: len(ev.Rounds) + 1, Boards: []Board{{Number: 1, Red: 1, Black: 2}}}); err != nil {
				t.Fatal(err)
			}
			next := ev.Rounds[len(ev.Rounds)-1]
			if got := slices.Contains(next.Byes, Bye{Player: 4, Kind: WithdrawnLoss}); got != tt.wantNext || len(next.Byes) > len(tt.gone)+1 {
				t.Errorf("round paired later: byes %+v, want a WithdrawnLoss for player 4: %v", next.Byes, tt.wantNext)
			}
			h := ev.Histories()
			for r, e := range h[4] {
				switch {
				case r < tt.after && e != before[4][r]:
					t.Errorf("round %d: entry %+v changed from %+v; results stand", r+1, e, before[4][r])
				case r >= tt.after && tt.wantNext && (e.Points != 0 || e.Outcome != OutcomeForfeitLoss && (e.Outcome != OutcomeBye || e.Bye != WithdrawnLoss)):
					t.Errorf("round %d after leaving: entry %+v, want a forfeit loss worth nothing", r+1, e)
				}
			}
		})
	}
}

// TestR_W_4_NothingDeleted checks that withdrawals keep every game, with
// its board, players and fouls, in its round.
func TestR_W_4_NothingDeleted(t *testing.T) {
	struck := playRR(t, 6, RoundRobin, 4, 1, [2]int{})
	swiss := rrEvent(6, Swiss)
	swiss.Rounds = []Round{
		{Games: []Game{{Board: 1, Red: 1, Black: 4, Result: RedWin, RedFouls: 2, BlackFouls: 1}, {Board: 2, Red: 5, Black: 2, Result: Draw}, {Board: 3, Red: 3, Black: 6, Result: BlackWin, BlackFouls: 3}}},
		{Games: []Game{{Board: 1, Red: 4, Black: 3}, {Board: 2, Red: 6, Black: 5}}, Byes: []Bye{{Player: 1, Kind: PairingBye}}},
	}
	for _, ev := range []*Event{struck, swiss} {
		before := wdClone(ev)
		if err := Withdraw(ev, 4, 1); err != nil {
			t.Fatal(err)
		}
		for r, rd := range ev.Rounds {
			if len(rd.Games) != len(before.Rounds[r].Games) || len(rd.Byes) < len(before.Rounds[r].Byes) {
				t.Fatalf("%v round %d: %d games and %d byes, had %d and %d", ev.Settings.System, r+1, len(rd.Games), len(rd.Byes), len(before.Rounds[r].Games), len(before.Rounds[r].Byes))
			}
			for i, g := range rd.Games {
				was := before.Rounds[r].Games[i]
				g.Result, g.Void, was.Result = 0, false, 0
				if g != was {
					t.Errorf("%v round %d: game %+v became %+v", ev.Settings.System, r+1, was, g)
				}
			}
		}
	}
}

// TestR_W_Refused checks the withdrawals Withdraw refuses, and that a
// refusal changes nothing.
func TestR_W_Refused(t *testing.T) {
	swiss := func(rounds int, rds ...Round) *Event {
		ev := rrEvent(6, Swiss)
		ev.Settings.Rounds = rounds
		ev.Rounds = rds
		return ev
	}
	played := Round{Games: []Game{{Board: 1, Red: 1, Black: 4, Result: RedWin}, {Board: 2, Red: 5, Black: 2}}}
	tests := []struct {
		name      string
		ev        *Event
		id, after int
		want      string
	}{
		{"player 0", swiss(5), 0, 0, "no such player (players are numbered 1 to 6)"},
		{"player 7", swiss(5), 7, 0, "no such player"},
		{"already left", func() *Event { ev := swiss(5, played); ev.Players[3].WithdrawnAfter = 1; return ev }(), 4, 1, "already withdrew after round 1"},
		{"already left before round 1", func() *Event { ev := swiss(5); ev.Players[3].WithdrawnAfter = -1; return ev }(), 4, 0, "already withdrew before round 1"},
		{"negative round", swiss(5, played), 4, -1, "give a round from 0 (before round 1) to 1, the last round paired"},
		{"round not paired", swiss(5, played), 4, 2, "to 1, the last round paired"},
		{"after the last round", swiss(1, played), 4, 1, "round 1 is the last of the event"},
		{"played after leaving", swiss(5, played), 4, 0, "result in round 1: withdraw them after round 1 or later"},
		{"won by forfeit after leaving", swiss(5, played, Round{Games: []Game{{Board: 1, Red: 4, Black: 3, Result: RedForfeitWin}}}), 4, 1, "result in round 2"},
		{"round robin drawn", playRR(t, 6, RoundRobin, 1, 0, [2]int{}), 4, 0, "round robin table is drawn"},
		{"round robin over", playRR(t, 4, RoundRobin, 3, 3, [2]int{}), 4, 3, "round 3 is the last of the event"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := wdClone(tt.ev)
			err := Withdraw(tt.ev, tt.id, tt.after)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got error %v, want one saying %q", err, tt.want)
			}
			if !reflect.DeepEqual(tt.ev, before) {
				t.Errorf("a refused withdrawal changed the event:\n got  %+v\n want %+v", tt.ev, before)
			}
		})
	}
}

// TestAddRoundOrder checks that AddRound only appends the next round.
func TestAddRoundOrder(t *testing.T) {
	ev := rrEvent(4, RoundRobin)
	if err := AddRound(ev, Pairing{Round: 2}); err == nil || !strings.Contains(err.Error(), "the next one is round 1") {
		t.Errorf("adding round 2 to an event without rounds: got %v, want an error naming round 1", err)
	}
	if len(ev.Rounds) != 0 {
		t.Errorf("a refused round was added: %+v", ev.Rounds)
	}
}
