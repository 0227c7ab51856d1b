package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestR_T_11_PlacePointsOfSeed000: 范文二's table (第一名积10分，第二名积7
// 分，第三名积5分，第四名积3分) over an individual ranking of eight
// players from three units: places past the table score nothing, two
// players 3= split 5 and 3, and the units' totals rank them, equal totals
// by the better best place.
func TestR_T_11_PlacePointsOfSeed000(t *testing.T) {
	table, err := ParsePlaceTable("10，7、5 3")
	if err != nil || table.String() != "10,7,5,3" {
		t.Fatalf("table %v, %v", table, err)
	}
	rank := []Placing{{1, 1, false}, {2, 2, false}, {3, 3, true}, {4, 3, true}, {5, 5, false}, {6, 6, false}, {7, 7, false}, {8, 8, false}}
	unit := map[int]string{1: "一中", 2: "二中", 3: "二中", 4: "三中", 5: "一中", 6: "", 7: "三中", 8: "三中"}
	scored := table.Score(rank, func(id int) string { return unit[id] })
	points := map[int]string{}
	for _, s := range scored {
		points[s.Entrant] = s.Points.String()
	}
	if got := fmt.Sprint(points); got != "map[1:10 2:7 3:4 4:4 5:0 6:0 7:0 8:0]" {
		t.Errorf("points %s", got)
	}
	totals := Totals(scored, true)
	var got []string
	for _, u := range totals {
		got = append(got, fmt.Sprintf("%s %s %s %v", u.PlaceLabel(), u.Group, u.Points, u.Places))
	}
	// 二中 7 + 4 = 11, 一中 10 + 0 = 10, 三中 4.
	if want := "[1 二中 11 [2 3] 2 一中 10 [1 5] 3 三中 4 [3 7 8]]"; fmt.Sprint(got) != want {
		t.Errorf("totals %v, want %s", got, want)
	}
	if tied := Totals([]Scored{{Entrant: 1, Group: "A", Place: 1, Points: Pts(5)}, {Entrant: 2, Group: "B", Place: 2, Points: Pts(3)}, {Entrant: 3, Group: "B", Place: 4, Points: Pts(2)}}, true); tied[0].Group != "A" || tied[0].Shared {
		t.Errorf("equal totals %v: the better best place ranks first", tied)
	}
}

// TestR_T_11_PlacePointsAddUp: on random rankings the points given are the
// table's points of the places taken, however places are shared (never
// more, at most half a point less for each shared place), and a group's
// total is the sum of its members'.
func TestR_T_11_PlacePointsAddUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	table := PlaceTable{Pts(10), Pts(7), Pts(5), Pts(4), Pts(3), Pts(2), Pts(1)}
	for trial := range 500 {
		n := 1 + rng.IntN(15)
		var rank []Placing
		for i := 0; i < n; {
			k := min(n-i, 1+rng.IntN(3)*rng.IntN(2))
			for j := range k {
				rank = append(rank, Placing{Entrant: i + j + 1, Place: i + 1, Shared: k > 1})
			}
			i += k
		}
		groups := []string{"", "A", "B", "C"}
		group := func(id int) string { return groups[id%len(groups)] }
		scored := table.Score(rank, group)
		var given, want Points
		for k := range min(n, len(table)) {
			want += table[k]
		}
		sum := map[string]Points{}
		for _, s := range scored {
			given += s.Points
			sum[s.Group] += s.Points
		}
		if given > want || want-given >= Points(n) {
			t.Fatalf("trial %d: %s given for %s of places", trial, given, want)
		}
		for _, u := range Totals(scored, true) {
			if u.Points != sum[u.Group] || u.Group == "" {
				t.Fatalf("trial %d: %s totals %s, its members %s", trial, u.Group, u.Points, sum[u.Group])
			}
		}
	}
}

// TestParsePlaceTable refuses what is not a table of points, best first.
func TestParsePlaceTable(t *testing.T) {
	for _, bad := range []string{"", "10,x", "5,7", "-1"} {
		if _, err := ParsePlaceTable(bad); err == nil {
			t.Errorf("ParsePlaceTable(%q) read a table", bad)
		}
	}
	if tb, err := ParsePlaceTable("3, 1.5,½"); err != nil || tb.String() != "3,1.5,0.5" {
		t.Errorf("halves: %v, %v", tb, err)
	}
}
