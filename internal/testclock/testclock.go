// Package testclock is the time of a test: it moves only when the test
// moves it or something sleeps on it, so limits and timeouts keep their
// real values and cost no real seconds. It is for tests only.
package testclock

import (
	"context"
	"sync"
	"time"
)

// Clock is a test's time. Its Sleep moves it on at once and returns.
type Clock struct {
	mu    sync.Mutex
	start time.Time
	real  bool // start is the real time now, read afresh
	ahead time.Duration
}

// At is a clock standing at t.
func At(t time.Time) *Clock { return &Clock{start: t} }

// Real is the real time, moved on by every Advance and Sleep: for tests
// where parts of the program read the real clock too.
func Real() *Clock { return &Clock{real: true} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.real {
		return time.Now().Add(c.ahead)
	}
	return c.start.Add(c.ahead)
}

// Advance moves the clock on by d (nothing for d ≤ 0).
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ahead += max(d, 0)
}

// Sleep moves the clock on by d at once, unless ctx has ended.
func (c *Clock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.Advance(d)
	return nil
}
