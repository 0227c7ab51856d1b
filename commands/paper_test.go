package commands

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/paper"
	"github.com/qisai/qisai/picture"
	"github.com/qisai/qisai/sheet"
)

// paperFont is the font the certificates' pictures are drawn in by the
// transcript: the one scripts/test installs.
const paperFont = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

// export is user typing an /export in the group: the reply and its file
// go into the transcript, and the files the step queued (flush writes
// them as [file: NAME]).
func (s *script) export(user, text string) Reply {
	s.t.Helper()
	r := s.run(user, "zh", text, false)
	if r.File != nil {
		fmt.Fprintf(&s.out, "  [file: %s]\n", r.File.Name)
	}
	return r
}

// queuedFiles are the files the last step queued for the chat to.
func (s *script) queuedFiles(to string) []*chat.File {
	var out []*chat.File
	for _, m := range s.last[to] {
		if m.File != nil {
			out = append(out, m.File)
		}
		out = append(out, m.Album...) // pictures shown together
	}
	return out
}

// TestPapersScenario runs a club's 6-player Swiss of 3 rounds through the
// chat with its papers: the details set for them (/event set 主办, 地点,
// 录取名次), the programme before the start and after it, the workbook
// while it runs, the results booklet and the certificates once it is
// over — the host changed after the finish, which the certificates then
// carry — and the refusals before there is anything to show.
func TestPapersScenario(t *testing.T) {
	if _, err := os.Stat(paperFont); err != nil {
		t.Skipf("the certificates' pictures are drawn in %s, not installed (apt-get install fonts-droid-fallback; scripts/test does)", paperFont)
	}
	s := newScript(t)
	pt, err := picture.Open(paperFont)
	if err != nil {
		t.Fatal(err)
	}
	s.svc.painter = pt

	s.heading("筹备")
	s.say("org", "/event new 校园象棋赛 rounds 3")
	s.pinSeed(5)
	must(t, s.say("org", "/event set 主办 实验中学象棋协会"), "已设置：主办单位 = 实验中学象棋协会")
	must(t, s.say("org", "/event set 地点 实验中学体育馆"), "比赛地点 = 实验中学体育馆")
	must(t, s.say("org", "/event set 录取名次 2"), "奖项 = 总排名前 2 名") // the prizes setting's alias
	must(t, s.say("org", "/event set 录取名次 many"), "奖项 不能设为「many」", "获奖名次数，如 8")
	s.say("org", "/event set 用时 25分+5秒")
	s.say("org", "/event set 迟到 15")
	must(t, s.say("org", "/export 成绩册"), "还没有成绩", "/export 秩序册")
	must(t, s.say("org", "/export 奖状"), "还没有名次")
	s.say("org", "/signup open")
	for _, p := range []struct{ user, name, unit string }{
		{"wang", "王天一", "一中"}, {"zheng", "郑惟桐", "二中"}, {"zhao", "赵鑫鑫", "一中"},
		{"xu", "许银川", "三中"}, {"hong", "洪智", "二中"}, {"lv", "吕钦", "三中"},
	} {
		s.say(p.user, "/join "+p.name+" "+p.unit)
	}
	r := s.export("org", "/export 秩序册")
	must(t, r.Text, "校园象棋赛_秩序册.html", "开赛前的序号是报名顺序")
	doc := html.UnescapeString(string(r.File.Data))
	must(t, doc, "实验中学象棋协会", "实验中学体育馆", "积分编排制，共3轮", "25分+5秒", "开赛15分钟后仍未到场者判负", "录取前2名", "序号为报名顺序")

	s.heading("比赛")
	s.say("org", "/start")
	for round := 1; round <= 3; round++ {
		s.say("org", "/pair")
		s.say("org", "/publish")
		if round == 1 {
			r := s.export("org", "/export programme")
			must(t, string(r.File.Data), "第一轮对阵")
			if strings.Contains(r.Text, "开赛前") {
				t.Errorf("the programme after the start says its numbers are not fixed: %q", r.Text)
			}
		}
		for _, g := range s.state().Event.Rounds[round-1].Games {
			code := map[int]string{1: "1-0", 2: "1/2", 3: "0-1"}[g.Board]
			s.say("org", fmt.Sprintf("/result %d %s", g.Board, code))
		}
		if round == 2 {
			r := s.export("org", "/export xlsx")
			checkWorkbook(t, r, s.state().Event.Name, []string{"第2轮后排名", "获奖名单", "成绩表", "第1轮对阵", "第2轮对阵", "参赛名单"})
		}
	}

	s.heading("结束")
	s.say("org", "/finish")
	must(t, s.say("org", "/event set 主办 实验中学棋类协会"), "已设置：主办单位 = 实验中学棋类协会")
	r = s.export("org", "/export 成绩册")
	must(t, r.Text, "校园象棋赛_成绩册.html")
	if strings.Contains(r.Text, "尚未结束") {
		t.Errorf("the booklet of a finished event says it is not over: %q", r.Text)
	}
	must(t, string(r.File.Data), "获奖名单", "最终排名", "成绩表", "第3轮对阵", "组织与裁判", "org")
	r = s.export("org", "/export 奖状")
	must(t, r.Text, "奖状 2 张", "每张另附图片")
	files := s.queuedFiles("group")
	// The print page first, then the pictures (one album, whichever
	// message went first).
	page := func(f *chat.File) bool { return strings.HasSuffix(f.Name, ".html") }
	slices.SortStableFunc(files, func(a, b *chat.File) int {
		if page(a) == page(b) {
			return 0
		}
		if page(a) {
			return -1
		}
		return 1
	})
	if len(files) != 3 || !strings.HasSuffix(files[0].Name, ".html") {
		t.Fatalf("the certificates' files: %v, want the print page and two pictures", files)
	}
	must(t, string(files[0].Data), "实验中学棋类协会", "个人第一名", "个人第二名", "2026年3月1日")
	for _, f := range files[1:] {
		if !strings.HasSuffix(f.Name, ".png") || !bytes.HasPrefix(f.Data, []byte("\x89PNG")) {
			t.Errorf("%s is not a PNG picture", f.Name)
		}
	}
	s.golden("papers.txt")
}

// checkWorkbook opens the workbook an export replied with and checks its
// worksheets and the event's name at the top of each.
func checkWorkbook(t *testing.T, r Reply, event string, sheets []string) {
	t.Helper()
	if r.File == nil || !strings.HasSuffix(r.File.Name, ".xlsx") {
		t.Fatalf("/export xlsx replied %q without a workbook", r.Text)
	}
	f, err := excelize.OpenReader(bytes.NewReader(r.File.Data))
	if err != nil {
		t.Fatalf("excelize cannot open %s: %v", r.File.Name, err)
	}
	defer f.Close()
	if got := f.GetSheetList(); strings.Join(got, " ") != strings.Join(sheets, " ") {
		t.Errorf("worksheets %q, want %q", got, sheets)
	}
	for _, name := range f.GetSheetList() {
		if v, _ := f.GetCellValue(name, "A1"); v != event {
			t.Errorf("%s: A1 is %q, want the event's name %q", name, v, event)
		}
	}
}

// TestPapersInTheEventsLanguage: an English event's papers are in
// English whoever asks: a Chinese reader's /export 成绩册 in its group
// gets them in English, as everything the group hears is.
func TestPapersInTheEventsLanguage(t *testing.T) {
	h := newHarness(t)
	swissAfter(t, h, 2, results)
	h.sendAs("org", "en", "/event set lang en")
	r := h.sendAs("li", "en", "/export programme")
	if r.File == nil || !strings.Contains(string(r.File.Data), `<html lang="en">`) || !strings.Contains(r.File.Name, "programme") {
		t.Fatalf("the English event's programme: %q, %v", r.Text, r.File)
	}
	r = h.send("li", "/export 成绩册", false) // the user speaks Chinese
	if r.File == nil || !strings.Contains(string(r.File.Data), "Prize winners") || strings.Contains(string(r.File.Data), "获奖名单") {
		t.Fatalf("the English event's booklet asked for in Chinese: %q", r.Text)
	}
	must(t, r.Text, "The results booklet of", "results_booklet.html")
}

// TestPapersXLSXMatchesTheSheets: the workbook /export xlsx sends holds
// the event's standings cell by cell as the chat's sheets have them.
func TestPapersXLSXMatchesTheSheets(t *testing.T) {
	h := newHarness(t)
	swissAfter(t, h, 3, results)
	f := openWorkbook(t, h.send("li", "/export xlsx", false))
	want := sheet.Standings(sheetOf(h.state()), i18n.Zh)
	checkCells(t, f, want)
	// The event's name, then its details: none set, the rounds' dates.
	rows, err := f.GetRows(want.Title)
	if err != nil {
		t.Fatal(err)
	}
	if d := rows[1]; len(d) == 0 || d[0] != "日期："+paper.Date(h.now, i18n.Zh) {
		t.Errorf("the details line %q, want the rounds' date", d)
	}
}

// chatPapers are every paper /export makes of the group's event, by the
// word asked, as the text of its files (a workbook: its worksheets'
// names), the refusal's text where there is none.
func chatPapers(t *testing.T, s *script) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, word := range []string{"xlsx", "programme", "booklet", "certificates"} {
		r := s.send("org", "/export "+word, false)
		files := filesOf(s, r)
		if len(files) == 0 {
			out[word] = r.Text
			continue
		}
		var text strings.Builder
		for _, f := range files {
			if !strings.HasSuffix(f.Name, ".xlsx") {
				text.WriteString(html.UnescapeString(string(f.Data)))
				continue
			}
			wb, err := excelize.OpenReader(bytes.NewReader(f.Data))
			if err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
			text.WriteString(strings.Join(wb.GetSheetList(), " "))
			wb.Close()
		}
		out[word] = text.String()
	}
	return out
}

// TestPapersOfEveryFormat: a team event's papers show its teams — their
// rosters in the programme, the team and board standings and the team
// crosstable in the booklet and the workbook, a certificate for the
// leading team and each board's best — and a knockout's its format and
// its final ranking, its certificates once every match is played.
func TestPapersOfEveryFormat(t *testing.T) {
	s := teamRoundPlayed(t)
	got := chatPapers(t, s)
	must(t, got["programme"], "团体赛", "每场5台", "场分", "参赛名单（20人）", "1 A", "A5", "第一轮对阵")
	must(t, got["xlsx"], "团体排名", "台次成绩", "团体成绩表", "第1轮对阵（团体）", "参赛名单")
	must(t, got["booklet"], "获奖名单", "团体", "第1台", "台次成绩", "团体成绩表")
	must(t, got["certificates"], "团体第一名", "第1台第一名")

	h := koEvent(t, 4)
	ko := &script{harness: h, t: t}
	koRound(t, h)
	got = chatPapers(t, ko)
	must(t, got["programme"], "淘汰赛。", "淘汰赛猜先（R-C-3）")
	must(t, got["certificates"], "最终名次要等所有对局结束后才有")
	koPlay(t, h)
	got = chatPapers(t, ko)
	must(t, got["booklet"], "最终名次", "P1", "第2轮对阵")
	must(t, got["certificates"], "P1：", "个人第一名", "个人第三名（并列）")
}
