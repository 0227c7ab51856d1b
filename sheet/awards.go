package sheet

import (
	"strconv"
	"strings"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// What an event ranks and rewards beside its standings, as tables: each
// category's ranking (组别, R-T-10), the prize winners of every ranking
// (R-T-8), the units' or teams' 团体总分 of place points (R-T-11), each
// with the players whose results the minimum of games cancels marked
// (R-T-12).

// Awards are the event's categories, prizes, place points and minimum of
// games. The zero Awards shows nothing beside the standings.
type Awards struct {
	// Categories are the event's categories, in order; the players' own
	// are engine.Player.Categories.
	Categories []Category
	// Prizes is how many places of the overall ranking win prizes; 0:
	// none named. TeamPrizes is the team ranking's beside the players'
	// (the 团体总分 of place points, the team totals of 队员总分制).
	Prizes      int
	TeamPrizes  int
	PlacePoints engine.PlaceTable
	Minimum     engine.Minimum
	// Left is how many games a player may still play, by player ID, so
	// that the minimum cancels nobody who may yet reach it (R-T-12); nil
	// once the event is over.
	Left func(id int) int
}

// Category is one category and its ranking's prize places (0: none).
type Category struct {
	Name   string
	Prizes int
}

// AwardTables are the tables beside the standings the event's awards
// make: every category's ranking, the 团体总分 of place points, the prize
// winners; none for an event without any, nor for a team event whose
// teams play matches: they rank the teams, not the players.
func AwardTables(e Event, lang i18n.Lang) []Table {
	if e.TeamMatches() {
		return nil
	}
	var out []Table
	for _, c := range e.Awards.Categories {
		out = append(out, CategoryStandings(e, c.Name, lang))
	}
	if len(e.Awards.PlacePoints) > 0 {
		out = append(out, PlacePoints(e, lang))
	}
	if t := Prizes(e, lang); len(t.Rows) > 0 {
		out = append(out, t)
	}
	return out
}

// Overall is the event's ranking of its players: its Ranking where it has
// one (a staged event's, R-F-6), else its standings' order.
func (e Event) Overall() []engine.Placing {
	if e.Ranking != nil {
		return e.Ranking()
	}
	return engine.Placings(e.Standings())
}

// Counted says, by player ID, whether a player's results count in
// rankings r (R-T-12).
func (e Event) Counted(r engine.Rankings) func(id int) bool {
	if !e.Awards.Minimum.Cancels(r) {
		return func(int) bool { return true }
	}
	return e.Awards.Minimum.Counted(e.Histories(), r, e.Awards.Left)
}

// cancelled says whether the minimum of games cancels any of player id's
// results (R-T-12): the tables mark them.
func (e Event) cancelled(id int) bool {
	return !e.Counted(engine.AllRankings & e.Awards.Minimum.For)(id)
}

// minimumNote is the footer of a table that marks players whose results
// the minimum cancels, "" when it marks nobody.
func (e Event) minimumNote(marked bool, lang i18n.Lang) string {
	if !marked {
		return ""
	}
	m := e.Awards.Minimum
	what := i18n.T{Zh: "获奖和团体总分", En: "prizes and team totals"}
	switch m.For {
	case engine.PrizeRankings:
		what = i18n.T{Zh: "获奖", En: "prizes"}
	case engine.TotalRankings:
		what = i18n.T{Zh: "团体总分", En: "team totals"}
	}
	return i18n.T{Zh: "* 参赛不足 %d 局，成绩不计入%s（R-T-12）。", En: "* Fewer than %d games played: the results do not count for %s (R-T-12)."}.In(lang, m.Games, what.In(lang))
}

// categoryTitle is category name's ranking's title: "女子组排名", not
// "男子组组排名".
func categoryTitle(name string, lang i18n.Lang) string {
	return i18n.T{Zh: "%s组排名", En: "Ranking: %s"}.In(lang, strings.TrimSuffix(name, "组"))
}

// CategoryStandings is category name's ranking (R-T-10): the overall
// ranking restricted to its players, each placed anew among them (3=
// shared, R-T-9), with the overall place beside; the score and the
// tiebreaks where the standings rank the event, a phone's table keeping
// those that decided a place among the category's players; the prize places of the
// category where it names them (R-T-8), the players the minimum of games
// keeps from a prize marked (R-T-12). A name that is not a category of
// the event has no rows.
func CategoryStandings(e Event, name string, lang i18n.Lang) Table {
	ev := e.Event
	var cat Category
	for _, c := range e.Awards.Categories {
		if c.Name == name {
			cat = c
		}
	}
	overall := e.Overall()
	rank := engine.Restrict(overall, func(id int) bool {
		p, _ := ev.Player(id)
		return p.In(name)
	}, ev.Settings.SharedPlaceSkips)
	t := Table{
		Kind:  KindStandings,
		Title: categoryTitle(name, lang),
		Columns: []Column{
			{Title: i18n.T{Zh: "名次", En: "#"}.In(lang), Full: i18n.T{Zh: "组别名次", En: "Place"}.In(lang), Align: Right, Brief: true},
			{Title: i18n.T{Zh: "总", En: "All"}.In(lang), Full: i18n.T{Zh: "总名次", En: "Overall place"}.In(lang), Align: Right},
			{Title: i18n.T{Zh: "姓名", En: "Name"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "单位", En: "Unit"}.In(lang), Shrink: true},
		},
	}
	standings := map[int]engine.Standing{}
	var tbs []engine.Tiebreak
	if e.Ranking == nil {
		tbs = ev.Settings.Tiebreaks
		t.Columns = append(t.Columns, Column{Title: i18n.T{Zh: "积分", En: "Pts"}.In(lang), Full: i18n.T{Zh: "积分", En: "Points"}.In(lang), Align: Right, Brief: true, Rank: 1})
		t.Columns = append(t.Columns, tiebreakColumns(tbs, lang)...)
		for _, s := range e.Standings() {
			standings[s.Player] = s
		}
	}
	var prized map[int]int
	if cat.Prizes > 0 {
		t.Columns = append(t.Columns, Column{Title: i18n.T{Zh: "奖", En: "Prize"}.In(lang), Align: Right, Brief: true})
		prized = engine.Prized(rank, cat.Prizes, e.Counted(engine.PrizeRankings), ev.Settings.SharedPlaceSkips)
	}
	place := map[int]engine.Placing{}
	for _, p := range overall {
		place[p.Entrant] = p
	}
	marked, shared := false, false
	for _, p := range rank {
		label := p.PlaceLabel()
		if cat.Prizes > 0 && !e.Counted(engine.PrizeRankings)(p.Entrant) {
			label, marked = label+"*", true
		}
		tone := Plain
		if prized[p.Entrant] > 0 {
			tone = Strong
		}
		row := []Cell{{Text: label, Tone: tone}, {Text: place[p.Entrant].PlaceLabel()}, nameCell(ev, p.Entrant, tone), {Text: unitOf(ev, p.Entrant)}}
		if e.Ranking == nil {
			s := standings[p.Entrant]
			row = append(row, Cell{Text: s.Score.String(), Tone: tone})
			for i := range tbs {
				row = append(row, Cell{Text: s.Tiebreaks[i].String()})
			}
		}
		if cat.Prizes > 0 {
			row = append(row, prizeCell(prized[p.Entrant]))
		}
		t.Rows = append(t.Rows, row)
		shared = shared || p.Shared
	}
	t.Footer = []string{i18n.T{Zh: "按总排名的先后排出本组名次（R-T-10）。", En: "The overall ranking's order among the category's players (R-T-10)."}.In(lang)}
	if e.Ranking == nil {
		t.Footer = append(t.Footer, rankedBy(tbs, false, lang)...)
	}
	if cat.Prizes > 0 {
		t.Footer = append(t.Footer, i18n.T{Zh: "本组前 %d 名获奖。", En: "The first %d of the category win prizes."}.In(lang, cat.Prizes))
	}
	if shared {
		t.Footer = append(t.Footer, sharedNote.In(lang))
	}
	if note := e.minimumNote(marked, lang); note != "" {
		t.Footer = append(t.Footer, note)
	}
	t.briefDecisive(false)
	return e.units(t, 3)
}

// prizeCell is a prize place's cell, empty for none.
func prizeCell(place int) Cell {
	if place == 0 {
		return Cell{}
	}
	return Cell{Text: strconv.Itoa(place), Tone: Strong}
}

// Prizes are the prize winners of every ranking that names prize places
// (R-T-8): the overall ranking's, then each category's (R-T-10), each the
// ranking restricted to the players whose results count for prizes
// (R-T-12), so that a prize passes over a player the minimum of games
// cancels; then the team ranking's beside them (TeamWinners). No rows when
// no ranking names prizes.
func Prizes(e Event, lang i18n.Lang) Table {
	ev := e.Event
	t := Table{
		Kind:  KindStandings,
		Title: i18n.T{Zh: "获奖名单", En: "Prize winners"}.In(lang),
		Columns: []Column{
			{Title: i18n.T{Zh: "组别", En: "Ranking"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "奖", En: "Prize"}.In(lang), Align: Right, Brief: true},
			{Title: i18n.T{Zh: "姓名", En: "Name"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "单位", En: "Unit"}.In(lang), Shrink: true},
			{Title: i18n.T{Zh: "总", En: "All"}.In(lang), Full: i18n.T{Zh: "总名次", En: "Overall place"}.In(lang), Align: Right},
		},
	}
	overall := e.Overall()
	place := map[int]engine.Placing{}
	for _, p := range overall {
		place[p.Entrant] = p
	}
	counted := e.Counted(engine.PrizeRankings)
	skips := ev.Settings.SharedPlaceSkips
	passed := false // someone ranked within the prizes the minimum kept from one
	add := func(ranking string, rank []engine.Placing, places int) {
		prized := engine.Prized(rank, places, counted, skips)
		for _, p := range rank {
			if k := prized[p.Entrant]; k > 0 {
				t.Rows = append(t.Rows, []Cell{{Text: ranking}, prizeCell(k), nameCell(ev, p.Entrant, Plain), {Text: unitOf(ev, p.Entrant)}, {Text: place[p.Entrant].PlaceLabel()}})
			} else if p.Place <= places && !counted(p.Entrant) {
				passed = true
			}
		}
	}
	if e.Awards.Prizes > 0 {
		add(i18n.T{Zh: "总排名", En: "Overall"}.In(lang), overall, e.Awards.Prizes)
	}
	for _, c := range e.Awards.Categories {
		if c.Prizes > 0 {
			add(c.Name, engine.Restrict(overall, func(id int) bool { p, _ := ev.Player(id); return p.In(c.Name) }, skips), c.Prizes)
		}
	}
	if n := e.Awards.TeamPrizes; n > 0 {
		teams := i18n.T{Zh: "团体", En: "Teams"}.In(lang)
		for _, w := range e.TeamWinners(n) {
			t.Rows = append(t.Rows, []Cell{{Text: teams}, prizeCell(w.Place), {Text: w.Name}, {Text: w.Unit}, {}})
		}
	}
	if note := e.minimumNote(passed, lang); note != "" {
		t.Footer = []string{note}
	}
	return e.units(t, 3)
}

// TeamWinner is a place of the team ranking beside the players' that wins
// a prize: the team or the unit, and the players it is for.
type TeamWinner struct {
	Place  int
	Shared bool // R-T-9
	Name   string
	Unit   string // a team's unit; "" for a unit
	// Players are a team's players, or the players who scored a unit's
	// place points, by ID.
	Players []int
}

// TeamWinners are the first n places of the team ranking beside the
// players' (Awards.TeamPrizes): under 队员总分制 the complete teams' totals
// (R-T-6), else the units' 团体总分 of place points (R-T-11) that scored
// any; none for a team that withdrew, nor without such a ranking.
func (e Event) TeamWinners(n int) []TeamWinner {
	var out []TeamWinner
	if e.Totalled() {
		te := e.Teams.Event
		for _, row := range engine.TeamTotals(e.Event, te.Teams, te.Settings.Boards, e.Teams.Totals) {
			team, _ := te.Team(row.Team)
			if row.Place <= n && row.Complete && team.WithdrawnAfter == 0 {
				out = append(out, TeamWinner{Place: row.Place, Shared: row.Shared, Name: team.Name, Unit: team.Unit, Players: team.Members})
			}
		}
		return out
	}
	totals, _ := e.PlaceTotals()
	for _, u := range totals {
		if u.Place > n || u.Points == 0 {
			continue
		}
		w := TeamWinner{Place: u.Place, Shared: u.Shared, Name: u.Group}
		for i, id := range u.Members {
			if u.Scores[i] > 0 {
				w.Players = append(w.Players, id)
			}
		}
		out = append(out, w)
	}
	return out
}

// PlacePoints is the 团体总分 of place points (R-T-11): each place of the
// overall ranking worth the event's table's points, a shared place's
// points split between its players, added up by unit — or by team under
// 队员总分制 (R-T-6) — most first; each unit with its players' points. A
// player the minimum of games cancels for team totals adds nothing, marked
// (R-T-12). No rows without a table.
func PlacePoints(e Event, lang i18n.Lang) Table {
	ev := e.Event
	byTeam := e.Totalled()
	group := i18n.T{Zh: "单位", En: "Unit"}
	if byTeam {
		group = i18n.T{Zh: "队名", En: "Team"}
	}
	t := Table{
		Kind:  KindStandings,
		Title: i18n.T{Zh: "团体总分（名次分）", En: "Team totals (place points)"}.In(lang),
		Columns: []Column{
			{Title: i18n.T{Zh: "名次", En: "#"}.In(lang), Full: i18n.T{Zh: "名次", En: "Place"}.In(lang), Align: Right, Brief: true},
			{Title: group.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "总分", En: "Pts"}.In(lang), Full: i18n.T{Zh: "名次分总分", En: "Place points"}.In(lang), Align: Right, Brief: true},
			{Title: i18n.T{Zh: "得分队员", En: "Scorers"}.In(lang), Full: i18n.T{Zh: "得分队员（名次分）", En: "Players scoring (their points)"}.In(lang), Shrink: true},
		},
	}
	table := e.Awards.PlacePoints
	if len(table) == 0 {
		return t
	}
	totals, cancelled := e.PlaceTotals()
	shared := false
	for _, u := range totals {
		var who []string
		for i, id := range u.Members {
			if u.Scores[i] > 0 {
				who = append(who, PlayerName(ev, id)+" "+u.Scores[i].String())
			}
		}
		for _, id := range cancelled[u.Group] {
			who = append(who, PlayerName(ev, id)+"*")
		}
		tone := Plain
		if u.Place == 1 && u.Points > 0 {
			tone = Strong
		}
		shared = shared || u.Shared
		t.Rows = append(t.Rows, []Cell{{Text: u.PlaceLabel(), Tone: tone}, {Text: u.Group, Tone: tone}, {Text: u.Points.String(), Tone: tone}, {Text: strings.Join(who, i18n.T{Zh: "、", En: ", "}.In(lang))}})
	}
	t.Footer = []string{i18n.T{Zh: "名次分：%s（第 1 名起，R-T-11）；并列者平分所占名次的分数；同分先比最好名次。", En: "Place points: %s (from 1st place, R-T-11); players sharing a place split its places' points; equal totals go by the best place."}.In(lang, table)}
	if shared {
		t.Footer = append(t.Footer, sharedNote.In(lang))
	}
	if note := e.minimumNote(len(cancelled) > 0, lang); note != "" {
		t.Footer = append(t.Footer, note)
	}
	return t
}

// PlaceTotals are the 团体总分 of place points (R-T-11) PlacePoints shows:
// each place of the overall ranking worth the table's points, added up by
// unit — or by team under 队员总分制 (R-T-6) — most first; cancelled are
// the players, by unit or team, the minimum of games keeps from its total
// (R-T-12), who add nothing. None without a table.
func (e Event) PlaceTotals() (totals []engine.Total, cancelled map[string][]int) {
	table := e.Awards.PlacePoints
	if len(table) == 0 {
		return nil, nil
	}
	ev := e.Event
	groupOf := func(id int) string { return unitOf(ev, id) }
	if e.Totalled() {
		teamOf := map[int]string{}
		for _, tm := range e.Teams.Event.Teams {
			for _, id := range tm.Members {
				teamOf[id] = tm.Name
			}
		}
		groupOf = func(id int) string { return teamOf[id] }
	}
	counted := e.Counted(engine.TotalRankings)
	var kept []engine.Scored
	cancelled = map[string][]int{}
	for _, s := range table.Score(e.Overall(), groupOf) {
		if !counted(s.Entrant) && s.Points > 0 && s.Group != "" {
			cancelled[s.Group] = append(cancelled[s.Group], s.Entrant)
			s.Points = 0 // the unit is ranked, without them
		}
		kept = append(kept, s)
	}
	return engine.Totals(kept, ev.Settings.SharedPlaceSkips), cancelled
}
