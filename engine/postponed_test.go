package engine

import "testing"

// TestR_E_3_PairsPastAPostponedGame: a game put off (补赛) does not hold up
// the next round's pairing as a missing result does; its two players are
// paired at their scores without it, and never with each other again
// (R-SW-9).
func TestR_E_3_PairsPastAPostponedGame(t *testing.T) {
	ev := &Event{Settings: DefaultSettings(5)}
	for i := 1; i <= 6; i++ {
		ev.Players = append(ev.Players, Player{ID: i, Name: string(rune('A' + i - 1))})
	}
	for round := 1; round <= 2; round++ {
		p, err := Pair(ev)
		if err != nil {
			t.Fatal(err)
		}
		if err := AddRound(ev, p); err != nil {
			t.Fatal(err)
		}
		rd := &ev.Rounds[round-1]
		for i := range rd.Games {
			rd.Games[i].Result = RedWin
		}
	}
	put := &ev.Rounds[1].Games[0]
	put.Result, put.Postponed = Pending, true
	if _, err := Pair(&Event{Settings: ev.Settings, Players: ev.Players, Rounds: []Round{ev.Rounds[0], {Games: []Game{{Board: 1, Red: put.Red, Black: put.Black}}}}}); err == nil {
		t.Error("a missing result that is not postponed did not hold up the pairing")
	}
	p, err := Pair(ev)
	if err != nil {
		t.Fatalf("a postponed game held up the pairing: %v", err)
	}
	for _, b := range p.Boards {
		if b.Red == put.Red && b.Black == put.Black || b.Red == put.Black && b.Black == put.Red {
			t.Errorf("the postponed game's players %d and %d meet again on board %d", put.Red, put.Black, b.Number)
		}
	}
	if h := ev.Histories()[put.Red]; h[1].Outcome != OutcomePostponed || h[1].Points != 0 {
		t.Errorf("the postponed game reads %+v, want postponed with no points yet", h[1])
	}
}
