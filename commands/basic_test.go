package commands

import (
	"context"
	"strings"
	"testing"
)

func TestEventNewAndShow(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("wang", "/event show"), "还没有比赛", "/event new")
	must(t, h.say("wang", "/event new 春季赛 swiss rounds 5"), "春季赛", "5", "组织者")
	must(t, h.say("li", "/event show"), "春季赛", "准备中", "cn-swiss", "2/1/0")
	must(t, h.say("wang", "/event new 又一个"), "已经有比赛")
	must(t, h.say("wang", "/event new 循环赛 roundrobin"), "已经有比赛")
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

func TestHelp(t *testing.T) {
	h := newHarness(t)
	r := h.say("wang", "/help")
	must(t, r, "/event new", "/help")
	must(t, h.say("wang", "/help event new"), "/event new NAME", "比赛名称")
	must(t, h.say("wang", "/help 新比赛"), "/event new NAME")
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
