package storage

import (
	"encoding/json"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// insertMessages puts msgs in the outbox inside tx, due at once, for event
// (nil: no event). A message without a DedupKey gets keyPrefix:msg:i, i its
// place in msgs. A message whose key is there already is dropped: that is
// what makes sending idempotent.
func insertMessages(tx *gorm.DB, event *EventID, msgs []Message, keyPrefix string) error {
	if len(msgs) == 0 {
		return nil
	}
	var eventID *int64
	if event != nil {
		id := int64(*event)
		eventID = &id
	}
	now := tx.NowFunc() // the Store's clock, in UTC
	rows := make([]outboxRow, len(msgs))
	for i, m := range msgs {
		if m.Chat.Platform == "" || m.Chat.ID == "" {
			return fmt.Errorf("message %d: the chat needs a platform and an id", i)
		}
		key := m.DedupKey
		if key == "" {
			if keyPrefix == "" {
				return fmt.Errorf("message %d: no de-duplication key", i)
			}
			key = fmt.Sprintf("%s:msg:%d", keyPrefix, i)
		}
		body, err := json.Marshal(m)
		if err != nil {
			return fmt.Errorf("message %d: %w", i, err)
		}
		rows[i] = outboxRow{
			EventID: eventID, Platform: m.Chat.Platform, ChatID: m.Chat.ID, Body: string(body),
			DedupKey: key, CreatedAt: now, NextAttemptAt: now,
		}
	}
	if err := tx.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(&rows, insertBatch).Error; err != nil {
		return fmt.Errorf("queue messages: %w", err)
	}
	return nil
}
