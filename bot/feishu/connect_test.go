package feishu

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/storage"
)

// TestReconnect: the long connection dropped, the SDK opens it again, the
// status says so, and the events come over the new one.
func TestReconnect(t *testing.T) {
	p := newOpenPlatform(t)
	p.names[wang.id] = wang.name
	var mu sync.Mutex
	var told []bool
	r := startBot(t, p, WithStatus(func(up bool, _ error) { mu.Lock(); told = append(told, up); mu.Unlock() }))
	r.say(wang, "", "/help")
	p.await(wang.id, 0, "/event")
	p.drop()
	r.say(wang, "", "/start") // pushed once the bot is connected again
	p.await(wang.id, 0, "以后你的私人消息会发到这里")
	p.mu.Lock()
	conns := p.conns
	p.mu.Unlock()
	if conns < 2 {
		t.Errorf("%d long connections; want the bot to have opened a second", conns)
	}
	waitUntil(t, "the status up again", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(told) >= 3 && told[len(told)-1] && !told[len(told)-2]
	})
}

// TestDownAtStart: Feishu failing when the service starts is waited out
// with a growing backoff, the status saying it is down, and the bot runs
// once it answers; credentials Feishu refuses stop Run with an error that
// names the settings.
func TestDownAtStart(t *testing.T) {
	p := newOpenPlatform(t)
	var mu sync.Mutex
	failures := 3
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		fail := failures > 0 && strings.HasSuffix(r.URL.Path, "tenant_access_token/internal")
		if fail {
			failures--
		}
		mu.Unlock()
		if fail {
			http.Error(w, "upstream unavailable", http.StatusServiceUnavailable)
			return
		}
		p.serve(w, r)
	}))
	defer front.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store, err := storage.Open(ctx, t.TempDir()+"/qisai.db")
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	var waits []time.Duration
	var told []bool
	a, err := New(commands.New(store), testAppID, testSecret, WithServerURL(front.URL), WithLogger(log),
		WithStatus(func(up bool, _ error) { told = append(told, up) }))
	if err != nil {
		t.Fatal(err)
	}
	a.sleep = func(_ context.Context, d time.Duration) { waits = append(waits, d) }
	if err := a.authenticate(ctx); err != nil {
		t.Fatal(err)
	}
	if want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second}; !slices.Equal(waits, want) {
		t.Errorf("backoffs %v; want %v", waits, want)
	}
	if len(told) != 2 || told[0] || !told[1] {
		t.Errorf("status %v; want down, then up", told)
	}

	bad, err := New(commands.New(store), testAppID, "wrong-secret", WithServerURL(p.srv.URL), WithLogger(log))
	if err != nil {
		t.Fatal(err)
	}
	if err := bad.Run(ctx); err == nil || !strings.Contains(err.Error(), "QISAI_FEISHU_APP_SECRET") {
		t.Errorf("Run with a wrong secret: %v; want an error naming QISAI_FEISHU_APP_SECRET", err)
	}
}
