package sheet

import (
	"strconv"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// teamPairings is a team round's pairing sheet: each match as a row (its
// number, the first-listed team, the second, the game points once a board
// is in), then its boards (the round's running board number, red, red's
// team, black, black's team, the result). The first-listed team has red on
// odd boards and black on even ones (R-C-2): the boards say so by their
// colours. A match whose line-ups are not revealed has one muted row
// saying so; the teams with a bye are the footer's.
func teamPairings(e Event, round int, lang i18n.Lang) Table {
	ev := e.Teams.Event
	t := Table{
		Kind:  KindPairings,
		Title: i18n.T{Zh: "第%d轮对阵（团体）", En: "Round %d pairings (teams)"}.In(lang, round),
		Columns: []Column{
			{Title: i18n.T{Zh: "台", En: "Bd"}.In(lang), Full: i18n.T{Zh: "台次", En: "Board"}.In(lang), Align: Right, Brief: true},
			{Title: i18n.T{Zh: "红方", En: "Red"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "队名", En: "Team"}.In(lang), Shrink: true},
			{Title: i18n.T{Zh: "黑方", En: "Black"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "队名", En: "Team"}.In(lang), Shrink: true},
			{Title: i18n.T{Zh: "结果", En: "Result"}.In(lang), Align: Center, Brief: true},
		},
	}
	if round < 1 || round > len(ev.Rounds) || round > len(e.Event.Rounds) {
		return t
	}
	t.Note = roundNote(e, round, lang)
	unplayed := map[int]bool{} // boards of a match decided early (5场3胜制)
	for _, g := range e.Event.Rounds[round-1].Games {
		unplayed[g.Board] = g.Void && g.Result == engine.Pending
	}
	teamOf := make(map[int]int) // player id → team id, for the boards' team cells
	for _, team := range ev.Teams {
		for _, id := range team.Members {
			teamOf[id] = team.ID
		}
	}
	for i, m := range ev.Rounds[round-1].Matches {
		sc := ev.Score(m)
		first, second := Cell{Text: e.teamName(m.First)}, Cell{Text: e.teamName(m.Second)}
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
		if m.Void {
			score = Cell{Text: i18n.T{Zh: "作废", En: "void"}.In(lang), Tone: Muted} // struck out (R-W-2)
		}
		t.Rows = append(t.Rows, []Cell{{Text: i18n.T{Zh: "第%d场", En: "M%d"}.In(lang, m.Number)}, first, {}, second, {}, score})
		if e.Teams.hidden(round, i) {
			t.Rows = append(t.Rows, []Cell{{}, {Text: i18n.T{Zh: "出场名单待双方队长提交", En: "line-ups awaited from both captains"}.In(lang), Tone: Muted}, {}, {}, {}, {}})
			continue
		}
		for _, g := range m.Games {
			board := ev.Settings.Board(m.Number, g.Board)
			res, tone := Result(g.Result), resultTone(g.Result)
			switch {
			case unplayed[board]:
				res, tone = i18n.T{Zh: "不再下", En: "not played"}.In(lang), Muted
			case g.Void:
				res, tone = i18n.T{Zh: "作废", En: "void"}.In(lang), Muted
			}
			t.Rows = append(t.Rows, []Cell{
				{Text: strconv.Itoa(board)},
				boardSide(e.Event, g.Red, Red), teamCell(e, teamOf[g.Red]),
				boardSide(e.Event, g.Black, Black), teamCell(e, teamOf[g.Black]),
				{Text: res, Tone: tone},
			})
		}
	}
	for _, id := range ev.Rounds[round-1].Byes {
		t.Footer = append(t.Footer, i18n.T{Zh: "轮空：%s（得%s场分）", En: "Bye: %s (%s match points)"}.In(lang, e.teamName(id), ev.Settings.MatchPoints.Win))
	}
	t.Footer = append(t.Footer, i18n.T{Zh: "每场首行：两队及局分。先列的队单数台执红、双数台执黑（R-C-2）。",
		En: "Each match's first line: the teams and their game points. The first-listed team has red on odd boards, black on even ones (R-C-2)."}.In(lang))
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
func teamCell(e Event, id int) Cell {
	if id == 0 {
		return Cell{}
	}
	return Cell{Text: e.teamName(id)}
}
