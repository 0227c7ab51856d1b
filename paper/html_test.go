package paper

import (
	"bytes"
	"html"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// render writes one of the documents of p.
func render(t testing.TB, write func(io.Writer, Papers) error, p Papers) string {
	t.Helper()
	var b bytes.Buffer
	if err := write(&b, p); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// text is a document's text without its markup and style, as a reader
// sees it.
func text(doc string) string {
	doc = regexp.MustCompile(`(?s)<style>.*?</style>`).ReplaceAllString(doc, "")
	return html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(doc, " "))
}

// contains checks that s has each of want, in order.
func contains(t *testing.T, what, s string, want ...string) {
	t.Helper()
	at := 0
	for _, w := range want {
		i := strings.Index(s[at:], w)
		if i < 0 {
			t.Errorf("%s lacks %q after byte %d", what, w, at)
			return
		}
		at += i + len(w)
	}
}

// TestProgramme: the programme of a started Swiss has its cover, the rules
// in words in their order (format, numbers, round 1, units, colours,
// scoring, tiebreaks in the event's order, time control, the organiser's
// rules, prizes), the schedule, the officials, every player by unit with
// number and rating, and round 1's pairings.
func TestProgramme(t *testing.T) {
	e := swiss(t, 10, 1, 7)
	p := Of(e, i18n.Zh, details(i18n.Zh))
	doc := render(t, Programme, p)
	got := text(doc)
	contains(t, "the programme", got,
		"2026春季象棋赛", "秩序册", "主办单位", "实验中学象棋协会", "比赛地点", "实验中学体育馆", "比赛日期", "2026年3月1日—2日",
		"竞赛办法", "赛制", "积分编排制，共7轮", "序号", "按等级分", "第一轮", "拦腰编排", "同单位", "第一轮回避",
		"先后手", "单数台小号执红", "计分", "胜一局得2分，和一局得1分，负一局得0分；轮空得2分",
		"名次", "积分相同依次比较：对手分、胜局", "用时", "25分+5秒", "迟到", "迟到15分钟判负", "奖励", "录取前3名",
		"竞赛日程", "第1轮", "2026-03-01 09:00", "第2轮", "2026-03-01 14:00",
		"组织与裁判", "组织者", "李老师", "裁判", "张裁判、陈裁判",
		"参赛名单（10人）", "杭州", "1", "王天一", "2580", "四川", "2", "郑惟桐",
		"第一轮对阵", "台次", "红方", "黑方")
	for _, pl := range e.Event.Players {
		if !strings.Contains(got, pl.Name) {
			t.Errorf("the programme lacks player %d %s", pl.ID, pl.Name)
		}
	}
	if n := strings.Count(doc, `<div class="group">`); n != len(units) {
		t.Errorf("%d groups of entries, want one a unit (%d)", n, len(units))
	}
	if strings.Contains(got, "开赛时按规程重新排定") {
		t.Error("a started event's numbers are said to be provisional")
	}
	for _, r := range Rules(p) {
		if !strings.Contains(got, r.Text) {
			t.Errorf("the programme lacks the rule %s: %s", r.Head, r.Text)
		}
	}

	en := text(render(t, Programme, Of(e, i18n.En, details(i18n.En))))
	contains(t, "the English programme", en, "Programme", "Host", "Rules", "Format", "Swiss system, 7 rounds",
		"equal points are split by Buchholz, then wins", "Schedule", "Round 1", "Officials", "Entries (10)", "Round 1 pairings")
	ownWords(t, en, e)
}

// ownWords fails when an English document has a Chinese word of its own:
// every 汉字 in it is in a name, a unit or the event's name, or the time
// control the organiser typed.
func ownWords(t *testing.T, doc string, e sheet.Event) {
	t.Helper()
	theirs := []string{e.Event.Name, e.TimeControl}
	for _, pl := range e.Event.Players {
		theirs = append(theirs, pl.Name, pl.Unit)
	}
	for _, s := range theirs {
		doc = strings.ReplaceAll(doc, s, "")
	}
	if i := strings.IndexFunc(doc, func(r rune) bool { return unicode.Is(unicode.Han, r) }); i >= 0 {
		t.Errorf("the English document has Chinese of its own: …%s…", doc[max(0, i-40):min(len(doc), i+40)])
	}
}

// TestProgrammeBeforeStart: before the start the programme says the
// numbers are the order of entry, and has no pairing.
func TestProgrammeBeforeStart(t *testing.T) {
	e := swiss(t, 6, 0, 5)
	e.Phase = sheet.Signup
	got := text(render(t, Programme, Of(e, i18n.Zh, Details{})))
	contains(t, "the programme before the start", got, "参赛名单（6人）", "序号为报名顺序，开赛时按规程重新排定（R-SW-1）")
	for _, absent := range []string{"第一轮对阵", "竞赛日程", "组织与裁判", "主办单位"} {
		if strings.Contains(got, absent) {
			t.Errorf("the programme shows %s, which it does not know", absent)
		}
	}
}

// TestRulesRoundRobin: a round robin's rules: its rounds from the table,
// its colours by the table (R-C-2), its tiebreaks (R-T-3), no Swiss
// pairing rules.
func TestRulesRoundRobin(t *testing.T) {
	e := swiss(t, 5, 0, 0)
	e.Event.Settings.System = engine.RoundRobin
	e.Event.Settings.Tiebreaks = []engine.Tiebreak{engine.SonnebornBerger, engine.Direct}
	rules := Rules(Of(e, i18n.Zh, Details{}))
	var heads []string
	for _, r := range rules {
		heads = append(heads, r.Head)
	}
	if got, want := strings.Join(heads, " "), "赛制 先后手 计分 名次 用时 奖励"; got != want {
		t.Errorf("rules %q, want %q", got, want)
	}
	contains(t, "the round robin's rules", rules[0].Text+rules[1].Text+rules[2].Text+rules[3].Text,
		"单循环，共5轮", "按循环表", "轮空得2分", "小分、直胜（R-T-3）")
}

// TestRulesWords: every value of every setting has its words in both
// languages, and no words are shared between two values.
func TestRulesWords(t *testing.T) {
	check := func(name string, n int, words []i18n.T) {
		t.Helper()
		if len(words) != n {
			t.Errorf("%s: words for %d values of %d", name, len(words), n)
		}
		seen := map[string]bool{}
		for _, w := range words {
			for _, s := range []string{w.Zh, w.En} {
				if s == "" || seen[s] {
					t.Errorf("%s: %q empty or said twice", name, s)
				}
				seen[s] = true
			}
		}
	}
	check("systems", 3, words(systemWords, engine.Swiss, engine.RoundRobin, engine.DoubleRoundRobin))
	check("first round", 4, words(firstRoundWords, engine.Fold, engine.Adjacent, engine.HeadTail, engine.Random))
	check("first colour", 6, words(firstColourWords, engine.AlternateBoards, engine.AlternateBoardsHigherRed, engine.UpperRed,
		engine.OddNumberRed, engine.LowerNumberRed, engine.DrawnColour))
	check("numbering", 3, words(numberingWords, engine.ByRating, engine.Shuffled, engine.AsEntered))
	check("units", 3, words(unitWords, engine.AvoidFirstRound, engine.AvoidAllRounds, engine.AvoidNever))
	check("line-ups", 4, words(lineupWords, engine.FixedBoards, engine.OrderedSubstitutes, engine.FreeLineup, engine.AllPlayAll))
	check("halves", 2, words(halvesWords, engine.TopBottom, engine.OddEven))
	check("totals", 2, words(totalsWords, engine.SumOfPlaces, engine.SumOfScores))
}

// words are m's words for each of values, in order; none for a value m
// lacks.
func words[K comparable](m map[K]i18n.T, values ...K) []i18n.T {
	var out []i18n.T
	for _, v := range values {
		if w, ok := m[v]; ok {
			out = append(out, w)
		}
	}
	return out
}

// TestBooklet: the booklet of a finished Swiss has its cover, the prize
// winners, the final standings with every tiebreak, the crosstable, every
// round's results and the officials; one not over says so on its cover.
func TestBooklet(t *testing.T) {
	e := swiss(t, 10, 5, 5)
	p := Of(e, i18n.Zh, details(i18n.Zh))
	doc := render(t, Booklet, p)
	got := text(doc)
	first := e.Standings()[0]
	winner, _ := e.Event.Player(first.Player)
	contains(t, "the booklet", got, "2026春季象棋赛", "成绩册", "主办单位",
		"获奖名单", "个人", "第一名", winner.Name, "第二名", "第三名",
		"比赛成绩", "最终排名", "名次", "积分", "对手分", "胜局", "成绩表",
		"各轮成绩", "第1轮对阵", "第5轮对阵", "组织与裁判", "张裁判、陈裁判")
	for r := 1; r <= 5; r++ {
		if !strings.Contains(doc, "第"+strconv.Itoa(r)+"轮对阵") {
			t.Errorf("the booklet lacks round %d", r)
		}
	}
	if strings.Contains(got, "尚未结束") {
		t.Error("a finished event's booklet says it is not over")
	}
	running := swiss(t, 10, 3, 5)
	got = text(render(t, Booklet, Of(running, i18n.Zh, details(i18n.Zh))))
	contains(t, "the booklet of an event under way", got, "第3轮已结束。比赛尚未结束，本册成绩以最终公布为准。", "第3轮后排名")
	ownWords(t, text(render(t, Booklet, Of(e, i18n.En, details(i18n.En)))), e)
}

// TestCertificates: a certificate a prize place, in order, with the
// recipient, the event, the prize and the host's name and date; a shared
// place says so; an event without a host is awarded by its committee.
func TestCertificates(t *testing.T) {
	e := swiss(t, 10, 5, 5)
	p := Of(e, i18n.Zh, details(i18n.Zh))
	cs := Certificates(p)
	if len(cs) != len(p.Prizes) || len(cs) < 3 {
		t.Fatalf("%d certificates for %d prizes", len(cs), len(p.Prizes))
	}
	w, _ := e.Event.Player(e.Standings()[0].Player)
	want := sheet.Certificate{Title: "奖　状", Recipient: w.Name + "（" + w.Unit + "）：", Body: "在2026春季象棋赛中荣获", Prize: "个人第一名",
		Closing: "特发此状，以资鼓励。", Issuer: "实验中学象棋协会", Date: "2026年3月2日", Salutation: true}
	if cs[0] != want {
		t.Errorf("the first certificate\n%+v\nwant\n%+v", cs[0], want)
	}
	doc := render(t, CertificatesHTML, p)
	if n := strings.Count(doc, `<section class="certificate`); n != len(cs) {
		t.Errorf("%d certificates on the page, want %d", n, len(cs))
	}
	p.Prizes = []Prize{{Ranking: "个人", Place: 3, Shared: true, Name: "甲", Unit: ""}}
	p.Details.Host = ""
	if c := Certificates(p)[0]; c.Prize != "个人第三名（并列）" || c.Recipient != "甲：" || c.Issuer != "2026春季象棋赛组委会" {
		t.Errorf("a shared place without a host: %+v", c)
	}
	en := Certificates(Papers{Event: e, Lang: i18n.En, Prizes: []Prize{{Ranking: "Individual", Place: 12, Name: "Ann", Unit: "Hall"}}})
	if c := en[0]; c.Prize != "12th place, Individual" || c.Recipient != "Awarded to Ann (Hall)" || c.Issuer != "The organisers of 2026春季象棋赛" || c.Salutation {
		t.Errorf("an English certificate: %+v", c)
	}
}

// TestPlaces: places in words.
func TestPlaces(t *testing.T) {
	for n, want := range map[int]string{1: "第一名", 10: "第十名", 11: "第十一名", 20: "第二十名", 99: "第九十九名", 120: "第120名"} {
		if got := placeWords(n, i18n.Zh); got != want {
			t.Errorf("place %d: %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{1: "First place", 10: "Tenth place", 11: "11th place", 12: "12th place", 13: "13th place", 21: "21st place", 22: "22nd place", 103: "103rd place", 111: "111th place"} {
		if got := placeWords(n, i18n.En); got != want {
			t.Errorf("place %d: %q, want %q", n, got, want)
		}
	}
}

// TestPrizes: an event that names no prizes gives the individual places
// up to 3 (DefaultAwards), a shared place for each who
// share it and the places after it skipped (R-T-9), a withdrawn player
// none; nothing before a round is played.
func TestPrizes(t *testing.T) {
	e := swiss(t, 8, 3, 3)
	rows := e.Standings()
	got := Prizes(e, i18n.Zh, Details{})
	var want []Prize
	for _, s := range rows {
		if s.Place <= 3 {
			pl, _ := e.Event.Player(s.Player)
			want = append(want, Prize{Ranking: "个人", Place: s.Place, Shared: s.Shared, Name: pl.Name, Unit: pl.Unit})
		}
	}
	if len(got) != len(want) {
		t.Fatalf("prizes %+v, want %+v", got, want)
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("prize %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	e.Event.Players[rows[0].Player-1].WithdrawnAfter = 3
	for _, z := range Prizes(e, i18n.Zh, Details{}) {
		if z.Place == 1 {
			t.Errorf("the withdrawn leader has a prize: %+v", z)
		}
	}
	if z := Prizes(swiss(t, 8, 0, 3), i18n.Zh, Details{}); z != nil {
		t.Errorf("prizes before any round: %+v", z)
	}
}

// TestTeamPapers: a team event's papers: its teams' places and each
// board's best player get certificates, the programme lists the teams in
// board order with their captains and states the team rules.
func TestTeamPapers(t *testing.T) {
	e := teams(t, 3)
	p := Of(e, i18n.Zh, details(i18n.Zh))
	var got []string
	for _, z := range p.Prizes {
		got = append(got, z.Ranking+" "+strconv.Itoa(z.Place)+" "+z.Name)
	}
	standings := engine.TeamStandings(e.Teams.Event)
	lead, _ := e.Teams.Event.Team(standings[0].Team)
	if len(got) < 4 || got[0] != "团体 1 "+lead.Name || !strings.HasPrefix(got[len(got)-1], "第2台 1 ") {
		t.Errorf("team prizes %q, want the teams' first places, then each board's best", got)
	}
	doc := text(render(t, Programme, p))
	contains(t, "the team programme", doc, "团体赛，积分编排制，共3轮；每场2台，分台定人", "局分", "场分", "团体名次依次比较：场分",
		"参赛名单（8人）", "1 甲队（一中）", "甲1（队长）", "甲2", "第一轮对阵")
}

// teams is a team Swiss of four teams of two, "甲队" … "丁队" of units
// 一中 … 四中, its players "甲1", "甲2" …, the first captain; played rounds
// of 3: on each board the first-listed team's player wins board 1 and
// draws board 2.
func teams(t testing.TB, played int) sheet.Event {
	t.Helper()
	set := engine.DefaultSettings(3)
	set.Numbering = engine.AsEntered
	ts := engine.DefaultTeamSettings(3, 2)
	tev := &engine.TeamEvent{Name: "团体赛", Settings: ts}
	for k, name := range []string{"甲", "乙", "丙", "丁"} {
		team := engine.Team{ID: k + 1, Name: name + "队", Unit: []string{"一中", "二中", "三中", "四中"}[k]}
		for j := 1; j <= 2; j++ {
			id := len(tev.Players) + 1
			tev.Players = append(tev.Players, engine.Player{ID: id, Name: name + strconv.Itoa(j), Rating: 1800 - 50*j})
			team.Members = append(team.Members, id)
		}
		team.Captain = team.Members[0]
		tev.Teams = append(tev.Teams, team)
	}
	ev := &engine.Event{Name: tev.Name, Settings: set, Players: tev.Players}
	for round := 1; round <= played; round++ {
		pairing, err := engine.PairTeams(tev)
		if err != nil {
			t.Fatal(err)
		}
		if err := engine.AddTeamRound(tev, pairing); err != nil {
			t.Fatal(err)
		}
		var rd engine.Round
		for _, m := range tev.Rounds[round-1].Matches {
			for _, g := range m.Games {
				res := map[int]engine.Result{1: engine.RedWin, 2: engine.Draw}[g.Board]
				if err := tev.Record(round, m.Number, g.Board, res); err != nil {
					t.Fatal(err)
				}
				rd.Games = append(rd.Games, engine.Game{Board: ts.Board(m.Number, g.Board), Red: g.Red, Black: g.Black, Result: res})
			}
		}
		ev.Rounds = append(ev.Rounds, rd)
	}
	e := sheet.Of(ev)
	e.Teams = &sheet.Teams{Event: tev}
	if played == 3 {
		e.Phase = sheet.Finished
	}
	return e
}

// BenchmarkBooklet: the results booklet of a 1,000-player Swiss after 9
// rounds — every round's 500 boards, the standings, the crosstable.
func BenchmarkBooklet(b *testing.B) {
	p := Of(swiss(b, 1000, 9, 9), i18n.Zh, details(i18n.Zh))
	var out bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		if err := Booklet(&out, p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(out.Len())/1e6, "MB/file")
}

// BenchmarkProgramme: the programme of a 1,000-player Swiss after round 1.
func BenchmarkProgramme(b *testing.B) {
	p := Of(swiss(b, 1000, 1, 9), i18n.Zh, details(i18n.Zh))
	var out bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		if err := Programme(&out, p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(out.Len())/1e6, "MB/file")
}

// TestPapersEscape: what people typed — a name, a unit, the host, the
// event's name — is text in every paper, never markup, and a workbook's
// cell never a formula.
func TestPapersEscape(t *testing.T) {
	e := swiss(t, 6, 2, 2)
	e.Event.Name = `</title><script>alert(1)</script>`
	e.Event.Players[0].Name = `<img src=x onerror=alert(2)>`
	e.Event.Players[1].Unit = `=HYPERLINK("http://x","y")`
	d := details(i18n.Zh)
	d.Host = `"><b>host</b>`
	p := Of(e, i18n.Zh, d)
	for name, write := range map[string]func(io.Writer, Papers) error{"programme": Programme, "booklet": Booklet, "certificates": CertificatesHTML} {
		doc := render(t, write, p)
		for _, bad := range []string{"<script>alert", "<img", "<b>host"} {
			if strings.Contains(doc, bad) {
				t.Errorf("the %s holds %q unescaped", name, bad)
			}
		}
	}
	b, err := XLSX(p)
	if err != nil {
		t.Fatal(err)
	}
	f := open(t, b)
	for _, sheet := range f.GetSheetList() {
		rows, err := f.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		for r, row := range rows {
			for c := range row {
				if formula, _ := f.GetCellFormula(sheet, cell(c+1, r+1)); formula != "" {
					t.Errorf("%s!%s is a formula: %q", sheet, cell(c+1, r+1), formula)
				}
			}
		}
	}
}
