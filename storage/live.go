package storage

// Live messages (chat.Live): a message a chat sees once and that is
// edited in place as what it shows changes. The first message of a key in
// a chat goes out through the outbox as any other; the Sender says which
// message it became (chat.Posted), and later messages with the key only
// change the text it is to read (body). Delivery edits the chat's message
// to the latest body when it differs from what the chat shows (shown), at
// most once every DeliverOptions.EditEvery: edits in between are
// coalesced, and one that would change nothing is never sent.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/qisai/qisai/chat"
)

// liveRow is a live message of a chat (migration 16).
type liveRow struct {
	Platform     string `gorm:"primaryKey"`
	ChatID       string `gorm:"primaryKey"`
	LiveKey      string `gorm:"primaryKey"`
	Thread       string
	EventID      *int64
	MessageID    string // the platform's id of the message; "" until it is sent
	Body         string // the message as it is to read now, JSON as the outbox's
	Shown        string // the body the chat shows
	Pending      int    // 1 while Body and Shown differ
	EditAfter    time.Time
	Attempts     int
	LastError    string
	GaveUpAt     *time.Time
	ClaimedBy    string
	ClaimedUntil *time.Time
}

func (liveRow) TableName() string { return "live_messages" }

// liveWhere selects the live message of key in chat c.
const liveWhere = "platform = ? AND chat_id = ? AND live_key = ?"

// queueLive records live message m, whose JSON is body, inside tx. The
// first of its key in its chat, or one whose earlier message could no
// longer be edited (gone from the chat), is a new message: edit is false
// and the outbox sends it. Any later one is the text the chat's message is
// to be edited to: edit is true, and nothing is sent now.
func queueLive(tx *gorm.DB, event *int64, m chat.Message, body string) (edit bool, err error) {
	c, key := m.Chat, m.Live.Key
	var r liveRow
	err = tx.Where(liveWhere, c.Platform, c.ID, key).Take(&r).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return false, tx.Create(&liveRow{Platform: c.Platform, ChatID: c.ID, LiveKey: key, Thread: c.Thread, EventID: event,
			Body: body, EditAfter: tx.NowFunc()}).Error
	case err != nil:
		return false, err
	case r.GaveUpAt != nil:
		// Its message is gone (deleted by an admin, say): a new one.
		return false, tx.Model(&liveRow{}).Where(liveWhere, c.Platform, c.ID, key).Updates(map[string]any{
			"message_id": "", "body": body, "shown": "", "pending": 0, "attempts": 0, "last_error": "",
			"gave_up_at": nil, "thread": c.Thread,
		}).Error
	}
	pending := 0
	if body != r.Shown {
		pending = 1
	}
	return true, tx.Model(&liveRow{}).Where(liveWhere, c.Platform, c.ID, key).
		Updates(map[string]any{"body": body, "pending": pending}).Error
}

// latestLive makes d, the first message of a live message, read as the
// latest version queued (queueLive): the versions queued before it went
// out need no edit then.
func latestLive(tx *gorm.DB, d *Delivery) error {
	c := d.Message.Chat
	var body []string
	if err := tx.Model(&liveRow{}).Where(liveWhere, c.Platform, c.ID, d.Message.Live.Key).Pluck("body", &body).Error; err != nil || len(body) == 0 {
		return err
	}
	m := chat.Message{Chat: c, DedupKey: d.Message.DedupKey, File: d.Message.File, Album: d.Message.Album}
	if err := json.Unmarshal([]byte(body[0]), &m); err != nil {
		return fmt.Errorf("unreadable live message: %w", err)
	}
	d.Message = m
	return nil
}

// markPosted records that live message m went out as the platform's
// message id, showing m: the edits to what was asked for since follow
// from then + every.
func (s *Store) markPosted(ctx context.Context, m chat.Message, id string, every time.Duration) error {
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c := m.Chat
	err = s.db.WithContext(ctx).Exec(`UPDATE live_messages SET message_id = ?, shown = ?,
		pending = CASE WHEN body = ? THEN 0 ELSE 1 END, edit_after = ? WHERE `+liveWhere,
		id, string(body), string(body), s.now().UTC().Add(every), c.Platform, c.ID, m.Live.Key).Error
	if err != nil {
		return fmt.Errorf("record live message %q of chat %s as message %s: %w", m.Live.Key, c.ID, id, err)
	}
	return nil
}

// Edit is a live message whose chat is to see a newer text: message ID
// of the platform is to read as Message.
type Edit struct {
	ID       string
	Message  chat.Message
	Attempts int    // failed attempts so far
	body     string // Message as stored, which the edit shows once made
}

// ClaimEdits takes up to limit live messages of platform ("": every
// platform's) whose chats are to see a newer text and whose next edit is
// due at the store's clock (early: due or not, for a console that shows
// each step at once), for worker, for lease.
func (s *Store) ClaimEdits(ctx context.Context, worker, platform string, limit int, lease time.Duration, early bool) ([]Edit, error) {
	if worker == "" || limit <= 0 || lease <= 0 {
		return nil, fmt.Errorf("claim edits: need a worker name, a positive limit and a positive lease (got %q, %d, %v)", worker, limit, lease)
	}
	now := s.now().UTC()
	cond := `pending = 1 AND message_id <> '' AND gave_up_at IS NULL AND (claimed_until IS NULL OR claimed_until < ?)`
	args := []any{now}
	if !early {
		cond += ` AND edit_after <= ?`
		args = append(args, now)
	}
	if platform != "" {
		cond += ` AND platform = ?`
		args = append(args, platform)
	}
	var out []Edit
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var due []liveRow
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where(cond, args...).Order("edit_after").Limit(limit).Find(&due).Error; err != nil {
			return err
		}
		for _, r := range due {
			m := chat.Message{Chat: chat.Chat{Platform: r.Platform, ID: r.ChatID, Thread: r.Thread}}
			if err := json.Unmarshal([]byte(r.Body), &m); err != nil {
				// Unreadable: it can never be shown.
				if err := tx.Model(&liveRow{}).Where(liveWhere, r.Platform, r.ChatID, r.LiveKey).
					Updates(map[string]any{"gave_up_at": now, "last_error": err.Error()}).Error; err != nil {
					return err
				}
				continue
			}
			q := tx.Model(&liveRow{}).Where(liveWhere+` AND (claimed_until IS NULL OR claimed_until < ?)`, r.Platform, r.ChatID, r.LiveKey, now).
				Updates(map[string]any{"claimed_by": worker, "claimed_until": now.Add(lease)})
			if q.Error != nil {
				return q.Error
			}
			if q.RowsAffected == 1 {
				out = append(out, Edit{ID: r.MessageID, Message: m, Attempts: r.Attempts, body: r.Body})
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("claim edits for %s: %w", worker, err)
	}
	return out, nil
}

// MarkEdited records that e's chat shows e's text now and ends the claim;
// the next edit comes no sooner than every from now.
func (s *Store) MarkEdited(ctx context.Context, e Edit, every time.Duration) error {
	c := e.Message.Chat
	err := s.db.WithContext(ctx).Exec(`UPDATE live_messages SET shown = ?, pending = CASE WHEN body = ? THEN 0 ELSE 1 END,
		edit_after = ?, attempts = 0, last_error = '', claimed_by = '', claimed_until = NULL WHERE `+liveWhere,
		e.body, e.body, s.now().UTC().Add(every), c.Platform, c.ID, e.Message.Live.Key).Error
	if err != nil {
		return fmt.Errorf("record live message %q of chat %s edited: %w", e.Message.Live.Key, c.ID, err)
	}
	return nil
}

// editFailed records a failed edit of e and ends the claim: tried again
// after the outbox's backoff (at least wait), given up after maxAttempts
// or at once when forGood (the message is gone: the next version is sent
// as a new message, queueLive).
func (s *Store) editFailed(ctx context.Context, e Edit, cause error, maxAttempts int, forGood bool, wait time.Duration) error {
	now := s.now().UTC()
	attempts := e.Attempts + 1
	set := map[string]any{"attempts": attempts, "last_error": cause.Error(), "claimed_by": "", "claimed_until": nil,
		"edit_after": now.Add(max(retryAfter(attempts), wait))}
	if forGood || attempts >= maxAttempts {
		set["gave_up_at"] = now
	}
	c := e.Message.Chat
	if err := s.db.WithContext(ctx).Model(&liveRow{}).Where(liveWhere, c.Platform, c.ID, e.Message.Live.Key).Updates(set).Error; err != nil {
		return fmt.Errorf("record an edit of live message %q of chat %s failed: %w", e.Message.Live.Key, c.ID, err)
	}
	return nil
}

// releaseEdit ends worker's claim on e, which it did not edit.
func (s *Store) releaseEdit(ctx context.Context, worker string, e Edit) error {
	c := e.Message.Chat
	err := s.db.WithContext(ctx).Exec(`UPDATE live_messages SET claimed_by = '', claimed_until = NULL WHERE `+liveWhere+` AND claimed_by = ?`,
		c.Platform, c.ID, e.Message.Live.Key, worker).Error
	if err != nil {
		return fmt.Errorf("release the edit of live message %q of chat %s: %w", e.Message.Live.Key, c.ID, err)
	}
	return nil
}
