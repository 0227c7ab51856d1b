package storage

import (
	"context"
	"fmt"

	"github.com/qisai/qisai/action"
)

// RunningEventsWithRole lists, newest first, the running events where the
// platform's user has role r: for a team's captain (Captain), the team
// events their private /lineup is about — also the captain who plays in
// none of them, whom PlayerEvents does not know. It reads the roles of the
// user and the events' status rows, no event's log.
func (s *Store) RunningEventsWithRole(ctx context.Context, platform, user string, r Role) ([]EventID, error) {
	var ids []EventID
	err := s.db.WithContext(ctx).Model(&roleRow{}).
		Joins("JOIN events ON events.id = roles.event_id").
		Where("roles.platform = ? AND roles.user_id = ? AND roles.role = ? AND events.status = ?", platform, user, string(r), string(action.Running)).
		Order("roles.event_id DESC").Pluck("roles.event_id", &ids).Error
	if err != nil {
		return nil, fmt.Errorf("running events where %s user %s is %s: %w", platform, user, r, err)
	}
	return ids, nil
}
