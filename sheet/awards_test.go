package sheet

import (
	"slices"
	"testing"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// awarded is small's event with categories (女子: Alice Wong and 赵鑫鑫;
// U12: 郑惟桐 and 许银川), two overall prizes and one a category, place
// points 10,7,5 by unit, and a minimum of one game for prizes and totals
// (R-T-8, R-T-10..12). The overall order is 王天一, 赵鑫鑫, 郑惟桐, Alice
// Wong, 许银川; 赵鑫鑫 has played no game yet (a bye, a game under way).
func awarded() Event {
	e := small(engine.Buchholz, engine.Wins)
	cats := map[int][]string{3: {"女子"}, 5: {"女子"}, 2: {"U12"}, 4: {"U12"}}
	for i := range e.Event.Players {
		e.Event.Players[i].Categories = cats[i+1]
	}
	e.Awards = Awards{
		Categories:  []Category{{Name: "女子", Prizes: 1}, {Name: "U12"}},
		Prizes:      2,
		PlacePoints: engine.PlaceTable{engine.Pts(10), engine.Pts(7), engine.Pts(5)},
		Minimum:     engine.Minimum{Games: 1, For: engine.AllRankings},
	}
	return e
}

// TestR_T_10_CategoryStandings: a category's ranking is the overall order
// among its players, placed anew, with the overall place beside; its prize
// passes over the player with too few games, who is marked (R-T-12).
func TestR_T_10_CategoryStandings(t *testing.T) {
	e := awarded()
	marked := "* 参赛不足 1 局，成绩不计入获奖和团体总分（R-T-12）。"
	check(t, "女子", CategoryStandings(e, "女子", i18n.Zh), want{
		title: "女子组排名",
		head:  []string{"名次", "总", "姓名", "单位", "积分", "对手分", "胜局", "奖"},
		rows: [][]string{
			{"1*", "2", "赵鑫鑫", "浙江", "2", "0", "0", ""},
			{"2", "4", "Alice Wong", "HK", "1", "4", "0", "1"},
		},
		footer: []string{"按总排名的先后排出本组名次（R-T-10）。", "名次依次比较：积分、对手分、胜局。", "本组前 1 名获奖。", marked},
	})
	check(t, "U12", CategoryStandings(e, "U12", i18n.En), want{
		title: "Ranking: U12",
		head:  []string{"#", "All", "Name", "Unit", "Pts", "BH", "Wins"},
		rows: [][]string{
			{"1", "3", "郑惟桐", "四川", "1", "5", "0"},
			{"2", "5", "许银川", "广东", "1", "1", "0"},
		},
		footer: []string{"The overall ranking's order among the category's players (R-T-10).", "Ranked by points, then BH (Buchholz), then wins."},
	})
	// Among the category's players, the score put 赵鑫鑫 first in 女子
	// and BH 郑惟桐 first in U12: a phone shows what decided.
	for name, want := range map[string][]string{"女子": {"名次", "姓名", "积分", "奖"}, "U12": {"#", "Name", "Pts", "BH"}} {
		lang := map[string]i18n.Lang{"女子": i18n.Zh, "U12": i18n.En}[name]
		if got := briefTitles(CategoryStandings(e, name, lang)); !slices.Equal(got, want) {
			t.Errorf("%s: brief columns %q, want %q", name, got, want)
		}
	}
	if got := CategoryStandings(e, "教师", i18n.Zh); len(got.Rows) != 0 {
		t.Errorf("a category nobody is in has rows %v", got.Rows)
	}
}

// TestR_T_8_Prizes: the overall ranking's two prizes and 女子's one, each
// passing over the players the minimum of games cancels (R-T-12).
func TestR_T_8_Prizes(t *testing.T) {
	check(t, "prizes", Prizes(awarded(), i18n.Zh), want{
		title: "获奖名单",
		head:  []string{"组别", "奖", "姓名", "单位", "总"},
		rows: [][]string{
			{"总排名", "1", "王天一", "杭州", "1"},
			{"总排名", "2", "郑惟桐", "四川", "3"},
			{"女子", "1", "Alice Wong", "HK", "4"},
		},
		footer: []string{"* 参赛不足 1 局，成绩不计入获奖和团体总分（R-T-12）。"},
	})
}

// TestR_T_11_PlacePoints: 10, 7 and 5 for the first three places by unit;
// 赵鑫鑫's 7 do not count for 浙江 (R-T-12).
func TestR_T_11_PlacePoints(t *testing.T) {
	check(t, "place points", PlacePoints(awarded(), i18n.Zh), want{
		title: "团体总分（名次分）",
		head:  []string{"名次", "单位", "总分", "得分队员"},
		rows: [][]string{
			{"1", "杭州", "10", "王天一 10"},
			{"2", "四川", "5", "郑惟桐 5"},
			{"3=", "HK", "0", ""},
			{"3=", "广东", "0", ""},
			{"3=", "浙江", "0", "赵鑫鑫*"},
		},
		footer: []string{"名次分：10,7,5（第 1 名起，R-T-11）；并列者平分所占名次的分数；同分先比最好名次。", "名次后的“=”表示并列（R-T-9）。", "* 参赛不足 1 局，成绩不计入获奖和团体总分（R-T-12）。"},
	})
	e := awarded()
	e.Awards.Minimum = engine.Minimum{}
	if got := PlacePoints(e, i18n.Zh); len(got.Rows) != 5 || got.Rows[1][1].Text != "浙江" {
		t.Errorf("without the minimum 浙江 scores its 7: %v", got.Rows)
	}
}

// TestR_T_12_StandingsMarkTheCancelled: the standings keep every player's
// place and mark those whose results the minimum cancels.
func TestR_T_12_StandingsMarkTheCancelled(t *testing.T) {
	got := Standings(awarded(), i18n.Zh)
	var places []string
	for _, r := range got.Rows {
		places = append(places, r[0].Text)
	}
	if want := []string{"1", "2*", "3", "4", "5"}; !slices.Equal(places, want) {
		t.Errorf("places %q, want %q", places, want)
	}
	if f := got.Footer[len(got.Footer)-1]; f != "* 参赛不足 1 局，成绩不计入获奖和团体总分（R-T-12）。" {
		t.Errorf("footer ends %q", f)
	}
	if n := len(AwardTables(awarded(), i18n.Zh)); n != 4 {
		t.Errorf("%d award tables, want two categories, the totals and the prizes", n)
	}
}

// TestR_T_12_TeamTotals: under 队员总分制 a player the minimum of games
// cancels for team totals counts for nobody: the team's next best counts
// (R-T-6, R-T-12). 乙's best two would be 赵鑫鑫 (2nd, no game yet) and
// 郑惟桐 (3rd); without 赵鑫鑫, 郑惟桐 and 许银川 (5th) count.
func TestR_T_12_TeamTotals(t *testing.T) {
	e := small(engine.Buchholz, engine.Wins)
	e.Teams = &Teams{Event: &engine.TeamEvent{
		Settings: engine.TeamSettings{Boards: 2, Lineup: engine.PlayerTotals},
		Teams:    []engine.Team{{ID: 1, Name: "甲", Members: []int{1, 3}}, {ID: 2, Name: "乙", Members: []int{2, 4, 5}}},
	}}
	counted := func() map[string]string {
		out := map[string]string{}
		for _, r := range TeamTotals(e, i18n.Zh).Rows {
			out[r[1].Text] = r[3].Text
		}
		return out
	}
	if got := counted()["乙"]; got != "赵鑫鑫(2)、郑惟桐(3)" {
		t.Fatalf("乙 counts %q without a minimum", got)
	}
	e.Awards.Minimum = engine.Minimum{Games: 1, For: engine.TotalRankings}
	if got := counted()["乙"]; got != "郑惟桐(3)、许银川(5)" {
		t.Errorf("乙 counts %q, want its best two with a game", got)
	}
	if f := TeamTotals(e, i18n.Zh).Footer; f[len(f)-1] != "参赛不足 1 局的队员不计分（R-T-12）。" {
		t.Errorf("footer %q", f)
	}
	e.Awards.Minimum.For = engine.PrizeRankings
	if got := counted()["乙"]; got != "赵鑫鑫(2)、郑惟桐(3)" {
		t.Errorf("a minimum for prizes changed the team totals: 乙 counts %q", got)
	}
}
