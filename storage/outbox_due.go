package storage

import (
	"context"
	"errors"
	"time"

	"github.com/qisai/qisai/chat"
)

// DeliverDue sends every message that is due now through send, one at a
// time in the order they were stored, then every edit of a live message
// waiting (early: a console shows each step at once), and returns when
// none is left. It gives up at the first error, leaving that message to
// a later call.
func (s *Store) DeliverDue(ctx context.Context, worker string, send chat.Sender) error {
	for {
		ds, err := s.Claim(ctx, worker, 1, time.Minute)
		if err != nil || len(ds) == 0 {
			if err != nil {
				return err
			}
			break
		}
		m := ds[0].Message
		var posted string
		sctx := ctx
		if m.Live != nil {
			sctx = chat.WithPosted(ctx, func(id string) { posted = id })
		}
		if err := send.Send(sctx, m); err != nil {
			return err
		}
		// Sent is sent, even when ctx ended meanwhile.
		done := context.WithoutCancel(ctx)
		if err := s.MarkSent(done, ds[0].ID); err != nil {
			return err
		}
		if posted != "" {
			if err := s.markPosted(done, m, posted, 0); err != nil {
				return err
			}
		}
	}
	ed, ok := send.(chat.Editor)
	if !ok {
		return nil
	}
	for {
		es, err := s.ClaimEdits(ctx, worker, "", 1, time.Minute, true)
		if err != nil || len(es) == 0 {
			return err
		}
		e := es[0]
		if err := ed.Edit(ctx, e.ID, e.Message); err != nil {
			return errors.Join(err, s.editFailed(context.WithoutCancel(ctx), e, err, defaultMaxAttempts, errors.Is(err, chat.ErrUndeliverable), 0))
		}
		if err := s.MarkEdited(context.WithoutCancel(ctx), e, 0); err != nil {
			return err
		}
	}
}
