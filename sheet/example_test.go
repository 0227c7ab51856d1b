package sheet_test

import (
	"fmt"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// An event as a TRF file gives it — players and results, nothing a chat
// adds — read into the sheets' model and laid out as text, every column
// under its heading in full. Nobody has a unit, so there is no unit column.
func ExampleStandings() {
	set := engine.DefaultSettings(3)
	set.Tiebreaks = []engine.Tiebreak{engine.Buchholz, engine.Wins}
	ev := &engine.Event{
		Name:     "周末快棋赛",
		Settings: set,
		Players: []engine.Player{
			{ID: 1, Name: "王天一"}, {ID: 2, Name: "郑惟桐"}, {ID: 3, Name: "Alice Wong"}, {ID: 4, Name: "许银川"},
		},
		Rounds: []engine.Round{
			{Games: []engine.Game{{Board: 1, Red: 1, Black: 3, Result: engine.RedWin}, {Board: 2, Red: 4, Black: 2, Result: engine.Draw}}},
			{Games: []engine.Game{{Board: 1, Red: 2, Black: 1, Result: engine.BlackWin}, {Board: 2, Red: 3, Black: 4, Result: engine.Draw}}},
		},
	}
	t := sheet.Standings(sheet.Of(ev), i18n.En)
	fmt.Println(t.Title)
	fmt.Println(t.FullText())
	for _, line := range t.Footer {
		fmt.Println(line)
	}
	// Output:
	// Standings after round 2
	// Place No Name       Points Buchholz wins
	//    1   1 王天一          4        2    2
	//    2   4 许银川          2        2    0
	//    3=  2 郑惟桐          1        6    0
	//    3=  3 Alice Wong      1        6    0
	// Ranked by points, then BH (Buchholz), then wins.
	// "=" after a place: shared (R-T-9).
}
