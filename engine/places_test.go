package engine

import (
	"slices"
	"testing"
)

// TestPlaceFinalsOfTwoGroups_R_F_7, seed 000 范文三: two round-robin groups
// of four, then "两个小组的第一名争夺冠亚军，两个小组的第二名争夺季军" — the
// winners meet for 1st and 2nd, the runners-up for 3rd and 4th; before the
// groups end the matches name their places.
func TestPlaceFinalsOfTwoGroups_R_F_7(t *testing.T) {
	pools := Groups([]int{1, 2, 3, 4, 5, 6, 7, 8}, 2, Snake, rrSettings())
	b := PlaceFinals(pools, 2, KnockoutSettings{Format: OneGame})
	if got := b.Outcomes()[0].Players; got != [2]int{UnknownPlayer, UnknownPlayer} {
		t.Errorf("before the groups end the final is %v, want unknown players", got)
	}
	for _, p := range pools {
		playFieldLowerWins(t, p)
	}
	// Snake: group 1 holds 1, 4, 5, 8 and group 2 holds 2, 3, 6, 7.
	out := b.Outcomes()
	if final, third := out[0].Players, out[1].Players; final != [2]int{1, 2} || third != [2]int{4, 3} {
		t.Fatalf("final %v and third-place match %v, want [1 2] (the winners) and [4 3] (the runners-up)", final, third)
	}
	if b.Matches[0].Part != PlaceFinal || b.Matches[1].Part != PlaceFinal || b.Matches[1].Round != 1 {
		t.Errorf("the finals by place are %v/%v round %d, want both PlaceFinal in one round", b.Matches[0].Part, b.Matches[1].Part, b.Matches[1].Round)
	}
	if err := b.Play(1, MatchGame{Red: 1, Black: 2, Result: BlackWin}); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(2, MatchGame{Red: 4, Black: 3, Result: RedWin}); err != nil {
		t.Fatal(err)
	}
	if got, want := entrantsOf(b.Ranking()), []int{2, 1, 4, 3}; !slices.Equal(got, want) {
		t.Errorf("ranking %v, want %v: each match's winner above its loser, the winners' match first", got, want)
	}
}

// TestPlaceFieldsOfThreeGroups_R_F_7: with more than two groups the k-th
// placed play a round robin of their own, and the fields rank one after
// the other.
func TestPlaceFieldsOfThreeGroups_R_F_7(t *testing.T) {
	pools := Groups([]int{1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, Snake, rrSettings())
	for _, p := range pools {
		playFieldLowerWins(t, p)
	}
	fields := PlaceFields(pools, 2, rrSettings())
	if len(fields) != 2 {
		t.Fatalf("%d fields, want one for each of the two places", len(fields))
	}
	// Snake: groups {1,6,7}, {2,5,8}, {3,4,9}.
	if got := [2][]int{fields[0].Entrants, fields[1].Entrants}; !slices.Equal(got[0], []int{1, 2, 3}) || !slices.Equal(got[1], []int{6, 5, 4}) {
		t.Fatalf("the fields hold %v, want the winners [1 2 3] and the runners-up [6 5 4]", got)
	}
	for _, f := range fields {
		playFieldLowerWins(t, f)
	}
	rank := PlaceRanking(fields)
	if got, want := entrantsOf(rank), []int{1, 2, 3, 4, 5, 6}; !slices.Equal(got, want) {
		t.Errorf("ranking %v, want %v", got, want)
	}
	if rank[3].Place != 4 {
		t.Errorf("the runners-up's winner is placed %d, want 4: after the three winners", rank[3].Place)
	}
}

// TestUnshareSettlesTheTopByLots_R_T_8: a three-way tie for first (a
// cycle) is settled by lots within the places that may not be shared, the
// same way for the same seed; a tie below them stays shared.
func TestUnshareSettlesTheTopByLots_R_T_8(t *testing.T) {
	rank := []Placing{{7, 1, true}, {3, 1, true}, {5, 1, true}, {2, 4, true}, {9, 4, true}}
	got := Unshare(rank, 1, 42)
	places := []int{got[0].Place, got[1].Place, got[2].Place, got[3].Place, got[4].Place}
	if !slices.Equal(places, []int{1, 2, 3, 4, 4}) || got[0].Shared || !got[3].Shared {
		t.Fatalf("places %v (%+v), want 1, 2, 3 by lots and 4= kept", places, got)
	}
	if top := entrantIDs(got[:3]); !slices.Equal(top, []int{3, 5, 7}) {
		t.Errorf("the top three are %v, want the tied 3, 5, 7", top)
	}
	if again := Unshare(rank, 1, 42); !slices.Equal(again, got) {
		t.Errorf("the same seed drew %v, then %v", got, again)
	}
	if all := Unshare(rank, 8, 42); all[3].Shared || all[4].Place != 5 {
		t.Errorf("with 8 places unshared the 4= tie stays %+v", all[3:])
	}
}
