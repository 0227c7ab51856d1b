package commands

// A burst of commands across many live events: the store's cache of
// states and its pool of connections at the size a busy bot runs at. Run
//
//	go test ./commands -run '^$' -bench Burst -benchmem -count 6
//
// and, for where the time goes, add -cpuprofile.

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/storage"
)

// burstEvents live events of burstPlayers players, round 1 in play.
const burstEvents, burstPlayers = 1000, 20

// BenchmarkBurst sends, in one iteration, a draw offer and its refusal on
// board 1 of each of burstEvents events: 2,000 commands, each a write, 200
// events at a time, as many groups' players at once. The offers alternate
// between the board's players from one iteration to the next (R-G-2), so
// every iteration does the same. Latency counts from the burst's start;
// cpu-ms/cmd is the process's CPU time per command (cpuTime).
func BenchmarkBurst(b *testing.B) {
	if testing.Short() {
		b.Skip("builds 1,000 events")
	}
	ctx := context.Background()
	store, err := storage.Open(ctx, filepath.Join(b.TempDir(), "qisai.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	svc := New(store)
	type board struct {
		chat       chat.Chat
		red, black string
	}
	boards := make([]board, burstEvents)
	for e := range boards {
		g := chat.Chat{Platform: "console", ID: fmt.Sprintf("burst%d", e)}
		_, bs := benchEvent(b, store, g, burstPlayers)
		boards[e] = board{g, bs[0][0], bs[0][1]}
	}
	var lat latencies
	turn := 0
	b.ReportAllocs()
	cpu := cpuTime(b)
	for b.Loop() {
		start, slots := make(chan struct{}), make(chan struct{}, 200)
		var t0 time.Time
		var wg sync.WaitGroup
		for _, bd := range boards {
			offers, declines := bd.red, bd.black
			if turn%2 == 1 {
				offers, declines = declines, offers
			}
			wg.Go(func() {
				<-start
				slots <- struct{}{}
				defer func() { <-slots }()
				r1, d1 := benchSay(svc, bd.chat, offers, "/draw", t0)
				r2, d2 := benchSay(svc, bd.chat, declines, "/decline", t0)
				lat.add(d1, d2)
				if !strings.Contains(r1.Text, "提和") || !strings.Contains(r2.Text, "拒绝") {
					b.Errorf("%s: %q / %q", bd.chat.ID, r1.Text, r2.Text)
				}
			})
		}
		t0 = time.Now()
		close(start)
		wg.Wait()
		turn++
	}
	b.ReportMetric(float64(len(lat.d))/b.Elapsed().Seconds(), "cmds/s")
	b.ReportMetric(float64((cpuTime(b)-cpu).Microseconds())/1000/float64(len(lat.d)), "cpu-ms/cmd")
	lat.report(b)
}
