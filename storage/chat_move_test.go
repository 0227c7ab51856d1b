package storage

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
)

// TestMoveChat: a group upgraded to a supergroup (a new id) takes along,
// in one transaction, the events it follows with their topics, its current
// event, its messages waiting — in their order, the notes they leave in the
// group readdressed too — a hold for want of rights, and what it owns as a
// user; messages sent stay where they went; nothing is left on the old id.
// Moving again does nothing.
func TestMoveChat(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		old := chat.Chat{Platform: "telegram", ID: "-4001"}
		moved := chat.Chat{Platform: "telegram", ID: "-1004001"}
		other := chat.Chat{Platform: "telegram", ID: "-4002"}
		spring := evCreate(t, s, "春季赛", "Li", "Wang")
		autumn := evCreate(t, s, "秋季赛")
		bind := func(id EventID, c chat.Chat) {
			t.Helper()
			if _, err := s.Update(ctx, id, evOrganiser, "", func(ch *Change) error { ch.Bind(c); return nil }); err != nil {
				t.Fatal(err)
			}
		}
		bind(autumn, old)
		bind(spring, chat.Chat{Platform: old.Platform, ID: old.ID, Thread: "7"})
		bind(spring, other)
		if err := s.SetLang(ctx, "telegram", old.ID, "en"); err != nil {
			t.Fatal(err)
		}
		// One sent, two waiting (one leaving a note in the group when it
		// cannot reach its user), one to another chat.
		sentMsg := chat.Message{Chat: old, Text: "sent", DedupKey: "m0"}
		if err := s.Enqueue(ctx, sentMsg); err != nil {
			t.Fatal(err)
		}
		ds, err := s.Claim(ctx, "w", 10, time.Minute)
		if err != nil || len(ds) != 1 {
			t.Fatalf("claim: %v %v", ds, err)
		}
		if err := s.MarkSent(ctx, ds[0].ID); err != nil {
			t.Fatal(err)
		}
		dm := chat.Private("telegram", "7")
		waiting := []chat.Message{
			{Chat: old, Text: "first", DedupKey: "m1"},
			{Chat: dm, Text: "private", DedupKey: "m2", IfUndeliverable: &chat.Notice{Chat: old, Text: "7 cannot be reached"}},
			{Chat: chat.Chat{Platform: old.Platform, ID: old.ID, Thread: "7"}, Text: "second", DedupKey: "m3"},
			{Chat: other, Text: "elsewhere", DedupKey: "m4"},
		}
		if err := s.Enqueue(ctx, waiting...); err != nil {
			t.Fatal(err)
		}
		if newly, _, err := s.Block(ctx, old, "403 bot was kicked"); err != nil || !newly {
			t.Fatalf("Block = %v, %v", newly, err)
		}

		for range 2 { // the second time, nothing is left to move
			if err := s.MoveChat(ctx, old, moved); err != nil {
				t.Fatal(err)
			}
		}
		// A line typed in the old chat before the move finds its events.
		if evs, err := s.ChatEvents(ctx, old); err != nil || len(evs) != 2 {
			t.Errorf("the old chat follows %v (%v); want the new chat's two", evs, err)
		}
		evs, err := s.ChatEvents(ctx, moved)
		if err != nil || len(evs) != 2 || evs[0].ID != spring || evs[1].ID != autumn || !evs[0].Current {
			t.Errorf("the new chat follows %+v (%v); want both events, 春季赛 current", evs, err)
		}
		chats, err := s.Chats(ctx, spring)
		want := []chat.Chat{{Platform: moved.Platform, ID: moved.ID, Thread: "7"}, other}
		if err != nil || !reflect.DeepEqual(chats, want) {
			t.Errorf("春季赛's chats = %v (%v); want %v (its topic kept)", chats, err, want)
		}
		if l, err := s.Lang(ctx, "telegram", moved.ID); err != nil || l != "en" {
			t.Errorf("the chat's language = %q (%v); want en", l, err)
		}
		if n, err := s.Blocked(ctx); err != nil || n["telegram"] != 0 {
			t.Errorf("chats held %v (%v); want none: the hold was the old chat's", n, err)
		}
		var rows []outboxRow
		if err := s.db.Order("id").Find(&rows).Error; err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rows {
			got = append(got, r.ChatID+"/"+r.Thread)
		}
		if w := []string{old.ID + "/", moved.ID + "/", dm.ID + "/", moved.ID + "/7", other.ID + "/"}; !reflect.DeepEqual(got, w) {
			t.Errorf("the outbox's chats %v; want %v (the sent message where it went)", got, w)
		}
		ds, err = s.Claim(ctx, "w", 10, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range ds {
			if d.Message.Chat.ID == dm.ID && d.Message.IfUndeliverable.Chat != moved {
				t.Errorf("the private note's notice goes to %v; want %v", d.Message.IfUndeliverable.Chat, moved)
			}
			if d.Message.Chat.ID == moved.ID && d.Message.Text != "first" {
				t.Errorf("the new chat's first message is %q; want the first waiting", d.Message.Text)
			}
		}
		if err := s.MoveChat(ctx, old, chat.Private("telegram", "1")); err == nil {
			t.Error("moving a group to a private chat: no error")
		}

		// What was typed in the old chat before the move finds the new one,
		// after a second move too; a chat that never moved is itself.
		further := chat.Chat{Platform: "telegram", ID: "-1009001"}
		for _, to := range []chat.Chat{moved, further} {
			if got, err := s.MovedTo(ctx, old); err != nil || got != to {
				t.Errorf("the old chat moved to %v (%v); want %v", got, err, to)
			}
			if err := s.MoveChat(ctx, moved, further); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := s.MovedTo(ctx, other); err != nil || got != other {
			t.Errorf("a chat that never moved: %v (%v)", got, err)
		}
	})
}
