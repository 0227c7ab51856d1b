package storage

import (
	"context"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
)

// TestOldPrivateChat: an outbox row written before chats knew they were
// private (chat_id "dm:7", a notice for the group in its body) is claimed
// as user 7's private chat, with its notice's chat as stored.
func TestOldPrivateChat(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		due := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
		old := outboxRow{Platform: "telegram", ChatID: "dm:7", DedupKey: "old",
			Body:      `{"text":"note","if_undeliverable":{"chat":{"platform":"telegram","id":"-100"},"text":"open a private chat"}}`,
			CreatedAt: due, NextAttemptAt: due}
		if err := s.db.Create(&old).Error; err != nil {
			t.Fatal(err)
		}
		ds, err := s.Claim(ctx, "w", 10, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) != 1 {
			t.Fatalf("claimed %d messages, want the old one", len(ds))
		}
		m := ds[0].Message
		if !m.Chat.IsPrivate() || m.Chat.User() != "7" || m.Chat != chat.Private("telegram", "7") {
			t.Errorf("the old row's chat read as %+v, want user 7's private chat", m.Chat)
		}
		if n := m.IfUndeliverable; n == nil || n.Chat != (chat.Chat{Platform: "telegram", ID: "-100"}) || n.Chat.IsPrivate() {
			t.Errorf("the old row's notice read as %+v, want one for group -100", n)
		}
	})
}
