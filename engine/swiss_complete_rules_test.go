package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestR_SW_9_LastRoundOfARoundRobinsWorth plays a Swiss with as many
// rounds as a round robin: after N−2 rounds of the Berger table only one
// complete pairing without a rematch is left, and the last round must find
// it, whatever the results (R-SW-9: the last round pairs everybody). Where
// that pairing gives an imbalance of three, R-SW-12 is given up — and the
// oracle must agree that nothing else was possible.
func TestR_SW_9_LastRoundOfARoundRobinsWorth(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, n := range []int{4, 6, 8, 10, 12, 14} {
		for trial := range 20 {
			ev := rrEvent(n, RoundRobin)
			for range n - 2 {
				p := swPair(t, ev)
				if err := AddRound(ev, p); err != nil {
					t.Fatal(err)
				}
				fillResults(rng, &ev.Rounds[len(ev.Rounds)-1])
			}
			ev.Settings.System, ev.Settings.Rounds = Swiss, n-1
			st := newSimState(ev)
			p, err := Pair(ev)
			if err != nil {
				t.Fatalf("%d players, trial %d: %v; the Berger table's last round is a complete pairing", n, trial, err)
			}
			var tally completeTally
			if msg := tally.judge(st, p, nil); msg != "" {
				t.Fatalf("%d players, trial %d: %s", n, trial, msg)
			}
			for _, v := range st.check(p) {
				t.Errorf("%d players, trial %d: %v", n, trial, v)
			}
		}
	}
}

// TestR_SW_12_BothColourOrders: a pair is forbidden only when both colour
// orders break R-SW-12; when one order keeps it, the colours follow that
// order even against R-SW-10 (1), and nothing is relaxed.
func TestR_SW_12_BothColourOrders(t *testing.T) {
	tests := []struct {
		name    string
		hist    map[int]string
		red     int
		reason  ColourReason
		relaxed bool
	}{
		// 1 has fewer reds (2 against 3) but red would be a third in a row.
		{"R-SW-12 the order that keeps the rule", map[int]string{1: "bye BD BD BD RD RD", 2: "RD BD RD BD RD BD"}, 2, ColourKeepsRule12, false},
		// Both have two reds in a row: either would get a third, and theirs
		// is the only pair of the round. Given up, naming red (1, by (8)).
		{"R-SW-12 both orders break it", map[int]string{1: "BD RD RD", 2: "BD RD RD"}, 1, ColourTieNumbers, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := swPair(t, swEvent(t, DefaultSettings(9), tt.hist))
			if len(p.Boards) != 1 || p.Boards[0].Red != tt.red {
				t.Fatalf("boards %v, want %d red", redBlack(p), tt.red)
			}
			if !tt.relaxed && p.Boards[0].ColourRule != tt.reason {
				t.Errorf("colour rule %d, want %d", p.Boards[0].ColourRule, tt.reason)
			}
			if got := relaxed(p, "R-SW-12"); got != tt.relaxed {
				t.Errorf("R-SW-12 relaxed %v, want %v (%+v)", got, tt.relaxed, p.Relaxed)
			}
			if tt.relaxed {
				if got := relaxedFor(p, "R-SW-12"); !slices.Equal(got, []int{tt.red}) {
					t.Errorf("the record names %v for R-SW-12, want [%d]", got, tt.red)
				}
			}
		})
	}
}

// TestR_SW_10_1_CountOfReds: fewer reds plays red — the count of reds, not
// reds − blacks, which differ when the two have not played as many games
// (here with FIDE's conventions: 1's forfeits and bye do not count).
func TestR_SW_10_1_CountOfReds(t *testing.T) {
	// 1 counted one game (R): 1 red, reds − blacks +1. 2 played R B B R:
	// 2 reds, reds − blacks 0. By the count of reds 1 plays red.
	ev := swEvent(t, fide(9), map[int]string{1: "bye R+ R+ RD", 2: "RD BD BD RD"})
	p := swPair(t, ev)
	if b := p.Boards[0]; b.Red != 1 || b.ColourRule != ColourFewerReds {
		t.Errorf("boards %v by rule %d, want 1 red by R-SW-10 (1)", redBlack(p), b.ColourRule)
	}
}

// TestR_S_3_ByeColour: the bye is recorded red for a player who needs red,
// else black, and counts in their colours; with colourless byes (FIDE's
// systems) it is recorded without one.
func TestR_S_3_ByeColour(t *testing.T) {
	hist := map[int]string{1: "R2W", 2: "B1L", 3: "R4D", 4: "B3D", 5: "bye"}
	tests := []struct {
		name string
		set  Settings
		want []Colour
	}{
		// 2 (0 points, black last) takes the bye: 5 had one already.
		{"R-S-3 red for a player who needs red", DefaultSettings(5), []Colour{Red}},
		{"FIDE colourless byes", fide(5), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := swPair(t, swEvent(t, tt.set, hist))
			if !slices.Equal(p.Byes, []int{2}) || !slices.Equal(p.ByeColours, tt.want) {
				t.Errorf("byes %v colours %v, want [2] %v", p.Byes, p.ByeColours, tt.want)
			}
		})
	}
}
