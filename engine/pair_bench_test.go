package engine

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// lateRounds are BenchmarkPairSwiss's fields: round 7 of 9 for a club of
// 16, round 9 of 11 for the larger fields, round 11 of 13 at 100,000.
var lateRounds = []struct{ players, rounds, round int }{
	{16, 9, 7},
	{232, 11, 9},
	{1000, 11, 9},
	{10000, 11, 9},
	{100000, 13, 11},
}

// lateRound runs bench on each late round up to players, the rounds before
// it paired and filled with seeded random results outside the timer.
func lateRound(b *testing.B, players int, bench func(b *testing.B, ev *Event, round int)) {
	for _, bc := range lateRounds {
		if bc.players > players {
			continue
		}
		b.Run(strconv.Itoa(bc.players), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(bc.players), 9))
			ev := &Event{Name: "bench", Settings: DefaultSettings(bc.rounds)}
			for id := 1; id <= bc.players; id++ {
				ev.Players = append(ev.Players, Player{ID: id})
			}
			playSwiss(b, rng, ev, bc.round-1)
			b.ReportAllocs()
			bench(b, ev, bc.round)
		})
	}
}

// BenchmarkPairSwiss pairs a late round of a Swiss, when results have
// spread the field over many score groups (lateRounds). The goal is
// microseconds at club size, 2 ms at 1,000 players, 20 ms at 10,000 and
// 0.5 s at 100,000.
func BenchmarkPairSwiss(b *testing.B) {
	lateRound(b, 100000, func(b *testing.B, ev *Event, _ int) {
		for b.Loop() {
			if _, err := Pair(ev); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkPairSwissGroups is BenchmarkPairSwiss without the completeness
// work (R-SW-9): the score groups' procedure and the record only, on the
// same rounds up to 10,000 players, which the procedure pairs legally —
// the difference is what the completeness check costs there (issue 8: at
// most 20 %).
func BenchmarkPairSwissGroups(b *testing.B) {
	lateRound(b, 10000, func(b *testing.B, ev *Event, round int) {
		for b.Loop() {
			s, err := newSwiss(ev, round)
			if err != nil {
				b.Fatal(err)
			}
			pairs, bye := s.pairGroups()
			s.finish(pairs, bye)
		}
	})
}

// BenchmarkPairTight pairs rounds the score groups cannot complete, so
// the completeness step runs (R-SW-9): the last round of a round robin's
// worth of Swiss rounds, after the Berger table's first N−2 rounds with
// seeded random results — one complete pairing is left.
func BenchmarkPairTight(b *testing.B) {
	for _, n := range []int{10, 20, 40} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(n), 3))
			ev := rrEvent(n, RoundRobin)
			for range n - 2 {
				p, err := Pair(ev)
				if err != nil {
					b.Fatal(err)
				}
				if err := AddRound(ev, p); err != nil {
					b.Fatal(err)
				}
				fillResults(rng, &ev.Rounds[len(ev.Rounds)-1])
			}
			ev.Settings.System, ev.Settings.Rounds = Swiss, n-1
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Pair(ev); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPairRedWins pairs round 11 of 15 of the red-wins field (see
// redWinsField): red wins every game but every third board's draw, so the
// top score groups all need black after two reds in a row and may not meet
// among themselves (R-SW-12) — they float down group after group, and the
// floater search and the completeness step must stay fast there too.
func BenchmarkPairRedWins(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			ev := redWinsRound11(b, n)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Pair(ev); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
