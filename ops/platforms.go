package ops

import (
	"maps"
	"slices"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
)

// platforms is whether each chat platform is reached, as its adapter says
// (Metrics.Platform): /healthz names those that are not, and /metrics has
// qisai_platform_up. A platform down degrades the service, never stops it:
// the others go on, and its messages wait in the outbox.
type platforms struct {
	mu    sync.Mutex
	state map[string]string      // platform → "" when reached, else why not
	held  *prometheus.CounterVec // chats held for want of rights, by platform
}

// Help texts of the platforms' families.
const (
	upHelp   = "Whether the platform is reached (1) or not (0): the service runs either way, its messages waiting in the outbox."
	heldHelp = "Chats the bot may not post in (removed, no right to send), by platform: their messages wait until it may again."
)

var upDesc = prometheus.NewDesc("qisai_platform_up", upHelp, []string{"platform"}, nil)

// Platform records whether platform is reached: up, or not because of err.
func (m *Metrics) Platform(platform string, up bool, err error) {
	p := &m.platforms
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.state == nil {
		p.state = map[string]string{}
	}
	why := ""
	if !up {
		why = "not reached"
		if err != nil {
			why = err.Error()
		}
	}
	p.state[platform] = why
}

// ChatHeld counts a chat of platform that the bot may no longer post in.
func (m *Metrics) ChatHeld(platform string) {
	m.init()
	m.platforms.held.WithLabelValues(platform).Inc()
}

// degraded lists the platforms not reached, with why, by name.
func (p *platforms) degraded() [][2]string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out [][2]string
	for _, name := range slices.Sorted(maps.Keys(p.state)) {
		if why := p.state[name]; why != "" {
			out = append(out, [2]string{name, why})
		}
	}
	return out
}

// Describe and Collect make platforms the collector of qisai_platform_up,
// read from what the adapters said last, and of the chats held so far.
func (p *platforms) Describe(ch chan<- *prometheus.Desc) {
	ch <- upDesc
	p.held.Describe(ch)
}

func (p *platforms) Collect(ch chan<- prometheus.Metric) {
	p.mu.Lock()
	for name, why := range p.state {
		up := 0.0
		if why == "" {
			up = 1
		}
		ch <- prometheus.MustNewConstMetric(upDesc, prometheus.GaugeValue, up, name)
	}
	p.mu.Unlock()
	p.held.Collect(ch)
}
