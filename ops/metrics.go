// Package ops is what running qisai as a service needs (issue 5): its
// configuration from the environment and flags, and the HTTP endpoints an
// operator watches, /healthz and Prometheus /metrics.
package ops

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// sendBuckets are the upper bounds, in seconds, of the send latency
// histogram: a Bot API call takes tens of milliseconds, a rate-limited one
// seconds.
var sendBuckets = []float64{0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

// Metrics counts what the adapters do. The zero value is ready; it is safe
// for concurrent use.
type Metrics struct {
	mu       sync.Mutex
	commands [2]uint64 // done without and with an error
	sends    map[string]*histogram
}

// histogram is a Prometheus histogram: counts[i] observations at most
// sendBuckets[i] (not cumulative), and the rest.
type histogram struct {
	counts []uint64
	count  uint64
	sum    float64
}

// CommandDone counts a command handled; err says whether it failed.
func (m *Metrics) CommandDone(err bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err {
		m.commands[1]++
	} else {
		m.commands[0]++
	}
}

// Sent records a message sent on platform, taking d.
func (m *Metrics) Sent(platform string, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.sends == nil {
		m.sends = map[string]*histogram{}
	}
	h := m.sends[platform]
	if h == nil {
		h = &histogram{counts: make([]uint64, len(sendBuckets))}
		m.sends[platform] = h
	}
	s := d.Seconds()
	if i, _ := slices.BinarySearch(sendBuckets, s); i < len(sendBuckets) {
		h.counts[i]++
	}
	h.count++
	h.sum += s
}

// write writes the metrics, with pending, the outbox messages waiting by
// platform, in the Prometheus text format (version 0.0.4).
func (m *Metrics) write(w io.Writer, pending map[string]int64) error {
	var b strings.Builder
	m.mu.Lock()
	header(&b, "qisai_commands_total", "counter", "Commands handled, by result.")
	fmt.Fprintf(&b, "qisai_commands_total{result=\"ok\"} %d\n", m.commands[0])
	fmt.Fprintf(&b, "qisai_commands_total{result=\"error\"} %d\n", m.commands[1])
	header(&b, "qisai_send_seconds", "histogram", "Time to send a message to a platform, by platform.")
	for _, p := range slices.Sorted(maps.Keys(m.sends)) {
		h, l := m.sends[p], label(p)
		var n uint64
		for i, le := range sendBuckets {
			n += h.counts[i]
			fmt.Fprintf(&b, "qisai_send_seconds_bucket{platform=%s,le=\"%s\"} %d\n", l, strconv.FormatFloat(le, 'g', -1, 64), n)
		}
		fmt.Fprintf(&b, "qisai_send_seconds_bucket{platform=%s,le=\"+Inf\"} %d\n", l, h.count)
		fmt.Fprintf(&b, "qisai_send_seconds_sum{platform=%s} %s\n", l, strconv.FormatFloat(h.sum, 'g', -1, 64))
		fmt.Fprintf(&b, "qisai_send_seconds_count{platform=%s} %d\n", l, h.count)
	}
	m.mu.Unlock()
	header(&b, "qisai_outbox_pending", "gauge", "Messages waiting in the outbox, by platform.")
	for _, p := range slices.Sorted(maps.Keys(pending)) {
		fmt.Fprintf(&b, "qisai_outbox_pending{platform=%s} %d\n", label(p), pending[p])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func header(b *strings.Builder, name, kind, help string) {
	fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, kind)
}

// label quotes a label value as the text format wants it.
func label(v string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(v) + `"`
}
