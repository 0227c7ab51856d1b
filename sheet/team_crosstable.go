package sheet

import (
	"strconv"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// teamCrosstable is a team event's results table: one row per team in
// sequence-number order with number, team and unit, then for each round
// the opponent team's number, the match's result for the row's team (+ =
// -) and the game points, its own first ("3+ 7:3"; a bye "轮空"; a match
// not decided muted, without its sign), then 场分, 局分 and the place.
func teamCrosstable(e Event, lang i18n.Lang) Table {
	ev := e.Teams.Event
	t := Table{
		Kind:  KindCrosstable,
		Title: i18n.T{Zh: "团体成绩表", En: "Team crosstable"}.In(lang),
		Columns: []Column{
			{Title: i18n.T{Zh: "号", En: "No"}.In(lang), Align: Right, Brief: true},
			{Title: i18n.T{Zh: "队名", En: "Team"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "单位", En: "Unit"}.In(lang), Shrink: true},
		},
	}
	for r := range ev.Rounds {
		n := strconv.Itoa(r + 1)
		t.Columns = append(t.Columns, Column{Title: n, Full: i18n.T{Zh: "第%s轮", En: "Round %s"}.In(lang, n), Align: Center, Brief: true})
	}
	for _, c := range []engine.TeamCriterion{engine.TeamMatchPoints, engine.TeamGamePoints} {
		t.Columns = append(t.Columns, Column{Title: TeamCriterionLabel(c, lang), Full: TeamCriterionName(c, lang), Align: Right, Brief: true})
	}
	t.Columns = append(t.Columns, Column{Title: i18n.T{Zh: "名次", En: "#"}.In(lang), Full: i18n.T{Zh: "名次", En: "Place"}.In(lang), Align: Right, Brief: true})

	standing := make([]engine.TeamStanding, len(ev.Teams)+1)
	for _, s := range engine.TeamStandings(ev) {
		standing[s.Team] = s
	}
	// cells[team-1][round-1]: each match read once, for both its teams.
	cells := make([][]Cell, len(ev.Teams))
	for i := range cells {
		cells[i] = make([]Cell, len(ev.Rounds))
	}
	for r, rd := range ev.Rounds {
		for _, m := range rd.Matches {
			sc := ev.Score(m)
			cells[m.First-1][r] = matchCell(m.Second, sc.First, sc.Second, sc, m.First, m.Void)
			cells[m.Second-1][r] = matchCell(m.First, sc.Second, sc.First, sc, m.Second, m.Void)
		}
		for _, id := range rd.Byes {
			cells[id-1][r] = Cell{Text: byeCell(engine.PairingBye, lang), Tone: Muted}
		}
	}
	for i, team := range ev.Teams {
		tone := Plain
		if team.WithdrawnAfter != 0 {
			tone = Muted // R-W-4: the rows stay
		}
		row := append([]Cell{{Text: strconv.Itoa(team.ID)}, {Text: team.Name, Tone: tone}, {Text: team.Unit}}, cells[i]...)
		s := standing[team.ID]
		t.Rows = append(t.Rows, append(row, Cell{Text: s.MatchPoints.String()}, Cell{Text: s.GamePoints.String()}, Cell{Text: s.PlaceLabel()}))
	}
	return t
}

// matchCell is one team's match in the crosstable: "3+ 7:3", own game
// points first; a match not decided muted and without its sign.
func matchCell(opponent int, own, other engine.Points, sc engine.MatchScore, team int, void bool) Cell {
	c := Cell{Text: strconv.Itoa(opponent)}
	switch {
	case void:
		return Cell{Text: c.Text + "×", Tone: Muted} // struck out (R-W-2)
	case !sc.Decided:
		c.Tone = Muted
	case sc.Winner == team:
		c.Text, c.Tone = c.Text+"+", Strong
	case sc.Winner == 0:
		c.Text += "="
	default:
		c.Text += "-"
	}
	if sc.Played > 0 || own+other > 0 {
		c.Text += " " + own.String() + ":" + other.String()
	}
	return c
}

// TeamMatches is a team staged event's every match, its groups' and its
// brackets' alike, as the team crosstable lays them out but without the
// 名次 column: one table of all teams would rank them together, while a
// staged event places them by each group's own table and the stages'
// ranking (R-F-3, R-F-6).
func TeamMatches(e Event, lang i18n.Lang) Table {
	t := teamCrosstable(e, lang)
	t.Title = i18n.T{Zh: "团体全部场次", En: "All team matches"}.In(lang)
	t.without(len(t.Columns) - 1)
	return t
}
