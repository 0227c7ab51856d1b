package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
)

// The round-robin scenario: a transcript of six players through the
// Berger table (R-C-2).

// rrField are the players of the round robin: console user and name.
var rrField = []struct{ user, name string }{
	{"hu", "胡荣华"}, {"liu", "柳大华"}, {"li", "李来群"}, {"xu", "徐天红"}, {"zhao", "赵国荣"}, {"yan", "阎文清"},
}

// rrWins is who beat whom in the round robin; the pairs not listed drew.
// Scored 2/1/0: 柳大华 and 胡荣华 7, 徐天红 6, 赵国荣 4, 李来群 and
// 阎文清 3. 小分 (R-T-3: beaten opponents' scores, half of drawn ones')
// puts 柳大华 (3+6+3 + 7/2 = 15.5) over 胡荣华 (3+4+3 + 7/2 = 13.5) and
// 李来群 (4 + 6/2 = 7) over 阎文清 (3 + 6/2 = 6).
var rrWins = map[[2]string]bool{
	{"胡荣华", "李来群"}: true, {"胡荣华", "赵国荣"}: true, {"胡荣华", "阎文清"}: true,
	{"徐天红", "胡荣华"}: true,
	{"柳大华", "李来群"}: true, {"柳大华", "徐天红"}: true, {"柳大华", "阎文清"}: true,
	{"赵国荣", "柳大华"}: true,
	{"李来群", "赵国荣"}: true, {"阎文清", "李来群"}: true,
	{"徐天红", "赵国荣"}: true, {"赵国荣", "阎文清"}: true,
}

// TestScenarioRoundRobin6 plays a 6-player round robin through the
// commands: five rounds from the Berger table (R-C-2), everybody meeting
// everybody once, results reported and entered, and the final standings
// by score, then 小分 (R-T-3).
func TestScenarioRoundRobin6(t *testing.T) {
	s := newScript(t)
	s.heading("筹备")
	must(t, s.say("org", "/event new 六人循环赛 roundrobin"), "已创建比赛「六人循环赛」")
	s.pinSeed(7)
	must(t, s.say("org", "/signup open"), "报名已开放")
	for _, p := range rrField {
		must(t, s.say(p.user, "/join "+p.name), "报名成功")
	}
	must(t, s.say("org", "/start"), "开赛！")
	user := map[int]string{}
	for _, p := range rrField {
		user[s.playerOf(p.user)] = p.user
	}

	for round := 1; round <= 5; round++ {
		s.heading(fmt.Sprintf("第 %d 轮", round))
		must(t, s.say("org", "/pair"), fmt.Sprintf("第%d轮编排预览", round), "贝格尔表 R-C-2")
		must(t, s.publishes("org", "/publish"), fmt.Sprintf("第%d轮对阵", round))
		st := s.state()
		for _, g := range st.Event.Rounds[round-1].Games {
			red, black := playerName(&st.Event, g.Red), playerName(&st.Event, g.Black)
			code := "1/2"
			switch {
			case rrWins[[2]string{red, black}]:
				code = "1-0"
			case rrWins[[2]string{black, red}]:
				code = "0-1"
			}
			settle(t, s, user, g, code)
		}
	}

	// The table's 5 rounds are the event's (R-C-2): the last result says
	// so and /pair pairs no sixth.
	must(t, strings.Join(s.announced("group"), "\n"), "第 5 轮全部结束", "全部轮次已赛完，组织者输入 /finish 结束比赛。")
	s.heading("结束")
	must(t, s.say("org", "/pair"), "全部 5 轮已赛完", "/finish")
	must(t, s.say("org", "/finish"), "结束！")
	final := strings.Join(s.announced("group"), "\n")
	s.say("hu", "/crosstable")

	// R-C-2: everybody met everybody exactly once, five games each.
	ev := &s.state().Event
	met := map[[2]int]int{}
	for _, rd := range ev.Rounds {
		for _, g := range rd.Games {
			met[[2]int{min(g.Red, g.Black), max(g.Red, g.Black)}]++
		}
	}
	if len(met) != 15 {
		t.Errorf("%d different pairs met, want all 15", len(met))
	}
	for pair, n := range met {
		if n != 1 {
			t.Errorf("players %v met %d times, want once (R-C-2)", pair, n)
		}
	}

	// The final table: place, name, score, 小分 (R-T-3), worked out by
	// hand from rrWins; 小分 decided places 1–2 and 5–6, and wins, after
	// it, decided none, so the phone's table leaves wins out.
	want := [][]string{
		{"名次", "姓名", "积分", "小分"},
		{"1", "柳大华", "7", "15.5"},
		{"2", "胡荣华", "7", "13.5"},
		{"3", "徐天红", "6", "14"},
		{"4", "赵国荣", "4", "10"},
		{"5", "李来群", "3", "7"},
		{"6", "阎文清", "3", "6"},
	}
	lines := strings.Split(chat.Plain(final), "\n")
	if len(lines) < 2+len(want) || lines[0] != "「六人循环赛」结束！" || lines[1] != "最终排名" {
		t.Fatalf("the final announcement:\n%s", final)
	}
	for i, w := range want {
		if got := strings.Fields(lines[2+i]); !slices.Equal(got, w) {
			t.Errorf("final standings row %d: %q, want %q", i, got, w)
		}
	}
	s.golden("roundrobin6.txt")
}

// ---- languages ----

// settle enters game g's result code (1-0, 0-1, 1/2) in a transcript: the
// players report and confirm a decided board 1, as players do; the
// arbiter sets the others and the draws. user maps players to their users.
func settle(t *testing.T, s *script, user map[int]string, g engine.Game, code string) {
	t.Helper()
	if g.Board == 1 && code != "1/2" {
		winner, loser := user[g.Red], user[g.Black]
		if code == "0-1" {
			winner, loser = loser, winner
		}
		must(t, s.say(winner, "/report win"), "已报告")
		must(t, s.dm(loser, "/confirm"), "已确认")
		return
	}
	recorded(t, s.say("org", fmt.Sprintf("/result %d %s", g.Board, code)))
}
