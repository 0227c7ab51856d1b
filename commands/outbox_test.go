package commands

import (
	"context"
	"testing"

	"github.com/qisai/qisai/chat"
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
	h.svc.Undeliverable(context.Background(), d)
	h.svc.Undeliverable(context.Background(), d) // a second note of theirs: no second notice
	got := h.sent()
	if n := len(got[h.group.ID]); n != 1 {
		t.Fatalf("the group got %d notices, want 1: %v", n, got)
	}
	must(t, got[h.group.ID][0], "李四：我还不能私信你", "press Start")
	if len(got["dm:li"]) != 0 {
		t.Errorf("the notice went to the private chat too: %v", got["dm:li"])
	}
	// Not a private chat, or no event: nothing.
	h.svc.Undeliverable(context.Background(), storage.Delivery{Event: id, Message: chat.Message{Chat: h.group}})
	h.svc.Undeliverable(context.Background(), storage.Delivery{Message: chat.Message{Chat: chat.Private("console", "li")}})
	if got := h.sent(); len(got) != 0 {
		t.Errorf("notices for a group message or no event: %v", got)
	}
}
