package commands

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/testpainter"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/page"
	"github.com/qisai/qisai/sheet"
)

// teamRoundPlayed is teamEventScript's 4 teams of 5 boards in a round
// robin with its first round published and every board drawn but each
// match's board 1, which red wins.
func teamRoundPlayed(t *testing.T) *script {
	t.Helper()
	s := teamEventScript(t, 5, 0)
	s.say("org", "/pair")
	must(t, s.publishes("org", "/publish"), "第 1 场")
	for board := 1; board <= 10; board++ {
		res := "1/2"
		if board%5 == 1 {
			res = "1-0"
		}
		recorded(t, s.say("org", fmt.Sprintf("/result %d %s", board, res)))
	}
	return s
}

// filesOf are a reply's file and those queued after it in the group.
func filesOf(s *script, r Reply) []*chat.File {
	var files []*chat.File
	if r.File != nil {
		files = append(files, r.File)
	}
	for _, m := range s.outbox()[s.group.ID] {
		if m.File != nil {
			files = append(files, m.File)
		}
		files = append(files, m.Album...)
	}
	return files
}

// A team event's pictures show the teams: /standings picture the team
// standings and the board standings, /pairings picture the matches with
// their boards.
func TestTeamPictures(t *testing.T) {
	s := teamRoundPlayed(t)
	s.withPainter(testpainter.Open(t))
	s.outbox()
	r := s.send("li", "/standings picture", false)
	must(t, r.Text, "第1轮后团体排名", "台次成绩") // no board is cut: all four teams placed within the top 3
	files := filesOf(s, r)
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, ","); !strings.Contains(got, "团体排名") || !strings.Contains(got, "台次成绩") {
		t.Errorf("/standings picture sent %q, want the team and the board standings", got)
	}
	s.advance(pictureSpacing) // a player's pictures in a group: once a minute
	r = s.send("li", "/pairings picture", false)
	must(t, r.Text, "第1轮对阵（团体）")
	if len(filesOf(s, r)) == 0 {
		t.Errorf("/pairings picture sent no picture")
	}
	s.advance(pictureSpacing)
	must(t, s.send("li", "/standings picture boards", false).Text, "台次成绩")
}

// /export csv of a team event gives the team standings, the board standings
// and the team crosstable; /export print and the live page show them too.
func TestTeamExports(t *testing.T) {
	s := teamRoundPlayed(t)
	r := s.send("org", "/export csv", false)
	must(t, r.Text, "团体排名表、台次成绩表和团体成绩表")
	files := filesOf(s, r)
	if len(files) != 3 {
		t.Fatalf("%d files, want 3", len(files))
	}
	for i, want := range [][]string{{"队名", "场分", "局分", "\r\n1=,1,A,"}, {"台次", "姓名", "A1"}, {"团体成绩表", "场分"}} {
		if i == 2 {
			want = []string{"队名", "场分"} // the crosstable's headings in full
		}
		must(t, string(files[i].Data), want...)
	}
	must(t, s.sendAs("org", "en", "/export csv").Text, "The team standings, the board standings and the team crosstable of")

	r = s.send("org", "/export print", false)
	if r.File == nil {
		t.Fatalf("/export print sent no file: %q", r.Text)
	}
	must(t, string(r.File.Data), "第1轮对阵（团体）", "第1场", "第1轮后团体排名", "台次成绩", "团体成绩表")

	var b bytes.Buffer
	if err := page.Live(&b, formatOf(s.state()).page(s.state(), i18n.Zh), page.Options{Root: "/e/x/"}); err != nil {
		t.Fatal(err)
	}
	must(t, b.String(), "第1轮后团体排名", "台次成绩", "团体成绩表")
	if tables := sheet.PageOf(sheetOf(s.state()), i18n.En).Tables; len(tables) != 4 || tables[2].Title != "Board standings" {
		t.Errorf("the English page's tables: %d, want pairings, team standings, board standings, crosstable", len(tables))
	}
}

// /me of a team's player names the team's match before the line-ups are
// revealed, and the player's board after (R-TM-1).
func TestTeamMe(t *testing.T) {
	s := teamEventScript(t, 3, 1, "/event set 台次 临时定台")
	s.say("org", "/pair")
	s.say("org", "/publish")
	must(t, s.dm("ca", "/me"), "第 1 轮第 1 场：你的队「A」对「D」，出场名单尚未公布。")
	if got := s.dm("ca", "/me"); strings.Contains(got, "没有对局") {
		t.Errorf("/me before the reveal says %q", got)
	}
	must(t, s.sendAs("ca", "en", "/me").Text, "Round 1 match 1: your team A v D; the line-ups are not yet revealed.")
	must(t, s.dm("ca", "/lineup 1 2 3"), "已收到")
	must(t, s.dm("cd", "/lineup 3 2 1"), "已收到")
	must(t, s.dm("ca", "/me"), "你的队「A」对「D」，你在第 1 台（第 1 场第 1 台）。", "第 1 轮第 1 台：你执红")
}

// A captain who plays in another running event sends the line-up
// privately all the same: /lineup finds the team event they captain a
// team of (the Captain role), not the event they play in.
func TestLineupOfACaptainPlayingElsewhere(t *testing.T) {
	s := teamEventScript(t, 3, 1, "/event set 台次 临时定台")
	s.say("org", "/pair")
	s.say("org", "/publish")
	other := chat.Chat{Platform: "console", ID: "other"}
	must(t, s.in(other, "org2", "/event new 个人赛"), "已创建")
	s.in(other, "org2", "/signup open")
	must(t, s.in(other, "cd", "/join 张三"), "报名成功")
	must(t, s.in(other, "li", "/join 李四"), "报名成功")
	must(t, s.in(other, "org2", "/start"), "开赛")
	must(t, s.dm("cd", "/lineup 3 2 1"), "已收到「D」的出场名单：1台 D3，2台 D2，3台 D1")
	// Their player's commands still reach the event they play in.
	must(t, s.dm("cd", "/me"), "张三")
	// The captain's role is no staff's: it chooses no current event.
	must(t, s.say("org", "/event new 第二赛"), "已创建")
	must(t, s.say("cd", "/event use 团体测试"), "只有「团体测试」的组织者或裁判可以把它设为当前比赛。")
}

// /team rename and /team unit change a team before the start, by its
// captain or an organiser; another captain, a name taken and the start
// refuse.
func TestTeamRenameAndUnit(t *testing.T) {
	s := newScript(t)
	must(t, s.say("org", "/event new 团体测试 团体赛 roundrobin"), "已创建团体赛")
	s.say("org", "/signup open")
	must(t, s.say("ca", "/team new A 不上场"), "你是队长")
	must(t, s.say("cb", "/team new B 不上场"), "你是队长")
	must(t, s.say("ca", "/team rename A Alpha"), "队伍「A」已改名为「Alpha」。")
	must(t, s.say("cb", "/team rename Alpha X"), "只有「Alpha」的队长或组织者可以修改它。")
	must(t, s.sendAs("cb", "en", "/team rename Alpha X").Text, `Only "Alpha"'s captain or an organiser can change it.`)
	must(t, s.say("ca", "/team rename Alpha b"), "已经有「b」队了")
	must(t, s.say("org", "/team unit B 第一中学"), "队伍「B」的单位：第一中学。")
	must(t, s.sendAs("ca", "en", "/team unit Alpha No. 2 School").Text, `Team "Alpha"'s unit: No. 2 School.`)
	must(t, s.say("org", "/teams"), "Alpha", "第一中学")
	if st := s.state(); st.Teams.Teams[0].Unit != "No. 2 School" || st.Teams.Teams[1].Unit != "第一中学" {
		t.Errorf("units %q, %q", st.Teams.Teams[0].Unit, st.Teams.Teams[1].Unit)
	}

	started := teamEventScript(t, 2, 0)
	must(t, started.say("org", "/team rename B Beta"), "比赛已经开始")
}

// Under 队员总分制 (R-T-6) the files and pictures hold the players'
// standings and, beside them, the team totals: after round 1 (the lower
// number winning) A1 and A2 share place 1, B1 and B2 place 3.
func TestTeamTotalsViews(t *testing.T) {
	s := totalsEventScript(t)
	s.say("org", "/start")
	s.say("org", "/pair")
	s.say("org", "/publish")
	for _, g := range s.state().Event.Rounds[0].Games {
		code := "1-0"
		if g.Black < g.Red {
			code = "0-1"
		}
		s.say("org", fmt.Sprintf("/result %d %s", g.Board, code))
	}
	r := s.send("org", "/export csv", false)
	must(t, r.Text, "排名表、团体排名表和成绩表")
	files := filesOf(s, r)
	if len(files) != 3 {
		t.Fatalf("%d files, want 3", len(files))
	}
	must(t, string(files[0].Data), "姓名", "A1")
	must(t, string(files[1].Data), "名次和", "\r\n1,A,2,A1(1)、A2(1)\r\n", "\r\n2,B,6,")
	if tables := sheet.PageOf(sheetOf(s.state()), i18n.En).Tables; len(tables) != 4 || tables[2].Title != "Team standings (player totals)" {
		t.Errorf("the page's tables: %d, want pairings, standings, team totals, crosstable", len(tables))
	}
	s.withPainter(testpainter.Open(t))
	s.outbox()
	r = s.send("org", "/standings picture", false)
	must(t, r.Text, "团体排名（队员总分制）", "图片 2 张")
}

// Board standings cut to each board's top places say so under the tables,
// with the command that shows them all (a hint that works in the group:
// hints_test.go); shown whole, or cut where nobody is left out, they do
// not.
func TestBoardStandingsSayTheyAreCut(t *testing.T) {
	s := teamRoundPlayed(t)
	st := s.state()
	var typed []string // the teams' and players' names
	for _, tm := range st.TeamEvent().Teams {
		typed = append(typed, tm.Name)
	}
	for _, p := range st.Event.Players {
		typed = append(typed, p.Name)
	}
	for _, tt := range []struct {
		lang       i18n.Lang
		title, cut string
	}{
		{i18n.Zh, "台次成绩（每台前1名）", "……全部台次成绩：/standings boards"},
		{i18n.En, "Board standings (top 1 of each board)", "… every board in full: /standings boards"},
	} {
		// Board 1's winners share its first place; its losers are left out.
		cut := boardStandingsText(st, tt.lang, 1)
		lines := strings.Split(cut, "\n")
		if lines[0] != tt.title || lines[len(lines)-1] != tt.cut {
			t.Errorf("%s: top 1 of each board:\n%s\nwant the title %q and the last line %q", tt.lang, cut, tt.title, tt.cut)
		}
		languageRule(t, tt.lang, "board standings, top 1", cut, typed)
		for _, top := range []int{0, 3} { // 3: every board's places are 1= and 3= at most
			if text := boardStandingsText(st, tt.lang, top); strings.Contains(text, tt.cut) {
				t.Errorf("%s: top %d cuts nobody, yet says so:\n%s", tt.lang, top, text)
			}
		}
	}
}
