package commands

import (
	"context"
	"strings"
	"testing"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// TestUndeliverable: when a player's private note cannot reach them, the
// event's group hears once, by the player's name, how to fix it: in the
// platform's words the refusal carries, in the player's language; a
// question the note asked (its buttons) is asked in the group instead.
func TestUndeliverable(t *testing.T) {
	h := newHarness(t)
	h.say("wang", "/event new 春季赛")
	h.say("wang", "/signup open")
	h.say("li", "/join 李四")
	h.sent()
	id, err := h.store.EventOf(context.Background(), h.group)
	if err != nil {
		t.Fatal(err)
	}
	why := &chat.Refusal{Kind: chat.ErrUndeliverable, Fix: i18n.T{Zh: "请打开与我的私聊并点「开始」。", En: "Open a private chat with me and press Start."}}
	d := storage.Delivery{ID: 1, Event: id, Message: chat.Message{Chat: chat.Private("console", "li"), Text: "第 1 轮…"}}
	h.svc.Undeliverable(context.Background(), d, why)
	d.ID = 2
	h.svc.Undeliverable(context.Background(), d, why) // a second note of theirs: no second notice
	got := h.sent()
	if n := len(got[h.group.ID]); n != 1 {
		t.Fatalf("the group got %d notices, want 1: %v", n, got)
	}
	must(t, got[h.group.ID][0], "李四：我还不能私信你。请打开与我的私聊并点「开始」。")
	if strings.Contains(got[h.group.ID][0], "Start") {
		t.Errorf("the notice to a Chinese reader is in English too: %q", got[h.group.ID][0])
	}
	// A question: asked in the group, buttons and all, by name.
	ask := chat.Message{Chat: chat.Private("console", "li"), Text: "王芳 报告：红胜。确认吗？",
		Buttons: []chat.Button{{Label: "确认", Command: "/confirm e1 r1 b1 a9"}}}
	h.svc.Undeliverable(context.Background(), storage.Delivery{ID: 3, Event: id, Message: ask}, why)
	msgs := h.outbox()[h.group.ID]
	if len(msgs) != 1 || msgs[0].Chat != h.group || len(msgs[0].Buttons) != 1 {
		t.Fatalf("the question went as %+v; want it in the group with its button", msgs)
	}
	must(t, msgs[0].Text, "李四，我不能私信你，请在这里回答：\n王芳 报告：红胜。确认吗？")
	if strings.Contains(msgs[0].Text, "@") {
		t.Errorf("the question mentions somebody: %q", msgs[0].Text)
	}
	if len(got["dm:li"]) != 0 {
		t.Errorf("the notice went to the private chat too: %v", got["dm:li"])
	}
	// Not a private chat, or no event: nothing.
	h.svc.Undeliverable(context.Background(), storage.Delivery{Event: id, Message: chat.Message{Chat: h.group}}, why)
	h.svc.Undeliverable(context.Background(), storage.Delivery{Message: chat.Message{Chat: chat.Private("console", "li")}}, why)
	if got := h.sent(); len(got) != 0 {
		t.Errorf("notices for a group message or no event: %v", got)
	}
}
