package sheet

import (
	"strconv"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// Crosstable is the results table (成绩表, 003 §六, rules §9): one row per
// player in sequence-number order with number, name and unit, then for
// each round the opponent's number, the colour (红/黑, r/b) and the result
// (+ = -) in one cell ("12红+"; a bye by its kind, "轮空"), then the
// score, every tiebreak and the place. A team event's is the teams'
// (team_crosstable.go).
func Crosstable(e Event, lang i18n.Lang) Table {
	if e.TeamMatches() {
		return teamCrosstable(e, lang) // team_crosstable.go
	}
	ev := e.Event
	t := Table{
		Kind:  KindCrosstable,
		Title: i18n.T{Zh: "成绩表", En: "Crosstable"}.In(lang),
		Columns: []Column{
			{Title: i18n.T{Zh: "号", En: "No"}.In(lang), Align: Right, Brief: true},
			{Title: i18n.T{Zh: "姓名", En: "Name"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "单位", En: "Unit"}.In(lang), Shrink: true},
		},
	}
	for r := range ev.Rounds {
		n := strconv.Itoa(r + 1)
		t.Columns = append(t.Columns, Column{Title: n, Full: i18n.T{Zh: "第%s轮", En: "Round %s"}.In(lang, n), Align: Center, Brief: true})
	}
	t.Columns = append(t.Columns, Column{Title: i18n.T{Zh: "积分", En: "Pts"}.In(lang), Full: i18n.T{Zh: "积分", En: "Points"}.In(lang), Align: Right, Brief: true})
	for _, tb := range ev.Settings.Tiebreaks {
		t.Columns = append(t.Columns, Column{Title: TiebreakLabel(tb, lang), Full: TiebreakName(tb, lang), Align: Right, Brief: true})
	}
	t.Columns = append(t.Columns, Column{Title: i18n.T{Zh: "名次", En: "#"}.In(lang), Full: i18n.T{Zh: "名次", En: "Place"}.In(lang), Align: Right, Brief: true})

	hist := e.Histories()
	standing := make([]engine.Standing, len(ev.Players)+1)
	for _, s := range e.Standings() {
		standing[s.Player] = s
	}
	// Each player's number and link once, for every cell that names them.
	numbers, links := make([]string, len(ev.Players)+1), make([]string, len(ev.Players)+1)
	for id := range numbers {
		numbers[id] = strconv.Itoa(id)
		links[id] = "p/" + numbers[id]
	}
	cells := make([]Cell, len(ev.Players)*len(t.Columns)) // one block for every row
	for i, p := range ev.Players {
		tone := Plain
		if p.WithdrawnAfter != 0 {
			tone = Muted // R-W-4: the rows stay
		}
		row := cells[i*len(t.Columns) : i*len(t.Columns) : (i+1)*len(t.Columns)]
		row = append(row, Cell{Text: numbers[p.ID]}, Cell{Text: p.Name, Tone: tone, Link: links[p.ID]}, Cell{Text: p.Unit})
		for _, x := range hist[p.ID] {
			c := crossCell(x, lang)
			if x.Opponent > 0 && x.Opponent < len(links) {
				c.Link = links[x.Opponent]
			}
			row = append(row, c)
		}
		s := standing[p.ID]
		row = append(row, Cell{Text: engine.Score(hist[p.ID]).String()})
		for _, v := range s.Tiebreaks {
			row = append(row, Cell{Text: v.String()})
		}
		t.Rows = append(t.Rows, append(row, Cell{Text: s.PlaceLabel()}))
	}
	return e.units(t, 2)
}

// crossCell is one player's round in the crosstable: "12红+", "3黑=",
// "轮空", "" when not paired; marked with the colour played.
func crossCell(e engine.Entry, lang i18n.Lang) Cell {
	switch e.Outcome {
	case engine.OutcomeNone:
		return Cell{}
	case engine.OutcomeBye:
		return Cell{Text: byeCell(e.Bye, lang), Tone: Muted}
	}
	colour, tone := i18n.T{Zh: "红", En: "r"}, Red
	if e.Colour == engine.Black {
		colour, tone = i18n.T{Zh: "黑", En: "b"}, Black
	}
	res := ""
	switch e.Outcome {
	case engine.OutcomeWin, engine.OutcomeForfeitWin:
		res = "+"
	case engine.OutcomeDraw:
		res = "="
	case engine.OutcomeLoss, engine.OutcomeForfeitLoss:
		res = "-"
	case engine.OutcomePending:
		tone = Muted
	case engine.OutcomePostponed: // 补赛 still to play (R-E-3)
		res, tone = i18n.T{Zh: "补", En: "p"}.In(lang), Muted
	}
	return Cell{Text: strconv.Itoa(e.Opponent) + colour.In(lang) + res, Tone: tone}
}
