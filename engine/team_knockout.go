package engine

// A team knockout (§11.1: "人(队)…可酌情采用单淘汰制、双淘汰制"): the teams
// are a bracket's entrants and each of its matches is one team match on
// the boards. A match level in game points (局分) is settled by its own
// chain (TeamTieRule): first what its boards already say — boards won
// (胜台数), game points, the top board's result, then the next board's —
// then a blitz board (快棋加赛) and lots, which the bracket plays as its
// match format's tie chain (TeamKnockoutFormat).

// TeamTieRule is one step of a level team match's chain.
type TeamTieRule int8

const (
	TeamTieBoardsWon  TeamTieRule = iota + 1 // 胜台数: more boards won
	TeamTieGamePoints                        // 局分: more game points
	TeamTieTopBoards                         // 台次: board 1's result, then board 2's, …
	TeamTieBlitz                             // 快棋加赛: a blitz game of the teams' first boards
	TeamTieLots                              // 抽签
)

var teamTieNames = enumNames[TeamTieRule]{
	{TeamTieBoardsWon, []string{"boards-won", "胜台数", "胜台"}},
	{TeamTieGamePoints, []string{"game-points", "局分"}},
	{TeamTieTopBoards, []string{"top-boards", "台次", "前台"}},
	{TeamTieBlitz, []string{"blitz", "快棋", "快棋加赛"}},
	{TeamTieLots, []string{"lots", "抽签"}},
}

func (r TeamTieRule) String() string { return teamTieNames.name(r) }

// Chinese is the rule's Chinese name (胜台数, 局分 …).
func (r TeamTieRule) Chinese() string { return teamTieNames.chinese(r) }

// ParseTeamTieRule reads a rule by its English or Chinese name.
func ParseTeamTieRule(s string) (TeamTieRule, error) { return teamTieNames.parse("team tie rule", s) }

// DefaultTeamTie is the chain the issue of team knockouts names: boards
// won, game points, the boards from the top, a blitz board, lots.
var DefaultTeamTie = []TeamTieRule{TeamTieBoardsWon, TeamTieGamePoints, TeamTieTopBoards, TeamTieBlitz, TeamTieLots}

// TeamKnockoutFormat is the match format of a team bracket under chain:
// one team match, then the chain's games — a blitz board, repeating while
// it is the last rule — and lots (R-F-5's chain, R-T-8).
func TeamKnockoutFormat(chain []TeamTieRule) MatchFormat {
	f := MatchFormat{Games: 1}
	for _, r := range chain {
		switch r {
		case TeamTieBlitz:
			f.Tie = append(f.Tie, TieBlitz)
		case TeamTieLots:
			f.Tie = append(f.Tie, TieLots)
		}
	}
	return f
}

// KnockoutResult is a decided team match as one game of a team bracket:
// the first team is red (R-C-2); it wins or loses by the match's game
// points or early decision, and a match level in them goes down chain's
// rules that its boards decide — boards won, game points, board by board
// from the top — a draw when none parts the teams. Pending while the
// match is not decided. by is the chain's rule that parted a level match,
// 0 when the score did or nothing did.
func (ev *TeamEvent) KnockoutResult(m TeamMatch, chain []TeamTieRule) (res Result, by TeamTieRule) {
	sc := ev.Score(m)
	switch {
	case !sc.Decided:
		return Pending, 0
	case sc.Winner == m.First:
		return RedWin, 0
	case sc.Winner == m.Second:
		return BlackWin, 0
	}
	for _, r := range chain {
		var first, second int
		switch r {
		case TeamTieBoardsWon:
			first, second = sc.FirstWins, sc.SecondWins
		case TeamTieGamePoints:
			first, second = int(sc.First), int(sc.Second)
		case TeamTieTopBoards:
			first, second = m.topBoards(ev.Settings.GamePoints)
		default:
			continue // a game or lots: the bracket's chain
		}
		switch {
		case first > second:
			return RedWin, r
		case second > first:
			return BlackWin, r
		}
	}
	return Draw, 0
}

// topBoards compares the match board by board from board 1 (台次): the
// first board whose game points differ gives its winner's team 1, the
// other 0; 0, 0 when every board is level.
func (m TeamMatch) topBoards(gp Scoring) (first, second int) {
	for _, g := range m.Games {
		if g.Board > len(m.FirstLineup) {
			break // 全队轮赛's later sub-rounds: the boards are its first
		}
		fo, so := gameOutcomes(g.Result)
		if !m.firstRed(g) {
			fo, so = so, fo
		}
		if a, b := gp.points(fo), gp.points(so); a != b {
			if a > b {
				return 1, 0
			}
			return 0, 1
		}
	}
	return 0, 0
}
