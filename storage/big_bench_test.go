package storage

// Benchmarks at the size issue 10 measured (5,000 players × 15 rounds):
// what a command costs once the event is long. Run:
//   go test ./storage -run '^$' -bench 'Big|Running|Publish' -benchmem

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
)

// BenchmarkBigEvent times, on an event of 5,000 players with 15 rounds
// played: an arbiter's correction (one action an Update, warm, as the
// service appends), loading it (cold: a new instance; warm: from this
// Store's cache) and reading the log's last 10 actions (/log 10).
func BenchmarkBigEvent(b *testing.B) {
	ctx := context.Background()
	for _, db := range testDBs(b) {
		s := openTest(b, db.dsn)
		id := newBigEvent(b, s, bigPlayers, bigRounds)
		b.Run(db.name+"/append", func(b *testing.B) {
			boards := bigPlayers / 2
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				i++
				_, err := s.Update(ctx, id, benchActor, benchKeys.next(), func(c *Change) error {
					return c.Append(&action.ResultSet{Round: bigRounds, Board: 1 + i%boards, Result: engine.RedWin + engine.Result(i%3)})
				})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
		for _, warm := range []bool{false, true} {
			name := map[bool]string{false: "cold", true: "warm"}[warm]
			b.Run(db.name+"/load/"+name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if !warm {
						s.cache.drop(id)
					}
					if _, err := s.Load(ctx, id); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		b.Run(db.name+"/log-tail", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				log, err := s.LogTail(ctx, id, 10)
				if err != nil || len(log) != 10 {
					b.Fatal(len(log), err)
				}
			}
		})
	}
}

// BenchmarkRunningEvents lists the running events among 120 of some 3,000
// actions each (362,000 actions in all), half of them finished.
func BenchmarkRunningEvents(b *testing.B) {
	ctx := context.Background()
	const events, actions = 120, 362000
	for _, db := range testDBs(b) {
		s := openTest(b, db.dsn)
		for e := range events {
			_, _, err := s.Create(ctx, benchActor, "", func(c *Change) error {
				acts := []action.Action{&action.Created{Name: fmt.Sprint("event ", e), Settings: engine.DefaultSettings(7)},
					&action.PlayerAdded{Name: "A"}, &action.PlayerAdded{Name: "B"}, &action.Started{}}
				timeControl := "90+30"
				for len(acts) < actions/events-1 {
					acts = append(acts, &action.InfoChanged{TimeControl: &timeControl})
				}
				if e%2 == 1 {
					acts = append(acts, &action.EventFinished{})
				}
				return appendAll(acts...)(c)
			})
			if err != nil {
				b.Fatal(err)
			}
		}
		b.Run(db.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ids, err := s.RunningEvents(ctx)
				if err != nil || len(ids) != events/2 {
					b.Fatal(len(ids), err)
				}
			}
		})
	}
}

// BenchmarkPublishDelivered times delivering what publishing a round of
// 5,000 players queues: the group's pairing in 10 messages and a private
// note to each player, all through Deliver with a sender that takes
// everything at once (the outbox's own cost). Sent messages of earlier
// runs stay in the table, as they do in use.
func BenchmarkPublishDelivered(b *testing.B) {
	ctx := context.Background()
	for _, db := range testDBs(b) {
		s := openTest(b, db.dsn)
		b.Run(db.name, func(b *testing.B) {
			b.ReportAllocs()
			run := 0
			for b.Loop() {
				b.StopTimer()
				run++
				var msgs []chat.Message
				for i := range 10 {
					msgs = append(msgs, chat.Message{Chat: chat.Chat{Platform: "bench", ID: "group"}, Text: fmt.Sprintf("round %d, part %d", run, i),
						DedupKey: fmt.Sprintf("publish:%d:group:%d", run, i)})
				}
				for p := range bigPlayers {
					msgs = append(msgs, chat.Message{Chat: chat.Private("bench", fmt.Sprint(p)), Text: "board 12: you are red",
						DedupKey: fmt.Sprintf("publish:%d:dm:%d", run, p)})
				}
				if err := s.Enqueue(ctx, msgs...); err != nil {
					b.Fatal(err)
				}
				send := &countingSender{want: len(msgs), all: make(chan struct{})}
				dctx, stop := context.WithCancel(ctx)
				done := make(chan error, 1)
				b.StartTimer()
				go func() { done <- s.Deliver(dctx, "bench", send, DeliverOptions{}) }()
				select {
				case <-send.all:
				case <-time.After(10 * time.Minute):
					b.Fatal("not delivered in 10 minutes")
				}
				stop()
				if err := <-done; err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// countingSender takes every message and closes all once it has want.
type countingSender struct {
	mu   sync.Mutex
	n    int
	want int
	all  chan struct{}
}

func (c *countingSender) Send(ctx context.Context, m chat.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n++; c.n == c.want {
		close(c.all)
	}
	return nil
}
