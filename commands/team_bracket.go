package commands

import (
	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/sheet"
)

// tally scores the matches of stage's bracket by their team matches
// (§11.1): the teams' game points and boards won in the match's regular
// team match, not struck out, and the chain's board rule that parted a
// level one (sheet.TeamTally); a blitz board and lots are the bracket's.
func (teamStagedFormat) tally(st *action.State, stage int) func(match int) (sheet.TeamTally, bool) {
	ev := st.TeamEvent()
	played := map[int]sheet.TeamTally{}
	for r, boards := range st.Stages.Rounds {
		if r >= len(st.Teams.Rounds) {
			break
		}
		for _, b := range boards {
			if b.Stage != stage || b.Step != engine.RegularGame || struck(st, r+1, b) {
				continue
			}
			for k, m := range st.Teams.Rounds[r].Matches {
				if m.Number != b.Board || !m.Revealed {
					continue
				}
				sc := ev.Score(ev.Rounds[r].Matches[k])
				played[b.Match] = sheet.TeamTally{
					Points:   map[int]engine.Points{m.First: sc.First, m.Second: sc.Second},
					Won:      map[int]int{m.First: sc.FirstWins, m.Second: sc.SecondWins},
					PartedBy: partedBy(st, r+1, m),
				}
			}
		}
	}
	return func(match int) (sheet.TeamTally, bool) {
		t, ok := played[match]
		return t, ok
	}
}

// struck reports whether the games of b, in round, were struck out by a
// confirmed correction (R-F-4): void with a result.
func struck(st *action.State, round int, b action.BoardOf) bool {
	for _, board := range st.GameBoards(b) {
		if g, ok := gameOn(&st.Event, round, board); ok && g.Void && g.Result.Decided() {
			return true
		}
	}
	return false
}
