package commands

import (
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/storage"
)

// TestWaitListOwnWay_R_E_5: a waiting entrant leaves the wait list with
// /leave, an organiser takes one off with /waitlist remove (told
// privately), and a maximum raised moves the rest up, each told.
func TestWaitListOwnWay_R_E_5(t *testing.T) {
	h := newHarness(t)
	max := 2
	e := newPlayEvent(t, h, nil)
	e.update(func(ch *storage.Change) error { return ch.Append(&action.EntryRulesSet{Max: &max}) })
	for _, j := range []string{"a:/join 甲", "b:/join 乙", "c:/join 丙", "d:/join 丁", "f:/join 戊"} {
		user, line, _ := strings.Cut(j, ":")
		h.say(user, line)
	}
	if st := e.state(); len(st.Event.Players) != 2 || len(st.Waiting) != 3 {
		t.Fatalf("%d players, %d waiting; want 2 and 3", len(st.Event.Players), len(st.Waiting))
	}
	h.sent()
	must(t, h.dm("c", "/leave"), "已退出候补名单")
	must(t, h.say("a", "/waitlist remove 1"), "只有组织者可以删除候补")
	must(t, h.say("org", "/waitlist remove 9"), "候补名单上没有第 9 位：候补有 2 人")
	must(t, h.say("org", "/waitlist remove 1"), "已把 丁 从候补名单上删除")
	must(t, strings.Join(h.sent()["dm:d"], "\n"), "组织者把你从「周赛」的候补名单上删除了")
	if st := e.state(); len(st.Waiting) != 1 || st.Waiting[0].Name != "戊" || st.Waiting[0].ID != 1 {
		t.Fatalf("wait list %+v, want 戊 alone, first", st.Waiting)
	}
	must(t, h.dm("d", "/me"), "你还没有参加或负责任何比赛")
	must(t, h.say("org", "/event set max 5"), "人数上限 = 5")
	sent := h.sent()
	must(t, strings.Join(sent["group"], "\n"), "候补递补（R-E-5）：3 戊。")
	must(t, strings.Join(sent["dm:f"], "\n"), "「周赛」有了空位：你已从候补递补为正式选手（第 3 位）")
	must(t, h.say("org", "/event set max 2"), "已有 3 名选手，人数上限不能少于 3")
}
