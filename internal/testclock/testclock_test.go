package testclock

import (
	"context"
	"testing"
	"time"
)

func TestClock(t *testing.T) {
	start := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	c := At(start)
	c.Advance(time.Minute)
	c.Advance(-time.Hour) // never backwards
	if err := c.Sleep(context.Background(), 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if got := c.Now().Sub(start); got != 90*time.Second {
		t.Errorf("moved %v, want 1m30s", got)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := c.Sleep(ctx, time.Hour); err == nil || c.Now().Sub(start) != 90*time.Second {
		t.Errorf("a sleep on an ended context: %v, moved to %v", err, c.Now().Sub(start))
	}
	r := Real()
	r.Advance(time.Hour)
	if d := time.Until(r.Now()); d < 59*time.Minute || d > time.Hour {
		t.Errorf("the real clock an hour ahead is %v ahead", d)
	}
}
