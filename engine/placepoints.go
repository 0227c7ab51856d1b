package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Place points (名次分, R-T-11; seed 000 范文二: "第一名积10分，第二名积7分，
// 第三名积5分，第四名积3分"): a table turns places into points, and the
// points of a unit's or a team's players add up to its 团体总分, a ranking
// beside the individual one. A season adds its events' up the same way
// (Score each event's ranking, Totals of them all).

// PlaceTable is a place points table: PlaceTable[k-1] is place k's
// points; a place past its end scores nothing.
type PlaceTable []Points

// ParsePlaceTable reads a table: "10,7,5,3", the points of place 1, 2, …
// separated by commas (，、/ and spaces too), each a number of points
// ("2.5" and "½" as ParsePoints reads them), none below the one after it.
func ParsePlaceTable(s string) (PlaceTable, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == '，' || r == '、' || r == '/' || r == ' ' || r == '　'
	})
	if len(fields) == 0 {
		return nil, fmt.Errorf("no place points in %q: write them from first place down, e.g. 10,7,5,3", s)
	}
	t := make(PlaceTable, len(fields))
	for i, f := range fields {
		p, err := ParsePoints(f)
		if err != nil || p < 0 {
			return nil, fmt.Errorf("%q is not a number of points: write them from first place down, e.g. 10,7,5,3", f)
		}
		if i > 0 && p > t[i-1] {
			return nil, fmt.Errorf("place %d scores %s, more than place %d's %s: a lower place never scores more", i+1, p, i, t[i-1])
		}
		t[i] = p
	}
	return t, nil
}

// String writes the table as ParsePlaceTable reads it: "10,7,5,3".
func (t PlaceTable) String() string {
	parts := make([]string, len(t))
	for i, p := range t {
		parts[i] = p.String()
	}
	return strings.Join(parts, ",")
}

// Scored is one placed entrant's place points.
type Scored struct {
	Entrant int
	// Group is the unit or team the points go to (单位, 队), "" for none.
	Group  string
	Place  int
	Shared bool
	Points Points
}

// Score gives each entrant of rank its place's points (R-T-11), the group
// groupOf names. Entrants who share a place split the points of the places
// they take between them (并列者平分所占名次的分数: two players 3= under
// 10,7,5,3 score (5+3)/2 = 4 each), rounded down to the half point.
func (t PlaceTable) Score(rank []Placing, groupOf func(entrant int) string) []Scored {
	out := make([]Scored, 0, len(rank))
	for i := 0; i < len(rank); {
		j := i + 1
		for j < len(rank) && rank[j].Place == rank[i].Place {
			j++
		}
		var sum Points
		for k := i; k < j; k++ {
			if k < len(t) {
				sum += t[k]
			}
		}
		each := sum / Points(j-i)
		for _, p := range rank[i:j] {
			out = append(out, Scored{Entrant: p.Entrant, Group: groupOf(p.Entrant), Place: p.Place, Shared: p.Shared, Points: each})
		}
		i = j
	}
	return out
}

// Total is one unit's or team's row of a 团体总分 ranking (R-T-11).
type Total struct {
	Place  int
	Shared bool // R-T-9
	Group  string
	Points Points
	// Members are the entrants whose points it adds, best placed first,
	// Places their places and Scores their points.
	Members, Places []int
	Scores          []Points
}

// scoring are the places of the members who scored.
func (t Total) scoring() []int {
	var out []int
	for i, p := range t.Places {
		if t.Scores[i] > 0 {
			out = append(out, p)
		}
	}
	return out
}

// Totals adds the points of scored by group into a 团体总分 ranking (R-T-11):
// the most points first; between equal totals the better best place that
// scored, then the better second, and so on (more firsts, then more
// seconds …); a group whose members scored nothing is ranked all the same;
// groups equal on these share a place, the next one skipping (3=, 3=, 5)
// when skips is set, else following (R-T-9). Entrants of no group are
// left out. scored may come from several events, for a season.
func Totals(scored []Scored, skips bool) []Total {
	var out []Total
	at := map[string]int{}
	for _, s := range scored {
		if s.Group == "" {
			continue
		}
		i, ok := at[s.Group]
		if !ok {
			i = len(out)
			at[s.Group] = i
			out = append(out, Total{Group: s.Group})
		}
		out[i].Points += s.Points
		out[i].Members = append(out[i].Members, s.Entrant)
		out[i].Places = append(out[i].Places, s.Place)
		out[i].Scores = append(out[i].Scores, s.Points)
	}
	for i := range out {
		t := &out[i]
		order := make([]int, len(t.Members))
		for k := range order {
			order[k] = k
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(t.Places[a], t.Places[b]) })
		members, places, scores := make([]int, len(order)), make([]int, len(order)), make([]Points, len(order))
		for k, o := range order {
			members[k], places[k], scores[k] = t.Members[o], t.Places[o], t.Scores[o]
		}
		t.Members, t.Places, t.Scores = members, places, scores
	}
	rank := func(a, b Total) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		return slices.Compare(a.scoring(), b.scoring())
	}
	slices.SortStableFunc(out, func(a, b Total) int {
		return cmp.Or(rank(a, b), cmp.Compare(a.Group, b.Group))
	})
	place, shared := sharedPlaces(len(out), skips, func(i int) bool { return rank(out[i-1], out[i]) == 0 })
	for i := range out {
		out[i].Place, out[i].Shared = place[i], shared[i]
	}
	return out
}

// PlaceLabel prints the place: "3" or "3=" (R-T-9).
func (t Total) PlaceLabel() string { return Standing{Place: t.Place, Shared: t.Shared}.PlaceLabel() }
