package commands

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode"

	"github.com/qisai/qisai/internal/testpainter"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/page"
	"github.com/qisai/qisai/sheet"
)

// pageTables are the tables of the event's live page in lang, by kind.
func pageTables(st *action.State, lang i18n.Lang) map[sheet.Kind][]sheet.Table {
	out := map[sheet.Kind][]sheet.Table{}
	for _, t := range formatOf(st).page(st, lang).Tables {
		out[t.Kind] = append(out[t.Kind], t)
	}
	return out
}

// livePage is the event's live page in lang, as HTML.
func livePage(t *testing.T, st *action.State, lang i18n.Lang) string {
	t.Helper()
	var b bytes.Buffer
	if err := page.Live(&b, formatOf(st).page(st, lang), page.Options{Root: "/e/tok/"}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// groupRows are a group table's rows as name, score and mark: the
// columns GroupTable has after the place and the name.
func groupRows(t sheet.Table) [][3]string {
	var rows [][3]string
	for _, r := range t.Rows {
		mark := ""
		if last := t.Columns[len(t.Columns)-1]; last.Title == "出线" || last.Title == "Q" {
			mark = r[len(r)-1].Text
			r = r[:len(r)-1]
		}
		rows = append(rows, [3]string{r[1].Text, r[len(r)-1].Text, mark})
	}
	return rows
}

// R-F-3: groups → knockout from the chat, the lower number winning every
// game. While the groups play, the live page shows each group's table
// and names the knockout to come; once they are over, each table marks
// its top two 出线 and the bracket shows the qualifiers drawn, group 1's
// winner against group 2's runner-up; /bracket picture draws the groups
// and the bracket.
func TestGroupsThenKnockoutViews_R_F_3(t *testing.T) {
	s := stagedScript(t, 8, "分组 2 前2 > 淘汰", "分组 2组 前2 > 淘汰")
	must(t, s.say("org", "/start"), "开赛")
	tables := pageTables(s.state(), i18n.Zh)
	if len(tables[sheet.KindGroup]) != 2 || len(tables[sheet.KindBracket]) != 1 {
		t.Fatalf("the page at the start has %d groups and %d brackets, want the 2 groups and the bracket ahead", len(tables[sheet.KindGroup]), len(tables[sheet.KindBracket]))
	}
	g1, g2 := tables[sheet.KindGroup][0], tables[sheet.KindGroup][1]
	must(t, g1.Title, "第 1 阶段", "第 1 组")
	must(t, strings.Join(g1.Footer, "\n"), "前 2 名出线")
	must(t, strings.Join(g2.Footer, "\n"), "前 2 名出线")
	// The knockout ahead names the groups' places until they have played.
	shown := tables[sheet.KindBracket][0]
	must(t, shown.Title, "第 2 阶段：淘汰赛（小组赛后确定）")
	if m := shown.Bracket.Parts[0].Rounds[0].Matches[0]; m.Sides[0].Text != "1组第1名" || m.Sides[1].Text != "2组第2名" {
		t.Errorf("the knockout ahead opens with %s v %s, want 1组第1名 v 2组第2名", m.Sides[0].Text, m.Sides[1].Text)
	}
	for _, r := range groupRows(g1) {
		if r[2] != "" {
			t.Errorf("a group not yet played marks %s %q", r[0], r[2])
		}
	}
	before := s.state()
	ahead, _, ok := before.Ahead(before.Progress())
	if !ok {
		t.Fatal("no bracket ahead while the groups play")
	}
	playStages(t, s, func(st *action.State) bool { return len(st.Progress().Stages) == 2 })

	st := s.state()
	// The bracket drawn once the groups are over is the one shown ahead.
	drawn := st.Progress().Stages[1].Bracket
	if len(drawn.Matches) != len(ahead.Matches) {
		t.Fatalf("the knockout drawn has %d matches, the one ahead %d", len(drawn.Matches), len(ahead.Matches))
	}
	for i, m := range drawn.Matches {
		if m.Slots != ahead.Matches[i].Slots || m.Part != ahead.Matches[i].Part {
			t.Errorf("match %d drawn %+v, shown ahead %+v", m.ID, m, ahead.Matches[i])
		}
	}
	if _, _, ok := st.Ahead(st.Progress()); ok {
		t.Error("a bracket ahead once it is drawn")
	}
	groups := st.Progress().Stages[0].Fields
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		tables := pageTables(st, lang)
		mark := i18n.T{Zh: "出线", En: "Q"}.In(lang)
		for g, tab := range tables[sheet.KindGroup] {
			rank := groups[g].Ranking()
			for i, r := range groupRows(tab) {
				name := playerName(&st.Event, rank[i].Entrant)
				if !strings.HasSuffix(r[0], " "+name) || tab.Rows[i][0].Text != rank[i].PlaceLabel() {
					t.Errorf("%s group %d row %d is %v (place %s), want %s placed %s", lang, g+1, i+1, r, tab.Rows[i][0].Text, name, rank[i].PlaceLabel())
				}
				if want := map[bool]string{true: mark, false: ""}[i < 2]; r[2] != want {
					t.Errorf("%s group %d: %s is marked %q, want %q", lang, g+1, name, r[2], want)
				}
			}
			// Each row's games add up to its score; the diagonal is
			// nobody's game; the lower number wins every game, so the
			// last lost them all.
			for i, row := range tab.Rows {
				var sum engine.Points
				for j, c := range row[2:6] {
					if j == i {
						if c.Text != "×" {
							t.Errorf("%s group %d row %d's own column is %q", lang, g+1, i+1, c.Text)
						}
						continue
					}
					p, err := engine.ParsePoints(c.Text)
					if err != nil {
						t.Fatalf("%s group %d row %d: %q: %v", lang, g+1, i+1, c.Text, err)
					}
					sum += p
				}
				if sum.String() != row[6].Text {
					t.Errorf("%s group %d row %d: the games add up to %s, the score is %s", lang, g+1, i+1, sum, row[6].Text)
				}
			}
			if rows := groupRows(tab); rows[3][1] != "0" {
				t.Errorf("%s group %d scores %v, want 0 last", lang, g+1, rows)
			}
		}
		brackets := tables[sheet.KindBracket]
		if len(brackets) != 1 || brackets[0].Bracket == nil {
			t.Fatalf("%s: %d brackets after the groups, want 1", lang, len(brackets))
		}
		semis := brackets[0].Bracket.Parts[0].Rounds[0].Matches
		winner := func(g, k int) string { return playerName(&st.Event, groups[g].Ranking()[k].Entrant) }
		if len(semis) != 2 || semis[0].Sides[0].Text != winner(0, 0) || semis[0].Sides[1].Text != winner(1, 1) {
			t.Errorf("%s semi-finals %+v, want group 1's winner %s v group 2's runner-up %s", lang, semis, winner(0, 0), winner(1, 1))
		}
		html := livePage(t, st, lang)
		must(t, html, `<section class="t group" id="group">`, `<section class="t bracket" id="bracket">`, `<div class="match">`, winner(0, 0))
		// One language: in English, the only Chinese is what was typed
		// (the event's name) and the switch to Chinese.
		rest := strings.NewReplacer(st.Event.Name, "", "中文", "").Replace(html)
		if lang == i18n.En && strings.ContainsFunc(rest, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
			t.Errorf("Chinese words on the English page")
		}
	}
	s.withPainter(testpainter.Open(t))
	r := s.send("org", "/bracket 图片", false)
	must(t, r.Text, "对阵表：图片 2 张") // the groups side by side, the bracket
}

// R-F-7, seed 000 范文三: groups → finals by place. The page shows the
// two groups' tables, then each place's final with what it is for.
func TestGroupsThenFinalsByPlaceViews_R_F_7(t *testing.T) {
	s := stagedScript(t, 8, "分组 2 前2 > 同名次决赛", "分组 2组 前2 > 同名次决赛")
	must(t, s.say("org", "/start"), "开赛")
	playStagesOut(t, s)
	st := s.state()
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		tables := pageTables(st, lang)
		if len(tables[sheet.KindGroup]) != 2 || len(tables[sheet.KindBracket]) != 1 {
			t.Fatalf("%s: %d groups and %d brackets, want 2 and 1", lang, len(tables[sheet.KindGroup]), len(tables[sheet.KindBracket]))
		}
		finals := tables[sheet.KindBracket][0].Bracket.Parts[0].Rounds[0].Matches
		caption := [2]string{i18n.T{Zh: "争冠亚军", En: "for 1st and 2nd"}.In(lang), i18n.T{Zh: "争第3、4名", En: "for 3rd and 4th"}.In(lang)}
		for k, m := range finals {
			if m.Caption != caption[k] || !m.Decided || m.Score == "" {
				t.Errorf("%s final %d: %q %s %+v, want %q decided", lang, k+1, m.Caption, m.Score, m.Sides, caption[k])
			}
		}
		must(t, livePage(t, st, lang), caption[0], caption[1])
	}
}

// teamBracketViews checks the finished team knockout of
// TestScenarioTeamKnockout4 on its page, its print and its pictures: each
// match with the two teams, their game points (局分) and boards won, and
// how a level match was settled — the blitz board of M2, the top boards
// (台次) of the final.
func teamBracketViews(t *testing.T, s *script) {
	t.Helper()
	st := s.state()
	for _, tt := range []struct {
		lang               i18n.Lang
		blitz, top, boards string
	}{{i18n.Zh, "快棋加赛", "台次", "胜台 2:0"}, {i18n.En, "blitz", "top boards", "boards won 2–0"}} {
		brackets := pageTables(st, tt.lang)[sheet.KindBracket]
		if len(brackets) != 1 {
			t.Fatalf("%s: %d brackets on the page, want 1", tt.lang, len(brackets))
		}
		b := brackets[0].Bracket
		semis, final := b.Parts[0].Rounds[0].Matches, b.Parts[0].Rounds[1].Matches[0]
		for _, c := range []struct {
			m                sheet.BracketMatch
			first, second    string
			points           [2]string
			tie, winner, won string
		}{
			{semis[0], "红星", "黄河", [2]string{"5", "1"}, "", "红星", tt.boards},
			{semis[1], "东方", "长城", [2]string{"3", "3"}, tt.blitz, "长城", ""},
			{final, "红星", "长城", [2]string{"3", "3"}, tt.top, "长城", ""},
		} {
			m := c.m
			if m.Sides[0].Text != c.first || m.Sides[1].Text != c.second || m.Points != c.points || m.Tie != c.tie ||
				m.Winner < 0 || m.Sides[m.Winner].Text != c.winner || (c.won != "" && m.Boards != c.won) {
				t.Errorf("%s %s: %s %v %s, tie %q, %q, winner %d; want %s %v %s, tie %q, %s wins",
					tt.lang, m.Label, m.Sides[0].Text, m.Points, m.Sides[1].Text, m.Tie, m.Boards, m.Winner, c.first, c.points, c.second, c.tie, c.winner)
			}
		}
		must(t, livePage(t, st, tt.lang), `<section class="t bracket"`, tt.top, tt.blitz, tt.boards)
	}
	r := s.export("org", "/export print")
	if r.File == nil {
		t.Fatalf("/export print = %q, no file", r.Text)
	}
	must(t, string(r.File.Data), `<section class="t bracket"`, "台次", "快棋加赛", "胜台 2:0")
	s.withPainter(testpainter.Open(t))
	if r := s.send("org", "/bracket 图片", false); r.File == nil || !bytes.HasPrefix(r.File.Data, []byte("\x89PNG")) {
		t.Errorf("/bracket picture of the team knockout = %q, want a PNG", r.Text)
	}
}

// R-F-4: the live page of a knockout and of a double elimination shows
// the bracket from the start, with the round's pairings once published.
func TestKnockoutPageBracket_R_F_4(t *testing.T) {
	for _, tt := range []struct {
		settings []string
		parts    []string
	}{
		{nil, []string{"淘汰赛"}},
		{[]string{"format 双淘汰"}, []string{"胜者组", "败者组", "总决赛"}},
	} {
		h := koEvent(t, 6, tt.settings...)
		st := h.state()
		tables := pageTables(st, i18n.Zh)
		if len(tables[sheet.KindBracket]) != 1 {
			t.Fatalf("%v: %d brackets on the page at the start, want 1", tt.settings, len(tables[sheet.KindBracket]))
		}
		var parts []string
		for _, p := range tables[sheet.KindBracket][0].Bracket.Parts {
			parts = append(parts, p.Title)
		}
		if strings.Join(parts, " ") != strings.Join(tt.parts, " ") {
			t.Errorf("%v: the bracket's parts %v, want %v", tt.settings, parts, tt.parts)
		}
		koRound(t, h)
		st = h.state()
		tables = pageTables(st, i18n.En)
		if len(tables[sheet.KindPairings]) != 1 || len(tables[sheet.KindBracket]) != 1 {
			t.Errorf("%v: after a round the page has %d pairings and %d brackets, want 1 and 1", tt.settings, len(tables[sheet.KindPairings]), len(tables[sheet.KindBracket]))
		}
		must(t, livePage(t, st, i18n.En), `<section class="t bracket" id="bracket">`, `<div class="side win">`)
	}
}

// /bracket picture of a big double elimination in the group sends the pages the
// group's budget allows (groupPages) and says where the whole is.
func TestBracketPictureCut(t *testing.T) {
	h := koEvent(t, 200, "format 双淘汰")
	h.withPainter(testpainter.Open(t))
	r := h.send("org", "/bracket 图片", false)
	must(t, r.Text, "对阵表共", fmt.Sprintf("这里是前 %d 页", groupPages), "/web")
}

// R-F-3, seed 000 范文三: while the first groups play, the page names the
// stages after them in words under the last group.
func TestStagesAheadNamed_R_F_3(t *testing.T) {
	s := stagedScript(t, 20, "分组 5 前2 > 分组 2 前2 > 同名次决赛", "分组 5组 前2 > 分组 2组 前2 > 同名次决赛")
	must(t, s.say("org", "/start"), "开赛")
	for lang, want := range map[i18n.Lang]string{
		i18n.Zh: "之后：分组循环（2 组，各组前 2 名出线） > 同名次决赛（本阶段结束后抽定）",
		i18n.En: "Then: groups (2, the top 2 of each go on) > finals by place (drawn when this stage ends)",
	} {
		groups := pageTables(s.state(), lang)[sheet.KindGroup]
		if len(groups) != 5 {
			t.Fatalf("%s: %d groups on the page, want 5", lang, len(groups))
		}
		must(t, strings.Join(groups[4].Footer, "\n"), want)
	}
}

// §11.1: a team double elimination's page shows its winners' and losers'
// brackets from the start, each match scored by its boards once played.
func TestTeamDoubleEliminationPage(t *testing.T) {
	s := newScript(t)
	must(t, s.say("org", "/event new 团体杯 团体赛 双淘汰"), "已创建团体赛")
	s.pinSeed(3)
	must(t, s.say("org", "/event set boards 3"), "台数 = 3")
	must(t, s.say("org", "/event set seeding entered"), "报名顺序")
	enterKnockoutTeams(t, s)
	must(t, s.say("org", "/start"), "开赛！")
	var parts []string
	for _, p := range pageTables(s.state(), i18n.Zh)[sheet.KindBracket][0].Bracket.Parts {
		parts = append(parts, p.Title)
	}
	if strings.Join(parts, " ") != "胜者组 败者组 总决赛" {
		t.Errorf("the bracket's parts %v, want the winners', the losers' and the grand final", parts)
	}
	must(t, s.say("org", "/pair"), "预览")
	must(t, s.publishes("org", "/publish"), "第1轮对阵")
	s.playRound(1, map[[2]string]string{{"红星", "黄河"}: "WWD", {"东方", "长城"}: "LDD"})
	b := pageTables(s.state(), i18n.En)[sheet.KindBracket][0].Bracket
	first := b.Parts[0].Rounds[0].Matches
	if m := first[0]; m.Score != "5–1" || m.Boards != "boards won 2–0" || m.Sides[m.Winner].Text != "红星" {
		t.Errorf("M1 %s %q %q, want 红星 5–1 with 2 boards to 0", m.Score, m.Boards, m.Sides[max(m.Winner, 0)].Text)
	}
	if m := first[1]; m.Score != "2–4" || m.Sides[m.Winner].Text != "长城" {
		t.Errorf("M2 %s, want 长城 4–2", m.Score)
	}
	losers := b.Parts[1].Rounds[0].Matches[0]
	if losers.Sides[0].Text != "黄河" && losers.Sides[1].Text != "黄河" {
		t.Errorf("the losers' bracket opens with %s v %s, want 黄河 in it", losers.Sides[0].Text, losers.Sides[1].Text)
	}
}
