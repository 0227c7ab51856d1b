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

// lower plays every board to the lower-numbered team.
func lower(m action.MatchOf, _ int) byte {
	if m.First < m.Second {
		return '1'
	}
	return '0'
}

// TestTeamGroupsThenKnockout_R_F_3_R_T_8: eight teams of four boards in
// two groups of four, the top two of each on to a knockout (R-F-3, R-F-6).
// Group 1 (snake: T1, T4, T5, T8) goes to its lower numbers on every board;
// every board of group 2 (T2, T3, T6, T7) is drawn, so its four teams are
// level on 场分, 局分, 胜局 and 直胜 and lots drawn from the seed give them
// their places (R-T-8). In the knockout each group's winner meets the
// other's runner-up; T1's semi-final is level in game points and boards
// won and its top board decides it (台次, the team chain). The final
// ranking places every team once: the knockout's four, then the groups'
// other four sharing 5th (R-F-6).
func TestTeamGroupsThenKnockout_R_F_3_R_T_8(t *testing.T) {
	s := teamKnockout(t, 8, action.NewPlan(action.GroupsStage))
	groupTwo := []int{2, 3, 6, 7}
	for range 3 {
		if !s.teamRound() {
			t.Fatal("the groups stopped before their three rounds")
		}
		s.boardsAs(func(m action.MatchOf, b int) byte {
			if slices.Contains(groupTwo, m.First) {
				return '='
			}
			return lower(m, b)
		})
	}
	pg := s.st.Progress()
	groups := pg.Stages[0].Fields
	if len(pg.Stages) != 2 || len(groups) != 2 {
		t.Fatalf("after three rounds: %d stages, %d groups; want the knockout drawn after 2 groups", len(pg.Stages), len(groups))
	}
	if got := ids(groups[0].Ranking()); !slices.Equal(got, []int{1, 4, 5, 8}) {
		t.Errorf("group 1 ranks %v, want 1 4 5 8 (each won every board against the lower ones)", got)
	}
	rows := groups[0].TeamStandings()
	if rows[0].MatchPoints != engine.Pts(6) || rows[0].GamePoints != engine.Pts(24) {
		t.Errorf("group 1's winner has 场分 %v 局分 %v, want 6 and 24 (3 matches won 8–0)", rows[0].MatchPoints, rows[0].GamePoints)
	}
	two := groups[1].Ranking()
	for i, p := range two {
		if p.Place != i+1 || p.Shared {
			t.Fatalf("group 2 ranks %+v: want its level teams in places 1–4 by lots", two)
		}
	}
	drawn := engine.DrawOrder(groupTwo, 11, engine.PlayoffStream(0, 2, 1))
	if !slices.Equal(ids(two), drawn) {
		t.Errorf("group 2 ranks %v, want the lots' order %v", ids(two), drawn)
	}
	semis := 0
	for s.teamRound() {
		semis++
		s.boardsAs(func(m action.MatchOf, b int) byte {
			if semis == 1 && (m.First == 1 || m.Second == 1) {
				if m.First == 1 {
					return "10=="[b-1]
				}
				return "01=="[b-1]
			}
			return lower(m, b)
		})
	}
	ko := s.st.Progress().Stages[1].Bracket
	sf := ko.Outcomes()[:2]
	if !slices.ContainsFunc(sf, func(o engine.MatchOutcome) bool { return o.Winner == 1 }) {
		t.Fatalf("semi-finals %+v: want T1 through on its top board", sf)
	}
	if first := ko.Matches[0].Slots[0]; first.Kind != engine.SlotRank || first.Rank != 1 {
		t.Errorf("the first semi-final's first slot %+v, want a group's winner", first)
	}
	rank := s.st.Progress().Ranking(s.st.Stages.Plan)
	got := ids(rank)
	if len(rank) != 8 || rank[0].Entrant != 1 || rank[0].Place != 1 || rank[1].Place != 2 {
		t.Fatalf("final ranking %v, want T1 champion and every team once", rank)
	}
	for _, p := range rank[4:] {
		if p.Place != 5 || !p.Shared || slices.Contains([]int{1, 4, drawn[0], drawn[1]}, p.Entrant) {
			t.Errorf("final ranking %v: want the groups' others sharing 5th", rank)
			break
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, []int{1, 2, 3, 4, 5, 6, 7, 8}) {
		t.Errorf("final ranking %v, want each team once", rank)
	}
	if st, err := action.Fold(s.log); err != nil || !sameRanking(st, s.st) {
		t.Errorf("the log folds to another ranking (%v)", err)
	}
}

// TestEveryTeamPlanPlacesEveryTeamOnce_R_F_6: random team staged events —
// 2 to 12 teams of two boards, random plans of knockouts, a double
// elimination, groups, round robins and finals by place, each board's
// result random (a level match goes down the team chain to a blitz board
// and lots; a tie of two teams in a group to a blitz board or lots as the
// organiser chooses, of more to lots, R-T-8) — end with every team placed
// exactly once and no qualifying place of a group shared.
func TestEveryTeamPlanPlacesEveryTeamOnce_R_F_6(t *testing.T) {
	outcomes := []byte("10==1")
	events, grouped, playoffs := 0, 0, 0
	for trial := range 1000 {
		rng := rand.New(rand.NewPCG(uint64(trial), 0x7465616d)) // "team"
		plan := randomStages(rng)
		n := 2 + rng.IntN(11)
		s := newScript(t)
		set := engine.DefaultSettings(0)
		set.Seed = rng.Uint64()
		s.do(&action.Created{Name: "团体杯", Settings: set})
		rules := action.NewTeamRules(2)
		s.do(&action.TeamRulesSet{Rules: &rules})
		if err := (&action.PlanSet{Plan: &plan}).Apply(s.st); err != nil {
			continue // a plan the rules refuse (R-F-6), a Swiss stage of teams
		}
		s.do(&action.PlanSet{Plan: &plan})
		events++
		if plan.Has(action.GroupsStage) {
			grouped++
		}
		for k := 1; k <= n; k++ {
			var members []int
			for j := 1; j <= 2; j++ {
				s.do(&action.PlayerAdded{Name: fmt.Sprintf("T%d-%d", k, j), Rating: 2400 - 20*k - j})
				members = append(members, s.st.Event.Players[len(s.st.Event.Players)-1].Entrant)
			}
			s.do(&action.TeamRegistered{Name: fmt.Sprintf("T%d", k), Members: members})
		}
		s.do(&action.Started{Numbering: engine.ByRating})
		name := fmt.Sprintf("trial %d: %d teams, %s", trial, n, stagesOf(plan))
		for step := 0; ; step++ {
			if step > 200 {
				t.Fatalf("%s: no end after %d rounds", name, step)
			}
			s.do(randomChoices(s.st, rng)...)
			a, err := s.st.Format().Pair(s.st)
			if r := (*action.Refusal)(nil); errors.As(err, &r) && r.Reason == action.StagesOver {
				break
			}
			if err != nil {
				t.Fatalf("%s: round %d: %v", name, len(s.st.Event.Rounds)+1, err)
			}
			s.do(a)
			p, err := s.st.Format().Publish(s.st)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			s.do(p)
			for _, b := range s.st.Stages.Rounds[len(s.st.Stages.Rounds)-1] {
				if b.Playoff > 0 {
					playoffs++
				}
			}
			s.boardsAs(func(action.MatchOf, int) byte { return outcomes[rng.IntN(len(outcomes))] })
		}
		placedOnce(t, name, s.st.Progress(), s.st.Stages.Plan, n)
	}
	t.Logf("%d events, %d with groups, %d play-off blitz boards", events, grouped, playoffs)
	if events < 150 || grouped < 50 || playoffs == 0 {
		t.Errorf("%d random team events, %d with groups, %d play-off blitz boards: want many of each", events, grouped, playoffs)
	}
}

// TestTeamGroupPlayoff_R_T_8: two teams of a group level on the whole team
// chain for its first place — T2 and T3 draw every board against each
// other and win every other — are offered to the organiser (R-T-8: "双方
// 选择加赛一局或以抽签方式分出胜负"); played off, the next round is one blitz
// board of their first boards (the team chain's 快棋), T2 red, and its
// winner, T3, heads the group; the knockout waits for it.
func TestTeamGroupPlayoff_R_T_8(t *testing.T) {
	s := teamKnockout(t, 8, action.NewPlan(action.GroupsStage))
	for range 3 {
		s.teamRound()
		s.boardsAs(func(m action.MatchOf, b int) byte {
			if m.First+m.Second == 5 && m.First*m.Second == 6 { // T2 v T3
				return '='
			}
			return lower(m, b)
		})
	}
	ties := s.st.Ties()
	if len(ties) != 1 || ties[0].Group != 2 || ties[0].Place != 1 || !slices.Equal(ties[0].Players, []int{2, 3}) {
		t.Fatalf("ties %+v, want T2 and T3 sharing group 2's first place", ties)
	}
	if s.teamRound() {
		t.Fatal("a round paired while the tie waits for the organiser")
	}
	s.do(&action.PlayoffChosen{Stage: 0, Group: 2, Place: 1, Players: []int{2, 3}})
	if !s.teamRound() {
		t.Fatal("no play-off after it was chosen")
	}
	r := len(s.st.Event.Rounds)
	rd, boards := s.st.Event.Rounds[r-1], s.st.Stages.Rounds[r-1]
	if len(rd.Games) != 1 || len(boards) != 1 || boards[0].Playoff != 1 || boards[0].Step != engine.TieBlitz {
		t.Fatalf("round %d: games %+v, boards %+v; want one blitz board of the play-off", r, rd.Games, boards)
	}
	base := s.st.TeamEvent()
	if g := rd.Games[0]; g.Red != base.Teams[1].Members[0] || g.Black != base.Teams[2].Members[0] {
		t.Fatalf("the play-off board %+v, want T2's first board red against T3's", g)
	}
	s.do(&action.ResultSet{Round: r, Board: rd.Games[0].Board, Result: engine.BlackWin})
	pg := s.st.Progress()
	if got := ids(pg.Stages[0].Fields[1].Ranking())[:2]; !slices.Equal(got, []int{3, 2}) {
		t.Errorf("group 2 ranks %v first, want T3 then T2 after the play-off", got)
	}
	if len(pg.Stages) != 2 {
		t.Errorf("%d stages drawn after the play-off, want the knockout", len(pg.Stages))
	}
}

// TestTeamGroupsThenPlaces_R_F_7: six teams in two groups of three (snake:
// T1 T4 T5 and T2 T3 T6), then finals by place (seed 000 范文三: "两个小组的
// 第一名争夺冠亚军，两个小组的第二名争夺季军"): the groups' k-ths meet for
// places 2k−1 and 2k, each a team match. Every match goes to the lower
// number, so the ranking is T1 … T6 — T3 above T4 by their final.
func TestTeamGroupsThenPlaces_R_F_7(t *testing.T) {
	plan := action.NewPlan(action.GroupsStage)
	plan.Stages = []action.StagePlan{{Kind: action.GroupsStage, Groups: 2, Advance: 3}, {Kind: action.PlacesStage}}
	s := teamKnockout(t, 6, plan)
	for s.teamRound() {
		s.boardsAs(lower)
	}
	rank := s.st.Progress().Ranking(s.st.Stages.Plan)
	if got := ids(rank); !slices.Equal(got, []int{1, 2, 3, 4, 5, 6}) {
		t.Fatalf("ranking %v, want T1 … T6", rank)
	}
	for i, p := range rank {
		if p.Place != i+1 || p.Shared {
			t.Fatalf("ranking %+v: want places 1 to 6, none shared", rank)
		}
	}
}

// BenchmarkTeamGroupsProgress measures where a team event of 32 teams of
// four boards in 8 groups of four, the top two on to a knockout, stands
// once played out (48 group matches and 15 knockout matches, 252 games):
// what /bracket, each board's result and each announcement ask.
func BenchmarkTeamGroupsProgress(b *testing.B) {
	plan := action.NewPlan(action.GroupsStage)
	plan.Stages[0].Groups = 8
	s := teamKnockout(b, 32, plan)
	for s.teamRound() {
		s.boardsAs(lower)
	}
	b.ReportAllocs()
	for b.Loop() {
		if pg := s.st.Progress(); !pg.Over(s.st.Stages.Plan) {
			b.Fatal("not over")
		}
	}
}
