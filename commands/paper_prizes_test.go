package commands

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// certificateLines reads the certificates /export 奖状 sends, as
// "recipient prize" lines, each with its players' line where a team's.
func certificateLines(t *testing.T, r Reply) []string {
	t.Helper()
	if r.File == nil {
		t.Fatalf("/export 奖状 sent no page: %q", r.Text)
	}
	part := regexp.MustCompile(`<p class="(recipient|prize|members)">([^<]*)</p>`)
	var out []string
	for _, m := range part.FindAllStringSubmatch(string(r.File.Data), -1) {
		text := html.UnescapeString(m[2])
		if m[1] == "recipient" {
			out = append(out, text)
		} else {
			out[len(out)-1] += " " + text
		}
	}
	return out
}

// TestR_T_8_OldAwardsLog: an event whose log set 录取名次 as the papers'
// own detail (DetailsSet.Awards, before it was the prizes setting's alias)
// still reads, and its certificates are what they were: one for each of
// the first five places of the standings, a shared place's saying so.
func TestR_T_8_OldAwardsLog(t *testing.T) {
	h := newHarness(t)
	swissAfter(t, h, 5, results)
	five := 5
	if _, err := h.store.Update(context.Background(), h.eventID(), action.Actor{Platform: "console", User: "org"}, "",
		func(ch *storage.Change) error { return ch.Append(&action.DetailsSet{Awards: &five}) }); err != nil {
		t.Fatal(err)
	}
	must(t, h.say("org", "/finish"), "结束")
	st := h.state()
	if st.Info.Awards != 5 || st.Awards.Prizes != 0 {
		t.Fatalf("the old log reads 录取名次 %d, prizes %d: want the detail as it was written", st.Info.Awards, st.Awards.Prizes)
	}
	var want []string
	for _, s := range engine.Standings(&st.Event) {
		if s.Place > 5 {
			continue
		}
		p, _ := st.Event.Player(s.Player)
		prize := "个人第" + map[int]string{1: "一", 2: "二", 3: "三", 4: "四", 5: "五"}[s.Place] + "名"
		if s.Shared {
			prize += "（并列）"
		}
		want = append(want, p.Name+"（"+p.Unit+"）： "+prize)
	}
	r := h.send("org", "/export 奖状", false)
	got := certificateLines(t, r)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the old log's certificates\n%s\nwant the first five of the standings\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	must(t, r.Text, fmt.Sprintf("奖状 %d 张（个人 %d 张", len(want), len(want)))
	must(t, h.say("org", "/log"), "录取名次 5")
}

// TestR_T_10_CertificatesByCategoryAndTeam: the school's mixed event with
// prizes overall, per category and for the classes' 团体总分 of place
// points gives a certificate for each, as the prize winners table names
// them; its workbook holds each category's ranking and
// the 团体总分, cell by cell as the chat's sheets have them.
func TestR_T_10_CertificatesByCategoryAndTeam(t *testing.T) {
	s := newScript(t)
	s.say("org", "/event new 校园象棋赛 rounds 3")
	s.pinSeed(3)
	s.say("org", "/event set 组别 男子,女子")
	s.say("org", "/signup open")
	joinPupils(t, s)
	must(t, s.say("org", "/event set 录取名次 3"), "总排名前 3 名")
	must(t, s.say("org", "/event set 奖项 女子 2"), "女子前 2 名")
	must(t, s.say("org", "/event set prizes 团体 2"), "团体前 2 名")
	must(t, s.say("org", "/event set 名次分 10,7,5,4,3,2,1"), "10,7,5,4,3,2,1")
	s.say("org", "/start")
	for round := 1; round <= 3; round++ {
		s.say("org", "/pair")
		s.say("org", "/publish")
		for _, g := range s.state().Event.Rounds[round-1].Games {
			res := "1-0"
			if g.Black < g.Red {
				res = "0-1"
			}
			s.say("org", fmt.Sprintf("/result %d %s", g.Board, res))
		}
	}
	must(t, s.say("org", "/finish"), "结束")
	e := sheetOf(s.state())
	var want []string // as the prize winners table names them, the classes last
	for _, row := range sheet.Prizes(e, i18n.Zh).Rows {
		if row[3].Text == "" {
			want = append(want, row[2].Text+"：")
		} else {
			want = append(want, row[2].Text+"（"+row[3].Text+"）：")
		}
	}
	got := certificateLines(t, s.send("org", "/export 奖状", false))
	if len(got) != len(want) || len(want) != 3+2+2 {
		t.Fatalf("certificates\n%s\nwant 3 overall, 2 女子, 2 classes: %q", strings.Join(got, "\n"), want)
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], w) {
			t.Errorf("certificate %d: %q, want it for %q", i+1, got[i], w)
		}
	}
	must(t, strings.Join(got, "\n"), "个人第一名", "女子组第一名", "女子组第二名", "团体第一名 队员：", "团体第二名 队员：")

	f := openWorkbook(t, s.send("org", "/export xlsx", false))
	for _, tab := range []sheet.Table{sheet.CategoryStandings(e, "男子", i18n.Zh), sheet.CategoryStandings(e, "女子", i18n.Zh), sheet.PlacePoints(e, i18n.Zh)} {
		checkCells(t, f, tab)
	}
}

// openWorkbook reads the workbook /export xlsx answered with, as a
// spreadsheet would.
func openWorkbook(t *testing.T, r Reply) *excelize.File {
	t.Helper()
	if r.File == nil {
		t.Fatalf("no workbook: %q", r.Text)
	}
	f, err := excelize.OpenReader(bytes.NewReader(r.File.Data))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// checkCells reads worksheet tab.Title against tab: its title above the
// headings, each heading in full, each cell's text, places and names as
// text and points as numbers.
func checkCells(t *testing.T, f *excelize.File, tab sheet.Table) {
	t.Helper()
	rows, err := f.GetRows(tab.Title)
	if err != nil {
		t.Fatalf("no worksheet %q: %v (have %q)", tab.Title, err, f.GetSheetList())
	}
	// The event's name, its details where known, the title, its note
	// where it has one, then the headings.
	title := slices.IndexFunc(rows, func(r []string) bool { return len(r) > 0 && r[0] == tab.Title })
	head := title + 1
	if tab.Note != "" {
		head++
	}
	if title < 0 || len(rows) < head+1+len(tab.Rows) {
		t.Fatalf("%s: rows %q", tab.Title, rows[:min(len(rows), 5)])
	}
	for j, c := range tab.Columns {
		if rows[head][j] != c.Heading() {
			t.Errorf("%s: heading %d %q, want %q", tab.Title, j+1, rows[head][j], c.Heading())
		}
	}
	for i, row := range tab.Rows {
		for j, c := range row {
			got := ""
			if j < len(rows[head+1+i]) {
				got = rows[head+1+i][j]
			}
			if got != c.Text {
				t.Errorf("%s row %d column %d: %q, want %q", tab.Title, i+1, j+1, got, c.Text)
			}
		}
	}
	// A total of points is a number a spreadsheet adds up; a place is text.
	if tab.Title == sheet.PlacePoints(sheet.Event{}, i18n.Zh).Title && len(tab.Rows) > 0 {
		typ, err := f.GetCellType(tab.Title, cellName(3, head+2))
		if err != nil || typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
			t.Errorf("%s: the first total is stored as %v (%v), want a number", tab.Title, typ, err)
		}
	}
}

// cellName is the name of the cell at col and row, from 1: "C5".
func cellName(col, row int) string {
	name, _ := excelize.CoordinatesToCellName(col, row)
	return name
}

// TestTeamWorkbook: a team event's workbook holds its team standings, its
// board standings and each round's matches board by board, cell by cell
// as the chat's sheets have them.
func TestTeamWorkbook(t *testing.T) {
	s := teamRoundPlayed(t)
	f := openWorkbook(t, s.send("org", "/export xlsx", false))
	e := sheetOf(s.state())
	tables := sheet.StandingsTables(e, i18n.Zh, 0)
	round := sheet.Pairings(e, 1, i18n.Zh)
	if len(round.Rows) == 0 {
		t.Fatal("round 1 has no matches")
	}
	for _, tab := range append(tables, round) {
		checkCells(t, f, tab)
	}
}

// TestR_T_8_PrizesSetting: the one prize setting in both languages — a
// team event's prizes are its teams' (团体 or not) and it has no
// categories; an individual event's team prizes are beside its overall
// ones; 录取名次 is the overall's; and the prize places may still change
// once the event is over, for the certificates of the prize-giving.
func TestR_T_8_PrizesSetting(t *testing.T) {
	s := teamRoundPlayed(t)
	must(t, s.say("org", "/event set prizes 女子 3"), "团体赛按队排名，不分组别")
	must(t, s.say("org", "/event set 奖项 团体 2"), "奖项 = 团体前 2 名")
	must(t, s.say("org", "/event set 录取名次 1"), "奖项 = 团体前 1 名")

	h := newHarness(t)
	swissAfter(t, h, 5, results)
	must(t, h.say("org", "/event set prizes 团体 2"), "奖项 = 团体前 2 名")
	must(t, h.say("org", "/event set 录取名次 前4名"), "奖项 = 总排名前 4 名，团体前 2 名")
	must(t, h.say("org", "/finish"), "结束")
	must(t, h.say("org", "/event set prizes 5"), "奖项 = 总排名前 5 名，团体前 2 名")
	must(t, h.sendAs("org", "en", "/event set awards 6").Text, "prizes = overall: 6; teams: 2")
	must(t, h.say("org", "/event set 名次分 10,7"), "比赛已经结束")
	if got := certificateLines(t, h.send("org", "/export 奖状", false)); len(got) != 6 {
		t.Errorf("%d certificates after the prizes went to 6 at the prize-giving: %q", len(got), got)
	}
}
