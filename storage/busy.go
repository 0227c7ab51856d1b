package storage

import (
	"fmt"

	"gorm.io/gorm"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// What else a chat or a user has under way: a chat that follows several
// unfinished events, or a user who plays in or runs several, is told which
// event each message is about (commands names it then).

// unfinishedStatuses are the statuses of an event not over: being set up,
// in sign-up, running.
var unfinishedStatuses = []string{string(action.Setup), string(action.Signup), string(action.Running)}

// EachMessage calls fn on each message the change sends so far; fn may
// change it: what is added to every message of a change (the event's name,
// where the reader has several events) is added once, here.
func (c *Change) EachMessage(fn func(m *chat.Message)) {
	for i := range c.messages {
		fn(&c.messages[i])
	}
}

// OpenEvents counts, for each of chats (by its root: a topic is its
// group's), the unfinished events the chat follows, as the change's
// transaction sees them.
func (c *Change) OpenEvents(chats []chat.Chat) (map[chat.Chat]int, error) {
	tx, err := c.reading()
	if err != nil {
		return nil, err
	}
	out := map[chat.Chat]int{}
	for _, in := range chats {
		in = in.Root()
		if _, done := out[in]; done {
			continue
		}
		var n int64
		err := tx.Table("chat_events AS ce").Joins("JOIN events AS e ON e.id = ce.event_id").
			Where("ce.platform = ? AND ce.chat_id = ? AND e.status IN ?", in.Platform, in.ID, unfinishedStatuses).
			Count(&n).Error
		if err != nil {
			return nil, fmt.Errorf("unfinished events of chat %s:%s: %w", in.Platform, in.ID, err)
		}
		out[in] = int(n)
	}
	return out, nil
}

// UsersOpenEvents counts, for each of the platform's users, the unfinished
// events they play in or run (as an organiser or an arbiter, of the event
// or of its home chat's club), as the change's transaction sees them; a
// user with none is not in the map.
func (c *Change) UsersOpenEvents(platform string, users []string) (map[string]int, error) {
	tx, err := c.reading()
	if err != nil {
		return nil, err
	}
	return usersOpenEvents(tx, platform, users)
}

func usersOpenEvents(db *gorm.DB, platform string, users []string) (map[string]int, error) {
	out := make(map[string]int, len(users))
	// A few hundred users a query: each is named three times, and a
	// round's notes to thousands would pass SQLite's limit of variables.
	for from := 0; from < len(users); from += openBatch {
		if err := usersOpenBatch(db, platform, users[from:min(from+openBatch, len(users))], out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// openBatch is how many users usersOpenEvents asks about at once.
const openBatch = 500

func usersOpenBatch(db *gorm.DB, platform string, users []string, out map[string]int) error {
	staff := []string{string(Organiser), string(Arbiter)}
	var rows []struct {
		UserID string
		N      int
	}
	err := db.Raw(`SELECT user_id, COUNT(DISTINCT event_id) AS n FROM (
			SELECT i.user_id, i.event_id FROM identities AS i JOIN events AS e ON e.id = i.event_id
				WHERE i.platform = ? AND i.user_id IN ? AND e.status IN ?
			UNION
			SELECT r.user_id, r.event_id FROM roles AS r JOIN events AS e ON e.id = r.event_id
				WHERE r.platform = ? AND r.user_id IN ? AND r.role IN ? AND e.status IN ?
			UNION
			SELECT cr.user_id, ce.event_id FROM club_roles AS cr
				JOIN chat_events AS ce ON ce.platform = cr.platform AND ce.chat_id = cr.chat_id
				JOIN events AS e ON e.id = ce.event_id
				WHERE ce.home = ? AND cr.platform = ? AND cr.user_id IN ? AND cr.role IN ? AND e.status IN ?
		) AS mine GROUP BY user_id`,
		platform, users, unfinishedStatuses,
		platform, users, staff, unfinishedStatuses,
		true, platform, users, staff, unfinishedStatuses).Scan(&rows).Error
	if err != nil {
		return fmt.Errorf("unfinished events of %d %s users: %w", len(users), platform, err)
	}
	for _, r := range rows {
		out[r.UserID] = r.N
	}
	return nil
}
