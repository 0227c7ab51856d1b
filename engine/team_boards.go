package engine

import (
	"cmp"
	"slices"
)

// BoardStanding is one player's row in the standings of one board: the
// individual board prizes team events also award (最佳台次成绩).
type BoardStanding struct {
	Board  int // 1 … Settings.Boards
	Place  int
	Shared bool // R-T-9
	Player int
	Team   int
	Points Points // game points on this board, by Settings.GamePoints
	Games  int    // games with a result on this board, forfeits included
	Wins   int    // forfeit wins included (R-T-0)
}

// BoardStandings ranks, board by board, the players who played on it: the
// result is indexed by board−1. A player's games on other boards (a
// substitute moved up, 分台换人, or a 临时定台 line-up) count on those
// boards. The order is points; then the better share of the points a board's
// games could give (the same points in fewer games); then wins; players
// still equal share a place. The seeds name board prizes but not their
// order: this is the arbiter's usual reading.
func BoardStandings(ev *TeamEvent) [][]BoardStanding {
	boards := ev.Settings.Boards
	team := make([]int, len(ev.Players)+1)
	for _, t := range ev.Teams {
		for _, id := range t.Members {
			if valid(id, len(ev.Players)) {
				team[id] = t.ID
			}
		}
	}
	n := len(ev.Players)
	rows := make([]BoardStanding, boards*(n+1)) // rows[(board-1)*(n+1)+id]; Games 0: not on that board
	add := func(board, id int, o Outcome) {
		if id == 0 || board < 1 || board > boards {
			return
		}
		r := &rows[(board-1)*(n+1)+id]
		r.Points += ev.Settings.GamePoints.points(o)
		r.Games++
		if won(o) {
			r.Wins++
		}
	}
	for _, rd := range ev.Rounds {
		for _, m := range rd.Matches {
			for _, g := range m.Games {
				if g.Result == Pending || m.Void {
					continue
				}
				board := (g.Board-1)%boards + 1 // 全队轮赛: the board within its sub-round
				red, black := gameOutcomes(g.Result)
				add(board, g.Red, red)
				add(board, g.Black, black)
			}
		}
	}
	order := func(x, y *BoardStanding) int {
		if c := cmp.Compare(y.Points, x.Points); c != 0 {
			return c
		}
		// x.Points/x.Games against y's, without dividing.
		if c := cmp.Compare(int(y.Points)*x.Games, int(x.Points)*y.Games); c != 0 {
			return c
		}
		return cmp.Compare(y.Wins, x.Wins)
	}
	out := make([][]BoardStanding, boards)
	for b := range out {
		board := rows[b*(n+1) : (b+1)*(n+1)]
		var ids []int // sorted, not the rows: they are eight words each
		for id := range board {
			if board[id].Games > 0 {
				ids = append(ids, id)
			}
		}
		slices.SortFunc(ids, func(x, y int) int {
			if c := order(&board[x], &board[y]); c != 0 {
				return c
			}
			return cmp.Compare(x, y)
		})
		place, shared := sharedPlaces(len(ids), ev.Settings.Pairing.SharedPlaceSkips, func(i int) bool { return order(&board[ids[i-1]], &board[ids[i]]) == 0 })
		list := make([]BoardStanding, len(ids))
		for i, id := range ids {
			list[i] = board[id]
			list[i].Board, list[i].Player, list[i].Team = b+1, id, team[id]
			list[i].Place, list[i].Shared = place[i], shared[i]
		}
		out[b] = list
	}
	return out
}
