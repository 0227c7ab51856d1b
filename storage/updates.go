package storage

import "context"

// Handled says whether a change was stored with updateKey (a platform's
// update id): a platform that delivers an update again — Telegram, after
// a crash kept it from being confirmed — need not have it run again.
func (s *Store) Handled(ctx context.Context, updateKey string) (bool, error) {
	_, found, err := keyEvent(s.db.WithContext(ctx), updateKey)
	return found, err
}
