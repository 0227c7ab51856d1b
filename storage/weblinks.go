package storage

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/qisai/qisai/action"
)

// An event's live web page is reached by a link that only those who were
// given it know: /e/TOKEN/. The token is the whole secret — 128 bits from
// crypto/rand, so guessing one is hopeless — and an organiser can revoke
// it and get a new one, after which the old link finds nothing. An event
// has at most one link in use at a time.

// tokenBytes is a web link token's length before encoding: 128 bits.
const tokenBytes = 16

// tokenEncoding writes tokens in lower-case base32 without padding: 26
// letters and digits, safe in a URL path and unchanged by a chat app that
// changes case in links.
var tokenEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// TokenLen is the length of a web link token as it stands in a link.
var TokenLen = tokenEncoding.EncodedLen(tokenBytes)

type webLinkRow struct {
	Token     string `gorm:"primaryKey"`
	EventID   int64
	CreatedAt time.Time
	RevokedAt *time.Time
}

func (webLinkRow) TableName() string { return "weblinks" }

// newToken makes a web link token.
func newToken() string {
	b := make([]byte, tokenBytes)
	rand.Read(b) // never fails (crypto/rand's contract since Go 1.24)
	return tokenEncoding.EncodeToString(b)
}

// WebLink returns the token of event id's web page, making one the first
// time (and after ReplaceWebLink revoked the last). Two callers at once get
// the same token: the one in use is unique per event in the database.
func (s *Store) WebLink(ctx context.Context, id EventID) (string, error) {
	db := s.db.WithContext(ctx)
	for range 2 { // a concurrent caller's insert wins: read theirs
		if token, err := liveToken(db, id); err == nil || !errors.Is(err, ErrNotFound) {
			return token, err
		}
		row := webLinkRow{Token: newToken(), EventID: int64(id), CreatedAt: s.now().UTC()}
		q := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
		if q.Error != nil {
			return "", fmt.Errorf("make the web link of event %d: %w", id, q.Error)
		}
		if q.RowsAffected == 1 {
			return row.Token, nil
		}
	}
	return liveToken(db, id)
}

// WebLink is the token of the change's event's web page in use, read
// inside the change; "" when it has none (Store.WebLink makes one). A link
// replaced by this change is its new one.
func (c *Change) WebLink() (string, error) {
	if c.webLink != "" {
		return c.webLink, nil
	}
	tx, err := c.reading()
	if err != nil {
		return "", err
	}
	token, err := liveToken(tx, c.event)
	if errors.Is(err, ErrNotFound) {
		return "", nil
	}
	return token, err
}

// ReplaceWebLink gives the event's web page a new link with the change,
// and returns its token: once the change commits, the old link (if there
// was one) answers nothing. The change's log records who replaced it and
// when (action.WebLinkReplaced), never the token.
func (c *Change) ReplaceWebLink() (string, error) {
	if err := c.Append(&action.WebLinkReplaced{}); err != nil {
		return "", err
	}
	c.webLink = newToken()
	return c.webLink, nil
}

// replaceWebLink revokes event id's web link in use, if any, and puts
// token in use instead, inside tx.
func replaceWebLink(tx *gorm.DB, id EventID, token string, at time.Time) error {
	if err := tx.Model(&webLinkRow{}).Where("event_id = ? AND revoked_at IS NULL", id).
		Update("revoked_at", at).Error; err != nil {
		return fmt.Errorf("revoke the web link of event %d: %w", id, err)
	}
	if err := tx.Create(&webLinkRow{Token: token, EventID: int64(id), CreatedAt: at}).Error; err != nil {
		return fmt.Errorf("make the web link of event %d: %w", id, err)
	}
	return nil
}

// WebEvent returns the event whose web link token is and the event's
// version (the seq of its last action), or ErrNotFound when no link in use
// has that token: unknown, revoked, or not a token at all.
func (s *Store) WebEvent(ctx context.Context, token string) (EventID, int64, error) {
	if !isToken(token) {
		return 0, 0, ErrNotFound // spares the database what cannot match
	}
	var found struct {
		ID      int64
		Version int64
	}
	err := s.db.WithContext(ctx).Raw(`SELECT e.id, e.version FROM weblinks w JOIN events e ON e.id = w.event_id
		WHERE w.token = ? AND w.revoked_at IS NULL`, token).Scan(&found).Error
	switch {
	case err != nil:
		return 0, 0, fmt.Errorf("find the event of a web link: %w", err)
	case found.ID == 0:
		return 0, 0, ErrNotFound
	}
	return EventID(found.ID), found.Version, nil
}

// liveToken is event id's web link in use, or ErrNotFound.
func liveToken(db *gorm.DB, id EventID) (string, error) {
	var tokens []string
	if err := db.Model(&webLinkRow{}).Where("event_id = ? AND revoked_at IS NULL", id).Limit(1).
		Pluck("token", &tokens).Error; err != nil {
		return "", fmt.Errorf("read the web link of event %d: %w", id, err)
	}
	if len(tokens) == 0 {
		return "", ErrNotFound
	}
	return tokens[0], nil
}

// isToken reports whether s has a token's shape.
func isToken(s string) bool {
	return len(s) == TokenLen && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz234567") == ""
}
