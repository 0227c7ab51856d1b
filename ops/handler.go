package ops

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/VictoriaMetrics/metrics"

	"github.com/qisai/qisai/storage"
)

// dbTimeout bounds the database queries of one request: a health check
// that hangs tells the orchestrator nothing.
const dbTimeout = 3 * time.Second

// Handler serves /healthz (200 while the database answers, 503 when it
// does not; a platform not reached is named, "degraded: telegram: …", and
// is no failure: the service runs on without it) and /metrics (metrics
// and the outbox's backlog, in the Prometheus text format) for store. A
// nil metrics serves zero counts.
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
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), dbTimeout)
		defer cancel()
		var b bytes.Buffer
		// The backlog first: a scrape that cannot read it fails (500)
		// before anything is sent, and shows in Prometheus as the target
		// being down.
		if err := writeBacklog(ctx, &b, store); err != nil {
			slog.Warn("metrics", "err", err)
			http.Error(w, "metrics unavailable 指标不可用: "+err.Error(), http.StatusInternalServerError)
			return
		}
		m.write(&b)
		// The Go runtime's and the process's (go_*, process_*), untyped:
		// the library writes their TYPE lines only with its metadata
		// switched on for the whole process, and then with empty HELP.
		metrics.WriteProcessMetrics(&b)
		metrics.WriteFDMetrics(&b)
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
		w.Write(b.Bytes())
	})
	return mux
}
