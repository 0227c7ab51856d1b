package storage

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/qisai/qisai/chat"
)

// answeredRow is a message typed in a chat that the bot answered.
type answeredRow struct {
	Platform  string `gorm:"primaryKey"`
	ChatID    string `gorm:"primaryKey"`
	MessageID string `gorm:"primaryKey"`
	At        time.Time
}

func (answeredRow) TableName() string { return "answered" }

// MarkAnswered records that the bot answered message in chat c (a
// command), so that an edit of it is not run again (Answered); the
// records older than keep go.
func (s *Store) MarkAnswered(ctx context.Context, c chat.Chat, message string, keep time.Duration) error {
	now := s.now().UTC()
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("at < ?", now.Add(-keep)).Delete(&answeredRow{}).Error; err != nil {
			return err
		}
		return tx.Clauses(clause.OnConflict{DoNothing: true}).
			Create(&answeredRow{Platform: c.Platform, ChatID: c.ID, MessageID: message, At: now}).Error
	})
	if err != nil {
		return fmt.Errorf("record message %s of chat %s:%s answered: %w", message, c.Platform, c.ID, err)
	}
	return nil
}

// Answered reports whether the bot answered message in chat c
// (MarkAnswered), as far as it keeps the records.
func (s *Store) Answered(ctx context.Context, c chat.Chat, message string) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&answeredRow{}).
		Where("platform = ? AND chat_id = ? AND message_id = ?", c.Platform, c.ID, message).Count(&n).Error
	if err != nil {
		return false, fmt.Errorf("was message %s of chat %s:%s answered: %w", message, c.Platform, c.ID, err)
	}
	return n > 0, nil
}
