package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// The school's mixed event (seed 003: "本次比赛采用全校学生一起混合比赛…
// 全校就分男子组和女子组2组"): one Swiss of boys and girls, a ranking each
// for 男子组 and 女子组 beside the overall one (R-T-10), prizes overall
// and per category (R-T-8), the classes' 团体总分 of place points
// (R-T-11), and a pupil who won round 1 and left cancelled for prizes and
// totals by the minimum of games (R-T-12, seed 000: "参赛局数未达到5局者，
// 取消该队员比赛成绩" — here 2 of 3 rounds, a bye being no game).

// pupils are the school's pupils: console user, name, class, category.
var pupils = []struct{ user, name, class, cat string }{
	{"ming", "王明", "一班", "男子"}, {"na", "李娜", "二班", "女子"}, {"lei", "赵雷", "三班", ""},
	{"fang", "陈芳", "一班", "女子"}, {"qiang", "刘强", "二班", "男子"}, {"li", "孙丽", "三班", "女子"},
	{"jun", "周军", "一班", "男子"}, {"hong", "吴红", "二班", "女子"},
}

// joinPupils has the pupils join, each in their class and category.
func joinPupils(t *testing.T, s *script) {
	t.Helper()
	for _, p := range pupils {
		line := "/join " + p.name + " " + p.class
		if p.cat != "" {
			line += " " + p.cat
		}
		must(t, s.say(p.user, line), "报名成功")
	}
}

// TestScenarioCategories_R_T_10 plays the mixed event from the chat and
// checks its final rankings: each category's is the overall order among
// its pupils, the prizes pass over the pupil with too few games, and the
// classes' totals add their pupils' place points.
func TestScenarioCategories_R_T_10(t *testing.T) {
	s := newScript(t)
	s.heading("筹备")
	must(t, s.say("org", "/event new 校园象棋赛 rounds 3"), "已创建比赛「校园象棋赛」")
	s.pinSeed(3)
	must(t, s.say("org", "/event set seeding entered"), "报名顺序")
	must(t, s.say("org", "/event set 组别 男子,女子"), "组别 = 男子（0 人）、女子（0 人）")
	must(t, s.say("org", "/signup open"), "报名已开放")
	joinPupils(t, s)
	must(t, s.say("org", "/join 某人 四班 教师"), "本赛没有「教师」组别", "男子、女子")
	must(t, s.say("org", "/category 赵雷 男子"), "已设定 赵雷 的组别：男子")
	must(t, s.say("org", "/event set prizes 3"), "总排名前 3 名")
	must(t, s.say("org", "/event set 奖项 男子 2"), "男子前 2 名")
	must(t, s.say("org", "/event set prizes 女子 前2名"), "女子前 2 名")
	must(t, s.say("org", "/event set 名次分 10，7，5，4，3，2，1"), "10,7,5,4,3,2,1")
	must(t, s.say("org", "/event set 最少局数 2"), "2 局（全部）")
	must(t, s.say("org", "/category"), "男子（4 人，前 2 名获奖）、女子（4 人，前 2 名获奖）")
	must(t, s.say("org", "/players"), "组别")
	must(t, s.say("org", "/start"), "开赛！")

	for round := 1; round <= 3; round++ {
		s.heading(fmt.Sprintf("第 %d 轮", round))
		must(t, s.say("org", "/pair"), fmt.Sprintf("第%d轮编排预览", round))
		must(t, s.publishes("org", "/publish"), fmt.Sprintf("第%d轮对阵", round))
		st := s.state()
		for _, g := range st.Event.Rounds[round-1].Games {
			if g.Result.Decided() {
				continue // 陈芳's forfeits (R-W-3)
			}
			res := "1-0"
			if g.Black < g.Red {
				res = "0-1"
			}
			s.say("org", fmt.Sprintf("/result %d %s", g.Board, res))
		}
		if round == 1 {
			must(t, s.say("org", "/withdraw 陈芳"), "退赛")
		}
	}
	s.heading("排名")
	must(t, s.say("na", "/standings"), "组别排名：/standings 男子、/standings 女子", "团体总分（名次分）")
	must(t, s.say("na", "/standings 女子"), "女子组排名")
	must(t, s.say("na", "/standings 教师"), "本赛没有「教师」组别")
	must(t, s.say("org", "/finish"), "结束")
	must(t, strings.Join(s.announced("group"), "\n"), "获奖名单")
	s.golden("categories.txt")

	// The final rankings, from the event as it ended.
	st := s.state()
	e := sheetOf(st)
	overall := e.Overall()
	for _, cat := range []string{"男子", "女子"} {
		var want []string
		for _, p := range overall {
			if pl, _ := st.Event.Player(p.Entrant); pl.In(cat) {
				want = append(want, pl.Name)
			}
		}
		var got []string
		for _, r := range sheet.CategoryStandings(e, cat, i18n.Zh).Rows {
			got = append(got, r[2].Text)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s's ranking %v, want the overall order among its pupils %v", cat, got, want)
		}
	}
	wu := 0
	for _, p := range st.Event.Players {
		if p.Name == "陈芳" {
			wu = p.ID
		}
	}
	if h := st.Histories(); engine.GamesPlayed(h[wu]) != 1 {
		t.Fatalf("陈芳 played %d games, want 1", engine.GamesPlayed(h[wu]))
	}
	if i := slices.IndexFunc(overall, func(p engine.Placing) bool { return p.Entrant == wu }); i >= 7 {
		t.Fatalf("陈芳 placed %d: the test wants her points cancelled", i+1)
	}
	for _, r := range sheet.Prizes(e, i18n.Zh).Rows {
		if r[2].Text == "陈芳" {
			t.Errorf("陈芳 has a prize (%v) with one game of three (R-T-12)", r)
		}
	}
	// Everybody's place is unshared after /finish (lots, R-T-8): the
	// points of the first seven places, less those of the pupils with
	// fewer than two games, are the classes'.
	table := []float64{10, 7, 5, 4, 3, 2, 1}
	want := 0.0
	for i, p := range overall[:len(table)] {
		if engine.GamesPlayed(st.Histories()[p.Entrant]) >= 2 {
			want += table[i]
		}
	}
	got := 0.0
	for _, r := range sheet.PlacePoints(e, i18n.Zh).Rows {
		var v float64
		fmt.Sscan(r[2].Text, &v)
		got += v
	}
	if got != want || want == 32 {
		t.Errorf("the classes' totals add up to %v, want %v (32 less a cancelled pupil's)", got, want)
	}
}
