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
	rows := make([]map[int]*BoardStanding, boards)
	for b := range rows {
		rows[b] = map[int]*BoardStanding{}
	}
	add := func(board, id int, o Outcome) {
		if id == 0 || board < 1 || board > boards {
			return
		}
		r := rows[board-1][id]
		if r == nil {
			r = &BoardStanding{Board: board, Player: id, Team: team[id]}
			rows[board-1][id] = r
		}
		r.Points += ev.Settings.GamePoints.points(o)
		r.Games++
		if won(o) {
			r.Wins++
		}
	}
	for _, rd := range ev.Rounds {
		for _, m := range rd.Matches {
			for _, g := range m.Games {
				if g.Result == Pending {
					continue
				}
				board := (g.Board-1)%boards + 1 // 全队轮赛: the board within its sub-round
				red, black := gameOutcomes(g.Result)
				add(board, g.Red, red)
				add(board, g.Black, black)
			}
		}
	}
	out := make([][]BoardStanding, boards)
	for b, m := range rows {
		list := make([]BoardStanding, 0, len(m))
		for _, r := range m {
			list = append(list, *r)
		}
		order := func(x, y BoardStanding) int {
			if c := cmp.Compare(y.Points, x.Points); c != 0 {
				return c
			}
			// x.Points/x.Games against y's, without dividing.
			if c := cmp.Compare(int(y.Points)*x.Games, int(x.Points)*y.Games); c != 0 {
				return c
			}
			return cmp.Compare(y.Wins, x.Wins)
		}
		slices.SortFunc(list, func(x, y BoardStanding) int {
			if c := order(x, y); c != 0 {
				return c
			}
			return cmp.Compare(x.Player, y.Player)
		})
		place, shared := sharedPlaces(len(list), ev.Settings.Pairing.SharedPlaceSkips, func(i int) bool { return order(list[i-1], list[i]) == 0 })
		for i := range list {
			list[i].Place, list[i].Shared = place[i], shared[i]
		}
		out[b] = list
	}
	return out
}
