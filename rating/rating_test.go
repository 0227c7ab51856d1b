package rating

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 5e-7 }

// TestExpectedR_R_2 checks the logistic expectation against the table's
// values at differences of 0, 100, 200, 300 and 350 points, and that a
// bigger difference counts as the cap: 350 in the xiangqi formula, 400 in
// FIDE's.
func TestExpectedR_R_2(t *testing.T) {
	for _, c := range []struct {
		d, limit, want float64
	}{
		{0, 350, 0.5},
		{100, 350, 0.640065},
		{200, 350, 0.759747},
		{300, 350, 0.849020},
		{350, 350, 0.882338},
		{351, 350, 0.882338},
		{500, 350, 0.882338},
		{-500, 350, 0.117662},
		{-100, 350, 0.359935},
		{400, 400, 0.909091},
		{500, 400, 0.909091},
		{380, 400, 0.899117},
	} {
		if got := Expected(c.d, c.limit); math.Abs(got-c.want) > 5e-7 {
			t.Errorf("Expected(%v, cap %v) = %.6f, want %.6f", c.d, c.limit, got, c.want)
		}
	}
}

// TestRateEstablishedR_R_2 rates one game between rated players: 1600 beats
// 1500, K 30: +10.8 and −10.8 (R-R-2), shown rounded (R-R-5).
func TestRateEstablishedR_R_2(t *testing.T) {
	l := New(Defaults())
	l.Set(1, 1600)
	l.Set(2, 1500)
	got := l.Rate(Event{ID: 7, Games: []Game{{Red: 1, Black: 2, RedScore: 1}}})
	a, b := got[1], got[2]
	if !near(a.After, 1600+30*(1-0.640065)) || !near(b.After, 1500-30*0.359935) {
		t.Errorf("after: %.4f and %.4f, want 1610.7981 and 1489.2020", a.After, b.After)
	}
	if a.Change() != 11 || b.Change() != -11 || a.Event != 7 || a.Games != 1 {
		t.Errorf("changes %+d and %+d (event %d, %d games), want +11 and -11 in event 7, 1 game", a.Change(), b.Change(), a.Event, a.Games)
	}
	// What the next game is worth to player 2 against player 1 (the
	// round note): a win, a draw, a loss.
	w, ok := l.Worth(2, 1, true)
	we := Expected(1489.2020-1610.7981, 350)
	if !ok || !near(w.Win, 30*(1-we)) || !near(w.Draw, 30*(0.5-we)) || !near(w.Loss, -30*we) {
		t.Errorf("worth %+v, want win %.3f draw %.3f loss %.3f", w, 30*(1-we), 30*(0.5-we), -30*we)
	}
}

// TestRateEventAtOnceR_R_2 rates an event's games on the ratings before it:
// a player's second game reads the opponent's rating as it was at the
// start, not as the first game left it.
func TestRateEventAtOnceR_R_2(t *testing.T) {
	l := New(Defaults())
	for id, r := range map[int]float64{1: 1700, 2: 1500, 3: 1500} {
		l.Set(id, r)
	}
	got := l.Rate(Event{ID: 1, Games: []Game{{1, 2, 0}, {2, 3, 0.5}}})
	// Player 2: beat 1700 (We 0.240253), drew 1500 (We 0.5): 1.5 against 0.740253.
	if want := 1500 + 30*(1.5-Expected(-200, 350)-0.5); !near(got[2].After, want) {
		t.Errorf("player 2: %.4f, want %.4f", got[2].After, want)
	}
	if got[2].Games != 2 || got[2].Score != 1.5 {
		t.Errorf("player 2: %d games, %v points, want 2 and 1.5", got[2].Games, got[2].Score)
	}
}

// TestFirstRatingR_R_3 gives an unrated player their performance: the rated
// opponents' average plus 12.5 per half point above 50 %, provisional until
// five rated games; a game against an unrated player rates neither side.
func TestFirstRatingR_R_3(t *testing.T) {
	l := New(Defaults())
	l.Set(1, 1600)
	l.Set(2, 1500)
	got := l.Rate(Event{ID: 1, Games: []Game{
		{Red: 3, Black: 1, RedScore: 1},   // new 3 beats 1600
		{Red: 2, Black: 3, RedScore: 0.5}, // draws 1500
		{Red: 3, Black: 4, RedScore: 0},   // loses to new 4: rates neither
	}})
	// 1.5 of 2 against an average of 1550: 1550 + 12.5·(3 − 2).
	first := got[3]
	if first.WasRated || !near(first.After, 1562.5) || first.Games != 2 || first.Average != 1550 || !first.Provisional {
		t.Errorf("first rating %+v, want 1562.5 from 2 games against 1550, provisional", first)
	}
	// Player 4 met only an unrated player: the list's start counts for
	// them, 1500 + 12.5·(2 − 1).
	if e := got[4]; !near(e.After, 1512.5) || e.Games != 1 {
		t.Errorf("player 4: %+v, want 1512.5 from 1 game", e)
	}
	// The rated players' games against the newcomer do not rate them.
	if _, ok := got[1]; ok {
		t.Errorf("player 1 was rated by a game against an unrated player: %+v", got[1])
	}
	p, _ := l.Player(3)
	if !l.Provisional(p) {
		t.Errorf("player 3 after 2 games is not provisional")
	}
	// Three more rated games: five, established (R-R-3).
	l.Rate(Event{ID: 2, Games: []Game{{3, 1, 0.5}, {3, 2, 0.5}, {1, 3, 0.5}}})
	if p, _ = l.Player(3); l.Provisional(p) || p.Games != 5 {
		t.Errorf("player 3 after 5 games: provisional %v, %d games", l.Provisional(p), p.Games)
	}
	// No rated game at all: no rating.
	l.Rate(Event{ID: 3})
	if _, ok := l.Player(9); ok {
		t.Errorf("a player in no game is on the list")
	}
}

// TestFIDEK gives 40 to a new player, 20 to an established one and 10 to
// one who has reached 2400, and caps the difference at 400.
func TestFIDEK(t *testing.T) {
	s := Defaults()
	s.KRule, s.Cap = FIDEK, 400
	l := New(s)
	l.Set(1, 2450)
	l.Set(2, 1900)
	got := l.Rate(Event{ID: 1, Games: []Game{{2, 1, 1}}})
	// Set by hand: established, K 20 below 2400, 10 above; the 550-point
	// difference counts as 400.
	if want := 1900 + 20*(1-Expected(-400, 400)); !near(got[2].After, want) {
		t.Errorf("K 20: %.4f, want %.4f", got[2].After, want)
	}
	if want := 2450 + 10*(0-Expected(400, 400)); !near(got[1].After, want) {
		t.Errorf("K 10: %.4f, want %.4f", got[1].After, want)
	}
	// A first rating's player has fewer than 30 games: K 40.
	l.Rate(Event{ID: 2, Games: []Game{{3, 2, 0.5}}})
	p, _ := l.Player(3)
	got = l.Rate(Event{ID: 3, Games: []Game{{3, 2, 1}}})
	if want := p.Rating + 40*(1-Expected(p.Rating-got[2].Before, 400)); !near(got[3].After, want) {
		t.Errorf("K 40: %.4f, want %.4f", got[3].After, want)
	}
}

// TestRedBonusR_R_4 shifts red's expectation by R0: between equals red is
// expected to score as one 40 points stronger, black as one 40 weaker.
func TestRedBonusR_R_4(t *testing.T) {
	if r0 := RedBonusFor(0.37 + 0.37/2); math.Abs(r0-38.4) > 0.1 {
		t.Errorf("red's 0.555 is worth %.1f points, want about 38.4", r0)
	}
	s := Defaults()
	s.RedBonus = 40
	l := New(s)
	l.Set(1, 1500)
	l.Set(2, 1500)
	got := l.Rate(Event{ID: 1, Games: []Game{{1, 2, 0.5}}})
	if we := Expected(40, 350); !near(got[1].Expected, we) || !near(got[2].Expected, 1-we) {
		t.Errorf("expected %.4f and %.4f, want %.4f and %.4f", got[1].Expected, got[2].Expected, we, 1-we)
	}
	if got[1].Change() != -2 || got[2].Change() != 2 {
		t.Errorf("a draw between equals: red %+d, black %+d, want -2 and +2", got[1].Change(), got[2].Change())
	}
	// Off by default: the same draw changes nothing.
	plain := New(Defaults())
	plain.Set(1, 1500)
	plain.Set(2, 1500)
	if got := plain.Rate(Event{ID: 1, Games: []Game{{1, 2, 0.5}}}); got[1].After != 1500 {
		t.Errorf("without R0 a draw between equals gives %.4f", got[1].After)
	}
}

// TestSetByHand: a rating set by hand replaces what the games made, is
// established at once, and 0 makes the player unrated again.
func TestSetByHand(t *testing.T) {
	l := New(Defaults())
	l.Rate(Event{ID: 1, Games: []Game{{1, 2, 1}}})
	l.Set(1, 1800)
	p, _ := l.Player(1)
	if p.Rating != 1800 || l.Provisional(p) || p.Games != 0 {
		t.Errorf("set to 1800: %+v, provisional %v", p, l.Provisional(p))
	}
	if h := p.History; len(h) != 2 || !h[1].Set || h[1].Before != 1512.5 {
		t.Errorf("history %+v, want the first rating then the set one from 1512.5", h)
	}
	l.Set(1, 0)
	if p, _ = l.Player(1); p.Rated {
		t.Errorf("set to 0: still rated %+v", p)
	}
}

// step is one step of a timeline: a rating set by hand, or an event.
type step struct {
	set   map[int]float64
	event Event
}

func replay(s Settings, steps []step) (*List, []map[int]Entry) {
	l := New(s)
	var out []map[int]Entry
	for _, st := range steps {
		for id := range 10 {
			if r, ok := st.set[id]; ok {
				l.Set(id, r)
			}
		}
		out = append(out, l.Rate(st.event))
	}
	return l, out
}

// TestCorrectionRecomputesR_R_1: a result corrected in an earlier event,
// or an event that comes in late with an earlier date, changes every
// event after it when the list is rebuilt from the timeline, and none
// before it.
func TestCorrectionRecomputesR_R_1(t *testing.T) {
	steps := []step{
		{set: map[int]float64{1: 1600, 2: 1550, 3: 1500, 4: 1450}, event: Event{ID: 1, Games: []Game{{1, 2, 1}, {3, 4, 0.5}}}},
		{event: Event{ID: 2, Games: []Game{{2, 3, 1}, {4, 1, 0}}}},
		{event: Event{ID: 3, Games: []Game{{1, 3, 0.5}, {2, 4, 1}}}},
	}
	_, before := replay(Defaults(), steps)
	corrected := append([]step(nil), steps...)
	corrected[1].event.Games = []Game{{2, 3, 0}, {4, 1, 0}} // event 2, board 1: 0-1, not 1-0
	_, after := replay(Defaults(), corrected)
	if before[0][2] != after[0][2] {
		t.Errorf("event 1 changed: %+v, was %+v", after[0][2], before[0][2])
	}
	for _, id := range []int{2, 3} {
		if near(before[1][id].After, after[1][id].After) || near(before[2][id].After, after[2][id].After) {
			t.Errorf("player %d: the correction did not change events 2 and 3", id)
		}
	}
	// Event 3 with the corrected ratings as its start: player 1 drew
	// player 3, who now came in higher.
	if near(before[2][1].After, after[2][1].After) {
		t.Errorf("player 1's event 3 kept %.4f although player 3's rating before it changed", after[2][1].After)
	}
	// A late event dated before event 2 is rated between 1 and 2, and
	// events 2 and 3 are rated again after it.
	late := []step{steps[0], {event: Event{ID: 9, Games: []Game{{3, 1, 1}}}}, steps[1], steps[2]}
	_, withLate := replay(Defaults(), late)
	if withLate[1][3].Before != before[0][3].After || near(withLate[2][3].After, before[1][3].After) {
		t.Errorf("the late event was not rated between events 1 and 2: %+v, %+v", withLate[1][3], withLate[2][3])
	}
}
