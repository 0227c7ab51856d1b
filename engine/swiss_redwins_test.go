package engine

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateRedWins = flag.Bool("update-redwins", false, "rewrite testdata/redwins-*.golden from the current engine")

// redWinsField is a field in which red wins every game but those on boards
// whose number divides by 3, which are drawn: red wins often in xiangqi.
// After two rounds the top score group has all had red twice, so no two of
// them may meet (R-SW-12) and every one of them floats down — the field
// that once made every odd round take seconds at 1,000 players.
func redWinsField(players, rounds int) *Event {
	ev := &Event{Name: "redwins", Settings: DefaultSettings(rounds)}
	for i := 1; i <= players; i++ {
		ev.Players = append(ev.Players, Player{ID: i, Name: fmt.Sprint("p", i), Rating: 2400 - (i-1)/3})
	}
	return ev
}

// playRedWins enters a pairing with red winning, every third board drawn.
func playRedWins(tb testing.TB, ev *Event, p Pairing) {
	tb.Helper()
	if err := AddRound(ev, p); err != nil {
		tb.Fatal(err)
	}
	rd := &ev.Rounds[len(ev.Rounds)-1]
	for i := range rd.Games {
		rd.Games[i].Result = RedWin
		if rd.Games[i].Board%3 == 0 {
			rd.Games[i].Result = Draw
		}
	}
}

// redWinsRound11 is the red-wins field of 15 rounds with 10 played: the
// round the benchmarks pair.
func redWinsRound11(tb testing.TB, players int) *Event {
	tb.Helper()
	ev := redWinsField(players, 15)
	for range 10 {
		p, err := Pair(ev)
		if err != nil {
			tb.Fatal(err)
		}
		playRedWins(tb, ev, p)
	}
	return ev
}

// formatPairing writes everything a pairing says, one board a line.
func formatPairing(p Pairing) string {
	var b strings.Builder
	fmt.Fprintf(&b, "round %d\n", p.Round)
	for _, bd := range p.Boards {
		fmt.Fprintf(&b, "%d %d-%d placed=%d float=%t colour=%d\n", bd.Number, bd.Red, bd.Black, bd.Placed, bd.Float, bd.ColourRule)
	}
	fmt.Fprintf(&b, "byes %v %v\n", p.Byes, p.ByeColours)
	for _, r := range p.Relaxed {
		fmt.Fprintf(&b, "relaxed %s %d %v %s\n", r.Rule, r.Reason, r.Players, r.Why)
	}
	return b.String()
}

// TestRedWinsGolden pairs the red-wins field round by round and compares
// every pairing, board by board with its record, with the one the engine
// made before the floater search and the completeness step were made fast:
// speed must not change a single pairing. -update-redwins records anew.
func TestRedWinsGolden(t *testing.T) {
	for _, c := range []struct{ players, rounds int }{{200, 9}, {201, 9}} {
		t.Run(fmt.Sprint(c.players), func(t *testing.T) {
			ev := redWinsField(c.players, c.rounds)
			var got strings.Builder
			for range c.rounds {
				p, err := Pair(ev)
				if err != nil {
					t.Fatalf("round %d: %v", len(ev.Rounds)+1, err)
				}
				got.WriteString(formatPairing(p))
				playRedWins(t, ev, p)
			}
			path := filepath.Join("testdata", fmt.Sprintf("redwins-%d.golden", c.players))
			if *updateRedWins {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (record it with -update-redwins)", err)
			}
			if got.String() != string(want) {
				gl, wl := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
				for i := range min(len(gl), len(wl)) {
					if gl[i] != wl[i] {
						t.Fatalf("%s line %d:\n got %s\nwant %s", path, i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("%s: %d lines, want %d", path, len(gl), len(wl))
			}
		})
	}
}

// BenchmarkRedWinsSteps splits BenchmarkPairRedWins's round in two: the
// score groups' procedure, which cannot pair this round, and the
// completeness step (R-SW-9) that then pairs the whole field.
func BenchmarkRedWinsSteps(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		ev := redWinsRound11(b, n)
		round := len(ev.Rounds) + 1
		b.Run(fmt.Sprintf("groups/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s, err := newSwiss(ev, round)
				if err != nil {
					b.Fatal(err)
				}
				if pairs, bye := s.pairGroups(); s.complete(pairs, bye) {
					b.Fatal("the score groups paired the round: the benchmark measures the wrong thing")
				}
			}
		})
		b.Run(fmt.Sprintf("complete/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s, err := newSwiss(ev, round)
				if err != nil {
					b.Fatal(err)
				}
				if _, _, err := s.pairComplete(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
