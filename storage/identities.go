package storage

import (
	"context"
	"fmt"
)

// Identity is a platform user who is a player of an event (Change.Identify).
type Identity struct {
	Platform string
	User     string
	Player   int
}

// Identities lists the users who are players of event id, by player, then
// platform and user. Commands that renumber players (the start, R-SW-1;
// removing a player) read them to identify the users anew.
func (s *Store) Identities(ctx context.Context, id EventID) ([]Identity, error) {
	var rows []identityRow
	err := s.db.WithContext(ctx).Where("event_id = ?", id).Order("player, platform, user_id").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("identities of event %d: %w", id, err)
	}
	out := make([]Identity, len(rows))
	for i, r := range rows {
		out[i] = Identity{Platform: r.Platform, User: r.UserID, Player: r.Player}
	}
	return out, nil
}

// PlayerIdentities lists the platform users who are player in event id.
func (s *Store) PlayerIdentities(ctx context.Context, id EventID, player int) ([]Identity, error) {
	var rows []identityRow
	err := s.db.WithContext(ctx).Where("event_id = ? AND player = ?", id, player).Order("platform, user_id").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("identities of player %d in event %d: %w", player, id, err)
	}
	out := make([]Identity, len(rows))
	for i, r := range rows {
		out[i] = Identity{Platform: r.Platform, User: r.UserID, Player: r.Player}
	}
	return out, nil
}

// PlayerEvents lists the events where the platform's user is a player,
// newest first. A user's private chat with the bot follows no event, so
// the commands typed there (and the buttons pressed there) are about one
// of these.
func (s *Store) PlayerEvents(ctx context.Context, platform, user string) ([]EventID, error) {
	var ids []EventID
	err := s.db.WithContext(ctx).Model(&identityRow{}).
		Where("platform = ? AND user_id = ?", platform, user).
		Order("event_id DESC").Pluck("event_id", &ids).Error
	if err != nil {
		return nil, fmt.Errorf("events of %s user %s: %w", platform, user, err)
	}
	return ids, nil
}
