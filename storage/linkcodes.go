package storage

// Link codes: the secret an organiser types in another chat (/link CODE)
// to make it follow the event, becoming an organiser there. Whoever knows
// a code gets that, so a code is unguessable (80 bits from crypto/rand),
// used once, short-lived, and guessing is limited per user and per chat:
// the wrong codes typed are stored, so a restart does not forgive them.
// Only a code's hash is stored; a code names no event, so a wrong one
// says nothing about which events exist.

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/text/width"
	"gorm.io/gorm"

	"github.com/qisai/qisai/action"
)

// linkCodeBytes is a link code's randomness: 80 bits, 16 characters.
const linkCodeBytes = 10

// crockford is Douglas Crockford's base32: digits and capitals without I,
// L, O and U, so that a code read off a phone and typed on another is not
// misread (and reading maps the look-alikes back, see normalLinkCode).
var crockford = base32.NewEncoding("0123456789ABCDEFGHJKMNPQRSTVWXYZ").WithPadding(base32.NoPadding)

// Errors of RedeemLinkCode and of a change using a code (UseLinkCode).
var (
	// ErrLinkCodeWrong: no such code, or one that has expired or been
	// used: the same answer, so that typing codes teaches nothing.
	ErrLinkCodeWrong = errors.New("wrong link code")
)

// LinkLimitError refuses a code typed after too many wrong ones from the
// user or in the chat: none is looked at until Until.
type LinkLimitError struct {
	Until time.Time
	Chat  bool // the chat's limit, not the user's
}

func (e *LinkLimitError) Error() string {
	who := "user"
	if e.Chat {
		who = "chat"
	}
	return fmt.Sprintf("too many wrong link codes from this %s: try again after %s", who, e.Until.Format(time.RFC3339))
}

// LinkLimits bound the wrong link codes: at most User from one user and
// Chat in one chat within Window.
type LinkLimits struct {
	User, Chat int
	Window     time.Duration
}

type linkCodeRow struct {
	CodeHash     string `gorm:"primaryKey"`
	EventID      int64
	MadePlatform string
	MadeUser     string
	CreatedAt    time.Time
	ExpiresAt    time.Time
	UsedAt       *time.Time
}

func (linkCodeRow) TableName() string { return "link_codes" }

// NewLinkCode makes a code for event id, valid for ttl and once, made by
// by (kept for the record); it returns the code as people type it
// ("7KQ2-M9XD-4HTB-RW3A") and when it expires.
func (s *Store) NewLinkCode(ctx context.Context, id EventID, by action.Actor, ttl time.Duration) (string, time.Time, error) {
	b := make([]byte, linkCodeBytes)
	rand.Read(b) // never fails (crypto/rand's contract since Go 1.24)
	raw := crockford.EncodeToString(b)
	code := raw[0:4] + "-" + raw[4:8] + "-" + raw[8:12] + "-" + raw[12:16]
	now := s.now().UTC()
	row := linkCodeRow{CodeHash: linkCodeHash(raw), EventID: int64(id), MadePlatform: by.Platform, MadeUser: by.User,
		CreatedAt: now, ExpiresAt: now.Add(ttl)}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// Codes a day past their time serve no record worth keeping.
		if err := tx.Where("expires_at < ?", now.Add(-24*time.Hour)).Delete(&linkCodeRow{}).Error; err != nil {
			return err
		}
		return tx.Create(&row).Error
	})
	if err != nil {
		return "", time.Time{}, fmt.Errorf("make a link code for event %d: %w", id, err)
	}
	return code, row.ExpiresAt, nil
}

// RedeemLinkCode finds the event of code, typed by user in chat (each
// "platform:id"), without using it up: the change that links the chat uses
// it (Change.UseLinkCode), so that a link refused for another reason
// leaves the code good. A wrong, expired or used code is ErrLinkCodeWrong
// and counts against the user and the chat; once either has made limits'
// number of wrong ones within the window, every code is refused
// (*LinkLimitError) until the oldest of them leaves the window.
func (s *Store) RedeemLinkCode(ctx context.Context, code, user, chat string, limits LinkLimits) (EventID, error) {
	now := s.now().UTC()
	userScope, chatScope := "user:"+user, "chat:"+chat
	var (
		id    EventID
		wrong bool
	)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		since := now.Add(-limits.Window)
		for _, l := range []struct {
			scope string
			max   int
		}{{userScope, limits.User}, {chatScope, limits.Chat}} {
			var ats []time.Time
			if err := tx.Table("link_attempts").Where("scope = ? AND at > ?", l.scope, since).Order("at").
				Limit(l.max).Pluck("at", &ats).Error; err != nil {
				return err
			}
			if len(ats) >= l.max {
				return &LinkLimitError{Until: ats[0].Add(limits.Window), Chat: l.scope == chatScope}
			}
		}
		raw, ok := normalLinkCode(code)
		var rows []linkCodeRow
		if ok {
			if err := tx.Where("code_hash = ? AND used_at IS NULL AND expires_at > ?", linkCodeHash(raw), now).
				Limit(1).Find(&rows).Error; err != nil {
				return err
			}
		}
		if len(rows) == 1 {
			id = EventID(rows[0].EventID)
			return nil
		}
		for _, scope := range []string{userScope, chatScope} {
			// The scope's attempts out of every window go as it gets a new one.
			if err := tx.Exec("DELETE FROM link_attempts WHERE scope = ? AND at <= ?", scope, since).Error; err != nil {
				return err
			}
			if err := tx.Exec("INSERT INTO link_attempts (scope, at) VALUES (?, ?)", scope, now).Error; err != nil {
				return err
			}
		}
		wrong = true // and the attempt is committed
		return nil
	})
	var limit *LinkLimitError
	switch {
	case err == nil && wrong:
		return 0, ErrLinkCodeWrong
	case errors.As(err, &limit):
		return 0, limit
	case err != nil:
		return 0, fmt.Errorf("look up a link code: %w", err)
	}
	return id, nil
}

// UseLinkCode uses code up with the change: the change commits only if
// the code is still unused and unexpired then (else its Update fails with
// ErrLinkCodeWrong), so two chats typing one code at once link one.
func (c *Change) UseLinkCode(code string) error {
	raw, ok := normalLinkCode(code)
	if !ok {
		return ErrLinkCodeWrong
	}
	c.linkCode = linkCodeHash(raw)
	return nil
}

// useLinkCode marks the code whose hash is hash used, inside tx.
func useLinkCode(tx *gorm.DB, id EventID, hash string, at time.Time) error {
	q := tx.Model(&linkCodeRow{}).Where("code_hash = ? AND event_id = ? AND used_at IS NULL AND expires_at > ?", hash, id, at).
		Update("used_at", at)
	if q.Error != nil {
		return fmt.Errorf("use a link code: %w", q.Error)
	}
	if q.RowsAffected == 0 {
		return ErrLinkCodeWrong
	}
	return nil
}

// normalLinkCode reads a code as typed: any case, full-width characters,
// without or with its dashes and spaces, Crockford's look-alikes (I and
// L for 1, O for 0). ok is false for what cannot be a code.
func normalLinkCode(code string) (string, bool) {
	code = strings.ToUpper(width.Narrow.String(code))
	code = strings.NewReplacer("-", "", " ", "", "I", "1", "L", "1", "O", "0").Replace(code)
	if len(code) != crockford.EncodedLen(linkCodeBytes) {
		return "", false
	}
	if _, err := crockford.DecodeString(code); err != nil {
		return "", false
	}
	return code, true
}

// linkCodeHash is what is stored of a code.
func linkCodeHash(raw string) string {
	sum := sha256.Sum256([]byte("qisai link code\x00" + raw))
	return hex.EncodeToString(sum[:])
}
