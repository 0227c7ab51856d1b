package engine

import "testing"

// R-F-5: without a 猜先, the player who had black in game 1 chooses the
// armageddon's colours; with one, the player who did not choose.
func TestArmageddonChooserWithoutGuess_R_F_5(t *testing.T) {
	for _, tt := range []struct {
		name         string
		guess, first int // the 猜先's winner and whom he put on red; 0: none
		want         int
	}{
		{"no 猜先: game 1's black", 0, 0, 2},
		{"猜先 won by 1, red", 1, 1, 2},
		{"猜先 won by 1, black", 1, 2, 2},
		{"猜先 won by 2, red", 2, 2, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := Knockout([]int{1, 2}, KnockoutSettings{Format: MatchFormat{Games: 2, Tie: []TieRule{TieArmageddon}}})
			if tt.guess != 0 {
				if err := b.Guess(1, tt.guess, tt.first); err != nil {
					t.Fatal(err)
				}
			}
			for range 2 {
				o := b.Outcomes()[0]
				if err := b.Play(1, MatchGame{Red: o.Next.Red, Black: o.Next.Black, Result: Draw}); err != nil {
					t.Fatal(err)
				}
			}
			if o := b.Outcomes()[0]; o.Next.Step != TieArmageddon || o.Next.Chooser != tt.want {
				t.Fatalf("next = %+v, want armageddon chosen by %d", o.Next, tt.want)
			}
		})
	}
}
