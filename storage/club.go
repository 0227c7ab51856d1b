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

// The club: a group chat's organisers and arbiters belong to the chat, not
// to one event, and run every event made there (its home), those of the
// seasons to come too. An event's own roles (Grant) stay beside them: its
// creator, an arbiter for that event only. A user's roles in an event are
// both together (Roles, Holders); a chat that follows the event by /link
// lends it none of its staff.

type clubRoleRow struct {
	Platform string `gorm:"primaryKey"`
	ChatID   string `gorm:"primaryKey"`
	UserID   string `gorm:"primaryKey"`
	Role     string `gorm:"primaryKey"`
}

func (clubRoleRow) TableName() string { return "club_roles" }

// MakeHome makes chat the change's event's home: the chat it was made in,
// whose club's staff run it. The chat must follow the event (Bind, Follow
// before it in the change).
func (c *Change) MakeHome(chat chat.Chat) {
	c.ops = append(c.ops, bindingOp{kind: "home", chat: chat})
}

// GrantClub gives the chat's user role r in the club of chat: in every
// event whose home chat is, now and later. Granting it twice is granting
// it once.
func (c *Change) GrantClub(chat chat.Chat, user string, r Role) {
	c.ops = append(c.ops, bindingOp{kind: "club-grant", chat: chat, platform: chat.Platform, user: user, role: r})
}

// RevokeClub takes role r in the club of chat from the chat's user.
func (c *Change) RevokeClub(chat chat.Chat, user string, r Role) {
	c.ops = append(c.ops, bindingOp{kind: "club-revoke", chat: chat, platform: chat.Platform, user: user, role: r})
}

// applyClubOp applies the club's operations (applyOp).
func applyClubOp(tx *gorm.DB, id int64, op bindingOp) error {
	root := op.chat.Root()
	switch op.kind {
	case "home":
		return tx.Model(&chatEventRow{}).Where("platform = ? AND chat_id = ? AND event_id = ?", root.Platform, root.ID, id).
			Update("home", true).Error
	case "club-grant":
		return tx.Clauses(clause.OnConflict{DoNothing: true}).
			Create(&clubRoleRow{Platform: root.Platform, ChatID: root.ID, UserID: op.user, Role: string(op.role)}).Error
	case "club-revoke":
		return tx.Where("platform = ? AND chat_id = ? AND user_id = ? AND role = ?", root.Platform, root.ID, op.user, string(op.role)).
			Delete(&clubRoleRow{}).Error
	}
	return errors.New("unknown operation")
}

// HomeChat is the chat event id was made in, or ErrNotFound when it has
// none (made before homes were kept, and followed by several chats).
func (s *Store) HomeChat(ctx context.Context, id EventID) (chat.Chat, error) {
	return homeChat(s.db.WithContext(ctx), id)
}

// HomeChat is Store.HomeChat of the change's event, as its transaction
// sees it.
func (c *Change) HomeChat() (chat.Chat, error) {
	tx, err := c.reading()
	if err != nil {
		return chat.Chat{}, err
	}
	return homeChat(tx, c.event)
}

func homeChat(db *gorm.DB, id EventID) (chat.Chat, error) {
	var row chatEventRow
	err := db.Where("event_id = ? AND home = ?", id, true).Order("platform, chat_id").Take(&row).Error
	if err != nil {
		return chat.Chat{}, fmt.Errorf("home chat of event %d: %w", id, notFound(err))
	}
	return chat.Chat{Platform: row.Platform, ID: row.ChatID, Thread: row.Thread}, nil
}

// ClubHolders lists the users of chat's club who hold role r there.
func (s *Store) ClubHolders(ctx context.Context, c chat.Chat, r Role) ([]action.Actor, error) {
	return clubHolders(s.db.WithContext(ctx), c, r)
}

// ClubHolders is Store.ClubHolders through the change's transaction.
func (c *Change) ClubHolders(in chat.Chat, r Role) ([]action.Actor, error) {
	tx, err := c.reading()
	if err != nil {
		return nil, err
	}
	return clubHolders(tx, in, r)
}

func clubHolders(db *gorm.DB, c chat.Chat, r Role) ([]action.Actor, error) {
	c = c.Root()
	var users []string
	err := db.Model(&clubRoleRow{}).Where("platform = ? AND chat_id = ? AND role = ?", c.Platform, c.ID, string(r)).
		Order("user_id").Pluck("user_id", &users).Error
	if err != nil {
		return nil, fmt.Errorf("%ss of the club of %s:%s: %w", r, c.Platform, c.ID, err)
	}
	out := make([]action.Actor, len(users))
	for i, u := range users {
		out[i] = action.Actor{Platform: c.Platform, User: u}
	}
	return out, nil
}

// clubRoles is the roles a user holds in event id through its home
// chat's club: a subquery of role names, for Roles.
func clubRoles(db *gorm.DB, id EventID, platform, user string) *gorm.DB {
	return db.Table("club_roles AS cr").Select("cr.role").
		Joins("JOIN chat_events AS ce ON ce.platform = cr.platform AND ce.chat_id = cr.chat_id").
		Where("ce.event_id = ? AND ce.home = ? AND cr.platform = ? AND cr.user_id = ?", id, true, platform, user)
}

// clubHoldersOf is the users who hold role r in event id through its home
// chat's club, for holders.
func clubHoldersOf(db *gorm.DB, id EventID, r Role) ([]action.Actor, error) {
	var rows []clubRoleRow
	err := db.Table("club_roles AS cr").Select("cr.platform, cr.user_id").
		Joins("JOIN chat_events AS ce ON ce.platform = cr.platform AND ce.chat_id = cr.chat_id").
		Where("ce.event_id = ? AND ce.home = ? AND cr.role = ?", id, true, string(r)).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("%ss of the club of event %d: %w", r, id, err)
	}
	out := make([]action.Actor, len(rows))
	for i, row := range rows {
		out[i] = action.Actor{Platform: row.Platform, User: row.UserID}
	}
	return out, nil
}

// StaffEvents lists, oldest first, the events the platform's user runs
// as an organiser or an arbiter: of the event itself, or of its home
// chat's club. A staff member's private chat is about them.
func (s *Store) StaffEvents(ctx context.Context, platform, user string) ([]ChatEvent, error) {
	return s.staffEvents(ctx, platform, user, func(q *gorm.DB) *gorm.DB { return q })
}

// OpenStaffEvents lists, oldest first, the unfinished events (being set
// up, in sign-up, or running) the platform's user runs.
func (s *Store) OpenStaffEvents(ctx context.Context, platform, user string) ([]ChatEvent, error) {
	return s.staffEvents(ctx, platform, user, func(q *gorm.DB) *gorm.DB { return q.Where("e.status IN ?", unfinishedStatuses) })
}

func (s *Store) staffEvents(ctx context.Context, platform, user string, which func(*gorm.DB) *gorm.DB) ([]ChatEvent, error) {
	staff := []string{string(Organiser), string(Arbiter)}
	db := s.db.WithContext(ctx)
	own := db.Table("roles").Select("event_id").Where("platform = ? AND user_id = ? AND role IN ?", platform, user, staff)
	club := db.Table("club_roles AS cr").Select("ce.event_id").
		Joins("JOIN chat_events AS ce ON ce.platform = cr.platform AND ce.chat_id = cr.chat_id").
		Where("ce.home = ? AND cr.platform = ? AND cr.user_id = ? AND cr.role IN ?", true, platform, user, staff)
	var rows []struct {
		ID     int64
		Name   string
		Status string
	}
	q := db.Table("events AS e").Select("e.id, e.name, e.status").Where("e.id IN (?) OR e.id IN (?)", own, club)
	if err := which(q).Order("e.id").Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("events %s user %s runs: %w", platform, user, err)
	}
	out := make([]ChatEvent, len(rows))
	for i, r := range rows {
		out[i] = ChatEvent{ID: EventID(r.ID), Name: r.Name, Status: action.Status(r.Status)}
	}
	return out, nil
}
