package commands

// Speed of issue 4: result reports per second end to end (parse →
// permission → engine → SQLite commit → reply) with 200 concurrent players,
// their latency, and the memory of 100 live events. Figures go in the
// issue's note; run
//
//	go test ./commands -run XXX -bench 'Report|LiveEvents' -benchtime 5x
//
// and, for where the time goes, add -cpuprofile /tmp/cpu.out and read it
// with go tool pprof -top.

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// benchUpdates numbers the benchmarks' requests: every update id differs,
// so none is taken for a duplicate delivery.
var benchUpdates atomic.Int64

// benchEvent creates a running event of n players (n even: n/2 boards)
// with round 1 published, built through the store in one change as the
// organiser's commands would build it, and followed by chat (which leaves
// the event it followed before). Player p is user "<chat>-p<p>". It
// returns the event and each board's red and black user.
func benchEvent(tb testing.TB, store *storage.Store, chat chat.Chat, n int) (storage.EventID, [][2]string) {
	tb.Helper()
	user := func(p int) string { return fmt.Sprintf("%s-p%d", chat.ID, p) }
	org := action.Actor{Platform: chat.Platform, User: "org"}
	var boards [][2]string
	id, _, err := store.Create(context.Background(), org, "", func(ch *storage.Change) error {
		boards = nil // fn may run twice
		steps := []action.Action{&action.Created{Name: "快棋赛", Settings: engine.DefaultSettings(7)}, &action.SignupOpened{}}
		for i := range n {
			// Distinct ratings fix the sequence numbers (R-SW-1).
			steps = append(steps, &action.PlayerAdded{Name: fmt.Sprintf("选手%03d", i+1), Rating: 2400 - i})
		}
		for _, a := range append(steps, &action.Started{}) {
			if err := ch.Append(a); err != nil {
				return err
			}
		}
		p, err := engine.Pair(&ch.State.Event)
		if err != nil {
			return err
		}
		if err := ch.Append(&action.RoundPublished{Pairing: p}); err != nil {
			return err
		}
		for _, pl := range ch.State.Event.Players {
			ch.Identify(chat.Platform, user(pl.ID), pl.Entrant)
		}
		for _, g := range ch.State.Event.Rounds[0].Games {
			boards = append(boards, [2]string{user(g.Red), user(g.Black)})
		}
		ch.Bind(chat)
		ch.Grant(org.Platform, org.User, storage.Organiser)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	if len(boards) != n/2 {
		tb.Fatalf("round 1 of %d players has %d boards, want %d", n, len(boards), n/2)
	}
	return id, boards
}

// benchSay sends text as user in chat, in Chinese. The latency it returns
// counts from sent, when the user sent it: a goroutine that waited for a
// CPU before it could start the command has kept its user waiting too.
func benchSay(svc *Service, chat chat.Chat, user, text string, sent time.Time) (Reply, time.Duration) {
	r := svc.Handle(context.Background(), Request{
		Chat: chat, User: User{ID: user, Name: user}, Locale: "zh", Text: text,
		UpdateID: fmt.Sprintf("bench:update:%d", benchUpdates.Add(1)),
	})
	return r, time.Since(sent)
}

// latencies collects the time each command took, from many goroutines.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d ...time.Duration) {
	l.mu.Lock()
	l.d = append(l.d, d...)
	l.mu.Unlock()
}

// report adds the p50, p99 and slowest latency to b's metrics, in ms.
func (l *latencies) report(b *testing.B) {
	if len(l.d) == 0 {
		return
	}
	slices.Sort(l.d)
	at := func(q float64) float64 {
		return float64(l.d[int(q*float64(len(l.d)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
	b.ReportMetric(at(1), "max-ms")
}

// heapPeak samples the live heap (objects, not yet collected garbage
// included) every millisecond until stop is called, which returns the
// highest sample in bytes.
func heapPeak() (stop func() uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	done, peak := make(chan struct{}), make(chan uint64)
	go func() {
		var top uint64
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			top = max(top, sample[0].Value.Uint64())
			select {
			case <-done:
				peak <- top
				return
			case <-tick.C:
			}
		}
	}()
	return func() uint64 { close(done); return <-peak }
}

// BenchmarkReport measures result reports end to end with 200 concurrent
// players (R-G-1): each of 200 goroutines is one board's red player, who
// sends "/report win" through Service.Handle; with confirm, the same
// goroutine then sends "/confirm" as the board's black player, so a board
// is 2 commands and the round ends complete (its last confirmation
// announces the standings). One iteration is one such round on fresh
// events built with the timer stopped, in the same SQLite file:
//   - one-event: the 200 boards of one 400-player event, so every command
//     writes the same event (its version check serialises them);
//   - 20-events: 20 events of 20 players (10 boards each), still 200
//     players at once, to tell the per-event conflicts from SQLite's single
//     writer.
//
// Latency counts from the moment the players send, all at once (the
// confirmation: from the report's reply), so time spent waiting for a CPU
// or for another writer counts; p99-ms is what the slowest of 100 players
// waits for their answer.
func BenchmarkReport(b *testing.B) {
	for _, bc := range []struct {
		name            string
		events, players int
		confirm         bool
		atOnce          int // players sending at the same time
	}{
		{"one-event/report", 1, 400, false, 200},
		{"one-event/report+confirm", 1, 400, true, 200},
		{"20-events/report+confirm", 20, 20, true, 200},
		// The same commands one at a time: the cost of a command without
		// contention.
		{"one-event/report+confirm/serial", 1, 400, true, 1},
	} {
		b.Run(bc.name, func(b *testing.B) {
			h := newHarness(b)
			var lat latencies
			var peak uint64
			cmds := 0
			b.ReportAllocs()
			b.StopTimer()
			for i := 0; i < b.N; i++ {
				type game struct {
					chat       chat.Chat
					red, black string
				}
				var games []game
				ids := make([]storage.EventID, bc.events)
				for e := range bc.events {
					chat := chat.Chat{Platform: "console", ID: fmt.Sprintf("g%d", e)}
					var boards [][2]string
					ids[e], boards = benchEvent(b, h.store, chat, bc.players)
					for _, bd := range boards {
						games = append(games, game{chat, bd[0], bd[1]})
					}
				}
				h.sent() // a deliverer keeps the outbox short
				start, failed := make(chan struct{}), atomic.Int64{}
				var t0 time.Time // when the players send, all at once
				turns := make(chan struct{}, bc.atOnce)
				var wg sync.WaitGroup
				for _, g := range games {
					wg.Go(func() {
						<-start
						turns <- struct{}{}
						defer func() { <-turns }()
						sent := t0
						if bc.atOnce < len(games) {
							sent = time.Now() // one at a time: sent when its turn comes
						}
						r, d1 := benchSay(h.svc, g.chat, g.red, "/report win", sent)
						ok := strings.Contains(r.Text, "已报告") // "已报告：第3台 张三 胜 李四。等待 李四 确认。"
						if !bc.confirm {
							lat.add(d1)
						} else {
							c, d2 := benchSay(h.svc, g.chat, g.black, "/confirm", sent.Add(d1))
							ok = ok && (strings.Contains(c.Text, "已确认") || strings.Contains(c.Text, "全部结束")) // the result, or the round's end it brought
							r.Text += " / " + c.Text
							lat.add(d1, d2)
						}
						if !ok && failed.Add(1) == 1 {
							b.Errorf("%s: %q", g.red, r.Text)
						}
					})
				}
				runtime.GC()
				stop := heapPeak()
				b.StartTimer()
				t0 = time.Now()
				close(start)
				wg.Wait()
				b.StopTimer()
				peak = max(peak, stop())
				if failed.Load() > 0 {
					b.Fatalf("%d of %d boards failed", failed.Load(), len(games))
				}
				cmds += len(games)
				if bc.confirm {
					cmds += len(games)
				}
				benchCheck(b, h.store, ids, bc.confirm)
			}
			b.ReportMetric(float64(cmds)/b.Elapsed().Seconds(), "cmds/s")
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
			lat.report(b)
		})
	}
}

// benchCheck fails b unless every game of the events' round 1 has its
// report (red won) or, with confirm, its result: the commands did what
// their replies said.
func benchCheck(b *testing.B, store *storage.Store, ids []storage.EventID, confirm bool) {
	b.Helper()
	for _, id := range ids {
		st, err := store.Load(context.Background(), id)
		if err != nil {
			b.Fatal(err)
		}
		for _, g := range st.Event.Rounds[0].Games {
			rep := st.Underway(1, g.Board).Report
			switch {
			case confirm && g.Result != engine.RedWin:
				b.Fatalf("event %d board %d: result %v, want red's win", id, g.Board, g.Result)
			case !confirm && (rep == nil || rep.Result != engine.RedWin):
				b.Fatalf("event %d board %d: report %+v, want red's win", id, g.Board, rep)
			}
		}
	}
}

// BenchmarkLiveEvents measures memory with 100 live events of 20 players,
// round 1 running, each followed by its own group chat. The service and
// the store keep nothing per event in memory (every command loads its
// event from the database), so the Go heap they retain should not grow
// with the events; SQLite's page cache lives in C memory, outside the Go
// heap, and shows in the process's RSS. The timed loop is a burst of 200
// concurrent "/me" (2 players of each event) — reads that change nothing,
// so every iteration sees the same 100 events — and gives the peak heap
// while commands run.
func BenchmarkLiveEvents(b *testing.B) {
	const events, players = 100, 20
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "qisai.db")
	base := heapAfterGC()
	rss0 := rssKB("VmRSS")
	store, err := storage.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	svc := New(store)
	opened := heapAfterGC()
	var users [][2]string // chat, user
	for e := range events {
		chat := chat.Chat{Platform: "console", ID: fmt.Sprintf("live%d", e)}
		_, boards := benchEvent(b, store, chat, players)
		users = append(users, [2]string{chat.ID, boards[0][0]}, [2]string{chat.ID, boards[len(boards)-1][1]})
	}
	live := heapAfterGC()
	rss := rssKB("VmRSS")
	var size int64
	for _, f := range []string{path, path + "-wal"} {
		if fi, err := os.Stat(f); err == nil {
			size += fi.Size()
		}
	}

	var lat latencies
	stop := heapPeak()
	for b.Loop() {
		start := make(chan struct{})
		var t0 time.Time
		var wg sync.WaitGroup
		for _, u := range users {
			wg.Go(func() {
				<-start
				r, d := benchSay(svc, chat.Chat{Platform: "console", ID: u[0]}, u[1], "/me", t0)
				lat.add(d)
				if !strings.Contains(r.Text, "第 1 轮第") {
					b.Errorf("%s /me: %q", u[1], r.Text)
				}
			})
		}
		t0 = time.Now()
		close(start)
		wg.Wait()
	}
	// Reported after the loop: b.Loop's first call drops earlier metrics.
	b.ReportMetric(float64(int64(opened)-int64(base))/(1<<10), "store-heap-KB")
	b.ReportMetric(float64(int64(live)-int64(opened))/events, "heap-B/event")
	b.ReportMetric(float64(rss-rss0)/(1<<10), "rss-growth-MB")
	b.ReportMetric(float64(size)/(1<<20), "db+wal-MB")
	b.ReportMetric(float64(stop())/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(len(lat.d))/b.Elapsed().Seconds(), "cmds/s")
	lat.report(b)
}

// heapAfterGC is the live heap once the garbage is collected.
func heapAfterGC() uint64 {
	runtime.GC()
	runtime.GC() // a second cycle frees what the first one's finalizers released
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// rssKB reads a field of /proc/self/status ("VmRSS", "VmHWM") in KB; 0
// where there is none (not Linux).
func rssKB(field string) int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), ":")
		if ok && name == field {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
			return n
		}
	}
	return 0
}
