package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Points counts game points in halves, so 1/½/0 scoring is exact and sums
// never drift (R-S-1). Points(2) is one point.
type Points int

// Pts makes Points from whole points.
func Pts(whole int) Points { return Points(2 * whole) }

// Float returns the value in points.
func (p Points) Float() float64 { return float64(p) / 2 }

// String prints the value the way an arbiter writes it: "2", "1.5", "0.5".
func (p Points) String() string {
	if p%2 == 0 {
		return strconv.Itoa(int(p) / 2)
	}
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	return sign + strconv.Itoa(int(p)/2) + ".5" // a preview of thousands of boards prints thousands
}

// ParsePoints reads "2", "1.5", "0.5", ".5", "½" or "1½".
func ParsePoints(s string) (Points, error) {
	t := strings.TrimSpace(s)
	neg := strings.HasPrefix(t, "-")
	t = strings.TrimPrefix(t, "-")
	half := false
	switch {
	case strings.HasSuffix(t, "½"):
		t, half = strings.TrimSuffix(t, "½"), true
	case strings.HasSuffix(t, ".5"):
		t, half = strings.TrimSuffix(t, ".5"), true
	case strings.HasSuffix(t, ".0"):
		t = strings.TrimSuffix(t, ".0")
	}
	whole := 0
	if t != "" {
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%q is not a number of points (write 2, 1.5 or 0.5)", s)
		}
		whole = n
	} else if !half {
		return 0, fmt.Errorf("%q is not a number of points (write 2, 1.5 or 0.5)", s)
	}
	p := Points(2 * whole)
	if half {
		p++
	}
	if neg {
		p = -p
	}
	return p, nil
}

// Scoring is the points for a win, a draw and a loss (R-S-1). A forfeit win
// scores as a win and a forfeit loss as a loss.
type Scoring struct {
	Win, Draw, Loss Points
}

// The scoring triples in use: the national 1/½/0, the common 2/1/0 and 3/1/0.
var (
	ScoringNational = Scoring{Win: Pts(1), Draw: 1, Loss: 0}
	ScoringTwoOne   = Scoring{Win: Pts(2), Draw: Pts(1), Loss: 0}
	ScoringThreeOne = Scoring{Win: Pts(3), Draw: Pts(1), Loss: 0}
)

// ParseScoring reads "2/1/0", "1/0.5/0", "3:1:0".
func ParseScoring(s string) (Scoring, error) {
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == ':' || r == ',' })
	if len(parts) != 3 {
		return Scoring{}, fmt.Errorf("scoring %q: want three numbers win/draw/loss, e.g. 2/1/0", s)
	}
	var v [3]Points
	for i, p := range parts {
		x, err := ParsePoints(p)
		if err != nil {
			return Scoring{}, fmt.Errorf("scoring %q: %w", s, err)
		}
		v[i] = x
	}
	sc := Scoring{Win: v[0], Draw: v[1], Loss: v[2]}
	if !(sc.Win >= sc.Draw && sc.Draw >= sc.Loss) {
		return Scoring{}, fmt.Errorf("scoring %q: a win must be worth at least a draw and a draw at least a loss", s)
	}
	return sc, nil
}

func (s Scoring) String() string {
	return s.Win.String() + "/" + s.Draw.String() + "/" + s.Loss.String()
}
