package ops

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/storage"
)

// serve opens a store and serves Handler over it on 127.0.0.1.
func serve(t *testing.T, m *Metrics) (*storage.Store, *httptest.Server) {
	t.Helper()
	store, err := storage.Open(context.Background(), filepath.Join(t.TempDir(), "qisai.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	srv := httptest.NewServer(Handler(store, m))
	t.Cleanup(srv.Close)
	return store, srv
}

// get returns the status and body of path.
func get(t *testing.T, srv *httptest.Server, path string) (int, string, http.Header) {
	t.Helper()
	res, err := srv.Client().Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(body), res.Header
}

func TestHealthz(t *testing.T) {
	store, srv := serve(t, nil)
	if code, body, _ := get(t, srv, "/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("healthz with the database up: %d %q, want 200 \"ok\\n\"", code, body)
	}
	store.Close()
	if code, _, _ := get(t, srv, "/healthz"); code != http.StatusServiceUnavailable {
		t.Errorf("healthz with the database closed: %d, want 503", code)
	}
	if code, _, _ := get(t, srv, "/metrics"); code != http.StatusInternalServerError {
		t.Errorf("metrics with the database closed: %d, want 500 (a failed scrape)", code)
	}
}

// TestMetrics: /metrics, in the Prometheus text format, has each
// service's own counts: commands, send latency and errors, the delivery
// wait, the outbox's depth and the age of its oldest message.
func TestMetrics(t *testing.T) {
	m := &Metrics{}
	store, srv := serve(t, m)
	m.CommandDone(false)
	m.CommandDone(false)
	m.CommandDone(true)
	m.Sent("telegram", 40*time.Millisecond)
	m.Sent("telegram", 100*time.Millisecond) // on a bound: counted in it
	m.Sent("telegram", time.Minute)          // beyond the last bound
	m.Sent("discord", 3*time.Second)
	m.SendFailed("telegram")
	m.Waited("telegram", 0)
	m.Waited("telegram", 45*time.Second) // a group over its 20 a minute
	err := store.Enqueue(context.Background(),
		chat.Message{Chat: chat.Chat{Platform: "telegram", ID: "-1"}, Text: "a", DedupKey: "a"},
		chat.Message{Chat: chat.Chat{Platform: "telegram", ID: "-2"}, Text: "b", DedupKey: "b"},
		chat.Message{Chat: chat.Chat{Platform: "discord", ID: "9"}, Text: "c", DedupKey: "c"})
	if err != nil {
		t.Fatal(err)
	}
	code, body, h := get(t, srv, "/metrics")
	if code != http.StatusOK {
		t.Fatalf("metrics: %d %s", code, body)
	}
	if ct := h.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("Content-Type %q, want the Prometheus text format", ct)
	}
	for _, line := range []string{
		"# TYPE qisai_commands_total counter",
		`qisai_commands_total{result="ok"} 2`,
		`qisai_commands_total{result="error"} 1`,
		"# TYPE qisai_outbox_pending gauge",
		`qisai_outbox_pending{platform="discord"} 1`,
		`qisai_outbox_pending{platform="telegram"} 2`,
		"# TYPE qisai_outbox_oldest_seconds gauge",
		"# TYPE qisai_send_seconds histogram",
		`qisai_send_seconds_bucket{platform="telegram",le="0.025"} 0`,
		`qisai_send_seconds_bucket{platform="telegram",le="0.05"} 1`,
		`qisai_send_seconds_bucket{platform="telegram",le="0.1"} 2`,
		`qisai_send_seconds_bucket{platform="telegram",le="30"} 2`,
		`qisai_send_seconds_bucket{platform="telegram",le="+Inf"} 3`,
		`qisai_send_seconds_sum{platform="telegram"} 60.14`,
		`qisai_send_seconds_count{platform="telegram"} 3`,
		`qisai_send_seconds_bucket{platform="discord",le="2.5"} 0`,
		`qisai_send_seconds_bucket{platform="discord",le="5"} 1`,
		`qisai_send_errors_total{platform="telegram"} 1`,
		"# TYPE qisai_delivery_wait_seconds histogram",
		`qisai_delivery_wait_seconds_bucket{platform="telegram",le="0.1"} 1`,
		`qisai_delivery_wait_seconds_bucket{platform="telegram",le="30"} 1`,
		`qisai_delivery_wait_seconds_bucket{platform="telegram",le="60"} 2`,
		`qisai_delivery_wait_seconds_sum{platform="telegram"} 45`,
	} {
		if !strings.Contains("\n"+body, "\n"+line+"\n") {
			t.Errorf("metrics lack the line %s; got\n%s", line, body)
		}
	}
	for _, p := range []string{"telegram", "discord"} {
		if !strings.Contains(body, `qisai_outbox_oldest_seconds{platform="`+p+`"} `) {
			t.Errorf("no age of %s's oldest waiting message:\n%s", p, body)
		}
	}
	if !strings.Contains(body, "go_goroutines ") {
		t.Errorf("the Go runtime's metrics are missing:\n%s", body)
	}
}

// TestDegraded: a platform not reached is named on /healthz, which still
// answers 200 (the service runs on without it), and /metrics has it as
// qisai_platform_up 0, with the chats held for want of rights.
func TestDegraded(t *testing.T) {
	m := &Metrics{}
	store, srv := serve(t, m)
	m.Platform("telegram", false, errors.New("dial tcp: connection refused"))
	m.Platform("discord", true, nil)
	code, body, _ := get(t, srv, "/healthz")
	if code != http.StatusOK || body != "ok\ndegraded: telegram: dial tcp: connection refused\n" {
		t.Errorf("healthz with Telegram not reached: %d %q; want 200 and Telegram named", code, body)
	}
	if _, _, err := store.Block(context.Background(), chat.Chat{Platform: "telegram", ID: "-100"}, "403 kicked"); err != nil {
		t.Fatal(err)
	}
	m.ChatHeld("telegram")
	_, metrics, _ := get(t, srv, "/metrics")
	for _, want := range []string{`qisai_platform_up{platform="discord"} 1`, `qisai_platform_up{platform="telegram"} 0`,
		`qisai_chats_held{platform="telegram"} 1`, `qisai_chats_held_total{platform="telegram"} 1`} {
		if !strings.Contains(metrics, want+"\n") {
			t.Errorf("/metrics lacks %s:\n%s", want, metrics)
		}
	}
	m.Platform("telegram", true, nil)
	if _, body, _ := get(t, srv, "/healthz"); body != "ok\n" {
		t.Errorf("healthz once Telegram is back: %q; want ok", body)
	}
}
