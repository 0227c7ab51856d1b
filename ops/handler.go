package ops

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/qisai/qisai/storage"
)

// dbTimeout bounds the database queries of one request: a health check
// that hangs tells the orchestrator nothing.
const dbTimeout = 3 * time.Second

// Handler serves /healthz (200 while the database answers, 503 when it
// does not) and /metrics (metrics and the outbox depth, in the Prometheus
// text format) for store. A nil metrics serves zero counts.
func Handler(store *storage.Store, metrics *Metrics) http.Handler {
	if metrics == nil {
		metrics = &Metrics{}
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
	})
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), dbTimeout)
		defer cancel()
		pending, err := store.Pending(ctx)
		if err != nil {
			// A failed scrape shows in Prometheus as the target being down.
			slog.Warn("metrics: outbox depth unavailable", "err", err)
			http.Error(w, "database unavailable 数据库不可用", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		if err := metrics.write(w, pending); err != nil {
			slog.Debug("metrics: write response", "err", err)
		}
	})
	return mux
}
