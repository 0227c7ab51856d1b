package action

import "github.com/qisai/qisai/engine"

// groupsBracket is the bracket stage sp draws from pools' places: a
// knockout of the places engine.GroupSlots lists in pairs — group 1's
// winner v group n/2+1's, or v group 2's runner-up (R-F-3) — or the
// finals by place of two groups (R-F-7). Its sides name the places until
// the pools have played.
func groupsBracket(plan Plan, sp StagePlan, match engine.MatchFormat, pools []*engine.Field, advance, unshared int, seed uint64) *engine.Bracket {
	if sp.Kind == PlacesStage {
		return engine.PlaceFinals(pools, advance, engine.KnockoutSettings{Format: match, Unshared: unshared, Seed: seed})
	}
	ks := engine.KnockoutSettings{Draw: engine.DrawAdjacent, Format: match, Rounds: sp.Rounds,
		ThirdPlace: plan.ThirdPlace, Playoffs: plan.Playoffs, Unshared: unshared, Seed: seed}
	return engine.KnockoutOf(engine.GroupSlots(len(pools), advance, plan.GroupDraw), pools, ks)
}

// Ahead is the bracket the stage after the groups being played will be —
// a knockout, or the finals by place of two groups — drawn from the
// groups' places before they are known ("1组第1名" v "2组第2名"), so that
// everybody sees who will meet whom (R-F-3, R-F-7); its plan, and false
// when the next stage is not such a bracket or the current stage is not
// groups still playing.
func (st *State) Ahead(p *Progress) (*engine.Bracket, StagePlan, bool) {
	plan := st.Stages.Plan
	run, next := p.Current(), len(p.Stages)
	if next >= len(plan.Stages) || run.Plan.Kind != GroupsStage || run.Over() {
		return nil, StagePlan{}, false
	}
	sp := plan.Stages[next]
	if sp.Kind != KnockoutStage && (sp.Kind != PlacesStage || len(run.Fields) != 2) {
		return nil, StagePlan{}, false
	}
	unshared := 0
	if next == len(plan.Stages)-1 {
		unshared = p.unshared
	}
	// A group with a tie for a place that goes on still to settle (R-T-8)
	// names nobody yet: it stands as a group not over.
	pools := make([]*engine.Field, len(run.Fields))
	for g, f := range run.Fields {
		pools[g] = f
		for _, t := range run.Ties {
			if t.Group == g+1 {
				pools[g] = &engine.Field{Entrants: f.Entrants, Event: &engine.Event{Settings: f.Event.Settings, Players: f.Event.Players}}
			}
		}
	}
	return groupsBracket(plan, sp, st.stageMatch(), pools, run.Plan.Advance, unshared, st.Event.Settings.Seed), sp, true
}
