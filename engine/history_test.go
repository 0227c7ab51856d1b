package engine

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestHistoriesReadsEveryRoundOnce holds Histories, now read through the
// pairing's round records, to the plain reading of a round it had before:
// games in order (a later game of a player replacing an earlier), then byes
// replacing games; struck-out games (R-W-2) and players not in the event
// left out; points by the scoring and the bye's kind, fouls from the game.
// The random rounds name players twice, strike games out and name players
// not in the event, so that every one of those rules is asked.
func TestHistoriesReadsEveryRoundOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for iter := range 500 {
		ev := randomRounds(rng, false)
		if got, want := ev.Histories(), plainHistories(ev); !reflect.DeepEqual(got, want) {
			t.Fatalf("event %d: Histories\n%v\nwant\n%v\nrounds %+v", iter, got, want, ev.Rounds)
		}
	}
}

// TestScoresSumHistories: Scores is each player's Score of their history,
// postponed games (R-E-3) included.
func TestScoresSumHistories(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for iter := range 500 {
		ev := randomRounds(rng, true)
		h, scores := ev.Histories(), ev.Scores()
		if len(scores) != len(h) {
			t.Fatalf("event %d: %d scores for %d players", iter, len(scores)-1, len(h)-1)
		}
		for id := 1; id < len(h); id++ {
			if want := Score(h[id]); scores[id] != want {
				t.Fatalf("event %d: player %d scores %v, their history %v; rounds %+v", iter, id, scores[id], want, ev.Rounds)
			}
		}
	}
}

// randomRounds is an event of a few players and rounds that name players
// twice, strike games out and name players not in the event, so that
// every rule of reading a round is asked; postponed puts some games off.
func randomRounds(rng *rand.Rand, postponed bool) *Event {
	results := []Result{Pending, RedWin, BlackWin, Draw, RedForfeitWin, BlackForfeitWin, DoubleForfeit}
	byes := []ByeKind{PairingBye, HalfBye, ZeroBye, WithdrawnLoss}
	n := 2 + rng.IntN(12)
	ev := &Event{Settings: DefaultSettings(5)}
	if rng.IntN(2) == 0 {
		ev.Settings.Scoring = ScoringNational
	}
	for id := 1; id <= n; id++ {
		ev.Players = append(ev.Players, Player{ID: id})
	}
	id := func() int { return rng.IntN(n + 2) } // 0 and n+1 are not in the event
	for range 1 + rng.IntN(5) {
		var rd Round
		for b := range rng.IntN(n) {
			rd.Games = append(rd.Games, Game{Board: b + 1, Red: id(), Black: id(), Result: results[rng.IntN(len(results))],
				RedFouls: rng.IntN(3), BlackFouls: rng.IntN(3), Void: rng.IntN(8) == 0, Postponed: postponed && rng.IntN(4) == 0})
		}
		for range rng.IntN(3) {
			rd.Byes = append(rd.Byes, Bye{Player: id(), Kind: byes[rng.IntN(len(byes))], Colour: Colour(rng.IntN(3))})
		}
		ev.Rounds = append(ev.Rounds, rd)
	}
	return ev
}

// plainHistories is Histories as it read the rounds before it shared the
// pairing's records: the oracle of the test above.
func plainHistories(ev *Event) [][]Entry {
	n := len(ev.Players)
	h := make([][]Entry, n+1)
	for id := 1; id <= n; id++ {
		h[id] = make([]Entry, len(ev.Rounds))
	}
	sc := ev.Settings.Scoring
	for r, rd := range ev.Rounds {
		for _, g := range rd.Games {
			if g.Void || g.Red < 1 || g.Red > n || g.Black < 1 || g.Black > n {
				continue
			}
			red, black := gameOutcomes(g.Result)
			h[g.Red][r] = Entry{Opponent: g.Black, Colour: Red, Outcome: red, Points: sc.points(red), Fouls: g.RedFouls}
			h[g.Black][r] = Entry{Opponent: g.Red, Colour: Black, Outcome: black, Points: sc.points(black), Fouls: g.BlackFouls}
		}
		for _, b := range rd.Byes {
			if b.Player >= 1 && b.Player <= n {
				h[b.Player][r] = Entry{Outcome: OutcomeBye, Bye: b.Kind, Points: ev.Settings.byePoints(b.Kind), ByeColour: b.Colour}
			}
		}
	}
	return h
}
