package commands

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// A club's season from one roster (R-E-4, R-R-1..5, R-T-11): the list
// imported, a Swiss from the roster numbered by the club rating, a
// knockout from the Swiss's players seeded by the ratings the Swiss left,
// a team event of pairs; the rating list after each, a player's history,
// what a game is worth in the private round note, and the season's
// standings by place points and rating gained.

// clubList is the list the organiser pastes: 刘强 and 周军 unrated.
const clubList = `/rating import
姓名,等级分,单位
张伟,1850,一中
李娜,1720,二中
王五,1680,一中
赵六,1600,二中
陈芳,1550,三中
刘强,,三中
孙丽,1500,一中
周军,,二中`

// playClubRound pairs and publishes the current round and enters each
// board's result by the arbiter: the lower number wins, but for the boards
// upsets names, which the higher number wins, and draws, drawn.
func playClubRound(t *testing.T, s *script, round int, upsets, draws []int) {
	t.Helper()
	must(t, s.say("org", "/pair"), "预览")
	must(t, s.say("org", "/publish"), fmt.Sprintf("第 %d 轮已公布", round)) // the round itself is the group's live message
	st := s.state()
	for _, g := range st.Event.Rounds[len(st.Event.Rounds)-1].Games {
		if g.Result.Decided() {
			continue // a bye
		}
		code := lowerWins(g)
		switch {
		case contains(draws, g.Board):
			code = "1/2"
		case contains(upsets, g.Board):
			code = map[string]string{"1-0": "0-1", "0-1": "1-0"}[code]
		}
		must(t, s.say("org", fmt.Sprintf("/result %d %s", g.Board, code)), fmt.Sprintf("第 %d 轮", round))
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// sequence are the event's players' names by number.
func sequence(st *action.State) []string {
	var out []string
	for _, p := range st.Event.Players {
		out = append(out, p.Name)
	}
	return out
}

func TestScenarioClubSeason_R_R_1(t *testing.T) {
	s := newScript(t)

	s.heading("名册和等级分榜")
	must(t, s.say("org", "/event new 春季赛 rounds 3"), "已创建比赛「春季赛」")
	must(t, s.say("org", clubList), "已导入 8 行：设定了 6 个等级分，名册新增 8 人")
	must(t, s.say("org", "/rating import\n张伟,1900\n李娜,abc"), "第 2 行读不出名字或等级分", "整张名单都没有导入")
	must(t, s.say("org", "/rating import 钱七,1600"), "已导入 1 行：设定了 1 个等级分，名册新增 1 人")
	must(t, s.say("org", "/roster remove 钱七"), "")
	must(t, s.say("org", "/roster link 张伟 @zw"), "已关联")
	must(t, s.say("zw", "/roster 一中"), "张伟", "王五", "孙丽")
	must(t, s.say("zw", "/rating"), "张伟", "1850")

	s.heading("春季赛：积分编排，按俱乐部等级分编号")
	s.pinSeedOf("春季赛", 3)
	for _, name := range []string{"周军", "孙丽", "刘强", "陈芳", "赵六", "王五", "李娜", "张伟"} {
		must(t, s.say("org", "/player add "+name), name, "来自名册")
	}
	must(t, s.say("org", "/event set numbering club"), "已设置")
	must(t, s.say("org", "/start"), "开赛！")
	st := s.state()
	// By rating, the unrated last (R-R-5); 陈芳 and 赵六 swap halves to
	// keep 一中's three apart (R-SW-2).
	if got := strings.Join(sequence(st), " "); !strings.HasPrefix(got, "张伟 李娜 王五 陈芳 赵六 孙丽") {
		t.Errorf("the Swiss's numbers by club rating (R-R-5): %s", got)
	}
	playClubRound(t, s, 1, []int{2}, nil)
	// 张伟 1850 v 赵六 1600: We = 1/(1+10^(-250/400)) = 0.808, K 30:
	// a win +5.75, a draw −9.25, a loss −24.25 (R-R-2).
	must(t, s.out.String(), "[dm zw] 第 1 轮：你在第 1 台执红（先走），对手 5 号 赵六（0 分）。\n  等级分：胜 +6 / 和 -9 / 负 -24")
	playClubRound(t, s, 2, nil, []int{1})
	playClubRound(t, s, 3, []int{3}, nil)
	must(t, s.say("org", "/finish"), "结束", "等级分变化（R-R-2）")
	must(t, s.say("zw", "/rating"), "张伟")
	must(t, s.say("zw", "/rating 张伟"), "春季赛")

	s.heading("夏季杯：淘汰赛，按春季赛后的等级分排种子")
	s.later(90 * 24 * time.Hour)
	must(t, s.say("org", "/event new 夏季杯 淘汰赛 from #春季赛"), "8 名选手")
	s.pinSeedOf("夏季杯", 5)
	must(t, s.say("org", "/event set numbering club"), "已设置")
	must(t, s.say("org", "/start"), "开赛！")
	ko := s.state()
	for i, p := range ko.Event.Players[1:] {
		if prev := ko.Event.Players[i]; p.Rating > prev.Rating || p.Rating == 0 {
			t.Errorf("the knockout's seeds by the ratings the Swiss left (R-R-5): %s %d after %s %d", p.Name, p.Rating, prev.Name, prev.Rating)
		}
	}
	for round := 1; ; round++ {
		st := s.state()
		if st.Progress().Over(st.Stages.Plan) {
			break
		}
		playClubRound(t, s, round, []int{1}, nil)
	}
	must(t, s.say("org", "/finish"), "结束", "等级分变化（R-R-2）")

	s.heading("秋季团体赛：两人一队")
	s.later(90 * 24 * time.Hour)
	must(t, s.say("org", "/event new 秋季团体赛 团体赛 roundrobin from roster"), "已从名册录入 8 名选手")
	s.pinSeedOf("秋季团体赛", 7)
	must(t, s.say("org", "/event set boards 2"), "台数 = 2")
	for _, team := range [][3]string{{"甲队", "张伟", "孙丽"}, {"乙队", "李娜", "周军"}, {"丙队", "王五", "陈芳"}, {"丁队", "赵六", "刘强"}} {
		must(t, s.say("org", "/team new "+team[0]), "已注册队伍")
		must(t, s.say("org", "/team add "+team[0]+" "+team[1]+" "+team[2]), "加入")
	}
	must(t, s.say("org", "/start"), "开赛！")
	for round := 1; round <= 3; round++ {
		must(t, s.say("org", "/pair"), "预览")
		must(t, s.say("org", "/publish"), "对阵")
		st := s.state()
		for _, g := range st.Event.Rounds[round-1].Games {
			code := lowerWins(g)
			if g.Board == 2 {
				code = "1/2"
			}
			must(t, s.say("org", fmt.Sprintf("/result %d %s", g.Board, code)), fmt.Sprintf("第 %d 轮", round))
		}
	}
	must(t, s.say("org", "/finish"), "结束", "等级分变化（R-R-2）")

	s.heading("赛季")
	must(t, s.say("zw", "/rating"), "等级分榜（8 人")
	// The season's events are all 张伟 has played: what he gained over
	// them is his rating now less the 1850 he was set.
	must(t, s.say("zw", "/rating 张伟"), "张伟 的等级分：1863（7 局）", "设定", "1850", "春季赛", "夏季杯", "秋季团体赛")
	year := s.say("zw", "/season")
	must(t, year, "2026 年赛季：3 场比赛（春季赛、夏季杯、秋季团体赛）")
	// 孙丽 and 张伟 both 20 (孙丽 won the knockout, 张伟 the Swiss, both
	// 甲队 the team event, 10 each): 孙丽 first on the rating gained.
	rows := seasonRows(year)
	if len(rows) != 8 || rows[0][1] != "孙丽" || rows[0][3] != "20" || rows[1][1] != "张伟" || rows[1][3] != "20" || rows[1][4] != "+13" {
		t.Errorf("the season's rows %v: want 孙丽 then 张伟 on 20, 张伟 +13 (1863 − 1850)", rows)
	}
	must(t, s.say("zw", "/season new 2026赛季 #春季赛"), "只有这个群（俱乐部）的组织者可以设置赛季")
	must(t, s.say("org", "/season new 2026赛季 #春季赛 #夏季杯 #秋季团体赛"), "已设定赛季「2026赛季」：春季赛、夏季杯、秋季团体赛")
	must(t, s.say("org", "/season new 上半年 #春季赛 #冬季赛"), "没有叫「冬季赛」的比赛")
	must(t, s.say("zw", "/season 2026赛季"), "赛季「2026赛季」：3 场比赛")
	must(t, s.say("zw", "/season 2025"), "2025 年赛季还没有结束的比赛")
	must(t, s.say("zw", "/season 秋季"), "没有叫「秋季」的赛季。已有：2026赛季")
	must(t, s.say("org", "/season points 10,7,8"), "后面的不多于前面的")
	must(t, s.say("org", "/season points 10,8,6,5,4,3,2,1"), "10,8,6,5,4,3,2,1")
	// Shared places split their points: the knockout's 5th to 8th share
	// (4+3+2+1)/4 = 2.5.
	rows = seasonRows(s.say("zw", "/season 2026赛季"))
	if len(rows) != 8 || rows[1][1] != "张伟" || rows[1][3] != "22.5" {
		t.Errorf("the season's rows %v: want 张伟 second on 22.5", rows)
	}
	if r := s.run("zw", "zh", "/season csv 2026赛季", false); r.File == nil || !strings.Contains(string(r.File.Data), "1,孙丽,3,24,") {
		t.Errorf("/season csv: %q, file %v; want 孙丽's row", r.Text, r.File)
	} else {
		s.note("the reply's file: %s", r.File.Name)
	}
	s.golden("club_season.txt")
}

// seasonRows are the rows of /season's table, split into fields.
func seasonRows(text string) [][]string {
	var rows [][]string
	for _, l := range strings.Split(chat.Plain(text), "\n") {
		if f := strings.Fields(l); len(f) == 5 && f[0] != "名次" {
			rows = append(rows, f)
		}
	}
	return rows
}

// later moves the clock on by d with nothing running: the months between
// a club's events.
func (s *script) later(d time.Duration) {
	s.now = s.now.Add(d)
	s.note("clock +%s: %s", d, s.now.Format("2006-01-02"))
}
