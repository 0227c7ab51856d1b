package engine

import (
	"slices"
	"testing"
)

// DrawStage draws the same entrants the same way whatever order they come
// in, each stage on its own stream, every entrant once (R-F-4).
func TestDrawStage_R_F_4(t *testing.T) {
	went := []int{9, 3, 14, 1, 7, 12, 5, 10}
	a := DrawStage(went, 42, 1)
	reversed := slices.Clone(went)
	slices.Reverse(reversed)
	if b := DrawStage(reversed, 42, 1); !slices.Equal(a, b) {
		t.Errorf("the order given changed the draw: %v, %v", a, b)
	}
	if c := DrawStage(went, 42, 2); slices.Equal(a, c) {
		t.Errorf("stages 1 and 2 drew alike: %v", a)
	}
	sorted := slices.Clone(a)
	slices.Sort(sorted)
	want := slices.Clone(went)
	slices.Sort(want)
	if !slices.Equal(sorted, want) {
		t.Errorf("the draw %v is not a drawing of %v", a, went)
	}
}
