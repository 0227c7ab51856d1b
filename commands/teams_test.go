package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// teamEventScript is a started team event of four teams of boards players
// (and reserves more) named "A1".."D4", under the settings typed in set:
// captain "ca" of team A plays its board 1; the rest the organiser enters.
func teamEventScript(t *testing.T, boards, reserves int, set ...string) *script {
	t.Helper()
	s := newScript(t)
	must(t, s.say("org", "/event new 团体测试 团体赛 roundrobin"), "已创建团体赛")
	s.pinSeed(1)
	must(t, s.say("org", fmt.Sprintf("/event set boards %d", boards)), "已设置")
	must(t, s.say("org", fmt.Sprintf("/event set reserves %d", reserves)), "已设置")
	must(t, s.say("org", "/event set seeding entered"), "已设置")
	for _, line := range set {
		must(t, s.say("org", line), "已设置")
	}
	s.say("org", "/signup open")
	must(t, s.say("ca", "/join A1"), "报名成功")
	must(t, s.say("ca", "/team new A"), "你是队长")
	for k, team := range []string{"A", "B", "C", "D"} {
		if k > 0 {
			must(t, s.say("c"+strings.ToLower(team), "/team new "+team+" 不上场"), "你是队长")
		}
		var names []string
		for j := 1; j <= boards+reserves; j++ {
			if k > 0 || j > 1 {
				names = append(names, fmt.Sprintf("%s%d", team, j))
			}
		}
		must(t, s.say("org", "/team add "+team+" "+strings.Join(names, " ")), "加入")
	}
	must(t, s.say("org", "/start"), "开赛！")
	return s
}

// TestR_TM_1_LineupsFromTheChat: a captain's line-up is checked by the
// board order rule (R-TM-1, §12): 分台换人 refuses an inverted order and
// takes a reserve in order, 临时定台 takes any order of the team's players,
// 分台定人 takes none; the refusal says why in the sender's language.
func TestR_TM_1_LineupsFromTheChat(t *testing.T) {
	for _, c := range []struct {
		name, rule, lineup string
		want               []string
	}{
		{"substitutes inverted", "分台换人", "/lineup 2 1 3", []string{"台次顺序不能前后颠倒", "R-TM-1"}},
		{"substitutes with a reserve", "分台换人", "/lineup 1 2 4", []string{"已收到", "1台 A1，2台 A2，3台 A4"}},
		{"free order", "临时定台", "/lineup 3 1 2", []string{"已收到", "1台 A3，2台 A1，3台 A2"}},
		{"free by names, a board empty", "临时定台", "/lineup A2 - A1", []string{"已收到", "1台 A2，2台 -，3台 A1"}},
		{"a stranger", "临时定台", "/lineup 1 2 9", []string{"有 4 名队员：请写 1 到 4"}},
		{"fixed boards", "分台定人", "/lineup 1 2 3", []string{"你不是本轮还在等出场名单的队伍的队长"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := teamEventScript(t, 3, 1, "/event set 台次 "+c.rule)
			s.say("org", "/pair")
			s.say("org", "/publish")
			must(t, s.dm("ca", c.lineup), c.want...)
		})
	}
	// A captain who does not play sends theirs too: team D's, A's opponent.
	s := teamEventScript(t, 3, 1, "/event set 台次 临时定台")
	s.say("org", "/pair")
	s.say("org", "/publish")
	must(t, s.dm("cd", "/lineup 3 2 1"), "已收到「D」的出场名单：1台 D3，2台 D2，3台 D1")
	must(t, s.dm("nobody", "/lineup 1 2 3"), "你还没有参加任何比赛")
}

// TestR_C_2_TeamBoards: under 分台定人 the boards are out at /publish, the
// first-listed team red on odd boards and black on even ones (R-C-2), and
// the boards are numbered on through the round.
func TestR_C_2_TeamBoards(t *testing.T) {
	s := teamEventScript(t, 4, 0)
	s.say("org", "/pair")
	must(t, s.publishes("org", "/publish"), "第 1 场 A — D", "  1 A1 – D1", "  2 D2 – A2", "  3 A3 – D3", "  4 D4 – A4", "第 2 场 B — C", "  5 B1 – C1", "  6 C2 – B2")
	must(t, s.dm("ca", "/me"), "第 1 台")
}

// TestTeamEarlyDecision: 5场3胜制 without play-out — the match's result is
// announced at its third board won, and its other boards are refused to
// players and arbiters alike; a correction that undecides it gives them
// back.
func TestTeamEarlyDecision(t *testing.T) {
	s := teamEventScript(t, 5, 0, "/event set 胜台数 3", "/event set 场分 3,1,0")
	s.say("org", "/pair")
	s.say("org", "/publish")
	s.say("org", "/result 1 1-0")
	s.say("org", "/result 2 0-1")
	must(t, s.say("org", "/result 3 1-0"), "已记录第 1 轮第 3 台：1-0")
	must(t, strings.Join(s.announced("group"), "\n"), "第 1 场 A — D 局分 6:0（胜台 3:0），A 胜", "  4 D4 – A4 不再下", "  5 A5 – D5 不再下")
	must(t, s.say("org", "/result 4 1-0"), "第 1 轮第 1 场已提前决出胜负（5场3胜制），第 4 台不再下")
	must(t, s.say("org", "/pairings"), "  4 D4 – A4 不再下")
	must(t, s.say("org", "/result 3 1/2"), "裁判更正")
	if g, _ := gameOn(&s.state().Event, 1, 4); g.Void {
		t.Errorf("board 4 once the correction undecides the match: still not played")
	}
	must(t, s.say("org", "/result 4 0-1"), "已记录第 1 轮第 4 台：0-1")
	must(t, strings.Join(s.announced("group"), "\n"), "第 1 场 A — D", "A 胜", "  5 A5 – D5 不再下")
	st := s.state()
	if g, _ := gameOn(&st.Event, 1, 5); !g.Void {
		t.Errorf("board 5 after the match is decided at board 4: %+v, want not played", g)
	}
	if sc, _, _ := st.MatchScore(1, 1); !sc.Decided || sc.Winner != st.TeamNamed("A") {
		t.Errorf("match 1: %+v, want A's (boards 1, 2 and 4)", sc)
	}
}

// TestTeamSettingsRefusals: every team setting refused says what it takes;
// a team setting of an individual event says how to make a team event; a
// Swiss stage of teams says to make it a team Swiss.
func TestTeamSettingsRefusals(t *testing.T) {
	s := newScript(t)
	s.say("org", "/event new 个人赛")
	must(t, s.say("org", "/event set boards 5"), "团体赛用 /event new 名称 团体赛 创建")
	must(t, s.say("org", "/teams"), "这不是团体赛")
	s = newScript(t)
	s.say("org", "/event new 团体 teams")
	for _, k := range teamKeys {
		name := k.name(i18n.Zh)
		got := s.say("org", "/event set "+name+" zzz")
		if !strings.Contains(got, "可以用："+k.values.Zh) && !strings.Contains(got, "例如：/event set") {
			t.Errorf("/event set %s zzz: %q, want what it takes", name, got)
		}
	}
	must(t, s.say("org", "/event set boards 0"), "台数应是正整数")
	must(t, s.say("org", "/event set format groups"), "赛制 = 分组 2组 前2 > 淘汰")
	must(t, s.say("org", "/event set stages 淘汰 1 > 积分 3"), "积分编排请用团体积分编排赛", "/event set format swiss")
	must(t, s.say("org", "/event set format knockout"), "赛制 = 淘汰赛")
}

// TestTeamSwissUnits: a team Swiss pairs on match points by 定位编排 and
// keeps teams of one unit apart when the setting asks (R-SW-4 at team
// level), both rounds their two units allow; every board's colour by its
// parity (R-C-2).
func TestTeamSwissUnits(t *testing.T) {
	s := newScript(t)
	s.say("org", "/event new 联赛 团体赛 swiss rounds 2")
	s.pinSeed(2)
	s.say("org", "/event set boards 2")
	s.say("org", "/event set seeding entered")
	s.say("org", "/event set avoid-same-unit all-rounds")
	s.say("org", "/signup open")
	for k, unit := range []string{"一中", "一中", "二中", "二中"} {
		team := fmt.Sprintf("T%d", k+1)
		must(t, s.say(fmt.Sprint("c", k), "/team new "+team+" "+unit+" 不上场"), "你是队长")
		s.say("org", fmt.Sprintf("/team add %s %s-1 %s-2", team, team, team))
	}
	s.say("org", "/start")
	for round := 1; round <= 2; round++ {
		must(t, s.say("org", "/pair"), "定位编排")
		s.say("org", "/publish")
		st := s.state()
		for _, m := range st.Teams.Rounds[round-1].Matches {
			if a, b := st.Teams.Teams[m.First-1].Unit, st.Teams.Teams[m.Second-1].Unit; a == b {
				t.Errorf("round %d: %s v %s, both of %s (R-SW-4)", round, teamName(st, m.First), teamName(st, m.Second), a)
			}
		}
		for _, g := range st.Event.Rounds[round-1].Games {
			_, b := st.Teams.Rules.MatchBoard(g.Board)
			n, _ := st.Teams.Rules.MatchBoard(g.Board)
			m, _ := findMatch(st, round, n)
			ev := st.TeamEvent()
			firstRed := ev.Teams[m.First-1].Members[b-1] == g.Red
			if firstRed != (b%2 == 1) {
				t.Errorf("round %d board %d: first team red %v (R-C-2)", round, g.Board, firstRed)
			}
			s.say("org", fmt.Sprintf("/result %d %s", g.Board, map[bool]string{true: "1-0", false: "1/2"}[b == 1]))
		}
	}
	rows := engine.TeamStandings(s.state().TeamEvent())
	if len(rows) != 4 {
		t.Fatalf("standings %v", rows)
	}
	must(t, s.say("org", "/standings"), "团体排名（场分、团体对手分、局分、胜场、胜局、犯规、倒数轮次场分）")
}

// totalsEventScript is a 队员总分制 event (R-T-6) of two teams, A and B, of
// two players each (A1, A2; B1, B2) entered in that order, places summed,
// before the start.
func totalsEventScript(t *testing.T) *script {
	t.Helper()
	s := newScript(t)
	s.say("org", "/event new 总分赛 团体赛 roundrobin")
	s.pinSeed(4)
	for _, line := range []string{"/event set 台次 队员总分制", "/event set boards 2", "/event set 总分方式 名次之和", "/event set seeding entered"} {
		must(t, s.say("org", line), "已设置")
	}
	s.say("org", "/signup open")
	for _, team := range []string{"A", "B"} {
		must(t, s.say("c"+team, "/team new "+team+" 不上场"), "你是队长")
		s.say("org", fmt.Sprintf("/team add %s %s1 %s2", team, team, team))
	}
	return s
}

// TestR_T_6_TotalsFromTheChat: under 队员总分制 the players play an
// individual round robin (R-TM-3) and the team ranking adds up each team's
// counting players' places (R-T-6, §15.5): the lower number winning every
// game places A1, A2, B1, B2 first to fourth, so team A (1 + 2) is ahead
// of team B (3 + 4).
func TestR_T_6_TotalsFromTheChat(t *testing.T) {
	s := totalsEventScript(t)
	must(t, s.say("org", "/teams"), "1 A", "  1 A1")
	s.say("org", "/start")
	for round := 1; round <= 3; round++ {
		must(t, s.say("org", "/pair"), "贝格尔表 R-C-2")
		s.say("org", "/publish")
		for _, g := range s.state().Event.Rounds[round-1].Games {
			code := "1-0"
			if g.Black < g.Red {
				code = "0-1"
			}
			s.say("org", fmt.Sprintf("/result %d %s", g.Board, code))
		}
	}
	final := s.say("org", "/standings")
	must(t, final, "团体排名（队员总分制，每队前 2 名计分，名次之和，R-T-6）")
	lines := strings.Split(chat.Plain(final), "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "团体排名") })
	if at < 0 || len(lines) < at+4 {
		t.Fatalf("/standings:\n%s", final)
	}
	for i, want := range [][]string{{"1", "A", "3"}, {"2", "B", "7"}} {
		if got := strings.Fields(lines[at+2+i]); !slices.Equal(got, want) {
			t.Errorf("team totals row %d: %q, want %q", i+1, got, want)
		}
	}
	must(t, s.say("org", "/standings boards"), "队员总分制不分台次")
}

// TestTeamCorrection: correcting a board of a complete round re-scores its
// match and posts the team standings again, marked as a correction.
func TestTeamCorrection(t *testing.T) {
	s := teamEventScript(t, 2, 0)
	s.say("org", "/pair")
	s.say("org", "/publish")
	for board := 1; board <= 4; board++ {
		s.say("org", fmt.Sprintf("/result %d 1-0", board))
	}
	must(t, strings.Join(s.announced("group"), "\n"), "第 1 轮全部结束")
	must(t, s.say("org", "/result 1 0-1"), "已更正第 1 轮第 1 台")
	must(t, strings.Join(s.announced("group"), "\n"), "裁判更正", "第 1 轮第 1 场更正为：A — D 局分 0:4（胜台 0:2），D 胜", "成绩更正，排名随之更新：", "团体排名")
}

// A team with fewer players than boards loses its empty boards by forfeit
// every match (R-TM-1): /teams says so before the start, with what fills
// them, and the start's announcement says it again — in both languages.
func TestShortTeamWarned_R_TM_1(t *testing.T) {
	s := newScript(t)
	must(t, s.say("org", "/event new 缺人赛 团体赛 roundrobin"), "已创建团体赛")
	must(t, s.say("org", "/event set boards 3"), "已设置")
	s.say("org", "/signup open")
	must(t, s.say("ca", "/team new A 不上场"), "你是队长", "你不上场")
	must(t, s.say("org", "/team add A A1 A2 A3"), "加入")
	must(t, s.say("cb", "/team new B --no-play"), "你是队长", "你不上场")
	must(t, s.say("org", "/team add B B1"), "加入")
	list := s.say("org", "/teams")
	must(t, list, "⚠ 缺 2 人：第 2–3 台每场判负（弃权）；开赛前可用 /team add 补人")
	if strings.Count(list, "⚠") != 1 {
		t.Errorf("/teams warns of %d teams, want B only:\n%s", strings.Count(list, "⚠"), list)
	}
	must(t, s.say("org", "/team add B B2"), "加入")
	must(t, s.sendAs("org", "en", "/teams").Text, "⚠ 1 short: board 3 lost by forfeit every match; /team add fills them before the start")
	// R-TM-1: the organiser is asked first, privately, which teams are short.
	asked := s.run("org", "zh", "/start", false)
	must(t, asked.Text, "「B」2 人，缺 1 人（第 3 台）", "每场判负", "/start 确认")
	if !asked.Private || len(asked.Buttons) != 1 {
		t.Errorf("the short teams' question %+v: want it private, with the button that starts", asked)
	}
	must(t, s.sendAs("org", "en", "/start").Text, "\"B\" has 2, 1 short (board 3)", "/start confirm")
	started := s.say("org", "/start 确认") // the group's announcement: in the event's language
	must(t, started, "⚠ 缺 1 人：第 3 台每场判负（弃权）")
	lacks(t, started, "/team add")
}
