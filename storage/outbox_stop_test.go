package storage

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/testbuf"
)

// handing is a Sender playing the platform's request: it calls Sending,
// says so on handed, and then answers when answer is closed (the message
// arrived) or, with answer nil, never: its request is cut off with ctx.
// Before Sending it waits on before, when set, as a pacer waits its turn.
type handing struct {
	before <-chan struct{}
	handed chan struct{}
	answer chan struct{}
	rec    *recorder
}

func (h handing) Send(ctx context.Context, m chat.Message) error {
	if h.before != nil {
		select {
		case <-h.before:
		case <-ctx.Done():
		}
	}
	chat.Sending(ctx)
	if err := ctx.Err(); err != nil {
		return err // an HTTP client sends nothing on an ended context
	}
	close(h.handed)
	select {
	case <-h.answer: // nil: never
		return h.rec.Send(ctx, m)
	case <-ctx.Done():
		// Cut off: the platform may have taken it or not.
		return ctx.Err()
	}
}

// TestDeliverStopNeverTwice: stopping delivery (SIGTERM) while messages
// are being sent never makes the next run send one again, and loses none
// it could keep. A request under way when the stop comes is let finish
// and recorded as sent; one cut off after the drain keeps its mark and is
// not sent again, as after kill -9; a send that had not reached its
// request (waiting its turn) is released whole and sent by the next run.
func TestDeliverStopNeverTwice(t *testing.T) {
	for _, tt := range []struct {
		name     string
		answer   bool // the platform answers the request under way
		before   bool // the stop comes while the send waits its turn
		sentThen bool // the stopping run sent it
		again    int  // how often the next run sends it
	}{
		{name: "the request under way finishes", answer: true, sentThen: true},
		{name: "the request under way is cut off after the drain"},
		{name: "the send waiting its turn is released", before: true, again: 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			forEachDB(t, func(t *testing.T, s *Store) {
				ctx := context.Background()
				if err := s.Enqueue(ctx, msg("dm:1", "note")); err != nil {
					t.Fatal(err)
				}
				rec := newRecorder()
				h := handing{handed: make(chan struct{}), rec: rec}
				wait := make(chan struct{})
				if tt.before {
					h.before = wait
				}
				if tt.answer {
					h.answer = make(chan struct{})
				}
				logs := &testbuf.Buffer{}
				o := DeliverOptions{Poll: time.Millisecond, Log: slog.New(slog.NewTextHandler(logs, nil))}
				if !tt.answer {
					o.Drain = time.Millisecond // the test will not wait for a request that never ends
				}
				runCtx, cancel := context.WithCancel(ctx)
				done := make(chan error, 1)
				go func() { done <- s.Deliver(runCtx, "w", h, o) }()
				if tt.before {
					waitFor(t, "the message claimed", func() bool { return row(t, s, "dm:1", "note").ClaimedBy == "w" })
				} else {
					<-h.handed
				}
				cancel()
				if tt.answer {
					// The stop has reached the send under way: now the
					// platform answers.
					waitFor(t, "the stop", func() bool { return logs.Has("outbox: stopping") })
					close(h.answer)
				}
				if err := <-done; err != nil {
					t.Fatalf("Deliver: %v", err)
				}
				r := row(t, s, "dm:1", "note")
				if got := r.SentAt != nil; got != tt.sentThen {
					t.Errorf("marked sent by the stopping run: %v, want %v", got, tt.sentThen)
				}
				if n := rec.count(); n != btoi(tt.sentThen) {
					t.Errorf("the stopping run sent it %d times, want %d", n, btoi(tt.sentThen))
				}
				if r.Attempts != 0 {
					t.Errorf("%d failed attempts counted, want none: a stop is no failure", r.Attempts)
				}
				next := newRecorder()
				run(t, s, "w", next, DeliverOptions{Poll: time.Millisecond})
				waitFor(t, "the message settled", func() bool { return row(t, s, "dm:1", "note").SentAt != nil })
				if n := next.count(); n != tt.again {
					t.Errorf("the next run sent it %d times, want %d", n, tt.again)
				}
				close(wait)
			})
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
