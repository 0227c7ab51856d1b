package rating_test

import (
	"fmt"

	"github.com/qisai/qisai/rating"
)

// A club's list over two events: two players rated by hand, a newcomer
// whose first event gives their provisional rating (R-R-3), then an event
// rated on the ratings before it (R-R-2), shown rounded (R-R-5).
func ExampleList() {
	l := rating.New(rating.Defaults())
	l.Set(1, 1600) // 王五, entered with his rating
	l.Set(2, 1500) // 赵六
	l.Rate(rating.Event{ID: 1, Games: []rating.Game{
		{Red: 3, Black: 1, RedScore: 1},   // 钱七, new, beats 王五
		{Red: 2, Black: 3, RedScore: 0.5}, // and draws 赵六
	}})
	l.Rate(rating.Event{ID: 2, Games: []rating.Game{
		{Red: 1, Black: 2, RedScore: 1},
		{Red: 2, Black: 3, RedScore: 0},
	}})
	for _, p := range l.Rated() {
		last := p.History[len(p.History)-1]
		fmt.Printf("%d: %d (%+d) provisional %v\n", p.ID, p.Rounded(), last.Change(), l.Provisional(p))
	}
	w, _ := l.Worth(2, 1, true)
	fmt.Printf("2 against 1: win %+.0f, draw %+.0f, loss %+.0f\n", w.Win, w.Draw, w.Loss)
	// Output:
	// 1: 1611 (+11) provisional false
	// 3: 1575 (+12) provisional true
	// 2: 1477 (-23) provisional false
	// 2 against 1: win +21, draw +6, loss -9
}
