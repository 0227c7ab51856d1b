package discord

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
)

// recorder is a RoundTripper that keeps the URL it was asked for.
type recorder struct{ got string }

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.got = req.URL.String()
	return &http.Response{StatusCode: http.StatusNoContent, Body: http.NoBody, Request: req}, nil
}

// TestRebase: the API URL stands for https://discord.com or for its API
// (…/api, …/api/v10), a path of its own kept before; discordgo's v9 paths
// go to v10; other hosts are left alone.
func TestRebase(t *testing.T) {
	tests := []struct{ base, in, want string }{
		{"", "https://discord.com/api/v9/channels/1/messages",
			"https://discord.com/api/v10/channels/1/messages"},
		{"http://127.0.0.1:8080", "https://discord.com/api/v9/channels/1/messages",
			"http://127.0.0.1:8080/api/v10/channels/1/messages"},
		{"http://127.0.0.1:8080/api/v10/", "https://discord.com/api/v9/channels/1/messages",
			"http://127.0.0.1:8080/api/v10/channels/1/messages"},
		{"https://discord.com/api", "https://discord.com/api/v9/gateway",
			"https://discord.com/api/v10/gateway"},
		{"https://proxy.example/discord", "https://discord.com/api/v9/gateway",
			"https://proxy.example/discord/api/v10/gateway"},
		{"https://proxy.example/discord/api/v10", "https://discord.com/api/v9/users/@me/channels?x=1",
			"https://proxy.example/discord/api/v10/users/@me/channels?x=1"},
		{"https://proxy.example/discord/api/v10", "https://discord.com/oauth2/authorize",
			"https://proxy.example/discord/oauth2/authorize"},
		{"https://proxy.example", "https://cdn.discordapp.com/avatars/1/a.png",
			"https://cdn.discordapp.com/avatars/1/a.png"},
	}
	for _, tt := range tests {
		s, err := makeSession("tok", tt.base)
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
			t.Errorf("base %q: %s went to %s, want %s", tt.base, tt.in, rec.got, tt.want)
		}
	}
	for _, bad := range []string{"no-url", "ftp://discord.com", "https://discord.com/api/v9"} {
		_, err := makeSession("tok", bad)
		if err == nil {
			t.Errorf("makeSession(%q): no error, want one", bad)
		} else if !strings.Contains(err.Error(), "discord.com") && !strings.Contains(err.Error(), "/api/v10") {
			t.Errorf("makeSession(%q): %v; want it to say what to give instead", bad, err)
		}
	}
}

// TestSessionAPIURL: the outbox's messages reach the REST server's v10
// API through the configured base URL, with or without a path, with or
// without the API's own path; a 429 on the way is waited out.
func TestSessionAPIURL(t *testing.T) {
	for _, base := range []string{"/proxy", "/proxy/", "/proxy/api", "/proxy/api/v10"} {
		f := &rest{limited: []float64{0.05}}
		srv := httptest.NewServer(http.StripPrefix("/proxy", f))
		t.Cleanup(srv.Close)
		s, err := makeSession("test-token", srv.URL+base)
		if err != nil {
			t.Fatal(err)
		}
		m := chat.Message{Chat: chat.Chat{Platform: Platform, ID: "C1"}, Text: "第 1 轮对阵"}
		if err := NewSender(s).Send(context.Background(), m); err != nil {
			t.Errorf("base %s: send through the API URL: %v", base, err)
			continue
		}
		calls := f.await(t, 2)
		if len(calls) != 2 || calls[1].path != "/channels/C1/messages" || calls[1].body["content"] != m.Text {
			t.Errorf("base %s: calls %+v, want the 429'd one and its retry to /api/v10/channels/C1/messages", base, calls)
		}
	}
}

// TestGatewayAPIURL: the gateway is the one the configured API names,
// with or without the API's path, connected at version 10, and
// interactions that come through it are answered through that API.
func TestGatewayAPIURL(t *testing.T) {
	for _, path := range []string{"", "/api/v10"} {
		g := newGateway(t)
		a, err := New(commands.New(newStore(t)), "test-token", WithServerURL(g.srv.URL+path))
		if err != nil {
			t.Fatal(err)
		}
		running(t, g, a) // identifies at the configured API's gateway
		g.dispatch <- (&maker{t: t}).slash(wang, "help", "")
		if c := g.rest.await(t, 1)[0]; !strings.HasPrefix(c.path, "/interactions/") || !strings.HasSuffix(c.path, "/callback") {
			t.Errorf("base %q: call to %s, want the interaction's callback", path, c.path)
		}
	}
}
