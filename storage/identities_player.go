package storage

import (
	"context"
	"fmt"
)

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

// Forget removes the platform user's identity in event id: they are no
// player of it any more (a player who left before the start). Forgetting
// a user who has none is no error.
//
// It is not part of a Change, so it commits on its own: call it after the
// Update that removed the player has committed.
func (s *Store) Forget(ctx context.Context, id EventID, platform, user string) error {
	err := s.db.WithContext(ctx).
		Where("event_id = ? AND platform = ? AND user_id = ?", id, platform, user).
		Delete(&identityRow{}).Error
	if err != nil {
		return fmt.Errorf("forget %s user %s in event %d: %w", platform, user, id, err)
	}
	return nil
}
