package storage

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/testclock"
)

// recorder is a Sender that records what it sends, in order, and fails
// when told to.
type recorder struct {
	mu    sync.Mutex
	sent  map[string][]string // chat ID → texts sent, in order
	total int                 // messages sent
	tries map[string]int      // chat ID → calls of Send
	fail  map[string]int      // chat ID → sends still to fail
}

func newRecorder() *recorder {
	return &recorder{sent: map[string][]string{}, tries: map[string]int{}, fail: map[string]int{}}
}

func (r *recorder) Send(ctx context.Context, m chat.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tries[m.Chat.ID]++
	if r.fail[m.Chat.ID] > 0 {
		r.fail[m.Chat.ID]--
		return fmt.Errorf("chat %s is unreachable", m.Chat.ID)
	}
	r.sent[m.Chat.ID] = append(r.sent[m.Chat.ID], m.Text)
	r.total++
	return nil
}

// failNext makes the next n sends to chat fail.
func (r *recorder) failNext(chat string, n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.fail[chat] = n
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.total
}

func (r *recorder) texts(chat string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.sent[chat]...)
}

// newClock is the outbox tests' clock, moved by hand.
func newClock() *testclock.Clock { return testclock.At(time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)) }

// fast are DeliverOptions that keep tests quick.
var fast = DeliverOptions{Batch: 3, Poll: time.Millisecond}

// run starts Deliver in the background; the function it returns (also
// called when t ends) stops it and returns what Deliver returned.
func run(t *testing.T, s *Store, worker string, send chat.Sender, o DeliverOptions) (stop func() error) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Deliver(ctx, worker, send, o) }()
	var once sync.Once
	var err error
	stop = func() error {
		once.Do(func() {
			cancel()
			err = <-done
		})
		return err
	}
	t.Cleanup(func() { stop() })
	return stop
}

// waitFor waits until cond holds, failing t after 20 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// msg is a message to chat with text, keyed by chat and text.
func msg(c, text string) chat.Message {
	return chat.Message{Chat: chat.Chat{Platform: "test", ID: c}, Text: text, DedupKey: c + "/" + text}
}

// row reads the outbox row of msg(chat, text).
func row(t *testing.T, s *Store, chat, text string) outboxRow {
	t.Helper()
	var r outboxRow
	if err := s.db.Where("dedup_key = ?", msg(chat, text).DedupKey).Take(&r).Error; err != nil {
		t.Fatalf("outbox row of %s/%s: %v", chat, text, err)
	}
	return r
}

// claimTexts claims for worker and returns the claimed texts as
// "chat/text", oldest first.
func claimTexts(t *testing.T, s *Store, worker string, lease time.Duration) []string {
	t.Helper()
	ds, err := s.Claim(context.Background(), worker, 100, lease)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range ds {
		got = append(got, d.Message.Chat.ID+"/"+d.Message.Text)
	}
	return got
}

func TestOutboxDeliverInChatOrder(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		want := map[string][]string{}
		var msgs []chat.Message
		for i := range 5 {
			for _, chat := range []string{"a", "b", "c"} {
				text := fmt.Sprintf("%s%d", chat, i)
				msgs = append(msgs, msg(chat, text))
				want[chat] = append(want[chat], text)
			}
		}
		if err := s.Enqueue(ctx, msgs[:7]...); err != nil {
			t.Fatal(err)
		}
		rec := newRecorder()
		stop := run(t, s, "w", rec, fast)
		if err := s.Enqueue(ctx, msgs[7:]...); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "all messages sent", func() bool { return rec.count() >= len(msgs) })
		if err := stop(); err != nil {
			t.Errorf("Deliver stopped with %v, want nil", err)
		}
		for chat, texts := range want {
			if got := rec.texts(chat); !reflect.DeepEqual(got, texts) {
				t.Errorf("chat %s got %v, want %v (each once, in order)", chat, got, texts)
			}
		}
		if got := rec.count(); got != len(msgs) {
			t.Errorf("sent %d messages, want %d", got, len(msgs))
		}
		if got := claimTexts(t, s, "late", time.Minute); len(got) != 0 {
			t.Errorf("after delivery Claim found %v, want nothing", got)
		}
	})
}

func TestOutboxEnqueue(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		first := msg("a", "first")
		first.Buttons = []chat.Button{{Label: "Confirm", Command: "/confirm 3"}}
		if err := s.Enqueue(ctx, first, msg("b", "other")); err != nil {
			t.Fatal(err)
		}
		again := first
		again.Text = "second"
		if err := s.Enqueue(ctx, again); err != nil {
			t.Fatalf("enqueue with a stored key: %v, want nil (ignored)", err)
		}
		err := s.Enqueue(ctx, msg("c", "keyed"), chat.Message{Chat: chat.Chat{Platform: "test", ID: "c"}, Text: "no key"})
		if err == nil || !strings.Contains(err.Error(), "DedupKey") {
			t.Errorf("enqueue without a DedupKey: %v, want an error naming DedupKey", err)
		}
		ds, err := s.Claim(ctx, "w", 10, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		want := []Delivery{{Message: first}, {Message: msg("b", "other")}}
		for i := range ds {
			ds[i].ID = 0 // assigned by the database
		}
		if !reflect.DeepEqual(ds, want) {
			t.Errorf("claimed %+v, want %+v (the second enqueue of a key ignored, nothing of the refused batch)", ds, want)
		}
	})
}

func TestOutboxEventMessages(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		ev := eventRow{Name: "club night", CreatedAt: time.Now().UTC()}
		if err := s.db.Create(&ev).Error; err != nil {
			t.Fatal(err)
		}
		id := EventID(ev.ID)
		err := s.db.Transaction(func(tx *gorm.DB) error {
			return insertMessages(tx, &id, []chat.Message{msg("a", "round 1")}, "test:")
		})
		if err != nil {
			t.Fatal(err)
		}
		ds, err := s.Claim(ctx, "w", 10, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) != 1 || ds[0].Event != id || ds[0].Message.Text != "round 1" {
			t.Errorf("claimed %+v, want the message of event %d", ds, id)
		}
	})
}

func TestOutboxBackoffSchedule(t *testing.T) {
	for _, c := range []struct {
		attempts int
		want     time.Duration
	}{
		{1, time.Second},
		{2, 2 * time.Second},
		{3, 4 * time.Second},
		{10, 512 * time.Second},
		{11, 10 * time.Minute},
		{1000, 10 * time.Minute},
	} {
		if got := retryAfter(c.attempts); got != c.want {
			t.Errorf("retryAfter(%d) = %v, want %v", c.attempts, got, c.want)
		}
	}
}

func TestOutboxRetryAfterBackoff(t *testing.T) {
	c := newClock()
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if err := s.Enqueue(ctx, msg("a", "hello")); err != nil {
			t.Fatal(err)
		}
		for attempt, wait := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} {
			ds, err := s.Claim(ctx, "w", 10, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if len(ds) != 1 || ds[0].Attempts != attempt {
				t.Fatalf("claim %d: %+v, want the message with %d failed attempts", attempt+1, ds, attempt)
			}
			if err := s.MarkFailed(ctx, ds[0].ID, errors.New("flood wait")); err != nil {
				t.Fatal(err)
			}
			if r := row(t, s, "a", "hello"); r.LastError != "flood wait" || r.ClaimedUntil != nil {
				t.Errorf("after a failure last_error %q, claimed until %v; want the cause and no claim", r.LastError, r.ClaimedUntil)
			}
			c.Advance(wait - time.Millisecond)
			if got := claimTexts(t, s, "w", time.Minute); len(got) != 0 {
				t.Fatalf("%v after failure %d claimed %v, want nothing before %v", wait-time.Millisecond, attempt+1, got, wait)
			}
			c.Advance(time.Millisecond)
		}
	}, WithClock(c.Now))
}

func TestOutboxChatOrderAcrossFailure(t *testing.T) {
	c := newClock()
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if err := s.Enqueue(ctx, msg("a", "a1"), msg("a", "a2"), msg("b", "b1")); err != nil {
			t.Fatal(err)
		}
		rec := newRecorder()
		rec.failNext("a", 1)
		run(t, s, "w", rec, fast)
		waitFor(t, "b1 sent and a1 failed", func() bool {
			return rec.count() == 1 && row(t, s, "a", "a1").Attempts == 1
		})
		time.Sleep(20 * fast.Poll) // Deliver polls on; a2 must still wait
		if got := rec.texts("a"); len(got) != 0 {
			t.Fatalf("chat a got %v while a1 waits for its retry, want nothing", got)
		}
		if got := claimTexts(t, s, "other", time.Minute); len(got) != 0 {
			t.Fatalf("another worker claimed %v while a1 waits for its retry, want nothing", got)
		}
		c.Advance(firstRetry)
		waitFor(t, "chat a sent", func() bool { return rec.count() == 3 })
		if got, want := rec.texts("a"), []string{"a1", "a2"}; !reflect.DeepEqual(got, want) {
			t.Errorf("chat a got %v, want %v", got, want)
		}
	}, WithClock(c.Now))
}

func TestOutboxExpiredLease(t *testing.T) {
	c := newClock()
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if err := s.Enqueue(ctx, msg("a", "a1"), msg("a", "a2")); err != nil {
			t.Fatal(err)
		}
		const lease = 10 * time.Second
		first, err := s.Claim(ctx, "dies", 10, lease)
		if err != nil || len(first) != 1 {
			t.Fatalf("first claim: %+v, %v; want a1", first, err)
		}
		for _, step := range []struct {
			after time.Duration
			want  []string
		}{
			{0, nil},     // a1 is leased, a2 waits behind it
			{lease, nil}, // the lease holds up to its end
			{time.Millisecond, []string{"a/a1"}},
		} {
			c.Advance(step.after)
			if got := claimTexts(t, s, "heir", lease); !reflect.DeepEqual(got, step.want) {
				t.Fatalf("after +%v the heir claimed %v, want %v", step.after, got, step.want)
			}
		}
		if err := s.MarkSent(ctx, first[0].ID); err != nil {
			t.Fatal(err)
		}
		if err := s.MarkSent(ctx, first[0].ID); err != nil {
			t.Errorf("the dead worker's late MarkSent: %v, want nil", err)
		}
		if got, want := claimTexts(t, s, "heir", lease), []string{"a/a2"}; !reflect.DeepEqual(got, want) {
			t.Errorf("after a1 was sent the heir claimed %v, want %v", got, want)
		}
	}, WithClock(c.Now))
}

func TestOutboxGiveUp(t *testing.T) {
	c := newClock()
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if err := s.Enqueue(ctx, msg("a", "a1"), msg("a", "a2")); err != nil {
			t.Fatal(err)
		}
		o := fast
		o.MaxAttempts = 3
		rec := newRecorder()
		rec.failNext("a", o.MaxAttempts)
		stop := run(t, s, "w", rec, o)
		for attempts := 1; attempts < o.MaxAttempts; attempts++ {
			waitFor(t, fmt.Sprintf("attempt %d", attempts), func() bool { return row(t, s, "a", "a1").Attempts == attempts })
			c.Advance(retryAfter(attempts))
		}
		waitFor(t, "a2 sent", func() bool { return rec.count() == 1 })
		if err := stop(); err != nil { // and a2 marked sent
			t.Fatalf("Deliver stopped with %v, want nil", err)
		}
		if got, want := rec.texts("a"), []string{"a2"}; !reflect.DeepEqual(got, want) {
			t.Errorf("chat a got %v, want %v", got, want)
		}
		r := row(t, s, "a", "a1")
		if r.GaveUpAt == nil || r.SentAt != nil || r.Attempts != o.MaxAttempts || !strings.Contains(r.LastError, "unreachable") {
			t.Errorf("a1 after %d failures: gave up %v, sent %v, attempts %d, last error %q; want given up, not sent, with the cause",
				o.MaxAttempts, r.GaveUpAt, r.SentAt, r.Attempts, r.LastError)
		}
		c.Advance(24 * time.Hour)
		if got := claimTexts(t, s, "later", time.Minute); len(got) != 0 {
			t.Errorf("a day later Claim found %v, want nothing: a given-up message stays given up", got)
		}
		if err := s.MarkFailed(ctx, r.ID, errors.New("again")); err != nil || row(t, s, "a", "a1").Attempts != o.MaxAttempts {
			t.Errorf("MarkFailed on a given-up message: %v; want nil and no change", err)
		}
	}, WithClock(c.Now))
}

func TestOutboxTwoWorkers(t *testing.T) {
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) {
			ctx := context.Background()
			stores := []*Store{openTest(t, db.dsn), openTest(t, db.dsn)}
			rec := newRecorder()
			var stops []func() error
			for i, s := range stores {
				for j := range 2 {
					stops = append(stops, run(t, s, fmt.Sprintf("store%d-worker%d", i, j), rec, fast))
				}
			}
			const chats, each = 8, 25
			want := map[string][]string{}
			var msgs []chat.Message
			for i := range each {
				for c := range chats {
					chat := fmt.Sprint("chat", c)
					text := fmt.Sprint("m", i)
					msgs = append(msgs, msg(chat, text))
					want[chat] = append(want[chat], text)
				}
			}
			for i := 0; i < len(msgs); i += 20 {
				if err := stores[i/20%2].Enqueue(ctx, msgs[i:min(i+20, len(msgs))]...); err != nil {
					t.Fatal(err)
				}
			}
			waitFor(t, "all messages sent", func() bool { return rec.count() >= len(msgs) })
			for _, stop := range stops {
				if err := stop(); err != nil {
					t.Errorf("Deliver stopped with %v, want nil", err)
				}
			}
			for chat, texts := range want {
				if got := rec.texts(chat); !reflect.DeepEqual(got, texts) {
					t.Errorf("chat %s got %v, want %v (each once, in order)", chat, got, texts)
				}
			}
			var unsent int64
			if err := stores[0].db.Model(&outboxRow{}).Where("sent_at IS NULL").Count(&unsent).Error; err != nil || unsent != 0 {
				t.Errorf("%d messages not marked sent (%v), want 0", unsent, err)
			}
		})
	}
}

// blocker is a Sender that waits for its context to end.
type blocker struct{ called chan struct{} }

func (b blocker) Send(ctx context.Context, m chat.Message) error {
	close(b.called)
	<-ctx.Done()
	return ctx.Err()
}

func TestOutboxDeliverStop(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if err := run(t, s, "idle", newRecorder(), fast)(); err != nil {
			t.Errorf("Deliver stopped between batches: %v, want nil", err)
		}
		if err := s.Enqueue(ctx, msg("a", "a1")); err != nil {
			t.Fatal(err)
		}
		b := blocker{make(chan struct{})}
		stop := run(t, s, "busy", b, fast)
		<-b.called
		if err := stop(); err != nil {
			t.Errorf("Deliver stopped while sending: %v, want nil (stopping is no failure)", err)
		}
		ds, err := s.Claim(ctx, "heir", 10, time.Minute)
		if err != nil || len(ds) != 1 || ds[0].Attempts != 0 {
			t.Errorf("after the stop another worker claimed %+v, %v; want a1 at once, no attempt counted", ds, err)
		}
	})
}

func TestOutboxBadCalls(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if err := s.MarkSent(ctx, 404); !errors.Is(err, ErrNotFound) {
			t.Errorf("MarkSent of a missing message: %v, want ErrNotFound", err)
		}
		if err := s.MarkFailed(ctx, 404, errors.New("x")); !errors.Is(err, ErrNotFound) {
			t.Errorf("MarkFailed of a missing message: %v, want ErrNotFound", err)
		}
		for _, c := range []struct {
			worker string
			limit  int
			lease  time.Duration
		}{{"", 1, time.Second}, {"w", 0, time.Second}, {"w", 1, 0}} {
			if _, err := s.Claim(ctx, c.worker, c.limit, c.lease); err == nil {
				t.Errorf("Claim(%q, %d, %v) = nil error, want a refusal", c.worker, c.limit, c.lease)
			}
		}
	})
}

func TestOutboxUnreadableBody(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if err := s.Enqueue(ctx, msg("a", "a1"), msg("a", "a2")); err != nil {
			t.Fatal(err)
		}
		if err := s.db.Exec("UPDATE outbox SET body = 'not json' WHERE dedup_key = ?", msg("a", "a1").DedupKey).Error; err != nil {
			t.Fatal(err)
		}
		if got := claimTexts(t, s, "w", time.Minute); len(got) != 0 {
			t.Errorf("claimed %v, want nothing: a1 is unreadable and a2 waits behind it", got)
		}
		if r := row(t, s, "a", "a1"); r.GaveUpAt == nil || !strings.Contains(r.LastError, "unreadable") {
			t.Errorf("a1: gave up %v, last error %q; want given up as unreadable", r.GaveUpAt, r.LastError)
		}
		if got, want := claimTexts(t, s, "w", time.Minute), []string{"a/a2"}; !reflect.DeepEqual(got, want) {
			t.Errorf("next claim %v, want %v: an unreadable message must not hold back its chat", got, want)
		}
	})
}
