package ops

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/qisai/qisai/storage"
)

// dbTimeout bounds the database queries of one request: a health check
// that hangs tells the orchestrator nothing.
const dbTimeout = 3 * time.Second

// Handler serves /healthz (200 while the database answers, 503 when it
// does not; a platform not reached is named, "degraded: telegram: …", and
// is no failure: the service runs on without it) and /metrics (metrics
// and the outbox's backlog, in the Prometheus text format, by the
// Prometheus client) for store. A nil metrics serves zero counts.
func Handler(store *storage.Store, m *Metrics) http.Handler {
	if m == nil {
		m = &Metrics{}
	}
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
		for _, d := range m.platforms.degraded() {
			fmt.Fprintf(w, "degraded: %s: %s\n", d[0], d[1])
		}
	})
	// The backlog is read at each scrape; a scrape that cannot read it
	// fails (500), and shows in Prometheus as the target being down.
	outbox := prometheus.NewRegistry()
	outbox.MustRegister(backlog{store})
	mux.Handle("GET /metrics", promhttp.HandlerFor(prometheus.Gatherers{m.gatherer(), outbox},
		promhttp.HandlerOpts{ErrorHandling: promhttp.HTTPErrorOnError, ErrorLog: slogPrinter{}}))
	return mux
}

// slogPrinter logs promhttp's errors.
type slogPrinter struct{}

func (slogPrinter) Println(v ...any) {
	slog.Warn("metrics", "err", strings.TrimSuffix(fmt.Sprintln(v...), "\n"))
}
