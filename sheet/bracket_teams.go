package sheet

import (
	"strconv"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// TeamTally is a match of a team knockout as its boards played it (§11.1):
// the bracket's one game of the match stands for the whole team match, so
// its score is the teams' game points (局分) and boards won (胜台数), by
// the team's entrant number, and a level match says which of the chain's
// board rules parted it (胜台数, 局分, 台次; 0 when the points did, or
// none has yet). A blitz board and lots are the bracket's own tie games.
type TeamTally struct {
	Points   map[int]engine.Points
	Won      map[int]int
	PartedBy engine.TeamTieRule
}

// TeamBracketOf is a team knockout's bracket b as it stands, team i
// called nameOf(i): each match scored by tally(match) — false for a match
// whose team match has not started — as BracketOf scores a match of games.
func TeamBracketOf(b *engine.Bracket, nameOf func(team int) string, tally func(match int) (TeamTally, bool), lang i18n.Lang) Bracket {
	return bracketOf(b, nameOf, tally, lang)
}

// teamTieWords name the chain's board rules (R-F-5 for teams).
var teamTieWords = map[engine.TeamTieRule]i18n.T{
	engine.TeamTieBoardsWon:  {Zh: "胜台数", En: "boards won"},
	engine.TeamTieGamePoints: {Zh: "局分", En: "game points"},
	engine.TeamTieTopBoards:  {Zh: "台次", En: "top boards"},
}

// tallied scores m, whose outcome is o, by its team match t: the teams'
// game points for the games' points, the boards won, and the board rule
// that parted a level match before the bracket's tie games.
func (m *BracketMatch) tallied(t TeamTally, o engine.MatchOutcome, lang i18n.Lang) {
	a, b := o.Players[0], o.Players[1]
	m.Points = [2]string{t.Points[a].String(), t.Points[b].String()}
	m.Score = m.Points[0] + "–" + m.Points[1]
	m.Boards = i18n.T{Zh: "胜台 %s:%s", En: "boards won %s–%s"}.In(lang, strconv.Itoa(t.Won[a]), strconv.Itoa(t.Won[b]))
	if w, ok := teamTieWords[t.PartedBy]; ok {
		steps := []step{{w.In(lang), 1}}
		if m.Tie != "" {
			steps = append(steps, step{m.Tie, 1})
		}
		m.Tie = joinSteps(steps, lang)
	}
}
