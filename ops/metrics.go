// Package ops is what running qisai as a service needs: its
// configuration from the environment and flags, and the HTTP endpoints an
// operator watches, /healthz and Prometheus /metrics.
package ops

import (
	"bytes"
	"sync"
	"time"
)

// sendBuckets are the upper bounds, in seconds, of the send latency
// histogram: a Bot API call takes tens of milliseconds, a rate-limited one
// seconds.
var sendBuckets = []float64{0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

// waitBuckets are those of the delivery wait: nothing for a private note,
// seconds to minutes for a group over its limit (Telegram's 20 a minute),
// up to an hour behind a long retry-after.
var waitBuckets = []float64{0.1, 0.5, 1, 3, 10, 30, 60, 180, 600, 1800, 3600}

// Metrics counts what the adapters and the delivery do. Each Metrics
// holds its own counts (nothing is registered with the process), so that
// tests and several services in one process do not collide. The zero
// value is ready; it is safe for concurrent use.
type Metrics struct {
	once     sync.Once
	commands counterVec
	sends    histogramVec
	failures counterVec
	waits    histogramVec
	// platforms is whether each platform is reached, and its chats held.
	platforms platforms
}

// init names the families and their help texts.
func (m *Metrics) init() {
	m.once.Do(func() {
		m.commands = counterVec{name: "qisai_commands_total", help: "Commands handled, by result (ok, error).", label: "result"}
		m.sends = histogramVec{name: "qisai_send_seconds", help: "Time the platform took to take a message, by platform.", label: "platform", bounds: sendBuckets}
		m.failures = counterVec{name: "qisai_send_errors_total", help: "Sends the platform refused or that failed (the outbox tries again), by platform.", label: "platform"}
		m.waits = histogramVec{name: "qisai_delivery_wait_seconds", help: "Time a message waited for the platform's rate limits before it was sent, by platform.", label: "platform", bounds: waitBuckets}
		m.platforms.held = counterVec{name: "qisai_chats_held_total", help: "Chats the bot was found unable to post in (removed, no right to send), by platform.", label: "platform"}
		// Both results show from the start: a rate of errors needs its zero.
		m.commands.add("ok", 0)
		m.commands.add("error", 0)
	})
}

// write writes m's families to b in the Prometheus text format.
func (m *Metrics) write(b *bytes.Buffer) {
	m.init()
	m.commands.write(b)
	m.waits.write(b)
	m.failures.write(b)
	m.sends.write(b)
	m.platforms.write(b)
}

// CommandDone counts a command handled; failed says whether it failed.
func (m *Metrics) CommandDone(failed bool) {
	m.init()
	result := "ok"
	if failed {
		result = "error"
	}
	m.commands.add(result, 1)
}

// Sent records a message the platform took in d.
func (m *Metrics) Sent(platform string, d time.Duration) {
	m.init()
	m.sends.observe(platform, d.Seconds())
}

// SendFailed counts a send that failed.
func (m *Metrics) SendFailed(platform string) {
	m.init()
	m.failures.add(platform, 1)
}

// Waited records that a message waited d for platform's limits.
func (m *Metrics) Waited(platform string, d time.Duration) {
	m.init()
	m.waits.observe(platform, d.Seconds())
}
