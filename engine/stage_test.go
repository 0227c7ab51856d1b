package engine

import (
	"fmt"
	"slices"
	"testing"
)

// playField plays every round of f, the lower entrant ID winning each game.
func playFieldLowerWins(t testing.TB, f *Field) {
	t.Helper()
	for !f.Over() {
		if _, err := f.PairNext(); err != nil {
			t.Fatal(err)
		}
		rd := &f.Event.Rounds[len(f.Event.Rounds)-1]
		for i, g := range rd.Games {
			rd.Games[i].Result = BlackWin
			if f.Entrants[g.Red-1] < f.Entrants[g.Black-1] {
				rd.Games[i].Result = RedWin
			}
		}
	}
}

func ratedPlayers(n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: i + 1, Rating: 2000 - 10*i}
	}
	return ps
}

func entrantsOf(rank []Placing) []int {
	var out []int
	for _, p := range rank {
		out = append(out, p.Entrant)
	}
	return out
}

func rrSettings() Settings {
	s := DefaultSettings(0)
	s.System = RoundRobin
	s.Tiebreaks = []Tiebreak{Direct, SonnebornBerger, Wins, Lots}
	return s
}

// R-F-6, seed 000: six players draw numbers 1–6; 1–6, 2–5, 3–4 play one
// game, and the three winners play a round robin (2 for a win, 1 a draw).
func TestFoldKnockoutThenRoundRobin_R_F_6(t *testing.T) {
	drawn := SeedOrder(ratedPlayers(6), SeedByLots, 42)
	ko := Knockout(drawn, KnockoutSettings{Draw: DrawFold, Rounds: 1, Format: OneGame})
	var pairs [][2]int
	for _, m := range ko.Matches {
		pairs = append(pairs, [2]int{m.Slots[0].Entrant, m.Slots[1].Entrant})
	}
	if want := [][2]int{{drawn[0], drawn[5]}, {drawn[1], drawn[4]}, {drawn[2], drawn[3]}}; !slices.Equal(pairs, want) {
		t.Fatalf("pairs = %v, want 1–6/2–5/3–4 of the draw %v", pairs, want)
	}
	playAll(t, ko, lowerWins)
	first := ko.Ranking()
	final := NewField(Top(first, 3), rrSettings())
	playFieldLowerWins(t, final)
	got := FinalRanking([][]Placing{first, final.Ranking()}, ShareByStage)
	// Whatever the draw, the lower numbers win: 1, 2, 3 cannot all be
	// winners only if two of them met, so check against the winners.
	winners := slices.Sorted(slices.Values(Top(first, 3)))
	if !slices.Equal(entrantsOf(got[:3]), winners) {
		t.Fatalf("final three = %v, want %v in order", got[:3], winners)
	}
	for _, p := range got[3:] {
		if p.Place != 4 || !p.Shared {
			t.Fatalf("first-round loser %+v, want 4=", p)
		}
	}
}

// R-F-3, R-F-6, seed 003: 48 players drawn into 12 groups of 4; each
// group's winner goes on; group 1's winner meets group 7's …; the six
// winners are drawn into 3 pairs; the losers share third; the last three
// play a round robin for first.
func TestTwelveGroupsToFinalOfThree_R_F_3_R_F_6(t *testing.T) {
	s := rrSettings()
	s.Seed = 9
	pools := Groups(seedList(48), 12, DrawnGroups, s)
	// The knockout is drawn before the groups play: group 1's winner v
	// group 7's, and so on.
	ko := KnockoutOf(GroupSlots(12, 1, GroupHalves), pools, KnockoutSettings{Draw: DrawAdjacent, Rounds: 1, Format: OneGame})
	for g := range 6 {
		if got, want := fmt.Sprint(ko.Matches[g].Slots), fmt.Sprintf("[G%d#1 G%d#1]", g+1, g+7); got != want {
			t.Fatalf("match %d = %s, want %s", g+1, got, want)
		}
	}
	if ko.Outcomes()[0].Players[0] != UnknownPlayer {
		t.Fatal("a group's winner known before it played")
	}
	seen := map[int]bool{}
	for _, p := range pools {
		if len(p.Entrants) != 4 {
			t.Fatalf("group of %d", len(p.Entrants))
		}
		for _, id := range p.Entrants {
			if seen[id] {
				t.Fatalf("%d in two groups", id)
			}
			seen[id] = true
		}
		playFieldLowerWins(t, p)
	}
	for g, o := range ko.Outcomes() {
		if want := [2]int{pools[g].Ranking()[0].Entrant, pools[g+6].Ranking()[0].Entrant}; o.Players != want {
			t.Fatalf("match %d = %v, want %v", g+1, o.Players, want)
		}
	}
	playAll(t, ko, lowerWins)
	r2 := ko.Ranking()
	six := Top(r2, 6)
	pairs := Knockout(SeedOrder(asPlayers(six), SeedByLots, 9), KnockoutSettings{Draw: DrawAdjacent, Rounds: 1, Format: OneGame})
	playAll(t, pairs, lowerWins)
	r3 := pairs.Ranking()
	final := NewField(Top(r3, 3), rrSettings())
	playFieldLowerWins(t, final)
	groupsRank := make([]Placing, 0, 48)
	for _, p := range pools {
		groupsRank = append(groupsRank, p.Ranking()...)
	}
	got := FinalRanking([][]Placing{groupsRank, r2, r3, final.Ranking()}, ShareByStage)
	if len(got) != 48 {
		t.Fatalf("%d placed, want 48", len(got))
	}
	best := slices.Sorted(slices.Values(Top(r3, 3)))
	if !slices.Equal(entrantsOf(got[:3]), best) || got[0].Place != 1 || got[2].Place != 3 {
		t.Fatalf("final = %v, want %v", got[:3], best)
	}
	for _, p := range got[3:6] {
		if p.Place != 4 || !p.Shared {
			t.Fatalf("pairs' loser %+v, want 4=", p)
		}
	}
	for _, p := range got[12:] {
		if p.Place != 13 || !p.Shared {
			t.Fatalf("group stage loser %+v, want 13=", p)
		}
	}
}

func asPlayers(ids []int) []Player {
	ps := make([]Player, len(ids))
	for i, id := range ids {
		ps[i] = Player{ID: id}
	}
	return ps
}

// R-F-3: snake seeding deals 1..8 into two groups as 1,4,5,8 and 2,3,6,7;
// sizes differ by at most one.
func TestSnakeGroups_R_F_3(t *testing.T) {
	pools := Groups(seedList(8), 2, Snake, rrSettings())
	if !slices.Equal(pools[0].Entrants, []int{1, 4, 5, 8}) || !slices.Equal(pools[1].Entrants, []int{2, 3, 6, 7}) {
		t.Fatalf("snake = %v, %v", pools[0].Entrants, pools[1].Entrants)
	}
	for n := 2; n <= 40; n++ {
		for g := 1; g <= 8; g++ {
			ps := Groups(seedList(n), g, DrawnGroups, rrSettings())
			lo, hi := n, 0
			for _, p := range ps {
				lo, hi = min(lo, len(p.Entrants)), max(hi, len(p.Entrants))
			}
			if hi-lo > 1 {
				t.Fatalf("%d in %d groups: sizes %d..%d", n, g, lo, hi)
			}
		}
	}
	if got := fmt.Sprint(GroupSlots(2, 2, WinnerRunnerUp)); got != "[G1#1 G2#2 G2#1 G1#2]" {
		t.Fatalf("winner v runner-up = %s", got)
	}
}

// R-F-6, seed 匠心杯: a knockout first round (one game, a draw replayed),
// the losers out, the winners on to a 5-round Swiss.
func TestKnockoutThenSwiss_R_F_6(t *testing.T) {
	ko := Knockout(SeedOrder(ratedPlayers(20), SeedByRating, 0), KnockoutSettings{Draw: DrawFold, Rounds: 1, Format: OneGame})
	playAll(t, ko, lowerWins)
	first := ko.Ranking()
	swiss := NewField(Top(first, 10), DefaultSettings(5))
	playFieldLowerWins(t, swiss)
	if len(swiss.Event.Rounds) != 5 {
		t.Fatalf("%d Swiss rounds", len(swiss.Event.Rounds))
	}
	got := FinalRanking([][]Placing{first, swiss.Ranking()}, ShareByStage)
	if got[0].Entrant != 1 || got[0].Place != 1 || len(got) != 20 {
		t.Fatalf("ranking = %v", got)
	}
	for _, p := range got[10:] {
		if p.Entrant <= 10 || p.Place != 11 {
			t.Fatalf("first-round loser %+v", p)
		}
	}
}

// A knockout drawn from groups plays as soon as the groups end, without
// asking for its outcomes first (the groups' results are not the bracket's).
func TestKnockoutOfGroupsPlaysWhenGroupsEnd_R_F_3(t *testing.T) {
	pools := Groups(seedList(8), 2, Snake, rrSettings())
	ko := KnockoutOf(GroupSlots(2, 1, GroupHalves), pools, KnockoutSettings{Draw: DrawAdjacent, Format: OneGame})
	if err := ko.Play(1, MatchGame{Red: 1, Black: 2, Result: RedWin}); err == nil {
		t.Fatal("played before the groups")
	}
	for _, p := range pools {
		playFieldLowerWins(t, p)
	}
	if err := ko.Play(1, MatchGame{Red: 1, Black: 2, Result: RedWin}); err != nil {
		t.Fatal(err)
	}
	if r := ko.Ranking(); len(r) != 2 || r[0].Entrant != 1 {
		t.Fatalf("ranking = %v", r)
	}
}

// TestFieldOfOne_R_F_3: a group of one — more groups than the players who
// went on — is over at once with its player first, and the knockout drawn
// from the groups' places plays on.
func TestFieldOfOne_R_F_3(t *testing.T) {
	a, b := NewField([]int{7}, rrSettings()), NewField([]int{3}, rrSettings())
	if !a.Over() || a.Ranking()[0].Entrant != 7 {
		t.Fatalf("a group of one: over %v, ranking %v", a.Over(), a.Ranking())
	}
	ko := KnockoutOf(GroupSlots(2, 1, GroupHalves), []*Field{a, b}, KnockoutSettings{Draw: DrawAdjacent, Format: OneGame})
	if o := ko.Outcomes()[0]; o.Players != [2]int{7, 3} {
		t.Errorf("the knockout's first match %v, want 7 v 3", o.Players)
	}
}
