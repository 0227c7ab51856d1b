package storage

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"github.com/qisai/qisai/chat"
)

// MoveChat moves everything of chat from to chat to, in one transaction:
// a Telegram group upgraded to a supergroup has a new id, and the old one
// takes no more messages. The events the chat follows (with their topics)
// and its current event, its messages waiting in the outbox (the one being
// sent too, and the notes they would leave in it), whether it is held for
// want of rights, its club's staff and the users seen in it, and what the
// chat owns as a user (a post made as the group itself: roles, players,
// language) all go to to; nothing waits on from afterwards. What to had already is kept: its current event, an
// event both follow. Moving a chat again, or a chat that has nothing, does
// nothing. Only the platform's own chats move (from and to on one
// platform, neither private).
func (s *Store) MoveChat(ctx context.Context, from, to chat.Chat) error {
	from, to = from.Root(), to.Root()
	if from.Platform != to.Platform || from.ID == "" || to.ID == "" || from.IsPrivate() || to.IsPrivate() {
		return fmt.Errorf("move chat %s:%s to %s:%s: only a group of one platform moves to another", from.Platform, from.ID, to.Platform, to.ID)
	}
	if from == to {
		return nil
	}
	p := from.Platform
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		steps := []struct {
			sql  string
			args []any
		}{
			// The events it follows, but those to follows already, which
			// keep from's home there.
			{`UPDATE chat_events SET home = TRUE WHERE platform = ? AND chat_id = ?
				AND event_id IN (SELECT event_id FROM chat_events WHERE platform = ? AND chat_id = ? AND home = TRUE)`, []any{p, to.ID, p, from.ID}},
			{`UPDATE chat_events SET chat_id = ? WHERE platform = ? AND chat_id = ?
				AND event_id NOT IN (SELECT event_id FROM chat_events WHERE platform = ? AND chat_id = ?)`, []any{to.ID, p, from.ID, p, to.ID}},
			{`DELETE FROM chat_events WHERE platform = ? AND chat_id = ?`, []any{p, from.ID}},
			// Its current event, unless to has one.
			{`UPDATE chats SET chat_id = ? WHERE platform = ? AND chat_id = ?
				AND NOT EXISTS (SELECT 1 FROM chats c WHERE c.platform = ? AND c.chat_id = ?)`, []any{to.ID, p, from.ID, p, to.ID}},
			{`DELETE FROM chats WHERE platform = ? AND chat_id = ?`, []any{p, from.ID}},
			// Its messages waiting: they keep their order (by id), after
			// any to had, and go out under to's limits.
			{`UPDATE outbox SET chat_id = ? WHERE platform = ? AND chat_id = ? AND ` + pending, []any{to.ID, p, from.ID}},
			// Its live messages cannot be edited from the new id: their next
			// versions are new messages there.
			{`DELETE FROM live_messages WHERE platform = ? AND chat_id = ?`, []any{p, from.ID}},
			// Its club's staff, and the users seen there.
			{`UPDATE club_roles SET chat_id = ? WHERE platform = ? AND chat_id = ?
				AND NOT EXISTS (SELECT 1 FROM club_roles r WHERE r.platform = ? AND r.chat_id = ? AND r.user_id = club_roles.user_id AND r.role = club_roles.role)`, []any{to.ID, p, from.ID, p, to.ID}},
			{`DELETE FROM club_roles WHERE platform = ? AND chat_id = ?`, []any{p, from.ID}},
			{`UPDATE chat_users SET chat_id = ? WHERE platform = ? AND chat_id = ?
				AND NOT EXISTS (SELECT 1 FROM chat_users u WHERE u.platform = ? AND u.chat_id = ? AND u.user_id = chat_users.user_id)`, []any{to.ID, p, from.ID, p, to.ID}},
			{`DELETE FROM chat_users WHERE platform = ? AND chat_id = ?`, []any{p, from.ID}},
			// Its wrong link codes still count against it (/link's limit
			// is per chat: an upgrade does not start it afresh).
			{`UPDATE link_attempts SET scope = ? WHERE scope = ?`, []any{"chat:" + p + ":" + to.ID, "chat:" + p + ":" + from.ID}},
			// A hold was the old chat's; the new one is asked afresh.
			{`DELETE FROM chat_blocks WHERE platform = ? AND chat_id = ?`, []any{p, from.ID}},
			// The chat as a user.
			{`UPDATE roles SET user_id = ? WHERE platform = ? AND user_id = ?
				AND NOT EXISTS (SELECT 1 FROM roles r WHERE r.event_id = roles.event_id AND r.platform = ? AND r.user_id = ? AND r.role = roles.role)`, []any{to.ID, p, from.ID, p, to.ID}},
			{`DELETE FROM roles WHERE platform = ? AND user_id = ?`, []any{p, from.ID}},
			{`UPDATE identities SET user_id = ? WHERE platform = ? AND user_id = ?
				AND NOT EXISTS (SELECT 1 FROM identities i WHERE i.event_id = identities.event_id AND i.platform = ? AND i.user_id = ?)`, []any{to.ID, p, from.ID, p, to.ID}},
			{`DELETE FROM identities WHERE platform = ? AND user_id = ?`, []any{p, from.ID}},
			{`UPDATE prefs SET user_id = ? WHERE platform = ? AND user_id = ?
				AND NOT EXISTS (SELECT 1 FROM prefs q WHERE q.platform = ? AND q.user_id = ?)`, []any{to.ID, p, from.ID, p, to.ID}},
			{`DELETE FROM prefs WHERE platform = ? AND user_id = ?`, []any{p, from.ID}},
			// Where it went, for what was typed in it before the move and
			// arrives after (MovedTo); a chat that moved to from moved on.
			{`UPDATE chat_moves SET to_id = ? WHERE platform = ? AND to_id = ?`, []any{to.ID, p, from.ID}},
			{`DELETE FROM chat_moves WHERE platform = ? AND from_id = ?`, []any{p, from.ID}},
			{`INSERT INTO chat_moves (platform, from_id, to_id) VALUES (?, ?, ?)`, []any{p, from.ID, to.ID}},
		}
		for _, st := range steps {
			if err := tx.Exec(st.sql, st.args...).Error; err != nil {
				return err
			}
		}
		return moveNotices(tx, from, to)
	})
	if err != nil {
		return fmt.Errorf("move chat %s:%s to %s: %w", from.Platform, from.ID, to.ID, err)
	}
	return nil
}

// moveNotices readdresses the notes waiting messages leave in from when
// they cannot be delivered (chat.Message.IfUndeliverable) to to. They are
// in the messages' bodies: those that name from are read and written again.
func moveNotices(tx *gorm.DB, from, to chat.Chat) error {
	named, err := json.Marshal(from.ID)
	if err != nil {
		return err
	}
	var rows []outboxRow
	like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(`"id":`+string(named)) + "%"
	if err := tx.Where("platform = ? AND "+pending+` AND body LIKE ? ESCAPE '\'`, from.Platform, like).Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		var m chat.Message
		if err := json.Unmarshal([]byte(r.Body), &m); err != nil {
			continue // unreadable: Claim gives it up
		}
		n := m.IfUndeliverable
		if n == nil || n.Chat.Platform != from.Platform || n.Chat.ID != from.ID {
			continue
		}
		n.Chat.ID = to.ID
		body, err := json.Marshal(m)
		if err != nil {
			return err
		}
		if err := tx.Model(&outboxRow{}).Where("id = ?", r.ID).Update("body", string(body)).Error; err != nil {
			return err
		}
	}
	return nil
}

// MovedTo is the chat c became by a move (MoveChat), or c when it did not
// move: a message typed in a group just before it became a supergroup
// arrives from the old id after its events moved to the new one.
func (s *Store) MovedTo(ctx context.Context, c chat.Chat) (chat.Chat, error) {
	var to []string
	if err := s.db.WithContext(ctx).Table("chat_moves").Where("platform = ? AND from_id = ?", c.Platform, c.ID).
		Limit(1).Pluck("to_id", &to).Error; err != nil {
		return c, fmt.Errorf("where chat %s:%s moved: %w", c.Platform, c.ID, err)
	}
	if len(to) == 1 {
		c.ID = to[0]
	}
	return c, nil
}
