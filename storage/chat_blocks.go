package storage

// Chats held for want of rights. When a platform says the bot may not post
// in a chat (chat.ErrNoRights: removed from the group, no right to send),
// retrying every message with a growing backoff would hold the chat's
// queue for hours and then give its messages up. Instead the chat is held:
// its oldest message waits for a probe (firstProbe, doubling to lastProbe),
// counting no failed attempt, so nothing is given up; the chat's later
// messages wait behind it as they always do, and no other chat waits at
// all. A message that gets through (a probe, or the adapter's word that
// the rights are back: Unblock) resumes the chat.

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/qisai/qisai/chat"
)

// The waits before a held chat's oldest message is tried again: the first,
// doubling after each refusal, and the longest.
const (
	firstProbe = 15 * time.Minute
	lastProbe  = 2 * time.Hour
)

// chatBlockRow is a chat held for want of rights.
type chatBlockRow struct {
	Platform string `gorm:"primaryKey"`
	ChatID   string `gorm:"primaryKey"`
	Reason   string // the platform's refusal
	Since    time.Time
	Probes   int // refusals since
}

func (chatBlockRow) TableName() string { return "chat_blocks" }

// Block holds chat c: the bot may not post there, as reason says (the
// platform's word, for the log). It reports whether c was not held before
// (newly), and since when it is held: a note about it is one per hold,
// keyed by that. Its messages wait until Unblock, or a probe that gets
// through.
func (s *Store) Block(ctx context.Context, c chat.Chat, reason string) (newly bool, since time.Time, err error) {
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		newly, since, err = block(tx, c.Root(), reason, s.now().UTC())
		return err
	})
	if err != nil {
		return false, time.Time{}, fmt.Errorf("hold chat %s:%s: %w", c.Platform, c.ID, err)
	}
	return newly, since, nil
}

// block records c held in tx; see Block.
func block(tx *gorm.DB, c chat.Chat, reason string, now time.Time) (bool, time.Time, error) {
	res := tx.Clauses(clause.OnConflict{DoNothing: true}).
		Create(&chatBlockRow{Platform: c.Platform, ChatID: c.ID, Reason: reason, Since: now})
	if res.Error != nil {
		return false, time.Time{}, res.Error
	}
	var row chatBlockRow
	if err := tx.Where("platform = ? AND chat_id = ?", c.Platform, c.ID).Take(&row).Error; err != nil {
		return false, time.Time{}, err
	}
	return res.RowsAffected == 1, row.Since, nil
}

// Unblock resumes chat c (its rights are back): its oldest message is due
// now. It reports whether c was held.
func (s *Store) Unblock(ctx context.Context, c chat.Chat) (bool, error) {
	c = c.Root()
	var was bool
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Where("platform = ? AND chat_id = ?", c.Platform, c.ID).Delete(&chatBlockRow{})
		if res.Error != nil {
			return res.Error
		}
		was = res.RowsAffected > 0
		if !was {
			return nil
		}
		now := s.now().UTC()
		return tx.Exec(`UPDATE outbox SET next_attempt_at = ? WHERE platform = ? AND chat_id = ? AND next_attempt_at > ? AND `+pending,
			now, c.Platform, c.ID, now).Error
	})
	if err != nil {
		return false, fmt.Errorf("resume chat %s:%s: %w", c.Platform, c.ID, err)
	}
	return was, nil
}

// Blocked counts the chats held, by platform; a platform with none is
// absent.
func (s *Store) Blocked(ctx context.Context) (map[string]int64, error) {
	var rows []struct {
		Platform string
		N        int64
	}
	if err := s.db.WithContext(ctx).Raw(`SELECT platform, COUNT(*) AS n FROM chat_blocks GROUP BY platform`).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("count the chats held: %w", err)
	}
	n := make(map[string]int64, len(rows))
	for _, r := range rows {
		n[r.Platform] = r.N
	}
	return n, nil
}

// heldAmong are those of ds whose chats are held: a success of theirs
// resumes the chat. The table is small (the chats held now), and read
// only when a claim took messages.
func (s *Store) heldAmong(ctx context.Context, ds []Delivery) (map[chat.Chat]bool, error) {
	if len(ds) == 0 {
		return nil, nil
	}
	var rows []chatBlockRow
	if err := s.db.WithContext(ctx).Find(&rows).Error; err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, nil
	}
	held := make(map[chat.Chat]bool, len(rows))
	for _, r := range rows {
		held[chat.Chat{Platform: r.Platform, ID: r.ChatID}] = true
	}
	return held, nil
}

// hold records that message id of chat c was refused for want of rights
// (cause): c is held, and the message waits for the next probe, its claim
// ended, no attempt counted. It reports as Block does.
func (s *Store) hold(ctx context.Context, c chat.Chat, id int64, cause error) (bool, time.Time, error) {
	c = c.Root()
	now := s.now().UTC()
	var (
		newly bool
		since time.Time
	)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if newly, since, err = block(tx, c, cause.Error(), now); err != nil {
			return err
		}
		var probes int
		if err := tx.Raw(`UPDATE chat_blocks SET probes = probes + 1 WHERE platform = ? AND chat_id = ? RETURNING probes`,
			c.Platform, c.ID).Scan(&probes).Error; err != nil {
			return err
		}
		return tx.Exec(`UPDATE outbox SET claimed_by = '', claimed_until = NULL, sending_part = 0, next_attempt_at = ?, last_error = ?
			WHERE id = ? AND `+pending, now.Add(probeAfter(probes)), cause.Error(), id).Error
	})
	if err != nil {
		return false, time.Time{}, fmt.Errorf("hold chat %s:%s: %w", c.Platform, c.ID, err)
	}
	return newly, since, nil
}

// probeAfter is the wait before a held chat's message is tried again
// after probes refusals.
func probeAfter(probes int) time.Duration {
	d := firstProbe
	for i := 1; i < probes && d < lastProbe; i++ {
		d *= 2
	}
	return min(d, lastProbe)
}
