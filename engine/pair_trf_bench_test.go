package engine_test

import (
	"testing"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/trf/trftest"
)

// BenchmarkPairTRFEvent is engine.Pair's part of `qisai pair` on the
// command's benchmark file (cmd/qisai/pair_bench_test.go): trftest's
// 9,999-player Swiss before round 9 of 11, units, forfeits and all. It
// lives in package engine_test because trftest imports engine. Issue 8's
// aim: the whole command within 3× of reading and sorting the file, the
// pairing ≤ 6 ms of it.
func BenchmarkPairTRFEvent(b *testing.B) {
	ev, err := trftest.Swiss(9999, 11, 8, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := engine.Pair(ev); err != nil {
			b.Fatal(err)
		}
	}
}
