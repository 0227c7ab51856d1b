package engine

import (
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
