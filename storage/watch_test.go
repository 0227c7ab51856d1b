package storage

import (
	"context"
	"testing"
	"time"
)

// TestWatch: the scheduler's watch goes on while ticks come within the
// gap, also from a second store (another instance) and a clock a little
// behind, and starts again after a silence longer than the gap or a step
// of the clock back past it.
func TestWatch(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		t0 := time.Date(2026, 3, 1, 19, 0, 0, 0, time.UTC)
		const gap = 2 * time.Minute
		for i, step := range []struct {
			at    time.Duration // from t0
			since time.Duration
		}{
			{0, 0},
			{10 * time.Second, 0}, // not written
			{40 * time.Second, 0},
			{30 * time.Second, 0}, // a little behind the last
			{150 * time.Second, 0},
			{330 * time.Second, 330 * time.Second}, // silent 3 minutes: a break
			{360 * time.Second, 330 * time.Second},
			{-time.Hour, -time.Hour}, // stepped back an hour
			{-time.Hour + 90*time.Second, -time.Hour},
			{2 * time.Hour, 2 * time.Hour}, // stepped forward
		} {
			since, err := s.Watch(ctx, t0.Add(step.at), gap)
			if err != nil {
				t.Fatal(err)
			}
			if want := t0.Add(step.since); !since.Equal(want) {
				t.Errorf("tick %d at t0%+v: watched since t0%+v, want t0%+v", i, step.at, since.Sub(t0), step.since)
			}
		}
	})
}
