package telegram

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/storage"
)

// botAPI is a Bot API server on 127.0.0.1 that records the calls the bot
// makes and answers each with success.
type botAPI struct {
	*httptest.Server
	mu    sync.Mutex
	calls []call
}

// call is one Bot API call: its method and its fields.
type call struct {
	method string
	form   url.Values
}

func newBotAPI(t *testing.T) *botAPI {
	api := &botAPI{}
	api.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if path.Base(r.URL.Path) == "getMe" { // no fields: no body
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, meAnswer)
			return
		}
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			t.Errorf("Bot API call %s: %v", r.URL.Path, err)
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		method := path.Base(r.URL.Path)
		api.mu.Lock()
		api.calls = append(api.calls, call{method, url.Values(r.MultipartForm.Value)})
		api.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if method == "sendMessage" {
			io.WriteString(w, `{"ok":true,"result":{"message_id":1,"date":0,"chat":{"id":`+r.FormValue("chat_id")+`,"type":"private"}}}`)
			return
		}
		io.WriteString(w, `{"ok":true,"result":true}`)
	}))
	t.Cleanup(api.Close)
	return api
}

// called lists the calls of method so far.
func (api *botAPI) called(method string) []url.Values {
	api.mu.Lock()
	defer api.mu.Unlock()
	var out []url.Values
	for _, c := range api.calls {
		if c.method == method {
			out = append(out, c.form)
		}
	}
	return out
}

// TestWebhook runs the adapter in webhook mode: Run registers the webhook
// with its secret token, and WebhookHandler handles only the updates that
// carry that token.
func TestWebhook(t *testing.T) {
	api := newBotAPI(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store, err := storage.Open(ctx, filepath.Join(t.TempDir(), "qisai.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	const token = "42:bot-token"
	a, err := New(commands.New(store), token, WithServerURL(api.URL), WithWebhook("https://bot.example.org/telegram"),
		WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()

	deadline := time.Now().Add(5 * time.Second)
	for len(api.called("setMyCommands")) < len(Menus(nil)) { // the webhook is set before the menus
		if time.Now().After(deadline) {
			t.Fatal("Run set no webhook and menus in 5 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	set := api.called("setWebhook")
	if len(set) != 1 {
		t.Fatalf("setWebhook called %d times; want 1", len(set))
	}
	want := url.Values{"url": {"https://bot.example.org/telegram"}, "secret_token": {webhookSecret(token)}, "max_connections": {"1"}}
	for k, v := range want {
		if set[0].Get(k) != v[0] {
			t.Errorf("setWebhook %s = %q; want %q", k, set[0].Get(k), v[0])
		}
	}
	for _, m := range []string{"deleteWebhook", "getUpdates"} {
		if n := len(api.called(m)); n != 0 {
			t.Errorf("%s called %d times in webhook mode; want 0", m, n)
		}
	}

	hook := httptest.NewServer(a.WebhookHandler())
	defer hook.Close()
	// The same update each time: a refused one must leave no trace.
	const update = `{"update_id":9,"message":{"message_id":5,"date":0,"text":"/help",
		"from":{"id":7,"is_bot":false,"first_name":"Ann","language_code":"en"},"chat":{"id":7,"type":"private"}}}`
	tests := []struct {
		name    string
		method  string
		secret  string // "" sends no header
		code    int
		replies int
	}{
		{"no secret", http.MethodPost, "", http.StatusForbidden, 0},
		{"wrong secret", http.MethodPost, "not-the-secret", http.StatusForbidden, 0},
		{"another bot's secret", http.MethodPost, webhookSecret("43:other-token"), http.StatusForbidden, 0},
		{"not a post", http.MethodGet, webhookSecret(token), http.StatusMethodNotAllowed, 0},
		{"right secret", http.MethodPost, webhookSecret(token), http.StatusOK, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(api.called("sendMessage"))
			r, err := http.NewRequest(tt.method, hook.URL+WebhookPath, strings.NewReader(update))
			if err != nil {
				t.Fatal(err)
			}
			r.Header.Set("Content-Type", "application/json")
			if tt.secret != "" {
				r.Header.Set("X-Telegram-Bot-Api-Secret-Token", tt.secret)
			}
			resp, err := http.DefaultClient.Do(r)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.code {
				t.Errorf("status %d; want %d", resp.StatusCode, tt.code)
			}
			// The update is handled before the answer: its reply is queued
			// in the outbox, which sends it (the one way out).
			if err := a.svc.DeliverDue(ctx, "webhook-test", a.Sender()); err != nil {
				t.Fatal(err)
			}
			sent := api.called("sendMessage")[before:]
			if len(sent) != tt.replies {
				t.Fatalf("%d replies sent; want %d", len(sent), tt.replies)
			}
			for _, m := range sent {
				if m.Get("chat_id") != "7" || !strings.Contains(m.Get("text"), "/help COMMAND") {
					t.Errorf("reply to chat %s: %q; want the English /help to chat 7", m.Get("chat_id"), m.Get("text"))
				}
			}
		})
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run = %v; want nil when ctx ends", err)
		}
	case <-time.After(5 * time.Second):
		t.Error("Run did not return in 5 s after ctx ended")
	}
}

func TestWebhookSecret(t *testing.T) {
	s := webhookSecret("123:abc")
	if len(s) != 32 || strings.Trim(s, "0123456789abcdef") != "" {
		t.Errorf("webhookSecret = %q; want 32 hex digits (Telegram takes A-Z, a-z, 0-9, _ and -)", s)
	}
	if s == webhookSecret("123:abd") {
		t.Errorf("webhookSecret = %q for two tokens; want one per token", s)
	}
}
