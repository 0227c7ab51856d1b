package storage

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
)

// gate is a Sender that refuses chats it is told to, as a platform refuses
// a group the bot was removed from, or says a chat moved; it records what
// it sent.
type gate struct {
	mu      sync.Mutex
	refused map[string]error // chat ID → the refusal
	tries   map[string]int
	sent    map[string][]string
}

func newGate() *gate {
	return &gate{refused: map[string]error{}, tries: map[string]int{}, sent: map[string][]string{}}
}

func (g *gate) Send(_ context.Context, m chat.Message) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.tries[m.Chat.ID]++
	if err := g.refused[m.Chat.ID]; err != nil {
		return err
	}
	g.sent[m.Chat.ID] = append(g.sent[m.Chat.ID], m.Text)
	return nil
}

func (g *gate) refuse(c string, err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.refused[c] = err
}

func (g *gate) texts(c string) []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.sent[c]...)
}

func (g *gate) tried(c string) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.tries[c]
}

// kicked is a refusal for want of rights, as an adapter returns it.
var kicked = &chat.Refusal{Kind: chat.ErrNoRights, Err: errors.New("403 Forbidden: bot was kicked from the supergroup chat")}

// TestDeliverHeldChat: a chat the bot may not post in is held, not
// retried for hours: its messages wait, none given up and no attempt
// counted, while the other chats' go on; Blocked hears of it once; a probe
// comes after firstProbe, and when one gets through the chat resumes with
// its messages in order. Unblock (the platform says the rights are back)
// resumes it at once.
func TestDeliverHeldChat(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		clock := newClock()
		s.now = clock.Now
		g := newGate()
		g.refuse("group", kicked)
		var (
			mu      sync.Mutex
			blocked []chat.Chat
		)
		o := fast
		o.Blocked = func(_ context.Context, c chat.Chat, since time.Time, err error) {
			mu.Lock()
			defer mu.Unlock()
			blocked = append(blocked, c)
			if !since.Equal(clock.Now().UTC()) || !errors.Is(err, chat.ErrNoRights) {
				t.Errorf("Blocked(%v, %v, %v): want since now and the refusal", c, since, err)
			}
		}
		run(t, s, "w", g, o)
		if err := s.Enqueue(ctx, msg("group", "1"), msg("group", "2"), msg("other", "a")); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the other chat's message", func() bool { return len(g.texts("other")) == 1 })
		waitFor(t, "the group held", func() bool { n, _ := s.Blocked(ctx); return n["test"] == 1 })
		if err := s.Enqueue(ctx, msg("other", "b")); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the other chat's next message", func() bool { return len(g.texts("other")) == 2 })
		r := row(t, s, "group", "1")
		if r.Attempts != 0 || r.GaveUpAt != nil || !r.NextAttemptAt.Equal(clock.Now().Add(firstProbe)) {
			t.Errorf("the held message: %d attempts, given up %v, next at %v; want none, no, in %v", r.Attempts, r.GaveUpAt, r.NextAttemptAt, firstProbe)
		}
		if n := g.tried("group"); n != 1 {
			t.Errorf("the group was tried %d times before the probe; want 1", n)
		}

		// The first probe is refused too: the next waits twice as long,
		// and Blocked is not told again.
		clock.Advance(firstProbe)
		waitFor(t, "the first probe", func() bool { return g.tried("group") == 2 })
		waitFor(t, "the next probe scheduled", func() bool {
			var r outboxRow
			s.db.Where("dedup_key = ?", msg("group", "1").DedupKey).Take(&r)
			return r.NextAttemptAt.Equal(clock.Now().Add(2 * firstProbe))
		})
		// The rights are back: a probe gets through and the chat resumes.
		g.refuse("group", nil)
		clock.Advance(2 * firstProbe)
		waitFor(t, "the group's messages", func() bool { return len(g.texts("group")) == 2 })
		if got := g.texts("group"); !reflect.DeepEqual(got, []string{"1", "2"}) {
			t.Errorf("the group got %v; want 1, 2", got)
		}
		waitFor(t, "the group resumed", func() bool { n, _ := s.Blocked(ctx); return n["test"] == 0 })

		// Held again; the platform says the rights are back: at once.
		g.refuse("group", kicked)
		if err := s.Enqueue(ctx, msg("group", "3")); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the group held again", func() bool { n, _ := s.Blocked(ctx); return n["test"] == 1 })
		g.refuse("group", nil)
		if was, err := s.Unblock(ctx, chat.Chat{Platform: "test", ID: "group"}); err != nil || !was {
			t.Fatalf("Unblock = %v, %v; want it held", was, err)
		}
		waitFor(t, "the group's third message", func() bool { return len(g.texts("group")) == 3 })
		mu.Lock()
		defer mu.Unlock()
		want := []chat.Chat{{Platform: "test", ID: "group"}, {Platform: "test", ID: "group"}}
		if !reflect.DeepEqual(blocked, want) {
			t.Errorf("Blocked heard of %v; want the group once a hold", blocked)
		}
	})
}

// TestDeliverMovedChat: a send answered with chat.Moved moves the chat
// (MoveChat) and the message goes to the new chat at once, the chat's
// other messages after it, in order; no attempt is counted.
func TestDeliverMovedChat(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		g := newGate()
		g.refuse("old", chat.Moved{To: chat.Chat{Platform: "test", ID: "new"}})
		id := evCreate(t, s, "春季赛")
		if _, err := s.Update(ctx, id, evOrganiser, "", func(c *Change) error { c.Bind(chat.Chat{Platform: "test", ID: "old"}); return nil }); err != nil {
			t.Fatal(err)
		}
		if err := s.Enqueue(ctx, msg("old", "1"), msg("old", "2"), msg("old", "3")); err != nil {
			t.Fatal(err)
		}
		run(t, s, "w", g, fast)
		waitFor(t, "the messages in the new chat", func() bool { return len(g.texts("new")) == 3 })
		if got := g.texts("new"); !reflect.DeepEqual(got, []string{"1", "2", "3"}) {
			t.Errorf("the new chat got %v; want 1, 2, 3", got)
		}
		if n := g.tried("old"); n != 1 {
			t.Errorf("the old chat was tried %d times; want once", n)
		}
		if r := row(t, s, "old", "1"); r.Attempts != 0 || r.ChatID != "new" {
			t.Errorf("the first message: chat %s, %d attempts; want new, none", r.ChatID, r.Attempts)
		}
		if ev, err := s.EventOf(ctx, chat.Chat{Platform: "test", ID: "new"}); err != nil || ev != id {
			t.Errorf("the new chat's event: %d, %v; want %d", ev, err, id)
		}
	})
}

// TestRecentSends: the messages sent since a time, each with the parts it
// went out as, oldest first.
func TestRecentSends(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		clock := newClock()
		s.now = clock.Now
		g := newGate()
		o := fast
		o.Split = func(m chat.Message) []chat.Message {
			if m.Text == "long" {
				return []chat.Message{m, m, m}
			}
			return []chat.Message{m}
		}
		stop := run(t, s, "w", g, o)
		if err := s.Enqueue(ctx, msg("a", "old")); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the old message", func() bool { return len(g.texts("a")) == 1 })
		// Delivered is not yet recorded as sent: the clock moves on only
		// once it is, or the record would take the later time.
		waitFor(t, "the old message recorded", func() bool {
			sent, err := s.RecentSends(ctx, "test", time.Time{})
			return err == nil && len(sent) == 1
		})
		clock.Advance(2 * time.Minute)
		start := clock.Now()
		if err := s.Enqueue(ctx, msg("b", "long"), msg("a", "short")); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the new messages", func() bool { return len(g.texts("b")) == 3 && len(g.texts("a")) == 2 })
		if err := stop(); err != nil {
			t.Fatal(err)
		}
		got, err := s.RecentSends(ctx, "test", start)
		if err != nil {
			t.Fatal(err)
		}
		parts := map[string]int{}
		for _, sent := range got {
			parts[sent.Chat.ID] += sent.Parts
			if sent.At.Before(start) {
				t.Errorf("%+v was sent before %v", sent, start)
			}
		}
		if want := map[string]int{"a": 1, "b": 3}; !reflect.DeepEqual(parts, want) {
			t.Errorf("RecentSends: %+v; want parts %v", got, want)
		}
	})
}

// TestAnswered: a message answered is known as such until it is older
// than the records are kept.
func TestAnswered(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		clock := newClock()
		s.now = clock.Now
		group := chat.Chat{Platform: "telegram", ID: "-100"}
		if ok, err := s.Answered(ctx, group, "5"); err != nil || ok {
			t.Fatalf("Answered before = %v, %v", ok, err)
		}
		for range 2 {
			if err := s.MarkAnswered(ctx, group, "5", time.Hour); err != nil {
				t.Fatal(err)
			}
		}
		if ok, err := s.Answered(ctx, group, "5"); err != nil || !ok {
			t.Errorf("Answered = %v, %v; want true", ok, err)
		}
		if ok, _ := s.Answered(ctx, chat.Chat{Platform: "telegram", ID: "-200"}, "5"); ok {
			t.Error("message 5 of another chat answered")
		}
		clock.Advance(2 * time.Hour)
		if err := s.MarkAnswered(ctx, group, "6", time.Hour); err != nil {
			t.Fatal(err)
		}
		if ok, _ := s.Answered(ctx, group, "5"); ok {
			t.Error("a record older than kept is still there")
		}
	})
}
