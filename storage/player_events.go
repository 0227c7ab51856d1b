package storage

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"github.com/qisai/qisai/action"
)

// The events a user plays in, as their private chat with the bot finds
// them: a private chat follows no event, so the commands typed there (and
// the buttons pressed there) are about one of these. A player of a long
// season has played in hundreds: a line that names no event asks for the
// unfinished ones alone, from the events' status column, and loads no
// event's state; the finished ones are read only for a line that names
// one (or /events).

// PlayerEvents lists every event where the platform's user is a player,
// finished and cancelled too, oldest first, with its name and status
// (Current is false: a private chat has no current event).
func (s *Store) PlayerEvents(ctx context.Context, platform, user string) ([]ChatEvent, error) {
	return s.playerEvents(ctx, platform, user, func(q *gorm.DB) *gorm.DB { return q })
}

// OpenPlayerEvents lists, oldest first, the unfinished events where the
// platform's user is a player: being set up, in sign-up, or running.
func (s *Store) OpenPlayerEvents(ctx context.Context, platform, user string) ([]ChatEvent, error) {
	return s.playerEvents(ctx, platform, user, func(q *gorm.DB) *gorm.DB {
		return q.Where("e.status IN ?", []string{string(action.Setup), string(action.Signup), string(action.Running)})
	})
}

// LastPlayerEvent is the newest event where the platform's user is a
// player, cancelled ones aside, or ErrNotFound: what a line from their
// private chat is about when none of their events is unfinished.
func (s *Store) LastPlayerEvent(ctx context.Context, platform, user string) (ChatEvent, error) {
	evs, err := s.playerEvents(ctx, platform, user, func(q *gorm.DB) *gorm.DB {
		return q.Where("e.status <> ?", string(action.CalledOff)).Order("e.id DESC").Limit(1)
	})
	switch {
	case err != nil:
		return ChatEvent{}, err
	case len(evs) == 0:
		return ChatEvent{}, fmt.Errorf("last event of %s user %s: %w", platform, user, ErrNotFound)
	}
	return evs[0], nil
}

// playerEvents lists the events where the platform's user is a player
// that which keeps, oldest first unless which orders them.
func (s *Store) playerEvents(ctx context.Context, platform, user string, which func(*gorm.DB) *gorm.DB) ([]ChatEvent, error) {
	var rows []struct {
		ID     int64
		Name   string
		Status string
	}
	q := s.db.WithContext(ctx).Table("identities AS i").Select("e.id, e.name, e.status").
		Joins("JOIN events AS e ON e.id = i.event_id").
		Where("i.platform = ? AND i.user_id = ?", platform, user)
	if err := which(q).Order("e.id").Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("events of %s user %s: %w", platform, user, err)
	}
	out := make([]ChatEvent, len(rows))
	for i, r := range rows {
		out[i] = ChatEvent{ID: EventID(r.ID), Name: r.Name, Status: action.Status(r.Status)}
	}
	return out, nil
}
