package commands

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// TestUndeliverable: when a player's private note cannot reach them, the
// event's group hears once, by the player's name, how to fix it.
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
	d := storage.Delivery{Event: id, Message: chat.Message{Chat: chat.Private("console", "li"), Text: "第 1 轮…"}}
	h.svc.Undeliverable(context.Background(), d, chat.ErrUndeliverable)
	h.svc.Undeliverable(context.Background(), d, chat.ErrUndeliverable) // a second note of theirs: no second notice
	got := h.sent()
	if n := len(got[h.group.ID]); n != 1 {
		t.Fatalf("the group got %d notices, want 1: %v", n, got)
	}
	must(t, got[h.group.ID][0], "李四：我还不能私信你", "press Start")
	if len(got["dm:li"]) != 0 {
		t.Errorf("the notice went to the private chat too: %v", got["dm:li"])
	}
	// Not a private chat, or no event: nothing.
	h.svc.Undeliverable(context.Background(), storage.Delivery{Event: id, Message: chat.Message{Chat: h.group}}, chat.ErrUndeliverable)
	h.svc.Undeliverable(context.Background(), storage.Delivery{Message: chat.Message{Chat: chat.Private("console", "li")}}, chat.ErrUndeliverable)
	if got := h.sent(); len(got) != 0 {
		t.Errorf("notices for a group message or no event: %v", got)
	}
}

// TestUndeliverableInPlatformWords: a refusal that says what to do in the
// platform's words (chat.Refusal's Fix: Discord's direct-message settings)
// is what the group hears, not Telegram's "press Start".
func TestUndeliverableInPlatformWords(t *testing.T) {
	h := newHarness(t)
	h.say("wang", "/event new 春季赛")
	h.say("wang", "/signup open")
	h.say("li", "/join 李四")
	h.sent()
	id, err := h.store.EventOf(context.Background(), h.group)
	if err != nil {
		t.Fatal(err)
	}
	fix := i18n.T{Zh: "请在设置里允许私信。", En: "Allow direct messages in the settings."}
	d := storage.Delivery{Event: id, Message: chat.Message{Chat: chat.Private("console", "li"), Text: "第 1 轮…"}}
	h.svc.Undeliverable(context.Background(), d, &chat.Refusal{Kind: chat.ErrUndeliverable, Fix: fix, Err: errors.New("50007")})
	got := h.sent()[h.group.ID]
	if len(got) != 1 {
		t.Fatalf("the group got %d notices, want 1: %v", len(got), got)
	}
	must(t, got[0], "李四：我还不能私信你。"+fix.Zh, "李四: I cannot message you privately yet. "+fix.En)
	if strings.Contains(got[0], "Start") || strings.Contains(got[0], "开始") {
		t.Errorf("the notice %q speaks of Start", got[0])
	}
}
