package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/trf"
	"github.com/qisai/qisai/trf/trftest"
)

// bigEvent writes a 9,999-player Swiss before round 9 of 11 (TRF-16's four
// columns number no more players) and returns its path.
func bigEvent(b *testing.B) string {
	b.Helper()
	ev, err := trftest.Swiss(9999, 11, 8, 1)
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "big.trf")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := trf.Write(f, ev); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkPairFloor is the least a command on the file must do: read it
// and put its lines in order. BenchmarkPair, the whole `qisai pair`, is
// measured against it.
func BenchmarkPairFloor(b *testing.B) {
	path := bigEvent(b)
	b.ReportAllocs()
	for b.Loop() {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		slices.SortFunc(bytes.Split(data, []byte("\n")), bytes.Compare)
	}
}

func BenchmarkPair(b *testing.B) {
	path := bigEvent(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := pairCmd([]string{path}, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPairRead is the part of BenchmarkPair that reads the file.
func BenchmarkPairRead(b *testing.B) {
	path := bigEvent(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := readEvent(path); err != nil {
			b.Fatal(err)
		}
	}
}

// pairedBigEvent is bigEvent read, with the pairing of its next round.
func pairedBigEvent(b *testing.B) (*engine.Event, engine.Pairing) {
	b.Helper()
	ev, err := readEvent(bigEvent(b))
	if err != nil {
		b.Fatal(err)
	}
	p, err := engine.Pair(ev)
	if err != nil {
		b.Fatal(err)
	}
	return ev, p
}

// BenchmarkPairOutput is the part of BenchmarkPair that prints the pairs.
func BenchmarkPairOutput(b *testing.B) {
	_, p := pairedBigEvent(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := writePairs(io.Discard, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPairRecord prints the pairing record (--explain) of 5,000 boards.
func BenchmarkPairRecord(b *testing.B) {
	ev, p := pairedBigEvent(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := writeRecord(io.Discard, ev, p, zh); err != nil {
			b.Fatal(err)
		}
	}
}
