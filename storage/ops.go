package storage

// What the operations endpoints (package ops) ask of the database.

import (
	"context"
	"fmt"
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
