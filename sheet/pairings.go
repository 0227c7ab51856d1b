package sheet

import (
	"strconv"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// Pairings is round's pairing sheet (编排记录公告, rules §9): for each board
// the board, then red's number, name, unit and score before the round,
// black's likewise, and the result; the players without a game are the
// footer's lines ("轮空：Alice Wong"). Round 0, or one not paired, gives a
// table without rows. A team event's are its matches (team_pairings.go).
func Pairings(e Event, round int, lang i18n.Lang) Table {
	if e.TeamMatches() {
		return teamPairings(e, round, lang) // team_pairings.go
	}
	ev := e.Event
	t := Table{
		Kind:  KindPairings,
		Title: i18n.T{Zh: "第%d轮对阵", En: "Round %d pairings"}.In(lang, round),
		Columns: []Column{
			{Title: i18n.T{Zh: "台", En: "Bd"}.In(lang), Full: i18n.T{Zh: "台次", En: "Board"}.In(lang), Align: Right, Brief: true},
			{Title: i18n.T{Zh: "号", En: "No"}.In(lang), Align: Right},
			{Title: i18n.T{Zh: "红方", En: "Red"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "单位", En: "Unit"}.In(lang), Shrink: true},
			{Title: i18n.T{Zh: "积分", En: "Pts"}.In(lang), Full: i18n.T{Zh: "积分", En: "Points"}.In(lang), Align: Right},
			{Title: i18n.T{Zh: "号", En: "No"}.In(lang), Align: Right},
			{Title: i18n.T{Zh: "黑方", En: "Black"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "单位", En: "Unit"}.In(lang), Shrink: true},
			{Title: i18n.T{Zh: "积分", En: "Pts"}.In(lang), Full: i18n.T{Zh: "积分", En: "Points"}.In(lang), Align: Right},
			{Title: i18n.T{Zh: "结果", En: "Result"}.In(lang), Align: Center, Brief: true},
		},
	}
	if round < 1 || round > len(ev.Rounds) {
		return e.units(t, 3, 7)
	}
	t.Note = roundNote(e, round, lang)
	before := scoresBefore(e, round)
	rd := ev.Rounds[round-1]
	for _, g := range rd.Games {
		res, tone := Result(g.Result), resultTone(g.Result)
		switch {
		case g.Void:
			res, tone = i18n.T{Zh: "作废", En: "void"}.In(lang), Muted // struck out (R-W-2)
		case !g.Result.Decided():
			res = ReportedText(e.reported(round, g.Board), lang) // R-G-1
		}
		t.Rows = append(t.Rows, []Cell{
			{Text: strconv.Itoa(g.Board)},
			{Text: strconv.Itoa(g.Red)}, nameCell(ev, g.Red, Red), {Text: unitOf(ev, g.Red)}, {Text: before[g.Red].String()},
			{Text: strconv.Itoa(g.Black)}, nameCell(ev, g.Black, Black), {Text: unitOf(ev, g.Black)}, {Text: before[g.Black].String()},
			{Text: res, Tone: tone},
		})
	}
	for _, b := range rd.Byes {
		t.Footer = append(t.Footer, ByeName(b.Kind, lang)+i18n.T{Zh: "：", En: ": "}.In(lang)+PlayerName(ev, b.Player))
	}
	return e.units(t, 3, 7)
}

// resultTone marks a result by the side that won it; a draw is plain, a
// game still being played muted.
func resultTone(r engine.Result) Tone {
	switch r {
	case engine.RedWin, engine.RedForfeitWin:
		return Red
	case engine.BlackWin, engine.BlackForfeitWin:
		return Black
	case engine.Pending:
		return Muted
	}
	return Plain
}

// scoresBefore is every player's score from the rounds before round, by
// player id: what they bring to the board.
func scoresBefore(e Event, round int) []engine.Points {
	hist := e.Histories()
	out := make([]engine.Points, len(hist))
	for id, h := range hist {
		for _, x := range h[:min(round-1, len(h))] {
			out[id] += x.Points
		}
	}
	return out
}

// roundNote is what players need to know of round beside the boards: the
// time control (R-G-5) and the start, where the organiser gave them.
func roundNote(e Event, round int, lang i18n.Lang) string {
	var parts []string
	if tc := e.TimeControl; tc != "" {
		parts = append(parts, i18n.T{Zh: "用时：%s", En: "Time control: %s"}.In(lang, tc))
	}
	if s := roundStart(e, round); s != "" {
		parts = append(parts, i18n.T{Zh: "开始：%s", En: "Start: %s"}.In(lang, s))
	}
	note := ""
	for i, p := range parts {
		if i > 0 {
			note += i18n.T{Zh: "；", En: "; "}.In(lang)
		}
		note += p
	}
	return note
}

// roundStart is when round starts in the event's clock, "2026-03-01 19:30
// UTC+8"; "" when no start was given.
func roundStart(e Event, round int) string {
	s := e.Start
	if s.Round != round || s.At.IsZero() {
		return ""
	}
	return s.At.Format("2006-01-02 15:04 ") + s.At.Location().String()
}

// ScoreSheets are round's score sheets (记分单), one a board, for the
// players to write their moves on and sign (rules §9).
func ScoreSheets(e Event, round int) []ScoreSheet {
	ev := e.Event
	if round < 1 || round > len(ev.Rounds) {
		return nil
	}
	start := roundStart(e, round)
	games := ev.Rounds[round-1].Games
	out := make([]ScoreSheet, 0, len(games))
	for _, g := range games {
		out = append(out, ScoreSheet{
			Event: ev.Name, Round: round, Board: g.Board,
			Red: numbered(ev, g.Red), Black: numbered(ev, g.Black),
			RedUnit: unitOf(ev, g.Red), BlackUnit: unitOf(ev, g.Black),
			TimeControl: e.TimeControl, Start: start,
		})
	}
	return out
}

// numbered is a player as a score sheet names them: "3 王天一".
func numbered(ev *engine.Event, id int) string {
	return strconv.Itoa(id) + " " + PlayerName(ev, id)
}
