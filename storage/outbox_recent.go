package storage

import (
	"context"
	"fmt"
	"time"

	"github.com/qisai/qisai/chat"
)

// Sent is a message of the outbox that went out, as RecentSends lists it.
type Sent struct {
	Chat  chat.Chat // its chat (without its topic: the platforms limit chats)
	At    time.Time
	Parts int // the messages it went out as
}

// RecentSends lists platform's messages sent since since, oldest first: a
// pacer starting again counts them against the platform's limits, so that
// a restart does not begin with a burst the platform punishes.
func (s *Store) RecentSends(ctx context.Context, platform string, since time.Time) ([]Sent, error) {
	var rows []struct {
		ChatID    string
		SentAt    time.Time
		PartsSent int
	}
	err := s.db.WithContext(ctx).Model(&outboxMessage{}).Select("chat_id, sent_at, parts_sent").
		Where("platform = ? AND sent_at >= ?", platform, since.UTC()).Order("sent_at").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("recent sends of %s: %w", platform, err)
	}
	out := make([]Sent, len(rows))
	for i, r := range rows {
		out[i] = Sent{Chat: chat.Chat{Platform: platform, ID: r.ChatID}, At: r.SentAt, Parts: max(r.PartsSent, 1)}
	}
	return out, nil
}
