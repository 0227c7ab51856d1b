package storage

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
)

// slow takes wait over every send, recording what it sent.
type slow struct {
	wait time.Duration
	rec  *recorder
}

func (s slow) Send(ctx context.Context, m chat.Message) error {
	t := time.NewTimer(s.wait)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
	}
	return s.rec.Send(ctx, m)
}

// TestDeliverSlowPlatform (issue 9 item 1): a platform slower than the old
// 5-second bookkeeping deadline, and than the claims' lease, stops nothing.
// The message is recorded as sent; a second worker running beside the
// first never takes it over while it is being sent; and a delivery started
// again afterwards (a restart) sends nothing a second time.
func TestDeliverSlowPlatform(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if err := s.Enqueue(ctx, msg("group", "table"), msg("dm:1", "note")); err != nil {
			t.Fatal(err)
		}
		rec := newRecorder()
		o := DeliverOptions{Lease: 2 * time.Second, Poll: 5 * time.Millisecond}
		stopSlow := run(t, s, "slow", slow{wait: settleTimeout + 500*time.Millisecond, rec: rec}, o)
		waitFor(t, "the slow worker to claim both messages", func() bool {
			return row(t, s, "group", "table").ClaimedBy == "slow" && row(t, s, "dm:1", "note").ClaimedBy == "slow"
		})
		stopOther := run(t, s, "other", rec, o)
		waitFor(t, "both messages sent", func() bool { return rec.count() == 2 })
		for _, m := range []struct{ chat, text string }{{"group", "table"}, {"dm:1", "note"}} {
			waitFor(t, m.chat+" marked sent", func() bool { return row(t, s, m.chat, m.text).SentAt != nil })
		}
		if err := stopSlow(); err != nil {
			t.Errorf("the slow worker's Deliver: %v, want it to run until stopped", err)
		}
		if err := stopOther(); err != nil {
			t.Errorf("the other worker's Deliver: %v", err)
		}
		// A restart: nothing is due, nothing goes out again.
		again := newRecorder()
		run(t, s, "slow", again, DeliverOptions{Poll: time.Millisecond})()
		for chat, want := range map[string][]string{"group": {"table"}, "dm:1": {"note"}} {
			if got := rec.texts(chat); !reflect.DeepEqual(got, want) {
				t.Errorf("%s got %q, want %q once", chat, got, want)
			}
		}
		if again.count() != 0 {
			t.Errorf("after the restart %d messages went out again", again.count())
		}
	})
}

// stuck blocks every send to one chat until released; the others go.
type stuck struct {
	chat    string
	release chan struct{}
	rec     *recorder
}

func (s stuck) Send(ctx context.Context, m chat.Message) error {
	if m.Chat.ID == s.chat {
		select {
		case <-s.release:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return s.rec.Send(ctx, m)
}

// TestDeliverChatsIndependent (issue 9: never one chat behind another's
// limit): while a group's message cannot go out (its limit, a slow
// platform), the players' private notes all do; the group's messages then
// follow in their order.
func TestDeliverChatsIndependent(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		msgs := []chat.Message{msg("group", "g1"), msg("group", "g2")}
		for i := range 30 {
			msgs = append(msgs, msg(fmt.Sprintf("dm:%d", i), "note"))
		}
		if err := s.Enqueue(ctx, msgs...); err != nil {
			t.Fatal(err)
		}
		send := stuck{chat: "group", release: make(chan struct{}), rec: newRecorder()}
		run(t, s, "w", send, DeliverOptions{Batch: 8, Poll: time.Millisecond})
		waitFor(t, "the 30 private notes while the group is held", func() bool { return send.rec.count() == 30 })
		if got := send.rec.texts("group"); len(got) != 0 {
			t.Fatalf("the group got %q while held", got)
		}
		close(send.release)
		waitFor(t, "the group's messages", func() bool { return len(send.rec.texts("group")) == 2 })
		if got, want := send.rec.texts("group"), []string{"g1", "g2"}; !reflect.DeepEqual(got, want) {
			t.Errorf("the group got %q, want %q", got, want)
		}
	})
}

// parted is a Sender that records the parts it sent and fails the part
// named fail once.
type parted struct {
	mu     sync.Mutex
	sent   []string
	fail   string
	failed bool
}

func (p *parted) Send(ctx context.Context, m chat.Message) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if m.Text == p.fail && !p.failed {
		p.failed = true
		return fmt.Errorf("network error on %s", m.Text)
	}
	p.sent = append(p.sent, m.Text)
	return nil
}

func (p *parted) texts() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.sent...)
}

// TestDeliverParts: a message split into parts is sent part by part; a
// part that fails is retried without sending the earlier parts again, and
// a file comes back from the outbox as it went in.
func TestDeliverParts(t *testing.T) {
	c := newClock()
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		m := msg("group", "a|b|c")
		m.File = &chat.File{Name: "春季赛.trf", Data: []byte("012 春季赛\n")}
		if err := s.Enqueue(ctx, m); err != nil {
			t.Fatal(err)
		}
		ds, err := s.Claim(ctx, "peek", 1, time.Millisecond)
		if err != nil || len(ds) != 1 {
			t.Fatalf("claim: %v, %v", ds, err)
		}
		if f := ds[0].Message.File; f == nil || f.Name != m.File.Name || string(f.Data) != string(m.File.Data) {
			t.Errorf("the file came back as %+v, want %+v", f, m.File)
		}
		c.Advance(time.Second) // the peek's claim is over
		send := &parted{fail: "b"}
		split := func(m chat.Message) []chat.Message {
			var parts []chat.Message
			for _, p := range []string{"a", "b", "c"} {
				parts = append(parts, chat.Message{Chat: m.Chat, Text: p})
			}
			return parts
		}
		run(t, s, "w", send, DeliverOptions{Poll: time.Millisecond, Split: split})
		waitFor(t, "the first part and the failure", func() bool { return row(t, s, "group", "a|b|c").Attempts == 1 })
		if r := row(t, s, "group", "a|b|c"); r.SentAt != nil {
			t.Fatalf("marked sent after a part failed")
		}
		c.Advance(time.Minute) // the retry is due
		waitFor(t, "the message marked sent", func() bool { return row(t, s, "group", "a|b|c").SentAt != nil })
		if got, want := send.texts(), []string{"a", "b", "c"}; !reflect.DeepEqual(got, want) {
			t.Errorf("sent %q, want %q: each part once", got, want)
		}
	}, WithClock(c.Now))
}

// TestDeliverAfterCrash: a worker that died while the platform was being
// handed a part (Sending had been called) leaves it counted as sent — the
// platform cannot say whether it arrived, and twice is worse than once —
// and a delivery started again under its name takes its claims back at
// once instead of waiting for the leases to run out.
func TestDeliverAfterCrash(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if err := s.Enqueue(ctx, msg("a", "a1|a2"), msg("b", "b1"), msg("c", "c1")); err != nil {
			t.Fatal(err)
		}
		ds, err := s.Claim(ctx, "w", 10, time.Hour)
		if err != nil || len(ds) != 3 {
			t.Fatalf("claim: %v, %v", ds, err)
		}
		// The dead run: a1 went out and was confirmed, a2 was being sent;
		// b1 was being sent; c1 was claimed and waiting for its turn.
		for _, step := range []error{
			s.markParts(ctx, ds[0].ID, 1), s.markSending(ctx, ds[0].ID, 2), s.markSending(ctx, ds[1].ID, 1),
		} {
			if step != nil {
				t.Fatal(step)
			}
		}
		send := &parted{}
		split := func(m chat.Message) []chat.Message {
			var parts []chat.Message
			for _, p := range strings.Split(m.Text, "|") {
				parts = append(parts, chat.Message{Chat: m.Chat, Text: p})
			}
			return parts
		}
		run(t, s, "w", send, DeliverOptions{Poll: time.Millisecond, Split: split})
		waitFor(t, "all three marked sent", func() bool {
			return row(t, s, "a", "a1|a2").SentAt != nil && row(t, s, "b", "b1").SentAt != nil && row(t, s, "c", "c1").SentAt != nil
		})
		if got, want := send.texts(), []string{"c1"}; !reflect.DeepEqual(got, want) {
			t.Errorf("sent %q after the restart, want %q: only what had not been handed to the platform", got, want)
		}
	})
}

// TestDeliverIfUndeliverable: a private message the platform refuses for
// good is given up at once, and its notice is said in the chat it names,
// once.
func TestDeliverIfUndeliverable(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		dm, group := chat.Private("telegram", "7"), chat.Chat{Platform: "telegram", ID: "-100"}
		m := chat.Message{Chat: dm, Text: "your board", DedupKey: "reply:1",
			IfUndeliverable: &chat.Notice{Chat: group, Text: "Ann: open a private chat with me first"}}
		if err := s.Enqueue(ctx, m); err != nil {
			t.Fatal(err)
		}
		send := &refusing{bad: dm}
		run(t, s, "w", send, DeliverOptions{Poll: time.Millisecond})
		waitFor(t, "the notice in the group", func() bool {
			send.mu.Lock()
			defer send.mu.Unlock()
			return len(send.sent) == 1
		})
		var r outboxRow
		if err := s.db.Where("dedup_key = ?", "reply:1").Take(&r).Error; err != nil || r.GaveUpAt == nil || r.Attempts != 1 {
			t.Errorf("the refused message: %+v, %v; want given up after one attempt", r, err)
		}
		send.mu.Lock()
		defer send.mu.Unlock()
		if !reflect.DeepEqual(send.sent, []string{"Ann: open a private chat with me first"}) {
			t.Errorf("sent %q, want the notice once", send.sent)
		}
	})
}
