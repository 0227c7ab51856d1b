package discord

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
)

// recorder is a RoundTripper that keeps the URL it was asked for.
type recorder struct{ got string }

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.got = req.URL.String()
	return &http.Response{StatusCode: http.StatusNoContent, Body: http.NoBody, Request: req}, nil
}

// TestRebase: the API URL stands for https://discord.com, its own path
// kept before discordgo's; other hosts are left alone (issue 9 item 11).
func TestRebase(t *testing.T) {
	tests := []struct{ base, in, want string }{
		{"http://127.0.0.1:8080", "https://discord.com/api/v9/channels/1/messages",
			"http://127.0.0.1:8080/api/v9/channels/1/messages"},
		{"https://proxy.example/discord", "https://discord.com/api/v9/gateway",
			"https://proxy.example/discord/api/v9/gateway"},
		{"https://proxy.example/discord", "https://discord.com/api/v9/users/@me/channels?x=1",
			"https://proxy.example/discord/api/v9/users/@me/channels?x=1"},
		{"https://proxy.example", "https://cdn.discordapp.com/avatars/1/a.png",
			"https://cdn.discordapp.com/avatars/1/a.png"},
	}
	for _, tt := range tests {
		s, err := makeSession("tok", tt.base+"/")
		if err != nil {
			t.Fatal(err)
		}
		rec := &recorder{}
		r := s.Client.Transport.(rebase)
		r.inner = rec
		req, _ := http.NewRequest(http.MethodGet, tt.in, nil)
		if _, err := r.RoundTrip(req); err != nil {
			t.Fatal(err)
		}
		if rec.got != tt.want {
			t.Errorf("base %s: %s went to %s, want %s", tt.base, tt.in, rec.got, tt.want)
		}
	}
	if _, err := makeSession("tok", "no-url"); err == nil {
		t.Error(`makeSession("tok", "no-url"): no error, want one`)
	}
}

// TestSessionAPIURL: the outbox's messages reach the REST server through
// the configured base URL, a 429 on the way waited out.
func TestSessionAPIURL(t *testing.T) {
	f := &rest{limited: []float64{0.05}}
	srv := httptest.NewServer(http.StripPrefix("/proxy", f))
	t.Cleanup(srv.Close)
	s, err := makeSession("test-token", srv.URL+"/proxy")
	if err != nil {
		t.Fatal(err)
	}
	m := chat.Message{Chat: chat.Chat{Platform: Platform, ID: "C1"}, Text: "第 1 轮对阵"}
	if err := NewSender(s).Send(context.Background(), m); err != nil {
		t.Fatalf("send through the API URL: %v", err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.calls) != 2 || f.calls[1].path != "/channels/C1/messages" || f.calls[1].body["content"] != m.Text {
		t.Errorf("calls %+v, want the 429'd one and its retry to /channels/C1/messages", f.calls)
	}
}

// TestGatewayAPIURL: the gateway is the one the configured API names, and
// interactions that come through it are answered through that API.
func TestGatewayAPIURL(t *testing.T) {
	g := newGateway(t)
	a, err := New(commands.New(newStore(t)), "test-token", WithServerURL(g.srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	defer func() { cancel(); <-done }()
	select {
	case <-g.identify:
	case err := <-done:
		t.Fatalf("Run returned %v before identifying at the configured API's gateway", err)
	case <-time.After(5 * time.Second):
		t.Fatal("no IDENTIFY at the configured API's gateway in 5 s")
	}
	g.dispatch <- (&maker{t: t}).slash(wang, "help", "")
	if c := g.rest.await(t, 1)[0]; !strings.HasSuffix(c.path, "/callback") {
		t.Errorf("call to %s, want the interaction's callback", c.path)
	}
}
