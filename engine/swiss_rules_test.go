package engine

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// swEvent builds a Swiss with settings s whose active players are the keys
// of hist. A player's string lists their rounds, separated by spaces: the
// colour R or B, optionally the ID of the active player met, and the result
// W, D or L over the board or + or − (written -) by forfeit; "bye" is a
// pairing bye. A game between two active players is written on both sides
// ("R2W" for player 1, "B1L" for player 2). Every other game is against a
// fresh opponent who withdraws after it, so it leaves only colours and
// points behind and the active players have met only as written. IDs below
// the highest key that are not keys withdrew before round 1.
func swEvent(t *testing.T, s Settings, hist map[int]string) *Event {
	t.Helper()
	ids := slices.Sorted(maps.Keys(hist))
	toks := map[int][]string{}
	for _, id := range ids {
		toks[id] = strings.Fields(hist[id])
		if len(toks[id]) != len(toks[ids[0]]) {
			t.Fatalf("players %d and %d have played different numbers of rounds", ids[0], id)
		}
	}
	ev := &Event{Settings: s}
	for id := 1; id <= ids[len(ids)-1]; id++ {
		p := Player{ID: id}
		if hist[id] == "" {
			p.WithdrawnAfter = -1
		}
		ev.Players = append(ev.Players, p)
	}
	for r := range toks[ids[0]] {
		var rd Round
		for _, id := range ids {
			tok := toks[id][r]
			if c, ok := byeTokens[tok]; ok {
				rd.Byes = append(rd.Byes, Bye{Player: id, Kind: PairingBye, Colour: c})
				continue
			}
			c, opp, res := swToken(t, tok)
			if opp == 0 {
				opp = len(ev.Players) + 1
				ev.Players = append(ev.Players, Player{ID: opp, WithdrawnAfter: r + 1})
			} else if back := toks[opp][r]; back != swMirror(tok, id) {
				t.Fatalf("round %d: player %d has %q, so player %d must have %q, not %q", r+1, id, tok, opp, swMirror(tok, id), back)
			} else if c == Black {
				continue // the game is made from red's side
			}
			g := Game{Board: len(rd.Games) + 1, Red: id, Black: opp, Result: res}
			if c == Black {
				g.Red, g.Black = opp, id
			}
			rd.Games = append(rd.Games, g)
		}
		ev.Rounds = append(ev.Rounds, rd)
	}
	return ev
}

// byeTokens are swEvent's byes: "bye" without a colour (as TRF's "0000 - U"
// gives it), "byeR" and "byeB" recorded with one (R-S-3).
var byeTokens = map[string]Colour{"bye": NoColour, "byeR": Red, "byeB": Black}

// fide is DefaultSettings with FIDE's conventions for pairing: only games
// played count for colours and for having met, and a bye has no colour.
func fide(rounds int) Settings {
	s := DefaultSettings(rounds)
	s.CountForfeits, s.CountByeColour = false, false
	return s
}

// swToken reads a round of swEvent: colour, opponent (0: a fresh one) and
// the game's result.
func swToken(t *testing.T, tok string) (c Colour, opp int, res Result) {
	t.Helper()
	if len(tok) < 2 || !strings.Contains("RB", tok[:1]) {
		t.Fatalf("bad round %q: want R or B, an optional opponent, then W, D, L, + or -", tok)
	}
	c = Red
	if tok[0] == 'B' {
		c = Black
	}
	if mid := tok[1 : len(tok)-1]; mid != "" {
		var err error
		if opp, err = strconv.Atoi(mid); err != nil {
			t.Fatalf("bad opponent in round %q", tok)
		}
	}
	red := map[byte]Result{'W': RedWin, 'D': Draw, 'L': BlackWin, '+': RedForfeitWin, '-': BlackForfeitWin}
	black := map[byte]Result{'W': BlackWin, 'D': Draw, 'L': RedWin, '+': BlackForfeitWin, '-': RedForfeitWin}
	res, ok := red[tok[len(tok)-1]]
	if c == Black {
		res, ok = black[tok[len(tok)-1]]
	}
	if !ok {
		t.Fatalf("bad result in round %q", tok)
	}
	return c, opp, res
}

// swMirror is the opponent's side of a game written tok by player id.
func swMirror(tok string, id int) string {
	c := map[byte]string{'R': "B", 'B': "R"}[tok[0]]
	r := map[byte]string{'W': "L", 'L': "W", 'D': "D", '+': "-", '-': "+"}[tok[len(tok)-1]]
	return c + strconv.Itoa(id) + r
}

// swPair pairs ev and fails the test on an error.
func swPair(t *testing.T, ev *Event) Pairing {
	t.Helper()
	p, err := Pair(ev)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// redBlack lists the boards as [red, black].
func redBlack(p Pairing) [][2]int {
	var out [][2]int
	for _, b := range p.Boards {
		out = append(out, [2]int{b.Red, b.Black})
	}
	return out
}

// pairsOf lists the boards as [lower ID, higher ID], sorted: who meets
// whom, colours aside.
func pairsOf(p Pairing) [][2]int {
	var out [][2]int
	for _, b := range p.Boards {
		out = append(out, [2]int{min(b.Red, b.Black), max(b.Red, b.Black)})
	}
	slices.SortFunc(out, func(a, b [2]int) int { return a[0] - b[0] })
	return out
}

// oneOf reports whether got is one of the wanted lists of pairs.
func oneOf(got [][2]int, want ...[][2]int) bool {
	return slices.ContainsFunc(want, func(w [][2]int) bool { return reflect.DeepEqual(got, w) })
}

// firstRound pairs round 1 of n players numbered 1..n, with units.
func firstRound(t *testing.T, n int, s Settings, units map[int]string) Pairing {
	t.Helper()
	ev := &Event{Settings: s}
	for id := 1; id <= n; id++ {
		ev.Players = append(ev.Players, Player{ID: id, Unit: units[id]})
	}
	p := swPair(t, ev)
	for _, b := range p.Boards {
		if b.Placed != PlacedFirstRound || b.ColourRule != ColourFirstRound {
			t.Errorf("board %d: record %d/%d, want PlacedFirstRound/ColourFirstRound (R-SW-13)", b.Number, b.Placed, b.ColourRule)
		}
	}
	return p
}

// firstRoundCase is one first-round pairing of 8 players.
type firstRoundCase struct {
	name   string
	method FirstRoundMethod
	halves HalvesMethod
	colour FirstColourMethod
	avoid  UnitAvoidance
	units  map[int]string
	want   [][2]int // boards in order: [red, black]
}

func runFirstRound(t *testing.T, tests []firstRoundCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := DefaultSettings(7)
			s.FirstRound, s.Halves, s.FirstColour, s.AvoidUnit = tt.method, tt.halves, tt.colour, tt.avoid
			if got := redBlack(firstRound(t, 8, s, tt.units)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("boards %v, want %v", got, tt.want)
			}
		})
	}
}

// TestR_SW_2_Halves splits 8 players into halves: 1–4 | 5–8 or odd | even.
// The upper-half player plays red (R-SW-5 upper-red), which shows the split.
func TestR_SW_2_Halves(t *testing.T) {
	runFirstRound(t, []firstRoundCase{
		{name: "top-bottom fold", method: Fold, halves: TopBottom, colour: UpperRed,
			want: [][2]int{{1, 5}, {2, 6}, {3, 7}, {4, 8}}},
		{name: "odd-even fold", method: Fold, halves: OddEven, colour: UpperRed,
			want: [][2]int{{1, 2}, {3, 4}, {5, 6}, {7, 8}}},
		{name: "top-bottom head-tail", method: HeadTail, halves: TopBottom, colour: UpperRed,
			want: [][2]int{{1, 8}, {2, 7}, {3, 6}, {4, 5}}},
		{name: "odd-even head-tail", method: HeadTail, halves: OddEven, colour: UpperRed,
			want: [][2]int{{1, 8}, {3, 6}, {5, 4}, {7, 2}}},
	})
}

// TestR_SW_3_FirstRoundMethods pairs 8 players by each method with the
// default colours: odd boards lower number red, even boards higher.
func TestR_SW_3_FirstRoundMethods(t *testing.T) {
	runFirstRound(t, []firstRoundCase{
		{name: "fold", method: Fold, want: [][2]int{{1, 5}, {6, 2}, {3, 7}, {8, 4}}},
		{name: "adjacent", method: Adjacent, want: [][2]int{{1, 2}, {4, 3}, {5, 6}, {8, 7}}},
		{name: "head-tail", method: HeadTail, want: [][2]int{{1, 8}, {7, 2}, {3, 6}, {5, 4}}},
	})
	t.Run("random", func(t *testing.T) {
		s := DefaultSettings(7)
		s.FirstRound = Random
		seen := map[string]bool{}
		for seed := range uint64(8) {
			s.Seed = seed
			p := firstRound(t, 8, s, nil)
			if again := firstRound(t, 8, s, nil); !reflect.DeepEqual(again, p) {
				t.Fatalf("seed %d: two pairings differ: %v and %v", seed, redBlack(p), redBlack(again))
			}
			var ids []int
			for _, pr := range pairsOf(p) {
				ids = append(ids, pr[0], pr[1])
			}
			if slices.Sort(ids); !slices.Equal(ids, []int{1, 2, 3, 4, 5, 6, 7, 8}) {
				t.Fatalf("seed %d: boards %v do not pair each player once", seed, redBlack(p))
			}
			seen[fmt.Sprint(pairsOf(p))] = true
		}
		if len(seen) < 3 {
			t.Errorf("8 seeds gave only %d different pairings: the seed does not drive the draw", len(seen))
		}
	})
}

// TestR_SW_4_SameUnitFirstRound keeps players of one unit apart in round 1
// by swapping lower-half players with the nearest following pair; later
// rounds do not avoid units unless the event asks for every round.
func TestR_SW_4_SameUnitFirstRound(t *testing.T) {
	runFirstRound(t, []firstRoundCase{
		{name: "swap with the next pair", colour: UpperRed, units: map[int]string{1: "A", 5: "A"},
			want: [][2]int{{1, 6}, {2, 5}, {3, 7}, {4, 8}}},
		{name: "one swap mends two pairs", colour: UpperRed, units: map[int]string{1: "A", 5: "A", 2: "B", 6: "B"},
			want: [][2]int{{1, 6}, {2, 5}, {3, 7}, {4, 8}}},
		{name: "skip a swap that makes another", colour: UpperRed, units: map[int]string{1: "A", 5: "A", 6: "A"},
			want: [][2]int{{1, 7}, {2, 6}, {3, 5}, {4, 8}}},
		{name: "last pair swaps with the one before", colour: UpperRed, units: map[int]string{4: "A", 8: "A"},
			want: [][2]int{{1, 5}, {2, 6}, {3, 8}, {4, 7}}},
		{name: "different units stay", colour: UpperRed, units: map[int]string{1: "A", 5: "B"},
			want: [][2]int{{1, 5}, {2, 6}, {3, 7}, {4, 8}}},
		{name: "avoidance off", colour: UpperRed, avoid: AvoidNever, units: map[int]string{1: "A", 5: "A"},
			want: [][2]int{{1, 5}, {2, 6}, {3, 7}, {4, 8}}},
	})
	// Round 2: the winners 1 and 2 are of one unit.
	later := []struct {
		name  string
		avoid UnitAvoidance
		want  [][][2]int // any of these
	}{
		{"round 2, first round only", AvoidFirstRound, [][][2]int{{{1, 2}, {3, 4}}}},
		{"round 2, every round", AvoidAllRounds, [][][2]int{{{1, 3}, {2, 4}}, {{1, 4}, {2, 3}}}},
	}
	for _, tt := range later {
		t.Run(tt.name, func(t *testing.T) {
			s := DefaultSettings(7)
			s.AvoidUnit = tt.avoid
			ev := swEvent(t, s, map[int]string{1: "RW", 2: "BW", 3: "RL", 4: "BL"})
			ev.Players[0].Unit, ev.Players[1].Unit = "A", "A"
			p := swPair(t, ev)
			if got := pairsOf(p); !oneOf(got, tt.want...) {
				t.Errorf("pairs %v, want one of %v", got, tt.want)
			}
		})
	}
}

// TestR_SW_5_FirstRoundColours gives round 1's colours by each method, on
// boards 1–8, 3–6, 5–4, 7–2 (head-tail, odd-even halves) or 1–8, 2–7, 3–6,
// 4–5 (head-tail, top-bottom).
func TestR_SW_5_FirstRoundColours(t *testing.T) {
	runFirstRound(t, []firstRoundCase{
		{name: "odd boards lower red", method: HeadTail, halves: OddEven, colour: AlternateBoards,
			want: [][2]int{{1, 8}, {6, 3}, {4, 5}, {7, 2}}},
		{name: "odd boards higher red", method: HeadTail, halves: OddEven, colour: AlternateBoardsHigherRed,
			want: [][2]int{{8, 1}, {3, 6}, {5, 4}, {2, 7}}},
		{name: "upper half red", method: HeadTail, halves: OddEven, colour: UpperRed,
			want: [][2]int{{1, 8}, {3, 6}, {5, 4}, {7, 2}}},
		{name: "lower number red", method: HeadTail, halves: OddEven, colour: LowerNumberRed,
			want: [][2]int{{1, 8}, {3, 6}, {4, 5}, {2, 7}}},
		{name: "odd number red", method: HeadTail, halves: TopBottom, colour: OddNumberRed,
			want: [][2]int{{1, 8}, {7, 2}, {3, 6}, {5, 4}}},
	})
	t.Run("drawn", func(t *testing.T) {
		s := DefaultSettings(7)
		s.FirstRound, s.FirstColour = HeadTail, DrawnColour
		seen := map[string]bool{}
		for seed := range uint64(8) {
			s.Seed = seed
			p := firstRound(t, 8, s, nil)
			if got := pairsOf(p); !reflect.DeepEqual(got, [][2]int{{1, 8}, {2, 7}, {3, 6}, {4, 5}}) {
				t.Fatalf("seed %d: pairs %v; drawing colours must not change the pairs", seed, got)
			}
			if again := firstRound(t, 8, s, nil); !reflect.DeepEqual(again, p) {
				t.Fatalf("seed %d: two draws differ", seed)
			}
			seen[fmt.Sprint(redBlack(p))] = true
		}
		if len(seen) < 3 {
			t.Errorf("8 seeds drew only %d different colourings", len(seen))
		}
	})
}

// scorePairs lists the scores in points of each board's players, higher
// first, sorted: which score groups met.
func scorePairs(ev *Event, p Pairing) [][2]float64 {
	h := ev.Histories()
	var out [][2]float64
	for _, b := range p.Boards {
		x, y := Score(h[b.Red]).Float(), Score(h[b.Black]).Float()
		out = append(out, [2]float64{max(x, y), min(x, y)})
	}
	slices.SortFunc(out, func(a, b [2]float64) int {
		if a[0] != b[0] {
			return cmp.Compare(b[0], a[0])
		}
		return cmp.Compare(b[1], a[1])
	})
	return out
}

// TestR_SW_6_TopDown: equal scores are paired first, then the nearest
// scores (由高调低); a score group that cannot pair everybody floats its
// leftover to the next group down, not further.
func TestR_SW_6_TopDown(t *testing.T) {
	tests := []struct {
		name string
		hist map[int]string
		want [][2]float64 // 2/1/0 scoring
	}{
		{
			name: "winners meet winners",
			hist: map[int]string{1: "RW", 2: "BW", 3: "RW", 4: "BW", 5: "RL", 6: "BL", 7: "RL", 8: "BL"},
			want: [][2]float64{{2, 2}, {2, 2}, {0, 0}, {0, 0}},
		},
		{
			name: "odd groups float to the next group",
			hist: map[int]string{1: "RW", 2: "BD", 3: "BW", 4: "RW", 5: "RL", 6: "RD", 7: "BL", 8: "BL"},
			want: [][2]float64{{2, 2}, {2, 1}, {1, 0}, {0, 0}},
		},
		{
			name: "a top pair that met floats into the nearest group",
			hist: map[int]string{1: "R2D RW", 2: "B1D BW", 3: "RW BL", 4: "BW RL", 5: "RD BD", 6: "BL RL"},
			want: [][2]float64{{3, 2}, {3, 2}, {2, 0}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := swEvent(t, DefaultSettings(7), tt.hist)
			p := swPair(t, ev)
			if got := scorePairs(ev, p); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("scores met %v, want %v (boards %v)", got, tt.want, redBlack(p))
			}
		})
	}
}

// TestR_SW_7_NeedsRedList: a player with more blacks than reds needs red
// and gets it; with equal colours, black in the last round. By default
// every paired game counts, forfeits included (R-T-0), and a bye counts with
// the colour recorded for it (R-S-3); with FIDE's conventions only games
// played over the board count.
func TestR_SW_7_NeedsRedList(t *testing.T) {
	tests := []struct {
		name string
		set  Settings
		hist map[int]string
		red  []int // the players who must play red
	}{
		{"needs red meets needs black", DefaultSettings(9), map[int]string{1: "RD BD RD", 2: "BD RD BD", 3: "RD BD RD", 4: "BD RD BD"}, []int{2, 4}},
		{"more blacks plays red", DefaultSettings(9), map[int]string{1: "BD RD RD", 2: "RD BD BD"}, []int{2}},
		{"black last round plays red", DefaultSettings(9), map[int]string{1: "BD RD", 2: "RD BD"}, []int{2}},
		// R-T-0: 1 had R (a forfeit), B; 2 had B: 2 has fewer reds.
		{"R-T-0 a forfeit counts", DefaultSettings(9), map[int]string{1: "R+ BD", 2: "bye BD"}, []int{2}},
		// FIDE: 1 had B only, 2 had B: 1's black run... both B; the sum 3 is odd: lower number red.
		{"FIDE a forfeit is no game", fide(9), map[int]string{1: "R+ BD", 2: "bye BD"}, []int{1}},
		// R-S-3: 1's bye was recorded black, so 1 had B R against 2's B R.
		{"R-S-3 a bye counts with its colour", DefaultSettings(9), map[int]string{1: "byeB RD", 2: "BW RD"}, []int{1}},
		{"R-S-3 a red bye counts", DefaultSettings(9), map[int]string{1: "byeR RD", 2: "BW RD"}, []int{2}},
		// FIDE: the bye has no colour. 1 had R, 2 had B R: equal reds (R-SW-10 (1)
		// counts reds) and equal runs, so the numbers decide: 1+2 odd, 1 red.
		{"FIDE a bye is no game", fide(9), map[int]string{1: "byeB RD", 2: "BW RD"}, []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := swPair(t, swEvent(t, tt.set, tt.hist))
			var red []int
			for _, b := range p.Boards {
				red = append(red, b.Red)
			}
			if slices.Sort(red); !slices.Equal(red, tt.red) {
				t.Errorf("red: %v, want %v (boards %v)", red, tt.red, redBlack(p))
			}
		})
	}
}

// TestR_SW_9_NoRematch: players who met over the board never meet again;
// a draw is a game, a forfeit is not (R-T-0).
func TestR_SW_9_NoRematch(t *testing.T) {
	tests := []struct {
		name string
		hist map[int]string
		want [][2]int // pairs; nil: ErrNoPairing
	}{
		{"the leader's group met him", map[int]string{1: "R2W R3W", 2: "B1L R4W", 3: "R4W B1L", 4: "B3L B2L"}, [][2]int{{1, 4}, {2, 3}}},
		{"shift past a met player", map[int]string{1: "R3D", 2: "RD", 3: "B1D", 4: "BD"}, [][2]int{{1, 4}, {2, 3}}},
		{"a draw is a game", map[int]string{1: "R2D", 2: "B1D"}, nil},
		{"R-T-0 a forfeit counts as having met", map[int]string{1: "R2+", 2: "B1-"}, nil},
		{"FIDE a forfeit is no game", map[int]string{1: "R2+", 2: "B1-"}, [][2]int{{1, 2}}},
		{"FIDE a forfeit loss is no game", map[int]string{1: "R2-", 2: "B1+"}, [][2]int{{1, 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := DefaultSettings(9)
			if strings.HasPrefix(tt.name, "FIDE") {
				set = fide(9)
			}
			p, err := Pair(swEvent(t, set, tt.hist))
			switch {
			case tt.want == nil && !errors.Is(err, ErrNoPairing):
				t.Fatalf("got %v, %v; want ErrNoPairing", redBlack(p), err)
			case tt.want != nil && err != nil:
				t.Fatal(err)
			}
			if got := pairsOf(p); tt.want != nil && !reflect.DeepEqual(got, tt.want) {
				t.Errorf("pairs %v, want %v", got, tt.want)
			}
		})
	}
}

// colourCase is a forced pair — the only two active players, who have not
// met — and the colours the rules give it.
type colourCase struct {
	name     string
	rounds   int // Settings.Rounds; 0: 9
	tie      ColourTieRule
	priority int // Settings.ScorePriorityRounds; 0: the default 3
	hist     map[int]string
	red      int
	rule     ColourReason
	relaxed  bool // R-SW-12 cannot hold: Relaxed must say so
}

func runColours(t *testing.T, tests []colourCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := DefaultSettings(9)
			if tt.rounds > 0 {
				s.Rounds = tt.rounds
			}
			if tt.priority > 0 {
				s.ScorePriorityRounds = tt.priority
			}
			s.ColourTie = tt.tie
			p := swPair(t, swEvent(t, s, tt.hist))
			if len(p.Boards) != 1 {
				t.Fatalf("boards %v, want one", redBlack(p))
			}
			if b := p.Boards[0]; b.Red != tt.red || b.ColourRule != tt.rule {
				t.Errorf("red %d by rule %d, want red %d by rule %d (boards %v)", b.Red, b.ColourRule, tt.red, tt.rule, redBlack(p))
			}
			if got := relaxed(p, "R-SW-12"); got != tt.relaxed {
				t.Errorf("R-SW-12 relaxed: %v, want %v (%+v)", got, tt.relaxed, p.Relaxed)
			}
		})
	}
}

// TestR_SW_10_ColourRules allocates colours in a forced pair by each
// criterion (1)–(8) in turn. In (1)–(7) player 2 should be red, so the tie
// rule (8), which favours player 1, cannot pass the case by accident.
func TestR_SW_10_ColourRules(t *testing.T) {
	runColours(t, []colourCase{
		{name: "(1) fewer reds", hist: map[int]string{1: "RD RD BD", 2: "BD BD RD"}, red: 2, rule: ColourFewerReds},
		{name: "(2) black run over red run", hist: map[int]string{1: "BD BD RD RD", 2: "RD RD BD BD"}, red: 2, rule: ColourBlackRun},
		{name: "(3) longer black run", hist: map[int]string{1: "RD BD RD BD BD", 2: "RD RD BD BD BD"}, red: 2, rule: ColourLongerBlack, relaxed: true},
		{name: "(4) shorter red run", hist: map[int]string{1: "BD BD RD RD RD", 2: "BD RD BD RD RD"}, red: 2, rule: ColourShorterRed, relaxed: true},
		{name: "(5) black run over black last", hist: map[int]string{1: "RD BD RD BD", 2: "RD RD BD BD"}, red: 2, rule: ColourRunOverLast},
		{name: "(6) red last over red run", hist: map[int]string{1: "BD BD RD RD", 2: "RD BD BD RD"}, red: 2, rule: ColourLastOverRun},
		{name: "(7) black last over red last", hist: map[int]string{1: "BD RD", 2: "RD BD"}, red: 2, rule: ColourBlackLast},
		{name: "(8) odd sum: lower red", hist: map[int]string{1: "RD BD", 2: "RD BD"}, red: 1, rule: ColourTieNumbers},
		{name: "(8) even sum: higher red", hist: map[int]string{1: "RD BD", 3: "RD BD"}, red: 3, rule: ColourTieNumbers},
		{name: "(8) odd round: lower red", tie: RoundParity, hist: map[int]string{1: "RD BD", 3: "RD BD"}, red: 1, rule: ColourTieNumbers},
		{name: "(8) even round: higher red", tie: RoundParity, hist: map[int]string{1: "BD RD BD", 2: "BD RD BD"}, red: 2, rule: ColourTieNumbers},
		// Equal reds, both a single black last round: (1)–(7) are equal, so
		// (8) decides; "last round" is only the last (R-SW-10), so round 2,
		// where they differ, does not count.
		{name: "(8) only the last round counts", hist: map[int]string{1: "BD RD RD BD", 2: "RD BD RD BD"}, red: 1, rule: ColourTieNumbers},
	})
}

// TestR_SW_11_HigherScorePriority: from the third-last round on, when
// scores differ, the higher score's colour need wins (缺先补先、缺后补后);
// before that, and between equal scores, R-SW-10 decides. Player 2 had a
// bye, so it has played one game fewer than player 1.
func TestR_SW_11_HigherScorePriority(t *testing.T) {
	behindNeedsBlack := map[int]string{1: "RW BW RL", 2: "bye BW RW"} // 1: 4 points, R B R; 2: 6, B R
	behindNeedsRed := map[int]string{1: "BW RW BL", 2: "bye RW BW"}   // 1: B R B; 2: R B
	level := map[int]string{1: "RW BW RW", 2: "bye BW RW"}            // 6 points each
	runColours(t, []colourCase{
		{name: "third-last round: leader needs black", rounds: 6, hist: behindNeedsBlack, red: 1, rule: ColourHigherScore},
		{name: "third-last round: leader needs red", rounds: 6, hist: behindNeedsRed, red: 2, rule: ColourHigherScore},
		{name: "fourth-last round: R-SW-10", rounds: 7, hist: behindNeedsBlack, red: 2, rule: ColourFewerReds},
		{name: "fourth-last round with a window of 4", rounds: 7, priority: 4, hist: behindNeedsBlack, red: 1, rule: ColourHigherScore},
		{name: "equal scores: R-SW-10", rounds: 6, hist: level, red: 2, rule: ColourFewerReds},
	})
}

// TestR_SW_12_NoThreeInARow: nobody gets a third colour in a row or an
// imbalance of three, not even by R-SW-11's colour priority; pairs that
// would break it are not made; a forced pair that breaks it says so in
// Relaxed; in the last round such a pairing is not broken up.
func TestR_SW_12_NoThreeInARow(t *testing.T) {
	runColours(t, []colourCase{
		// R-SW-11 would give the leader 2 red and player 1 a third black.
		{name: "R-SW-11 gives no third black", rounds: 6, hist: map[int]string{1: "RD RD BD BD", 2: "RW BW RW BW"}, red: 1, rule: ColourRunOverLast},
		// R-SW-11 would give player 1 reds − blacks = −3.
		{name: "R-SW-11 gives no imbalance of 3", rounds: 6, hist: map[int]string{1: "BD BD RD BD", 2: "RW BW RW BW"}, red: 1, rule: ColourFewerReds},
		{name: "forced pair of two red runs", hist: map[int]string{1: "BD RD RD", 2: "BD RD RD"}, red: 1, rule: ColourTieNumbers, relaxed: true},
	})
	runs := map[int]string{1: "BW RW RW", 2: "BW RW RW", 3: "RL BL BL", 4: "RL BL BL"}
	imbalances := map[int]string{1: "RW RW BW RW", 2: "RW RW BW RW", 3: "BL BL RL BL", 4: "BL BL RL BL"}
	apart := [][][2]int{{{1, 3}, {2, 4}}, {{1, 4}, {2, 3}}}
	tests := []struct {
		name   string
		rounds int
		hist   map[int]string
		want   [][][2]int // any of these
	}{
		{"two red runs are kept apart", 9, runs, apart},
		{"two +2 imbalances are kept apart", 9, imbalances, apart},
		// 003: 最后一轮中出现连三先配对、连三后配对，均不拆开重排.
		{"last round: not broken up", 4, runs, [][][2]int{{{1, 2}, {3, 4}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := swEvent(t, DefaultSettings(tt.rounds), tt.hist)
			p := swPair(t, ev)
			if got := pairsOf(p); !oneOf(got, tt.want...) {
				t.Errorf("pairs %v, want one of %v", got, tt.want)
			}
			if last := len(ev.Rounds)+1 == tt.rounds; !last && len(p.Relaxed) > 0 {
				t.Errorf("relaxed %+v; a pairing that keeps every rule exists", p.Relaxed)
			}
		})
	}
}

// TestR_S_3_ByeLowestScore: the pairing bye goes to the lowest score among
// players who have not had one, never twice to one player while avoidable;
// when everybody has had one, the lowest score takes the next.
func TestR_S_3_ByeLowestScore(t *testing.T) {
	tests := []struct {
		name string
		hist map[int]string
		bye  []int // any of these
	}{
		{"lowest score", map[int]string{1: "RW", 2: "BW", 3: "RD", 4: "BL", 5: "bye"}, []int{4}},
		{"lowest had one", map[int]string{1: "RW RW", 2: "BW BW", 3: "RD RW", 4: "BD RD", 5: "bye BL"}, []int{4}},
		{"everybody had one", map[int]string{1: "bye RW RW", 2: "BW bye RD", 3: "RL BL bye"}, []int{3}},
		// 2 cannot take it: 1 and 3 met. 3 had one, so 1 takes it.
		{"a second bye only when unavoidable", map[int]string{1: "R3W RW", 2: "BL BL", 3: "B1L bye"}, []int{1}},
		// 5 cannot take it: 1 has met all but 5. 2 and 7 had one; 1 or 4
		// (5 points each) takes it, leaving 4–5 and 2–7 or 1–5 and 2–7.
		{"a second bye only when unavoidable, higher up", map[int]string{
			1: "R2W B7W B4D", 2: "B1L R5D bye", 4: "BW BW R1D", 5: "RL B2D R7D", 7: "bye R1L B5D"}, []int{1, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := swPair(t, swEvent(t, DefaultSettings(9), tt.hist))
			if len(p.Byes) != 1 || !slices.Contains(tt.bye, p.Byes[0]) {
				t.Errorf("byes %v, want one of %v (boards %v)", p.Byes, tt.bye, redBlack(p))
			}
		})
	}
}
