package engine

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestR_SW_6a_ThirtyPlayersRoundSeven is the last round of a 30-player
// Swiss of 7 rounds paired as `qisai pair --avoid-same-unit all-rounds
// --colour-tie round-parity` pairs it: a round found by simulation that the
// score groups cannot pair, so the completeness step does (R-SW-9). 5, the
// top scorer (5 points), has met 2 and may meet 7 or 23 (4½); 2 has met 5
// and is of 23's unit, so 7 is the only 4½ he may meet. The steer gave 5
// the first of them, 7: 2 then met a 3½ and 23 a 3. Pairing from the top
// down, 5 meets 23 and 2 meets 7 (R-SW-6 a: equal scores first).
func TestR_SW_6a_ThirtyPlayersRoundSeven(t *testing.T) {
	ev := compactEvent(t, 30, 7, "1:0 2:0 6:1 8:0 10:1 11:0 12:1 14:1 15:1 16:1 17:0 20:0 21:1 22:1 23:0 25:1 26:1 27:1 29:1 30:0",
		"1-16L 18-2L 3-17L 19-4D 5-29W 23-6D 7-22W 21-8W 9-27L 28-10D 11-26D 24-12W 13-25W 20-14L 15-30L",
		"30-24W 17-21W 27-13L 16-7L 14-5L 2-28D 26-23L 10-19W 6-11W 4-20L 29-18L 25-9D 22-3D 12-1W 8-15L",
		"5-17D 7-30W 13-2L 23-10L 18-6W 20-12W 24-14W 28-27D 3-16D 15-4L 9-21W 11-22L 19-25W 8-26W 1-29D",
		"17-7W 10-5L 2-24D 30-13L 16-20W 27-18L 6-19L 22-23L 21-4W 28-15W 14-9W 12-8L 26-3W 29-11D 25-1D",
		"5-2D 13-17W 7-18D 16-28L 24-10= 19-21W 23-14W 20-6D 22-30W 8-27D 4-26L 9-12L 1-15D 3-29L 11-25D",
		"13-5L 18-23L 19-7L 17-16W 2-22W 26-28W 10-20L 29-8L 6-24W 30-21L 12-11L 27-1D 14-4L 15-9L 25-3W")
	ev.Settings.AvoidUnit, ev.Settings.ColourTie = AvoidAllRounds, RoundParity
	s, err := newSwiss(ev, 7)
	if err != nil {
		t.Fatal(err)
	}
	if pairs, bye := s.pairGroups(); s.complete(pairs, bye) && !s.groupsRelaxed {
		t.Fatal("the score groups pair the round: the test does not reach the completeness step")
	}
	p := swPair(t, ev)
	got := pairsOf(p)
	for _, want := range [][2]int{{5, 23}, {2, 7}} {
		if !slices.Contains(got, want) {
			t.Errorf("pairs %v, want %v among them", got, want)
		}
	}
	if len(p.Relaxed) > 0 {
		t.Errorf("relaxed %+v; the round keeps every rule", p.Relaxed)
	}
}

// compactEvent is a Swiss of n players and the given rounds whose units are
// "id:unit …" and whose rounds played are "red-black result …", the result
// W, D or L over the board, + or - by forfeit, = both forfeited.
func compactEvent(t *testing.T, n, rounds int, units string, played ...string) *Event {
	t.Helper()
	ev := &Event{Settings: DefaultSettings(rounds)}
	for id := 1; id <= n; id++ {
		ev.Players = append(ev.Players, Player{ID: id})
	}
	for _, f := range strings.Fields(units) {
		var id int
		var unit string
		if _, err := fmt.Sscanf(strings.Replace(f, ":", " ", 1), "%d %s", &id, &unit); err != nil {
			t.Fatalf("unit %q: %v", f, err)
		}
		ev.Players[id-1].Unit = unit
	}
	results := map[byte]Result{'W': RedWin, 'D': Draw, 'L': BlackWin, '+': RedForfeitWin, '-': BlackForfeitWin, '=': DoubleForfeit}
	for _, r := range played {
		var rd Round
		for i, g := range strings.Fields(r) {
			var red, black int
			if _, err := fmt.Sscanf(g[:len(g)-1], "%d-%d", &red, &black); err != nil {
				t.Fatalf("game %q: %v", g, err)
			}
			rd.Games = append(rd.Games, Game{Board: i + 1, Red: red, Black: black, Result: results[g[len(g)-1]]})
		}
		ev.Rounds = append(ev.Rounds, rd)
	}
	return ev
}
