package storage

// Recording what went out: the sends of one Deliver hand their "sent" to
// one goroutine, which records all those that finished meanwhile in one
// statement. Each send still waits until its own is recorded before its
// chat's next message may be claimed, so order and "sent once" are as
// with a statement each; but 5,000 private notes no longer make 5,000
// writers queue for SQLite's lock, or open as many PostgreSQL connections.

import (
	"context"
	"fmt"
)

// maxSentBatch bounds the messages one statement marks sent.
const maxSentBatch = 500

// sentMark is a message sent, waiting to be recorded: done hears whether
// it was.
type sentMark struct {
	m    Delivery
	done chan bool
}

// markSent records that m went out (through recordSent) and reports
// whether that was recorded.
func (d *deliverer) markSent(m Delivery) bool {
	done := make(chan bool, 1)
	d.sent <- sentMark{m, done}
	return <-done
}

// recordSent records the marks the sends hand it until d.sent is closed,
// as many at a time as are waiting.
func (d *deliverer) recordSent(ctx context.Context) {
	for first := range d.sent {
		batch := []sentMark{first}
	more:
		for len(batch) < maxSentBatch {
			select {
			case mark, ok := <-d.sent:
				if !ok {
					break more
				}
				batch = append(batch, mark)
			default:
				break more
			}
		}
		ids := make([]int64, len(batch))
		for i, mark := range batch {
			ids[i] = mark.m.ID
		}
		what := "mark sent"
		if len(ids) > 1 {
			what = fmt.Sprintf("mark %d messages sent", len(ids))
		}
		ok := d.settle(ctx, what, first.m, func(c context.Context) error {
			_, err := d.store.markSent(c, ids)
			return err
		})
		for _, mark := range batch {
			mark.done <- ok
		}
	}
}
