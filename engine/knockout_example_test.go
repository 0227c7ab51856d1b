package engine_test

import (
	"fmt"

	"github.com/qisai/qisai/engine"
)

// A knockout of five players (R-F-4): the byes go to the top seeds, a
// drawn game is replayed (加赛, R-F-5), and the semi-finals' losers share
// third place.
func ExampleKnockout() {
	b := engine.Knockout([]int{1, 2, 3, 4, 5}, engine.KnockoutSettings{Format: engine.OneGame})
	for _, m := range b.Matches {
		fmt.Printf("match %d, round %d: %v v %v\n", m.ID, m.Round, m.Slots[0], m.Slots[1])
	}
	for {
		ready := false
		for i, o := range b.Outcomes() {
			if o.Decided || o.Players[0] == engine.UnknownPlayer || o.Players[1] == engine.UnknownPlayer {
				continue
			}
			res := engine.RedWin
			if o.Next.Black < o.Next.Red {
				res = engine.BlackWin
			}
			if len(b.Matches[i].Games) == 0 && i == 1 {
				res = engine.Draw // 4 v 5 is drawn first, then replayed
			}
			if err := b.Play(i+1, engine.MatchGame{Red: o.Next.Red, Black: o.Next.Black, Result: res}); err != nil {
				fmt.Println(err)
				return
			}
			ready = true
		}
		if !ready {
			break
		}
	}
	for _, p := range b.Ranking() {
		shared := ""
		if p.Shared {
			shared = "="
		}
		fmt.Printf("%d%s %d\n", p.Place, shared, p.Entrant)
	}
	// Output:
	// match 1, round 1: 1 v bye
	// match 2, round 1: 4 v 5
	// match 3, round 1: 2 v bye
	// match 4, round 1: 3 v bye
	// match 5, round 2: W1 v W2
	// match 6, round 2: W3 v W4
	// match 7, round 3: W5 v W6
	// 1 1
	// 2 2
	// 3= 3
	// 3= 4
	// 5 5
}
