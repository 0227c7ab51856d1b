package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// The team scenario (issue 13): four teams of five in a round robin
// (R-C-2) under 临时定台, 5场3胜制 without play-out, 场分 3/2/1 — the seed
// 000 kind of company event — played from the chat to the end: captains
// register their teams, a player asks to join and the captain confirms,
// the organiser enters the others; each round the captains send their
// line-ups privately (one refused, one missing and revealed by the
// arbiter); boards reported and confirmed or entered; the final ranking by
// R-T-4.

// teamField are the teams: captain (a console user who joins as a player),
// name, and the other players the organiser enters.
var teamField = []struct {
	captain, player, team string
	others                []string
}{
	{"hu", "胡荣华", "红星", []string{"红二", "红三", "红四", "红五"}},
	{"liu", "柳大华", "东方", []string{"东二", "东三", "东四", "东五"}},
	{"li", "李来群", "长城", []string{"长二", "长三", "长四", "长五"}},
	{"xu", "徐天红", "黄河", []string{"黄二", "黄三", "黄四"}}, // 黄五 asks to join
}

// teamBoards is each match's boards from the first-listed team's side,
// played in order until the match is decided (5场3胜制): W won, L lost, D
// drawn. By round: the Berger table lists 红星–黄河 and 东方–长城, then
// 黄河–长城 and 红星–东方, then 东方–黄河 and 长城–红星.
var teamBoards = map[[2]string]string{
	{"红星", "黄河"}: "WWW",   // 3:0, 局分 6:0
	{"东方", "长城"}: "WLWDW", // 3:1, 局分 7:3
	{"黄河", "长城"}: "LWLL",  // 1:3, 局分 2:6
	{"红星", "东方"}: "LDWWL", // 2:2, 局分 5:5, drawn
	{"东方", "黄河"}: "WWDW",  // 3:0, 局分 7:1
	{"长城", "红星"}: "DLLL",  // 0:3, 局分 1:7
}

// TestScenarioTeamRoundRobin plays the four teams' round robin to its
// final ranking: 东方 and 红星 level on 场分 8 (two wins and their drawn
// match), 东方 ahead on 局分 19 to 18 (R-T-4), then 长城 5, 黄河 3.
func TestScenarioTeamRoundRobin(t *testing.T) {
	s := newScript(t)
	s.heading("筹备")
	must(t, s.say("org", "/event new 公司团体赛 团体赛 roundrobin"), "已创建团体赛「公司团体赛」")
	s.pinSeed(5)
	must(t, s.say("org", "/event set boards 5"), "台数 = 5")
	must(t, s.say("org", "/event set 台次 临时定台"), "台次 = 临时定台")
	must(t, s.say("org", "/event set 场分 3,2,1"), "场分 = 3/2/1")
	must(t, s.say("org", "/event set 胜台数 3"), "5场3胜制")
	must(t, s.say("org", "/event set 胜台数 2"), "须赢 3 到 5 台")
	must(t, s.say("org", "/event set seeding entered"), "报名顺序")
	must(t, s.say("org", "/event set"), "团体赛设置", "赛完 = 关", "场分,局分,胜局,直胜,犯规")
	s.say("org", "/signup open")
	for _, f := range teamField {
		must(t, s.say(f.captain, "/join "+f.player), "报名成功")
		must(t, s.say(f.captain, "/team new "+f.team), "你是队长", "第 1 台")
		must(t, s.say("org", "/team add "+f.team+" "+strings.Join(f.others, " ")), "加入")
	}
	must(t, s.say("huang", "/join 黄五"), "报名成功")
	must(t, s.say("huang", "/team join 黄河"), "已请「黄河」的队长确认")
	must(t, s.press("xu", 0), "黄五 已加入「黄河」")
	must(t, s.say("org", "/team add 红星 红六"), "「红星」已满")
	must(t, s.say("org", "/teams"), "4 支队伍，每队 5 台", "1 红星", "队长 hu", "5台 ")
	must(t, s.say("org", "/start"), "开赛！", "1 红星", "4 黄河")

	for round := 1; round <= 3; round++ {
		s.heading(fmt.Sprintf("第 %d 轮", round))
		must(t, s.say("org", "/pair"), fmt.Sprintf("第%d轮编排预览（团体，贝格尔表 R-C-2）", round))
		publish := "/publish"
		if round == 3 { // the clock reveals a line-up not sent at the start
			publish += " " + clock(s.state(), s.now.Add(30*time.Minute))
		}
		must(t, s.publishes("org", publish), fmt.Sprintf("第%d轮对阵（团体；", round), "出场名单待双方队长提交")
		st := s.state()
		for _, m := range st.Teams.Rounds[round-1].Matches {
			first, second := teamName(st, m.First), teamName(st, m.Second)
			s.sendLineups(round, m.Number, first, second)
			st = s.state()
			plan := teamBoards[[2]string{first, second}]
			if plan == "" {
				t.Fatalf("round %d: no plan for %s v %s", round, first, second)
			}
			for b, r := range plan {
				s.playTeamBoard(round, st.Teams.Rules.Board(m.Number, b+1), r == 'W', r == 'D')
			}
			sc, _, _ := s.state().MatchScore(round, m.Number)
			if !sc.Decided {
				t.Fatalf("round %d match %d not decided after its plan %s", round, m.Number, plan)
			}
		}
	}
	final := strings.Join(s.announced("group"), "\n")
	must(t, final, "第 3 轮全部结束", "团体排名", "台次成绩", "全部轮次已赛完")
	s.heading("结束")
	must(t, s.say("org", "/pair"), "全部 3 轮已赛完")
	must(t, s.say("org", "/finish"), "「公司团体赛」结束！")
	final = strings.Join(s.announced("group"), "\n")
	must(t, s.say("hu", "/standings boards"), "第1台")

	// 局分 separated the two on 8 match points; 胜局, after it in the
	// chain, decided nothing and is left out of the phone's table.
	want := [][]string{
		{"名次", "队名", "场分", "局分"},
		{"1", "东方", "8", "19"},
		{"2", "红星", "8", "18"},
		{"3", "长城", "5", "10"},
		{"4", "黄河", "3", "3"},
	}
	lines := strings.Split(chat.Plain(final), "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "团体排名") })
	if at < 0 || len(lines) < at+1+len(want) {
		t.Fatalf("the final announcement:\n%s", final)
	}
	for i, w := range want {
		if got := strings.Fields(lines[at+1+i]); !slices.Equal(got, w) {
			t.Errorf("final team standings row %d: %q, want %q", i, got, w)
		}
	}
	s.golden("teams_roundrobin4.txt")
}

// sendLineups has both captains of a match send line-ups: in round 1 the
// first team's captain sends one refused (a player twice, R-TM-1) and then
// one with boards 1 and 2 swapped; in round 2 only the first match's first
// team sends and an arbiter reveals the rest, the registered order; in
// round 3 both send the registered order by names, but in match 2 only the
// first team does, and the round's start reveals the other's.
func (s *script) sendLineups(round, match int, first, second string) {
	t := s.t
	t.Helper()
	captain := func(team string) string {
		for _, f := range teamField {
			if f.team == team {
				return f.captain
			}
		}
		t.Fatalf("no team %s", team)
		return ""
	}
	switch round {
	case 1:
		must(t, s.dm(captain(first), "/lineup 1 1 3 4 5"), "每人只能下一台")
		must(t, s.dm(captain(first), "/lineup 2 1 3 4 5"), "已收到", "对方交了以后一起公布")
		must(t, s.dm(captain(second), "/lineup 1 2 3 4 5"), "双方名单已齐")
		m, _ := findMatch(s.state(), round, match)
		must(t, strings.Join(s.announced("group"), "\n"), fmt.Sprintf("第%d轮对阵（团体；", round), matchBoardsText(s.state(), round, m, i18n.Zh))
	case 2:
		if m, _ := findMatch(s.state(), round, s.state().Teams.Rounds[round-1].Matches[0].Number); !m.Revealed {
			must(t, s.dm(captain(first), "/lineup 1 2 3 4 5"), "已收到")
			must(t, s.say("org", "/lineup reveal"), "第 2 轮的出场名单已全部公布")
			must(t, strings.Join(s.announced("group"), "\n"), "第2轮对阵（团体；")
		}
	default:
		names := func(team string) string {
			st := s.state()
			id := st.TeamNamed(team)
			var ns []string
			for _, p := range st.TeamEvent().Teams[id-1].Members {
				ns = append(ns, playerName(&st.Event, p))
			}
			return strings.Join(ns, " ")
		}
		s.dm(captain(first), "/lineup "+names(first))
		if match == 2 {
			s.advance(31 * time.Minute)
			s.tick()
			must(t, strings.Join(s.announced("group"), "\n"), "第 3 轮开始：未交的出场名单按报名台次（R-TM-1）", "第 2 场 长城 — 红星")
			return
		}
		must(t, s.dm(captain(second), "/lineup "+names(second)), "双方名单已齐")
	}
}

// userOf is the console user who plays player id, "" for a player the
// organiser entered.
func (s *script) userOf(id int) string {
	for _, u := range []string{"hu", "liu", "li", "xu", "huang"} {
		if s.playerOf(u) == id {
			return u
		}
	}
	return ""
}

// playTeamBoard plays board of round: the first-listed team's player wins
// (firstWins), draws, or loses. Two players who are chat users report and
// confirm a win; the rest an arbiter enters.
func (s *script) playTeamBoard(round, board int, firstWins, draw bool) {
	t := s.t
	t.Helper()
	st := s.state()
	g, ok := gameOn(&st.Event, round, board)
	if !ok || g.Void {
		t.Fatalf("round %d board %d: not to play (%+v)", round, board, g)
	}
	_, b := st.Teams.Rules.MatchBoard(board)
	firstRed := b%2 == 1 // R-C-2
	res := engine.Draw
	switch {
	case draw:
	case firstWins == firstRed:
		res = engine.RedWin
	default:
		res = engine.BlackWin
	}
	code := map[engine.Result]string{engine.RedWin: "1-0", engine.BlackWin: "0-1", engine.Draw: "1/2"}[res]
	winner, loser := g.Red, g.Black
	if res == engine.BlackWin {
		winner, loser = loser, winner
	}
	if w, l := s.userOf(winner), s.userOf(loser); w != "" && l != "" && res != engine.Draw {
		must(t, s.say(w, "/report win"), "已报告")
		must(t, s.dm(l, "/confirm"), "已确认")
		return
	}
	recorded(t, s.say("org", fmt.Sprintf("/result %d %s", board, code)))
}
