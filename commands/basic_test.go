package commands

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/qisai/qisai/chat"
)

func TestEventNewAndShow(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("wang", "/event show"), "还没有比赛", "/event new")
	must(t, h.say("wang", "/event new 春季赛 swiss rounds 5"), "春季赛", "5", "组织者")
	must(t, h.say("li", "/event show"), "春季赛", "准备中", "积分编排", "2/1/0")
	// A chat holds several events (the season's tests: season_test.go).
	must(t, h.say("wang", "/event new 春季赛"), "已经有叫「春季赛」的比赛")
	must(t, h.say("wang", "/event new 循环赛 roundrobin"), "循环赛", "还有未结束的比赛：春季赛", "#循环赛", "/event use")
}

func TestEventNewRoundRobinInEnglish(t *testing.T) {
	h := newHarness(t)
	r := h.sendAs("ann", "en-GB", "/event new Club Cup roundrobin").Text
	must(t, r, `"Club Cup"`, "round robin", "rounds by the table", "organiser")
	must(t, h.sendAs("ann", "en", "/event show").Text, "by the table", "sb,wins,direct")
}

func TestUnknownCommandAndPlainText(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("wang", "/nonsense"), "/nonsense", "/help")
	if r := h.say("wang", "hello everyone"); r != "" {
		t.Errorf("plain chat got a reply %q", r)
	}
	must(t, h.sendAs("ann", "en", "/nonsense").Text, "There is no command /nonsense")
}

// A family's first word, alone or with a word it does not take, is told
// the family's commands whole, not that the command does not exist.
func TestCommandFamilyWithoutItsWord(t *testing.T) {
	h := newHarness(t)
	for _, line := range []string{"/team", "/team accept", "/TEAM"} {
		r := h.say("wang", line)
		must(t, r, "/team join", "/team new", "/help team")
		if strings.Contains(r, "没有") {
			t.Errorf("%s: %q says there is no such command", line, r)
		}
	}
	must(t, h.sendAs("ann", "en", "/player").Text, "/player goes with a word after it", "/player add", "/player remove", "/help player")
	must(t, h.say("wang", "/help team"), "/team join") // the hint works where it is given
}

func TestHelp(t *testing.T) {
	h := newHarness(t)
	r := h.say("wang", "/help")
	must(t, r, "/event new", "/help")
	must(t, h.say("wang", "/help event new"), "/event new 名字", "比赛名称")
	must(t, h.say("wang", "/help 新比赛"), "/event new 名字")
	must(t, h.say("wang", "/help nothing"), "没有 /nothing")
}

func TestSplitLine(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string
	}{
		{"/report win", "report|win"},
		{"/report@qisai_bot win", "report|win"},
		{`/join "Wang Tianyi" 一中`, "join|Wang Tianyi|一中"},
		{"／帮助", "帮助"},
		{"  /help   ", "help"},
		{"hello", ""},
		{"", ""},
	} {
		if got := strings.Join(splitLine(tt.in), "|"); got != tt.want {
			t.Errorf("splitLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzSplitLine: the parser never panics and keeps non-space text.
func FuzzSplitLine(f *testing.F) {
	for _, s := range []string{"/report win", `/join "a b" c`, "/x@y", "／帮助", `/"`, "/@"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		words := splitLine(line)
		for _, w := range words {
			if strings.ContainsAny(w, " \t\n") && !strings.Contains(line, `"`) {
				t.Errorf("word %q of %q has a space but the line has no quotes", w, line)
			}
		}
	})
}

// TestDuplicateUpdate: the same update delivered twice is done once, and
// the second delivery says so instead of a reply built from nothing.
func TestDuplicateUpdate(t *testing.T) {
	h := newHarness(t)
	h.say("wang", "/event new 春季赛")
	req := Request{Chat: h.group, User: User{ID: "wang", Name: "wang"}, Locale: "zh", Text: "/player add 赵六", UpdateID: "console:update:dup"}
	must(t, h.svc.Handle(context.Background(), req).Text, "赵六")
	must(t, h.svc.Handle(context.Background(), req).Text, "已经处理过")
	must(t, h.say("wang", "/event show"), "选手：1 人")
}

// TestStartInDMGreets: Telegram sends /start when a user presses Start in
// the bot's private chat; there qisai greets them in their language —
// who it is, that private notes arrive there, /help — and starts nothing,
// even when the user organises an event.
func TestStartInDMGreets(t *testing.T) {
	h := setUp(t, "问候赛")
	n := h.logLen()
	for _, tt := range []struct {
		user, locale string
		want         []string
	}{
		{"newcomer", "zh-CN", []string{"棋赛", "私人消息", "对阵", "/help"}},
		{"ann", "en-GB", []string{"qisai", "private notes", "pairing", "/help"}},
		{"org", "zh", []string{"棋赛", "私人消息", "/help"}},
	} {
		h.update++
		r := h.svc.Handle(context.Background(), Request{
			Chat: chat.Private("telegram", tt.user),
			User: User{ID: tt.user, Name: tt.user}, Locale: tt.locale, Text: "/start",
			UpdateID: fmt.Sprintf("telegram:update:%d", h.update),
		})
		must(t, r.Text, tt.want...)
		if strings.Contains(r.Text, "还没有比赛") || strings.Contains(r.Text, "follows no event") {
			t.Errorf("%s: /start in a private chat → %q, want a greeting, not the organiser's command", tt.user, r.Text)
		}
	}
	if got := h.logLen(); got != n {
		t.Errorf("/start in a private chat changed the event's log: %d actions, were %d", got, n)
	}
}

// TestStartInGroupStartsEvent: in a group /start is still the organiser's
// "start the event", with its checks.
func TestStartInGroupStartsEvent(t *testing.T) {
	must(t, newHarness(t).say("org", "/start"), "还没有比赛")
	h := setUp(t, "开赛 swiss rounds 3")
	must(t, h.say("li", "/start"), "只有组织者")
	must(t, h.say("org", "/start"), "开赛！")
	must(t, h.say("org", "/start"), "已经开始")
}

// TestHelpGroups: /help WORD answers with a group's commands — a topic
// (event, player, round, results, in English or Chinese) or every command
// whose name begins with the word — /help NAME explains one command (a
// command's own name before a topic's word: /help result), and
// a word that names neither says which groups there are.
func TestHelpGroups(t *testing.T) {
	h := newHarness(t)
	for _, tt := range []struct {
		lang, line string
		want       []string
	}{
		{"zh", "/help event", []string{"比赛相关的命令：", "/event new", "/event set", "/signup", "/finish"}},
		{"en", "/help event", []string{"Commands for the event:", "/event show", "/link"}},
		{"zh", "/help 比赛", []string{"比赛相关的命令：", "/event new"}},
		{"zh", "/help player", []string{"选手相关的命令：", "/player add", "/player remove", "/join", "/withdraw"}},
		{"en", "/help 选手", []string{"Commands for the player:", "/players", "/player edit", "/claim", "/leave"}},
		{"en", "/help players", []string{"/players\nlist the entrants"}}, // the command: no topic of that name
		{"zh", "/help round", []string{"轮次相关的命令：", "/pair", "/publish", "/here"}},
		{"en", "/help 轮次", []string{"Commands for the round:", "/swap", "/pairings"}},
		{"zh", "/help results", []string{"结果相关的命令：", "/result", "/report", "/confirm", "/standings"}},
		{"en", "/help result", []string{"/result BOARD", "set or correct a board's result"}}, // the command: its own name
		{"en", "/help 成绩", []string{"Commands for the result:", "/resign", "/draw"}},
		{"zh", "/help pair", []string{"/pair [带补赛]\n", "也可以输入 /编排"}},
		{"en", "/help 报告", []string{"/report win|loss|draw"}},
		{"zh", "/help arbiter", []string{"/arbiter add"}},
		{"zh", "/help 俱乐部", []string{"俱乐部相关的命令：", "/roster list", "/rating list", "/rating import", "/season list", "/season new"}},
		{"en", "/help club", []string{"Commands for the club:", "/roster merge", "/rating export", "/season points"}},
		{"en", "/help", []string{"club: /roster list"}},
		{"zh", "/help 无此", []string{"没有 /无此 这个命令或命令组", "比赛、选手、轮次、结果"}},
		{"en", "/help nothing", []string{"There is no command or group /nothing", "event, player, round, result"}},
	} {
		must(t, h.sendAs("wang", tt.lang, tt.line).Text, tt.want...)
	}
	for _, tp := range topics {
		for _, n := range tp.cmds {
			if h.svc.reg.byName[n] == nil {
				t.Errorf("topic %s lists %q, which is no command", tp.names[0], n)
			}
		}
	}
}
