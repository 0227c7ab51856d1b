package commands

import (
	"strings"
	"testing"
)

// lacks fails t when got contains any of words.
func lacks(t *testing.T, got string, words ...string) {
	t.Helper()
	for _, w := range words {
		if strings.Contains(got, w) {
			t.Errorf("reply %q contains %q", got, w)
		}
	}
}

// /event set lists only the settings a staged event's plan plays by: a
// knockout's matches know no Swiss pairing, scoring or tiebreaks (R-F-4,
// R-F-5); groups score their games (R-F-3); a Swiss stage pairs and ranks
// by the Swiss's rules (R-F-6). A Swiss lists every one.
func TestStagedSettingsApply_R_F_4(t *testing.T) {
	swissOnly := []string{"首轮编排 =", "分区 =", "首轮先后手 =", "同单位回避 =", "名次规则 =", "计数 ="}
	fieldOnly := []string{"计分 =", "轮空分 ="}
	h := newHarness(t)
	must(t, h.say("org", "/event new 春季赛"), "已创建")
	must(t, h.say("org", "/event set"), append(append([]string{"轮数 ="}, swissOnly...), fieldOnly...)...)

	must(t, h.say("org", "/event set format 淘汰赛"), "赛制 = 淘汰赛")
	list := h.say("org", "/event set")
	must(t, list, "赛制 = 淘汰赛", "序号 =", "用时 =", "局制 =", "加赛规则 =")
	lacks(t, list, append(append([]string{"轮数 ="}, swissOnly...), fieldOnly...)...)
	must(t, h.say("org", "/event set 分区 单双"), "分区 只用于积分编排阶段，这场比赛（淘汰赛）没有", "/event set stages 淘汰 1 > 积分 5")
	must(t, h.say("org", "/event set 计分 3/1/0"), "计分 只用于分组循环、积分编排和循环赛阶段，这场比赛（淘汰赛）没有")
	must(t, h.say("org", "/event set rounds 5"), "轮数由阶段决定")
	must(t, h.sendAs("org", "en", "/event set tiebreaks wins").Text, "tiebreaks is a rule of a Swiss stage, and this event (knockout) has none")
	must(t, h.sendAs("org", "en", "/event set scoring 3/1/0").Text, "scoring is a rule of groups, Swiss and round-robin stages, and this event (knockout) has none")

	must(t, h.say("org", "/event set stages 分组 2 前2 > 淘汰"), "已设置")
	list = h.say("org", "/event set")
	must(t, list, fieldOnly...)
	lacks(t, list, swissOnly...)
	must(t, h.say("org", "/event set 计分 3/1/0"), "已设置：计分 = 3/1/0")

	must(t, h.say("org", "/event set stages 淘汰 1 > 积分 5"), "已设置")
	must(t, h.say("org", "/event set"), append(swissOnly, fieldOnly...)...)
	must(t, h.say("org", "/event set 首轮编排 临近"), "已设置：首轮编排 = 临近")
	if got := h.state().Event.Settings.FirstRound.Chinese(); got != "临近" {
		t.Errorf("first round %s, want 临近", got)
	}
}

// R-F-3: winner v runner-up with one going on a group is refused saying
// what to type instead, and the commands it names work.
func TestGroupDrawRefusalSaysWhatToType_R_F_3(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("org", "/event new 校赛 groups"), "已创建")
	must(t, h.say("org", "/event set stages 分组 12 前1 > 淘汰"), "胜者对次名要每组至少出线 2 人", "/event set 出线对阵 对半", "/event set 出线 2")
	must(t, h.say("org", "/event set 出线 1"), "/event set 出线对阵 对半")
	must(t, h.sendAs("org", "en", "/event set advance 1").Text, "type /event set group-draw halves first", "/event set advance 2")
	must(t, h.sendAs("org", "en", "/event set group-draw halves").Text, "group-draw = halves")
	must(t, h.sendAs("org", "en", "/event set stages groups 12 top 1 > knockout").Text, "stages = groups 12 top 1 > knockout")
}

// A team event's matches are scored by 场分 and 局分 and ranked by the
// team tiebreaks (R-T-4, R-T-5): /event set leaves out the individual
// game's scoring, bye and tiebreaks, and refuses them pointing at the team
// settings; under 队员总分制 (R-T-6) the players play an individual event
// and they apply again.
func TestTeamSettingsApply_R_T_4(t *testing.T) {
	individual := []string{"\n计分 =", "\n轮空分 =", "\n名次规则 ="} // a line of its own: 团体名次规则 is the team's
	h := newHarness(t)
	must(t, h.say("org", "/event new 团体赛 团体赛"), "已创建团体赛")
	list := h.say("org", "/event set")
	must(t, list, "场分 =", "局分 =", "团体名次规则 =", "首轮编排 =")
	lacks(t, list, individual...)
	must(t, h.say("org", "/event set 计分 3/1/0"), "团体赛不用 计分", "/event set 场分 3,1,0")
	must(t, h.sendAs("org", "en", "/event set tiebreaks wins").Text, "A team event does not use tiebreaks", "/event set team-tiebreaks")

	must(t, h.say("org", "/event set 台次 队员总分制"), "已设置")
	must(t, h.say("org", "/event set"), individual...)
	must(t, h.say("org", "/event set 计分 3/1/0"), "已设置：计分 = 3/1/0")
}
