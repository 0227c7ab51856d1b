package commands

import (
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/trf"
)

// exported is the file an export reply carries, its name and content; the
// reply's text names it.
func exported(t *testing.T, r Reply) (name, content string) {
	t.Helper()
	if r.File == nil {
		t.Fatalf("the export reply %q carries no file", r.Text)
	}
	if !strings.Contains(r.Text, r.File.Name) {
		t.Errorf("the export reply %q does not name its file %s", r.Text, r.File.Name)
	}
	return r.File.Name, string(r.File.Data)
}

// TRF export reads back as the event, in the form TRF holds it.
func TestExportTRFReadsBack(t *testing.T) {
	h := newHarness(t)
	id := swissAfter(t, h, 3, results)
	name, content := exported(t, h.send("li", "/export trf", false))
	if name != "春季赛_2026.trf" {
		t.Errorf("file name %q, want 春季赛_2026.trf", name)
	}
	back, err := trf.Read(strings.NewReader(content), name)
	if err != nil {
		t.Fatalf("trf.Read: %v\n%s", err, content)
	}
	st, err := h.store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	want := trfForm(st.Event)
	if back.Name != want.Name || !reflect.DeepEqual(back.Players, want.Players) || !reflect.DeepEqual(back.Rounds, want.Rounds) {
		t.Errorf("read back\n%+v\nwant\n%+v", back, want)
	}
	s := back.Settings
	if s.Rounds != 5 || s.Scoring != engine.ScoringTwoOne || s.ByeValue != engine.Pts(2) {
		t.Errorf("settings read back: rounds %d, scoring %v, bye %v", s.Rounds, s.Scoring, s.ByeValue)
	}
	// The scores the file carries are the event's.
	for _, p := range engine.Standings(back) {
		if p.Score != engine.Score(st.Event.Histories()[p.Player]) {
			t.Errorf("player %d scores %v read back", p.Player, p.Score)
		}
	}
}

// trfForm is ev as trf.Read returns it: games numbered in the order of
// their lower starting rank, byes by rank, and only what TRF holds.
func trfForm(ev engine.Event) engine.Event {
	out := engine.Event{Name: ev.Name}
	for _, p := range ev.Players {
		out.Players = append(out.Players, engine.Player{ID: p.ID, Name: p.Name, Unit: p.Unit, Rating: p.Rating})
	}
	for _, rd := range ev.Rounds {
		var r engine.Round
		for _, g := range rd.Games {
			r.Games = append(r.Games, engine.Game{Red: g.Red, Black: g.Black, Result: g.Result, RedFouls: g.RedFouls, BlackFouls: g.BlackFouls})
		}
		slices.SortFunc(r.Games, func(a, b engine.Game) int { return cmp.Compare(min(a.Red, a.Black), min(b.Red, b.Black)) })
		for i := range r.Games {
			r.Games[i].Board = i + 1
		}
		for _, b := range rd.Byes {
			by := engine.Bye{Player: b.Player, Kind: b.Kind}
			if b.Kind == engine.PairingBye { // TRF keeps a pairing bye's colour (R-S-3)
				by.Colour = b.Colour
			}
			r.Byes = append(r.Byes, by)
		}
		slices.SortFunc(r.Byes, func(a, b engine.Bye) int { return cmp.Compare(a.Player, b.Player) })
		out.Rounds = append(out.Rounds, r)
	}
	return out
}

// awkward are players whose names and units a CSV file must quote or
// defuse: a comma and quotes in a name (a line break is refused at entry;
// TestSheetCSV has one), a unit a spreadsheet would take for a formula.
var awkward = []struct{ name, unit string }{
	{"王天一", "杭州"}, {"Li, \"Tiger\" Jr", "=1+2"}, {"Bob", ""}, {"赵鑫鑫", "浙江,一队"}, {"@Ann", "-"},
}

// The CSV export is two files, the standings and the crosstable with every
// tiebreak, that read back with encoding/csv cell by cell as the sheets
// hold them: UTF-8 behind a byte order mark for Excel, headings in full,
// names whole, cells a spreadsheet would evaluate marked as text.
func TestExportCSV(t *testing.T) {
	h := newHarness(t)
	id := swissOf(t, h, awkward, 2, results)
	st, err := h.store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	// What the files hold of the cells a spreadsheet would evaluate.
	defused := map[string]string{"=1+2": "'=1+2", "@Ann": "'@Ann", "-": "'-"}
	for _, tt := range []struct {
		lang  i18n.Lang
		cmd   string
		files []string
		head  string
	}{
		{i18n.Zh, "/导出 表格", []string{"春季赛_2026_排名.csv", "春季赛_2026_成绩表.csv"}, "名次,号,姓名,单位,积分,对手分,胜局,犯规（少者优先）"},
		{i18n.En, "/export csv", []string{"春季赛_2026_standings.csv", "春季赛_2026_crosstable.csv"}, "Place,No,Name,Unit,Points,Buchholz,wins,fouls (fewer first)"},
	} {
		r := h.sendAs("li", string(tt.lang), tt.cmd)
		files := h.files()
		if len(files) != 2 || files[0].Name != tt.files[0] || files[1].Name != tt.files[1] {
			t.Fatalf("%s: files %v, want %q", tt.lang, files, tt.files)
		}
		must(t, r.Text, tt.files[0], tt.files[1])
		for i, want := range []sheet.Table{sheet.Standings(sheetOf(st), tt.lang), sheet.Crosstable(sheetOf(st), tt.lang)} {
			name, data := files[i].Name, files[i].Data
			body, bom := bytes.CutPrefix(data, []byte("\ufeff"))
			if !bom || !bytes.HasSuffix(data, []byte("\r\n")) {
				t.Errorf("%s does not start with a byte order mark or end its lines in CRLF", name)
			}
			recs, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, body)
			}
			if len(recs) != 1+len(want.Rows) {
				t.Fatalf("%s: %d records for %d rows", name, len(recs), len(want.Rows))
			}
			for c, col := range want.Columns {
				if recs[0][c] != col.Heading() {
					t.Errorf("%s: heading %d %q, want %q", name, c+1, recs[0][c], col.Heading())
				}
			}
			for r, row := range want.Rows {
				for c, cell := range row {
					w, ok := defused[cell.Text]
					if !ok {
						w = cell.Text
					}
					if got := recs[r+1][c]; got != w {
						t.Errorf("%s: row %d cell %d %q, want %q", name, r+1, c+1, got, w)
					}
				}
			}
			if i == 0 && strings.Join(recs[0], ",") != tt.head {
				t.Errorf("%s: headings %q, want %q", name, strings.Join(recs[0], ","), tt.head)
			}
		}
	}
	// The name with a comma and quotes is one cell, whole.
	h.say("li", "/export csv")
	recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(h.files()[0].Data, []byte("\ufeff")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, rec := range recs[1:] {
		names = append(names, rec[2])
	}
	if !slices.Contains(names, "Li, \"Tiger\" Jr") || !slices.Contains(names, "'@Ann") || len(names) != len(awkward) {
		t.Errorf("names read back %q", names)
	}
}

// files drains the outbox and returns the files it held, in order.
func (h *harness) files() []*chat.File {
	h.t.Helper()
	var out []*chat.File
	for _, ms := range h.outbox() {
		for _, m := range ms {
			if m.File != nil {
				out = append(out, m.File)
			}
		}
	}
	return out
}

// /export without a format asks which, with a button for each.
func TestExportAsks(t *testing.T) {
	h := newHarness(t)
	swissAfter(t, h, 1, results)
	for _, tt := range []struct{ lang, text, buttons string }{
		{"zh", "导出哪种文件？", "表格 CSV → /export csv | Excel → /export xlsx | TRF → /export trf | 打印 → /export print | 秩序册 → /export programme | 成绩册 → /export booklet | 奖状 → /export certificates"},
		{"en", "Which file?", "CSV → /export csv | Excel → /export xlsx | TRF → /export trf | Print → /export print | Programme → /export programme | Results booklet → /export booklet | Certificates → /export certificates"},
	} {
		r := h.sendAs("li", tt.lang, "/export")
		must(t, r.Text, tt.text)
		if got := buttons(chat.Message{Buttons: r.Buttons}); got != tt.buttons {
			t.Errorf("%s: buttons %q, want %q", tt.lang, got, tt.buttons)
		}
	}
	must(t, h.say("li", "/export pdf"), "格式应是表格、打印、秩序册、成绩册、奖状、csv、trf、xlsx之一")
	must(t, h.sendAs("li", "en", "/export pdf").Text, "FORMAT must be one of csv, trf, print, xlsx, programme, booklet, certificates, not")
}

// /export print is one HTML file of the current round's papers: the
// pairing sheet, a score sheet a board, the crosstable and the standings.
func TestExportPrint(t *testing.T) {
	h := newHarness(t)
	swissAfter(t, h, 2, results)
	for _, tt := range []struct{ lang, cmd, name string }{
		{"zh", "/导出 打印", "春季赛_2026_第2轮.html"},
		{"en", "/export print", "春季赛_2026_round_2.html"},
	} {
		name, content := exported(t, h.sendAs("li", tt.lang, tt.cmd))
		if name != tt.name {
			t.Errorf("%s: file %q, want %q", tt.lang, name, tt.name)
		}
		if !strings.HasPrefix(strings.ToLower(content), "<!doctype html>") {
			t.Errorf("%s: not an HTML page: %.80q", tt.lang, content)
		}
		for _, p := range nine {
			if !strings.Contains(content, p.name) {
				t.Errorf("%s: the page does not name %s", tt.lang, p.name)
			}
		}
	}
	h2 := newHarness(t)
	h2.say("wang", "/event new 春季赛")
	must(t, h2.say("wang", "/export print"), "比赛还没有开始，还没有对阵")
	name, content := exported(t, h2.send("li", "/export trf", false))
	if name != "春季赛.trf" || !strings.HasPrefix(content, "012 春季赛\n") {
		t.Errorf("export of an empty event: %q, %q", name, content)
	}
}

// TestExportTRFTooWide: what TRF-16's columns cannot hold is refused in
// the user's language — a rating of five digits when it is typed, a number
// too wide for the file when exporting — with no English in the Chinese.
func TestExportTRFTooWide(t *testing.T) {
	h := newHarness(t)
	h.say("li", "/event new 冬季赛 swiss rounds 5")
	if got := h.say("li", "/player add 王五 北京 12000"); !strings.Contains(got, "等级分最多 4 位数（0–9999），不是 12000") {
		t.Errorf("a five-digit rating: %q", got)
	}
	if got := h.say("li", "/player add 王五 北京 2400"); !strings.Contains(got, "2400") {
		t.Errorf("a four-digit rating: %q", got)
	}
	english := func(s string) string {
		for _, w := range []string{"TRF", "BBW", "/player edit", "/event set scoring"} {
			s = strings.ReplaceAll(s, w, "")
		}
		return s
	}
	for _, c := range []struct {
		err    error
		zh, en string
	}{
		{&trf.LimitError{Limit: trf.LimitRating, Player: 3, Value: "12000"}, "3 号选手的等级分 12000 超出 TRF 的 4 位", "player 3's rating 12000 does not fit"},
		{&trf.LimitError{Limit: trf.LimitPoints, Code: "BBW", Value: "100.5"}, "计分 100.5（BBW）超出", "BBW 100.5: TRF holds points of at most 4 characters"},
		{fmt.Errorf("trf: round 2: player 9 is not in the event"), "比赛数据不一致", "player 9 is not in the event"},
	} {
		p := trfRefused(c.err)
		zh, en := p.Text.In(i18n.Zh, p.Args...), p.Text.In(i18n.En, p.Args...)
		if !strings.Contains(zh, c.zh) || strings.ContainsFunc(english(zh), func(r rune) bool { return r < 128 && unicode.IsLetter(r) }) {
			t.Errorf("%v in Chinese: %q", c.err, zh)
		}
		if !strings.Contains(en, c.en) || strings.ContainsFunc(en, func(r rune) bool { return r >= 0x4e00 && r <= 0x9fff }) {
			t.Errorf("%v in English: %q", c.err, en)
		}
	}
}
