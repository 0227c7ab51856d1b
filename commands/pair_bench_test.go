package commands

// What /pair costs beyond the pairing itself, on the season's event
// (cost_bench_test.go: 5,000 players, 14 rounds played, round 15 to pair).
// Run
//
//	go test ./commands -run '^$' -bench PairSeason -benchmem -count 6
//
// engine is engine.Pair alone on the event; cached is /pair through the
// Service on a store that has loaded the event before (the usual case);
// cold is the first /pair after a start, on a copy of the database as
// built, which reads the event's snapshot. Aims: cached ≤ 3 × engine,
// cold ≤ 2 × cached. Besides the time, each reports the process's CPU
// time per /pair (cpu-ms), which a machine shared with other work
// disturbs less.

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
)

// cpuTime is the CPU time the process has used, user and system, all
// threads (the garbage collector's too).
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkPairSeason(b *testing.B) {
	if testing.Short() {
		b.Skip("builds a 5,000-player event")
	}
	group := chat.Chat{Platform: "console", ID: "season"}
	built := filepath.Join(b.TempDir(), "season.db")
	buildSeason(b, built, group)
	pair := func(b *testing.B, svc *Service) {
		seasonSay(b, svc, group, "org", "/pair", "编排预览")
	}
	reportCPU := func(b *testing.B, cpu time.Duration, n int) {
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(n), "cpu-ms/op")
	}

	b.Run("engine", func(b *testing.B) {
		_, store := seasonService(b, built)
		st := seasonState(b, store, group)
		b.ReportAllocs()
		n, cpu := 0, cpuTime(b)
		for b.Loop() {
			if _, err := engine.Pair(&st.Event); err != nil {
				b.Fatal(err)
			}
			n++
		}
		reportCPU(b, cpuTime(b)-cpu, n)
	})
	b.Run("cached", func(b *testing.B) {
		svc, _ := seasonService(b, built)
		pair(b, svc) // the store has the event now
		b.ReportAllocs()
		n, cpu := 0, cpuTime(b)
		for b.Loop() {
			pair(b, svc)
			n++
		}
		reportCPU(b, cpuTime(b)-cpu, n)
	})
	b.Run("cold", func(b *testing.B) {
		b.ReportAllocs()
		var cpu time.Duration
		n := 0
		for b.Loop() {
			b.StopTimer()
			svc, _ := seasonService(b, built) // a copy as built: the tail after the snapshot as a restart finds it
			b.StartTimer()
			start := cpuTime(b)
			pair(b, svc)
			cpu += cpuTime(b) - start
			n++
		}
		reportCPU(b, cpu, n)
	})
}
