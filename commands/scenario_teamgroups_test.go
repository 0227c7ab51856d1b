package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The team groups scenario (§11.3, R-F-3, R-F-6, R-T-4, R-T-8): eight
// teams of four boards under 分台定人 in two groups of four, the top two of
// each on to a knockout, played from the chat. The teams are seeded as
// entered and dealt in a snake: group 1 is 红星, 长城, 黄河, 泰山; group 2
// 东方, 昆仑, 长江, 华山. Each group's matches go to the team entered
// first on every board, but in group 2 东方 and 昆仑 draw every board of
// theirs and both beat the others, so they are level on 场分, 局分, 胜局
// and 直胜 for the group's first place: the organiser is offered a play-off
// or lots (R-T-8), chooses the play-off, and the team chain's blitz board
// (快棋, the two teams' first boards) is round 4 alone; 昆仑's 李来群 wins
// it, so 昆仑 heads the group. In the semi-finals (each group's winner
// against the other's runner-up) 红星's match is level in game points and
// boards won, and its top board decides it (台次, the team chain); 红星
// wins the final. The final ranking is provisional until the last match is
// played (R-F-6), then 红星 first, the final's loser second, the
// semi-finals' losers sharing 3rd and the groups' others sharing 5th.

// groupTeams are the eight teams: each captain (a console user who joins
// and plays board 1) and the three others the organiser enters.
var groupTeams = []struct {
	captain, player, team string
}{
	{"hu", "胡荣华", "红星"},
	{"liu", "柳大华", "东方"},
	{"li", "李来群", "昆仑"},
	{"xu", "徐天红", "长城"},
	{"lv", "吕钦", "黄河"},
	{"zhao", "赵国荣", "长江"},
	{"xie", "谢靖", "华山"},
	{"wang", "王天一", "泰山"},
}

// TestScenarioTeamGroups8 plays the eight teams' groups and knockout.
func TestScenarioTeamGroups8(t *testing.T) {
	s, started := teamGroups8(t)
	must(t, started, "开赛！", "1 红星", "8 泰山")
	must(t, s.say("hu", "/bracket"), "第 1 组", "红星")

	// Group 1 goes to the team entered first; group 2 too, but 东方 and
	// 昆仑 draw.
	first := func(a, b string) string {
		if a == "东方" && b == "昆仑" || a == "昆仑" && b == "东方" {
			return "DDDD"
		}
		if slices.IndexFunc(groupTeams, func(x struct{ captain, player, team string }) bool { return x.team == a }) <
			slices.IndexFunc(groupTeams, func(x struct{ captain, player, team string }) bool { return x.team == b }) {
			return "WWWW"
		}
		return "LLLL"
	}
	for round := 1; round <= 3; round++ {
		said := s.playGroupRound(round, first)
		if round == 3 {
			must(t, said, "第 2 组第 1 名并列：东方、昆仑。按名次加赛规则（快棋，抽签，R-T-8），由组织者选择加赛或抽签。")
		}
		if round == 2 {
			must(t, s.say("hu", "/standings"), "进行中（第 1 阶段）", "名次 队名 场分 局分", "1 红星    4   16", "1= 东方    3   12")
		}
	}
	must(t, s.say("org", "/pair"), "第 2 组第 1 名并列（东方、昆仑），等组织者选择加赛或抽签（R-T-8）")
	must(t, s.say("org", "/playoff 加赛"), "第 2 组第 1 名加赛：东方、昆仑")

	s.heading("第 4 轮（第 2 组加赛）")
	must(t, s.say("org", "/pair"), "第4轮编排预览", "第 2 组第 1 名并列加赛（快棋）：东方 — 昆仑")
	s.publishes("org", "/publish")
	st := s.state()
	if games := st.Event.Rounds[3].Games; len(games) != 1 || games[0].Red != s.playerOf("liu") || games[0].Black != s.playerOf("li") {
		t.Fatalf("the play-off %+v, want 柳大华 red against 李来群, the teams' first boards", games)
	}
	must(t, s.say("org", "/result 1 0-1"), "第 2 组第 1 名并列由加赛结果排定（R-T-8）：昆仑 第 1 名，东方 第 2 名。", "第 1 阶段结束，第 2 阶段（淘汰）开始：4 队")
	must(t, s.say("hu", "/bracket"), "1 昆仑    5   20", "2 东方    5   20", "M1 红星 对 东方", "M2 昆仑 对 长城")
	must(t, s.say("hu", "/standings"), "仍在比赛（4 队）", "第 1 阶段未晋级：黄河、长江、华山、泰山")
	must(t, s.say("hu", "/crosstable"), "第 1 阶段 第 1 组 团体成绩表", "第 1 阶段 第 2 组 团体成绩表")

	s.heading("第 5 轮（半决赛）")
	must(t, s.say("org", "/pair"), "第5轮编排预览")
	s.publishes("org", "/publish")
	must(t, s.playRound(5, s.plansOf(5, func(a, b string) string {
		switch {
		case a == "红星":
			return "WLDD"
		case b == "红星":
			return "LWDD"
		}
		return first(a, b)
	})), "局分 4:4（胜台 1:1），平", "M1：红星 按台次胜出。", "M2：昆仑 胜出。")
	must(t, s.say("hu", "/standings"), "仍在比赛（2 队）：红星、昆仑", "淘汰：东方、长城")

	s.heading("第 6 轮（决赛）")
	must(t, s.say("org", "/pair"), "第6轮编排预览")
	s.publishes("org", "/publish")
	must(t, s.playRound(6, s.plansOf(6, first)), "M3：红星 胜出。", "最终名次")

	s.heading("结束")
	must(t, s.say("org", "/finish"), "「团体联赛」结束！")
	rows := finalRows(t, strings.Join(s.announced("group"), "\n"))
	want := [][]string{{"1", "红星"}, {"2", "昆仑"}, {"3=", "东方"}, {"3=", "长城"}, {"5=", "黄河"}, {"5=", "长江"}, {"5=", "华山"}, {"5=", "泰山"}}
	if !slices.EqualFunc(rows, want, slices.Equal) {
		t.Errorf("the final ranking %v, want %v", rows, want)
	}
	s.golden("teams_groups8.txt")
}

// teamGroups8 sets up the eight teams of four boards under 分台定人 in two
// groups of four, the top two of each on to a knockout, seeded as entered,
// and starts the event: the script and the reply to /start.
func teamGroups8(t *testing.T) (*script, string) {
	s := newScript(t)
	s.heading("筹备")
	must(t, s.say("org", "/event new 团体联赛 团体赛 分组循环"), "已创建团体赛「团体联赛」")
	s.pinSeed(5)
	must(t, s.say("org", "/event set boards 4"), "台数 = 4")
	must(t, s.say("org", "/event set stages 分组 2 前2 > 淘汰赛"), "分组")
	must(t, s.say("org", "/event set seeding entered"), "报名顺序")
	s.say("org", "/signup open")
	for _, f := range groupTeams {
		must(t, s.say(f.captain, "/join "+f.player), "报名成功")
		must(t, s.say(f.captain, "/team new "+f.team), "你是队长")
		var others []string
		for k := 2; k <= 4; k++ {
			others = append(others, fmt.Sprintf("%s%d", f.team, k))
		}
		must(t, s.say("org", "/team add "+f.team+" "+strings.Join(others, " ")), "加入")
	}
	return s, s.say("org", "/start")
}

// playGroupRound pairs, publishes and plays a round of the groups, each
// match by plan(first, second); it returns what was said of the results.
func (s *script) playGroupRound(round int, plan func(first, second string) string) string {
	t := s.t
	t.Helper()
	s.heading(fmt.Sprintf("第 %d 轮（分组循环）", round))
	must(t, s.say("org", "/pair"), fmt.Sprintf("第%d轮编排预览", round))
	must(t, s.publishes("org", "/publish"), fmt.Sprintf("第%d轮对阵", round))
	return s.playRound(round, s.plansOf(round, plan))
}

// plansOf are plans for every match of round, by plan(first, second).
func (s *script) plansOf(round int, plan func(first, second string) string) map[[2]string]string {
	st := s.state()
	out := map[[2]string]string{}
	for _, m := range st.Teams.Rounds[round-1].Matches {
		a, b := teamName(st, m.First), teamName(st, m.Second)
		out[[2]string{a, b}] = plan(a, b)
	}
	return out
}
