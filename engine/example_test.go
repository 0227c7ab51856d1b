package engine_test

import (
	"fmt"

	"github.com/qisai/qisai/engine"
)

// Pair a Swiss of six players: round 1 by the fold (拦腰, R-SW-3), then
// round 2 by 定位编排 after the results are in.
func ExamplePair() {
	ev := &engine.Event{Settings: engine.DefaultSettings(5)}
	for id := 1; id <= 6; id++ {
		ev.Players = append(ev.Players, engine.Player{ID: id, Name: fmt.Sprint("P", id)})
	}
	for round := 1; round <= 2; round++ {
		p, err := engine.Pair(ev)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("round %d:", p.Round)
		for _, b := range p.Boards {
			fmt.Printf(" %d–%d", b.Red, b.Black)
		}
		fmt.Println()
		if err := engine.AddRound(ev, p); err != nil {
			fmt.Println(err)
			return
		}
		for i := range ev.Rounds[round-1].Games {
			ev.Rounds[round-1].Games[i].Result = engine.RedWin // red wins every game
		}
	}
	// Output:
	// round 1: 1–4 5–2 3–6
	// round 2: 5–3 6–1 4–2
}

// Standings after a round: score, then the event's tiebreaks (R-T-1);
// shared places would print as "3=" (R-T-9).
func ExampleStandings() {
	ev := &engine.Event{Settings: engine.DefaultSettings(5)}
	for id := 1; id <= 4; id++ {
		ev.Players = append(ev.Players, engine.Player{ID: id})
	}
	p, _ := engine.Pair(ev)
	_ = engine.AddRound(ev, p)
	ev.Rounds[0].Games[0].Result = engine.RedWin
	ev.Rounds[0].Games[1].Result = engine.Draw
	for _, s := range engine.Standings(ev) {
		fmt.Printf("%s player %d: %s\n", s.PlaceLabel(), s.Player, s.Score)
	}
	// Output:
	// 1 player 1: 2
	// 2 player 2: 1
	// 3 player 4: 1
	// 4 player 3: 0
}
