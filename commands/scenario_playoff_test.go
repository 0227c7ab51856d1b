package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qisai/qisai/engine"
)

// The play-offs of R-T-8 from the chat (seed 000 范文三: "每个小组根据积分产
// 生2名棋手晋级决赛。若出现平局现象，双方选择加赛一局或以抽签方式分出胜负").

// TestScenarioPlayoffInGroups_R_T_8: two groups of four, the top two of
// each into finals by place (R-F-7). In group 1, 4 and 5 draw each other
// and beat 8, level for its second place on every tiebreak: the group's
// end tells the chat and offers the organiser a play-off (快棋, then lots);
// /pair waits for the choice, then pairs the play-off as a game of the
// next round, reported like any game; it is drawn, and lots settle it.
// The finals then hold the lots' winner, and the event's final ranking
// places the group's third below the finals' players.
func TestScenarioPlayoffInGroups_R_T_8(t *testing.T) {
	s := newScript(t)
	s.heading("筹备")
	must(t, s.say("org", "/event new 职工赛 分组循环"), "已创建")
	s.pinSeed(5)
	must(t, s.say("org", "/event set seeding entered"), "报名顺序")
	must(t, s.say("org", "/event set stages 分组 2 前2 > 同名次决赛"), "同名次决赛")
	must(t, s.say("org", "/event set 名次加赛 快棋，抽签"), "快棋，抽签")
	for i := 1; i <= 8; i++ {
		must(t, s.say("org", fmt.Sprintf("/player add P%d", i)), "P")
	}
	must(t, s.say("org", "/start"), "开赛")
	drawn := func(red, black int) bool { return min(red, black) == 4 && max(red, black) == 5 }
	for round := 1; round <= 3; round++ {
		s.heading(fmt.Sprintf("第 %d 轮", round))
		s.say("org", "/pair")
		s.say("org", "/publish")
		st := s.state()
		for _, b := range openBoards(st.Event.Rounds[round-1]) {
			g, _ := gameOn(&st.Event, round, b)
			res := "1-0"
			switch {
			case drawn(g.Red, g.Black):
				res = "1/2"
			case g.Black < g.Red:
				res = "0-1"
			}
			s.say("org", fmt.Sprintf("/result %d %s", b, res))
		}
	}
	must(t, strings.Join(s.announced("group"), "\n"), "第 1 组第 2 名并列：P4、P5", "由组织者选择加赛或抽签")
	must(t, strings.Join(s.announced("dm:org"), "\n"), "加赛（快棋，抽签）还是抽签？")
	s.heading("加赛")
	must(t, s.say("org", "/pair"), "第 1 组第 2 名并列（P4、P5），等组织者选择加赛或抽签（R-T-8）")
	must(t, s.say("org", "/playoff"), "第 1 组第 2 名并列：P4、P5")
	must(t, s.say("org", "/playoff 加赛"), "第 1 组第 2 名加赛：P4、P5，下一局由 /pair 编排")
	must(t, s.say("org", "/pair"), "第 1 组第 2 名加赛第 1 局", "名次加赛（R-T-8，快棋）")
	must(t, s.publishes("org", "/publish"), "第4轮对阵")
	must(t, s.say("org", "/result 1 和"), "第 1 组第 2 名并列由抽签排定（R-T-8）") // the blitz game drawn: lots
	st := s.state()
	pg := st.Progress()
	group1 := pg.Stages[0].Fields[0].Ranking()
	if group1[1].Shared || !slices.Contains([]int{4, 5}, group1[1].Entrant) {
		t.Fatalf("group 1's ranking %v: want its second place settled between 4 and 5", group1)
	}
	second, third := group1[1].Entrant, group1[2].Entrant
	if len(pg.Stages) != 2 || !slices.Contains(pg.Stages[1].Entrants, second) || slices.Contains(pg.Stages[1].Entrants, third) {
		t.Fatalf("the finals by place hold %v, want %d and not %d", pg.Stages[1].Entrants, second, third)
	}
	s.heading("同名次决赛")
	playStagesOut(t, s)
	must(t, s.say("org", "/finish"), "结束")
	s.golden("playoff-groups.txt")
	rank := s.state().Progress().Ranking(s.state().Stages.Plan)
	at := func(id int) int {
		return slices.IndexFunc(rank, func(p engine.Placing) bool { return p.Entrant == id })
	}
	if at(second) > 3 || at(third) < 4 {
		t.Errorf("final ranking %v: the play-off's winner %d is among the finals' four, its loser %d after them", rank, second, third)
	}
}

// TestScenarioPlayoffForChampion_R_T_8: a round robin of four whose first
// two drew each other and won every other game: the last round's end
// offers the organiser a play-off for the title (和棋黑胜); /finish waits
// for it; an arbiter enters the game; the standings and the final
// announcement rank by it.
func TestScenarioPlayoffForChampion_R_T_8(t *testing.T) {
	s := newScript(t)
	must(t, s.say("org", "/event new 教工循环赛 roundrobin"), "已创建")
	s.pinSeed(2)
	must(t, s.say("org", "/event set seeding entered"), "报名顺序")
	must(t, s.say("org", "/event set tiebreaks sb,wins"), "小分")
	must(t, s.say("org", "/event set playoff armageddon"), "和棋黑胜")
	for _, n := range []string{"甲", "乙", "丙", "丁"} {
		must(t, s.say("org", "/player add "+n), n)
	}
	must(t, s.say("org", "/start"), "开赛")
	for round := 1; round <= 3; round++ {
		s.say("org", "/pair")
		s.say("org", "/publish")
		st := s.state()
		for _, g := range st.Event.Rounds[round-1].Games {
			res := "1/2" // 甲–乙 and 丙–丁 draw; 甲 and 乙 beat 丙 and 丁
			switch {
			case g.Red <= 2 && g.Black > 2:
				res = "1-0"
			case g.Black <= 2 && g.Red > 2:
				res = "0-1"
			}
			s.say("org", fmt.Sprintf("/result %d %s", g.Board, res))
		}
	}
	must(t, strings.Join(s.announced("group"), "\n"), "第 1 名并列：甲、乙")
	must(t, s.say("org", "/finish"), "还有名次并列待决（R-T-8）")
	must(t, s.say("org", "/playoff 加赛"), "第 1 名加赛第 1 局（和棋黑胜）：红 甲 — 黑 乙")
	must(t, s.say("org", "/playoff 和"), "第 1 名加赛第 1 局：甲 1/2 乙", "并列由加赛结果排定（R-T-8）：乙 第 1 名，甲 第 2 名")
	must(t, s.say("org", "/playoff"), "没有待决的名次并列")
	must(t, s.say("org", "/finish"), "结束")
	s.golden("playoff-roundrobin.txt")
	if top := s.state().Standings()[0]; playerName(&s.state().Event, top.Player) != "乙" || top.Shared {
		t.Errorf("champion %+v, want 乙 (black drew the armageddon game)", top)
	}
}
