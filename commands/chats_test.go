package commands

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// TestChatBlocked: when the bot may no longer post in a chat, the
// organisers of its events hear it once, privately, in their language,
// with what to grant in the platform's words; ChatResumed lifts the hold
// (the outbox's side of it: storage's TestDeliverHeldChat).
func TestChatBlocked(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	h.say("wang", "/event new 春季赛")
	h.say("wang", "/signup open")
	h.sent()
	why := &chat.Refusal{Kind: chat.ErrNoRights, Err: errors.New("403 Forbidden: bot was kicked from the group chat"),
		Fix: i18n.T{Zh: "请把我重新加入该群。", En: "Add me to the group again."}}
	for range 2 { // the platform says it twice: one note
		if err := h.svc.ChatBlocked(ctx, h.group, why); err != nil {
			t.Fatal(err)
		}
	}
	got := h.sent()
	if n := len(got["dm:wang"]); n != 1 {
		t.Fatalf("the organiser got %d notes; want 1: %v", n, got)
	}
	must(t, got["dm:wang"][0], "我不能在「春季赛」所在的群里发消息了。请把我重新加入该群。")
	if strings.Contains(got["dm:wang"][0], "Add me") {
		t.Errorf("the note to a Chinese reader has English: %q", got["dm:wang"][0])
	}
	if err := h.svc.ChatResumed(ctx, h.group); err != nil {
		t.Fatal(err)
	}
	if n, err := h.store.Blocked(ctx); err != nil || n["console"] != 0 {
		t.Errorf("chats held after ChatResumed: %v, %v", n, err)
	}
}

// TestMoveChat: after a group's move to a new id, a command there finds
// the group's event.
func TestMoveChat(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	h.say("wang", "/event new 春季赛")
	to := chat.Chat{Platform: "console", ID: "supergroup"}
	if err := h.svc.MoveChat(ctx, h.group, to); err != nil {
		t.Fatal(err)
	}
	h.group = to
	must(t, h.say("wang", "/event show"), "春季赛")
}
