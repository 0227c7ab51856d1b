package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func seedList(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i + 1
	}
	return s
}

// playAll plays every match of b to the end, the winner chosen by win
// (given the match and its red and black), and returns the games played.
func playAll(t testing.TB, b *Bracket, win func(m, red, black int) Result) int {
	t.Helper()
	games := 0
	for {
		progress := false
		out := b.Outcomes()
		for i, o := range out {
			if o.Decided || o.Players[0] == UnknownPlayer || o.Players[1] == UnknownPlayer {
				continue
			}
			g := MatchGame{Red: o.Next.Red, Black: o.Next.Black, Result: win(i+1, o.Next.Red, o.Next.Black)}
			if err := b.Play(i+1, g); err != nil {
				t.Fatal(err)
			}
			games++
			progress = true
			break
		}
		if !progress {
			return games
		}
	}
}

func lowerWins(_, red, black int) Result {
	if red < black {
		return RedWin
	}
	return BlackWin
}

// R-F-4: the standard order keeps the top seeds apart, byes go to the top seeds.
func TestKnockoutStandardOrder_R_F_4(t *testing.T) {
	if got, want := bracketOrder(8), []int{1, 8, 4, 5, 2, 7, 3, 6}; !slices.Equal(got, want) {
		t.Fatalf("bracketOrder(8) = %v, want %v", got, want)
	}
	b := Knockout(seedList(6), KnockoutSettings{Format: OneGame})
	var first []string
	for _, m := range b.Matches {
		if m.Round == 1 {
			first = append(first, m.Slots[0].String()+"-"+m.Slots[1].String())
		}
	}
	if want := []string{"1-bye", "4-5", "2-bye", "3-6"}; !slices.Equal(first, want) {
		t.Fatalf("round 1 of 6 = %v, want %v", first, want)
	}
	playAll(t, b, lowerWins)
	rank := b.Ranking()
	want := []Placing{{1, 1, false}, {2, 2, false}, {3, 3, true}, {4, 3, true}, {5, 5, true}, {6, 5, true}}
	if !slices.Equal(rank, want) {
		t.Fatalf("ranking = %v, want %v", rank, want)
	}
}

// R-F-4, R-T-8: a third-place match and the 5th–8th play-offs decide places;
// without them the top 8 may not be shared and lots order each round's losers.
func TestKnockoutPlaces_R_F_4_R_T_8(t *testing.T) {
	b := Knockout(seedList(16), KnockoutSettings{Format: OneGame, ThirdPlace: true, Playoffs: true})
	playAll(t, b, lowerWins)
	rank := b.Ranking()
	for i, p := range rank[:8] {
		if p.Place != i+1 || p.Entrant != i+1 || p.Shared {
			t.Fatalf("place %d = %+v; want entrant %d alone", i+1, p, i+1)
		}
	}
	if p := rank[8]; p.Place != 9 || !p.Shared {
		t.Fatalf("place 9 = %+v, want shared 9=", p)
	}
	b = Knockout(seedList(16), KnockoutSettings{Format: OneGame, Unshared: 8, Seed: 7})
	playAll(t, b, lowerWins)
	rank = b.Ranking()
	for i, p := range rank[:8] {
		if p.Place != i+1 || p.Shared {
			t.Fatalf("unshared place %d = %+v", i+1, p)
		}
	}
	if again := b.Ranking(); !slices.Equal(rank, again) {
		t.Fatal("lots are not the same twice")
	}
}

// R-F-5: a best of 3 ends at 2–0; level, the tie chain goes in order,
// armageddon gives black a draw, and lots decide from the seed.
func TestMatchFormat_R_F_5(t *testing.T) {
	cases := []struct {
		name    string
		format  MatchFormat
		results []Result // red's view, colours alternating from 1 red
		decided bool
		winner  int
		next    TieRule
	}{
		{"bo3 2-0 ends", BestOfThree, []Result{RedWin, BlackWin}, true, 1, 0},
		{"bo3 1-1 plays a third", BestOfThree, []Result{RedWin, RedWin}, false, 0, RegularGame},
		{"bo3 level goes to overtime", BestOfThree, []Result{RedWin, RedWin, Draw}, false, 0, TieOvertime},
		{"two games level then captures", MatchFormat{Games: 2, Tie: []TieRule{TieCaptures, TieLots}}, []Result{Draw, Draw}, false, 0, TieCaptures},
		{"replay repeats", OneGame, []Result{Draw, Draw, Draw}, false, 0, TieReplay},
		{"replay decides", OneGame, []Result{Draw, Draw, BlackWin}, true, 2, 0},
		{"armageddon draw is black's", MatchFormat{Games: 1, Tie: []TieRule{TieArmageddon}}, []Result{Draw, Draw}, true, 1, 0},
		{"lots decide", MatchFormat{Games: 1, Tie: []TieRule{TieBlitz, TieLots}}, []Result{Draw, Draw}, true, 2, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var games []MatchGame
			red, black := 1, 2
			for _, r := range c.results {
				games = append(games, MatchGame{Red: red, Black: black, Result: r})
				red, black = black, red
			}
			for i := range games {
				if i >= c.format.Games {
					chain := c.format.Tie
					games[i].Step = chain[min(i-c.format.Games, len(chain)-1)]
				}
			}
			st := c.format.state(1, 2, games, func() int { return 1 })
			if st.decided != c.decided || st.winner != c.winner || (!st.decided && st.next != c.next) {
				t.Fatalf("state = %+v, want decided %v winner %d next %v", st, c.decided, c.winner, c.next)
			}
		})
	}
}

// R-F-5: a decided best of 3 refuses a third game; colours alternate
// game by game from the 猜先 (R-C-3).
func TestBestOfThreeStopsAtTwoNil_R_F_5_R_C_3(t *testing.T) {
	b := Knockout([]int{1, 2}, KnockoutSettings{Format: BestOfThree})
	if err := b.Guess(1, 2, 2); err != nil {
		t.Fatal(err)
	}
	o := b.Outcomes()[0]
	if o.Next.Red != 2 {
		t.Fatalf("game 1 red = %d, want 2 (猜先)", o.Next.Red)
	}
	for _, g := range []MatchGame{{Red: 2, Black: 1, Result: RedWin}, {Red: 1, Black: 2, Result: BlackWin}} {
		if err := b.Play(1, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Play(1, MatchGame{Red: 2, Black: 1, Result: RedWin}); !errors.Is(err, ErrMatchOver) {
		t.Fatalf("third game at 2–0: %v, want ErrMatchOver", err)
	}
}

// R-F-5: a best-of-3 final, level after 3 games, settled by armageddon; the
// player who did not choose in the first 猜先 chooses the colour.
func TestBestOfThreeArmageddonFinal_R_F_5(t *testing.T) {
	b := Knockout([]int{1, 2}, KnockoutSettings{Format: MatchFormat{Games: 3, BestOf: true, Tie: []TieRule{TieBlitz, TieArmageddon}}})
	if err := b.Guess(1, 1, 1); err != nil {
		t.Fatal(err)
	}
	for _, r := range []Result{RedWin, RedWin, Draw, Draw} { // 1–1 … 1½–1½, blitz drawn
		o := b.Outcomes()[0]
		if err := b.Play(1, MatchGame{Red: o.Next.Red, Black: o.Next.Black, Result: r}); err != nil {
			t.Fatal(err)
		}
	}
	o := b.Outcomes()[0]
	if o.Next.Step != TieArmageddon || o.Next.Chooser != 2 {
		t.Fatalf("next = %+v, want armageddon chosen by 2", o.Next)
	}
	// 2 chooses black and draws: black wins (和棋黑胜).
	if err := b.Play(1, MatchGame{Red: 1, Black: 2, Result: Draw}); err != nil {
		t.Fatal(err)
	}
	if rank := b.Ranking(); rank[0].Entrant != 2 || rank[1].Entrant != 1 {
		t.Fatalf("ranking = %v, want 2 then 1", rank)
	}
}

// R-F-4: a double forfeit passes through the bracket like a bye.
func TestDoubleForfeitIsABye_R_F_4(t *testing.T) {
	b := Knockout(seedList(4), KnockoutSettings{Format: OneGame})
	if err := b.Play(1, MatchGame{Red: 1, Black: 4, Result: DoubleForfeit}); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(2, MatchGame{Red: 2, Black: 3, Result: RedWin}); err != nil {
		t.Fatal(err)
	}
	o := b.Outcomes()[2]
	if !o.Decided || o.Winner != 2 || o.Players != [2]int{0, 2} {
		t.Fatalf("final = %+v, want 2 through on a bye", o)
	}
}

// A corrected result re-routes later matches; refused once they are
// played, unless the cascade is confirmed.
func TestCorrectionReroutes(t *testing.T) {
	b := Knockout(seedList(4), KnockoutSettings{Format: OneGame})
	playAll(t, b, lowerWins)
	err := b.Correct(1, []MatchGame{{Red: 1, Black: 4, Result: BlackWin}}, false)
	var ce *CorrectionError
	if !errors.As(err, &ce) || !errors.Is(err, ErrLaterPlayed) || !slices.Equal(ce.Later, []int{3}) {
		t.Fatalf("correction = %v, want refused naming match 3", err)
	}
	if b.Outcomes()[0].Winner != 1 {
		t.Fatal("a refused correction changed the match")
	}
	if err := b.Correct(1, []MatchGame{{Red: 1, Black: 4, Result: BlackWin}}, true); err != nil {
		t.Fatal(err)
	}
	o := b.Outcomes()[2]
	if o.Decided || o.Players != [2]int{4, 2} {
		t.Fatalf("final after cascade = %+v, want 4 v 2 to play", o)
	}
}

// Property (R-F-4): for random fields of 2..512, every player is placed
// once, byes stand only in round 1 against the top seeds, N − 1 matches are
// decided by games, and a corrected result re-routes.
func TestKnockoutProperty_R_F_4(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 60; trial++ {
		n := 2 + r.IntN(511)
		if trial < 15 {
			n = trial + 2 // every small field
		}
		b := Knockout(seedList(n), KnockoutSettings{Format: BestOfThree, Seed: uint64(trial)})
		byes := 0
		for _, m := range b.Matches {
			for _, s := range m.Slots {
				if s.Kind == SlotBye {
					byes++
					if m.Round != 1 || m.Slots[0].Kind != SlotEntrant || m.Slots[0].Entrant > nextPow2(n)-n {
						t.Fatalf("n=%d: bye in %+v", n, m)
					}
				}
			}
		}
		if byes != nextPow2(n)-n {
			t.Fatalf("n=%d: %d byes", n, byes)
		}
		playAll(t, b, func(m, red, black int) Result {
			return []Result{RedWin, BlackWin, Draw}[(m+red*black)%3]
		})
		played := 0
		for _, m := range b.Matches {
			if len(m.Games) > 0 {
				played++
			}
			// R-F-5: a best of 3 at 2–0 plays no third game.
			if len(m.Games) > 2 && m.Games[2].Step == RegularGame {
				w0, w1 := tieWinner(m.Games[0]), tieWinner(m.Games[1])
				if w0 != 0 && w0 == w1 {
					t.Fatalf("n=%d: a third game after 2–0 in %+v", n, m)
				}
			}
		}
		if played != n-1 {
			t.Fatalf("n=%d: %d matches played, want %d", n, played, n-1)
		}
		rank := b.Ranking()
		seen := map[int]bool{}
		for _, p := range rank {
			if seen[p.Entrant] {
				t.Fatalf("n=%d: %d placed twice", n, p.Entrant)
			}
			seen[p.Entrant] = true
		}
		if len(rank) != n {
			t.Fatalf("n=%d: %d placed", n, len(rank))
		}
		// Re-route: flip the first played match; its old winner is out.
		for i, m := range b.Matches {
			if len(m.Games) == 0 {
				continue
			}
			o := b.Outcomes()[i]
			if err := b.Correct(i+1, []MatchGame{{Red: o.Loser, Black: o.Winner, Result: RedWin}}, true); err != nil {
				t.Fatal(err)
			}
			for _, x := range b.Outcomes()[i+1:] {
				if x.Players[0] == o.Winner || x.Players[1] == o.Winner {
					t.Fatalf("n=%d: %d still plays after losing match %d", n, o.Winner, i+1)
				}
			}
			break
		}
	}
}

func TestSlotString(t *testing.T) {
	for _, c := range []struct {
		s    Slot
		want string
	}{{Slot{Kind: SlotWinner, Match: 3}, "W3"}, {Slot{Kind: SlotLoser, Match: 2}, "L2"}, {Slot{Kind: SlotBye}, "bye"}} {
		if got := fmt.Sprint(c.s); got != c.want {
			t.Errorf("%+v = %q, want %q", c.s, got, c.want)
		}
	}
}
