package engine

import (
	"slices"
	"testing"
)

// TestR_E_1_LateEntryScoresMissedRounds: a player entered after round 1
// (P5) has that round scored as the event sets — nothing, or a draw's
// value — and it is no game: no opponent's score, no colour, no bye's own
// score under OpponentCountsOwn, and never the pairing bye (R-E-1).
func TestR_E_1_LateEntryScoresMissedRounds(t *testing.T) {
	all := []Tiebreak{Buchholz, BlackGames, Wins}
	rounds := func(late string) []string {
		return []string{"1-2:1 3-4:= 5:" + late, "1-5:1 2-3:= 4:bye"}
	}
	for _, c := range []struct {
		late  string
		score string // P5's
	}{{"late0", "0"}, {"late=", "1"}} {
		t.Run(c.late, func(t *testing.T) {
			s := stSettings(all...)
			s.ByeOpponent = OpponentCountsOwn
			ev := stEvent(t, s, 5, rounds(c.late)...)
			rows := Standings(ev)
			var p5 Standing
			for _, r := range rows {
				if r.Player == 5 {
					p5 = r
				}
			}
			if got := p5.Score.String(); got != c.score {
				t.Errorf("P5 scores %s, want %s (the missed round as set)", got, c.score)
			}
			// 对手分: P1's score (4) only; the missed round adds neither an
			// opponent nor P5's own score, unlike a bye.
			if got := p5.Tiebreaks[0].String(); got != "4" {
				t.Errorf("P5's 对手分 = %s, want 4: the missed round has no weight", got)
			}
			if got := p5.Tiebreaks[1].String(); got != "1" {
				t.Errorf("P5's 后走局数 = %s, want 1: the missed round has no colour", got)
			}
			h := ev.Histories()[5][0]
			if h.Opponent != 0 || h.Colour != NoColour || h.Played() {
				t.Errorf("P5's round 1 = %+v, want no game", h)
			}
			// Round 3 of five players: a pairing bye is due, and P5 has
			// had none — a missed round is not one — so P5 can take it;
			// P4, who had one, does not again.
			p, err := Pair(ev)
			if err != nil {
				t.Fatal(err)
			}
			if slices.Contains(p.Byes, 4) {
				t.Errorf("round 3 gives P4 a second pairing bye: %v", p.Byes)
			}
			for _, b := range p.Boards {
				if b.Red == 5 && b.Black == 1 || b.Red == 1 && b.Black == 5 {
					t.Errorf("round 3 pairs P5 with P1 again")
				}
			}
		})
	}
}
