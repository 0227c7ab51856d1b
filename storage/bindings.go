package storage

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// A chat follows many events over time, several at once (a students' and
// a teachers' section): all of them are announced in it and readable
// there. One of them may be its current event, which a command that names
// none acts on (commands.findEvent decides when there is none).

// Bind makes chat follow this event too, as its current event; the
// event lives in chat's topic there (chat.Thread), where the chat first
// followed it.
func (c *Change) Bind(chat chat.Chat) { c.ops = append(c.ops, bindingOp{kind: "bind", chat: chat}) }

// Follow makes chat follow this event beside its others, with none of
// them current: a second unfinished event in a chat is named (or chosen
// with /event use) rather than guessed.
func (c *Change) Follow(chat chat.Chat) { c.ops = append(c.ops, bindingOp{kind: "follow", chat: chat}) }

// Unbind stops chat following this event; the chat's other events stay,
// and it has no current event if this one was.
func (c *Change) Unbind(chat chat.Chat) { c.ops = append(c.ops, bindingOp{kind: "unbind", chat: chat}) }

// Retire makes this event no chat's current event; the chats still
// follow it (a cancelled event stays listed and readable by name).
func (c *Change) Retire() { c.ops = append(c.ops, bindingOp{kind: "retire"}) }

// Identify records that the platform's user is the player with entrant id
// entrant (engine.Player.Entrant) in this event, replacing the player they
// were. The entrant id stays when the player's sequence number changes.
func (c *Change) Identify(platform, user string, entrant int) {
	c.ops = append(c.ops, bindingOp{kind: "identify", platform: platform, user: user, player: entrant})
}

// Forget removes the platform's user as a player of this event (a player
// who left before the start); forgetting a user who is none is no error.
func (c *Change) Forget(platform, user string) {
	c.ops = append(c.ops, bindingOp{kind: "forget", platform: platform, user: user})
}

// Grant gives the platform's user role r in this event; granting it twice
// is granting it once.
func (c *Change) Grant(platform, user string, r Role) {
	c.ops = append(c.ops, bindingOp{kind: "grant", platform: platform, user: user, role: r})
}

// Revoke takes role r from the platform's user in this event.
func (c *Change) Revoke(platform, user string, r Role) {
	c.ops = append(c.ops, bindingOp{kind: "revoke", platform: platform, user: user, role: r})
}

// applyOps applies a change's binding operations to event id inside tx, in
// the order the change made them.
func applyOps(tx *gorm.DB, id EventID, ops []bindingOp) error {
	for _, op := range ops {
		if err := applyOp(tx, int64(id), op); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
	}
	return nil
}

func applyOp(tx *gorm.DB, id int64, op bindingOp) error {
	switch op.kind {
	case "bind", "follow", "unbind":
		if op.chat.Platform == "" || op.chat.ID == "" {
			return errors.New("the chat needs a platform and an id")
		}
	case "retire":
	default:
		if op.platform == "" || op.user == "" {
			return errors.New("the user needs a platform and an id")
		}
	}
	switch op.kind {
	case "bind", "follow":
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).
			Create(&chatEventRow{Platform: op.chat.Platform, ChatID: op.chat.ID, EventID: id, Thread: op.chat.Thread}).Error; err != nil {
			return err
		}
		if op.kind == "follow" {
			return tx.Where("platform = ? AND chat_id = ?", op.chat.Platform, op.chat.ID).Delete(&chatRow{}).Error
		}
		return setCurrent(tx, op.chat, id)
	case "retire":
		return tx.Where("event_id = ?", id).Delete(&chatRow{}).Error
	case "unbind":
		if err := tx.Where("platform = ? AND chat_id = ? AND event_id = ?", op.chat.Platform, op.chat.ID, id).
			Delete(&chatEventRow{}).Error; err != nil {
			return err
		}
		return tx.Where("platform = ? AND chat_id = ? AND event_id = ?", op.chat.Platform, op.chat.ID, id).
			Delete(&chatRow{}).Error
	case "identify":
		if op.player < 1 {
			return fmt.Errorf("there is no entrant %d", op.player)
		}
		return tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "event_id"}, {Name: "platform"}, {Name: "user_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"player"}),
		}).Create(&identityRow{EventID: id, Platform: op.platform, UserID: op.user, Player: op.player}).Error
	case "forget":
		return tx.Where("event_id = ? AND platform = ? AND user_id = ?", id, op.platform, op.user).
			Delete(&identityRow{}).Error
	case "grant":
		if op.role == "" {
			return errors.New("no role")
		}
		return tx.Clauses(clause.OnConflict{DoNothing: true}).
			Create(&roleRow{EventID: id, Platform: op.platform, UserID: op.user, Role: string(op.role)}).Error
	case "revoke":
		return tx.Where("event_id = ? AND platform = ? AND user_id = ? AND role = ?", id, op.platform, op.user, string(op.role)).Delete(&roleRow{}).Error
	}
	return errors.New("unknown operation")
}

// String names an operation in errors.
func (op bindingOp) String() string {
	switch op.kind {
	case "bind", "follow", "unbind":
		return fmt.Sprintf("%s chat %s:%s", op.kind, op.chat.Platform, op.chat.ID)
	case "retire":
		return "retire as the chats' current event"
	case "identify":
		return fmt.Sprintf("identify %s user %s as entrant %d", op.platform, op.user, op.player)
	case "forget":
		return fmt.Sprintf("forget %s user %s", op.platform, op.user)
	}
	return fmt.Sprintf("%s %s to %s user %s", op.kind, op.role, op.platform, op.user)
}

// setCurrent makes event id chat's current event.
func setCurrent(tx *gorm.DB, c chat.Chat, id int64) error {
	return tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "platform"}, {Name: "chat_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"event_id"}),
	}).Create(&chatRow{Platform: c.Platform, ChatID: c.ID, EventID: id}).Error
}

// ChatEvent is an event a chat follows, as ChatEvents lists it.
type ChatEvent struct {
	ID      EventID
	Name    string
	Status  action.Status // as of the event's last change
	Current bool          // the chat's current event
}

// ChatEvents lists the events chat follows (for a chat that moved, its
// new id's), oldest first; none is an empty list, not an error.
func (s *Store) ChatEvents(ctx context.Context, c chat.Chat) ([]ChatEvent, error) {
	var rows []struct {
		ID        int64
		Name      string
		Status    string
		IsCurrent bool
	}
	err := s.db.WithContext(ctx).Table("chat_events AS f").
		Select("e.id, e.name, e.status, c.event_id IS NOT NULL AS is_current").
		Joins("JOIN events AS e ON e.id = f.event_id").
		Joins("LEFT JOIN chats AS c ON c.platform = f.platform AND c.chat_id = f.chat_id AND c.event_id = f.event_id").
		// A chat that moved follows its new id's events, read in the same
		// statement as the move's transaction left them (MoveChat).
		Where("f.platform = ? AND f.chat_id = COALESCE((SELECT m.to_id FROM chat_moves AS m WHERE m.platform = ? AND m.from_id = ?), ?)",
			c.Platform, c.Platform, c.ID, c.ID).
		Order("e.id").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("events of chat %s:%s: %w", c.Platform, c.ID, err)
	}
	out := make([]ChatEvent, len(rows))
	for i, r := range rows {
		out[i] = ChatEvent{ID: EventID(r.ID), Name: r.Name, Status: action.Status(r.Status), Current: r.IsCurrent}
	}
	return out, nil
}

// UseEvent makes event id chat's current event (/event use), or
// ErrNotFound when the chat does not follow it.
func (s *Store) UseEvent(ctx context.Context, c chat.Chat, id EventID) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&chatEventRow{}).Where("platform = ? AND chat_id = ? AND event_id = ?", c.Platform, c.ID, id).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("chat %s:%s does not follow event %d: %w", c.Platform, c.ID, id, ErrNotFound)
		}
		return setCurrent(tx, c, int64(id))
	})
}

// EventOf returns chat's current event, or ErrNotFound when it has none
// (it follows none, or several unfinished with none chosen: ChatEvents).
func (s *Store) EventOf(ctx context.Context, chat chat.Chat) (EventID, error) {
	var row chatRow
	err := s.db.WithContext(ctx).Where("platform = ? AND chat_id = ?", chat.Platform, chat.ID).Take(&row).Error
	if err != nil {
		return 0, fmt.Errorf("event of chat %s:%s: %w", chat.Platform, chat.ID, notFound(err))
	}
	return EventID(row.EventID), nil
}

// Chats returns the chats that follow event id, by platform and id, each
// with the topic the event lives in there (the one it was bound in).
func (s *Store) Chats(ctx context.Context, id EventID) ([]chat.Chat, error) {
	return chats(s.db.WithContext(ctx), id)
}

func chats(db *gorm.DB, id EventID) ([]chat.Chat, error) {
	var rows []chatEventRow
	if err := db.Where("event_id = ?", id).Order("platform, chat_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("chats of event %d: %w", id, err)
	}
	chats := make([]chat.Chat, len(rows))
	for i, r := range rows {
		chats[i] = chat.Chat{Platform: r.Platform, ID: r.ChatID, Thread: r.Thread}
	}
	return chats, nil
}

// PlayerOf returns the entrant id of the player the platform's user is in
// event id, or ErrNotFound.
func (s *Store) PlayerOf(ctx context.Context, id EventID, platform, user string) (int, error) {
	return playerOf(s.db.WithContext(ctx), id, platform, user)
}

func playerOf(db *gorm.DB, id EventID, platform, user string) (int, error) {
	var row identityRow
	err := db.Where("event_id = ? AND platform = ? AND user_id = ?", id, platform, user).Take(&row).Error
	if err != nil {
		return 0, fmt.Errorf("player of %s user %s in event %d: %w", platform, user, id, notFound(err))
	}
	return row.Player, nil
}

// Roles returns the platform user's roles in event id, sorted; none is
// an empty list, not an error.
func (s *Store) Roles(ctx context.Context, id EventID, platform, user string) ([]Role, error) {
	var names []string
	err := s.db.WithContext(ctx).Model(&roleRow{}).
		Where("event_id = ? AND platform = ? AND user_id = ?", id, platform, user).
		Order("role").Pluck("role", &names).Error
	if err != nil {
		return nil, fmt.Errorf("roles of %s user %s in event %d: %w", platform, user, id, err)
	}
	roles := make([]Role, len(names))
	for i, n := range names {
		roles[i] = Role(n)
	}
	return roles, nil
}

// Holders lists the users who have role r in event id (the organisers a
// claim asks), by platform and user.
func (s *Store) Holders(ctx context.Context, id EventID, r Role) ([]action.Actor, error) {
	return holders(s.db.WithContext(ctx), id, r)
}

func holders(db *gorm.DB, id EventID, r Role) ([]action.Actor, error) {
	var rows []roleRow
	if err := db.Where("event_id = ? AND role = ?", id, string(r)).Order("platform, user_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("%ss of event %d: %w", r, id, err)
	}
	out := make([]action.Actor, len(rows))
	for i, row := range rows {
		out[i] = action.Actor{Platform: row.Platform, User: row.UserID}
	}
	return out, nil
}

// notFound turns gorm's missing row into ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	return err
}
