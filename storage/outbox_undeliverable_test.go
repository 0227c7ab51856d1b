package storage

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
)

// refusing refuses one chat's messages for good and sends the rest.
type refusing struct {
	mu   sync.Mutex
	bad  chat.Chat
	sent []string
}

func (r *refusing) Send(ctx context.Context, m chat.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if m.Chat == r.bad {
		return fmt.Errorf("403 Forbidden: %w", chat.ErrUndeliverable)
	}
	r.sent = append(r.sent, m.Text)
	return nil
}

// TestUndeliverable: a message the sender refuses for good is given up at
// once — no retry, its chat not held up — and the hook hears of it once.
func TestUndeliverable(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		dm, group := chat.Private("telegram", "7"), chat.Chat{Platform: "telegram", ID: "-100"}
		if err := s.Enqueue(ctx,
			chat.Message{Chat: dm, Text: "note 1", DedupKey: "u1"},
			chat.Message{Chat: dm, Text: "note 2", DedupKey: "u2"},
			chat.Message{Chat: group, Text: "table", DedupKey: "u3"}); err != nil {
			t.Fatal(err)
		}
		send := &refusing{bad: dm}
		var heard []string
		var mu sync.Mutex
		dctx, stop := context.WithTimeout(ctx, 2*time.Second)
		defer stop()
		go s.Deliver(dctx, "w", send, DeliverOptions{Poll: 5 * time.Millisecond, Undeliverable: func(_ context.Context, d Delivery, _ error) {
			mu.Lock()
			defer mu.Unlock()
			heard = append(heard, d.Message.Text)
		}})
		for {
			pending, err := s.Pending(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if pending["telegram"] == 0 || dctx.Err() != nil {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		stop()
		mu.Lock()
		defer mu.Unlock()
		if fmt.Sprint(heard) != "[note 1 note 2]" || fmt.Sprint(send.sent) != "[table]" {
			t.Errorf("heard %v, sent %v; want both notes given up at once and the table sent", heard, send.sent)
		}
		var attempts []int
		s.db.Raw("SELECT attempts FROM outbox WHERE platform = 'telegram' AND chat_id = 'dm:7' ORDER BY id").Scan(&attempts)
		if fmt.Sprint(attempts) != "[1 1]" {
			t.Errorf("attempts %v, want one each (no retries)", attempts)
		}
	})
}

// TestRetryAfterHoldsBack: a platform's long retry-after keeps the message
// from being claimed again until it has passed, longer than the backoff.
func TestRetryAfterHoldsBack(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if err := s.Enqueue(ctx, chat.Message{Chat: chat.Chat{Platform: "discord", ID: "9"}, Text: "hi", DedupKey: "r1"}); err != nil {
			t.Fatal(err)
		}
		ds, err := s.Claim(ctx, "w", 1, time.Minute)
		if err != nil || len(ds) != 1 {
			t.Fatalf("claim: %v, %v", ds, err)
		}
		cause := fmt.Errorf("429: %w", chat.RetryAfter{Wait: 5 * time.Minute})
		if err := s.failAfter(ctx, ds[0].ID, cause, 20); err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct {
			after time.Duration
			want  int
		}{{time.Minute, 0}, {5*time.Minute - time.Second, 0}, {5 * time.Minute, 1}} {
			at := now.Add(tt.after)
			s.now = func() time.Time { return at }
			ds, err := s.Claim(ctx, "w2", 1, time.Minute)
			if err != nil || len(ds) != tt.want {
				t.Errorf("%v after the 429: claimed %d (%v), want %d", tt.after, len(ds), err, tt.want)
			}
		}
	}, WithClock(func() time.Time { return now }))
}
