// Package trftest makes events for the TRF reader's and the pair command's
// benchmarks: a big Swiss, late in the event, paired by the engine itself.
package trftest

import (
	"fmt"
	"math/rand/v2"

	"github.com/qisai/qisai/engine"
)

// Swiss returns an event of n players (Chinese names, ratings, a unit for
// every third player) with the first played rounds of a rounds-round Swiss
// paired by engine.Pair and filled with seeded random results, forfeits
// among them. It fails only if the engine does.
func Swiss(n, rounds, played int, seed uint64) (*engine.Event, error) {
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	ev := &engine.Event{Name: fmt.Sprintf("%d 人公开赛", n), Settings: engine.DefaultSettings(rounds)}
	for id := 1; id <= n; id++ {
		p := engine.Player{ID: id, Name: fmt.Sprintf("选手%d号", id), Rating: 1000 + rng.IntN(1500)}
		if id%3 == 0 {
			p.Unit = fmt.Sprintf("第%d中学", rng.IntN(n/10+1))
		}
		ev.Players = append(ev.Players, p)
	}
	results := []engine.Result{
		engine.RedWin, engine.RedWin, engine.RedWin, engine.RedWin,
		engine.BlackWin, engine.BlackWin, engine.BlackWin,
		engine.Draw, engine.Draw, engine.RedForfeitWin,
	}
	for r := 0; r < played; r++ {
		p, err := engine.Pair(ev)
		if err != nil {
			return nil, fmt.Errorf("round %d: %w", r+1, err)
		}
		if err := engine.AddRound(ev, p); err != nil {
			return nil, fmt.Errorf("round %d: %w", r+1, err)
		}
		games := ev.Rounds[len(ev.Rounds)-1].Games
		for i := range games {
			games[i].Result = results[rng.IntN(len(results))]
		}
	}
	return ev, nil
}
