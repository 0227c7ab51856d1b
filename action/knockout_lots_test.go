package action_test

import (
	"slices"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// R-F-4: with seeding by lots, a later knockout is drawn by lots too, from
// the event's seed on its stage's stream; seeded by number, it takes the
// stage before's ranking order.
func TestLaterKnockoutDrawnByLots_R_F_4(t *testing.T) {
	for _, by := range []engine.Seeding{engine.SeedByLots, engine.SeedByNumber} {
		plan := action.NewPlan(action.KnockoutStage)
		plan.Stages = []action.StagePlan{{Kind: action.KnockoutStage, Rounds: 1}, {Kind: action.KnockoutStage}}
		plan.Seeding = by
		e := newStaged(t, 16, plan)
		e.round()
		e.decideAll(stronger)
		pg := e.st.Progress()
		if len(pg.Stages) != 2 {
			t.Fatalf("%v: %d stages drawn", by, len(pg.Stages))
		}
		went := ids(pg.Stages[0].Ranking()[:8])
		slices.Sort(went)
		want := went
		if by == engine.SeedByLots {
			want = engine.DrawStage(went, e.st.Event.Settings.Seed, 1)
			if slices.Equal(want, went) {
				t.Fatalf("the draw kept the ranking order %v: pick another seed", went)
			}
		}
		if got := pg.Stages[1].Entrants; !slices.Equal(got, want) {
			t.Errorf("%v: the second knockout's seed order %v, want %v", by, got, want)
		}
		first := pg.Stages[1].Bracket.Matches[0].Slots
		if first[0].Entrant != want[0] || first[1].Entrant != want[7] {
			t.Errorf("%v: match 1 is %v, want seeds 1 and 8 of %v", by, first, want)
		}
	}
}
