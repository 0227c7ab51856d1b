package engine

import (
	"testing"
)

// teamMatchOf is a match of two 4-board teams (players 1–4 and 5–8, in
// board order) with the boards' results as the first team's, board 1
// first: "1" a win, "0" a loss, "=" a draw, "-" a double forfeit.
func teamMatchOf(t *testing.T, results string) (*TeamEvent, TeamMatch) {
	t.Helper()
	ev := &TeamEvent{Settings: TeamSettings{Boards: 4, Lineup: FixedBoards, GamePoints: ScoringTwoOne, MatchPoints: ScoringTwoOne}}
	for id := 1; id <= 8; id++ {
		ev.Players = append(ev.Players, Player{ID: id})
	}
	ev.Teams = []Team{{ID: 1, Name: "红星", Members: []int{1, 2, 3, 4}}, {ID: 2, Name: "蓝天", Members: []int{5, 6, 7, 8}}}
	m := TeamMatch{Number: 1, First: 1, Second: 2, FirstLineup: []int{1, 2, 3, 4}, SecondLineup: []int{5, 6, 7, 8}}
	m.Games = ev.boardGames(m.FirstLineup, m.SecondLineup)
	for i, r := range results {
		g := &m.Games[i]
		firstRed := m.firstRed(*g)
		switch r {
		case '1':
			g.Result = map[bool]Result{true: RedWin, false: BlackWin}[firstRed]
		case '0':
			g.Result = map[bool]Result{true: BlackWin, false: RedWin}[firstRed]
		case '=':
			g.Result = Draw
		case '-':
			g.Result = DoubleForfeit
		}
	}
	return ev, m
}

// TestTeamKnockoutResult: a team match in a bracket is won by game points
// (局分); level in them it goes down the chain its boards decide — boards
// won (a double forfeit gives neither side the board), then board by
// board from board 1 — and is a draw, for the blitz board and the lots,
// when every board is level.
func TestTeamKnockoutResult(t *testing.T) {
	for _, tt := range []struct {
		boards string
		chain  []TeamTieRule
		want   Result
		by     TeamTieRule
	}{
		{"11=0", DefaultTeamTie, RedWin, 0},                                 // 局分 5:3
		{"10=0", DefaultTeamTie, BlackWin, 0},                               // 3:5
		{"10==", DefaultTeamTie, RedWin, TeamTieTopBoards},                  // level: board 1 won
		{"01==", DefaultTeamTie, BlackWin, TeamTieTopBoards},                // level: board 1 lost
		{"=10=", DefaultTeamTie, RedWin, TeamTieTopBoards},                  // board 1 drawn, board 2 won
		{"====", DefaultTeamTie, Draw, 0},                                   // every board level
		{"====", []TeamTieRule{TeamTieBlitz}, Draw, 0},                      // no board rule
		{"01==", []TeamTieRule{TeamTieBoardsWon}, Draw, 0},                  // 1 board each
		{"1-0=", []TeamTieRule{TeamTieTopBoards}, RedWin, TeamTieTopBoards}, // the forfeit is nobody's
		{"11??", DefaultTeamTie, Pending, 0},                                // not decided
	} {
		ev, m := teamMatchOf(t, tt.boards)
		if got, by := ev.KnockoutResult(m, tt.chain); got != tt.want || by != tt.by {
			t.Errorf("%s under %v: %v by %v, want %v by %v", tt.boards, tt.chain, got, by, tt.want, tt.by)
		}
	}
	if f := TeamKnockoutFormat(DefaultTeamTie); f.Games != 1 || len(f.Tie) != 2 || f.Tie[0] != TieBlitz || f.Tie[1] != TieLots {
		t.Errorf("the bracket's format %v, want one match, then blitz and lots", f)
	}
	for _, w := range []string{"胜台数", "game-points", "台次", "快棋", "lots"} {
		if _, err := ParseTeamTieRule(w); err != nil {
			t.Errorf("%q: %v", w, err)
		}
	}
}
