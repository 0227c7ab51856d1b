// Package ops is what running qisai as a service needs: its configuration
// from the environment and flags, and the HTTP endpoints an operator
// watches, /healthz and Prometheus /metrics.
package ops

import (
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// sendBuckets are the upper bounds, in seconds, of the send latency
// histogram: a Bot API call takes tens of milliseconds, a rate-limited one
// seconds.
var sendBuckets = []float64{0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

// waitBuckets are those of the delivery wait: nothing for a private note,
// seconds to minutes for a group over its limit (Telegram's 20 a minute),
// up to an hour behind a long retry-after.
var waitBuckets = []float64{0.1, 0.5, 1, 3, 10, 30, 60, 180, 600, 1800, 3600}

// Metrics counts what the adapters and the delivery do, in a Prometheus
// registry of its own with the Go runtime's and the process's collectors
// (the process's default registry is left alone, so that tests and several
// services in one process do not collide). The zero value is ready; it is
// safe for concurrent use.
type Metrics struct {
	once     sync.Once
	reg      *prometheus.Registry
	commands *prometheus.CounterVec
	sends    *prometheus.HistogramVec
	failures *prometheus.CounterVec
	waits    *prometheus.HistogramVec
	// platforms is whether each platform is reached, and its chats held.
	platforms platforms
}

// init makes the registry and the metrics.
func (m *Metrics) init() {
	m.once.Do(func() {
		m.reg = prometheus.NewRegistry()
		m.commands = prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "qisai_commands_total",
			Help: "Commands handled, by result (ok, error).",
		}, []string{"result"})
		m.sends = prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "qisai_send_seconds",
			Help:    "Time the platform took to take a message, by platform.",
			Buckets: sendBuckets,
		}, []string{"platform"})
		m.failures = prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "qisai_send_errors_total",
			Help: "Sends the platform refused or that failed (the outbox tries again), by platform.",
		}, []string{"platform"})
		m.waits = prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "qisai_delivery_wait_seconds",
			Help:    "Time a message waited for the platform's rate limits before it was sent, by platform.",
			Buckets: waitBuckets,
		}, []string{"platform"})
		m.platforms.held = prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "qisai_chats_held_total",
			Help: "Chats the bot was found unable to post in (removed, no right to send), by platform.",
		}, []string{"platform"})
		// Both results show from the start: a rate of errors needs its zero.
		m.commands.WithLabelValues("ok")
		m.commands.WithLabelValues("error")
		m.reg.MustRegister(m.commands, m.sends, m.failures, m.waits,
			&m.platforms,
			collectors.NewGoCollector(),
			collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	})
}

// gatherer is m's registry.
func (m *Metrics) gatherer() prometheus.Gatherer {
	m.init()
	return m.reg
}

// CommandDone counts a command handled; failed says whether it failed.
func (m *Metrics) CommandDone(failed bool) {
	m.init()
	result := "ok"
	if failed {
		result = "error"
	}
	m.commands.WithLabelValues(result).Inc()
}

// Sent records a message the platform took in d.
func (m *Metrics) Sent(platform string, d time.Duration) {
	m.init()
	m.sends.WithLabelValues(platform).Observe(d.Seconds())
}

// SendFailed counts a send that failed.
func (m *Metrics) SendFailed(platform string) {
	m.init()
	m.failures.WithLabelValues(platform).Inc()
}

// Waited records that a message waited d for platform's limits.
func (m *Metrics) Waited(platform string, d time.Duration) {
	m.init()
	m.waits.WithLabelValues(platform).Observe(d.Seconds())
}
