package sheet

import (
	"strconv"
	"strings"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// Standings is the standings (R-T-*): place ("3=" when shared, R-T-9),
// number, name, unit, score and every tiebreak of the event in its order,
// with a footer that names them; withdrawn players stay, muted (R-W-4).
// A phone's table (Brief) keeps place, name, score and the tiebreaks
// that decided a place (Column.Decisive). A team event's are the teams'
// (team.go).
func Standings(e Event, lang i18n.Lang) Table {
	if e.TeamMatches() {
		return teamStandings(e, lang) // team.go
	}
	ev := e.Event
	tbs := ev.Settings.Tiebreaks
	t := Table{
		Kind:  KindStandings,
		Title: standingsTitle(e, lang, false),
		Columns: []Column{
			{Title: i18n.T{Zh: "名次", En: "#"}.In(lang), Full: i18n.T{Zh: "名次", En: "Place"}.In(lang), Align: Right, Brief: true},
			{Title: i18n.T{Zh: "号", En: "No"}.In(lang), Align: Right},
			{Title: i18n.T{Zh: "姓名", En: "Name"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "单位", En: "Unit"}.In(lang), Shrink: true},
			{Title: i18n.T{Zh: "积分", En: "Pts"}.In(lang), Full: i18n.T{Zh: "积分", En: "Points"}.In(lang), Align: Right, Brief: true, Rank: 1},
		},
	}
	t.Columns = append(t.Columns, tiebreakColumns(tbs, lang)...)
	rows := e.Standings()
	t.Rows = make([][]Cell, 0, len(rows))
	cells := make([]Cell, len(rows)*len(t.Columns)) // one block for every row
	shared, marked := false, false
	for i, s := range rows {
		p, _ := ev.Player(s.Player)
		tone := Plain
		switch {
		case p.WithdrawnAfter != 0:
			tone = Muted
		case s.Place == 1 && s.Score > 0: // the leaders, once there is a lead
			tone = Strong
		}
		row := cells[i*len(t.Columns) : (i+1)*len(t.Columns) : (i+1)*len(t.Columns)]
		row[0] = Cell{Text: s.PlaceLabel(), Tone: tone}
		if e.Awards.Minimum.Games > 0 && e.cancelled(s.Player) {
			row[0].Text, marked = row[0].Text+"*", true // R-T-12
		}
		row[1] = Cell{Text: strconv.Itoa(p.ID)}
		row[2] = Cell{Text: p.Name, Tone: tone, Link: PlayerLink(p.ID)}
		row[3] = Cell{Text: p.Unit}
		row[4] = Cell{Text: s.Score.String(), Tone: tone}
		for j, v := range s.Tiebreaks {
			row[5+j] = Cell{Text: v.String()}
		}
		t.Rows = append(t.Rows, row)
		shared = shared || s.Shared
	}
	t.Footer = rankedBy(tbs, shared, lang)
	if note := e.minimumNote(marked, lang); note != "" {
		t.Footer = append(t.Footer, note)
	}
	t.briefDecisive(false)
	return e.units(t, 3)
}

// tiebreakColumns are the columns of tbs, ranking after the score in
// their order, each brief where it decided a place.
func tiebreakColumns(tbs []engine.Tiebreak, lang i18n.Lang) []Column {
	out := make([]Column, len(tbs))
	for i, tb := range tbs {
		out[i] = Column{Title: TiebreakLabel(tb, lang), Full: TiebreakName(tb, lang), Align: Right, Rank: 2 + i, Decisive: true}
	}
	return out
}

// Ranking is a stage's or a knockout's ranking (R-F-4, R-F-6): place ("3="
// when shared, R-T-9) and name, entrant i called nameOf(i).
func Ranking(rank []engine.Placing, nameOf func(entrant int) string, lang i18n.Lang) Table {
	t := Table{
		Kind:  KindStandings,
		Title: i18n.T{Zh: "名次", En: "Ranking"}.In(lang),
		Columns: []Column{
			{Title: i18n.T{Zh: "名次", En: "Place"}.In(lang), Align: Right, Brief: true},
			{Title: i18n.T{Zh: "姓名", En: "Name"}.In(lang), Shrink: true, Brief: true},
		},
		Rows: make([][]Cell, len(rank)),
	}
	for i, p := range rank {
		t.Rows[i] = []Cell{{Text: p.PlaceLabel()}, {Text: nameOf(p.Entrant)}}
	}
	return t
}

// standingsTitle says which results the standings hold; team says they
// are the teams'.
func standingsTitle(e Event, lang i18n.Lang, team bool) string {
	pick := func(individual, teams i18n.T) i18n.T {
		if team {
			return teams
		}
		return individual
	}
	n := len(e.Event.Rounds)
	switch {
	case e.Phase == Finished:
		return pick(i18n.T{Zh: "最终排名", En: "Final standings"}, i18n.T{Zh: "团体最终排名", En: "Final team standings"}).In(lang)
	case n == 0:
		return pick(i18n.T{Zh: "排名（尚未比赛）", En: "Standings (no round played)"}, i18n.T{Zh: "团体排名（尚未比赛）", En: "Team standings (no round played)"}).In(lang)
	case Pending(e.Event.Rounds[n-1]) > 0:
		return pick(i18n.T{Zh: "排名（第%d轮进行中）", En: "Standings (round %d in progress)"}, i18n.T{Zh: "团体排名（第%d轮进行中）", En: "Team standings (round %d in progress)"}).In(lang, n)
	}
	return pick(i18n.T{Zh: "第%d轮后排名", En: "Standings after round %d"}, i18n.T{Zh: "第%d轮后团体排名", En: "Team standings after round %d"}).In(lang, n)
}

// sharedNote is the footer line of a table with a shared place (R-T-9).
var sharedNote = i18n.T{Zh: "名次后的“=”表示并列（R-T-9）。", En: "\"=\" after a place: shared (R-T-9)."}

// rankedBy is the standings' footer: the order of comparison, each
// tiebreak by its heading and, where that is short, its name in full;
// and what "=" means when a place is shared (R-T-9).
func rankedBy(tbs []engine.Tiebreak, shared bool, lang i18n.Lang) []string {
	names := []string{i18n.T{Zh: "积分", En: "points"}.In(lang)}
	for _, tb := range tbs {
		label, full := TiebreakLabel(tb, lang), TiebreakName(tb, lang)
		switch {
		case strings.HasPrefix(strings.ToLower(full), strings.ToLower(label)):
			names = append(names, full) // "胜局", "wins", "犯规（少者优先）"
		default:
			names = append(names, i18n.T{Zh: "%s（%s）", En: "%s (%s)"}.In(lang, label, full))
		}
	}
	out := []string{i18n.T{Zh: "名次依次比较：%s。", En: "Ranked by %s."}.In(lang, strings.Join(names, i18n.T{Zh: "、", En: ", then "}.In(lang)))}
	if shared {
		out = append(out, sharedNote.In(lang))
	}
	return out
}
