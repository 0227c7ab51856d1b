package main

import (
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/qisai/qisai/bot/pace"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/ops"
	"github.com/qisai/qisai/storage"
)

// platform is a platform that takes every message but those to chat
// "refuses".
type platform struct{}

func (platform) Send(_ context.Context, m chat.Message) error {
	if m.Chat.ID == "refuses" {
		return errors.New("403 Forbidden")
	}
	return nil
}

// TestMeasured: the delivery wait is the time a message spends held by
// the limits, the platform's own time not counted; a failed send counts as
// an error and no wait.
func TestMeasured(t *testing.T) {
	m := &ops.Metrics{}
	const per = 100 * time.Millisecond
	_, send := measured("telegram", platform{}, pace.Limits{Chat: []pace.Rate{{N: 1, Per: per}}}, m)
	ctx := context.Background()
	for _, c := range []string{"1", "1", "refuses"} {
		send.Send(ctx, chat.Message{Chat: chat.Chat{Platform: "telegram", ID: c}, Text: "x"})
	}
	store, err := storage.Open(ctx, filepath.Join(t.TempDir(), "qisai.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	srv := httptest.NewServer(ops.Handler(store, m))
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	body := string(b)
	value := func(sample string) float64 {
		t.Helper()
		v := regexp.MustCompile(regexp.QuoteMeta(sample) + ` (\S+)\n`).FindStringSubmatch(body)
		if v == nil {
			t.Fatalf("no sample %s in\n%s", sample, body)
		}
		f, _ := strconv.ParseFloat(v[1], 64)
		return f
	}
	if n := value(`qisai_delivery_wait_seconds_count{platform="telegram"}`); n != 2 {
		t.Errorf("%v waits recorded, want 2: the sent messages", n)
	}
	// The second message to chat 1 waited for the first's window: a lower
	// bound, which no load can undercut.
	if s := value(`qisai_delivery_wait_seconds_sum{platform="telegram"}`); s < (per / 2).Seconds() {
		t.Errorf("waits sum to %vs, want at least %v (the chat's limit held the second message)", s, per/2)
	}
	if n := value(`qisai_send_seconds_count{platform="telegram"}`); n != 2 {
		t.Errorf("%v sends timed, want 2", n)
	}
	if n := value(`qisai_send_errors_total{platform="telegram"}`); n != 1 {
		t.Errorf("%v send errors, want 1", n)
	}
}
