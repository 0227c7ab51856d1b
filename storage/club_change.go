package storage

// A group chat is a club: it keeps its players across its events (the
// roster, R-E-4) — their names, units, categories, the ratings set by hand
// and the chat users who are them — which of its events' entrants each one
// was, the finished events its rating list has taken in (R-R-1) with their
// dates, its list's settings, its seasons, and a log of who changed the
// roster. Everything here belongs to one chat (platform and chat id); an
// event followed from two chats feeds both clubs.

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"time"

	"gorm.io/gorm"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// ClubRecord is one line of the roster's log: who changed what, when.
type ClubRecord struct {
	At    time.Time
	Actor action.Actor
	Text  i18n.T
}

// Club is a chat's club as stored.
type Club struct {
	Chat chat.Chat
	// Members are the roster, oldest first; a member merged into another
	// is gone from it (its entries and users went to the other).
	Members []Member
	Entries []MemberEntry
	// Events are those taken in, by date, then id.
	Events   []ClubEvent
	Settings map[string]string
	Seasons  []Season
}

type clubLogRow struct {
	ID            int64 `gorm:"primaryKey"`
	Platform      string
	ChatID        string
	At            time.Time
	ActorPlatform string
	ActorUser     string
	Zh, En        string
}

func (clubLogRow) TableName() string { return "club_log" }

// Club reads chat's club.
func (s *Store) Club(ctx context.Context, c chat.Chat) (*Club, error) {
	club, err := readClub(s.db.WithContext(ctx), c)
	if err != nil {
		return nil, fmt.Errorf("read the club of chat %s:%s: %w", c.Platform, c.ID, err)
	}
	return club, nil
}

// readClub reads chat's club: its roster (roster.go), the events and
// settings of its rating list (club_rating.go) and its seasons
// (seasons.go).
func readClub(db *gorm.DB, c chat.Chat) (*Club, error) {
	club := &Club{Chat: c, Settings: map[string]string{}}
	for _, read := range []func(*gorm.DB, *Club) error{readRoster, readTaken, readSeasons} {
		if err := read(db, club); err != nil {
			return nil, err
		}
	}
	return club, nil
}

// ClubLog is the roster's log, newest first, at most limit records.
func (s *Store) ClubLog(ctx context.Context, c chat.Chat, limit int) ([]ClubRecord, error) {
	var rows []clubLogRow
	if err := s.db.WithContext(ctx).Where("platform = ? AND chat_id = ?", c.Platform, c.ID).Order("id DESC").Limit(limit).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the roster's log of chat %s:%s: %w", c.Platform, c.ID, err)
	}
	out := make([]ClubRecord, len(rows))
	for i, r := range rows {
		out[i] = ClubRecord{At: r.At.UTC(), Actor: action.Actor{Platform: r.ActorPlatform, User: r.ActorUser}, Text: i18n.T{Zh: r.Zh, En: r.En}}
	}
	return out, nil
}

// ClubChange is one change to a club, made in one transaction: fn reads
// the club as the transaction sees it (Club) and writes through the
// change's methods, which keep Club up to date as they go.
type ClubChange struct {
	Club     *Club
	tx       *gorm.DB
	actor    action.Actor
	at       time.Time
	key      string // the change's update key: its messages' de-duplication
	messages []chat.Message
}

// UpdateClub runs fn on chat's club and commits what it wrote and the
// messages it sent, or nothing when it fails. Changes to one club are
// serialised; fn may run again when the database asks for it (a busy
// SQLite, a PostgreSQL deadlock), so it must only build the change. A
// non-empty updateKey (the platform's update) keys the messages: the same
// update run again sends none twice.
func (s *Store) UpdateClub(ctx context.Context, c chat.Chat, actor action.Actor, updateKey string, fn func(*ClubChange) error) error {
	_, err := retry(ctx, func() (Result, bool, error) {
		done, err := s.gate(ctx)
		if err != nil {
			return Result{}, false, err
		}
		defer done()
		err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if s.dialect == "postgres" {
				// One club's changes wait for each other: each reads the
				// roster it then writes.
				if err := tx.Exec("SELECT pg_advisory_xact_lock(?)", clubLock(c)).Error; err != nil {
					return err
				}
			}
			club, err := readClub(tx, c)
			if err != nil {
				return err
			}
			ch := &ClubChange{Club: club, tx: tx, actor: actor, at: s.now().UTC(), key: updateKey}
			if err := fn(ch); err != nil {
				return err
			}
			prefix := "club:" + c.Platform + ":" + c.ID + ":" + updateKey
			if updateKey == "" {
				prefix += fmt.Sprintf("r:%016x", rand.Uint64())
			}
			return insertMessages(tx, nil, ch.messages, prefix)
		})
		return Result{}, transient(err), err
	})
	if err != nil {
		return fmt.Errorf("change the club of chat %s:%s: %w", c.Platform, c.ID, err)
	}
	return nil
}

// clubLock is the advisory lock of chat's club on PostgreSQL.
func clubLock(c chat.Chat) int64 {
	h := fnv.New64a()
	h.Write([]byte("club:" + c.Platform + ":" + c.ID))
	return int64(h.Sum64() >> 1)
}

// Send queues a message with the change: it goes out once the change
// commits, and never when it fails.
func (ch *ClubChange) Send(m chat.Message) { ch.messages = append(ch.messages, m) }

// At is when the change is made, by the store's clock.
func (ch *ClubChange) At() time.Time { return ch.at }

// Log records what the change did in the roster's log, in both
// languages.
func (ch *ClubChange) Log(text i18n.T) error {
	c := ch.Club.Chat
	return ch.tx.Create(&clubLogRow{Platform: c.Platform, ChatID: c.ID, At: ch.at, ActorPlatform: ch.actor.Platform, ActorUser: ch.actor.User, Zh: text.Zh, En: text.En}).Error
}
