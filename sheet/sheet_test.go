package sheet

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// small is a 5-player Swiss in round 2, scored 2/1/0 with a bye worth a
// win (R-S-3), tiebreaks 对手分 and 胜局 (R-T-1):
//
//	round 1: board 1 王天一 (1) beats Alice Wong (3); board 2 许银川 (4)
//	         draws 郑惟桐 (2); 赵鑫鑫 (5) has the bye.
//	round 2: board 1 郑惟桐 (2) loses to 王天一 (1); board 2 赵鑫鑫 (5)
//	         against 许银川 (4) is being played; Alice Wong a half-point bye.
//
// By hand: scores 1: 4, 2: 1, 3: 1, 4: 1, 5: 2. 对手分 sums the final
// scores of the opponents of games with a result, a bye adding 0
// (R-T-0): 1: 1+1 = 2, 2: 1+4 = 5, 3: 4, 4: 1, 5: 0. Wins: 1 has 2, the
// rest none. Places: 王天一, 赵鑫鑫, then on 1 point by 对手分 郑惟桐 5,
// Alice Wong 4, 许银川 1.
func small(tiebreaks ...engine.Tiebreak) Event {
	set := engine.DefaultSettings(3)
	set.Tiebreaks = tiebreaks
	e := Of(&engine.Event{
		Name:     "周末快棋赛",
		Settings: set,
		Players: []engine.Player{
			{ID: 1, Name: "王天一", Unit: "杭州"}, {ID: 2, Name: "郑惟桐", Unit: "四川"},
			{ID: 3, Name: "Alice Wong", Unit: "HK"}, {ID: 4, Name: "许银川", Unit: "广东"},
			{ID: 5, Name: "赵鑫鑫", Unit: "浙江"},
		},
		Rounds: []engine.Round{
			{
				Games: []engine.Game{{Board: 1, Red: 1, Black: 3, Result: engine.RedWin}, {Board: 2, Red: 4, Black: 2, Result: engine.Draw}},
				Byes:  []engine.Bye{{Player: 5, Kind: engine.PairingBye}},
			},
			{
				Games: []engine.Game{{Board: 1, Red: 2, Black: 1, Result: engine.BlackWin}, {Board: 2, Red: 5, Black: 4}},
				Byes:  []engine.Bye{{Player: 3, Kind: engine.HalfBye}},
			},
		},
	})
	e.TimeControl = "25分+5秒"
	e.Start = RoundStart{Round: 2, At: time.Date(2026, 3, 1, 19, 30, 0, 0, time.FixedZone("UTC+8", 8*60*60))}
	return e
}

// texts is a table's headings and rows as text.
func texts(t Table) (head []string, rows [][]string) {
	for _, c := range t.Columns {
		head = append(head, c.Title)
	}
	for _, r := range t.Rows {
		var row []string
		for _, c := range r {
			row = append(row, c.Text)
		}
		rows = append(rows, row)
	}
	return head, rows
}

// want is a table as a test expects it.
type want struct {
	title, note string
	head        []string
	rows        [][]string
	footer      []string
}

func check(t *testing.T, name string, got Table, w want) {
	t.Helper()
	head, rows := texts(got)
	if got.Title != w.title || got.Note != w.note {
		t.Errorf("%s: title %q note %q, want %q and %q", name, got.Title, got.Note, w.title, w.note)
	}
	if !reflect.DeepEqual(head, w.head) {
		t.Errorf("%s: headings\n%q\nwant\n%q", name, head, w.head)
	}
	if !reflect.DeepEqual(rows, w.rows) {
		t.Errorf("%s: rows\n%q\nwant\n%q", name, rows, w.rows)
	}
	if !reflect.DeepEqual(got.Footer, w.footer) {
		t.Errorf("%s: footer %q, want %q", name, got.Footer, w.footer)
	}
	for i, r := range got.Rows {
		if len(r) != len(got.Columns) {
			t.Errorf("%s: row %d has %d cells for %d columns", name, i+1, len(r), len(got.Columns))
		}
	}
}

func TestPairings(t *testing.T) {
	e := small(engine.Buchholz, engine.Wins)
	for _, tt := range []struct {
		round int
		lang  i18n.Lang
		want  want
	}{
		{1, i18n.Zh, want{
			title: "第1轮对阵", note: "用时：25分+5秒", // the start known is round 2's
			head: []string{"台", "号", "红方", "单位", "积分", "号", "黑方", "单位", "积分", "结果"},
			rows: [][]string{
				{"1", "1", "王天一", "杭州", "0", "3", "Alice Wong", "HK", "0", "1-0"},
				{"2", "4", "许银川", "广东", "0", "2", "郑惟桐", "四川", "0", "1/2"},
			},
			footer: []string{"轮空：赵鑫鑫"},
		}},
		{2, i18n.Zh, want{
			title: "第2轮对阵", note: "用时：25分+5秒；开始：2026-03-01 19:30 UTC+8",
			head: []string{"台", "号", "红方", "单位", "积分", "号", "黑方", "单位", "积分", "结果"},
			rows: [][]string{
				{"1", "2", "郑惟桐", "四川", "1", "1", "王天一", "杭州", "2", "0-1"},
				{"2", "5", "赵鑫鑫", "浙江", "2", "4", "许银川", "广东", "1", ""},
			},
			footer: []string{"半分轮空：Alice Wong"},
		}},
		{2, i18n.En, want{
			title: "Round 2 pairings", note: "Time control: 25分+5秒; Start: 2026-03-01 19:30 UTC+8",
			head: []string{"Bd", "No", "Red", "Unit", "Pts", "No", "Black", "Unit", "Pts", "Result"},
			rows: [][]string{
				{"1", "2", "郑惟桐", "四川", "1", "1", "王天一", "杭州", "2", "0-1"},
				{"2", "5", "赵鑫鑫", "浙江", "2", "4", "许银川", "广东", "1", ""},
			},
			footer: []string{"Half-point bye: Alice Wong"},
		}},
		{3, i18n.En, want{
			title: "Round 3 pairings", note: "",
			head: []string{"Bd", "No", "Red", "Unit", "Pts", "No", "Black", "Unit", "Pts", "Result"},
		}},
	} {
		got := Pairings(e, tt.round, tt.lang)
		check(t, "round "+string(rune('0'+tt.round))+" "+string(tt.lang), got, tt.want)
		if got.Kind != KindPairings {
			t.Errorf("kind %q", got.Kind)
		}
	}
	// The sides and the results are marked; the names lead to the players.
	rows := Pairings(e, 2, i18n.Zh).Rows
	if r, b := rows[0][2], rows[0][6]; r.Tone != Red || b.Tone != Black || r.Link != "p/2" || b.Link != "p/1" {
		t.Errorf("board 1's names %+v and %+v: want red and black, linked to p/2 and p/1", r, b)
	}
	if won, playing := rows[0][9].Tone, rows[1][9].Tone; won != Black || playing != Muted {
		t.Errorf("result tones %v (black won) and %v (pending), want Black and Muted", won, playing)
	}
}

// briefTitles are the titles of t's Brief columns.
func briefTitles(t Table) []string {
	var out []string
	for _, c := range t.Columns {
		if c.Brief {
			out = append(out, c.Title)
		}
	}
	return out
}

// A phone's standings show every tiebreak that decided a place (R-T-1):
// in small's chain 胜局, 犯规, 后走局数, the three on 1 point have no win
// and no foul, and 许银川, who has played no game with black, is placed
// after the two who have, by the third tiebreak. Where the lines have room
// the two before it show too, equal; where they have not, 后走局数 alone.
// Cut to the first two, the table shows no tiebreak: the score decided.
func TestStandingsShowWhatDecided_R_T_1(t *testing.T) {
	e := small(engine.Wins, engine.Fouls, engine.BlackGames)
	for lang, want := range map[i18n.Lang][3]string{
		i18n.Zh: {"" +
			"名次 姓名       积分 胜局 犯规 后局\n" +
			"  1  王天一        4    2    0    1\n" +
			"  2  赵鑫鑫        2    0    0    0\n" +
			"  3= 郑惟桐        1    0    0    1\n" +
			"  3= Alice Wong    1    0    0    1\n" +
			"  5  许银川        1    0    0    0", "" +
			"名次 姓名       积分 后局\n" +
			"  1  王天一        4    1\n" +
			"  2  赵鑫鑫        2    0\n" +
			"  3= 郑惟桐        1    1\n" +
			"  3= Alice Wong    1    1\n" +
			"  5  许银川        1    0",
			"" +
				"名次 姓名   积分\n" +
				"   1 王天一    4\n" +
				"   2 赵鑫鑫    2"},
		i18n.En: {"" +
			"#  Name       Pts Wins Fouls BGames\n" +
			"1  王天一       4    2     0      1\n" +
			"2  赵鑫鑫       2    0     0      0\n" +
			"3= 郑惟桐       1    0     0      1\n" +
			"3= Alice Wong   1    0     0      1\n" +
			"5  许银川       1    0     0      0", "" +
			"#  Name       Pts BGames\n" +
			"1  王天一       4      1\n" +
			"2  赵鑫鑫       2      0\n" +
			"3= 郑惟桐       1      1\n" +
			"3= Alice Wong   1      1\n" +
			"5  许银川       1      0",
			"" +
				"# Name   Pts\n" +
				"1 王天一   4\n" +
				"2 赵鑫鑫   2"},
	} {
		s := Standings(e, lang)
		if got := briefTitles(s); len(got) != 4 || got[3] != TiebreakLabel(engine.BlackGames, lang) {
			t.Errorf("%s: brief columns %q, want place, name, score and %s alone", lang, got, TiebreakLabel(engine.BlackGames, lang))
		}
		if got := s.BriefText(0, nil).String(); got != want[0] {
			t.Errorf("%s: with room, got\n%s\nwant\n%s", lang, got, want[0])
		}
		if got := s.BriefText(28, nil).String(); got != want[1] {
			t.Errorf("%s: 28 wide, got\n%s\nwant\n%s", lang, got, want[1])
		}
		s.Rows = s.Rows[:2]
		if got := s.BriefText(0, nil).String(); got != want[2] {
			t.Errorf("%s: cut to two, got\n%s\nwant\n%s", lang, got, want[2])
		}
	}
}

func TestStandings(t *testing.T) {
	for _, tt := range []struct {
		name      string
		tiebreaks []engine.Tiebreak
		lang      i18n.Lang
		want      want
	}{
		{"zh", []engine.Tiebreak{engine.Buchholz, engine.Wins}, i18n.Zh, want{
			title: "排名（第2轮进行中）",
			head:  []string{"名次", "号", "姓名", "单位", "积分", "对手分", "胜局"},
			rows: [][]string{
				{"1", "1", "王天一", "杭州", "4", "2", "2"},
				{"2", "5", "赵鑫鑫", "浙江", "2", "0", "0"},
				{"3", "2", "郑惟桐", "四川", "1", "5", "0"},
				{"4", "3", "Alice Wong", "HK", "1", "4", "0"},
				{"5", "4", "许银川", "广东", "1", "1", "0"},
			},
			footer: []string{"名次依次比较：积分、对手分、胜局。"},
		}},
		{"en", []engine.Tiebreak{engine.Buchholz, engine.Wins}, i18n.En, want{
			title: "Standings (round 2 in progress)",
			head:  []string{"#", "No", "Name", "Unit", "Pts", "BH", "Wins"},
			rows: [][]string{
				{"1", "1", "王天一", "杭州", "4", "2", "2"},
				{"2", "5", "赵鑫鑫", "浙江", "2", "0", "0"},
				{"3", "2", "郑惟桐", "四川", "1", "5", "0"},
				{"4", "3", "Alice Wong", "HK", "1", "4", "0"},
				{"5", "4", "许银川", "广东", "1", "1", "0"},
			},
			footer: []string{"Ranked by points, then BH (Buchholz), then wins."},
		}},
		// On 胜局, 后走胜局 and 犯规 alone the three on 1 point share third
		// place, written "3=" (R-T-9).
		{"shared", []engine.Tiebreak{engine.Wins, engine.BlackWins, engine.Fouls}, i18n.Zh, want{
			title: "排名（第2轮进行中）",
			head:  []string{"名次", "号", "姓名", "单位", "积分", "胜局", "后胜", "犯规"},
			rows: [][]string{
				{"1", "1", "王天一", "杭州", "4", "2", "1", "0"}, // one win with black
				{"2", "5", "赵鑫鑫", "浙江", "2", "0", "0", "0"},
				{"3=", "2", "郑惟桐", "四川", "1", "0", "0", "0"},
				{"3=", "3", "Alice Wong", "HK", "1", "0", "0", "0"},
				{"3=", "4", "许银川", "广东", "1", "0", "0", "0"},
			},
			footer: []string{"名次依次比较：积分、胜局、后胜（后走胜局）、犯规（少者优先）。", "名次后的“=”表示并列（R-T-9）。"},
		}},
		{"shared en", []engine.Tiebreak{engine.Wins, engine.BlackWins, engine.Fouls}, i18n.En, want{
			title: "Standings (round 2 in progress)",
			head:  []string{"#", "No", "Name", "Unit", "Pts", "Wins", "BWins", "Fouls"},
			rows: [][]string{
				{"1", "1", "王天一", "杭州", "4", "2", "1", "0"}, // one win with black
				{"2", "5", "赵鑫鑫", "浙江", "2", "0", "0", "0"},
				{"3=", "2", "郑惟桐", "四川", "1", "0", "0", "0"},
				{"3=", "3", "Alice Wong", "HK", "1", "0", "0", "0"},
				{"3=", "4", "许银川", "广东", "1", "0", "0", "0"},
			},
			footer: []string{"Ranked by points, then wins, then BWins (wins with black), then fouls (fewer first).", "\"=\" after a place: shared (R-T-9)."},
		}},
	} {
		got := Standings(small(tt.tiebreaks...), tt.lang)
		check(t, tt.name, got, tt.want)
		// Every tiebreak has its column; the phone keeps those that
		// decided a place: 对手分 between the three on 1 point, none
		// where they share their place.
		want := map[bool]int{false: 4, true: 3}[strings.HasPrefix(tt.name, "shared")]
		if brief := briefTitles(got); len(brief) != want {
			t.Errorf("%s: brief columns %q, want place, name, score and the tiebreaks that decided a place", tt.name, brief)
		}
	}
	e := small(engine.Buchholz)
	e.Event.Players[3].WithdrawnAfter = 2
	rows := Standings(e, i18n.Zh).Rows
	if lead, gone := rows[0][2], rows[4][2]; lead.Tone != Strong || gone.Tone != Muted || gone.Link != "p/4" {
		t.Errorf("the leader's name %+v (want strong), the withdrawn player's %+v (want muted, linked to p/4)", lead, gone)
	}
	e.Phase = Finished
	if got := Standings(e, i18n.En).Title; got != "Final standings" {
		t.Errorf("title of a finished event %q", got)
	}
}

func TestCrosstable(t *testing.T) {
	for _, tt := range []struct {
		lang i18n.Lang
		want want
	}{
		{i18n.Zh, want{
			title: "成绩表",
			head:  []string{"号", "姓名", "单位", "1", "2", "积分", "对手分", "胜局", "名次"},
			rows: [][]string{
				{"1", "王天一", "杭州", "3红+", "2黑+", "4", "2", "2", "1"},
				{"2", "郑惟桐", "四川", "4黑=", "1红-", "1", "5", "0", "3"},
				{"3", "Alice Wong", "HK", "1黑-", "半分", "1", "4", "0", "4"},
				{"4", "许银川", "广东", "2红=", "5黑", "1", "1", "0", "5"},
				{"5", "赵鑫鑫", "浙江", "轮空", "4红", "2", "0", "0", "2"},
			},
		}},
		{i18n.En, want{
			title: "Crosstable",
			head:  []string{"No", "Name", "Unit", "1", "2", "Pts", "BH", "Wins", "#"},
			rows: [][]string{
				{"1", "王天一", "杭州", "3r+", "2b+", "4", "2", "2", "1"},
				{"2", "郑惟桐", "四川", "4b=", "1r-", "1", "5", "0", "3"},
				{"3", "Alice Wong", "HK", "1b-", "half", "1", "4", "0", "4"},
				{"4", "许银川", "广东", "2r=", "5b", "1", "1", "0", "5"},
				{"5", "赵鑫鑫", "浙江", "bye", "4r", "2", "0", "0", "2"},
			},
		}},
	} {
		check(t, "crosstable "+string(tt.lang), Crosstable(small(engine.Buchholz, engine.Wins), tt.lang), tt.want)
	}
	row := Crosstable(small(engine.Buchholz), i18n.Zh).Rows[3]
	if won, playing := row[3], row[4]; won.Tone != Red || won.Link != "p/2" || playing.Tone != Muted {
		t.Errorf("许银川's rounds %+v (red, linked to p/2) and %+v (being played: muted)", won, playing)
	}
}

func TestGames(t *testing.T) {
	e := small(engine.Buchholz)
	for _, tt := range []struct {
		player int
		lang   i18n.Lang
		want   want
	}{
		{1, i18n.Zh, want{
			title: "1号 王天一 的对局", note: "杭州",
			head: []string{"轮", "台", "先后", "号", "对手", "单位", "结果", "积分"},
			rows: [][]string{
				{"1", "1", "红", "3", "Alice Wong", "HK", "胜", "2"},
				{"2", "1", "黑", "2", "郑惟桐", "四川", "胜", "4"},
			},
		}},
		{5, i18n.En, want{
			title: "Games of 赵鑫鑫 (No 5)", note: "浙江",
			head: []string{"Rd", "Bd", "Side", "No", "Opponent", "Unit", "Result", "Pts"},
			rows: [][]string{
				{"1", "", "", "", "Bye", "", "+2", "2"},
				{"2", "2", "Red", "4", "许银川", "广东", "Playing", "2"},
			},
		}},
		{3, i18n.En, want{
			title: "Games of Alice Wong (No 3)", note: "HK",
			head: []string{"Rd", "Bd", "Side", "No", "Opponent", "Unit", "Result", "Pts"},
			rows: [][]string{
				{"1", "1", "Black", "1", "王天一", "杭州", "Loss", "0"},
				{"2", "", "", "", "Half-point bye", "", "+1", "1"},
			},
		}},
	} {
		check(t, "games of "+string(rune('0'+tt.player)), Games(e, tt.player, tt.lang), tt.want)
	}
	if rows := Games(e, 9, i18n.Zh).Rows; rows != nil {
		t.Errorf("games of nobody: %v", rows)
	}
}

func TestScoreSheets(t *testing.T) {
	got := ScoreSheets(small(engine.Buchholz), 2)
	want := []ScoreSheet{
		{Event: "周末快棋赛", Round: 2, Board: 1, Red: "2 郑惟桐", Black: "1 王天一", RedUnit: "四川", BlackUnit: "杭州", TimeControl: "25分+5秒", Start: "2026-03-01 19:30 UTC+8"},
		{Event: "周末快棋赛", Round: 2, Board: 2, Red: "5 赵鑫鑫", Black: "4 许银川", RedUnit: "浙江", BlackUnit: "广东", TimeControl: "25分+5秒", Start: "2026-03-01 19:30 UTC+8"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("score sheets\n%+v\nwant\n%+v", got, want)
	}
	// Round 1 has no start any more: the one known is round 2's.
	if s := ScoreSheets(small(engine.Buchholz), 1); len(s) != 2 || s[0].Start != "" {
		t.Errorf("round 1's sheets %+v", s)
	}
	if s := ScoreSheets(small(engine.Buchholz), 3); s != nil {
		t.Errorf("sheets of a round not paired: %+v", s)
	}
}

func TestStatus(t *testing.T) {
	e := small(engine.Buchholz)
	for _, tt := range []struct {
		phase  Phase
		zh, en string
	}{
		{Setup, "筹备中", "Being prepared"},
		{Signup, "报名中（5人）", "Sign-up open (5 players)"},
		{Running, "第2轮进行中（还有1局）", "Round 2 in progress (games to finish: 1)"},
		{Finished, "比赛已结束", "Finished"},
		{CalledOff, "比赛已取消", "Cancelled"},
	} {
		e.Phase = tt.phase
		if zh, en := Status(e, i18n.Zh), Status(e, i18n.En); zh != tt.zh || en != tt.en {
			t.Errorf("phase %d: %q / %q, want %q / %q", tt.phase, zh, en, tt.zh, tt.en)
		}
	}
	e.Phase = Running
	e.Event.Rounds[1].Games[1].Result = engine.Draw
	if got := Status(e, i18n.Zh); got != "第2轮已结束" {
		t.Errorf("round complete: %q", got)
	}
	p := PageOf(e, i18n.En)
	var kinds []string
	for _, t := range p.Tables {
		kinds = append(kinds, string(t.Kind)+" "+t.Title)
	}
	if p.Event != "周末快棋赛" || p.Status != "Round 2 complete" || strings.Join(kinds, "; ") != "pairings Round 2 pairings; standings Standings after round 2; crosstable Crosstable" {
		t.Errorf("page %q %q: %q", p.Event, p.Status, kinds)
	}
	e.Event.Rounds = nil
	if p := PageOf(e, i18n.Zh); len(p.Tables) != 0 || p.Status != "已开始，尚未公布对阵" {
		t.Errorf("page before round 1: %q with %d tables", p.Status, len(p.Tables))
	}
}

// An event whose players have no unit, as Of reads it, has no unit
// columns; one whose players have units keeps them.
func TestUnits(t *testing.T) {
	e := small(engine.Buchholz)
	if !e.Units {
		t.Fatal("Of: units not shown though every player has one")
	}
	for i := range e.Event.Players {
		e.Event.Players[i].Unit = ""
	}
	e = Of(e.Event)
	if e.Units {
		t.Fatal("Of: units shown though no player has one")
	}
	for _, tab := range []Table{Pairings(e, 2, i18n.Zh), Standings(e, i18n.Zh), Crosstable(e, i18n.Zh), Games(e, 1, i18n.Zh)} {
		head, rows := texts(tab)
		if slices.Contains(head, "单位") {
			t.Errorf("%s: headings %q", tab.Kind, head)
		}
		for i, r := range rows {
			if len(r) != len(head) {
				t.Errorf("%s: row %d has %d cells for %d columns", tab.Kind, i+1, len(r), len(head))
			}
		}
	}
	check(t, "standings without units", Standings(e, i18n.Zh), want{
		title: "排名（第2轮进行中）",
		head:  []string{"名次", "号", "姓名", "积分", "对手分"},
		rows: [][]string{
			{"1", "1", "王天一", "4", "2"},
			{"2", "5", "赵鑫鑫", "2", "0"},
			{"3", "2", "郑惟桐", "1", "5"},
			{"4", "3", "Alice Wong", "1", "4"},
			{"5", "4", "许银川", "1", "1"},
		},
		footer: []string{"名次依次比较：积分、对手分。"},
	})
}

// A stage's ranking is its places, shared ones marked (R-T-9), and names.
func TestRanking(t *testing.T) {
	names := []string{"", "王天一", "郑惟桐", "许银川"}
	rank := []engine.Placing{{Entrant: 2, Place: 1}, {Entrant: 1, Place: 2, Shared: true}, {Entrant: 3, Place: 2, Shared: true}}
	check(t, "ranking", Ranking(rank, func(i int) string { return names[i] }, i18n.En), want{
		title: "Ranking",
		head:  []string{"Place", "Name"},
		rows:  [][]string{{"1", "郑惟桐"}, {"2=", "王天一"}, {"2=", "许银川"}},
	})
}
