package ops

import (
	"bytes"
	"maps"
	"slices"
	"sort"
	"sync"
)

// counterVec is a counter family with one label: a count for each of its
// values. It is safe for concurrent use.
type counterVec struct {
	name, help, label string

	mu     sync.Mutex
	counts map[string]uint64
}

// add adds n to the count of value; with n 0 it makes the sample show.
func (c *counterVec) add(value string, n uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.counts == nil {
		c.counts = map[string]uint64{}
	}
	c.counts[value] += n
}

// write writes the family, its samples ordered by value; nothing while
// it has none.
func (c *counterVec) write(b *bytes.Buffer) {
	c.mu.Lock()
	values := make(map[string]float64, len(c.counts))
	for v, n := range c.counts {
		values[v] = float64(n)
	}
	c.mu.Unlock()
	writeByLabel(b, c.name, "counter", c.help, c.label, values)
}

// histogramVec is a histogram family with one label: a histogram over
// bounds for each of its values. It is safe for concurrent use.
type histogramVec struct {
	name, help, label string
	bounds            []float64 // upper bounds, increasing; +Inf is implied

	mu     sync.Mutex
	series map[string]*histogram
}

// histogram is one series of a histogramVec.
type histogram struct {
	in    []uint64 // in[i]: observations above bounds[i-1] up to bounds[i]
	count uint64   // all observations, those beyond the last bound too
	sum   float64
}

// observe records v in value's histogram. A v on a bound counts in that
// bound's bucket (le is "less than or equal").
func (h *histogramVec) observe(value string, v float64) {
	i := sort.SearchFloat64s(h.bounds, v)
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.series[value]
	if s == nil {
		if h.series == nil {
			h.series = map[string]*histogram{}
		}
		s = &histogram{in: make([]uint64, len(h.bounds))}
		h.series[value] = s
	}
	if i < len(s.in) {
		s.in[i]++
	}
	s.count++
	s.sum += v
}

// write writes the family: for each value, in order, its cumulative
// buckets ending in +Inf, its sum and its count; nothing while it has no
// series.
func (h *histogramVec) write(b *bytes.Buffer) {
	h.mu.Lock()
	series := make(map[string]histogram, len(h.series))
	for v, s := range h.series {
		series[v] = histogram{in: slices.Clone(s.in), count: s.count, sum: s.sum}
	}
	h.mu.Unlock()
	if len(series) == 0 {
		return
	}
	header(b, h.name, "histogram", h.help)
	for _, v := range slices.Sorted(maps.Keys(series)) {
		s := series[v]
		var below uint64
		for i, bound := range h.bounds {
			below += s.in[i]
			sample(b, h.name+"_bucket", float64(below), h.label, v, "le", formatValue(bound))
		}
		sample(b, h.name+"_bucket", float64(s.count), h.label, v, "le", "+Inf")
		sample(b, h.name+"_sum", s.sum, h.label, v)
		sample(b, h.name+"_count", float64(s.count), h.label, v)
	}
}
