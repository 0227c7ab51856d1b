package storage

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

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
// follow it (a cancelled event stays listed and readable by name). A chat
// whose current event it was passes on to its one other unfinished event,
// as PassOn; with none, it has no current event.
func (c *Change) Retire() { c.ops = append(c.ops, bindingOp{kind: "retire"}) }

// PassOn makes each chat whose current event this is (it is over now)
// take its one other unfinished event as the current one, and have none
// when it follows several (a line names its event then); a chat with no
// other unfinished event keeps this one, which stays readable by default.
// A command without #NAME acts then on what /events calls current.
func (c *Change) PassOn() { c.ops = append(c.ops, bindingOp{kind: "pass-on"}) }

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
	case "bind", "follow", "unbind", "home", "club-grant", "club-revoke":
		if op.chat.Platform == "" || op.chat.ID == "" {
			return errors.New("the chat needs a platform and an id")
		}
	case "retire", "pass-on":
	default:
		if op.platform == "" || op.user == "" {
			return errors.New("the user needs a platform and an id")
		}
	}
	switch op.kind {
	case "club-grant", "club-revoke":
		if op.user == "" || op.role == "" {
			return errors.New("the club's role needs a user and a role")
		}
		return applyClubOp(tx, id, op)
	case "home":
		return applyClubOp(tx, id, op)
	case "bind", "follow":
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).
			Create(&chatEventRow{Platform: op.chat.Platform, ChatID: op.chat.ID, EventID: id, Thread: op.chat.Thread}).Error; err != nil {
			return err
		}
		if op.kind == "follow" {
			return tx.Where("platform = ? AND chat_id = ?", op.chat.Platform, op.chat.ID).Delete(&chatRow{}).Error
		}
		return setCurrent(tx, op.chat, id)
	case "retire", "pass-on":
		return passOn(tx, id, op.kind == "pass-on")
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
	case "bind", "follow", "unbind", "home":
		return fmt.Sprintf("%s chat %s:%s", op.kind, op.chat.Platform, op.chat.ID)
	case "club-grant", "club-revoke":
		return fmt.Sprintf("%s %s to user %s in the club of %s:%s", op.kind, op.role, op.user, op.chat.Platform, op.chat.ID)
	case "retire":
		return "retire as the chats' current event"
	case "pass-on":
		return "pass the chats' current event on"
	case "identify":
		return fmt.Sprintf("identify %s user %s as entrant %d", op.platform, op.user, op.player)
	case "forget":
		return fmt.Sprintf("forget %s user %s", op.platform, op.user)
	}
	return fmt.Sprintf("%s %s to %s user %s", op.kind, op.role, op.platform, op.user)
}

// passOn moves the chats whose current event is id to their one other
// unfinished event; a chat with several has none then, and one with none
// keeps id when keep says so (else has none).
func passOn(tx *gorm.DB, id int64, keep bool) error {
	var current []chatRow
	if err := tx.Where("event_id = ?", id).Find(&current).Error; err != nil {
		return err
	}
	for _, c := range current {
		var others []int64
		err := tx.Table("chat_events AS ce").Joins("JOIN events AS e ON e.id = ce.event_id").
			Where("ce.platform = ? AND ce.chat_id = ? AND ce.event_id <> ? AND e.status IN ?", c.Platform, c.ChatID, id, unfinishedStatuses).
			Order("ce.event_id").Pluck("ce.event_id", &others).Error
		if err != nil {
			return err
		}
		where := tx.Model(&chatRow{}).Where("platform = ? AND chat_id = ?", c.Platform, c.ChatID)
		switch {
		case len(others) == 1:
			err = where.Update("event_id", others[0]).Error
		case len(others) > 1 || !keep:
			err = where.Delete(&chatRow{}).Error
		}
		if err != nil {
			return err
		}
	}
	return nil
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
	return chatEvents(s.db.WithContext(ctx), c)
}

// ChatEvents is Store.ChatEvents through the change's transaction.
func (c *Change) ChatEvents(in chat.Chat) ([]ChatEvent, error) {
	tx, err := c.reading()
	if err != nil {
		return nil, err
	}
	return chatEvents(tx, in)
}

func chatEvents(db *gorm.DB, c chat.Chat) ([]ChatEvent, error) {
	var rows []struct {
		ID        int64
		Name      string
		Status    string
		IsCurrent bool
	}
	err := db.Table("chat_events AS f").
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

// Roles returns the platform user's roles in event id, sorted, each once:
// the event's own and those of its home chat's club (club.go); none is an
// empty list, not an error.
func (s *Store) Roles(ctx context.Context, id EventID, platform, user string) ([]Role, error) {
	return s.roles(ctx, id, platform, user, true)
}

// OwnRoles returns the platform user's roles in event id itself, sorted:
// those given in the event (its creator's, an arbiter's for it alone), not
// its club's.
func (s *Store) OwnRoles(ctx context.Context, id EventID, platform, user string) ([]Role, error) {
	return s.roles(ctx, id, platform, user, false)
}

func (s *Store) roles(ctx context.Context, id EventID, platform, user string, withClub bool) ([]Role, error) {
	db := s.db.WithContext(ctx)
	var names []string
	err := db.Model(&roleRow{}).
		Where("event_id = ? AND platform = ? AND user_id = ?", id, platform, user).
		Pluck("role", &names).Error
	var club []string
	if err == nil && withClub {
		err = clubRoles(db, id, platform, user).Pluck("cr.role", &club).Error
	}
	if err != nil {
		return nil, fmt.Errorf("roles of %s user %s in event %d: %w", platform, user, id, err)
	}
	names = append(names, club...)
	slices.Sort(names)
	names = slices.Compact(names)
	roles := make([]Role, len(names))
	for i, n := range names {
		roles[i] = Role(n)
	}
	return roles, nil
}

// Holders lists the users who have role r in event id (the organisers a
// claim asks), by platform and user, each once: the event's own and its
// home chat's club's.
func (s *Store) Holders(ctx context.Context, id EventID, r Role) ([]action.Actor, error) {
	return holders(s.db.WithContext(ctx), id, r)
}

func holders(db *gorm.DB, id EventID, r Role) ([]action.Actor, error) {
	var rows []roleRow
	if err := db.Where("event_id = ? AND role = ?", id, string(r)).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("%ss of event %d: %w", r, id, err)
	}
	out, err := clubHoldersOf(db, id, r)
	if err != nil {
		return nil, err
	}
	for _, row := range rows {
		out = append(out, action.Actor{Platform: row.Platform, User: row.UserID})
	}
	slices.SortFunc(out, func(a, b action.Actor) int {
		return cmp.Or(strings.Compare(a.Platform, b.Platform), strings.Compare(a.User, b.User))
	})
	return slices.Compact(out), nil
}

// notFound turns gorm's missing row into ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	return err
}
