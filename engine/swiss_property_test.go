package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// simEvent makes a Swiss of n players and the given number of rounds with
// settings drawn from rng: scoring, bye value, first-round method, halves,
// first-round colours, the R-SW-10 (8) tie rule, same-unit avoidance (with
// units for about a third of the players), the R-SW-11 window and the
// counting conventions (R-T-0, R-S-3: mostly the defaults, now and then
// FIDE's). R-SW-12 is on.
func simEvent(rng *rand.Rand, n, rounds int) *Event {
	scorings := []Scoring{ScoringNational, ScoringTwoOne, ScoringThreeOne}
	s := DefaultSettings(rounds)
	s.Scoring = scorings[rng.IntN(len(scorings))]
	s.ByeValue = []Points{s.Win, s.Draw}[rng.IntN(2)]
	s.FirstRound = FirstRoundMethod(rng.IntN(4))
	s.Halves = HalvesMethod(rng.IntN(2))
	s.FirstColour = FirstColourMethod(rng.IntN(6))
	s.ColourTie = ColourTieRule(rng.IntN(2))
	s.AvoidUnit = UnitAvoidance(rng.IntN(3))
	s.ScorePriorityRounds = []int{0, 3, 3, 4}[rng.IntN(4)]
	s.CountForfeits = rng.IntN(4) != 0
	s.CountByeColour = rng.IntN(4) != 0
	s.Seed = rng.Uint64()
	ev := &Event{Name: fmt.Sprintf("sim %d×%d", n, rounds), Settings: s}
	units := max(2, n/6)
	for id := 1; id <= n; id++ {
		p := Player{ID: id, Name: fmt.Sprintf("P%d", id)}
		if rng.IntN(3) == 0 {
			p.Unit = fmt.Sprintf("U%d", rng.IntN(units))
		}
		ev.Players = append(ev.Players, p)
	}
	return ev
}

// fillResults enters a result for every pending game of rd: red win, black
// win or draw, about 3% forfeits, and now and then a foul.
func fillResults(rng *rand.Rand, rd *Round) {
	for i := range rd.Games {
		g := &rd.Games[i]
		if g.Result != Pending {
			continue // a withdrawn player's forfeit (R-W-3)
		}
		switch k := rng.IntN(100); {
		case k < 1:
			g.Result = RedForfeitWin
		case k < 2:
			g.Result = BlackForfeitWin
		case k < 3:
			g.Result = DoubleForfeit
		case k < 40:
			g.Result = RedWin
		case k < 75:
			g.Result = BlackWin
		default:
			g.Result = Draw
		}
		g.RedFouls, g.BlackFouls = rng.IntN(8)/7, rng.IntN(8)/7
	}
}

// playSwiss pairs rounds of ev until it has `upto` rounds, entering random
// results after each.
func playSwiss(tb testing.TB, rng *rand.Rand, ev *Event, upto int) {
	tb.Helper()
	for len(ev.Rounds) < upto {
		p, err := Pair(ev)
		if err != nil {
			tb.Fatalf("%s round %d: %v", ev.Name, len(ev.Rounds)+1, err)
		}
		if err := AddRound(ev, p); err != nil {
			tb.Fatal(err)
		}
		fillResults(rng, &ev.Rounds[len(ev.Rounds)-1])
	}
}

// simState is what the checks need to know about an event before a round.
type simState struct {
	ev     *Event
	round  int
	active []int
	hist   [][]Entry
}

func newSimState(ev *Event) simState {
	st := simState{ev: ev, round: len(ev.Rounds) + 1, hist: ev.Histories()}
	for _, p := range ev.Players {
		if p.Active(st.round) {
			st.active = append(st.active, p.ID)
		}
	}
	return st
}

func (st simState) score(id int) Points { return Score(st.hist[id]) }

// hadBye reports a pairing bye (轮空) in an earlier round (R-S-3).
func (st simState) hadBye(id int) bool {
	return slices.ContainsFunc(st.hist[id], func(e Entry) bool { return e.Outcome == OutcomeBye && e.Bye == PairingBye })
}

// counts reports whether e counts for colours and for having met: a game
// played, or any paired game with Settings.CountForfeits (R-T-0).
func (st simState) counts(e Entry) bool {
	return e.Opponent != 0 && (e.Played() || st.ev.Settings.CountForfeits)
}

// colours are the colours that count for id: of the games that count, and
// of byes recorded with a colour when Settings.CountByeColour (R-S-3).
func (st simState) colours(id int) []Colour {
	var cs []Colour
	for _, e := range st.hist[id] {
		switch {
		case e.Outcome == OutcomeBye && st.ev.Settings.CountByeColour && e.ByeColour != NoColour:
			cs = append(cs, e.ByeColour)
		case st.counts(e):
			cs = append(cs, e.Colour)
		}
	}
	return cs
}

func (st simState) met(a, b int) bool {
	return slices.ContainsFunc(st.hist[a], func(e Entry) bool { return e.Opponent == b && st.counts(e) })
}

// oracleRules says which rules besides R-SW-9 an oracle question keeps.
type oracleRules struct{ rule12, units bool }

// can is the oracle's graph for the round: a and b may meet under r; the
// bye (0) may go to a player for whom byeOK holds.
func (st simState) can(r oracleRules, byeOK func(id int) bool) oracleCan {
	set := st.ev.Settings
	return func(a, b int) bool {
		switch {
		case a == 0:
			return byeOK(b)
		case st.met(a, b):
			return false
		case r.units && st.round > 1 && set.AvoidUnit == AvoidAllRounds && st.unit(a) != "" && st.unit(a) == st.unit(b):
			return false
		case r.rule12 && set.NoThreeInARow && st.breaks(a, b) && st.breaks(b, a):
			return false
		}
		return true
	}
}

func (st simState) unit(id int) string { return st.ev.Players[id-1].Unit }

// breaks reports whether red/black breaks R-SW-12 for either of them.
func (st simState) breaks(red, black int) bool {
	return st.colourBreak(append(st.colours(red), Red)) != "" || st.colourBreak(append(st.colours(black), Black)) != ""
}

// pairable asks the oracle whether the active players can all be paired
// under r, the bye to a player for whom byeOK holds.
func (st simState) pairable(r oracleRules, byeOK func(id int) bool) bool {
	return completePairing(st.active, st.can(r, byeOK))
}

func relaxed(p Pairing, rule string) bool {
	return slices.ContainsFunc(p.Relaxed, func(r Relaxation) bool { return r.Rule == rule })
}

// violation is one way a pairing breaks a rule. Rule "pairing" means it
// is not a whole pairing of the round at all.
type violation struct{ rule, msg string }

func (v violation) String() string { return v.msg + " (" + v.rule + ")" }

// check lists every way p breaks the rules for the round st describes.
func (st simState) check(p Pairing) []violation {
	var bad []violation
	fail := func(rule, format string, args ...any) {
		bad = append(bad, violation{rule, fmt.Sprintf(format, args...)})
	}
	set := st.ev.Settings
	if p.Round != st.round {
		fail("pairing", "Pairing.Round = %d, want %d", p.Round, st.round)
	}
	seen := map[int]int{}
	for i, b := range p.Boards {
		if b.Number != i+1 {
			fail("R-SW-13", "board %d is numbered %d", i+1, b.Number)
		}
		if b.Placed == 0 || b.ColourRule == 0 {
			fail("R-SW-13", "board %d (%d–%d) has no record: Placed %d, ColourRule %d", b.Number, b.Red, b.Black, b.Placed, b.ColourRule)
		}
		seen[b.Red]++
		seen[b.Black]++
		if st.met(b.Red, b.Black) {
			fail("R-SW-9", "board %d: %d and %d have met before", b.Number, b.Red, b.Black)
		}
		u := st.ev.Players[b.Red-1].Unit
		if st.round > 1 && set.AvoidUnit == AvoidAllRounds && u != "" && u == st.ev.Players[b.Black-1].Unit && !relaxed(p, "R-SW-4") {
			fail("R-SW-4", "board %d: %d and %d are both of unit %s", b.Number, b.Red, b.Black, u)
		}
	}
	for _, id := range p.Byes {
		seen[id]++
	}
	for _, id := range st.active {
		if seen[id] != 1 {
			fail("pairing", "active player %d is paired %d times", id, seen[id])
		}
		delete(seen, id)
	}
	for id := range seen {
		fail("pairing", "player %d is paired but not active (withdrawn or unknown)", id)
	}
	if want := len(st.active) % 2; len(p.Byes) != want {
		fail("pairing", "%d byes for %d active players, want %d", len(p.Byes), len(st.active), want)
	}
	for _, id := range p.Byes {
		if msg := st.checkBye(p, id); msg != "" {
			fail("R-S-3", "%s", msg)
		}
	}
	if set.NoThreeInARow && !relaxed(p, "R-SW-12") {
		for _, b := range p.Boards {
			for _, x := range []struct {
				id int
				c  Colour
			}{{b.Red, Red}, {b.Black, Black}} {
				if why := st.colourBreak(append(st.colours(x.id), x.c)); why != "" {
					fail("R-SW-12", "board %d: player %d %s (colour rule %d)", b.Number, x.id, why, b.ColourRule)
				}
			}
		}
	}
	return bad
}

// checkBye checks the bye of player id against R-S-3: to a lowest score
// among the players without a bye, and never a second while avoidable.
func (st simState) checkBye(p Pairing, id int) string {
	noBye := func(x int) bool { return !st.hadBye(x) }
	if st.hadBye(id) {
		if st.pairable(oracleRules{}, noBye) {
			return fmt.Sprintf("player %d gets a second bye, but the others can be paired with the bye to a player who had none", id)
		}
		return ""
	}
	low := st.score(id)
	for _, x := range st.active {
		if noBye(x) {
			low = min(low, st.score(x))
		}
	}
	if low == st.score(id) || relaxed(p, "R-S-3") {
		return ""
	}
	avoidable := st.pairable(oracleRules{}, func(x int) bool { return noBye(x) && st.score(x) == low })
	return fmt.Sprintf("bye to player %d with %v, but a player without a bye has %v and Relaxed does not say why; a pairing with the bye at %v exists: %v",
		id, st.score(id), low, low, avoidable)
}

// colourBreak says how a colour history breaks R-SW-12, or "": a third
// colour in a row (but in the last round, 003) or reds − blacks reaching ±3.
func (st simState) colourBreak(cs []Colour) string {
	if n := len(cs); st.round < st.ev.Settings.Rounds && n >= 3 && cs[n-1] == cs[n-2] && cs[n-2] == cs[n-3] {
		return fmt.Sprintf("gets a third %s in a row", cs[n-1].String())
	}
	d := 0
	for _, c := range cs {
		if c == Red {
			d++
		} else {
			d--
		}
	}
	if abs(d) >= 3 {
		return fmt.Sprintf("reaches reds − blacks = %+d", d)
	}
	return ""
}

// TestSwissProperty pairs a thousand random Swiss events round by round —
// club fields and a few large ones, odd and even, tight ones with as many
// rounds as a round robin or one fewer, withdrawals and forfeits, both
// counting conventions — and checks every pairing against the rules that
// hold whatever the procedure's choices: R-SW-9, R-S-3, R-SW-12, R-SW-4
// (every round when asked), R-SW-13, withdrawals (R-W-3) and determinism;
// and, against an oracle of its own, completeness: no refusal while a
// complete pairing without a rematch exists, no rule given up while a
// complete pairing keeps it, and the record naming exactly the players for
// whom R-SW-12 was broken (R-SW-9).
func TestSwissProperty(t *testing.T) {
	events, maxN := 1000, 300
	if testing.Short() {
		events, maxN = 150, 120
	}
	rng := rand.New(rand.NewPCG(20240611, 12))
	var tally completeTally
	shown := 0
	broken := map[string]int{} // rule → pairings that break it
	for iter := range events {
		// Mostly club-sized fields, a few large ones, a third of them tight.
		n := 4 + rng.IntN(29)
		if iter%10 == 0 {
			n = 4 + rng.IntN(maxN-3)
		}
		rounds := min(5+rng.IntN(9), n-1)
		if iter%3 == 1 && n <= 24 {
			rounds = max(1, n-1-rng.IntN(2)) // N−1 or N−2
		}
		ev := simEvent(rng, n, rounds)
		set := ev.Settings
		name := fmt.Sprintf("event %d (%d players, %d rounds, %v, first round %v/%v/%v, tie %v, units %v, R-SW-11 %d, forfeits count %v, bye colours %v)",
			iter, n, rounds, set.Scoring, set.FirstRound, set.Halves, set.FirstColour, set.ColourTie, set.AvoidUnit, set.ScorePriorityRounds,
			set.CountForfeits, set.CountByeColour)
		for r := 1; r <= rounds; r++ {
			simWithdraw(t, rng, ev, r)
			st := newSimState(ev)
			before := wdClone(ev)
			p, err := Pair(ev)
			if !reflect.DeepEqual(ev, before) {
				t.Fatalf("%s round %d: Pair changed the event", name, r)
			}
			if msg := tally.judge(st, p, err); msg != "" {
				t.Errorf("%s round %d: %s\n%s", name, r, msg, st.dump(p))
			}
			if err != nil {
				break
			}
			if bad := st.check(p); len(bad) > 0 {
				var msgs []string
				for _, v := range bad {
					broken[v.rule]++
					msgs = append(msgs, v.String())
				}
				if shown++; shown <= 10 {
					t.Errorf("%s round %d:\n\t%s\n%s", name, r, strings.Join(msgs, "\n\t"), st.dump(p))
				}
				if slices.ContainsFunc(bad, func(v violation) bool { return v.rule == "pairing" }) {
					break // not a whole pairing: the event cannot go on
				}
			}
			if again, _ := Pair(ev); !reflect.DeepEqual(again, p) {
				t.Fatalf("%s round %d: pairing the same event twice differs:\n%+v\n%+v", name, r, p, again)
			}
			if clone, _ := Pair(before); !reflect.DeepEqual(clone, p) {
				t.Fatalf("%s round %d: pairing a copy of the event differs:\n%+v\n%+v", name, r, p, clone)
			}
			if err := AddRound(ev, p); err != nil {
				t.Fatal(err)
			}
			fillResults(rng, &ev.Rounds[r-1])
		}
	}
	if shown > 0 {
		t.Errorf("%d pairings break rules; pairings per rule broken: %v", shown, broken)
	}
	t.Logf("%d events, %d rounds paired; %d refused (the oracle agreed: no complete pairing without a rematch); R-SW-12 given up %d times, R-SW-4 %d times (the oracle agreed: no complete pairing keeps it)",
		events, tally.paired, tally.refused, tally.relaxed12, tally.relaxedUnits)
	// The test is only worth something if the tight events reach the cases.
	if !testing.Short() && (tally.refused == 0 || tally.relaxed12 == 0) {
		t.Errorf("no refusal or no R-SW-12 relaxation among %d events: the events are not tight enough to test completeness", events)
	}
}

// completeTally counts what TestSwissProperty's completeness checks saw.
type completeTally struct{ paired, refused, relaxed12, relaxedUnits, notFewest int }

// fewestBreakers is the least number of players for whom a complete pairing
// of the round breaks R-SW-12 (R-SW-4 kept when units), each pair taking the
// colours that break it for fewer; −1 for a field too large to tell.
func (st simState) fewestBreakers(units bool, byeOK func(id int) bool) int {
	vs := slices.Clone(st.active)
	if len(vs)%2 == 1 {
		vs = append(vs, 0)
	}
	if len(vs) > 20 {
		return -1
	}
	can := st.can(oracleRules{rule12: false, units: units}, byeOK)
	count := func(red, black int) int {
		n := 0
		if st.colourBreak(append(st.colours(red), Red)) != "" {
			n++
		}
		if st.colourBreak(append(st.colours(black), Black)) != "" {
			n++
		}
		return n
	}
	return fewestBroken(len(vs), func(i, j int) int {
		a, b := vs[i], vs[j]
		if b == 0 {
			a, b = b, a
		}
		switch {
		case !can(a, b):
			return -1
		case a == 0:
			return 0
		}
		return min(count(a, b), count(b, a))
	})
}

// judge checks one Pair call against the oracle (R-SW-9): a refusal only
// when no complete pairing without a rematch exists for any bye; a rule
// given up only when no complete pairing keeps it — the bye as R-S-3 allows
// it: first to players without one — and R-SW-12's record naming exactly
// the players it was broken for. It returns what is wrong, or "".
func (tally *completeTally) judge(st simState, p Pairing, err error) string {
	anyone := func(int) bool { return true }
	if err != nil {
		if !errors.Is(err, ErrNoPairing) {
			return fmt.Sprintf("error %q does not wrap ErrNoPairing", err)
		}
		tally.refused++
		if st.pairable(oracleRules{}, anyone) {
			return fmt.Sprintf("Pair failed (%v), but a complete pairing without a rematch exists", err)
		}
		return ""
	}
	tally.paired++
	byeOK := func(id int) bool { return !st.hadBye(id) }
	if len(p.Byes) == 1 && st.hadBye(p.Byes[0]) {
		byeOK = anyone // a second bye: no class of fresh players could pair
	}
	r12, units := relaxed(p, "R-SW-12"), relaxed(p, "R-SW-4")
	switch {
	case r12 && !units && st.pairable(oracleRules{rule12: true, units: true}, byeOK):
		return "R-SW-12 given up, but a complete pairing keeps it"
	case units && st.pairable(oracleRules{rule12: false, units: true}, byeOK):
		return "R-SW-4 given up, but a complete pairing keeps players of one unit apart"
	case units && r12 && st.pairable(oracleRules{rule12: true, units: false}, byeOK):
		return "R-SW-12 and R-SW-4 given up, but a complete pairing keeps R-SW-12"
	}
	if r12 {
		tally.relaxed12++
		got, want := relaxedFor(p, "R-SW-12"), st.breakers(p)
		if !slices.Equal(got, want) {
			return fmt.Sprintf("the record says R-SW-12 was broken for %v, but it was for %v", got, want)
		}
		if least := st.fewestBreakers(!units, byeOK); least >= 0 && len(got) > least {
			tally.notFewest++
			return fmt.Sprintf("R-SW-12 broken for %v, but a complete pairing breaks it for %d", got, least)
		}
	}
	if units {
		tally.relaxedUnits++
	}
	return ""
}

// relaxedFor lists the players the record names for rule, in order.
func relaxedFor(p Pairing, rule string) []int {
	for _, r := range p.Relaxed {
		if r.Rule == rule {
			return slices.Sorted(slices.Values(r.Players))
		}
	}
	return nil
}

// breakers lists the players whose colours in p break R-SW-12, in order.
func (st simState) breakers(p Pairing) []int {
	var who []int
	for _, b := range p.Boards {
		if st.colourBreak(append(st.colours(b.Red), Red)) != "" {
			who = append(who, b.Red)
		}
		if st.colourBreak(append(st.colours(b.Black), Black)) != "" {
			who = append(who, b.Black)
		}
	}
	slices.Sort(who)
	return who
}

// simWithdraw now and then withdraws a few players before round r (R-W-3),
// keeping at least four in the event.
func simWithdraw(t *testing.T, rng *rand.Rand, ev *Event, r int) {
	if rng.IntN(4) != 0 {
		return
	}
	for range 1 + rng.IntN(1+len(ev.Players)/25) {
		var active []int
		for _, p := range ev.Players {
			if p.Active(r) {
				active = append(active, p.ID)
			}
		}
		if len(active) <= 4 {
			return
		}
		id := active[rng.IntN(len(active))]
		if err := Withdraw(ev, id, r-1); err != nil {
			t.Fatalf("%s: withdraw %d after round %d: %v", ev.Name, id, r-1, err)
		}
	}
}

// TestPairNoPairing asks for a round that every complete pairing would make
// a rematch: Pair must say so with ErrNoPairing and never pair a rematch
// (R-SW-9). A forfeit counts as having met by default (R-T-0); with FIDE's
// convention it is no game played, so it does not block.
func TestPairNoPairing(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		rounds  int // Settings.Rounds; 0: as many as asked
		played  int
		forfeit bool // round 1's games were forfeited
		fide    bool // only games played count (Settings.CountForfeits off)
		wantErr bool
	}{
		{"4 players, round 4 of 5", 4, 5, 3, false, false, true},
		{"4 players, round 4, rounds open", 4, 0, 3, false, false, true},
		{"5 players, round 6 of 7", 5, 7, 5, false, false, true},
		{"6 players, round 6 of 6", 6, 6, 5, false, false, true},
		{"R-T-0 4 players, round 4 after forfeits", 4, 5, 3, true, false, true},
		{"FIDE 4 players, round 4 after forfeits", 4, 5, 3, true, true, false},
		{"4 players, round 4 of 3", 4, 3, 3, false, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := rrEvent(tt.n, RoundRobin)
			for range tt.played {
				p, err := Pair(ev)
				if err != nil {
					t.Fatal(err)
				}
				if err := AddRound(ev, p); err != nil {
					t.Fatal(err)
				}
				for i := range ev.Rounds[len(ev.Rounds)-1].Games {
					ev.Rounds[len(ev.Rounds)-1].Games[i].Result = Draw
				}
			}
			if tt.forfeit {
				for i := range ev.Rounds[0].Games {
					ev.Rounds[0].Games[i].Result = RedForfeitWin
				}
			}
			ev.Settings.System, ev.Settings.Rounds = Swiss, tt.rounds
			ev.Settings.CountForfeits = !tt.fide
			p, err := Pair(ev)
			round := fmt.Sprintf("round %d", tt.played+1)
			switch {
			case tt.wantErr && err == nil:
				t.Fatalf("paired %+v, want ErrNoPairing", p)
			case tt.wantErr && !errors.Is(err, ErrNoPairing):
				t.Fatalf("error %v does not wrap ErrNoPairing", err)
			case tt.wantErr && !strings.Contains(err.Error(), round):
				t.Errorf("error %q does not name %s", err, round)
			case !tt.wantErr && err != nil:
				t.Fatalf("%v, want a pairing: forfeits are no games, so round 1's pairs may meet again", err)
			}
			if err == nil {
				for _, v := range newSimState(ev).check(p) {
					t.Errorf("%v\npairing %+v", v, p)
				}
			}
		})
	}
}

// dump shows the pairing and, for a small field, what the pairer saw:
// each player's score, pairing bye, colours and rounds (opponent/outcome).
func (st simState) dump(p Pairing) string {
	var b strings.Builder
	fmt.Fprintf(&b, "pairing %+v\n", p)
	if len(st.active) > 40 {
		return b.String()
	}
	for _, id := range st.active {
		fmt.Fprintf(&b, "%4d: %v points, bye %v, colours %v, rounds", id, st.score(id), st.hadBye(id), st.colours(id))
		for _, e := range st.hist[id] {
			fmt.Fprintf(&b, " %d/%d", e.Opponent, e.Outcome)
		}
		b.WriteString("\n")
	}
	return b.String()
}
