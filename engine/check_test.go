package engine

import (
	"reflect"
	"testing"
)

// TestCheck names the rules a board placed by hand breaks: R-SW-9, R-SW-4
// (round 1, and every round when the event asks), R-SW-12 (a third colour
// in a row but in the last round; an imbalance of three always) and the
// colours R-SW-10 would give; boards the engine placed are not re-checked.
func TestCheck(t *testing.T) {
	set := DefaultSettings(7)
	two := []string{"1-2:1 3-4:1", "1-3:1 2-4:1"} // 1 red twice, 4 black twice
	tests := []struct {
		name   string
		rounds []string
		units  map[int]string
		last   bool
		avoid  UnitAvoidance
		board  Board
		want   []Breach
	}{
		{name: "R-SW-4 round 1 same unit", units: map[int]string{1: "一中", 2: "一中"},
			board: Board{Number: 1, Red: 1, Black: 2, Placed: PlacedByHand},
			want:  []Breach{{Rule: "R-SW-4", Kind: BreachSameUnit, Board: 1, Players: []int{1, 2}}}},
		{name: "R-SW-4 engine's board not re-checked", units: map[int]string{1: "一中", 2: "一中"},
			board: Board{Number: 1, Red: 1, Black: 2, Placed: PlacedFirstRound}},
		{name: "R-SW-4 avoided in round 1 only", rounds: two[:1], units: map[int]string{1: "一中", 3: "一中"},
			board: Board{Number: 1, Red: 3, Black: 1, Placed: PlacedByHand}},
		{name: "R-SW-4 every round", rounds: two[:1], units: map[int]string{1: "一中", 3: "一中"}, avoid: AvoidAllRounds,
			board: Board{Number: 1, Red: 3, Black: 1, Placed: PlacedByHand},
			want:  []Breach{{Rule: "R-SW-4", Kind: BreachSameUnit, Board: 1, Players: []int{3, 1}}}},
		{name: "R-SW-4 off", units: map[int]string{1: "一中", 2: "一中"}, avoid: AvoidNever,
			board: Board{Number: 1, Red: 1, Black: 2, Placed: PlacedByHand}},
		{name: "R-SW-9 rematch", rounds: two[:1],
			board: Board{Number: 1, Red: 2, Black: 1, Placed: PlacedByHand},
			want:  []Breach{{Rule: "R-SW-9", Kind: BreachRematch, Board: 1, Players: []int{2, 1}}}},
		{name: "R-SW-12 and R-SW-10 the wrong way round", rounds: two,
			board: Board{Number: 2, Red: 1, Black: 4, Placed: PlacedByHand},
			want: []Breach{
				{Rule: "R-SW-12", Kind: BreachThreeInARow, Board: 2, Players: []int{1, 4}},
				{Rule: "R-SW-12", Kind: BreachImbalance, Board: 2, Players: []int{1, 4}},
				{Rule: "R-SW-10", Kind: BreachColours, Board: 2, Players: []int{4}},
			}},
		{name: "R-SW-10 the right way round", rounds: two,
			board: Board{Number: 2, Red: 4, Black: 1, Placed: PlacedByHand}},
		{name: "R-SW-12 last round allows three in a row", rounds: two, last: true,
			board: Board{Number: 2, Red: 1, Black: 4, Placed: PlacedByHand},
			want: []Breach{
				{Rule: "R-SW-12", Kind: BreachImbalance, Board: 2, Players: []int{1, 4}},
				// From the third-last round the higher score's need decides.
				{Rule: "R-SW-11", Kind: BreachColours, Board: 2, Players: []int{4}},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := set
			s.AvoidUnit = tt.avoid
			if tt.last {
				s.Rounds = len(tt.rounds) + 1
			}
			ev := stEvent(t, s, 4, tt.rounds...)
			for id, u := range tt.units {
				ev.Players[id-1].Unit = u
			}
			got, err := Check(ev, Pairing{Round: len(tt.rounds) + 1, Boards: []Board{tt.board}})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Check = %+v\nwant    %+v", got, tt.want)
			}
		})
	}
}

// TestCheckUnknownPlayer: a board naming a player not in the round is an
// error, not a silent pass.
func TestCheckUnknownPlayer(t *testing.T) {
	ev := stEvent(t, DefaultSettings(7), 4)
	if _, err := Check(ev, Pairing{Round: 1, Boards: []Board{{Number: 1, Red: 1, Black: 9, Placed: PlacedByHand}}}); err == nil {
		t.Error("a board with player 9 of 4 passed")
	}
}
