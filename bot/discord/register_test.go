package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/commands"
)

// registering runs an adapter of application 77 on a fresh database
// against the REST fake f through the HTTP endpoint (no gateway), with
// opts, waits of a millisecond between tries, and its log in log; stop
// ends it.
func registering(t *testing.T, f *rest, log *bytes.Buffer, opts ...Option) (stop func()) {
	t.Helper()
	pub, _, _ := ed25519.GenerateKey(nil)
	srv := newServer(t, f)
	opts = append([]Option{WithAppID("77"), WithPublicKey(pub), WithServerURL(srv.URL), WithLogger(slog.New(slog.NewTextHandler(log, nil)))}, opts...)
	a, err := New(commands.New(newStore(t)), "test-token", opts...)
	if err != nil {
		t.Fatal(err)
	}
	a.sleep = func(context.Context, time.Duration) { time.Sleep(time.Millisecond) }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	return func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}
}

// puts are the paths of f's PUT calls (registrations) so far.
func (f *rest) puts() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, c := range f.calls {
		if c.method == http.MethodPut {
			out = append(out, c.path)
		}
	}
	return out
}

// awaitPuts waits up to 5 s for n registrations.
func (f *rest) awaitPuts(t *testing.T, n int) []string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for len(f.puts()) < n && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	return f.puts()
}

// TestRegisterRetried: Discord failing the registration (503, and a 502
// discordgo tries again itself) is tried again after a backoff, each
// failure logged, until it succeeds; then it stops.
func TestRegisterRetried(t *testing.T) {
	const path = "/applications/77/commands"
	f := &rest{faults: []*fault{{path: path, n: 3, status: http.StatusServiceUnavailable}}}
	var log bytes.Buffer
	stop := registering(t, f, &log)
	f.awaitPuts(t, 4)
	time.Sleep(50 * time.Millisecond) // no fifth
	stop()
	puts := f.puts()
	if len(puts) != 4 {
		t.Fatalf("registered %d times (%q), want 4: three 503s and the success", len(puts), puts)
	}
	for _, p := range puts {
		if p != path {
			t.Errorf("registered at %s, want the global %s", p, path)
		}
	}
	out := log.String()
	if n := strings.Count(out, "registering the slash commands failed; trying again"); n != 3 {
		t.Errorf("%d failures logged, want 3:\n%s", n, out)
	}
	if !strings.Contains(out, "slash commands registered") || !strings.Contains(out, "tries=4") {
		t.Errorf("the success is not logged with its tries:\n%s", out)
	}
}

// TestRegisterRefused: a registration Discord refuses (401: a bad token)
// is logged saying what to check, and not tried again.
func TestRegisterRefused(t *testing.T) {
	f := &rest{faults: []*fault{{n: 100, status: http.StatusUnauthorized, code: 0}}}
	var log bytes.Buffer
	stop := registering(t, f, &log)
	f.awaitPuts(t, 1)
	time.Sleep(50 * time.Millisecond)
	stop()
	if puts := f.puts(); len(puts) != 1 {
		t.Errorf("registered %d times after a 401, want once", len(puts))
	}
	if !strings.Contains(log.String(), "QISAI_DISCORD_TOKEN") {
		t.Errorf("the log does not say to check the token:\n%s", log.String())
	}
}

// TestRegisterPerGuild: with WithGuilds the commands go to each server's
// own endpoint, which Discord updates at once, and not globally; a
// server's 500 is tried again.
func TestRegisterPerGuild(t *testing.T) {
	f := &rest{faults: []*fault{{path: "/applications/77/guilds/G1/commands", n: 1, status: http.StatusInternalServerError}}}
	var log bytes.Buffer
	stop := registering(t, f, &log, WithGuilds("G1", "G2"))
	f.awaitPuts(t, 3)
	time.Sleep(50 * time.Millisecond)
	stop()
	want := []string{"/applications/77/guilds/G1/commands", "/applications/77/guilds/G1/commands", "/applications/77/guilds/G2/commands"}
	if got := f.puts(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("registered at %q, want %q", got, want)
	}
}

// TestRegisterInBackground: a registration Discord keeps failing does not
// hold up the gateway: the bot connects and answers meanwhile.
func TestRegisterInBackground(t *testing.T) {
	g := newGateway(t)
	g.rest.faults = []*fault{{path: "/applications/77/commands", n: 1 << 30, status: http.StatusServiceUnavailable}}
	a, err := New(commands.New(newStore(t)), "test-token", WithAppID("77"), WithServerURL(g.srv.URL),
		WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	a.sleep = func(context.Context, time.Duration) { time.Sleep(10 * time.Millisecond) }
	running(t, g, a) // while the registration fails
	g.dispatch <- (&maker{t: t}).slash(wang, "help", "")
	g.rest.awaitCall(t, "answer to the interaction while the registration fails", func(c call) bool {
		return c.method == http.MethodPost && strings.HasSuffix(c.path, "/callback")
	})
}
