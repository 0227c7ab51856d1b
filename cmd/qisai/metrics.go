package main

import (
	"context"
	"sync"
	"time"

	"github.com/qisai/qisai/bot/pace"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/ops"
)

// measured is platform's sender paced by limits (paced, which a restart
// tells the last run's sends), recording for /metrics how long each
// message waited for the limits (its time in the pacer less the
// platform's) and how long the platform took, or that it failed (send).
func measured(platform string, send chat.Sender, limits pace.Limits, m *ops.Metrics) (paced *pace.Sender, measured chat.Sender) {
	paced = pace.New(timed{platform: platform, inner: send, metrics: m}, limits, nil)
	return paced, waited{platform: platform, inner: paced, metrics: m}
}

// waited records the delivery wait of the messages it sends.
type waited struct {
	platform string
	inner    chat.Sender
	metrics  *ops.Metrics
}

func (w waited) Send(ctx context.Context, m chat.Message) error {
	took := &platformTime{}
	start := time.Now()
	err := w.inner.Send(context.WithValue(ctx, platformTimeKey{}, took), m)
	if err == nil {
		w.metrics.Waited(w.platform, max(time.Since(start)-took.total(), 0))
	}
	return err
}

// platformTime adds up the time the platform took over one message's
// attempts (a 429 waited out in place makes two).
type platformTime struct {
	mu sync.Mutex
	d  time.Duration
}

func (p *platformTime) add(d time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.d += d
}

func (p *platformTime) total() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.d
}

// platformTimeKey carries a *platformTime from waited to timed.
type platformTimeKey struct{}

// timed records how long each platform send takes.
type timed struct {
	platform string
	inner    chat.Sender
	metrics  *ops.Metrics
}

func (t timed) Send(ctx context.Context, m chat.Message) error {
	start := time.Now()
	err := t.inner.Send(ctx, m)
	d := time.Since(start)
	if took, ok := ctx.Value(platformTimeKey{}).(*platformTime); ok {
		took.add(d)
	}
	if err != nil {
		t.metrics.SendFailed(t.platform)
		return err
	}
	t.metrics.Sent(t.platform, d)
	return nil
}
