package storage

import (
	"context"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
)

// platformMsg is a message to chat on platform with text.
func platformMsg(platform, c, text string) chat.Message {
	return chat.Message{Chat: chat.Chat{Platform: platform, ID: c}, Text: text, DedupKey: platform + "/" + c + "/" + text}
}

func TestOutboxClaimPlatform(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		// Chat "1" exists on both platforms: they are different chats.
		err := s.Enqueue(ctx,
			platformMsg("telegram", "1", "t1"), platformMsg("discord", "1", "d1"),
			platformMsg("telegram", "1", "t2"), platformMsg("discord", "2", "d2"))
		if err != nil {
			t.Fatal(err)
		}
		claimed := func(worker, platform string) []string {
			t.Helper()
			ds, err := s.ClaimPlatform(ctx, worker, platform, 10, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range ds {
				got = append(got, d.Message.Chat.Platform+"/"+d.Message.Text)
			}
			return got
		}
		// Each chat's head only: t2 waits behind t1.
		if got, want := claimed("tg", "telegram"), []string{"telegram/t1"}; !reflect.DeepEqual(got, want) {
			t.Errorf("telegram claim got %v, want %v", got, want)
		}
		if got, want := claimed("dc", "discord"), []string{"discord/d1", "discord/d2"}; !reflect.DeepEqual(got, want) {
			t.Errorf("discord claim got %v, want %v", got, want)
		}
		if got := claimed("any", ""); len(got) != 0 {
			t.Errorf("claim of every platform got %v, want nothing (all heads are claimed)", got)
		}
	})
}

func TestOutboxDeliverPlatform(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		var msgs []chat.Message
		for _, text := range []string{"a", "b", "c"} {
			msgs = append(msgs, platformMsg("telegram", "g", text), platformMsg("discord", "g", text))
		}
		if err := s.Enqueue(ctx, msgs...); err != nil {
			t.Fatal(err)
		}
		tg := &platformRecorder{recorder: newRecorder()}
		o := fast
		o.Platform = "telegram"
		stop := run(t, s, "tg", tg, o)
		waitFor(t, "telegram's messages sent", func() bool { return tg.count() >= 3 })
		// Once the telegram worker has nothing left, nothing more comes.
		time.Sleep(20 * time.Millisecond)
		if err := stop(); err != nil {
			t.Errorf("Deliver stopped with %v, want nil", err)
		}
		if got, want := tg.texts("g"), []string{"a", "b", "c"}; !reflect.DeepEqual(got, want) {
			t.Errorf("telegram worker sent %v, want %v", got, want)
		}
		if tg.foreign != nil {
			t.Errorf("telegram worker sent messages of other platforms: %v", tg.foreign)
		}
		n, err := s.Pending(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[string]int64{"discord": 3}; !reflect.DeepEqual(n, want) {
			t.Errorf("pending after the telegram worker: %v, want %v", n, want)
		}
	})
}

// platformRecorder is a recorder that also notes messages not of telegram.
type platformRecorder struct {
	*recorder
	foreign []string
}

func (r *platformRecorder) Send(ctx context.Context, m chat.Message) error {
	if m.Chat.Platform != "telegram" {
		r.mu.Lock()
		r.foreign = append(r.foreign, m.Chat.Platform+"/"+m.Text)
		r.mu.Unlock()
	}
	return r.recorder.Send(ctx, m)
}

func TestStorePingAndPending(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if err := s.Ping(ctx); err != nil {
			t.Fatalf("ping an open store: %v", err)
		}
		if n, err := s.Pending(ctx); err != nil || len(n) != 0 {
			t.Fatalf("pending in an empty outbox: %v, %v; want none", n, err)
		}
		err := s.Enqueue(ctx, platformMsg("telegram", "1", "a"), platformMsg("telegram", "2", "b"), platformMsg("discord", "1", "c"))
		if err != nil {
			t.Fatal(err)
		}
		ds, err := s.Claim(ctx, "w", 10, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(ds, func(d Delivery) bool { return d.Message.Text == "a" })
		if err := s.MarkSent(ctx, ds[i].ID); err != nil {
			t.Fatal(err)
		}
		n, err := s.Pending(ctx)
		if err != nil {
			t.Fatal(err)
		}
		// Claimed messages are still pending; sent ones are not.
		if want := map[string]int64{"telegram": 1, "discord": 1}; !reflect.DeepEqual(n, want) {
			t.Errorf("pending: %v, want %v", n, want)
		}
		s.Close()
		if err := s.Ping(ctx); err == nil {
			t.Error("ping a closed store: nil, want an error")
		}
	})
}
