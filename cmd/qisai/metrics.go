package main

import (
	"context"
	"fmt"
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
	return w.wait(ctx, func(ctx context.Context) error { return w.inner.Send(ctx, m) })
}

// Edit records the delivery wait of an edit of a live message as Send does
// a message's.
func (w waited) Edit(ctx context.Context, id string, m chat.Message) error {
	return w.wait(ctx, func(ctx context.Context) error { return editThrough(w.inner, ctx, id, m) })
}

// wait makes request, recording its wait when it succeeds.
func (w waited) wait(ctx context.Context, request func(context.Context) error) error {
	took := &platformTime{}
	start := time.Now()
	err := request(context.WithValue(ctx, platformTimeKey{}, took))
	if err == nil {
		w.metrics.Waited(w.platform, max(time.Since(start)-took.total(), 0))
	}
	return err
}

// editThrough edits through inner, which the platform's sender makes a
// chat.Editor; one that cannot edit refuses for good.
func editThrough(inner chat.Sender, ctx context.Context, id string, m chat.Message) error {
	ed, ok := inner.(chat.Editor)
	if !ok {
		return fmt.Errorf("%w: the platform's sender cannot edit a message", chat.ErrUndeliverable)
	}
	return ed.Edit(ctx, id, m)
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
	return t.time(ctx, func() error { return t.inner.Send(ctx, m) })
}

// Edit records how long each edit takes, as Send does.
func (t timed) Edit(ctx context.Context, id string, m chat.Message) error {
	return t.time(ctx, func() error { return editThrough(t.inner, ctx, id, m) })
}

// time makes request, recording how long the platform took.
func (t timed) time(ctx context.Context, request func() error) error {
	start := time.Now()
	err := request()
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
