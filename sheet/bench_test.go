package sheet

import (
	"fmt"
	"testing"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// big is an n-player Swiss after the given rounds: pairs from a rotation of
// the field, results from the board and round, so the same every time.
func big(n, rounds int) *engine.Event {
	set := engine.DefaultSettings(rounds)
	set.Tiebreaks = []engine.Tiebreak{engine.Buchholz, engine.Progressive, engine.Wins, engine.Fouls, engine.BlackWins}
	ev := engine.Event{Name: "big", Settings: set}
	for i := 1; i <= n; i++ {
		ev.Players = append(ev.Players, engine.Player{ID: i, Name: fmt.Sprintf("选手%04d", i), Unit: fmt.Sprintf("单位%d", i%30)})
	}
	results := []engine.Result{engine.RedWin, engine.Draw, engine.BlackWin}
	for r := range rounds {
		var rd engine.Round
		for b := range n / 2 {
			red, black := (2*b+r*37)%n+1, (2*b+1+r*37)%n+1
			rd.Games = append(rd.Games, engine.Game{Board: b + 1, Red: red, Black: black, Result: results[(b*7+r)%3]})
		}
		ev.Rounds = append(ev.Rounds, rd)
	}
	return &ev
}

// BenchmarkStandings1000 builds the standings sheet of 1,000 players after
// 9 rounds with five tiebreaks: what every picture, file and page of the
// standings starts from. Each loop reads the event afresh (Of), so the
// standings are computed every time (Of keeps them once computed).
func BenchmarkStandings1000(b *testing.B) {
	ev := big(1000, 9)
	for b.Loop() {
		if t := Standings(Of(ev), i18n.Zh); len(t.Rows) != 1000 {
			b.Fatalf("%d rows", len(t.Rows))
		}
	}
}

// BenchmarkCrosstable1000 builds the crosstable of the same event.
func BenchmarkCrosstable1000(b *testing.B) {
	ev := big(1000, 9)
	for b.Loop() {
		if t := Crosstable(Of(ev), i18n.Zh); len(t.Rows) != 1000 {
			b.Fatalf("%d rows", len(t.Rows))
		}
	}
}

// BenchmarkStandingsBriefText1000 lays the standings of the same event out
// for a phone, as the chat's /standings does: the tiebreaks that decided a
// place found among the rows, the lines measured, the table written.
func BenchmarkStandingsBriefText1000(b *testing.B) {
	t := Standings(Of(big(1000, 9)), i18n.Zh)
	for b.Loop() {
		if s := t.BriefText(36, nil).String(); len(s) == 0 {
			b.Fatal("no text")
		}
	}
}
