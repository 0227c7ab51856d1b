package storage

// A change's reads. What a command decides on besides the event's state —
// who is told, in which language — it reads through its Change: the first
// read begins the transaction the change then commits in, so that the
// decision is taken on what the transaction sees (on SQLite the write lock
// is the change's from that read on; on PostgreSQL the event's row, which
// every change to the event updates, so a concurrent change to its
// bindings commits before the read or waits for this one). Inside the
// function given to Update or Create, read and write through the Change
// only: a Store call there takes a second connection, and on SQLite a
// write through it waits for the lock the change holds.

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// Chats is Store.Chats of the change's event, as its transaction sees
// them: the chats its announcements reach, by platform and id.
func (c *Change) Chats() ([]chat.Chat, error) {
	tx, err := c.reading()
	if err != nil {
		return nil, err
	}
	return chats(tx, c.event)
}

// Identities is Store.Identities of the change's event, as its
// transaction sees them: the users bound to its players, by entrant id,
// then platform and user.
func (c *Change) Identities() ([]Identity, error) {
	tx, err := c.reading()
	if err != nil {
		return nil, err
	}
	return identities(tx, c.event)
}

// PlayerIdentities is Store.PlayerIdentities of the change's event: the
// users who are the player with entrant id entrant.
func (c *Change) PlayerIdentities(entrant int) ([]Identity, error) {
	tx, err := c.reading()
	if err != nil {
		return nil, err
	}
	return playerIdentities(tx, c.event, entrant)
}

// PlayerOf is Store.PlayerOf of the change's event: the entrant id of the
// player the platform's user is, or ErrNotFound.
func (c *Change) PlayerOf(platform, user string) (int, error) {
	tx, err := c.reading()
	if err != nil {
		return 0, err
	}
	return playerOf(tx, c.event, platform, user)
}

// Holders is Store.Holders of the change's event: who holds role r, by
// platform and user.
func (c *Change) Holders(r Role) ([]action.Actor, error) {
	tx, err := c.reading()
	if err != nil {
		return nil, err
	}
	return holders(tx, c.event, r)
}

// Lang is Store.Lang through the change's transaction: the language the
// platform's user chose, "" for none.
func (c *Change) Lang(platform, user string) (string, error) {
	tx, err := c.reading()
	if err != nil {
		return "", err
	}
	return lang(tx, platform, user)
}

// Langs is Store.Langs through the change's transaction: the language
// each of the platform's users chose, by user; those who chose none are
// not in the map.
func (c *Change) Langs(platform string, users []string) (map[string]string, error) {
	tx, err := c.reading()
	if err != nil {
		return nil, err
	}
	return langs(tx, platform, users)
}

// UserNames is Store.UserNames through the change's transaction: the
// display names the platform's users were last seen under, by id.
func (c *Change) UserNames(platform string, users []string) (map[string]string, error) {
	tx, err := c.reading()
	if err != nil {
		return nil, err
	}
	return userNames(tx, platform, users)
}

// Log is Store.Log of the change's event through its transaction: the
// records with seq > after, oldest first, at most limit (<= 0: all). They
// are those committed before the change: its own actions are not records
// yet.
func (c *Change) Log(after int64, limit int) ([]action.Record, error) {
	tx, err := c.reading()
	if err != nil {
		return nil, err
	}
	return records(tx, c.event, after, 0, limit)
}

// reading is the change's transaction, begun by its first read.
func (c *Change) reading() (*gorm.DB, error) {
	if c.tx != nil {
		return c.tx, nil
	}
	if c.begin == nil {
		return nil, errors.New("the change has no transaction to read in (changes come from Store.Update and Store.Create)")
	}
	tx, done, err := c.begin()
	if err != nil {
		return nil, err
	}
	c.tx, c.done = tx, done
	return tx, nil
}

// commit runs write in the change's transaction — the one its reads began,
// or else a new one — and commits it, or rolls it back when write fails.
func (s *Store) commit(ctx context.Context, db *gorm.DB, c *Change, write func(tx *gorm.DB) error) error {
	if c.tx == nil {
		done, err := s.gate(ctx)
		if err != nil {
			return err
		}
		defer done()
		return db.Transaction(write)
	}
	defer c.rollback() // after a commit, only the gate is left to give back
	if err := write(c.tx); err != nil {
		return err
	}
	return c.tx.Commit().Error
}

// rollback ends the transaction the change's reads began, if it is still
// open, and writes nothing: the change failed, holds nothing, or
// committed already.
func (c *Change) rollback() {
	if c.tx == nil {
		return
	}
	c.tx.Rollback() // after a commit: sql.ErrTxDone, nothing to undo
	c.done()
	c.tx, c.done = nil, nil
}

// begin starts the transaction of a change to event id (0: one being
// created): this instance's turn to write (gate; on SQLite the transaction
// begins immediate, with the write lock), and on PostgreSQL the event's row
// locked.
func (s *Store) begin(ctx context.Context, id EventID) (*gorm.DB, func(), error) {
	done, err := s.gate(ctx)
	if err != nil {
		return nil, nil, err
	}
	tx := s.db.WithContext(ctx).Begin()
	if tx.Error != nil {
		done()
		return nil, nil, tx.Error
	}
	if s.dialect == "postgres" && id != 0 {
		if err := tx.Exec("SELECT id FROM events WHERE id = ? FOR UPDATE", id).Error; err != nil {
			tx.Rollback()
			done()
			return nil, nil, err
		}
	}
	return tx, done, nil
}
