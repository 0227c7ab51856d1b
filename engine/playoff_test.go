package engine

import (
	"fmt"
	"slices"
	"testing"
)

// TestR_T_8_Decider: two tied players' play-off under its chain (seed 000:
// "双方选择加赛一局或以抽签方式分出胜负"): a game, its draw going on to lots;
// armageddon (和棋黑胜) decided by a draw for black, chosen by the player
// who had black in the game before; replays (加赛) until a game is won.
func TestR_T_8_Decider(t *testing.T) {
	// 加赛一局 then 抽签: the first listed has red; a draw goes to lots.
	d := Decider{Players: [2]int{3, 7}, Chain: []TieRule{TieBlitz, TieLots}, Seed: 5, Stream: 9}
	o := d.Outcome()
	if o.Decided || o.Next.Red != 3 || o.Next.Black != 7 || o.Next.Step != TieBlitz {
		t.Fatalf("before the game: %+v, want a blitz game, 3 red", o)
	}
	d.Games = []MatchGame{{Red: 3, Black: 7, Result: Draw, Step: TieBlitz}}
	if o = d.Outcome(); !o.Decided || !o.ByLots || !slices.Contains(o.Order[:], 3) || !slices.Contains(o.Order[:], 7) {
		t.Fatalf("a drawn blitz game: %+v, want lots", o)
	}
	d.Games[0].Result = BlackWin
	if o = d.Outcome(); !o.Decided || o.ByLots || o.Order != [2]int{7, 3} {
		t.Fatalf("black won: %+v, want 7 then 3", o)
	}

	// 加赛 then 和棋黑胜: a drawn replay, then armageddon, colours
	// swapped; the player who had black in game 1 (7) chooses.
	d = Decider{Players: [2]int{3, 7}, Chain: []TieRule{TieReplay, TieArmageddon}}
	d.Games = []MatchGame{{Red: 3, Black: 7, Result: Draw}}
	o = d.Outcome()
	if o.Decided || o.Next.Step != TieArmageddon || o.Next.Red != 7 || o.Next.Black != 3 || o.Next.Chooser != 7 {
		t.Fatalf("after a drawn replay: %+v, want armageddon, 7 red and choosing", o)
	}
	d.Games = append(d.Games, MatchGame{Red: 7, Black: 3, Result: Draw, Step: TieArmageddon})
	if o = d.Outcome(); !o.Decided || o.Order != [2]int{3, 7} {
		t.Fatalf("a drawn armageddon game: %+v, want black (3) first", o)
	}

	// 加赛 alone repeats until a game is won.
	d = Decider{Players: [2]int{1, 2}, Chain: []TieRule{TieReplay}}
	for range 3 {
		d.Games = append(d.Games, MatchGame{Result: Draw})
	}
	if o = d.Outcome(); o.Decided || o.Next.Step != TieReplay {
		t.Fatalf("three drawn replays: %+v, want a fourth", o)
	}
}

// TestR_T_8_DrawOrder: lots order the same players the same way whatever
// order they come in, and differently on another stream now and then.
func TestR_T_8_DrawOrder(t *testing.T) {
	a := DrawOrder([]int{4, 1, 9}, 7, PlayoffStream(0, 2, 2))
	if b := DrawOrder([]int{9, 4, 1}, 7, PlayoffStream(0, 2, 2)); !slices.Equal(a, b) {
		t.Fatalf("lots %v and %v of the same tie", a, b)
	}
	differ := false
	for s := range 20 {
		differ = differ || !slices.Equal(a, DrawOrder([]int{1, 4, 9}, 7, PlayoffStream(0, 2, 3+s)))
	}
	if !differ {
		t.Error("every tie draws the same order")
	}
}

// TestR_T_8_StandingsRankByPlayoffs: players level on every tiebreak
// share a place; a play-off's order among exactly them ranks them, above
// the lots; an order for players no longer level together ranks nobody.
func TestR_T_8_StandingsRankByPlayoffs(t *testing.T) {
	// 1 and 2 beat 3 and 4 and drew each other; 3 and 4 drew.
	ev := stEvent(t, stSettings(Wins), 4, "1-3:1 2-4:1", "1-2:= 3-4:=")
	_, labels := stRank(Standings(ev))
	if fmt.Sprint(labels) != "[1= 1= 3= 3=]" {
		t.Fatalf("places %v, want two shared", labels)
	}
	ev.Playoffs = [][]int{{2, 1}, {4, 3, 9}}
	order, labels := stRank(Standings(ev))
	if fmt.Sprint(order, labels) != "[2 1 3 4] [1 2 3= 3=]" {
		t.Errorf("after 2 beat 1 in a play-off: %v %v, want 2 first, 3 and 4 still level", order, labels)
	}
	ev.Settings.Tiebreaks = []Tiebreak{Wins, Lots}
	if order, _ := stRank(Standings(ev)); order[0] != 2 {
		t.Errorf("lots ranked above the play-off: %v", order)
	}
}

// TestR_T_8_Ties finds the shared places reaching into the first places.
func TestR_T_8_Ties(t *testing.T) {
	rank := []Placing{{1, 1, false}, {2, 2, true}, {3, 2, true}, {4, 4, true}, {5, 4, true}}
	if got := fmt.Sprint(Ties(rank, 2)); got != "[[{2 2 true} {3 2 true}]]" {
		t.Errorf("ties within 2: %s", got)
	}
	if got := len(Ties(rank, 4)); got != 2 {
		t.Errorf("%d ties within 4, want 2", got)
	}
}
