package trf

import (
	"bytes"
	"slices"
	"testing"

	"github.com/qisai/qisai/trf/trftest"
)

// bigFile is a 9,999-player Swiss (the most TRF-16's four columns number)
// before round 9 of 11, as Write writes it.
func bigFile(b *testing.B) []byte {
	b.Helper()
	return writtenSwiss(b, maxRank, 11, 8, 1)
}

// writtenSwiss is trftest's Swiss of n players (Chinese names, units)
// with played of its rounds played, as Write writes it.
func writtenSwiss(tb testing.TB, n, rounds, played int, seed uint64) []byte {
	tb.Helper()
	ev, err := trftest.Swiss(n, rounds, played, seed)
	if err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, ev); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkReadFloor is the least any reader of the file must do: look at
// every byte (split it into lines) and order the lines, which a reader does
// in putting players in starting-rank order. BenchmarkRead should stay
// within a small multiple of it.
func BenchmarkReadFloor(b *testing.B) {
	data := bigFile(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		lines := bytes.Split(bytes.Clone(data), []byte("\n"))
		slices.SortFunc(lines, bytes.Compare)
	}
}

func BenchmarkRead(b *testing.B) {
	data := bigFile(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(bytes.NewReader(data), "big.trf"); err != nil {
			b.Fatal(err)
		}
	}
}
