package telegram

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/bot/pace"
	"github.com/qisai/qisai/storage"
)

// TestSenderTooManyRequests: a 429 reaches pace and the outbox as a
// RetryAfter of the wait Telegram asked for (pace waits a short one out,
// the outbox holds the message back for a long one).
func TestSenderTooManyRequests(t *testing.T) {
	for _, tt := range []struct {
		after int
		wait  time.Duration
	}{{1, time.Second}, {600, 10 * time.Minute}} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			if strings.HasSuffix(r.URL.Path, "/sendMessage") {
				fmt.Fprintf(w, `{"ok":false,"error_code":429,"description":"Too Many Requests: retry after %d","parameters":{"retry_after":%d}}`, tt.after, tt.after)
				return
			}
			fmt.Fprint(w, `{"ok":true,"result":true}`)
		}))
		s, err := NewSender(Config{Token: "123:abc", APIURL: srv.URL})
		if err != nil {
			t.Fatal(err)
		}
		err = s.Send(context.Background(), storage.Message{Chat: storage.Chat{Platform: Platform, ID: "-100"}, Text: "hi"})
		srv.Close()
		var ra pace.RetryAfter
		switch {
		case err == nil:
			t.Errorf("retry_after %d: no error", tt.after)
		case tt.wait > 0 && (!errors.As(err, &ra) || ra.Wait != tt.wait):
			t.Errorf("retry_after %d: %v, want a pace.RetryAfter of %v", tt.after, err, tt.wait)
		}
	}
}

// TestSenderForbiddenDM: a 403 to a user's private chat is undeliverable
// (no retries); a 403 to a group is an ordinary failure.
func TestSenderForbiddenDM(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/sendMessage") {
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `{"ok":false,"error_code":403,"description":"Forbidden: bot can't initiate conversation with a user"}`)
			return
		}
		fmt.Fprint(w, `{"ok":true,"result":true}`)
	}))
	defer srv.Close()
	s, err := NewSender(Config{Token: "123:abc", APIURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), storage.Message{Chat: storage.Chat{Platform: Platform, ID: "dm:7"}, Text: "hi"})
	if !errors.Is(err, storage.ErrUndeliverable) {
		t.Errorf("403 to dm:7: %v, want ErrUndeliverable", err)
	}
	err = s.Send(context.Background(), storage.Message{Chat: storage.Chat{Platform: Platform, ID: "-100"}, Text: "hi"})
	if err == nil || errors.Is(err, storage.ErrUndeliverable) {
		t.Errorf("403 to a group: %v, want an ordinary error", err)
	}
}
