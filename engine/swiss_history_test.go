package engine

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestPairMissingResult: a round is paired only when every result before it
// is in, and the refusal names the first player, in the event's order, whose
// result is missing and his first round without one — as the engine said
// it when it read the histories player by player.
func TestPairMissingResult(t *testing.T) {
	ev := &Event{Settings: DefaultSettings(5)}
	for id := 1; id <= 6; id++ {
		ev.Players = append(ev.Players, Player{ID: id, Name: "p" + string(rune('0'+id))})
	}
	ev.Rounds = []Round{
		{Games: []Game{{Board: 1, Red: 1, Black: 2, Result: RedWin}, {Board: 2, Red: 3, Black: 4, Result: Pending}, {Board: 3, Red: 5, Black: 6, Result: Draw}}},
		{Games: []Game{{Board: 1, Red: 4, Black: 1, Result: Pending}, {Board: 2, Red: 6, Black: 3, Result: Pending}, {Board: 3, Red: 2, Black: 5, Result: BlackWin}}},
	}
	_, err := Pair(ev)
	if err == nil {
		t.Fatal("paired round 3 with results of rounds 1 and 2 missing")
	}
	// Player 1 comes first in the event; his result is missing in round 2
	// only (players 3 and 4 miss round 1, but come after him).
	if want := "the result of 1 p1 in round 2 is missing"; !strings.Contains(err.Error(), want) {
		t.Fatalf("got %q, want it to say %q", err, want)
	}
	ev.Rounds[1].Games[0].Result = Draw
	if _, err := Pair(ev); err == nil || !strings.Contains(err.Error(), "the result of 3 p3 in round 1 is missing") {
		t.Fatalf("got %v, want player 3's round 1", err)
	}
}

// TestReadHistoriesInParallel holds readHistories, with the scores and
// floats read on a second goroutine, to the same players, histories and
// errors as with them read after the rest on one: on random events (byes,
// forfeits, withdrawals, the counting conventions), before every round and
// with a round's results still missing, and on a field big enough to take
// the second goroutine by itself.
func TestReadHistoriesInParallel(t *testing.T) {
	read := func(ev *Event, round, entries int) (*swiss, error) {
		old := parallelEntries
		parallelEntries = entries
		defer func() { parallelEntries = old }()
		return newSwiss(ev, round)
	}
	same := func(name string, ev *Event, round int) {
		t.Helper()
		one, oneErr := read(ev, round, 1<<62)
		two, twoErr := read(ev, round, 0)
		if fmt.Sprint(oneErr) != fmt.Sprint(twoErr) {
			t.Fatalf("%s round %d: error %v on two goroutines, %v on one", name, round, twoErr, oneErr)
		}
		if oneErr != nil {
			return
		}
		if len(one.players) != len(two.players) {
			t.Fatalf("%s round %d: %d players on two goroutines, %d on one", name, round, len(two.players), len(one.players))
		}
		for k := range one.players {
			if *one.players[k] != *two.players[k] {
				t.Fatalf("%s round %d: player %d\n%+v on two goroutines\n%+v on one", name, round, k, *two.players[k], *one.players[k])
			}
		}
		if !reflect.DeepEqual(one.pastColours, two.pastColours) || !reflect.DeepEqual(one.pastOpps, two.pastOpps) {
			t.Fatalf("%s round %d: the histories differ", name, round)
		}
	}
	rng := rand.New(rand.NewPCG(7, 17))
	missing := 0
	for iter := range 200 {
		n := 4 + rng.IntN(60)
		rounds := min(3+rng.IntN(8), n-1)
		ev := simEvent(rng, n, rounds)
		name := fmt.Sprintf("event %d (%d players, %d rounds)", iter, n, rounds)
		for r := 1; r <= rounds; r++ {
			simWithdraw(t, rng, ev, r)
			same(name, ev, r)
			p, err := Pair(ev)
			if err != nil {
				break
			}
			if err := AddRound(ev, p); err != nil {
				t.Fatal(err)
			}
			if r < rounds && rng.IntN(20) == 0 {
				same(name+" with results missing", ev, r+1)
				missing++
			}
			fillResults(rng, &ev.Rounds[r-1])
		}
	}
	if missing == 0 {
		t.Fatal("no round was read with results missing")
	}
	// 2,100 players before round 9: more entries than parallelEntries.
	ev := simEvent(rng, 2100, 11)
	playSwiss(t, rng, ev, 8)
	if len(ev.Players)*len(ev.Rounds) < parallelEntries {
		t.Fatalf("%d entries: fewer than the %d that take a second goroutine", len(ev.Players)*len(ev.Rounds), parallelEntries)
	}
	same("2,100 players", ev, 9)
}
