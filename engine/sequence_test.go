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

// TestR_SW_1_ByRating numbers strong to weak, equal ratings by name.
func TestR_SW_1_ByRating(t *testing.T) {
	ps := []Player{
		{ID: 1, Name: "d", Rating: 1500}, {ID: 2, Name: "a", Rating: 1800},
		{ID: 3, Name: "c", Rating: 1600}, {ID: 4, Name: "b", Rating: 1600},
	}
	got := Number(ps, ByRating, TopBottom, 0)
	if want := []string{"a", "b", "c", "d"}; !reflect.DeepEqual(ids(got), want) {
		t.Errorf("order %v, want %v", ids(got), want)
	}
	for i, p := range got {
		if p.ID != i+1 {
			t.Errorf("%s has ID %d, want %d", p.Name, p.ID, i+1)
		}
	}
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
