package ops

import (
	"sync"
	"testing"
	"time"
)

// scrape is m's /metrics, read by the test's checker.
func scrape(t *testing.T, m *Metrics) textFamilies {
	t.Helper()
	_, srv := serve(t, m)
	_, body, _ := get(t, srv, "/metrics")
	families, err := parseText(body)
	if err != nil {
		t.Fatalf("/metrics is not the text format: %v\n%s", err, body)
	}
	return families
}

// TestMetricsApart: two Metrics in one process (two services, tests side
// by side) count each its own.
func TestMetricsApart(t *testing.T) {
	a, b := &Metrics{}, &Metrics{}
	a.CommandDone(true)
	a.Sent("telegram", time.Second)
	a.SendFailed("telegram")
	a.Waited("telegram", time.Second)
	b.CommandDone(false)
	b.CommandDone(false)

	for _, c := range []struct {
		m          *Metrics
		name       string
		ok, failed float64
		platform   bool
	}{{a, "a", 0, 1, true}, {b, "b", 2, 0, false}} {
		families := scrape(t, c.m)
		if v, _ := families.value("qisai_commands_total", "result", "ok"); v != c.ok {
			t.Errorf("%s: %v commands ok, want %v", c.name, v, c.ok)
		}
		if v, _ := families.value("qisai_commands_total", "result", "error"); v != c.failed {
			t.Errorf("%s: %v commands failed, want %v", c.name, v, c.failed)
		}
		for _, name := range []string{"qisai_send_seconds_count", "qisai_send_errors_total", "qisai_delivery_wait_seconds_count"} {
			if _, found := families.value(name, "platform", "telegram"); found != c.platform {
				t.Errorf("%s: %s for telegram found %v, want %v", c.name, name, found, c.platform)
			}
		}
	}
}

// TestMetricsConcurrent: the methods and a scrape may run at once (the
// race detector watches), and no count is lost.
func TestMetricsConcurrent(t *testing.T) {
	m := &Metrics{} // its first use is concurrent too
	const n = 200
	var wg sync.WaitGroup
	for _, platform := range []string{"telegram", "discord"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range n {
				m.CommandDone(i%2 == 0)
				m.Sent(platform, time.Duration(i)*time.Millisecond)
				m.SendFailed(platform)
				m.Waited(platform, time.Duration(i)*time.Second)
			}
		}()
	}
	_, srv := serve(t, m)
	wg.Add(1)
	go func() {
		defer wg.Done()
		res, err := srv.Client().Get(srv.URL + "/metrics")
		if err != nil {
			t.Error(err)
			return
		}
		res.Body.Close()
	}()
	wg.Wait()
	families := scrape(t, m)
	for sample, want := range map[[3]string]float64{
		{"qisai_commands_total", "result", "ok"}:                      n,
		{"qisai_commands_total", "result", "error"}:                   n,
		{"qisai_send_seconds_count", "platform", "discord"}:           n,
		{"qisai_send_errors_total", "platform", "telegram"}:           n,
		{"qisai_delivery_wait_seconds_count", "platform", "telegram"}: n,
	} {
		if v, _ := families.value(sample[0], sample[1], sample[2]); v != want {
			t.Errorf("%s{%s=%q} %v, want %v", sample[0], sample[1], sample[2], v, want)
		}
	}
}
