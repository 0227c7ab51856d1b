package pace

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/testclock"
	"github.com/qisai/qisai/storage"
)

// start is when the fake clock starts.
var start = time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)

// sent is a message the recorder sent, and when.
type sent struct {
	chat chat.Chat
	text string
	at   time.Duration // after start
}

// recorder is the inner Sender: it records what it sends and when, and
// answers the first sends with the errors in fail.
type recorder struct {
	clock *testclock.Clock
	mu    sync.Mutex
	sent  []sent
	calls int
	fail  []error
}

func (r *recorder) Send(ctx context.Context, m chat.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls++
	if len(r.fail) > 0 {
		err := r.fail[0]
		r.fail = r.fail[1:]
		return err
	}
	r.sent = append(r.sent, sent{m.Chat, m.Text, r.clock.Now().Sub(start)})
	return nil
}

func newTest(limits Limits, fail ...error) (*Sender, *recorder) {
	clock := testclock.At(start)
	rec := &recorder{clock: clock, fail: fail}
	return New(rec, limits, clock), rec
}

func tg(id string) chat.Chat { return chat.Chat{Platform: "telegram", ID: id} }
func dc(id string) chat.Chat { return chat.Chat{Platform: "discord", ID: id} }

// secs turns seconds into durations.
func secs(s ...int) []time.Duration {
	ds := make([]time.Duration, len(s))
	for i, n := range s {
		ds[i] = time.Duration(n) * time.Second
	}
	return ds
}

// tenths turns tenths of seconds into durations.
func tenths(s ...int) []time.Duration {
	ds := make([]time.Duration, len(s))
	for i, n := range s {
		ds[i] = time.Duration(n) * time.Second / 10
	}
	return ds
}

// steps is n durations from 0, each step tenths of a second after the last.
func steps(n, step int) []time.Duration {
	ds := make([]time.Duration, n)
	for i := range ds {
		ds[i] = time.Duration(i*step) * time.Second / 10
	}
	return ds
}

// repeat is n copies of x.
func repeat[T any](x T, n int) []T {
	xs := make([]T, n)
	for i := range xs {
		xs[i] = x
	}
	return xs
}

// TestSendTimes checks that each message goes out at the first moment its
// limits allow: not earlier (too fast for the platform) and not later.
func TestSendTimes(t *testing.T) {
	channels := make([]chat.Chat, 60)
	privates := make([]chat.Chat, 26)
	for i := range channels {
		channels[i] = dc(fmt.Sprint(i))
	}
	for i := range privates {
		privates[i] = chat.Private("telegram", fmt.Sprint(i))
	}
	tests := []struct {
		name   string
		limits Limits
		to     []chat.Chat
		want   []time.Duration
	}{
		// Telegram's limits with a margin: one in 1.1 s to a chat, 18 a
		// minute to a group, 25 a second overall.
		{"telegram private chat: 1 in 1.1 s", Telegram, repeat(chat.Private("telegram", "7"), 3), tenths(0, 11, 22)},
		{"telegram positive id is private", Telegram, repeat(tg("42"), 22), steps(22, 11)},
		// The 19th message waits for the first to leave the minute.
		{"telegram group: 1 in 1.1 s and 18/min", Telegram, repeat(tg("-1001"), 21), append(steps(18, 11), tenths(600, 611, 622)...)},
		{"telegram topics are their group", Telegram, []chat.Chat{{Platform: "telegram", ID: "-1001", Thread: "7"}, tg("-1001")}, tenths(0, 11)},
		{"telegram overall: 25/s", Telegram, privates, append(repeat(time.Duration(0), 25), time.Second)},
		{"discord channel: 5 per 5 s", Discord, repeat(dc("9"), 7), secs(0, 0, 0, 0, 0, 5, 5)},
		{"discord overall: 50/s", Discord, channels, append(repeat(time.Duration(0), 50), repeat(time.Second, 10)...)},
		{"no limits", Limits{}, repeat(dc("9"), 3), secs(0, 0, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := sendTimes(t, tt.limits, tt.to); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("sent at %v, want %v", got, tt.want)
			}
		})
	}
}

// sendTimes sends a message to each of to in turn, paced by limits, and
// returns when each went, after the start.
func sendTimes(t *testing.T, limits Limits, to []chat.Chat) []time.Duration {
	t.Helper()
	s, rec := newTest(limits)
	for i, c := range to {
		if err := s.Send(context.Background(), chat.Message{Chat: c, Text: fmt.Sprint(i)}); err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
	}
	var got []time.Duration
	for _, m := range rec.sent {
		got = append(got, m.at)
	}
	return got
}

// check fails t unless msgs keep to rate in every span of rate.Per.
func check(t *testing.T, what string, msgs []sent, rate Rate) {
	t.Helper()
	for i := rate.N; i < len(msgs); i++ {
		if d := msgs[i].at - msgs[i-rate.N].at; d < rate.Per {
			t.Errorf("%s: messages %d and %d are %v apart: more than %d in %v", what, i-rate.N, i, d, rate.N, rate.Per)
			return
		}
	}
}

// openStore opens a store on a fresh SQLite file, closed when t ends.
func openStore(t *testing.T) *storage.Store {
	t.Helper()
	store, err := storage.Open(context.Background(), filepath.Join(t.TempDir(), "qisai.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

// TestDeliver500 delivers 500 announcements to one Telegram group through
// the outbox: all arrive, in order, never faster than Telegram allows, and
// no slower than needed.
func TestDeliver500(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store := openStore(t)
	const n = 500
	group := tg("-100123")
	msgs := make([]chat.Message, n)
	for i := range msgs {
		msgs[i] = chat.Message{Chat: group, Text: fmt.Sprint(i), DedupKey: fmt.Sprint("announce/", i)}
	}
	if err := store.Enqueue(ctx, msgs...); err != nil {
		t.Fatal(err)
	}
	s, rec := newTest(Telegram)
	done := make(chan error, 1)
	go func() {
		done <- store.Deliver(ctx, "pace-test", s, storage.DeliverOptions{Platform: "telegram", Poll: time.Millisecond})
	}()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		rec.mu.Lock()
		got := len(rec.sent)
		rec.mu.Unlock()
		if got >= n {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after a minute %d of %d messages were sent", got, n)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Deliver: %v", err)
	}
	if len(rec.sent) != n {
		t.Fatalf("sent %d messages, want %d", len(rec.sent), n)
	}
	for i, m := range rec.sent {
		if m.text != fmt.Sprint(i) || m.chat != group {
			t.Fatalf("message %d sent was %q to %v, want %q to %v", i, m.text, m.chat, fmt.Sprint(i), group)
		}
	}
	check(t, "per chat", rec.sent, Rate{1, 1100 * time.Millisecond})
	check(t, "per group", rec.sent, Rate{18, time.Minute})
	// 27 minutes of 18 messages, the last 14 in the 28th, 1.1 s apart.
	if last, want := rec.sent[n-1].at, 27*time.Minute+14300*time.Millisecond; last != want {
		t.Errorf("the last message went out at %v, want %v", last, want)
	}
}

// TestConcurrentSends sends to many chats from several goroutines: the
// overall limit holds across them. The goroutines share the fake clock, so
// a send's time is the one the limits counted it at, not when the recorder
// got it (another goroutine may move the clock between the two).
func TestConcurrentSends(t *testing.T) {
	s, _ := newTest(Discord)
	rec := &recorder{}
	var mu sync.Mutex
	s.granted = func(chat chat.Chat, at time.Time) {
		mu.Lock()
		defer mu.Unlock()
		rec.sent = append(rec.sent, sent{chat: chat, at: at.Sub(start)})
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 40 {
				m := chat.Message{Chat: dc(fmt.Sprint(g, "/", i%4)), Text: fmt.Sprint(i)}
				if err := s.Send(context.Background(), m); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if len(rec.sent) != 8*40 {
		t.Fatalf("sent %d messages, want %d", len(rec.sent), 8*40)
	}
	check(t, "overall", rec.sent, Rate{50, time.Second})
	byChat := map[chat.Chat][]sent{}
	for _, m := range rec.sent {
		byChat[m.chat] = append(byChat[m.chat], m)
	}
	for chat, msgs := range byChat {
		check(t, "channel "+chat.ID, msgs, Rate{5, 5 * time.Second})
	}
}

func TestRetryAfter(t *testing.T) {
	limited := chat.RetryAfter{Wait: 7 * time.Second}
	other := errors.New("chat not found")
	tests := []struct {
		name    string
		fail    []error
		wantErr error // nil: sent
		calls   int
		at      time.Duration // when it was sent
	}{
		{"429 honoured", []error{limited}, nil, 2, 7 * time.Second},
		{"429 wrapped by the adapter", []error{fmt.Errorf("discord: %w", limited)}, nil, 2, 7 * time.Second},
		{"429 twice: the error", []error{limited, limited}, limited, 2, 0},
		{"other error: no retry", []error{other}, other, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, rec := newTest(Discord, tt.fail...)
			err := s.Send(context.Background(), chat.Message{Chat: dc("1"), Text: "hi"})
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Send: %v, want %v", err, tt.wantErr)
			}
			if rec.calls != tt.calls {
				t.Errorf("the platform was called %d times, want %d", rec.calls, tt.calls)
			}
			if tt.wantErr == nil && (len(rec.sent) != 1 || rec.sent[0].at != tt.at) {
				t.Errorf("sent %v, want one message at %v", rec.sent, tt.at)
			}
		})
	}
}

func TestSendCancelled(t *testing.T) {
	s, rec := newTest(Telegram)
	ctx, cancel := context.WithCancel(context.Background())
	if err := s.Send(ctx, chat.Message{Chat: tg("5"), Text: "first"}); err != nil {
		t.Fatal(err)
	}
	cancel()
	// The chat's next message must wait a second: the wait is cut short.
	if err := s.Send(ctx, chat.Message{Chat: tg("5"), Text: "second"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Send after cancel: %v, want context.Canceled", err)
	}
	if len(rec.sent) != 1 {
		t.Errorf("sent %d messages, want only the first", len(rec.sent))
	}
}

// TestLongRetryAfter: a retry-after longer than MaxWaitInPlace is not
// waited out here: the error goes back at once, for the outbox to hold the
// message back.
func TestLongRetryAfter(t *testing.T) {
	long := chat.RetryAfter{Wait: time.Minute}
	s, rec := newTest(Discord, long)
	err := s.Send(context.Background(), chat.Message{Chat: dc("1"), Text: "hi"})
	var ra chat.RetryAfter
	if !errors.As(err, &ra) || ra.Wait != time.Minute {
		t.Errorf("Send = %v, want the RetryAfter of a minute back", err)
	}
	if rec.calls != 1 || s.clock.Now() != start {
		t.Errorf("%d calls, clock moved %v; want one call and no wait", rec.calls, s.clock.Now().Sub(start))
	}
}

// longWaits is the real clock, except that it tells of every wait of a
// minute or more (a group's turn) and makes it last until ctx ends.
type longWaits struct{ started chan time.Duration }

func (longWaits) Now() time.Time { return time.Now() }

func (c longWaits) Sleep(ctx context.Context, d time.Duration) error {
	if d < time.Minute {
		return realClock{}.Sleep(ctx, d)
	}
	c.started <- d
	<-ctx.Done()
	return ctx.Err()
}

// TestGroupLimitHoldsNoNotes (issue 9: 40 s seen): a group over its limit
// waits for its turn while the players' private notes behind it in the
// outbox all go out.
func TestGroupLimitHoldsNoNotes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store := openStore(t)
	group := tg("-100123")
	msgs := []chat.Message{{Chat: group, Text: "table 1", DedupKey: "g1"}, {Chat: group, Text: "table 2", DedupKey: "g2"}}
	for i := range 20 {
		msgs = append(msgs, chat.Message{Chat: chat.Private("telegram", fmt.Sprint(i)), Text: "note", DedupKey: fmt.Sprint("n", i)})
	}
	if err := store.Enqueue(ctx, msgs...); err != nil {
		t.Fatal(err)
	}
	// The group may have one message an hour: its second waits its turn.
	limits := Limits{Global: Telegram.Global, Chat: Telegram.Chat, Group: []Rate{{1, time.Hour}}, IsGroup: Telegram.IsGroup}
	rec := &recorder{clock: testclock.At(start)}
	clock := longWaits{started: make(chan time.Duration, 1)}
	s := New(rec, limits, clock)
	done := make(chan error, 1)
	go func() {
		done <- store.Deliver(ctx, "pace-test", s, storage.DeliverOptions{Platform: "telegram", Poll: time.Millisecond})
	}()
	if d := <-clock.started; d < 59*time.Minute {
		t.Fatalf("the group's second message waits %v, want its turn in about an hour", d)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		rec.mu.Lock()
		notes := 0
		for _, m := range rec.sent {
			if m.chat != group {
				notes++
			}
		}
		rec.mu.Unlock()
		if notes == 20 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("while the group waited a minute %d of 20 notes were sent", notes)
		}
	}
	rec.mu.Lock()
	var toGroup []string
	for _, m := range rec.sent {
		if m.chat == group {
			toGroup = append(toGroup, m.text)
		}
	}
	rec.mu.Unlock()
	if !reflect.DeepEqual(toGroup, []string{"table 1"}) {
		t.Errorf("the group got %q, want table 1 alone (table 2 waits for its turn)", toGroup)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Deliver: %v", err)
	}
}

// TestRemember: the sends of a last run, remembered (as a restart does
// from the outbox's records), count against the limits: a group that had
// its 18 messages in the last minute waits for the oldest to leave it, and
// one a minute quiet does not wait at all.
func TestRemember(t *testing.T) {
	s, rec := newTest(Telegram)
	busy, quiet := tg("-1001"), tg("-1002")
	for i := range 18 {
		// Given out of order: a run's records come as the store has them.
		s.Remember(busy, start.Add(-time.Duration(59-i)*time.Second))
	}
	s.Remember(busy, start.Add(-2*time.Minute)) // older than any limit
	s.Remember(quiet, start.Add(-time.Minute))
	for _, c := range []chat.Chat{quiet, busy} {
		if err := s.Send(context.Background(), chat.Message{Chat: c}); err != nil {
			t.Fatal(err)
		}
	}
	want := []sent{{chat: quiet, at: 0}, {chat: busy, at: time.Second}}
	if !reflect.DeepEqual(rec.sent, want) {
		t.Errorf("sent %+v; want the quiet group at once, the busy one when its oldest send is a minute old", rec.sent)
	}
}
