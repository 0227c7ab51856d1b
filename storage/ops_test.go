package storage

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
)

// TestOldestPending: the age /metrics shows is that of each platform's
// oldest message neither sent nor given up.
func TestOldestPending(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if got, err := s.OldestPending(ctx); err != nil || len(got) != 0 {
			t.Fatalf("empty outbox: %v, %v; want none", got, err)
		}
		msg := func(platform, key string) chat.Message {
			return chat.Message{Chat: chat.Chat{Platform: platform, ID: "1"}, Text: key, DedupKey: key}
		}
		if err := s.Enqueue(ctx, msg("telegram", "a")); err != nil {
			t.Fatal(err)
		}
		before := s.now()
		if err := s.Enqueue(ctx, msg("telegram", "b"), msg("discord", "c")); err != nil {
			t.Fatal(err)
		}
		got, err := s.OldestPending(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got["telegram"].After(before) || got["discord"].Before(before) {
			t.Errorf("oldest %v; want telegram's first message (before %v) and discord's", got, before)
		}
	}, WithClock(steppingClock()))
}

// steppingClock is a clock a second further on at every reading.
func steppingClock() func() time.Time {
	var mu sync.Mutex
	t := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t = t.Add(time.Second)
		return t
	}
}
