package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestR_T_10_CategoryIsTheOverallOrderRestricted: on random Swiss events
// with random categories, every category's ranking is the overall
// standings' order restricted to its players: the same players in the
// same order, each place one more than the category's players strictly
// above (3=, 3=, 5) or after the place before (3=, 3=, 4), a place shared
// exactly when another of the category's players shares it overall.
func TestR_T_10_CategoryIsTheOverallOrderRestricted(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	for trial := range 300 {
		n := 2 + rng.IntN(30)
		ev := simEvent(rng, n, 1+rng.IntN(max(1, min(7, n/3))))
		ev.Settings.SharedPlaceSkips = rng.IntN(2) == 0
		if rng.IntN(2) == 0 {
			ev.Settings.Tiebreaks = nil // many shared places
		}
		cats := []string{"女子", "U12", "教师"}
		for i := range ev.Players {
			for _, c := range cats {
				if rng.IntN(3) == 0 {
					ev.Players[i].Categories = append(ev.Players[i].Categories, c)
				}
			}
		}
		playSwiss(t, rng, ev, ev.Settings.Rounds)
		overall := Placings(Standings(ev))
		for _, c := range cats {
			in := func(id int) bool { return ev.Players[id-1].In(c) }
			got := Restrict(overall, in, ev.Settings.SharedPlaceSkips)
			var want []int
			for _, p := range overall {
				if in(p.Entrant) {
					want = append(want, p.Entrant)
				}
			}
			if !slices.Equal(entrantsOf(got), want) {
				t.Fatalf("trial %d %s: order %v, want the overall order restricted %v", trial, c, entrantsOf(got), want)
			}
			place := map[int]Placing{}
			for _, p := range overall {
				place[p.Entrant] = p
			}
			for i, p := range got {
				above, tied := 0, 0
				for _, q := range got {
					switch {
					case place[q.Entrant].Place < place[p.Entrant].Place:
						above++
					case place[q.Entrant].Place == place[p.Entrant].Place:
						tied++
					}
				}
				want := above + 1
				if !ev.Settings.SharedPlaceSkips && i > 0 {
					want = got[i-1].Place
					if place[got[i-1].Entrant].Place != place[p.Entrant].Place {
						want++
					}
				}
				if p.Place != want || p.Shared != (tied > 1) {
					t.Fatalf("trial %d %s: player %d placed %s, want %d (shared %v)", trial, c, p.Entrant, p.PlaceLabel(), want, tied > 1)
				}
			}
		}
	}
}

// TestR_T_10_Categories lists the categories in the order the players
// first name them.
func TestR_T_10_Categories(t *testing.T) {
	ps := []Player{{ID: 1, Categories: []string{"U12"}}, {ID: 2}, {ID: 3, Categories: []string{"女子", "U12"}}, {ID: 4, Categories: []string{"教师"}}}
	if got := fmt.Sprint(Categories(ps)); got != "[U12 女子 教师]" {
		t.Errorf("categories %s, want [U12 女子 教师]", got)
	}
	if !ps[2].In("女子") || ps[0].In("女子") {
		t.Error("In does not read a player's categories")
	}
}

// TestR_T_12_PrizesSkipTheCancelled: seed 000's 安塞 rule
// ("参赛局数未达到5局者，取消该队员比赛成绩") with three prizes: the second
// placed played four games, so the prizes go to the first, third and
// fourth, who take prize places 1, 2 and 3; a shared place shares its
// prize.
func TestR_T_12_PrizesSkipTheCancelled(t *testing.T) {
	rank := []Placing{{1, 1, false}, {2, 2, false}, {3, 3, false}, {4, 4, true}, {5, 4, true}, {6, 6, false}}
	eligible := func(id int) bool { return id != 2 }
	got := Prized(rank, 3, eligible, true)
	want := map[int]int{1: 1, 3: 2, 4: 3, 5: 3}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("prizes %v, want %v", got, want)
	}
}
