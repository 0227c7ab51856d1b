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
