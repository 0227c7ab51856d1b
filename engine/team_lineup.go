package engine

import (
	"fmt"
	"slices"
)

// LineupRule is how a team's players take the boards (§12, R-TM-1..3).
type LineupRule int8

const (
	// FixedBoards 分台定人 (§12.1): the registered players on boards in
	// registration order, every match.
	FixedBoards LineupRule = iota
	// OrderedSubstitutes 分台换人 (§12.2): reserves may play, but the board
	// order keeps the registration order: of six registered for four boards,
	// 1-2-3-4, 1-2-3-5 … 3-4-5-6, fifteen line-ups in all. A team that cannot
	// fill every board leaves the last ones empty, its players moving up:
	// all fifteen orders are full line-ups, so a board is empty only where
	// no player is left to take it.
	OrderedSubstitutes
	// FreeLineup 临时定台 (§12.3): the captain sets the boards before each
	// match, in any order.
	FreeLineup
	// AllPlayAll 全队轮赛 (§12.4): every player of one team plays every
	// player of the other.
	AllPlayAll
	// PlayerTotals 队员总分制 (§12.5, R-TM-3): no boards; the teams are
	// ranked by their players' results in the individual event (TeamTotals).
	PlayerTotals
)

var lineupNames = enumNames[LineupRule]{
	{FixedBoards, []string{"fixed", "分台定人", "定人"}},
	{OrderedSubstitutes, []string{"substitutes", "分台换人", "换人"}},
	{FreeLineup, []string{"free", "临时定台", "定台"}},
	{AllPlayAll, []string{"all-play-all", "全队轮赛", "轮赛"}},
	{PlayerTotals, []string{"totals", "队员总分制", "队员总分"}},
}

// ParseLineupRule reads a board order rule by its English or Chinese name.
func ParseLineupRule(s string) (LineupRule, error) { return lineupNames.parse("board order", s) }

func (r LineupRule) String() string { return lineupNames.name(r) }

// Chinese is the rule's Chinese name (分台定人 …).
func (r LineupRule) Chinese() string { return lineupNames.chinese(r) }

// LineupError says what is wrong with a line-up, so that an interface can
// say it in its user's language: Error in English, Chinese in Chinese.
type LineupError struct {
	Reason LineupReason
	Team   int
	// Board and Player name the board and the player the reason is about;
	// Other and OtherPlayer a second board and its player, or the player
	// the board must have (LineupFixedOrder), or the size wanted
	// (LineupSize, in Other).
	Board, Player      int
	Other, OtherPlayer int
}

// LineupReason is why a line-up is refused.
type LineupReason int8

const (
	// LineupNoBoards: 队员总分制 plays no boards, so there is no line-up.
	LineupNoBoards LineupReason = iota + 1
	// LineupSize: the line-up lists Player boards and the match has Other.
	LineupSize
	// LineupNotMember: Player on Board is not one of the team's players.
	LineupNotMember
	// LineupTwice: Player is on Board and on board Other.
	LineupTwice
	// LineupFixedOrder: under 分台定人 Board is OtherPlayer's, not Player's.
	LineupFixedOrder
	// LineupInverted: under 分台换人 Player on Board is registered after
	// OtherPlayer on the later board Other (§12.2: 台次顺序不能前后颠倒).
	LineupInverted
	// LineupGap: under 分台换人 Board is left empty while Player plays the
	// later board Other; the players move up and the empty boards are the
	// last ones (§12.2's orders are full line-ups, filled from board 1).
	LineupGap
)

func (e *LineupError) Error() string {
	switch e.Reason {
	case LineupNoBoards:
		return "a team ranked by its players' totals plays no boards: it has no line-up"
	case LineupSize:
		return fmt.Sprintf("the line-up lists %d boards; a match has %d", e.Player, e.Other)
	case LineupNotMember:
		return fmt.Sprintf("board %d: player %d is not one of the team's players", e.Board, e.Player)
	case LineupTwice:
		return fmt.Sprintf("player %d is on board %d and on board %d: one board a player", e.Player, e.Board, e.Other)
	case LineupFixedOrder:
		return fmt.Sprintf("boards are fixed in registration order: board %d is player %d's, not player %d's", e.Board, e.OtherPlayer, e.Player)
	case LineupGap:
		return fmt.Sprintf("board %d is left empty while player %d plays board %d: the players move up and the empty boards are the last ones", e.Board, e.Player, e.Other)
	}
	return fmt.Sprintf("the board order may not be inverted: player %d on board %d is registered after player %d on board %d", e.Player, e.Board, e.OtherPlayer, e.Other)
}

// Chinese says the same in Chinese.
func (e *LineupError) Chinese() string {
	switch e.Reason {
	case LineupNoBoards:
		return "队员总分制不分台次，没有出场名单"
	case LineupSize:
		return fmt.Sprintf("出场名单排了 %d 台，每场比赛是 %d 台", e.Player, e.Other)
	case LineupNotMember:
		return fmt.Sprintf("第 %d 台：%d 号选手不是本队队员", e.Board, e.Player)
	case LineupTwice:
		return fmt.Sprintf("%d 号选手排在第 %d 台又排在第 %d 台：每人只能下一台", e.Player, e.Board, e.Other)
	case LineupFixedOrder:
		return fmt.Sprintf("分台定人按报名台次出场：第 %d 台应是 %d 号选手，不是 %d 号", e.Board, e.OtherPlayer, e.Player)
	case LineupGap:
		return fmt.Sprintf("第 %d 台空着，%d 号选手却排在第 %d 台：队员依次上移，空台只能是最后几台", e.Board, e.Player, e.Other)
	}
	return fmt.Sprintf("分台换人台次顺序不能前后颠倒：第 %d 台的 %d 号选手报名台次在第 %d 台的 %d 号选手之后", e.Board, e.Player, e.Other, e.OtherPlayer)
}

// CheckLineup says what is wrong with a line-up for team id: the players
// on boards 1, 2, …, 0 for a board left empty (lost by forfeit). It returns
// a *LineupError, or nil when the line-up stands under Settings.Lineup
// (R-TM-1).
func (ev *TeamEvent) CheckLineup(id int, lineup []int) error {
	s := ev.Settings
	refuse := func(r LineupReason, board, player, other, otherPlayer int) error {
		return &LineupError{Reason: r, Team: id, Board: board, Player: player, Other: other, OtherPlayer: otherPlayer}
	}
	if s.Lineup == PlayerTotals {
		return refuse(LineupNoBoards, 0, 0, 0, 0)
	}
	if len(lineup) != s.Boards {
		return refuse(LineupSize, 0, len(lineup), s.Boards, 0)
	}
	t, _ := ev.Team(id)
	regulars := ev.Regulars(id)
	last, lastBoard := -1, 0 // registration index and board of the last player seen
	gap := 0                 // the first empty board, 0 while every board so far is filled
	for i, p := range lineup {
		board := i + 1
		if p == 0 {
			if gap == 0 {
				gap = board
			}
			continue
		}
		at := slices.Index(t.Members, p)
		if at < 0 {
			return refuse(LineupNotMember, board, p, 0, 0)
		}
		if j := slices.Index(lineup, p); j < i {
			return refuse(LineupTwice, j+1, p, board, 0)
		}
		switch s.Lineup {
		case FixedBoards:
			if p != regulars[i] {
				return refuse(LineupFixedOrder, board, p, 0, regulars[i])
			}
		case OrderedSubstitutes:
			if at < last {
				return refuse(LineupInverted, lastBoard, t.Members[last], board, p)
			}
			if gap > 0 {
				return refuse(LineupGap, gap, p, board, 0)
			}
		}
		last, lastBoard = at, board
	}
	return nil
}

// boardGames lays out a match's games from the two line-ups: board b has the
// first team's b-th player against the second's, the first team red on odd
// boards and black on even ones (R-C-2, §13.2, §13.3). Under 全队轮赛 the
// match is len(lineup) sub-rounds of that layout, the second line-up turned
// one board on each time, so everybody meets everybody; Game.Board counts
// on through the sub-rounds and the colours follow the board within its
// sub-round. An empty board is a forfeit to the player facing it.
func (ev *TeamEvent) boardGames(first, second []int) []Game {
	n := len(first)
	turns := 1
	if ev.Settings.Lineup == AllPlayAll {
		turns = n
	}
	games := make([]Game, 0, n*turns)
	for k := range turns {
		for b := range n {
			f, s := first[b], second[(b+k)%n]
			g := Game{Board: k*n + b + 1, Red: f, Black: s}
			if b%2 == 1 {
				g.Red, g.Black = s, f
			}
			switch {
			case g.Red == 0 && g.Black == 0:
				g.Result = DoubleForfeit
			case g.Red == 0:
				g.Result = BlackForfeitWin
			case g.Black == 0:
				g.Result = RedForfeitWin
			}
			games = append(games, g)
		}
	}
	return games
}
