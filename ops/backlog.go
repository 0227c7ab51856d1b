package ops

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/qisai/qisai/storage"
)

// Help texts of the outbox's families.
const (
	pendingHelp = "Messages waiting in the outbox, by platform."
	oldestHelp  = "Age of the oldest message waiting in the outbox, by platform: how long delivery is behind."
)

// writeBacklog writes the outbox's depth and the age of its oldest
// message, read from the database now. When it cannot read them it writes
// nothing and says why.
func writeBacklog(ctx context.Context, b *bytes.Buffer, store *storage.Store) error {
	pending, err := store.Pending(ctx)
	if err != nil {
		return fmt.Errorf("reading the outbox's backlog: %w", err)
	}
	oldest, err := store.OldestPending(ctx)
	if err != nil {
		return fmt.Errorf("reading the age of the outbox's oldest message: %w", err)
	}
	ages := make(map[string]float64, len(oldest))
	for platform, t := range oldest {
		ages[platform] = max(time.Since(t), 0).Seconds()
	}
	counts := make(map[string]float64, len(pending))
	for platform, n := range pending {
		counts[platform] = float64(n)
	}
	held, err := store.Blocked(ctx)
	if err != nil {
		return fmt.Errorf("reading the chats held: %w", err)
	}
	heldNow := make(map[string]float64, len(held))
	for platform, n := range held {
		heldNow[platform] = float64(n)
	}
	writeByLabel(b, "qisai_outbox_oldest_seconds", "gauge", oldestHelp, "platform", ages)
	writeByLabel(b, "qisai_outbox_pending", "gauge", pendingHelp, "platform", counts)
	writeByLabel(b, "qisai_chats_held", "gauge", heldHelp, "platform", heldNow)
	return nil
}
