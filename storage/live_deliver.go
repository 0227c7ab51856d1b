package storage

// Delivering the edits of live messages (live.go): beside the outbox's
// sends, each Deliver claims the live messages whose chats are to see a
// newer text and edits each in a goroutine of its own, through the same
// Sender (which paces them with the sends: an edit costs a group's budget
// as a message does).

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/qisai/qisai/chat"
)

// liveID names a live message among those being edited.
type liveID struct {
	chat chat.Chat
	key  string
}

func liveOf(e Edit) liveID { return liveID{e.Message.Chat.Root(), e.Message.Live.Key} }

// editLive edits live messages through ed until ctx ends, at most o.Batch
// at a time, each once every o.EditEvery at most, then waits for the
// edits under way.
func (d *deliverer) editLive(ctx context.Context, ed chat.Editor) {
	busy := map[liveID]bool{}
	done := make(chan liveID)
	tick := time.NewTicker(d.o.Poll)
	defer tick.Stop()
	failures := 0
	for ctx.Err() == nil {
		if free := d.o.Batch - len(busy); free > 0 {
			es, err := d.store.ClaimEdits(ctx, d.worker, d.o.Platform, free, d.o.Lease, false)
			switch {
			case err != nil && ctx.Err() == nil:
				failures++
				d.o.Log.Error("outbox: claiming edits failed; trying again", "worker", d.worker, "err", err)
			case err == nil:
				failures = 0
			}
			for _, e := range es {
				id := liveOf(e)
				if busy[id] {
					continue // being edited: a lapsed claim taken again
				}
				busy[id] = true
				go func() {
					d.edit(ctx, ed, e)
					done <- id
				}()
			}
		}
		wait := tick.C
		if failures > 0 {
			wait = time.After(min(retryAfter(failures), maxClaimBackoff))
		}
		select {
		case <-ctx.Done():
		case id := <-done:
			delete(busy, id)
		case <-wait:
		}
	}
	for len(busy) > 0 {
		delete(busy, <-done)
	}
}

// edit makes edit e through ed and records how it went.
func (d *deliverer) edit(ctx context.Context, ed chat.Editor, e Edit) {
	err := ed.Edit(ctx, e.ID, e.Message)
	m := Delivery{Message: e.Message} // for settle's log
	switch {
	case err == nil:
		d.settle(ctx, "record an edit", m, func(c context.Context) error { return d.store.MarkEdited(c, e, d.o.EditEvery) })
	case ctx.Err() != nil:
		d.settle(ctx, "release an edit", m, func(c context.Context) error { return d.store.releaseEdit(c, d.worker, e) })
	default:
		var ra chat.RetryAfter
		errors.As(err, &ra)
		gone := errors.Is(err, chat.ErrUndeliverable)
		level := slog.LevelWarn
		if gone {
			level = slog.LevelInfo // an admin deleted it, say: the next version is a new message
		}
		d.o.Log.Log(ctx, level, "outbox: editing a live message failed", "chat", e.Message.Chat.ID, "key", e.Message.Live.Key,
			"attempt", e.Attempts+1, "err", err)
		d.settle(ctx, "record a failed edit", m, func(c context.Context) error {
			return d.store.editFailed(c, e, err, d.o.MaxAttempts, gone, ra.Wait)
		})
	}
}
