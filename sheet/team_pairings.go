package sheet

import (
	"strconv"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// teamPairings is a team round's pairing sheet: each match as a row (its
// number, the first-listed team, the second, the game points once a board
// is in), then its boards (the round's running board number, red, red's
// team, black, black's team, the result). The first-listed team has red on
// odd boards and black on even ones (R-C-2): the boards say so by their
// colours. A match whose line-ups are not revealed has one muted row
// saying so; the teams with a bye are the footer's.
func teamPairings(st *action.State, ev *engine.TeamEvent, round int, lang Lang) Table {
	t := Table{
		Kind:  KindPairings,
		Title: text{"第%d轮对阵（团体）", "Round %d pairings (teams)"}.in(lang, round),
		Columns: []Column{
			{Title: text{"台", "Bd"}.in(lang), Full: text{"台次", "Board"}.in(lang), Align: Right, Brief: true},
			{Title: text{"红方", "Red"}.in(lang), Shrink: true, Brief: true},
			{Title: text{"队名", "Team"}.in(lang), Shrink: true},
			{Title: text{"黑方", "Black"}.in(lang), Shrink: true, Brief: true},
			{Title: text{"队名", "Team"}.in(lang), Shrink: true},
			{Title: text{"结果", "Result"}.in(lang), Align: Center, Brief: true},
		},
	}
	tm := st.Teams
	if round < 1 || round > len(tm.Rounds) || round > len(st.Event.Rounds) {
		return t
	}
	t.Note = roundNote(st, round, lang)
	unplayed := map[int]bool{} // boards of a match decided early (5场3胜制)
	for _, g := range st.Event.Rounds[round-1].Games {
		unplayed[g.Board] = g.Void && g.Result == engine.Pending
	}
	teamOf := make(map[int]int) // player id → team id, for the boards' team cells
	for _, team := range ev.Teams {
		for _, id := range team.Members {
			teamOf[id] = team.ID
		}
	}
	for i, m := range tm.Rounds[round-1].Matches {
		match := ev.Rounds[round-1].Matches[i]
		sc := ev.Score(match)
		first, second := Cell{Text: TeamName(st, m.First)}, Cell{Text: TeamName(st, m.Second)}
		switch sc.Winner {
		case m.First:
			first.Tone = Strong
		case m.Second:
			second.Tone = Strong
		}
		score := Cell{}
		if sc.Decided || sc.Played > 0 || sc.First+sc.Second > 0 {
			score = Cell{Text: sc.First.String() + ":" + sc.Second.String()}
			if !sc.Decided {
				score.Tone = Muted
			}
		}
		if match.Void {
			score = Cell{Text: text{"作废", "void"}.in(lang), Tone: Muted} // struck out (R-W-2)
		}
		t.Rows = append(t.Rows, []Cell{{Text: text{"第%d场", "M%d"}.in(lang, m.Number)}, first, {}, second, {}, score})
		if !m.Revealed {
			t.Rows = append(t.Rows, []Cell{{}, {Text: text{"出场名单待双方队长提交", "line-ups awaited from both captains"}.in(lang), Tone: Muted}, {}, {}, {}, {}})
			continue
		}
		for _, g := range match.Games {
			board := tm.Rules.Board(m.Number, g.Board)
			res, tone := Result(g.Result), resultTone(g.Result)
			switch {
			case unplayed[board]:
				res, tone = text{"不再下", "not played"}.in(lang), Muted
			case g.Void:
				res, tone = text{"作废", "void"}.in(lang), Muted
			}
			t.Rows = append(t.Rows, []Cell{
				{Text: strconv.Itoa(board)},
				boardSide(&st.Event, g.Red, Red), teamCell(st, teamOf[g.Red]),
				boardSide(&st.Event, g.Black, Black), teamCell(st, teamOf[g.Black]),
				{Text: res, Tone: tone},
			})
		}
	}
	for _, id := range tm.Rounds[round-1].Byes {
		t.Footer = append(t.Footer, text{"轮空：%s（得%s场分）", "Bye: %s (%s match points)"}.in(lang, TeamName(st, id), tm.Rules.MatchPoints.Win))
	}
	t.Footer = append(t.Footer, text{"每场首行：两队及局分。先列的队单数台执红、双数台执黑（R-C-2）。",
		"Each match's first line: the teams and their game points. The first-listed team has red on odd boards, black on even ones (R-C-2)."}.in(lang))
	return t
}

// boardSide is a board's player in the colour they play, "-" on a board a
// team left empty (lost by forfeit).
func boardSide(ev *engine.Event, id int, tone Tone) Cell {
	if id == 0 {
		return Cell{Text: "-", Tone: Muted}
	}
	return nameCell(ev, id, tone)
}

// teamCell is a board's team, empty for an empty board's.
func teamCell(st *action.State, id int) Cell {
	if id == 0 {
		return Cell{}
	}
	return Cell{Text: TeamName(st, id)}
}
