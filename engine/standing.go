package engine

import (
	"fmt"
	"strconv"
)

// Standing is one row of the standings (R-T-*).
type Standing struct {
	Place  int  // 1-based
	Shared bool // the place is shared with the rows around it (R-T-9)
	Player int
	Score  Points
	// Tiebreaks holds one value for each of Settings.Tiebreaks, in order.
	Tiebreaks []TiebreakValue
}

// TiebreakValue is a player's value for one tiebreak. Counts (wins, fouls,
// games, the 抽签 draw number) are whole points: Pts(n).
type TiebreakValue struct {
	Tiebreak Tiebreak
	Value    Points
	// Quarter adds a quarter point to Value. Only 小分 needs it: half of a
	// drawn opponent's score is a quarter point when a draw scores ½
	// (R-T-3), and the value must stay exact. Print with String.
	Quarter bool
}

// String prints the exact value: "3", "2.5", "6.75".
func (v TiebreakValue) String() string {
	if !v.Quarter {
		return v.Value.String()
	}
	q := 2*int(v.Value) + 1 // in quarter points; odd, so it ends in .25 or .75
	sign := ""
	if q < 0 {
		sign, q = "-", -q
	}
	frac := "25"
	if q%4 == 3 {
		frac = "75"
	}
	return fmt.Sprintf("%s%d.%s", sign, q/4, frac)
}

// Float returns the exact value in points, quarter included.
func (v TiebreakValue) Float() float64 {
	f := v.Value.Float()
	if v.Quarter {
		f += 0.25
	}
	return f
}

// PlaceLabel prints the place the way standings show it: "3" or "3=" (R-T-9).
func (s Standing) PlaceLabel() string {
	l := strconv.Itoa(s.Place)
	if s.Shared {
		l += "="
	}
	return l
}
