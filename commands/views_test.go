package commands

import (
	"context"
	"flag"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/textwidth"
	"github.com/qisai/qisai/storage"
)

// nine are the players of the test Swiss, strongest first: their ratings
// give them the sequence numbers 1..9 (R-SW-1). One name is too long for
// a phone's table.
var nine = []struct {
	name, unit string
}{
	{"王天一", "杭州"}, {"郑惟桐", "四川"}, {"Alice Wong", "HK"}, {"许银川", "广东"}, {"赵鑫鑫", "浙江"},
	{"欧阳长名字的选手", "北京"}, {"洪智", "湖北"}, {"Bob", ""}, {"孙勇征", "上海"},
}

// swissAfter builds, directly through the store, a 9-player Swiss of 5
// rounds with rounds paired by the engine and results set by result, and
// binds it to the harness's group chat.
func swissAfter(t *testing.T, h *harness, rounds int, result func(round int, b engine.Board) engine.Result) storage.EventID {
	t.Helper()
	return swissOf(t, h, nine, rounds, result)
}

// swissOf is swissAfter with other players, strongest first.
func swissOf(t testing.TB, h *harness, players []struct{ name, unit string }, rounds int, result func(round int, b engine.Board) engine.Result) storage.EventID {
	t.Helper()
	ctx := context.Background()
	org := action.Actor{Platform: "console", User: "org"}
	set := engine.DefaultSettings(5)
	set.Seed = 7
	set.Tiebreaks = []engine.Tiebreak{engine.Buchholz, engine.Wins, engine.Fouls}
	id, _, err := h.store.Create(ctx, org, "", func(ch *storage.Change) error {
		if err := ch.Append(&action.Created{Name: "春季赛 2026", Settings: set}); err != nil {
			return err
		}
		ch.Bind(h.group)
		ch.Grant(org.Platform, org.User, storage.Organiser)
		for i, p := range players {
			if err := ch.Append(&action.PlayerAdded{Name: p.name, Unit: p.unit, Rating: 2600 - 10*i}); err != nil {
				return err
			}
		}
		return ch.Append(&action.Started{Numbering: engine.ByRating})
	})
	if err != nil {
		t.Fatal(err)
	}
	for r := 1; r <= rounds; r++ {
		_, err := h.store.Update(ctx, id, org, "", func(ch *storage.Change) error {
			p, err := engine.Pair(&ch.State.Event)
			if err != nil {
				return err
			}
			if err := ch.Append(&action.RoundPublished{Pairing: p}); err != nil {
				return err
			}
			for _, b := range p.Boards {
				if err := ch.Append(&action.ResultSet{Round: r, Board: b.Number, Result: result(r, b)}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
	}
	return id
}

// results of the test Swiss: the lower sequence number wins, except the
// draws listed by round and board. They give shared places 3= and 7=.
func results(round int, b engine.Board) engine.Result {
	draws := map[[2]int]bool{{1, 2}: true, {1, 3}: true, {1, 4}: true, {2, 2}: true, {2, 3}: true}
	switch {
	case draws[[2]int{round, b.Number}]:
		return engine.Draw
	case b.Red < b.Black:
		return engine.RedWin
	}
	return engine.BlackWin
}

var updateViews = flag.Bool("update-views", false, "rewrite testdata/views.golden")

// The views of the test Swiss in both languages, as a phone shows them:
// the golden file was checked by hand against the results above (scores,
// 对手分, shared places, crosstable cells).
func TestViewsGolden(t *testing.T) {
	h := newHarness(t)
	swissAfter(t, h, 3, results)
	var b strings.Builder
	for _, lang := range []string{"zh", "en"} {
		for _, cmd := range []string{"/pairings", "/pairings 1", "/standings", "/crosstable"} {
			text := h.sendAs("li", lang, cmd).Text
			b.WriteString("== " + lang + " " + cmd + "\n" + text + "\n")
			for _, line := range strings.Split(text, "\n") {
				if w := textwidth.Of(line); w > phoneWidth {
					t.Errorf("%s %s: line %q is %d wide, more than a phone's %d", lang, cmd, line, w, phoneWidth)
				}
			}
		}
	}
	const golden = "testdata/views.golden"
	if *updateViews {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./commands -run TestViewsGolden -update-views to write it)", err)
	}
	if b.String() != string(want) {
		t.Errorf("views differ from %s:\n%s", golden, b.String())
	}
}

// standingsRows returns the rows of a standings reply: place and name.
func standingsRows(text string) [][2]string {
	var rows [][2]string
	for _, line := range strings.Split(chat.Plain(text), "\n")[2:] {
		f := strings.Fields(line)
		rows = append(rows, [2]string{f[0], f[1]})
	}
	return rows
}

// R-T-1 (score, 对手分, 胜局, 犯规) and R-T-9: players equal on all of them
// share a place, written "3=", and the next place skips. The phone's
// table shows 对手分, which separated 许银川 from the two on 4 points, and
// not 胜局, which separated nobody.
func TestR_T_9_StandingsSharedPlaces(t *testing.T) {
	h := newHarness(t)
	swissAfter(t, h, 3, results)
	text := h.say("li", "/standings")
	must(t, text, "第3轮后排名", "名次 姓名", "积分 对手分\n")
	want := [][2]string{
		{"1", "王天一"}, {"2=", "赵鑫鑫"}, {"2=", "欧阳长名字的选手"}, {"4", "许银川"}, {"5", "郑惟桐"},
		{"6", "Alice"}, {"7", "洪智"}, {"8", "孙勇征"}, {"9", "Bob"},
	}
	if got := standingsRows(text); !reflect.DeepEqual(got, want) {
		t.Errorf("standings rows %v, want %v\n%s", got, want, text)
	}
	// 赵鑫鑫 and 欧阳长名字的选手: 4 points, 对手分 8, one win each; 许银川
	// has 4 points too, but 对手分 6.
	must(t, text, "  2= 赵鑫鑫              4      8\n", "  4  许银川              4      6\n")
	must(t, h.sendAs("li", "en", "/standings").Text, "Standings after round 3", "#  Name", "Pts BH\n", "2= 赵鑫鑫")
	must(t, h.say("li", "/排名"), "  2= 赵鑫鑫")
}

// standingsTable's top keeps everyone sharing the last place kept, and a
// table cut short says so under it, in the table's language.
func TestStandingsTop(t *testing.T) {
	h := newHarness(t)
	id := swissAfter(t, h, 3, results)
	st, err := h.store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range st.Event.Players {
		names = append(names, p.Name)
	}
	for _, tt := range []struct{ top, rows int }{{1, 1}, {2, 3}, {3, 3}, {4, 4}, {5, 5}, {7, 7}, {0, 9}, {20, 9}} {
		for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
			text := standingsTable(st, lang, tt.top)
			languageRule(t, lang, fmt.Sprintf("standings top %d", tt.top), text, names)
			lines := strings.Split(chat.Plain(text), "\n")
			cut := map[i18n.Lang]string{i18n.Zh: fmt.Sprintf("……以上为前 %d 人，共 9 人。", tt.rows), i18n.En: fmt.Sprintf("… the first %d of 9 players.", tt.rows)}[lang]
			if tt.rows < 9 {
				if last := lines[len(lines)-1]; last != cut {
					t.Errorf("%s top %d: last line %q, want %q", lang, tt.top, last, cut)
				}
				lines = lines[:len(lines)-1]
			}
			if n := len(lines) - 2; n != tt.rows { // the title and the heading
				t.Errorf("%s top %d: %d rows, want %d:\n%s", lang, tt.top, n, tt.rows, strings.Join(lines, "\n"))
			}
		}
	}
}

func TestPairingsRounds(t *testing.T) {
	h := newHarness(t)
	id := swissAfter(t, h, 3, results)
	now := h.say("li", "/pairings")
	if third := h.say("li", "/pairings 3"); now != third {
		t.Errorf("/pairings shows\n%s\nnot the current round 3:\n%s", now, third)
	}
	must(t, now, "第3轮对阵", " 1 王天一 郑惟桐           1-0", "轮空：Alice Wong")
	must(t, h.say("li", "/pairings 1"), "第1轮对阵", " 2 洪智       郑惟桐           1/2", "轮空：赵鑫鑫")
	must(t, h.say("li", "/pairings 4"), "没有第 4 轮", "/pairings 3")
	must(t, h.say("li", "/pairings 0"), "没有第 0 轮")
	must(t, h.sendAs("li", "en", "/pairings 9").Text, "There is no round 9")
	must(t, h.say("li", "/pairings two"), "轮次应是数字")

	st, err := h.store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if got := pairingTable(st, 4, i18n.Zh); got != "" {
		t.Errorf("pairingTable of a round not paired = %q, want \"\"", got)
	}
}

// The crosstable (成绩表): opponent number, colour and result per round,
// checked against the games of the rounds above; split in sections of
// whole columns that fit a phone.
func TestCrosstable(t *testing.T) {
	h := newHarness(t)
	swissAfter(t, h, 3, results)
	text := h.say("li", "/成绩表")
	row := func(id string) string {
		for _, line := range strings.Split(chat.Plain(text), "\n") {
			if f := strings.Fields(line); len(f) > 0 && f[0] == id && strings.Contains(line, "红") {
				return line
			}
		}
		t.Fatalf("no row of player %s in\n%s", id, text)
		return ""
	}
	// 许银川 (4): black drew 9, red drew 7, black beat 8.
	must(t, row("4"), "4 许银川 9黑= 7红= 8黑+    4      6")
	// 赵鑫鑫 (5): the round-1 bye, then lost to 1 as red, beat 7 as black.
	must(t, row("5"), "5 赵鑫鑫 轮空 1红- 7黑+")
	// 孙勇征 (9): drew 4 as red and 8 as black, lost to 6 as red.
	must(t, row("9"), "9 孙勇征 4红= 8黑= 6红-")
	must(t, text, "成绩表 1/2", "成绩表 2/2", " 4 许银川    1    0   4", " 6 欧阳…     1    0   2=")
	en := h.sendAs("li", "en", "/crosstable").Text
	must(t, en, "Crosstable 1/2", " 4 许银川 9b= 7r= 8b+   4  6    1")

	// A message limit that holds one section keeps each section whole.
	sections := strings.Split(text, "\n\n")
	parts := chat.Split(text, chat.Length(sections[0])+5)
	if !reflect.DeepEqual(parts, sections) {
		t.Errorf("split into %q, want the sections %q", parts, sections)
	}
}

// Before the first round the views say what comes first — the start, the
// pairing, the publication; without an event they say how to get one.
func TestViewsBeforeFirstRound(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("li", "/standings"), "还没有比赛", "/event new")
	h.say("wang", "/event new 春季赛")
	h.say("wang", "/player add 甲")
	h.say("wang", "/player add 乙")
	for _, step := range []struct {
		by, zh, en string
	}{
		{"", "比赛还没有开始，还没有对阵", "The event has not started"},
		{"/start", "组织者或裁判输入 /pair 编排第 1 轮", "pairs round 1 with /pair"},
		{"/pair", "第 1 轮已经编排，还没有公布：组织者或裁判输入 /publish 公布", "publishes it with /publish"},
	} {
		if step.by != "" {
			h.say("wang", step.by)
		}
		for _, cmd := range []string{"/pairings", "/standings", "/crosstable"} {
			must(t, h.say("li", cmd), step.zh)
			must(t, h.sendAs("li", "en", cmd).Text, step.en)
		}
	}
}
