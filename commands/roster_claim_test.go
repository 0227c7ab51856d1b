package commands

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// TestClaimRefusals: what ties a user to an entry refuses — an entry
// with a user claimed or linked again, a user who is a player already,
// a claim after the start, a claim's button pressed by a non-organiser —
// in both languages; and /join of an entered name says to claim it.
func TestClaimRefusals(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("org", "/event new 周赛 rounds 3"), "周赛")
	must(t, h.say("org", "/event set seeding entered"), "报名顺序") // no lots: 李四 stays number 2
	h.say("org", "/player add 张三")
	h.say("org", "/player add 李四")
	must(t, h.say("zhang", "/claim 张三"), "已请组织者确认")
	st := h.state()
	zhang := strconv.Itoa(st.Event.Players[0].Entrant)
	must(t, h.dm("org", "/claim ok "+zhang+" console zhang e"+strconv.FormatInt(int64(h.eventID()), 10)+" r0 b0 a0"), "已关联", "zhang")
	button := func(verb, entrant, user string) string {
		return "/claim " + verb + " " + entrant + " console " + user + " e" + strconv.FormatInt(int64(h.eventID()), 10) + " r0 b0 a0"
	}
	li := strconv.Itoa(st.Event.Players[1].Entrant)
	for _, tt := range []struct {
		name, user, line string
		dm               bool
		zh, en           string
	}{
		{"a claimed entry claimed: the organisers decide", "wang", "/claim 1", false, "已请组织者确认你认领 1 张三", "Asked the organisers to confirm your claim to 1 张三"},
		{"a claimed entry linked again", "org", "/player link 1 @wang", false, "张三 已经有聊天用户了", "张三 has a chat user already"},
		{"a user claiming a second entry", "zhang", "/claim 李四", false, "这个用户已经是本赛的 张三 了", "That user is 张三 in this event already"},
		{"a user linked twice", "org", "/player link 2 @zhang", false, "这个用户已经是本赛的 张三 了", "That user is 张三 in this event already"},
		{"a confirmation pressed again", "org", button("ok", zhang, "zhang"), true, "张三 已经关联了这个用户", "张三 is linked to that user already"},
		{"a claim confirmed by a player", "zhang", button("ok", li, "wang"), true, "只有组织者可以确认认领", "Only the organisers confirm claims"},
		{"no such entry", "wang", "/claim 9", false, "没有 9 号选手", "There is no player 9"},
		{"joining as an entered name", "wang", "/join 李四", false, "/claim 2", "type /claim 2"},
		{"linking nobody", "org", "/player link 2", false, "请指明是谁", "Say who"},
	} {
		for _, lang := range []struct{ locale, want string }{{"zh", tt.zh}, {"en", tt.en}} {
			r := h.line(tt.user, lang.locale, tt.line, tt.dm)
			must(t, r.Text, lang.want)
			if t.Failed() {
				t.Fatalf("%s (%s): %q", tt.name, lang.locale, r.Text)
			}
		}
	}
	h.say("org", "/start")
	// R-E-4: after the start a claim still goes to the organisers.
	must(t, h.say("wang", "/join 李四"), "如果是你，请输入 /claim 2")
	must(t, h.say("wang", "/claim 李四"), "已请组织者确认你认领 2 李四")
	// An organiser links a player after the start.
	must(t, h.say("org", "/player link 李四 @wang"), "已关联")
	if got := h.sent()["dm:wang"]; len(got) != 1 {
		t.Errorf("wang's private notes %q; want the one that says he is linked", got)
	}
}

// line is one request of user in locale, in the group or their private
// chat.
func (h *harness) line(user, locale, text string, dm bool) Reply {
	h.t.Helper()
	h.update++
	c := h.group
	if dm {
		c = chat.Private("console", user)
	} else {
		h.speaks = locale // the group speaks the line's language (chatLang)
		defer func() { h.speaks = "" }()
	}
	return h.svc.Handle(context.Background(), Request{
		Chat: c, User: User{ID: user, Name: user}, Locale: locale,
		Text: text, UpdateID: "console:update:" + strconv.Itoa(h.update),
	})
}

// TestR_G_4_UnlinkedNotForfeited: the clock forfeits for lateness only
// the players who could check in; a board with a late player who has no
// chat user waits for the arbiter, who may check them in by number.
func TestR_G_4_UnlinkedNotForfeited(t *testing.T) {
	h := newHarness(t)
	late := 15 * time.Minute
	id, p := scheduledEvent(t, h, &action.InfoChanged{LateAfter: &late})
	b1, b2 := p.Boards[0], p.Boards[1]
	st := h.state()
	// Board 1's red and board 2's black lose their users.
	if _, err := h.store.Update(context.Background(), id, action.Actor{Platform: "console", User: "wang"}, "", func(ch *storage.Change) error {
		for _, n := range []int{b1.Red, b2.Black} {
			ids, err := h.store.PlayerIdentities(context.Background(), id, st.EntrantOf(n))
			if err != nil {
				return err
			}
			for _, i := range ids {
				ch.Forget(i.Platform, i.User)
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	h.watch(5 * time.Minute)
	red := strconv.Itoa(b1.Red)
	must(t, h.say("wang", "/here "+red), "已为", "签到", "第 1 台")
	must(t, h.say("zhao", "/here "+red), "只有组织者或裁判可以替选手签到")
	h.sent()
	h.watch(11 * time.Minute)
	tick(t, h.svc)
	got := roundOne(t, h, id)
	// Board 1: the unlinked red was checked in, the linked black is late.
	// Board 2: both late, black has no user: the arbiter decides.
	if got[b1.Number] != engine.RedForfeitWin || got[b2.Number] != engine.Pending {
		t.Errorf("results %v; want board %d +- (black late, red checked in by the arbiter), board %d pending", got, b1.Number, b2.Number)
	}
}
