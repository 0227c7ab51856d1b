package storage

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/qisai/qisai/action"
)

// RunningEvents lists, oldest first, the events that are running: started
// and not finished. Every change records the event's status in its row
// (events.status, indexed), so the list costs in the events running, not
// in the actions ever stored.
func (s *Store) RunningEvents(ctx context.Context) ([]EventID, error) {
	var ids []EventID
	err := s.db.WithContext(ctx).Model(&eventRow{}).Where("status = ?", string(action.Running)).Order("id").Pluck("id", &ids).Error
	if err != nil {
		return nil, fmt.Errorf("list the running events: %w", err)
	}
	return ids, nil
}

// WakingEvents lists, oldest first, the events in which the clock has work
// at now before their start (action.State.WakeAt: a sign-up deadline, a
// check-in opening), from the index every change keeps (events.wake_at).
func (s *Store) WakingEvents(ctx context.Context, now time.Time) ([]EventID, error) {
	var ids []EventID
	err := s.db.WithContext(ctx).Model(&eventRow{}).Where("wake_at IS NOT NULL AND wake_at <= ?", now.UTC()).Order("id").Pluck("id", &ids).Error
	if err != nil {
		return nil, fmt.Errorf("list the events the clock has work in: %w", err)
	}
	return ids, nil
}

// wakeOf is st.WakeAt as the events row holds it: nil for none.
func wakeOf(st *action.State) *time.Time {
	at := st.WakeAt()
	if at.IsZero() {
		return nil
	}
	at = at.UTC()
	return &at
}

// fillStatuses records the status of the events stored before the column
// was (migration 7), folding each once. Instances that start together may
// both fold an event: they record the same status, and neither overwrites
// one a change recorded meanwhile.
func (s *Store) fillStatuses(ctx context.Context) error {
	db := s.db.WithContext(ctx)
	var ids []EventID
	if err := db.Model(&eventRow{}).Where("status = ''").Order("id").Pluck("id", &ids).Error; err != nil {
		return fmt.Errorf("list the events without a status: %w", err)
	}
	for _, id := range ids {
		st, _, err := s.loadStored(db, id)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return fmt.Errorf("record the status of event %d: %w", id, err)
		}
		if err := db.Model(&eventRow{}).Where("id = ? AND status = ''", id).Update("status", string(st.Status)).Error; err != nil {
			return fmt.Errorf("record the status of event %d: %w", id, err)
		}
	}
	return nil
}
