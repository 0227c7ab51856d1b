package storage

// What the operations endpoints (package ops) ask of the database.

import (
	"context"
	"fmt"
	"time"
)

// Ping checks that the database answers a query.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.db.WithContext(ctx).Raw("SELECT 1").Scan(&one).Error; err != nil {
		return fmt.Errorf("ping %s database: %w", s.dialect, err)
	}
	return nil
}

// Pending counts the outbox messages waiting to go out (neither sent nor
// given up), by platform; a platform with none is absent. The count reads
// index outbox_pending, which holds pending messages only.
func (s *Store) Pending(ctx context.Context) (map[string]int64, error) {
	var rows []struct {
		Platform string
		N        int64
	}
	err := s.db.WithContext(ctx).Raw(`SELECT platform, COUNT(*) AS n FROM outbox WHERE ` + pending + ` GROUP BY platform`).
		Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("count pending outbox messages: %w", err)
	}
	n := make(map[string]int64, len(rows))
	for _, r := range rows {
		n[r.Platform] = r.N
	}
	return n, nil
}

// OldestPending gives, by platform, when the oldest message waiting in the
// outbox was queued: how far delivery is behind. A platform with none is
// absent.
func (s *Store) OldestPending(ctx context.Context) (map[string]time.Time, error) {
	db := s.db.WithContext(ctx)
	var platforms []string
	if err := db.Model(&outboxRow{}).Where(pending).Distinct().Pluck("platform", &platforms).Error; err != nil {
		return nil, fmt.Errorf("list platforms with pending outbox messages: %w", err)
	}
	oldest := make(map[string]time.Time, len(platforms))
	for _, p := range platforms {
		var at []time.Time
		err := db.Model(&outboxRow{}).Where(pending+" AND platform = ?", p).Order("created_at").Limit(1).Pluck("created_at", &at).Error
		if err != nil {
			return nil, fmt.Errorf("oldest pending outbox message of %s: %w", p, err)
		}
		if len(at) > 0 {
			oldest[p] = at[0]
		}
	}
	return oldest, nil
}
