package telegram

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-telegram/bot/models"
)

// getUpdates is one getUpdates call a fake Bot API received.
type getUpdates struct {
	Offset  int64    `json:"offset"`
	Limit   int      `json:"limit"`
	Timeout int      `json:"timeout"`
	Allowed []string `json:"allowed_updates"`
}

// script is a fake Bot API that answers getUpdates with its answers in
// turn; once they are used up it cancels the poller's context and answers
// with no updates.
type script struct {
	mu      sync.Mutex
	answers []string
	calls   []getUpdates
	stop    context.CancelFunc
}

func (s *script) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var c getUpdates
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil || !strings.HasSuffix(r.URL.Path, "/botT:ok/getUpdates") {
		http.Error(w, fmt.Sprintf("%s: %v", r.URL.Path, err), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, c)
	if len(s.answers) == 0 {
		s.stop()
		io.WriteString(w, `{"ok":true,"result":[]}`)
		return
	}
	a := s.answers[0]
	s.answers = s.answers[1:]
	if strings.HasPrefix(a, "HTTP ") { // not the Bot API: a proxy's error page
		http.Error(w, a, http.StatusBadGateway)
		return
	}
	io.WriteString(w, a)
}

// offsets lists the offsets the calls so far asked from.
func (s *script) offsets() []int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []int64
	for _, c := range s.calls {
		out = append(out, c.Offset)
	}
	return out
}

// batch is a getUpdates answer with updates of these ids.
func batch(ids ...int64) string {
	var us []string
	for _, id := range ids {
		us = append(us, fmt.Sprintf(`{"update_id":%d,"message":{"message_id":%d,"date":0,"chat":{"id":1,"type":"private"},"text":"/help"}}`, id, id))
	}
	return `{"ok":true,"result":[` + strings.Join(us, ",") + `]}`
}

// testPoller runs a poller against answers, handling each update with
// handle, and returns the script once run has returned and the waits the
// poller slept.
func testPoller(t *testing.T, answers []string, handle func(ctx context.Context, s *script, u *models.Update)) (*script, []time.Duration) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := &script{answers: answers, stop: cancel}
	srv := httptest.NewServer(s)
	defer srv.Close()
	var waits []time.Duration
	p := &poller{
		url:    srv.URL + "/botT:ok/getUpdates",
		client: srv.Client(),
		handle: func(ctx context.Context, u *models.Update) { handle(ctx, s, u) },
		log:    slog.New(slog.NewTextHandler(io.Discard, nil)),
		sleep:  func(_ context.Context, d time.Duration) { waits = append(waits, d) },
	}
	done := make(chan struct{})
	go func() { defer close(done); p.run(ctx) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the poller still runs 30 s after its script ended")
	}
	return s, waits
}

// TestPollerConfirmsAfterHandling: an update is confirmed (a later
// getUpdates asks from past it) only once it is handled, so a crash while
// it is handled makes Telegram deliver it again (issue 9 item 9).
func TestPollerConfirmsAfterHandling(t *testing.T) {
	var handled []int64
	s, _ := testPoller(t, []string{batch(7, 8, 9), batch(10)}, func(_ context.Context, s *script, u *models.Update) {
		// No getUpdates has asked past u while u is handled.
		if offs := s.offsets(); slices.Max(offs) > u.ID {
			t.Errorf("update %d being handled, but getUpdates already asked from %v", u.ID, offs)
		}
		handled = append(handled, u.ID)
	})
	if want := []int64{7, 8, 9, 10}; !slices.Equal(handled, want) {
		t.Errorf("handled %v, want %v in order", handled, want)
	}
	// The first asks from the start; then past the batch, past 10, and the
	// stop's confirmation past 10 too.
	if got, want := s.offsets(), []int64{0, 10, 11, 11}; !slices.Equal(got, want) {
		t.Errorf("getUpdates offsets %v, want %v", got, want)
	}
	last := s.calls[len(s.calls)-1]
	if last.Limit != 1 || last.Timeout != 0 {
		t.Errorf("confirmation on stop: limit %d timeout %d, want 1 and 0 (fetch nothing to lose)", last.Limit, last.Timeout)
	}
	if !slices.Equal(s.calls[0].Allowed, allowedUpdates) {
		t.Errorf("allowed_updates %v, want %v", s.calls[0].Allowed, allowedUpdates)
	}
}

// TestPollerStopsMidBatch: when the service stops during a batch, the
// update in hand finishes and the rest stay unconfirmed, for the next run.
func TestPollerStopsMidBatch(t *testing.T) {
	var handled []int64
	s, _ := testPoller(t, []string{batch(1, 2, 3)}, func(ctx context.Context, s *script, u *models.Update) {
		s.stop() // the service is told to stop while update 1 is handled
		if ctx.Err() != nil {
			t.Errorf("update %d: its context ended with the service's: %v", u.ID, ctx.Err())
		}
		handled = append(handled, u.ID)
	})
	if !slices.Equal(handled, []int64{1}) {
		t.Errorf("handled %v, want only 1", handled)
	}
	if got, want := s.offsets(), []int64{0, 2}; !slices.Equal(got, want) {
		t.Errorf("getUpdates offsets %v, want %v: 1 confirmed, 2 and 3 left for the next run", got, want)
	}
}

// TestPollerBackoff: a failing or refusing Telegram is waited out, never
// a reason to stop: 429's retry_after as said, other failures doubling
// from a second up to a minute, reset by a success.
func TestPollerBackoff(t *testing.T) {
	tests := []struct {
		name    string
		answers []string
		want    []int // seconds
	}{
		{"429 retry_after", []string{`{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 30","parameters":{"retry_after":30}}`},
			[]int{30}},
		{"proxy errors double", []string{"HTTP 502", "HTTP 502", "HTTP 502"}, []int{1, 2, 4}},
		{"a conflict (another instance polls)", []string{`{"ok":false,"error_code":409,"description":"Conflict"}`}, []int{1}},
		{"up to a minute", slices.Repeat([]string{"HTTP 502"}, 8), []int{1, 2, 4, 8, 16, 32, 60, 60}},
		{"reset by a success", []string{"HTTP 502", "HTTP 502", batch(1), "HTTP 502"}, []int{1, 2, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, waits := testPoller(t, tt.answers, func(context.Context, *script, *models.Update) {})
			var want []time.Duration
			for _, s := range tt.want {
				want = append(want, time.Duration(s)*time.Second)
			}
			if !slices.Equal(waits, want) {
				t.Errorf("waited %v, want %v", waits, want)
			}
		})
	}
}

// TestPollerRedactsToken: the token in the URL never reaches the log.
func TestPollerRedactsToken(t *testing.T) {
	p := &poller{url: "http://127.0.0.1:1/bot123:secret/getUpdates", client: &http.Client{}}
	_, err := p.fetch(context.Background(), 0, 0, 0)
	if err == nil || strings.Contains(err.Error(), "secret") || !strings.Contains(err.Error(), "<token>") {
		t.Errorf("error %v; want one without the token, which shows as <token>", err)
	}
}
