package storage

// The outbox . Messages are stored in the transaction that
// causes them (Update, or Enqueue for messages outside an event change)
// and go out later through Deliver, so a crash between "saved" and "sent"
// loses nothing. A worker claims messages for a lease (renewed while it
// sends), sends them part by part and marks them sent; when it dies the
// lease runs out and another worker (or the same one restarted) sends what
// it had not handed to the platform yet: a part whose request was under
// way counts as sent (see chat.Sending), so nothing goes out twice as far as
// the platform can tell us. Within a chat, messages go out in
// the order they were stored: only the oldest pending message of a chat
// may be claimed, so a chat's next message waits while an earlier one is
// being sent, waits for a retry, or belongs to another worker.
//
// A message is pending until it is sent or given up. A message that failed
// DeliverOptions.MaxAttempts times is given up (gave_up_at is set, the
// last error kept in last_error): it is never sent, and it no longer holds
// back the later messages of its chat, so one undeliverable message (a
// user who blocked the bot, a deleted chat) does not silence a chat for
// good.

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/qisai/qisai/chat"
)

// Delivery is a message claimed for sending.
type Delivery struct {
	ID       int64
	Event    EventID // 0 for a message Enqueue stored
	Message  chat.Message
	Attempts int // failed attempts so far
	// PartsSent is how many of the message's parts (DeliverOptions.Split)
	// went out already: a retry, or another worker, goes on from there.
	PartsSent int
	// Unconfirmed says the last of those parts was being handed to the
	// platform when its worker died (see chat.Sending): counted as sent.
	Unconfirmed bool
	// Held says its chat is held for want of rights (Block): sent, it
	// resumes the chat.
	Held bool
}

// DeliverOptions tune Deliver; a zero field takes its default.
type DeliverOptions struct {
	Batch       int           // messages claimed at a time (default 100)
	Lease       time.Duration // how long a claim lasts before others may take the message (default 30 s)
	Poll        time.Duration // wait when nothing is due (default 200 ms)
	MaxAttempts int           // failed attempts after which a message is given up (default 20: about 1¾ hours of retries)
	// Platform, when set, limits delivery to the messages of that platform
	// ("telegram", "discord"), so that each platform's adapter delivers its
	// own messages at its own pace. Empty: every platform's messages.
	Platform string
	// Undeliverable, when set, hears of each message the sender refused
	// for good (an error wrapping chat.ErrUndeliverable), and why: it is
	// given up at once, without retries.
	Undeliverable func(ctx context.Context, d Delivery, err error)
	// Blocked, when set, hears of a chat the bot may no longer post in (a
	// send refused with chat.ErrNoRights) when it is first held, since
	// then, and why: its messages wait (see Block).
	Blocked func(ctx context.Context, c chat.Chat, since time.Time, err error)
	// Split, when set, cuts a message into the parts the platform takes
	// (its length, a file of its own): each part is sent, paced and
	// recorded on its own, so a retry or a restart goes on with the first
	// part not sent. Nil: a message is one part.
	Split func(chat.Message) []chat.Message
	// Log hears what delivery cannot say to anybody: messages given up,
	// database errors it retries (nil: slog.Default()).
	Log *slog.Logger
	// Drain is how long a stopping Deliver lets the requests already
	// under way finish (default 5 s, at most half the lease): a platform
	// may have taken a message whose answer has not come back, and
	// cutting the request off would leave that unknown.
	Drain time.Duration
	// EditEvery is the least time between two edits of a live message
	// (chat.Live; default 5 s): the versions asked for meanwhile are
	// coalesced into the latest.
	EditEvery time.Duration
}

// Defaults of DeliverOptions and of MarkFailed.
const (
	defaultBatch       = 100
	defaultLease       = 30 * time.Second
	defaultPoll        = 200 * time.Millisecond
	defaultMaxAttempts = 20
	// defaultDrain is well inside the 10 s a container manager (docker
	// stop) waits between SIGTERM and SIGKILL.
	defaultDrain = 5 * time.Second
	// defaultEditEvery keeps a live message's edits to 12 a minute: a
	// Telegram group takes about 20 messages a minute, edits included, and
	// its other messages need room.
	defaultEditEvery = 5 * time.Second
)

// Retries wait firstRetry after the first failure, twice as long after
// each further one, and never longer than lastRetry.
const (
	firstRetry = time.Second
	lastRetry  = 10 * time.Minute
)

// pending holds for a message that is neither sent nor given up.
const pending = "sent_at IS NULL AND gave_up_at IS NULL"

// claimable is the condition on a message Claim may take, with its
// arguments: pending, of platform unless platform is empty, due and not
// under a live lease at now, and the head of its chat (the oldest of the
// chat's pending messages). Claim walks the pending messages oldest first
// (index outbox_queue, or outbox_platform_queue, which hold pending
// messages only) and stops when it has enough; whether a message is its
// chat's head is one probe into index outbox_pending (platform, chat, id). So a claim costs in the
// messages it takes and in those it passes over (not due, claimed, behind
// their chat's head), never in all those pending or ever sent; the oldest
// pending message is always its chat's head, so a claim of one finds it
// at once. The condition repeats pending because PostgreSQL checks only
// the outer conditions again on a row that changed while it waited for
// its lock.
func claimable(platform string, now time.Time) (string, []any) {
	// next_attempt_at IS NOT NULL, always true, is the walk's indexes'
	// mark (see migration 7): SQLite does not infer it from the <=.
	cond := pending + ` AND next_attempt_at IS NOT NULL AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)`
	args := []any{now, now}
	if platform != "" {
		cond += ` AND platform = ?`
		args = append(args, platform)
	}
	cond += ` AND id = (SELECT MIN(head.id) FROM outbox head WHERE head.platform = outbox.platform
		AND head.chat_id = outbox.chat_id AND head.sent_at IS NULL AND head.gave_up_at IS NULL)`
	return cond, args
}

// Enqueue stores messages that no event change causes (a reply to a
// command that changed nothing, a reminder) in one transaction. Each needs
// a DedupKey: enqueueing a message whose key is stored already does
// nothing, so a caller may retry Enqueue safely.
func (s *Store) Enqueue(ctx context.Context, msgs ...chat.Message) error {
	for i, m := range msgs {
		if m.DedupKey == "" {
			return fmt.Errorf("enqueue message %d of %d (to %s chat %s): DedupKey is empty; messages outside an event change need one so that enqueueing them again does nothing",
				i+1, len(msgs), m.Chat.Platform, m.Chat.ID)
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return insertMessages(tx, nil, msgs, "")
	})
	if err != nil {
		return fmt.Errorf("enqueue %d messages: %w", len(msgs), err)
	}
	return nil
}

// Claim takes up to limit messages that are due for worker, for lease,
// oldest first: each the oldest pending message of its chat (so a batch
// holds at most one message per chat), due, and not claimed by a live
// lease. Several workers, in one process or many, may claim at once: on
// PostgreSQL each skips the rows another is claiming (FOR UPDATE SKIP
// LOCKED) and the UPDATE checks the claim again; on SQLite the immediate
// transaction serialises them. worker must be unique to the caller.
func (s *Store) Claim(ctx context.Context, worker string, limit int, lease time.Duration) ([]Delivery, error) {
	return s.ClaimPlatform(ctx, worker, "", limit, lease)
}

// ClaimPlatform is Claim taking only the messages of platform; "" takes
// every platform's, as Claim does.
func (s *Store) ClaimPlatform(ctx context.Context, worker, platform string, limit int, lease time.Duration) ([]Delivery, error) {
	if worker == "" || limit <= 0 || lease <= 0 {
		return nil, fmt.Errorf("claim outbox messages: need a worker name, a positive limit and a positive lease (got %q, %d, %v)", worker, limit, lease)
	}
	now := s.now().UTC()
	cond, args := claimable(platform, now)
	var ds []Delivery
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var due []outboxMessage
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where(cond, args...).Order("id").Limit(limit).Find(&due).Error; err != nil {
			return err
		}
		var ids []int64
		byID := make(map[int64]Delivery, len(due))
		for _, r := range due {
			d, err := delivery(r)
			if err == nil && d.Message.Live != nil {
				err = latestLive(tx, &d)
			}
			if err != nil {
				// Unsendable, and it would hold back its chat for good.
				if err := tx.Exec("UPDATE outbox SET gave_up_at = ?, last_error = ? WHERE id = ?", now, err.Error(), r.Row.ID).Error; err != nil {
					return err
				}
				continue
			}
			ids = append(ids, r.Row.ID)
			byID[r.Row.ID] = d
		}
		if len(ids) == 0 {
			return nil
		}
		var claimed []int64
		if err := tx.Raw(`UPDATE outbox SET claimed_by = ?, claimed_until = ?
			WHERE id IN ? AND `+pending+` AND (claimed_until IS NULL OR claimed_until < ?)
			RETURNING id`, worker, now.Add(lease), ids, now).Scan(&claimed).Error; err != nil {
			return err
		}
		won := make(map[int64]bool, len(claimed))
		for _, id := range claimed {
			won[id] = true
		}
		for _, id := range ids { // oldest first
			if won[id] {
				ds = append(ds, byID[id])
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("claim outbox messages for %s: %w", worker, err)
	}
	return ds, nil
}

// MarkSent records that message id went out and ends its claim. Marking a
// message sent again does nothing, so a worker whose lease ran out and
// another that took the message over may both mark it.
func (s *Store) MarkSent(ctx context.Context, id int64) error {
	n, err := s.markSent(ctx, []int64{id})
	if err == nil && n == 0 {
		err = ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("mark outbox message %d sent: %w", id, err)
	}
	return nil
}

// markSent is MarkSent of several messages in one statement; it returns
// how many there were.
func (s *Store) markSent(ctx context.Context, ids []int64) (int64, error) {
	res := s.db.WithContext(ctx).Exec(`UPDATE outbox SET sent_at = COALESCE(sent_at, ?), claimed_by = '', claimed_until = NULL
		WHERE id IN ?`, s.now().UTC(), ids)
	return res.RowsAffected, res.Error
}

// MarkFailed records a failed attempt to send message id, ends its claim
// and schedules the next attempt after a backoff (1 s, doubling, at most
// 10 min). After the default number of attempts (see DeliverOptions) the
// message is given up. A message already sent or given up stays as it is.
func (s *Store) MarkFailed(ctx context.Context, id int64, cause error) error {
	return s.fail(ctx, id, cause, defaultMaxAttempts)
}

// fail is MarkFailed giving up after maxAttempts failed attempts.
// failAfter is fail, honouring a chat.RetryAfter the cause carries: the next
// attempt comes no sooner than the platform asked.
func (s *Store) failAfter(ctx context.Context, id int64, cause error, maxAttempts int) error {
	var ra chat.RetryAfter
	if !errors.As(cause, &ra) {
		return s.fail(ctx, id, cause, maxAttempts)
	}
	return s.failWait(ctx, id, cause, maxAttempts, ra.Wait)
}

func (s *Store) fail(ctx context.Context, id int64, cause error, maxAttempts int) error {
	return s.failWait(ctx, id, cause, maxAttempts, 0)
}

// failWait counts a failed attempt; the next one comes after the backoff,
// or after atLeast when that is longer.
func (s *Store) failWait(ctx context.Context, id int64, cause error, maxAttempts int, atLeast time.Duration) error {
	why := "unknown error"
	if cause != nil {
		why = cause.Error()
	}
	now := s.now().UTC()
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var r outboxRow
		// Locked so that two failures at once both count.
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Take(&r, id).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if r.SentAt != nil || r.GaveUpAt != nil {
			return nil
		}
		attempts := r.Attempts + 1
		set := map[string]any{"attempts": attempts, "last_error": why, "claimed_by": "", "claimed_until": nil, "sending_part": 0}
		if attempts >= maxAttempts {
			set["gave_up_at"] = now
		} else {
			set["next_attempt_at"] = now.Add(max(retryAfter(attempts), atLeast))
		}
		return tx.Model(&outboxMessage{}).Where("id = ?", id).Updates(set).Error
	})
	if err != nil {
		return fmt.Errorf("mark outbox message %d failed: %w", id, err)
	}
	return nil
}

// retryAfter is the wait before the next attempt after attempts failures.
func retryAfter(attempts int) time.Duration {
	d := firstRetry
	for i := 1; i < attempts && d < lastRetry; i++ {
		d *= 2
	}
	return min(d, lastRetry)
}

// releaseOne ends worker's claim on m, which it will not send now. With
// keepMark, the part recorded as being handed to the platform (Sending)
// stays so: the next worker counts it as sent.
func (s *Store) releaseOne(ctx context.Context, worker string, m Delivery, keepMark bool) error {
	if !keepMark {
		return s.release(ctx, worker, []Delivery{m})
	}
	err := s.db.WithContext(ctx).Exec(`UPDATE outbox SET claimed_by = '', claimed_until = NULL
		WHERE id = ? AND claimed_by = ? AND `+pending, m.ID, worker).Error
	if err != nil {
		return fmt.Errorf("release outbox message %d of %s: %w", m.ID, worker, err)
	}
	return nil
}

// release ends worker's claims on messages it will not send now, so that
// another worker need not wait for the leases to run out.
func (s *Store) release(ctx context.Context, worker string, ds []Delivery) error {
	if len(ds) == 0 {
		return nil
	}
	ids := make([]int64, len(ds))
	for i, d := range ds {
		ids[i] = d.ID
	}
	err := s.db.WithContext(ctx).Exec(`UPDATE outbox SET claimed_by = '', claimed_until = NULL, sending_part = 0
		WHERE id IN ? AND claimed_by = ? AND `+pending, ids, worker).Error
	if err != nil {
		return fmt.Errorf("release %d outbox messages of %s: %w", len(ds), worker, err)
	}
	return nil
}
