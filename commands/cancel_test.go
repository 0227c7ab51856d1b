package commands

import (
	"strings"
	"testing"
)

// TestEventCancel: /event cancel asks first, then calls the event off
// before its start: the group and each player who signed up are told,
// /events lists it as cancelled, it is no longer current, and its name
// is free for /event new. A started event is refused, pointing at /finish.
func TestEventCancel(t *testing.T) {
	h := newHarness(t)
	h.say("org", "/event new 周赛 rounds 3")
	h.say("org", "/signup open")
	h.say("wang", "/join 王五")
	h.say("zhao", "/join 赵六")
	h.say("org", "/player add 李四") // entered by the organiser: no chat user
	h.sent()

	must(t, h.say("wang", "/event cancel"), "只有组织者")
	r := h.send("org", "/event cancel", false)
	must(t, r.Text, "要取消「周赛」吗", "已报名的 3 名选手会收到通知", "/event cancel confirm #周赛")
	if len(r.Buttons) != 1 || r.Buttons[0].Command != "/event cancel confirm #周赛" {
		t.Errorf("the question's buttons %+v, want one that confirms", r.Buttons)
	}
	if en := h.sendAs("org", "en", "/event cancel").Text; !strings.Contains(en, `Cancel "周赛"?`) {
		t.Errorf("the English question %q", en)
	}
	must(t, h.say("org", "/events"), "周赛 — 报名中") // asking changed nothing

	must(t, h.say("org", r.Buttons[0].Command), "「周赛」已取消", "3 名选手")
	sent := h.sent()
	for _, user := range []string{"wang", "zhao"} {
		must(t, strings.Join(sent["dm:"+user], "\n"), "你报名的「周赛」已取消")
	}
	events := h.say("org", "/events")
	must(t, events, "周赛 — 已取消")
	if strings.Contains(events, "当前") {
		t.Errorf("/events %q: a cancelled event is no longer current", events)
	}
	must(t, h.say("li", "/join 李四"), "比赛都已取消", "/event new") // nothing left to join
	must(t, h.say("org", "/event show #周赛"), "已取消")
	must(t, h.say("org", "/signup open #周赛"), "比赛已经取消", "/event new")
	must(t, h.say("org", "/event cancel confirm #周赛"), "比赛已经取消")
	must(t, h.say("org", "/event use 周赛"), "已经取消")
	must(t, h.say("org", "/undo 6 #周赛"), "取消了比赛，不能撤销", "/event new")

	// The name is free again; the new event is the chat's current one.
	must(t, h.say("org", "/event new 周赛 rounds 1"), "已创建比赛「周赛」")
	events = h.say("org", "/events")
	must(t, events, "1. 周赛 — 已取消", "2. 周赛 — 准备中（当前）")
	h.say("org", "/signup open")
	must(t, h.say("wang", "/join 王五"), "报名成功")
	h.say("zhao", "/join 赵六")
	h.say("org", "/start")
	for _, tc := range []struct{ locale, want, hint string }{
		{"zh", "比赛已经开始，不能取消", "请用 /finish 结束"},
		{"en", "The event has started: it cannot be cancelled", "finished with /finish instead"},
	} {
		got := h.sendAs("org", tc.locale, "/event cancel confirm").Text
		must(t, got, tc.want, tc.hint)
		if w := latinWords(got, nil); tc.locale == "zh" && len(w) > 0 {
			t.Errorf("English %q inside the Chinese: %q", w, got)
		}
	}
}

// TestEventCancelBesideAnother: of two unfinished events, the one left
// after the other is cancelled is the only unfinished one: lines that name
// no event go to it.
func TestEventCancelBesideAnother(t *testing.T) {
	h := newHarness(t)
	h.say("org", "/event new 学生组")
	h.say("org", "/event new 教师组")
	must(t, h.say("org", "/event cancel #学生组"), "还没有选手报名")
	must(t, h.say("org", "/event show"), "#比赛名") // ambiguous
	must(t, h.say("org", "/event cancel confirm #学生组"), "「学生组」已取消")
	must(t, h.say("org", "/event show"), "比赛：教师组")
	h.say("org", "/signup open")
	must(t, h.say("wang", "/join 王五"), "报名成功")
}
