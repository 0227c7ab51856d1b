package commands

import (
	"fmt"

	"slices"
	"testing"

	"github.com/qisai/qisai/action"
)

// TestFinalsByPlaceOfSeed000_R_F_3_R_F_7 runs seed 000's 范文三 from the
// chat: "将所有参赛人员分成5组，每个小组根据积分产生2名棋手晋级决赛 … 由晋级
// 的10名选手，分两个小组进行循环赛，每个小组积分的前两名进入决赛。第三轮比
// 赛为决赛，实行三局两胜制，半决赛两个小组的第一名争夺冠亚军，两个小组的第
// 二名争夺季军" — groups into more groups (R-F-3), then finals by place
// (R-F-7) of best of three. The final ranking's first two are the
// semi-final groups' winners, placed by their final; the next two the
// runners-up, placed by theirs.
func TestFinalsByPlaceOfSeed000_R_F_3_R_F_7(t *testing.T) {
	s := stagedScript(t, 20, "分组 5 前2 > 分组 2 前2 > 同名次决赛", "分组 5组 前2 > 分组 2组 前2 > 同名次决赛")
	must(t, s.say("org", "/event set match 三局两胜"), "三局两胜")
	must(t, s.say("org", "/start"), "开赛")
	playStagesOut(t, s)
	st := s.state()
	pg := st.Progress()
	semis := pg.Stages[1]
	if !pg.Over(st.Stages.Plan) || len(pg.Stages) != 3 {
		t.Fatalf("the event did not play its three stages out: %d stages", len(pg.Stages))
	}
	if len(semis.Entrants) != 10 || len(semis.Fields) != 2 {
		t.Fatalf("the semi-finals hold %d players in %d groups, want the 10 who went on in 2", len(semis.Entrants), len(semis.Fields))
	}
	finals := pg.Stages[2].Bracket
	if finals == nil || len(finals.Matches) != 2 {
		t.Fatalf("the finals by place are %+v, want two matches", pg.Stages[2])
	}
	rank := pg.Ranking(st.Stages.Plan)
	top := func(k int) []int {
		var ids []int
		for _, f := range semis.Fields {
			ids = append(ids, f.Ranking()[k].Entrant)
		}
		slices.Sort(ids)
		return ids
	}
	got := func(from, to int) []int {
		var ids []int
		for _, p := range rank[from:to] {
			ids = append(ids, p.Entrant)
		}
		slices.Sort(ids)
		return ids
	}
	if !slices.Equal(got(0, 2), top(0)) || !slices.Equal(got(2, 4), top(1)) {
		t.Errorf("places 1–2 %v and 3–4 %v, want the groups' winners %v and runners-up %v", got(0, 2), got(2, 4), top(0), top(1))
	}
	// The lower number wins every game: the final's lower number is champion.
	if w := top(0); rank[0].Entrant != w[0] || rank[0].Place != 1 || rank[1].Place != 2 {
		t.Errorf("champion %d (place %d), want %d", rank[0].Entrant, rank[0].Place, w[0])
	}
	must(t, s.say("org", "/bracket"), "第 3 阶段：同名次决赛", "争冠亚军", "争第3、4名", "第 1 阶段：分组")
	must(t, s.say("org", "/finish"), "结束")
}

// TestGroupsThenRoundRobin_R_F_3: the top two of each of two groups play a
// round robin of the four of them, whose ranking heads the event's; the
// others rank after them, as the groups left them.
func TestGroupsThenRoundRobin_R_F_3(t *testing.T) {
	s := stagedScript(t, 8, "分组 2 前2 > 循环", "分组 2组 前2 > 循环")
	must(t, s.say("org", "/start"), "开赛")
	playStagesOut(t, s)
	st := s.state()
	pg := st.Progress()
	groups, final := pg.Stages[0], pg.Stages[1]
	var went []int
	for _, f := range groups.Fields {
		for _, p := range f.Ranking()[:2] {
			went = append(went, p.Entrant)
		}
	}
	if got := slices.Sorted(slices.Values(final.Entrants)); !slices.Equal(got, slices.Sorted(slices.Values(went))) {
		t.Fatalf("the round robin holds %v, want the groups' top two %v", final.Entrants, went)
	}
	rank := pg.Ranking(st.Stages.Plan)
	for i, p := range final.Ranking() {
		if rank[i].Entrant != p.Entrant {
			t.Errorf("place %d is %d, want the round robin's %d", i+1, rank[i].Entrant, p.Entrant)
		}
	}
	if len(rank) != 8 {
		t.Errorf("%d ranked, want all 8", len(rank))
	}
}

// stagedScript is an event of n players with the stages typed as stages,
// which /event set shows as shown; not started.
func stagedScript(t *testing.T, n int, stages, shown string) *script {
	s := newScript(t)
	must(t, s.say("org", "/event new 职工赛 分组循环"), "已创建")
	s.pinSeed(3)
	must(t, s.say("org", "/event set stages "+stages), shown)
	for i := 1; i <= n; i++ {
		must(t, s.say("org", fmt.Sprintf("/player add P%d", i)), "P")
	}
	return s
}

// playStagesOut pairs, publishes and plays every round of a staged event
// until its stages are over, the lower number winning every game, and
// checks that /pair then says every match is played.
func playStagesOut(t *testing.T, s *script) {
	t.Helper()
	playStages(t, s, func(*action.State) bool { return false })
}

// playStages plays as playStagesOut does until done says the event has
// played far enough, or its stages are over.
func playStages(t *testing.T, s *script, done func(*action.State) bool) {
	t.Helper()
	for range 60 {
		if done(s.state()) {
			return
		}
		pair := s.say("org", "/pair")
		if st := s.state(); st.Progress().Over(st.Stages.Plan) {
			must(t, pair, "全部对局已赛完")
			return
		}
		s.say("org", "/publish")
		st := s.state()
		round := len(st.Event.Rounds)
		for _, b := range openBoards(st.Event.Rounds[round-1]) {
			g, _ := gameOn(&st.Event, round, b)
			res := "1-0"
			if g.Black < g.Red {
				res = "0-1"
			}
			s.say("org", fmt.Sprintf("/result %d %s", b, res))
		}
	}
	t.Fatal("the stages never ended")
}
