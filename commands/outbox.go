package commands

import (
	"context"
	"time"

	"github.com/qisai/qisai/storage"
)

// The outbox's types, named here so the chat adapters (bot/*) need package
// commands alone: adapters never reach past it to the store (DESIGN).
type (
	Chat           = storage.Chat           // a conversation on a platform
	Button         = storage.Button         // a choice under a message
	Message        = storage.Message        // a message the outbox sends
	Sender         = storage.Sender         // what sends a platform's messages
	DeliverOptions = storage.DeliverOptions // how Deliver claims and retries
)

// Deliver sends the outbox's messages through send until ctx ends: the
// announcements and private notes commands made (see storage.Store.Deliver
// for order, leases and retries).
func (s *Service) Deliver(ctx context.Context, worker string, send Sender, o DeliverOptions) error {
	return s.store.Deliver(ctx, worker, send, o)
}

// DeliverDue sends every message that is due now, one at a time in the
// order they were stored, and returns when none is left: a console
// transcript shows each command's messages right after it.
func (s *Service) DeliverDue(ctx context.Context, worker string, send Sender) error {
	for {
		ds, err := s.store.Claim(ctx, worker, 1, time.Minute)
		if err != nil || len(ds) == 0 {
			return err
		}
		if err := send.Send(ctx, ds[0].Message); err != nil {
			return err
		}
		// Sent is sent, even when ctx ended meanwhile.
		if err := s.store.MarkSent(context.WithoutCancel(ctx), ds[0].ID); err != nil {
			return err
		}
	}
}
