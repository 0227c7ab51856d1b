package engine

import (
	"reflect"
	"testing"
)

func ids(ps []Player) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// checkNumbered fails unless got holds the names want in order, numbered
// 1, 2, … (ID = sequence number).
func checkNumbered(t *testing.T, got []Player, want ...string) {
	t.Helper()
	if !reflect.DeepEqual(ids(got), want) {
		t.Errorf("order %v, want %v", ids(got), want)
	}
	for i, p := range got {
		if p.ID != i+1 {
			t.Errorf("%s has ID %d, want %d", p.Name, p.ID, i+1)
		}
	}
}

// TestR_SW_1_ByRating numbers strong to weak, equal ratings by name.
func TestR_SW_1_ByRating(t *testing.T) {
	ps := []Player{
		{ID: 1, Name: "d", Rating: 1500}, {ID: 2, Name: "a", Rating: 1800},
		{ID: 3, Name: "c", Rating: 1600}, {ID: 4, Name: "b", Rating: 1600},
	}
	got := Number(ps, ByRating, TopBottom, 0)
	checkNumbered(t, got, "a", "b", "c", "d")
}

// TestR_SW_1_Shuffled is a permutation fixed by the seed.
func TestR_SW_1_Shuffled(t *testing.T) {
	var ps []Player
	for i := 1; i <= 20; i++ {
		ps = append(ps, Player{ID: i, Name: string(rune('a' + i - 1))})
	}
	a, b := Number(ps, Shuffled, TopBottom, 7), Number(ps, Shuffled, TopBottom, 7)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed gave two orders")
	}
	if reflect.DeepEqual(ids(a), ids(ps)) {
		t.Error("shuffling left the order as it was")
	}
	if c := Number(ps, Shuffled, TopBottom, 8); reflect.DeepEqual(ids(a), ids(c)) {
		t.Error("two seeds gave the same order")
	}
	seen := map[string]bool{}
	for _, p := range a {
		seen[p.Name] = true
	}
	if len(seen) != len(ps) {
		t.Errorf("%d players after shuffling, want %d", len(seen), len(ps))
	}
}

// TestR_SW_1_TeamMatesSpread puts team-mates into both halves.
func TestR_SW_1_TeamMatesSpread(t *testing.T) {
	for _, halves := range []HalvesMethod{TopBottom, OddEven} {
		ps := []Player{
			{Name: "a1", Unit: "A", Rating: 2000}, {Name: "a2", Unit: "A", Rating: 1990},
			{Name: "a3", Unit: "A", Rating: 1980}, {Name: "a4", Unit: "A", Rating: 1970},
			{Name: "b1", Unit: "B", Rating: 1500}, {Name: "c1", Unit: "C", Rating: 1400},
			{Name: "d1", Unit: "D", Rating: 1300}, {Name: "e1", Unit: "E", Rating: 1200},
		}
		got := Number(ps, ByRating, halves, 0)
		up, _ := splitHalves(got, halves)
		n := 0
		for _, p := range up {
			if p.Unit == "A" {
				n++
			}
		}
		if n != 2 {
			t.Errorf("%v: unit A has %d of 4 players in the upper half, want 2: %v", halves, n, ids(got))
		}
	}
}

func splitHalves(ps []Player, m HalvesMethod) (up, low []Player) {
	for i, p := range ps {
		if m == OddEven && i%2 == 0 || m == TopBottom && i < len(ps)/2 {
			up = append(up, p)
		} else {
			low = append(low, p)
		}
	}
	return up, low
}

// TestR_SW_1_RatedFirst: where only some ratings are known, the rated come
// first, strong to weak, and the unrated after them by lot (R-SW-1).
func TestR_SW_1_RatedFirst(t *testing.T) {
	ps := []Player{
		{ID: 1, Name: "u1"}, {ID: 2, Name: "r1500", Rating: 1500}, {ID: 3, Name: "u2"},
		{ID: 4, Name: "r1900", Rating: 1900}, {ID: 5, Name: "u3"}, {ID: 6, Name: "u4"},
	}
	got := ids(Number(ps, ByRating, TopBottom, 3))
	if got[0] != "r1900" || got[1] != "r1500" {
		t.Errorf("order %v, want r1900, r1500 first", got)
	}
	unrated := map[string]bool{}
	for _, n := range got[2:] {
		unrated[n] = true
	}
	if len(unrated) != 4 || !unrated["u1"] || !unrated["u4"] {
		t.Errorf("the unrated after the rated: %v", got)
	}
	if again := ids(Number(ps, ByRating, TopBottom, 3)); !reflect.DeepEqual(again, got) {
		t.Errorf("the same seed gave %v and %v", got, again)
	}
}

// TestR_SW_1_AsEntered keeps the organiser's order, units and all.
func TestR_SW_1_AsEntered(t *testing.T) {
	ps := []Player{
		{ID: 1, Name: "a", Unit: "A", Rating: 1000}, {ID: 2, Name: "b", Unit: "A", Rating: 2000},
		{ID: 3, Name: "c", Unit: "A"}, {ID: 4, Name: "d", Unit: "A"},
	}
	got := Number(ps, AsEntered, TopBottom, 1)
	checkNumbered(t, got, "a", "b", "c", "d")
}
