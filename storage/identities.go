package storage

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Identity is a platform user who is a player of an event
// (Change.Identify): the player's entrant id (engine.Player.Entrant), which
// stays whatever sequence number the player has.
type Identity struct {
	Platform string
	User     string
	Entrant  int
}

// Identities lists the users who are players of event id, by entrant
// id, then platform and user.
func (s *Store) Identities(ctx context.Context, id EventID) ([]Identity, error) {
	return identities(s.db.WithContext(ctx), id)
}

func identities(db *gorm.DB, id EventID) ([]Identity, error) {
	var rows []identityRow
	err := db.Where("event_id = ?", id).Order("player, platform, user_id").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("identities of event %d: %w", id, err)
	}
	out := make([]Identity, len(rows))
	for i, r := range rows {
		out[i] = Identity{Platform: r.Platform, User: r.UserID, Entrant: r.Player}
	}
	return out, nil
}

// PlayerIdentities lists the platform users who are the player with
// entrant id entrant in event id.
func (s *Store) PlayerIdentities(ctx context.Context, id EventID, entrant int) ([]Identity, error) {
	return playerIdentities(s.db.WithContext(ctx), id, entrant)
}

func playerIdentities(db *gorm.DB, id EventID, entrant int) ([]Identity, error) {
	var rows []identityRow
	err := db.Where("event_id = ? AND player = ?", id, entrant).Order("platform, user_id").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("identities of entrant %d in event %d: %w", entrant, id, err)
	}
	out := make([]Identity, len(rows))
	for i, r := range rows {
		out[i] = Identity{Platform: r.Platform, User: r.UserID, Entrant: r.Player}
	}
	return out, nil
}

// identitiesByEntrant turns the identities of the schema before version 8,
// which held the player's sequence number (kept up to date by the commands
// that renumbered players), into entrant ids: each event with identities
// is folded from its log, and a number that names no player any more is
// dropped (nobody could act as it).
func identitiesByEntrant(tx *gorm.DB) error {
	var events []int64
	if err := tx.Model(&identityRow{}).Distinct("event_id").Order("event_id").Pluck("event_id", &events).Error; err != nil {
		return err
	}
	for _, id := range events {
		log, err := records(tx, EventID(id), 0, 0, 0)
		if err != nil {
			return err
		}
		st, err := action.Fold(log)
		if err != nil {
			return fmt.Errorf("fold event %d: %w", id, err)
		}
		var rows []identityRow
		if err := tx.Where("event_id = ?", id).Find(&rows).Error; err != nil {
			return err
		}
		for _, r := range rows {
			q := tx.Model(&identityRow{}).Where("event_id = ? AND platform = ? AND user_id = ?", id, r.Platform, r.UserID)
			if entrant := st.EntrantOf(r.Player); entrant > 0 {
				err = q.Update("player", entrant).Error
			} else {
				err = q.Delete(&identityRow{}).Error
			}
			if err != nil {
				return fmt.Errorf("identity of %s user %s in event %d: %w", r.Platform, r.UserID, id, err)
			}
		}
	}
	return nil
}

// The users qisai has seen: whoever wrote in a chat the bot reads, or to
// the bot. Permissions and roles name a user by their numeric id, which
// people cannot see; they name each other by handle ("@li_wei"), which
// only the users seen here turn into an id.

type userRow struct {
	Platform string `gorm:"primaryKey"`
	UserID   string `gorm:"primaryKey"`
	Handle   string // the platform's user name in lower case, "" for none
	Name     string // the display name last seen
	SeenAt   time.Time
}

func (userRow) TableName() string { return "users" }

// chatUserRow is a user seen writing in a chat (migration 16).
type chatUserRow struct {
	Platform string `gorm:"primaryKey"`
	ChatID   string `gorm:"primaryKey"`
	UserID   string `gorm:"primaryKey"`
	SeenAt   time.Time
}

func (chatUserRow) TableName() string { return "chat_users" }

// SawUser records that the user of in's platform wrote in chat in under
// handle (without "@", any case; "" for none) and display name, replacing
// what was seen before.
func (s *Store) SawUser(ctx context.Context, in chat.Chat, user, handle, name string) error {
	in = in.Root()
	if in.Platform == "" || in.ID == "" || user == "" {
		return fmt.Errorf("saw %s user %q in %q: need a platform, a chat and a user", in.Platform, user, in.ID)
	}
	now := s.now().UTC()
	row := userRow{Platform: in.Platform, UserID: user, Handle: strings.ToLower(handle), Name: name, SeenAt: now}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "platform"}, {Name: "user_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"handle", "name", "seen_at"}),
		}).Create(&row).Error
		if err != nil {
			return err
		}
		return tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "platform"}, {Name: "chat_id"}, {Name: "user_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"seen_at"}),
		}).Create(&chatUserRow{Platform: in.Platform, ChatID: in.ID, UserID: user, SeenAt: now}).Error
	})
	if err != nil {
		return fmt.Errorf("saw %s user %q: %w", in.Platform, user, err)
	}
	return nil
}

// SeenUser is a user seen in a chat, as UsersNamed finds them.
type SeenUser struct {
	ID, Handle, Name string
}

// UsersNamed lists the users seen writing in any of chats (of one
// platform) whose display name is name, or whose handle is (any case for
// both, as the database folds it): the people "@name" may mean there,
// whatever script their name is in. The one seen last comes first.
func (s *Store) UsersNamed(ctx context.Context, chats []chat.Chat, name string) ([]SeenUser, error) {
	if len(chats) == 0 || name == "" {
		return nil, nil
	}
	ids := make([]string, len(chats))
	for i, c := range chats {
		ids[i] = c.Root().ID
	}
	lower := strings.ToLower(name)
	var rows []userRow
	err := s.db.WithContext(ctx).Table("users AS u").Select("u.user_id, u.handle, u.name").
		Joins("JOIN chat_users AS cu ON cu.platform = u.platform AND cu.user_id = u.user_id").
		Where("u.platform = ? AND cu.chat_id IN ? AND (u.handle = ? OR u.name = ? OR LOWER(u.name) = ?)", chats[0].Platform, ids, lower, name, lower).
		Group("u.user_id, u.handle, u.name").Order("MAX(cu.seen_at) DESC, u.user_id").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("%s users named %q: %w", chats[0].Platform, name, err)
	}
	out := make([]SeenUser, len(rows))
	for i, r := range rows {
		out[i] = SeenUser{ID: r.UserID, Handle: r.Handle, Name: r.Name}
	}
	return out, nil
}

// UserByHandle returns the id of the platform's user seen last under
// handle (without "@", any case), or ErrNotFound when nobody was.
func (s *Store) UserByHandle(ctx context.Context, platform, handle string) (string, error) {
	if handle == "" {
		return "", fmt.Errorf("%s user without a handle: %w", platform, ErrNotFound)
	}
	var row userRow
	err := s.db.WithContext(ctx).Where("platform = ? AND handle = ?", platform, strings.ToLower(handle)).
		Order("seen_at DESC").Take(&row).Error
	if err != nil {
		return "", fmt.Errorf("%s user @%s: %w", platform, handle, notFound(err))
	}
	return row.UserID, nil
}

// UserNames returns the display names the platform's users were last seen
// under, by id; users never seen are left out.
func (s *Store) UserNames(ctx context.Context, platform string, users []string) (map[string]string, error) {
	return userNames(s.db.WithContext(ctx), platform, users)
}

func userNames(db *gorm.DB, platform string, users []string) (map[string]string, error) {
	var rows []userRow
	if err := db.Where("platform = ? AND user_id IN ?", platform, users).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("names of %d %s users: %w", len(users), platform, err)
	}
	names := make(map[string]string, len(rows))
	for _, r := range rows {
		names[r.UserID] = r.Name
	}
	return names, nil
}
