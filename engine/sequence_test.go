package engine

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// number is Number's players with today's spreading (SpreadKeepRank).
func number(ps []Player, by Numbering, halves HalvesMethod, seed uint64) []Player {
	out, _ := Number(ps, by, halves, seed, SpreadKeepRank)
	return out
}

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
	got := number(ps, ByRating, TopBottom, 0)
	checkNumbered(t, got, "a", "b", "c", "d")
}

// TestR_SW_1_Shuffled is a permutation fixed by the seed.
func TestR_SW_1_Shuffled(t *testing.T) {
	var ps []Player
	for i := 1; i <= 20; i++ {
		ps = append(ps, Player{ID: i, Name: string(rune('a' + i - 1))})
	}
	a, b := number(ps, Shuffled, TopBottom, 7), number(ps, Shuffled, TopBottom, 7)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed gave two orders")
	}
	if reflect.DeepEqual(ids(a), ids(ps)) {
		t.Error("shuffling left the order as it was")
	}
	if c := number(ps, Shuffled, TopBottom, 8); reflect.DeepEqual(ids(a), ids(c)) {
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
		got := number(ps, ByRating, halves, 0)
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
	got := ids(number(ps, ByRating, TopBottom, 3))
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
	if again := ids(number(ps, ByRating, TopBottom, 3)); !reflect.DeepEqual(again, got) {
		t.Errorf("the same seed gave %v and %v", got, again)
	}
}

// TestR_SW_1_AsEntered keeps the organiser's order, units and all.
func TestR_SW_1_AsEntered(t *testing.T) {
	ps := []Player{
		{ID: 1, Name: "a", Unit: "A", Rating: 1000}, {ID: 2, Name: "b", Unit: "A", Rating: 2000},
		{ID: 3, Name: "c", Unit: "A"}, {ID: 4, Name: "d", Unit: "A"},
	}
	got := number(ps, AsEntered, TopBottom, 1)
	checkNumbered(t, got, "a", "b", "c", "d")
}

// schools are six players rated 1800 down to 1550, two a school, the
// strongest two of one school.
func schools() []Player {
	return []Player{
		{ID: 1, Name: "张伟", Unit: "一中", Rating: 1800}, {ID: 2, Name: "李明", Unit: "一中", Rating: 1750},
		{ID: 3, Name: "王强", Unit: "二中", Rating: 1700}, {ID: 4, Name: "赵磊", Unit: "二中", Rating: 1650},
		{ID: 5, Name: "杨帆", Unit: "三中", Rating: 1600}, {ID: 6, Name: "陈静", Unit: "三中", Rating: 1550},
	}
}

// TestR_SW_1_SpreadKeepsTheTopSeed: spreading 一中 over the halves moves
// its weaker player down, not the favourite; every school's players keep
// their order, and the numbering says units moved someone.
func TestR_SW_1_SpreadKeepsTheTopSeed(t *testing.T) {
	got, sp := Number(schools(), ByRating, TopBottom, 0, SpreadKeepRank)
	checkNumbered(t, got, "张伟", "杨帆", "王强", "赵磊", "李明", "陈静")
	// 李明, 2nd by rating, is numbered 5; 杨帆, 5th, is numbered 2: one
	// 一中 and one 三中 player in each half, where both were in one.
	want := Spreading{Units: []string{"一中", "三中"}, Moves: []Move{{Number: 2, Rank: 5}, {Number: 5, Rank: 2}}}
	if !reflect.DeepEqual(sp, want) {
		t.Errorf("spreading %+v, want %+v", sp, want)
	}
	// The events numbered before keep their numbers: the first crowded
	// player moved, the favourite included.
	old, _ := Number(schools(), ByRating, TopBottom, 0, SpreadFirst)
	checkNumbered(t, old, "杨帆", "李明", "王强", "赵磊", "张伟", "陈静")
	spread := []Player{schools()[0], schools()[2], schools()[1], schools()[3]}
	spread[1].Rating, spread[2].Rating = spread[2].Rating, spread[1].Rating
	if _, sp := Number(spread, ByRating, TopBottom, 0, SpreadKeepRank); sp.Moved() || sp.Units != nil {
		t.Errorf("spreading %+v for two schools spread by their ratings already, want none", sp)
	}
}

// TestR_SW_1_SpreadProperty: on random fields, numbered by rating or by
// lot, in either halves, SpreadKeepRank never puts a player above a
// stronger team-mate (R-SW-1), keeps every player, says moved exactly when
// the order changed, and leaves no unit more crowded than SpreadFirst does.
func TestR_SW_1_SpreadProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 400 {
		size := 2 + rng.IntN(30)
		ps := make([]Player, size)
		for i := range ps {
			ps[i] = Player{ID: i + 1, Name: fmt.Sprintf("p%02d", i+1), Rating: 1000 + rng.IntN(40)*25}
			if rng.IntN(4) > 0 {
				ps[i].Unit = string(rune('A' + rng.IntN(1+size/4)))
			}
		}
		by := []Numbering{ByRating, Shuffled}[n%2]
		halves := []HalvesMethod{TopBottom, OddEven}[n/2%2]
		plain, _ := Number(unitless(ps), by, halves, uint64(n), SpreadKeepRank)
		rank := map[string]int{}
		for i, p := range plain {
			rank[p.Name] = i
		}
		got, sp := Number(ps, by, halves, uint64(n), SpreadKeepRank)
		old, _ := Number(ps, by, halves, uint64(n), SpreadFirst)
		var moves []Move
		last := map[string]int{}
		for i, p := range got {
			if rank[p.Name] != i {
				moves = append(moves, Move{Number: i + 1, Rank: rank[p.Name] + 1})
			}
			if r, ok := last[p.Unit]; ok && p.Unit != "" && rank[p.Name] < r {
				t.Fatalf("field %d: %s (rank %d) is numbered below a weaker team-mate of %s: %v", n, p.Name, rank[p.Name], p.Unit, ids(got))
			}
			last[p.Unit] = rank[p.Name]
		}
		if len(got) != size || !slices.Equal(sp.Moves, moves) || sp.Moved() != (len(sp.Units) > 0) {
			t.Fatalf("field %d: %d players, spreading %+v, want the moves %+v and a unit spread when any", n, len(got), sp, moves)
		}
		if a, b := crowding(got, halves), crowding(old, halves); a > b {
			t.Errorf("field %d: crowding %d, more than SpreadFirst's %d: %v", n, a, b, ids(got))
		}
	}
}

// unitless is ps without their units.
func unitless(ps []Player) []Player {
	out := slices.Clone(ps)
	for i := range out {
		out[i].Unit = ""
	}
	return out
}

// crowding is how many players more than one each unit has in one half
// than in the other, summed.
func crowding(ps []Player, halves HalvesMethod) int {
	up, low := splitHalves(ps, halves)
	d := map[string]int{}
	for _, p := range up {
		d[p.Unit]++
	}
	for _, p := range low {
		d[p.Unit]--
	}
	sum := 0
	for u, x := range d {
		if u != "" && (x > 1 || x < -1) {
			sum += max(x, -x) - 1
		}
	}
	return sum
}
