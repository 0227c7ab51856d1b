package ops

import (
	"context"
	"fmt"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/qisai/qisai/storage"
)

// Help texts of the outbox's families.
const (
	pendingHelp = "Messages waiting in the outbox, by platform."
	oldestHelp  = "Age of the oldest message waiting in the outbox, by platform: how long delivery is behind."
)

var (
	pendingDesc = prometheus.NewDesc("qisai_outbox_pending", pendingHelp, []string{"platform"}, nil)
	oldestDesc  = prometheus.NewDesc("qisai_outbox_oldest_seconds", oldestHelp, []string{"platform"}, nil)
	heldDesc    = prometheus.NewDesc("qisai_chats_held", heldHelp, []string{"platform"}, nil)
)

// backlog collects the outbox's depth, the age of its oldest message and
// the chats held, read from the database at each scrape. When it cannot
// read them it collects an invalid metric carrying the error, which fails
// the scrape.
type backlog struct{ store *storage.Store }

func (b backlog) Describe(ch chan<- *prometheus.Desc) {
	ch <- pendingDesc
	ch <- oldestDesc
	ch <- heldDesc
}

func (b backlog) Collect(ch chan<- prometheus.Metric) {
	// Collect is given no context, so the request's cancellation does not
	// reach the queries; dbTimeout bounds them, as it does /healthz's.
	ctx, cancel := context.WithTimeout(context.Background(), dbTimeout)
	defer cancel()
	pending, err := b.store.Pending(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(pendingDesc, fmt.Errorf("reading the outbox's backlog: %w", err))
		return
	}
	oldest, err := b.store.OldestPending(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(oldestDesc, fmt.Errorf("reading the age of the outbox's oldest message: %w", err))
		return
	}
	held, err := b.store.Blocked(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(heldDesc, fmt.Errorf("reading the chats held: %w", err))
		return
	}
	for platform, n := range pending {
		ch <- prometheus.MustNewConstMetric(pendingDesc, prometheus.GaugeValue, float64(n), platform)
	}
	for platform, t := range oldest {
		ch <- prometheus.MustNewConstMetric(oldestDesc, prometheus.GaugeValue, max(time.Since(t), 0).Seconds(), platform)
	}
	for platform, n := range held {
		ch <- prometheus.MustNewConstMetric(heldDesc, prometheus.GaugeValue, float64(n), platform)
	}
}
