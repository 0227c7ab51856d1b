package engine

import "strconv"

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
// games) are whole points: Pts(n).
type TiebreakValue struct {
	Tiebreak Tiebreak
	Value    Points
}

// PlaceLabel prints the place the way standings show it: "3" or "3=" (R-T-9).
func (s Standing) PlaceLabel() string {
	l := strconv.Itoa(s.Place)
	if s.Shared {
		l += "="
	}
	return l
}
