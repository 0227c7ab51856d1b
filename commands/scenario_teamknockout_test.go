package commands

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// The team knockout scenario (§11.1, R-F-4, R-F-5): four teams of three
// boards in a knockout under 分台定人, played from the chat: the teams'
// matches paired as the bracket's, reported board by board. Semi-final 1
// goes to 红星 on 局分; semi-final 2 is drawn on every board, so the
// chain's board rules (胜台数, 局分, 台次) leave it level and the next
// /pair plays a blitz board of the two teams' first boards alone, colours
// swapped (R-C-3); its winner 长城 meets 红星 in the final, which 长城
// wins by its top board with 局分 level.

// knockoutTeams are the teams: captain (a console user who joins and
// plays board 1), the captain's name, the team and the two others the
// organiser enters.
var knockoutTeams = []struct {
	captain, player, team string
	others                []string
}{
	{"hu", "胡荣华", "红星", []string{"红二", "红三"}},
	{"liu", "柳大华", "东方", []string{"东二", "东三"}},
	{"li", "李来群", "长城", []string{"长二", "长三"}},
	{"xu", "徐天红", "黄河", []string{"黄二", "黄三"}},
}

// enterKnockoutTeams opens the sign-up and enters the teams: each captain
// joins and registers the team, the organiser adds its two others.
func enterKnockoutTeams(t *testing.T, s *script) {
	t.Helper()
	s.say("org", "/signup open")
	for _, f := range knockoutTeams {
		must(t, s.say(f.captain, "/join "+f.player), "报名成功")
		must(t, s.say(f.captain, "/team new "+f.team), "你是队长")
		must(t, s.say("org", "/team add "+f.team+" "+strings.Join(f.others, " ")), "加入")
	}
}

// TestScenarioTeamKnockout4 plays the four teams' knockout to its ranking:
// 长城 champion, 红星 second, then the semi-finals' losers sharing 3rd.
func TestScenarioTeamKnockout4(t *testing.T) {
	s := newScript(t)
	s.heading("筹备")
	must(t, s.say("org", "/event new 团体杯 团体赛 淘汰赛"), "已创建团体赛「团体杯」（淘汰赛")
	s.pinSeed(3)
	must(t, s.say("org", "/event set boards 3"), "台数 = 3")
	must(t, s.say("org", "/event set seeding entered"), "报名顺序")
	must(t, s.say("org", "/event set match 三局两胜"), "团体淘汰赛不用 局制", "/event set 团体加赛")
	must(t, s.say("org", "/event set 团体加赛 台次,胜台,快棋"), "团体加赛 = 台次、胜台数、快棋")
	must(t, s.say("org", "/event set 团体加赛 胜台数,局分,台次,快棋,抽签"), "团体加赛 = 胜台数、局分、台次、快棋、抽签")
	must(t, s.say("org", "/event set 团体加赛 猜拳"), "可以用：胜台数,局分,台次,快棋,抽签")
	must(t, s.say("org", "/event set"), "团体赛设置", "团体加赛 = 胜台数、局分、台次、快棋、抽签")
	enterKnockoutTeams(t, s)
	must(t, s.say("org", "/start"), "开赛！", "1 红星", "4 黄河")
	must(t, s.say("hu", "/bracket"), "红星", "黄河")

	s.heading("第 1 轮（半决赛）")
	must(t, s.say("org", "/pair"), "第1轮编排预览（团体淘汰赛）", "M1", "M2")
	must(t, s.publishes("org", "/publish"), "第1轮对阵")
	must(t, s.say("hu", "/me"), "黄河", "第 1 台")
	must(t, s.say("org", "/category 胡荣华 女子"), "团体赛按队排名")
	must(t, s.playRound(1, map[[2]string]string{{"红星", "黄河"}: "WWD", {"东方", "长城"}: "DDD"}),
		"红星 — 黄河 局分 5:1", "M1：红星 胜出。", "局分 3:3（胜台 0:0），平", "M2 平局（胜台数、局分、台次 均相同）", "红 长城 — 黑 东方")

	s.heading("第 2 轮（快棋加赛）")
	must(t, s.say("org", "/pair"), "第2轮编排预览", "M2 快棋加赛")
	must(t, s.publishes("org", "/publish"), "快棋加赛")
	st := s.state()
	games := st.Event.Rounds[1].Games
	if len(games) != 1 || games[0].Red != s.playerOf("li") || games[0].Black != s.playerOf("liu") {
		t.Fatalf("the blitz board %+v, want 李来群 red against 柳大华 (R-C-3)", games)
	}
	must(t, s.say("li", "/report win"), "已报告")
	must(t, s.dm("liu", "/confirm"), "已确认")
	must(t, strings.Join(s.announced("group"), "\n"), "M2：长城 胜出。")

	s.heading("第 3 轮（决赛）")
	must(t, s.say("org", "/pair"), "第3轮编排预览", "红星", "长城")
	must(t, s.publishes("org", "/publish"), "第3轮对阵")
	must(t, s.playRound(3, map[[2]string]string{{"红星", "长城"}: "LWD", {"长城", "红星"}: "WLD"}), "局分 3:3（胜台 1:1）", "M3：长城 按台次胜出。", "最终名次", "名次 队名")

	s.heading("结束")
	must(t, s.say("org", "/finish"), "「团体杯」结束！")
	rows := finalRows(t, strings.Join(s.announced("group"), "\n"))
	if len(rows) < 2 || !slices.Equal(rows[0], []string{"1", "长城"}) || !slices.Equal(rows[1], []string{"2", "红星"}) {
		t.Errorf("the final ranking %v, want 长城 then 红星", rows)
	}
	// The bracket: each match's 局分, a level one's settlement.
	must(t, s.say("hu", "/bracket"), "M1 红星 5–1 黄河", "M3 红星 3–3 长城", "长城胜（台次）", "长城胜（快棋加赛）")
	must(t, s.say("hu", "/standings boards"), "第1台")
	// The year's season (R-T-11, 10,7,5,3): each player scores the team's
	// place; 东方 and 黄河 share 3rd and split 5 and 3.
	points := map[string]string{}
	for _, r := range seasonRows(s.say("hu", "/season")) {
		points[r[1]] = r[3]
	}
	want := map[string]string{"李来群": "10", "长二": "10", "长三": "10", "胡荣华": "7", "红二": "7", "红三": "7",
		"柳大华": "4", "东二": "4", "东三": "4", "徐天红": "4", "黄二": "4", "黄三": "4"}
	if !maps.Equal(points, want) {
		t.Errorf("the season's place points %v, want %v", points, want)
	}
	s.golden("teams_knockout4.txt")
	teamBracketViews(t, s) // stages_view_test.go
}

// playRound enters round's boards by plans, keyed by the match's teams in
// the order listed; an arbiter enters each board. It returns the replies
// and what the group saw of them: the round's message as it changed.
func (s *script) playRound(round int, plans map[[2]string]string) string {
	t := s.t
	t.Helper()
	st := s.state()
	var said []string
	for _, m := range st.Teams.Rounds[round-1].Matches {
		plan, ok := plans[[2]string{teamName(st, m.First), teamName(st, m.Second)}]
		if !ok {
			t.Fatalf("round %d: no plan for %s v %s", round, teamName(st, m.First), teamName(st, m.Second))
		}
		for b, r := range plan {
			board := st.Teams.Rules.Board(m.Number, b+1)
			_, k := st.Teams.Rules.MatchBoard(board)
			firstRed := k%2 == 1 // R-C-2
			code := "1/2"
			switch {
			case r == 'D':
			case (r == 'W') == firstRed:
				code = "1-0"
			default:
				code = "0-1"
			}
			reply := s.say("org", fmt.Sprintf("/result %d %s", board, code))
			recorded(t, reply)
			said = append(said, reply)
			said = append(said, s.announced(s.group.ID)...) // the round's message edited
		}
	}
	return strings.Join(said, "\n")
}
