package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
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

// TestR_S_3_ByeRanksBelowRule12: the bye goes to the lowest score among
// those who have had none, unless that breaks R-SW-12 for more players
// than a bye higher up does — R-SW-12 ranks above the bye's lowest score
// (R-S-3, R-SW-9) — and then the record says so; a second bye stays above
// R-SW-12, and the bye stays lowest where R-SW-12 breaks as often either way.
func TestR_S_3_ByeRanksBelowRule12(t *testing.T) {
	tests := []struct {
		name    string
		hist    map[int]string
		bye     int
		broken  []int // R-SW-12 given up for
		higher  bool  // R-S-3 records a higher bye
		whyHas  string
		relaxed bool
	}{
		// 3 (0 points) taking the bye leaves 1–2, two reds in a row each:
		// either colour order gives one of them a third. 2 takes it, and
		// 1–3 keeps R-SW-12.
		{name: "R-SW-12 kept by a higher bye", hist: map[int]string{
			1: "RW RW", 2: "RW RL", 3: "BL BL"}, bye: 2, higher: true, whyHas: "R-SW-12 ranks above"},
		// 1 and 2 break R-SW-12 whatever their colour (two reds in a row,
		// reds − blacks −2): with the bye at 5 (½ point) both break it,
		// with the bye at 2 (5 points) only 1 does.
		{name: "R-SW-12 broken for fewer by a higher bye", hist: map[int]string{
			1: "BW BW BW BW RW RW", 2: "BW BW BW BW RW RL", 3: "RW BW RW BL RD BL",
			4: "RW BL RW BL RD BL", 5: "RL BL RL BL RD BL"}, bye: 2, broken: []int{1}, higher: true, whyHas: "R-SW-12 ranks above"},
		// The same, but 1 and 2 had a bye: one bye a player ranks above
		// R-SW-12, and with 1 and 2 both breaking it whoever else takes
		// the bye, it goes to the lowest score, 5.
		{name: "R-SW-12 broken as often by any bye", hist: map[int]string{
			1: "bye BW BW BW BW RW RW", 2: "bye BW BW BW BW RW RL", 3: "RW RW BW RW BL RD BL",
			4: "RW RW BL RW BL RD BL", 5: "RL RL BL RL BL RD BL"}, bye: 5, broken: []int{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := swPair(t, swEvent(t, DefaultSettings(9), tt.hist))
			if !slices.Equal(p.Byes, []int{tt.bye}) {
				t.Fatalf("byes %v, want [%d] (boards %v, relaxed %+v)", p.Byes, tt.bye, redBlack(p), p.Relaxed)
			}
			if got := relaxedFor(p, "R-SW-12"); !slices.Equal(got, tt.broken) {
				t.Errorf("R-SW-12 given up for %v, want %v", got, tt.broken)
			}
			if got := relaxed(p, "R-S-3"); got != tt.higher {
				t.Errorf("R-S-3 relaxed %v, want %v (%+v)", got, tt.higher, p.Relaxed)
			}
			for _, r := range p.Relaxed {
				if r.Rule == "R-S-3" && (r.Reason != RelaxedHigherBye || !strings.Contains(r.Why, tt.whyHas)) {
					t.Errorf("R-S-3 recorded as %d %q, want RelaxedHigherBye saying %q", r.Reason, r.Why, tt.whyHas)
				}
			}
		})
	}
}

// TestR_S_3_GroupsOrMatchingByRule12First: where the score groups paired
// everybody by giving up R-SW-12 and so did the matching, the pairing kept
// is the one that breaks it for fewer players, whatever the bye's score;
// with as few on both sides, the one with the lower bye (R-S-3: R-SW-12
// ranks above the bye's lowest score). The field is the one above: 1 and 2
// break R-SW-12 whatever their colours.
func TestR_S_3_GroupsOrMatchingByRule12First(t *testing.T) {
	ev := swEvent(t, DefaultSettings(9), map[int]string{
		1: "BW BW BW BW RW RW", 2: "BW BW BW BW RW RL", 3: "RW BW RW BL RD BL",
		4: "RW BL RW BL RD BL", 5: "RL BL RL BL RD BL"})
	s, err := newSwiss(ev, 7)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[int]*swissPlayer{}
	for _, p := range s.players {
		byID[p.id] = p
	}
	pairing := func(ids ...[2]int) []pair {
		var out []pair
		for _, x := range ids {
			out = append(out, pair{p: [2]*swissPlayer{byID[x[0]], byID[x[1]]}, placed: PlacedSearch})
		}
		return out
	}
	tests := []struct {
		name            string
		groups          []pair
		groupsBye       int
		full            []pair
		fullBye         int
		keepGroups      bool
		groupsN, matchN int // players R-SW-12 is broken for
	}{
		{"fewer broken with a higher bye: the groups'", pairing([2]int{1, 3}, [2]int{4, 5}), 2, pairing([2]int{1, 2}, [2]int{3, 4}), 5, true, 1, 2},
		{"as many broken, a lower bye: the matching's", pairing([2]int{2, 3}, [2]int{4, 5}), 1, pairing([2]int{1, 3}, [2]int{4, 5}), 2, false, 1, 1},
		{"as many broken, no lower bye: the groups'", pairing([2]int{1, 3}, [2]int{4, 5}), 2, pairing([2]int{2, 3}, [2]int{4, 5}), 1, true, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if g, m := len(s.broken12(tt.groups)), len(s.broken12(tt.full)); g != tt.groupsN || m != tt.matchN {
				t.Fatalf("R-SW-12 broken for %d and %d players, want %d and %d", g, m, tt.groupsN, tt.matchN)
			}
			s.relaxed = []Relaxation{{Rule: "R-SW-12", Reason: RelaxedNoComplete}}
			if got := s.groupsBreakLess(tt.groups, byID[tt.groupsBye], tt.full, byID[tt.fullBye]); got != tt.keepGroups {
				t.Errorf("groups' pairing kept %v, want %v", got, tt.keepGroups)
			}
		})
	}
}
