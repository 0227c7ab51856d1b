package storage

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
)

// editor is a Sender and chat.Editor that numbers the messages it sends
// and records every send and edit, by chat.
type editor struct {
	mu     sync.Mutex
	next   map[string]int // a chat's messages so far: ids are "g1", "g2", … a chat
	sent   []string       // "chat: text"
	edits  []string       // "chat #id: text"
	refuse bool           // the next edit finds its message gone
}

func (e *editor) Send(ctx context.Context, m chat.Message) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.next == nil {
		e.next = map[string]int{}
	}
	e.next[m.Chat.ID]++
	e.sent = append(e.sent, m.Chat.ID+": "+m.Text)
	chat.Posted(ctx, fmt.Sprint(m.Chat.ID, e.next[m.Chat.ID]))
	return nil
}

func (e *editor) Edit(_ context.Context, id string, m chat.Message) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.refuse {
		e.refuse = false
		return fmt.Errorf("message to edit not found: %w", chat.ErrUndeliverable)
	}
	e.edits = append(e.edits, m.Chat.ID+" #"+id+": "+m.Text)
	return nil
}

func (e *editor) seen() (sent, edits []string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.sent), slices.Clone(e.edits)
}

// live is version text of live message key in chat c.
func live(c, key, text string) chat.Message {
	return chat.Message{Chat: chat.Chat{Platform: "test", ID: c}, Text: text, Live: &chat.Live{Key: key}, DedupKey: c + "/" + key + "/" + text}
}

// TestLiveMessage: the first version of a live message is sent, the
// later ones edit it in place — coalesced into the latest, no edit that
// changes nothing, none before EditEvery has passed — and a message gone
// from the chat is sent anew with its next version.
func TestLiveMessage(t *testing.T) {
	clock := newClock()
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		e := &editor{}
		enqueue := func(ms ...chat.Message) {
			t.Helper()
			if err := s.Enqueue(ctx, ms...); err != nil {
				t.Fatal(err)
			}
		}
		enqueue(live("g", "round:1", "v1"), live("h", "round:1", "v1"), msg("g", "after"))
		stop := run(t, s, "w", e, DeliverOptions{Poll: time.Millisecond, EditEvery: time.Minute})
		waitFor(t, "the first versions", func() bool { sent, _ := e.seen(); return len(sent) == 3 })
		// v2 and v3 come before the minute is up: one edit, to v3, once
		// it is.
		enqueue(live("g", "round:1", "v2"), live("g", "round:1", "v3"))
		time.Sleep(20 * time.Millisecond)
		if _, edits := e.seen(); len(edits) != 0 {
			t.Fatalf("edited before EditEvery passed: %q", edits)
		}
		clock.Advance(time.Minute)
		waitFor(t, "the edit", func() bool { _, edits := e.seen(); return len(edits) == 1 })
		// The text the chat shows already: nothing to edit.
		enqueue(live("g", "round:1", "v3"), live("h", "round:1", "v1"))
		clock.Advance(time.Minute)
		time.Sleep(20 * time.Millisecond)
		stop()
		sent, edits := e.seen()
		// Two chats go out side by side: the order within each is kept.
		if want := []string{"g: after", "g: v1", "h: v1"}; !slices.Equal(slices.Sorted(slices.Values(sent)), want) ||
			slices.Index(sent, "g: v1") > slices.Index(sent, "g: after") {
			t.Errorf("sent %q, want %q, g's in that order", sent, want)
		}
		if want := []string{"g #g1: v3"}; !slices.Equal(edits, want) {
			t.Errorf("edits %q, want %q", edits, want)
		}

		// The message is gone: its next version is a new message.
		e.refuse = true
		enqueue(live("h", "round:1", "v4"))
		if err := s.DeliverDue(ctx, "w", e); err == nil {
			t.Fatal("an edit of a message gone succeeded")
		}
		enqueue(live("h", "round:1", "v5"))
		if err := s.DeliverDue(ctx, "w", e); err != nil {
			t.Fatal(err)
		}
		enqueue(live("h", "round:1", "v6"))
		if err := s.DeliverDue(ctx, "w", e); err != nil {
			t.Fatal(err)
		}
		sent, edits = e.seen()
		if !slices.Contains(sent, "h: v5") || edits[len(edits)-1] != "h #h2: v6" {
			t.Errorf("after the message was gone: sent %q, edits %q; want v5 sent as h's second message and v6 an edit of it", sent, edits)
		}
	}, WithClock(clock.Now))
}

// TestAlbumKept: an album goes through the outbox whole, its pictures in
// order.
func TestAlbumKept(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		m := msg("g", "pictures")
		m.Album = []*chat.File{{Name: "a.png", Data: []byte{1, 2}}, {Name: "b.png", Data: []byte{3}}}
		if err := s.Enqueue(ctx, m); err != nil {
			t.Fatal(err)
		}
		ds, err := s.Claim(ctx, "w", 10, time.Minute)
		if err != nil || len(ds) != 1 {
			t.Fatalf("claim: %v, %d messages", err, len(ds))
		}
		got := ds[0].Message.Album
		if len(got) != 2 || got[0].Name != "a.png" || string(got[1].Data) != "\x03" {
			t.Errorf("album read back as %+v", got)
		}
	})
}
