package ops

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/qisai/qisai/storage"
)

// dbTimeout bounds the database queries of one request: a health check
// that hangs tells the orchestrator nothing.
const dbTimeout = 3 * time.Second

// Handler serves /healthz (200 while the database answers, 503 when it
// does not) and /metrics (metrics and the outbox's backlog, in the
// Prometheus formats) for store. A nil metrics serves zero counts.
func Handler(store *storage.Store, metrics *Metrics) http.Handler {
	if metrics == nil {
		metrics = &Metrics{}
	}
	outbox := prometheus.NewRegistry()
	outbox.MustRegister(backlog{store})
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), dbTimeout)
		defer cancel()
		if err := store.Ping(ctx); err != nil {
			slog.Warn("health check failed", "err", err)
			http.Error(w, "database unavailable 数据库不可用", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte("ok\n"))
	})
	// A scrape that cannot read the backlog fails (500), and shows in
	// Prometheus as the target being down.
	mux.Handle("GET /metrics", promhttp.HandlerFor(prometheus.Gatherers{metrics.gatherer(), outbox},
		promhttp.HandlerOpts{ErrorHandling: promhttp.HTTPErrorOnError, ErrorLog: slogPrinter{}}))
	return mux
}

// slogPrinter logs promhttp's errors.
type slogPrinter struct{}

func (slogPrinter) Println(v ...any) { slog.Warn("metrics", "err", v) }

var (
	pendingDesc = prometheus.NewDesc("qisai_outbox_pending",
		"Messages waiting in the outbox, by platform.", []string{"platform"}, nil)
	oldestDesc = prometheus.NewDesc("qisai_outbox_oldest_seconds",
		"Age of the oldest message waiting in the outbox, by platform: how long delivery is behind.", []string{"platform"}, nil)
)

// backlog collects the outbox's depth and the age of its oldest message
// from the database at each scrape.
type backlog struct{ store *storage.Store }

func (b backlog) Describe(ch chan<- *prometheus.Desc) {
	ch <- pendingDesc
	ch <- oldestDesc
}

func (b backlog) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), dbTimeout)
	defer cancel()
	pending, err := b.store.Pending(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(pendingDesc, err)
		return
	}
	oldest, err := b.store.OldestPending(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(oldestDesc, err)
		return
	}
	for platform, n := range pending {
		ch <- prometheus.MustNewConstMetric(pendingDesc, prometheus.GaugeValue, float64(n), platform)
	}
	for platform, t := range oldest {
		ch <- prometheus.MustNewConstMetric(oldestDesc, prometheus.GaugeValue, max(time.Since(t), 0).Seconds(), platform)
	}
}
