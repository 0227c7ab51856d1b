package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// The knockout scenarios (R-F-3..6): events of stages played through the
// commands to the end, asserting the final ranking.

// koField are the knockout's players: console user and name, in the order
// they join (and, by entered numbering, seed).
var koField = []struct{ user, name string }{
	{"hu", "胡荣华"}, {"liu", "柳大华"}, {"li", "李来群"}, {"xu", "徐天红"}, {"zhao", "赵国荣"},
}

// playStaged pairs, publishes and decides rounds until /pair has nothing
// left: decide gives each board's result code from what it plays. Board
// 1's winner reports and the loser confirms; the arbiter enters the rest.
// published, when given, runs once each round is published.
func playStaged(t *testing.T, s *script, user map[int]string, decide func(st *action.State, b action.BoardOf, g engine.Game) string, published func(st *action.State, round int)) int {
	t.Helper()
	round := 0
	for round < 40 {
		st := s.state()
		if pg := st.Progress(); pg.Over(st.Stages.Plan) {
			return round
		}
		round++
		s.heading(fmt.Sprintf("第 %d 轮", round))
		must(t, s.say("org", "/pair"), fmt.Sprintf("第 %d 轮预览", round))
		must(t, s.publishes("org", "/publish"), fmt.Sprintf("第%d轮对阵", round))
		if published != nil {
			published(s.state(), round)
		}
		st = s.state()
		for _, g := range st.Event.Rounds[round-1].Games {
			b, _ := st.BoardOf(round, g.Board)
			code := decide(st, b, g)
			settle(t, s, user, g, code)
		}
	}
	t.Fatal("the event did not end in 40 rounds")
	return round
}

// lowerWins is the code of a game the lower sequence number wins.
func lowerWins(g engine.Game) string {
	if g.Red < g.Black {
		return "1-0"
	}
	return "0-1"
}

// finalRows are the final announcement's ranking rows, each place and name.
func finalRows(t *testing.T, text string) [][]string {
	t.Helper()
	var rows [][]string
	in := false
	for _, l := range strings.Split(chat.Plain(text), "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) == 2 && f[0] == "名次":
			in = true
		case in && len(f) == 2:
			rows = append(rows, f)
		case in:
			in = false
		}
	}
	return rows
}

// TestScenarioKnockout5 plays a 5-player knockout of best-of-3 matches
// (R-F-4, R-F-5): byes to the top three seeds, a match for 3rd, and a
// final level at 1.5–1.5 after three games, settled by 和棋黑胜 (a draw is
// black's win).
func TestScenarioKnockout5(t *testing.T) {
	s := newScript(t)
	s.heading("筹备")
	must(t, s.say("org", "/event new 五人杯 淘汰赛"), "已创建比赛「五人杯」（淘汰赛")
	s.pinSeed(11)
	must(t, s.say("org", "/event set match 三局两胜"), "局制 = 三局两胜")
	must(t, s.say("org", "/event set tie 和棋黑胜"), "加赛规则 = 和棋黑胜")
	must(t, s.say("org", "/event set third-place on"), "三四名赛 = 开")
	must(t, s.say("org", "/event set numbering entered"), "已设置")
	must(t, s.say("org", "/event set"), "阶段 = 淘汰", "局制 = 三局两胜")
	must(t, s.say("org", "/signup open"), "报名已开放")
	for _, p := range koField {
		must(t, s.say(p.user, "/join "+p.name), "报名成功")
	}
	must(t, s.say("org", "/start"), "开赛！")
	user := map[int]string{}
	for _, p := range koField {
		user[s.playerOf(p.user)] = p.user
	}
	must(t, s.say("hu", "/bracket"), "轮空", "徐天红", "赵国荣")

	final := 0
	rounds := playStaged(t, s, user, func(st *action.State, b action.BoardOf, g engine.Game) string {
		br := st.Progress().Stages[0].Bracket
		m := br.Matches[b.Match-1]
		if m.Part != engine.Winners || m.Round != 3 {
			return lowerWins(g)
		}
		final = b.Match
		// The final: each wins a game with red, the third is drawn, and
		// armageddon's draw goes to black (R-F-5).
		switch b.Game {
		case 1, 2:
			return "1-0"
		}
		return "1/2"
	}, func(st *action.State, round int) {
		// The final's first game by 猜先 (R-C-3): 柳大华 guesses the
		// colour 胡荣华 hid and takes red; armageddon's colours are then
		// 胡荣华's to choose (R-F-5).
		for _, g := range st.Event.Rounds[round-1].Games {
			if b, _ := st.BoardOf(round, g.Board); b.Game == 1 && st.Progress().Stages[0].Bracket.Matches[b.Match-1].Round == 3 && b.Match == 7 {
				// The hidden colour's nonce is random: the test hides
				// with a fixed one, so the transcript stays the same.
				nonce := "00112233445566778899aabbccddeeff"
				_, err := s.store.Update(t.Context(), s.eventID(), action.Actor{Platform: "console", User: user[g.Red]}, "",
					func(ch *storage.Change) error {
						return ch.Append(&action.GuessHidden{Round: round, Board: g.Board, Player: g.Red, Hidden: engine.Red, Nonce: nonce, Commitment: action.Commit(engine.Red, nonce)})
					})
				if err != nil {
					t.Fatal(err)
				}
				s.note("test: %s hid red with a fixed nonce (/guess 藏 红 in private)", playerName(&st.Event, g.Red))
				must(t, s.say(user[g.Black], "/guess 红"), "赢得猜先")
				must(t, s.say(user[g.Black], "/guess 选 红"), "红方 "+playerName(&st.Event, g.Black))
			}
		}
	})
	if final == 0 {
		t.Fatal("no final was played")
	}
	st := s.state()
	br := st.Progress().Stages[0].Bracket
	games := br.Matches[final-1].Games
	if len(games) != 4 || games[3].Step != engine.TieArmageddon {
		t.Fatalf("the final's games = %+v, want three and an armageddon (R-F-5)", games)
	}
	if m := br.Matches[final-1]; m.GuessWinner == 0 || m.FirstRed != m.GuessWinner {
		t.Errorf("the final's 猜先: winner %d, first red %d; want the winner on red", m.GuessWinner, m.FirstRed)
	}
	champion := playerName(&st.Event, games[3].Black)
	s.heading("结束")
	must(t, s.say("org", "/pair"), "全部对局已赛完", "/finish")
	must(t, s.say("hu", "/standings"), "最终名次")
	must(t, s.say("org", "/finish"), "结束！")
	rows := finalRows(t, strings.Join(s.announced("group"), "\n"))
	if len(rows) != 5 || rows[0][1] != champion || rows[0][0] != "1" || rows[4][0] != "5" {
		t.Fatalf("final ranking %v, want 5 places with %s (armageddon's black) first", rows, champion)
	}
	// The lower seed won every match but the final: 1 and 2 met in it, 3
	// beat 4 for 3rd, and 5 lost in round 1.
	want := []string{"胡荣华", "柳大华", "李来群", "徐天红", "赵国荣"}
	if champion != "胡荣华" {
		want[0], want[1] = want[1], want[0]
	}
	var got []string
	for _, r := range rows {
		got = append(got, r[1])
	}
	if !slices.Equal(got, want) {
		t.Errorf("final ranking %v, want %v", got, want)
	}
	t.Logf("%d rounds", rounds)
	s.golden("knockout5.txt")
}

// groupsField are the groups event's eight players, seeded as they join.
var groupsField = []struct{ user, name string }{
	{"hu", "胡荣华"}, {"liu", "柳大华"}, {"li", "李来群"}, {"xu", "徐天红"},
	{"zhao", "赵国荣"}, {"yan", "阎文清"}, {"lv", "吕钦"}, {"xu2", "许银川"},
}

// TestScenarioGroupsKnockout8 plays two round-robin groups of four dealt
// in a snake (R-F-3), the top two of each into a knockout of winner v the
// other group's runner-up with a match for 3rd (R-F-4, R-F-6); a drawn
// semi-final game is replayed (加赛, R-F-5). The final ranking: the
// knockout's four, then the groups' others sharing 5th.
func TestScenarioGroupsKnockout8(t *testing.T) {
	s := newScript(t)
	s.heading("筹备")
	must(t, s.say("org", "/event new 分组杯 分组循环"), "已创建比赛「分组杯」（分组 2组 前2 > 淘汰")
	s.pinSeed(5)
	must(t, s.say("org", "/event set stages 分组 2 前2 > 淘汰"), "阶段 = 分组 2组 前2 > 淘汰")
	must(t, s.say("org", "/event set group-draw 胜者对次名"), "出线对阵 = 胜者对次名")
	must(t, s.say("org", "/event set third-place on"), "三四名赛 = 开")
	must(t, s.say("org", "/event set numbering entered"), "已设置")
	must(t, s.say("org", "/signup open"), "报名已开放")
	for _, p := range groupsField {
		must(t, s.say(p.user, "/join "+p.name), "报名成功")
	}
	must(t, s.say("org", "/start"), "开赛！")
	user := map[int]string{}
	for _, p := range groupsField {
		user[s.playerOf(p.user)] = p.user
	}
	must(t, s.say("hu", "/bracket"), "第 1 阶段：分组 2组 前2 第 1 组", "第 2 阶段：淘汰（小组赛后确定）", "M1 1组第1名 对 2组第2名")

	replayed := false
	playStaged(t, s, user, func(st *action.State, b action.BoardOf, g engine.Game) string {
		if b.Match == 1 && b.Game == 1 {
			return "1/2" // replayed: 加赛
		}
		if b.Match == 1 && b.Game == 2 {
			replayed = true
		}
		return lowerWins(g)
	}, nil)
	if !replayed {
		t.Error("the drawn semi-final was not replayed (R-F-5)")
	}
	s.heading("结束")
	must(t, s.say("hu", "/crosstable"), "第 1 阶段 第 1 组", "第 1 阶段 第 2 组")
	must(t, s.say("hu", "/bracket"), "决赛")
	must(t, s.say("org", "/finish"), "结束！")
	rows := finalRows(t, strings.Join(s.announced("group"), "\n"))
	want := [][]string{{"1", "胡荣华"}, {"2", "柳大华"}, {"3", "李来群"}, {"4", "徐天红"}, {"5=", "赵国荣"}, {"5=", "阎文清"}, {"5=", "吕钦"}, {"5=", "许银川"}}
	if !slices.EqualFunc(rows, want, slices.Equal) {
		t.Errorf("final ranking %v, want %v", rows, want)
	}
	s.golden("groups-knockout8.txt")
}
