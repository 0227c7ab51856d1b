package action_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// staged is a staged event played by its actions, its log kept so that
// a test can fold it again.
type staged struct {
	t   *testing.T
	st  *action.State
	log []action.Record
}

// newStaged is an event of n players planned as plan, started.
func newStaged(t *testing.T, n int, plan action.Plan) *staged {
	t.Helper()
	e := &staged{t: t, st: &action.State{Status: action.Setup}}
	s := engine.DefaultSettings(0)
	s.Seed = 42
	e.do(&action.Created{Name: "杯赛", Settings: s})
	e.do(&action.PlanSet{Plan: &plan})
	for i := range n {
		e.do(&action.PlayerAdded{Name: fmt.Sprintf("P%d", i+1), Rating: 2000 - 10*i})
	}
	e.do(&action.Started{Numbering: engine.ByRating})
	return e
}

func (e *staged) try(a action.Action) error {
	r := record(int64(len(e.log)+1), a)
	e.st.At, e.st.Seq = r.At, r.Seq
	if err := a.Apply(e.st); err != nil {
		return err
	}
	e.st.Through = r.Seq
	e.log = append(e.log, r)
	return nil
}

func (e *staged) do(a action.Action) {
	e.t.Helper()
	if err := e.try(a); err != nil {
		e.t.Fatalf("%s: %v", a.Kind(), err)
	}
}

// round pairs and publishes the next round; false when every match is
// played (R-F-4, R-F-5).
func (e *staged) round() bool {
	e.t.Helper()
	p, boards, err := e.st.NextPairing()
	if r := (*action.Refusal)(nil); errors.As(err, &r) && r.Reason == action.StagesOver {
		return false
	}
	if err != nil {
		e.t.Fatal(err)
	}
	e.do(&action.PairingPreviewed{Pairing: p, Matches: boards})
	e.do(&action.RoundPublished{Pairing: p, Matches: e.st.Stages.Preview})
	return true
}

// decideAll sets every game of the last round by result.
func (e *staged) decideAll(result func(b action.BoardOf, g engine.Game) engine.Result) {
	e.t.Helper()
	n := len(e.st.Event.Rounds)
	for _, g := range e.st.Event.Rounds[n-1].Games {
		b, _ := e.st.BoardOf(n, g.Board)
		e.do(&action.ResultSet{Round: n, Board: g.Board, Result: result(b, g)})
	}
}

// playOut plays every round to the end by result.
func (e *staged) playOut(result func(b action.BoardOf, g engine.Game) engine.Result) {
	e.t.Helper()
	for i := 0; e.round(); i++ {
		if i > 200 {
			e.t.Fatal("no end after 200 rounds")
		}
		e.decideAll(result)
	}
}

// stronger wins: the lower sequence number (the higher rating).
func stronger(_ action.BoardOf, g engine.Game) engine.Result {
	if g.Red < g.Black {
		return engine.RedWin
	}
	return engine.BlackWin
}

func ids(rank []engine.Placing) []int {
	var out []int
	for _, p := range rank {
		out = append(out, p.Entrant)
	}
	return out
}

// R-F-4: a knockout of n players from the chat's actions has n − 1
// decided matches with a winner, places every player once, and the
// strongest wins when the stronger always wins.
func TestKnockoutPlayed_R_F_4(t *testing.T) {
	for _, n := range []int{2, 3, 5, 8, 13, 32} {
		e := newStaged(t, n, action.NewPlan(action.KnockoutStage))
		e.playOut(stronger)
		pg := e.st.Progress()
		if !pg.Over(e.st.Stages.Plan) {
			t.Fatalf("%d players: not over", n)
		}
		won := 0
		for _, o := range pg.Current().Bracket.Outcomes() {
			if o.Winner > 0 && o.Loser > 0 {
				won++
			}
		}
		if won != n-1 {
			t.Errorf("%d players: %d matches won, want %d", n, won, n-1)
		}
		rank := pg.Ranking(e.st.Stages.Plan)
		got, want := ids(rank), make([]int, n)
		slices.Sort(got)
		for i := range want {
			want[i] = i + 1
		}
		if !slices.Equal(got, want) {
			t.Errorf("%d players: ranking %v does not place each once", n, rank)
		}
		if rank[0].Entrant != 1 || rank[0].Shared {
			t.Errorf("%d players: first %+v, want player 1", n, rank[0])
		}
	}
}

// R-F-5: a best of 3 ends at 2–0 (no third game is paired), and a match
// level after its games goes to armageddon, where a draw is black's.
func TestBestOfThreeAndArmageddon_R_F_5(t *testing.T) {
	plan := action.NewPlan(action.KnockoutStage)
	plan.Match = engine.MatchFormat{Games: 3, BestOf: true, Tie: []engine.TieRule{engine.TieArmageddon}}
	e := newStaged(t, 2, plan)
	e.playOut(stronger)
	if n := len(e.st.Event.Rounds); n != 2 {
		t.Errorf("a 2–0 best of 3 took %d games, want 2", n)
	}

	e = newStaged(t, 2, plan)
	e.playOut(func(b action.BoardOf, g engine.Game) engine.Result {
		if b.Step == engine.TieArmageddon {
			return engine.Draw
		}
		return []engine.Result{engine.RedWin, engine.RedWin, engine.Draw}[b.Game-1]
	})
	last := e.st.Event.Rounds[len(e.st.Event.Rounds)-1].Games[0]
	b, _ := e.st.BoardOf(len(e.st.Event.Rounds), 1)
	rank := e.st.Progress().Ranking(e.st.Stages.Plan)
	if b.Step != engine.TieArmageddon || b.Game != 4 || rank[0].Entrant != last.Black {
		t.Errorf("game %d %v, winner %d: want game 4 an armageddon whose drawn game black (%d) wins", b.Game, b.Step, rank[0].Entrant, last.Black)
	}
}

// R-C-3: a match's games swap colours in turn; the first game's colours
// are the pairing's unless the players' 猜先 (offered without an
// arbiter's call) chose others, and the later games follow the colours
// played; a 猜先 is refused for a later game.
func TestMatchColours_R_C_3(t *testing.T) {
	plan := action.NewPlan(action.KnockoutStage)
	plan.Match = engine.MatchFormat{Games: 2, Tie: []engine.TieRule{engine.TieLots}}
	e := newStaged(t, 2, plan)
	e.round()
	g1 := e.st.Event.Rounds[0].Games[0]
	nonce := "0123456789abcdef"
	e.do(&action.GuessHidden{Round: 1, Board: 1, Player: g1.Red, Hidden: engine.Red, Nonce: nonce, Commitment: action.Commit(engine.Red, nonce)})
	e.do(&action.GuessMade{Round: 1, Board: 1, Player: g1.Black, Colour: engine.Red}) // right: black wins the guess
	e.do(&action.ColourChosen{Round: 1, Board: 1, Player: g1.Black, Colour: engine.Red})
	if g := e.st.Event.Rounds[0].Games[0]; g.Red != g1.Black {
		t.Fatalf("the 猜先's winner chose red, game 1 = %+v", g)
	}
	e.decideAll(func(action.BoardOf, engine.Game) engine.Result { return engine.Draw })
	e.round()
	g2 := e.st.Event.Rounds[1].Games[0]
	if g2.Red != g1.Red || g2.Black != g1.Black {
		t.Errorf("game 2 = %d–%d, want the colours of game 1 as played (%d–%d) swapped", g2.Red, g2.Black, g1.Black, g1.Red)
	}
	err := e.try(&action.GuessHidden{Round: 2, Board: 1, Player: g2.Red, Hidden: engine.Red, Nonce: nonce, Commitment: action.Commit(engine.Red, nonce)})
	if r := (*action.Refusal)(nil); !errors.As(err, &r) || r.Rule != "R-C-3" {
		t.Errorf("a 猜先 for game 2: %v, want refused by R-C-3", err)
	}
}

// R-F-4: a double forfeit passes through the bracket like a bye: nobody
// goes on, and the next match's other player advances without a game.
func TestDoubleForfeitPasses_R_F_4(t *testing.T) {
	e := newStaged(t, 4, action.NewPlan(action.KnockoutStage))
	e.round() // 1–4 and 2–3
	e.decideAll(func(_ action.BoardOf, g engine.Game) engine.Result {
		if g.Red == 1 || g.Black == 1 {
			return engine.DoubleForfeit
		}
		return stronger(action.BoardOf{}, g)
	})
	if e.round() {
		t.Fatalf("a final was paired after a double forfeit: %+v", e.st.Event.Rounds[len(e.st.Event.Rounds)-1])
	}
	rank := e.st.Progress().Ranking(e.st.Stages.Plan)
	if rank[0].Entrant != 2 {
		t.Errorf("ranking %v, want player 2 first, through the double forfeit", rank)
	}
}

// R-F-4: a corrected result that gives a played match other players is
// refused, naming it, unless the arbiter confirms the cascade: then that
// match's games are struck out and it is paired again.
func TestCorrectionReroutes_R_F_4(t *testing.T) {
	e := newStaged(t, 4, action.NewPlan(action.KnockoutStage))
	e.round()
	e.decideAll(stronger)
	e.round() // the final, 1 v 2
	e.decideAll(stronger)
	err := e.try(&action.ResultSet{Round: 1, Board: 1, Result: engine.BlackWin})
	var re *action.RerouteError
	if !errors.As(err, &re) || len(re.Later) != 1 || re.Later[0].Match != 3 {
		t.Fatalf("correcting a semi-final after the final: %v, want the final (match 3) named", err)
	}
	if g := e.st.Event.Rounds[0].Games[0]; g.Result != engine.RedWin {
		t.Fatalf("a refused correction changed the game: %+v", g)
	}
	e.do(&action.ResultSet{Round: 1, Board: 1, Result: engine.BlackWin, Cascade: true})
	if g := e.st.Event.Rounds[1].Games[0]; !g.Void {
		t.Fatalf("the final was not struck out: %+v", g)
	}
	if !e.round() {
		t.Fatal("the final was not paired again")
	}
	e.decideAll(stronger)
	rank := e.st.Progress().Ranking(e.st.Stages.Plan)
	if rank[0].Entrant != 2 || rank[1].Entrant != 4 {
		t.Errorf("ranking %v, want 2 then 4 (who now won the semi-final)", rank)
	}
	st, err := action.Fold(e.log)
	if err != nil || !sameRanking(st, e.st) {
		t.Errorf("the log folds to another ranking: %v", err)
	}
}

func sameRanking(a, b *action.State) bool {
	return slices.Equal(a.Progress().Ranking(a.Stages.Plan), b.Progress().Ranking(b.Stages.Plan))
}

// R-F-3, R-F-6: groups, then a knockout of each group's top two; the
// final ranking puts the groups' others after the knockout's players,
// sharing a place (ShareByStage).
func TestGroupsThenKnockout_R_F_3_R_F_6(t *testing.T) {
	plan := action.NewPlan(action.GroupsStage) // 2 groups, the top 2 on
	e := newStaged(t, 8, plan)
	e.playOut(stronger)
	pg := e.st.Progress()
	if len(pg.Stages) != 2 {
		t.Fatalf("%d stages drawn, want 2", len(pg.Stages))
	}
	rank := pg.Ranking(e.st.Stages.Plan)
	if len(rank) != 8 || rank[0].Entrant != 1 {
		t.Fatalf("ranking %v, want 8 placed, player 1 first", rank)
	}
	for _, p := range rank[4:] {
		if p.Place != 5 || !p.Shared {
			t.Errorf("a group's third or fourth %+v, want 5=", p)
		}
	}
}

// R-F-6: knockout 1 > roundrobin (seed 000: 1–6, 2–5, 3–4, then the
// three winners' round robin).
func TestKnockoutThenRoundRobin_R_F_6(t *testing.T) {
	plan := action.NewPlan(action.KnockoutStage)
	plan.Stages = []action.StagePlan{{Kind: action.KnockoutStage, Rounds: 1}, {Kind: action.RoundRobinStage}}
	plan.Draw = engine.DrawFold
	e := newStaged(t, 6, plan)
	e.playOut(stronger)
	pg := e.st.Progress()
	if got := pg.Stages[1].Entrants; !slices.Equal(got, []int{1, 2, 3}) {
		t.Fatalf("the round robin's players = %v, want 1, 2, 3", got)
	}
	rank := pg.Ranking(e.st.Stages.Plan)
	if got := ids(rank[:3]); !slices.Equal(got, []int{1, 2, 3}) || rank[3].Place != 4 || !rank[3].Shared {
		t.Errorf("ranking %v, want 1, 2, 3, then 4=", rank)
	}
}

// R-F-6, 匠心杯: a knockout round, then a Swiss of its winners.
func TestKnockoutThenSwiss_R_F_6(t *testing.T) {
	plan := action.NewPlan(action.KnockoutStage)
	plan.Stages = []action.StagePlan{{Kind: action.KnockoutStage, Rounds: 1}, {Kind: action.SwissStage, Rounds: 3}}
	plan.Draw = engine.DrawFold
	e := newStaged(t, 16, plan)
	e.playOut(stronger)
	rank := e.st.Progress().Ranking(e.st.Stages.Plan)
	if len(rank) != 16 || rank[0].Entrant != 1 || len(e.st.Event.Rounds) != 4 {
		t.Errorf("%d rounds, ranking %v: want 4 rounds, 16 placed, 1 first", len(e.st.Event.Rounds), rank)
	}
}

// A double elimination ends with its champion and a ranking of everyone
// (R-F-4); with the reset, the second final is played only when the
// losers' bracket winner took the first.
func TestDoubleElimination_R_F_4(t *testing.T) {
	plan := action.NewPlan(action.DoubleStage)
	plan.Reset = true
	e := newStaged(t, 9, plan)
	e.playOut(stronger)
	rank := e.st.Progress().Ranking(e.st.Stages.Plan)
	if len(rank) != 9 || rank[0].Entrant != 1 || rank[1].Entrant != 2 {
		t.Errorf("ranking %v, want 9 placed, 1 then 2", rank)
	}
}

// A staged state survives its snapshot: JSON and back, then folding on,
// gives the state the whole log gives.
func TestStagedSnapshot(t *testing.T) {
	e := newStaged(t, 6, action.NewPlan(action.GroupsStage))
	e.round()
	e.decideAll(stronger)
	b, err := json.Marshal(e.st)
	if err != nil {
		t.Fatal(err)
	}
	var snap action.State
	if err := json.Unmarshal(b, &snap); err != nil {
		t.Fatal(err)
	}
	through := len(e.log)
	e.playOut(stronger)
	got, err := action.FoldFrom(&snap, e.log[through:])
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(got, e.st); d != "" {
		t.Fatalf("snapshot then tail differs from the live state: %s", d)
	}
}

// PlanSet refuses a chain the stages cannot follow, and once started.
func TestPlanChecked_R_F_6(t *testing.T) {
	for _, stages := range [][]action.StagePlan{
		nil,
		{{Kind: action.KnockoutStage}, {Kind: action.SwissStage, Rounds: 3}}, // whose winners?
		{{Kind: action.DoubleStage}, {Kind: action.RoundRobinStage}},
		{{Kind: action.GroupsStage, Groups: 2, Advance: 1}, {Kind: action.SwissStage, Rounds: 2}},
		{{Kind: action.GroupsStage, Groups: 2, Advance: 1}, {Kind: action.KnockoutStage}}, // winner v runner-up, without runners-up
		{{Kind: action.SwissStage, Rounds: 3}},
		{{Kind: "chess"}},
	} {
		st := &action.State{Status: action.Setup}
		if err := (&action.Created{Name: "x", Settings: engine.DefaultSettings(3)}).Apply(st); err != nil {
			t.Fatal(err)
		}
		p := action.NewPlan(action.GroupsStage) // winner v runner-up
		p.Stages = stages
		if err := (&action.PlanSet{Plan: &p}).Apply(st); err == nil {
			t.Errorf("stages %v accepted", stages)
		}
	}
	e := newStaged(t, 4, action.NewPlan(action.KnockoutStage))
	if err := e.try(&action.PlanSet{}); err == nil {
		t.Error("the format changed after the start")
	}
}

// Staged events of 2..40 players under every kind of plan, played with
// random results (draws and forfeits among them), end with every player
// placed once (R-F-3..6); with double forfeits too they end, placing
// nobody twice (a double forfeit puts both out unplaced, as a bye).
func TestStagedRandom(t *testing.T) {
	plans := map[string]func() action.Plan{
		"knockout bo3": func() action.Plan {
			p := action.NewPlan(action.KnockoutStage)
			p.Match = engine.MatchFormat{Games: 3, BestOf: true, Tie: []engine.TieRule{engine.TieReplay, engine.TieArmageddon}}
			p.ThirdPlace, p.Playoffs, p.Unshared = true, true, 8
			return p
		},
		"double": func() action.Plan {
			p := action.NewPlan(action.DoubleStage)
			p.Reset, p.Seeding = true, engine.SeedByLots
			return p
		},
		"groups": func() action.Plan {
			p := action.NewPlan(action.GroupsStage)
			p.Stages[0].Groups, p.GroupMethod, p.GroupDraw = 3, engine.DrawnGroups, engine.WinnerRunnerUp
			return p
		},
		"knockout > swiss": func() action.Plan {
			p := action.NewPlan(action.KnockoutStage)
			p.Stages = []action.StagePlan{{Kind: action.KnockoutStage, Rounds: 1}, {Kind: action.SwissStage, Rounds: 3}}
			return p
		},
		"knockout > roundrobin": func() action.Plan {
			p := action.NewPlan(action.KnockoutStage)
			p.Stages = []action.StagePlan{{Kind: action.KnockoutStage, Rounds: 2}, {Kind: action.RoundRobinStage}}
			p.Match.Tie = []engine.TieRule{engine.TieLots}
			return p
		},
	}
	results := []engine.Result{engine.RedWin, engine.BlackWin, engine.Draw, engine.RedWin, engine.BlackWin, engine.RedForfeitWin, engine.DoubleForfeit}
	for name, plan := range plans {
		for n := 2; n <= 40; n += 1 + n/4 {
			for _, doubleForfeits := range []bool{false, true} {
				results := results
				if !doubleForfeits {
					results = results[:len(results)-1]
				}
				if name == "groups" && n < 6 {
					continue // three groups of two at least
				}
				rng := rand.New(rand.NewPCG(uint64(n), 7))
				e := newStaged(t, n, plan())
				e.playOut(func(action.BoardOf, engine.Game) engine.Result { return results[rng.IntN(len(results))] })
				rank := e.st.Progress().Ranking(e.st.Stages.Plan)
				got := ids(rank)
				slices.Sort(got)
				if len(slices.Compact(got)) != len(rank) || len(rank) > n {
					t.Errorf("%s of %d: ranking %v places someone twice or too many", name, n, rank)
				}
				if !doubleForfeits && len(rank) != n {
					t.Errorf("%s of %d: %d placed", name, n, len(rank))
				}
			}
		}
	}
}

// R-F-3, R-F-6, seed 003: 48 players in 12 groups of 4, the winners into
// 6 pairs (group 1's v group 7's), their winners into 3 pairs, the last
// three a round robin; the pairs' losers share places, the groups' others
// too.
func TestTwelveGroupsToFinalOfThree_R_F_3_R_F_6(t *testing.T) {
	plan := action.NewPlan(action.GroupsStage)
	plan.Stages = []action.StagePlan{
		{Kind: action.GroupsStage, Groups: 12, Advance: 1},
		{Kind: action.KnockoutStage, Rounds: 1},
		{Kind: action.KnockoutStage, Rounds: 1},
		{Kind: action.RoundRobinStage},
	}
	// The pairs are 1–6, 2–5, 3–4 (a standard draw of 6 gives byes).
	plan.GroupMethod, plan.Draw, plan.GroupDraw = engine.DrawnGroups, engine.DrawFold, engine.GroupHalves
	e := newStaged(t, 48, plan)
	e.playOut(stronger)
	pg := e.st.Progress()
	if len(pg.Stages) != 4 || len(pg.Stages[1].Entrants) != 12 || len(pg.Stages[2].Entrants) != 6 || len(pg.Stages[3].Entrants) != 3 {
		var got [][]int
		for _, s := range pg.Stages {
			got = append(got, s.Entrants)
		}
		t.Fatalf("the stages' players %v, want 48, 12, 6, 3", got)
	}
	rank := pg.Ranking(e.st.Stages.Plan)
	if len(rank) != 48 || rank[0].Place != 1 || rank[2].Place != 3 || rank[3].Place != 4 || !rank[3].Shared || rank[6].Place != 7 || rank[12].Place != 13 {
		t.Errorf("ranking %v: want 1, 2, 3, then 4= (3), 7= (6), 13= (36)", rank)
	}
}

// R-W-3 in a knockout: a player who withdraws loses their next game by
// forfeit when it is paired, and the opponent goes on.
func TestWithdrawnInKnockout(t *testing.T) {
	e := newStaged(t, 4, action.NewPlan(action.KnockoutStage))
	e.round()
	e.decideAll(stronger) // 1 and 2 in the final
	e.do(&action.Withdrawn{Player: 2, After: 1})
	e.round()
	if g := e.st.Event.Rounds[1].Games[0]; g.Result != engine.RedForfeitWin && g.Result != engine.BlackForfeitWin {
		t.Fatalf("the withdrawn player's final = %+v, want a forfeit", g)
	}
	if e.round() {
		t.Fatal("a round after the forfeited final")
	}
	if rank := e.st.Progress().Ranking(e.st.Stages.Plan); rank[0].Entrant != 1 {
		t.Errorf("ranking %v, want 1 first", rank)
	}
}
