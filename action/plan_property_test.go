package action_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// randomStages is a plan of one to four stages, each kind where the plan's
// rules let it follow (R-F-3, R-F-6, R-F-7): a knockout of some rounds, a
// double elimination last, groups and what may follow them (a knockout, a
// round robin, more groups, finals by place), a Swiss or a round robin
// after a knockout; with a random match format, tie chains and play-off
// chain (R-F-5, R-T-8). Plan.check refuses what is still wrong.
func randomStages(rng *rand.Rand) action.Plan {
	p := action.NewPlan(action.KnockoutStage)
	p.Stages = nil
	for len(p.Stages) < 1+rng.IntN(4) {
		var s action.StagePlan
		switch rng.IntN(6) {
		case 0:
			s = action.StagePlan{Kind: action.KnockoutStage, Rounds: rng.IntN(3)}
		case 1:
			s = action.StagePlan{Kind: action.DoubleStage}
		case 2, 3:
			s = action.StagePlan{Kind: action.GroupsStage, Groups: 1 + rng.IntN(4), Advance: 1 + rng.IntN(3)}
		case 4:
			s = action.StagePlan{Kind: action.RoundRobinStage}
		default:
			s = action.StagePlan{Kind: action.PlacesStage}
		}
		p.Stages = append(p.Stages, s)
	}
	if rng.IntN(3) == 0 {
		p.Stages = append(p.Stages, action.StagePlan{Kind: action.SwissStage, Rounds: 1 + rng.IntN(4)})
	}
	p.Match = []engine.MatchFormat{engine.OneGame, engine.BestOfThree, {Games: 2, Tie: []engine.TieRule{engine.TieBlitz, engine.TieLots}}}[rng.IntN(3)]
	p.GroupDraw = engine.GroupDraw(rng.IntN(2))
	p.GroupMethod = engine.GroupMethod(rng.IntN(2))
	p.ThirdPlace, p.Playoffs = rng.IntN(2) == 0, rng.IntN(2) == 0
	p.Unshared = rng.IntN(4)
	return p
}

// TestEveryPlanPlacesEveryoneOnce_R_F_6: random staged events — random
// plans of 2 to 30 players, random results, every tie for a place that
// may not be shared offered and settled by a random choice, played off or
// drawn (R-T-8) — end with every player placed exactly once, the
// qualifying places of every groups stage unshared.
func TestEveryPlanPlacesEveryoneOnce_R_F_6(t *testing.T) {
	results := []engine.Result{engine.RedWin, engine.BlackWin, engine.Draw, engine.Draw, engine.RedForfeitWin}
	chains := [][]engine.TieRule{nil, {engine.TieArmageddon}, {engine.TieBlitz, engine.TieLots}, {engine.TieReplay}}
	played, events := 0, 0
	for trial := range 1200 {
		rng := rand.New(rand.NewPCG(uint64(trial), 0x706c616e)) // "plan"
		plan := randomStages(rng)
		n := 2 + rng.IntN(29)
		e := &staged{t: t, st: &action.State{Status: action.Setup}}
		s := engine.DefaultSettings(0)
		s.Seed = rng.Uint64()
		e.do(&action.Created{Name: "杯赛", Settings: s})
		if err := e.try(&action.PlanSet{Plan: &plan}); err != nil {
			continue // a plan the rules refuse (R-F-6)
		}
		events++
		chain := chains[rng.IntN(len(chains))]
		e.do(&action.AwardsChanged{Playoff: &chain})
		for i := range n {
			e.do(&action.PlayerAdded{Name: fmt.Sprintf("P%d", i+1), Rating: 2000 - 10*i})
		}
		e.do(&action.Started{Numbering: engine.ByRating})
		name := fmt.Sprintf("trial %d: %d players, %s", trial, n, stagesOf(plan))
		for step := 0; ; step++ {
			if step > 400 {
				t.Fatalf("%s: no end after %d rounds", name, step)
			}
			for _, a := range randomChoices(e.st, rng) {
				e.do(a)
			}
			p, boards, err := e.st.NextPairing()
			if r := (*action.Refusal)(nil); errors.As(err, &r) && r.Reason == action.StagesOver {
				break
			}
			if err != nil {
				t.Fatalf("%s: round %d: %v", name, len(e.st.Event.Rounds)+1, err)
			}
			e.do(&action.PairingPreviewed{Pairing: p, Matches: boards})
			e.do(&action.RoundPublished{Pairing: p, Matches: e.st.Stages.Preview})
			e.decideAll(func(b action.BoardOf, _ engine.Game) engine.Result {
				if b.Playoff > 0 {
					played++
				}
				return results[rng.IntN(len(results))]
			})
		}
		placedOnce(t, name, e.st.Progress(), e.st.Stages.Plan, n)
	}
	t.Logf("%d events, %d play-off games", events, played)
	if played == 0 || events < 200 {
		t.Errorf("%d random events, %d play-off games: want many of both", events, played)
	}
}

// randomChoices are the organiser's choices for st's ties waiting for one,
// drawn from rng: a play-off, or lots one time in three (R-T-8).
func randomChoices(st *action.State, rng *rand.Rand) []action.Action {
	var out []action.Action
	for _, tie := range st.Ties() {
		if tie.Chosen == nil {
			out = append(out, &action.PlayoffChosen{Stage: tie.Stage, Group: tie.Group, Place: tie.Place, Players: tie.Players, Lots: rng.IntN(3) == 0})
		}
	}
	return out
}

// placedOnce fails the test unless pg, a staged event of n entrants played
// out, places each of them exactly once and shares no qualifying place of
// a groups stage before the last (R-F-6, R-T-8).
func placedOnce(t *testing.T, name string, pg *action.Progress, plan action.Plan, n int) {
	t.Helper()
	rank := pg.Ranking(plan)
	got := ids(rank)
	slices.Sort(got)
	if len(rank) != n || len(slices.Compact(got)) != n {
		for i, r := range pg.Stages {
			t.Logf("stage %d %v entrants %v over %v ties %+v", i, r.Plan, r.Entrants, r.Over(), r.Ties)
			for _, f := range r.Fields {
				t.Logf("  field %v rounds %d/%d ranking %v", f.Entrants, len(f.Event.Rounds), f.Event.Settings.Rounds, f.Ranking())
			}
			if r.Bracket != nil {
				t.Logf("  bracket %+v", r.Bracket.Outcomes())
			}
		}
		t.Fatalf("%s: ranking %v, want each of the %d entrants placed once", name, rank, n)
	}
	for i, run := range pg.Stages {
		if run.Plan.Kind != action.GroupsStage || i == len(pg.Stages)-1 {
			continue
		}
		for g, f := range run.Fields {
			for _, p := range f.Ranking() {
				if p.Place <= run.Plan.Advance && p.Shared {
					t.Fatalf("%s: stage %d group %d: qualifying place %s shared (R-T-8)", name, i+1, g+1, p.PlaceLabel())
				}
			}
		}
	}
}

// stagesOf writes a plan's stages for a failure's message.
func stagesOf(p action.Plan) string {
	var out []string
	for _, s := range p.Stages {
		out = append(out, fmt.Sprintf("%s%d/%d/%d", s.Kind, s.Rounds, s.Groups, s.Advance))
	}
	return fmt.Sprint(out)
}
