package sheet

import (
	"slices"
	"strconv"
	"strings"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// A team event (§12) is looked at as teams: its standings are the
// teams' (R-T-4, R-T-5) with the board standings beside them, its pairings
// the matches with their boards, its crosstable the teams' matches. Under
// 队员总分制 (R-T-6) the players play an individual event, whose sheets
// stay the individual ones, and the team totals are a table of their own.
// Standings, Pairings and Crosstable turn to these for a team event, so
// every renderer shows the teams without knowing of them.

// TeamMatches reports whether e is a team event whose teams meet in
// matches (R-TM-1), not 队员总分制.
func (e Event) TeamMatches() bool { return e.Teams != nil && !e.Totalled() }

// Totalled reports whether e is a team event ranked by its players'
// totals (队员总分制, R-T-6).
func (e Event) Totalled() bool {
	return e.Teams != nil && e.Teams.Event.Settings.Lineup == engine.PlayerTotals
}

// teamCriterionWords are a team criterion's column heading and its name in
// full, as tiebreakWords are the individual tiebreaks'.
var teamCriterionWords = labels[engine.TeamCriterion]{
	engine.TeamMatchPoints:   {i18n.T{Zh: "场分", En: "MP"}, i18n.T{Zh: "场分", En: "match points"}},
	engine.TeamGamePoints:    {i18n.T{Zh: "局分", En: "GP"}, i18n.T{Zh: "局分", En: "game points"}},
	engine.TeamGameWins:      {i18n.T{Zh: "胜局", En: "BW"}, i18n.T{Zh: "胜局", En: "boards won"}},
	engine.TeamMatchWins:     {i18n.T{Zh: "胜场", En: "MW"}, i18n.T{Zh: "胜场", En: "matches won"}},
	engine.TeamOpponents:     {i18n.T{Zh: "对手分", En: "Opp"}, i18n.T{Zh: "团体对手分", En: "opponents' match points"}},
	engine.TeamDirect:        {i18n.T{Zh: "直胜", En: "H2H"}, i18n.T{Zh: "直胜", En: "head-to-head"}},
	engine.TeamFouls:         {i18n.T{Zh: "犯规", En: "Fouls"}, i18n.T{Zh: "犯规（少者优先）", En: "fouls (fewer first)"}},
	engine.TeamEarlierRounds: {i18n.T{Zh: "前轮分", En: "Prev"}, i18n.T{Zh: "倒数轮次场分", En: "match points before the last round"}},
	engine.TeamGameRatio:     {i18n.T{Zh: "得失局", En: "W:L"}, i18n.T{Zh: "得失局率", En: "boards won to lost"}},
	engine.TeamLots:          {i18n.T{Zh: "抽签", En: "Lots"}, i18n.T{Zh: "抽签", En: "lots"}},
}

// TeamCriterionLabel is a team criterion's column heading: short, for a
// phone.
func TeamCriterionLabel(c engine.TeamCriterion, lang i18n.Lang) string {
	return teamCriterionWords.label(c, lang)
}

// TeamCriterionName is a team criterion's name in full.
func TeamCriterionName(c engine.TeamCriterion, lang i18n.Lang) string {
	return teamCriterionWords.name(c, lang)
}

// teamName is team id's name, "#7" for a number no team has.
func (e Event) teamName(id int) string {
	if e.Teams != nil {
		if t, ok := e.Teams.Event.Team(id); ok {
			return t.Name
		}
	}
	return "#" + strconv.Itoa(id)
}

// teamStandings is a team event's standings (R-T-4, R-T-5): place ("3="
// when shared, R-T-9), number, team, unit, 场分, 局分 and the rest of the
// event's chain in its order, with a footer naming the chain; a team that
// withdrew stays, muted (R-W-4).
func teamStandings(e Event, lang i18n.Lang) Table {
	ev := e.Teams.Event
	var rest []engine.TeamCriterion // the chain's criteria beside 场分 and 局分
	for _, c := range ev.Settings.Ranking {
		if c != engine.TeamMatchPoints && c != engine.TeamGamePoints {
			rest = append(rest, c)
		}
	}
	// rank is where c comes in the chain, from 1; 0 outside it (局分 is
	// shown in every chain).
	rank := func(c engine.TeamCriterion) int { return slices.Index(ev.Settings.Ranking, c) + 1 }
	t := Table{
		Kind:  KindStandings,
		Title: standingsTitle(e, lang, true),
		Columns: []Column{
			{Title: i18n.T{Zh: "名次", En: "#"}.In(lang), Full: i18n.T{Zh: "名次", En: "Place"}.In(lang), Align: Right, Brief: true},
			{Title: i18n.T{Zh: "号", En: "No"}.In(lang), Align: Right},
			{Title: i18n.T{Zh: "队名", En: "Team"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "单位", En: "Unit"}.In(lang), Shrink: true},
			{Title: TeamCriterionLabel(engine.TeamMatchPoints, lang), Full: TeamCriterionName(engine.TeamMatchPoints, lang), Align: Right, Brief: true, Rank: rank(engine.TeamMatchPoints)},
			{Title: TeamCriterionLabel(engine.TeamGamePoints, lang), Full: TeamCriterionName(engine.TeamGamePoints, lang), Align: Right, Brief: true, Rank: rank(engine.TeamGamePoints)},
		},
	}
	for _, c := range rest {
		t.Columns = append(t.Columns, Column{Title: TeamCriterionLabel(c, lang), Full: TeamCriterionName(c, lang), Align: Right, Rank: rank(c), Decisive: true})
	}
	shared := false
	for _, s := range engine.TeamStandings(ev) {
		team, _ := ev.Team(s.Team)
		tone := Plain
		switch {
		case team.WithdrawnAfter != 0:
			tone = Muted
		case s.Place == 1 && s.MatchPoints > 0:
			tone = Strong
		}
		row := []Cell{
			{Text: s.PlaceLabel(), Tone: tone}, {Text: strconv.Itoa(team.ID)},
			{Text: team.Name, Tone: tone}, {Text: team.Unit},
			{Text: s.MatchPoints.String(), Tone: tone}, {Text: s.GamePoints.String()},
		}
		for _, c := range rest {
			for _, v := range s.Values {
				if v.Criterion == c {
					row = append(row, Cell{Text: v.String()})
				}
			}
		}
		t.Rows = append(t.Rows, row)
		shared = shared || s.Shared
	}
	names := make([]string, len(ev.Settings.Ranking))
	for i, c := range ev.Settings.Ranking {
		names[i] = TeamCriterionName(c, lang)
	}
	t.Footer = []string{i18n.T{Zh: "名次依次比较：%s。", En: "Ranked by %s."}.In(lang, strings.Join(names, i18n.T{Zh: "、", En: ", then "}.In(lang)))}
	if shared {
		t.Footer = append(t.Footer, sharedNote.In(lang))
	}
	t.briefDecisive(false)
	return t
}

// BoardStandings is a team event's board standings (最佳台次成绩): board
// by board, its players by points, then the share of the points their
// games could give, then wins (engine.BoardStandings); top > 0 keeps the
// places up to top of each board (the prizes), 0 every player. It has no
// rows for an event whose teams play no matches.
func BoardStandings(e Event, lang i18n.Lang, top int) Table {
	t := Table{
		Kind:  KindStandings,
		Title: i18n.T{Zh: "台次成绩", En: "Board standings"}.In(lang),
		Columns: []Column{
			{Title: i18n.T{Zh: "台", En: "Bd"}.In(lang), Full: i18n.T{Zh: "台次", En: "Board"}.In(lang), Align: Right, Brief: true},
			{Title: i18n.T{Zh: "名次", En: "#"}.In(lang), Full: i18n.T{Zh: "名次", En: "Place"}.In(lang), Align: Right, Brief: true},
			{Title: i18n.T{Zh: "姓名", En: "Name"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "队名", En: "Team"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "得分", En: "Pts"}.In(lang), Full: i18n.T{Zh: "得分", En: "Points"}.In(lang), Align: Right, Brief: true, Rank: 1},
			// Between two players of equal points, different games
			// are a different share of the points: the games rank as
			// the share does.
			{Title: i18n.T{Zh: "局数", En: "G"}.In(lang), Full: i18n.T{Zh: "局数", En: "Games"}.In(lang), Align: Right, Brief: true, Rank: 2},
			{Title: i18n.T{Zh: "胜局", En: "W"}.In(lang), Full: i18n.T{Zh: "胜局", En: "Wins"}.In(lang), Align: Right, Rank: 3, Decisive: true},
		},
	}
	if !e.TeamMatches() {
		return t
	}
	shared := false
	for b, rows := range engine.BoardStandings(e.Teams.Event) {
		board := strconv.Itoa(b + 1)
		for _, r := range rows {
			if top > 0 && r.Place > top {
				// The title says the table is cut where it is.
				t.Title = i18n.T{Zh: "台次成绩（每台前%d名）", En: "Board standings (top %d of each board)"}.In(lang, top)
				break
			}
			tone := Plain
			if r.Place == 1 && r.Points > 0 {
				tone = Strong
			}
			label := engine.Placing{Place: r.Place, Shared: r.Shared}.PlaceLabel()
			t.Rows = append(t.Rows, []Cell{
				{Text: board}, {Text: label, Tone: tone}, nameCell(e.Event, r.Player, tone),
				{Text: e.teamName(r.Team)}, {Text: r.Points.String(), Tone: tone},
				{Text: strconv.Itoa(r.Games)}, {Text: strconv.Itoa(r.Wins)},
			})
			shared = shared || r.Shared
		}
	}
	t.Footer = []string{i18n.T{Zh: "每台依次比较：得分、得分率、胜局。", En: "Each board ranked by points, then the share of the points, then wins."}.In(lang)}
	if shared {
		t.Footer = append(t.Footer, sharedNote.In(lang))
	}
	// Wins are brief where they decided a place on some board: the
	// boards are ranked each on its own.
	for _, b := range BoardTables(t, lang) {
		b.briefDecisive(false)
		for i, c := range b.Columns {
			if c.Decisive && c.Brief {
				t.Columns[i+1].Brief = true
			}
		}
	}
	return t
}

// BoardTables are the board standings t (BoardStandings) a table a board,
// the board column left out and its number in the heading of the places
// ("第1台", "B1"), for a layout that shows the boards one after another.
func BoardTables(t Table, lang i18n.Lang) []Table {
	var out []Table
	board := ""
	for _, r := range t.Rows {
		if len(out) == 0 || r[0].Text != board {
			board = r[0].Text
			b := Table{Kind: t.Kind, Title: i18n.T{Zh: "第%s台", En: "Board %s"}.In(lang, board), Columns: slices.Clone(t.Columns[1:])}
			b.Columns[0].Title = i18n.T{Zh: "第%s台", En: "B%s"}.In(lang, board)
			out = append(out, b)
		}
		out[len(out)-1].Rows = append(out[len(out)-1].Rows, r[1:])
	}
	return out
}

// TeamTotals is a 队员总分制 event's team ranking (R-T-6, R-TM-3) beside its
// individual standings: place, team, the counting players' sum (of places
// or of scores, as the event adds them up) and the players counted; a
// team short of counting players ranks after the complete ones, marked.
// It has no rows for another event.
func TeamTotals(e Event, lang i18n.Lang) Table {
	t := Table{
		Kind:  KindStandings,
		Title: i18n.T{Zh: "团体排名（队员总分制）", En: "Team standings (player totals)"}.In(lang),
	}
	if !e.Totalled() {
		return t
	}
	ev, by := e.Teams.Event, e.Teams.Totals
	boards := ev.Settings.Boards
	sum := i18n.T{Zh: "名次和", En: "Places"}
	if by == engine.SumOfScores {
		sum = i18n.T{Zh: "积分和", En: "Points"}
	}
	t.Columns = []Column{
		{Title: i18n.T{Zh: "名次", En: "#"}.In(lang), Full: i18n.T{Zh: "名次", En: "Place"}.In(lang), Align: Right, Brief: true},
		{Title: i18n.T{Zh: "队名", En: "Team"}.In(lang), Shrink: true, Brief: true},
		{Title: sum.In(lang), Align: Right, Brief: true},
		{Title: i18n.T{Zh: "计分队员", En: "Counted"}.In(lang), Full: i18n.T{Zh: "计分队员（个人名次）", En: "Players counted (their places)"}.In(lang), Shrink: true},
	}
	// A player the minimum of games cancels for team totals counts for
	// nobody (R-T-12): the team's next best counts instead.
	counted, cancelled := e.Counted(engine.TotalRankings), false
	teams := make([]engine.Team, len(ev.Teams))
	for i, tm := range ev.Teams {
		tm.Members = slices.DeleteFunc(slices.Clone(tm.Members), func(id int) bool { return !counted(id) })
		cancelled = cancelled || len(tm.Members) < len(ev.Teams[i].Members)
		teams[i] = tm
	}
	short := false
	for _, row := range engine.TeamTotals(e.Event, teams, boards, by) {
		place := engine.Placing{Place: row.Place, Shared: row.Shared}.PlaceLabel()
		total := strconv.Itoa(row.Total)
		if by == engine.SumOfScores {
			total = row.Score.String()
		}
		tone := Plain
		if !row.Complete {
			tone, total, short = Muted, total+"*", true
		}
		counted := make([]string, len(row.Players))
		for i, id := range row.Players {
			counted[i] = PlayerName(e.Event, id) + "(" + strconv.Itoa(row.Places[i]) + ")"
		}
		t.Rows = append(t.Rows, []Cell{
			{Text: place, Tone: tone}, {Text: e.teamName(row.Team), Tone: tone},
			{Text: total, Tone: tone}, {Text: strings.Join(counted, i18n.T{Zh: "、", En: ", "}.In(lang))},
		})
	}
	how := i18n.T{Zh: "个人名次之和，小者在前", En: "the sum of their individual places, lower first"}
	if by == engine.SumOfScores {
		how = i18n.T{Zh: "个人积分之和，多者在前", En: "the sum of their individual points, higher first"}
	}
	t.Footer = []string{i18n.T{Zh: "每队前%d名队员计分：%s（R-T-6）。", En: "Each team's best %d players count: %s (R-T-6)."}.In(lang, boards, how.In(lang))}
	if short {
		t.Footer = append(t.Footer, i18n.T{Zh: "* 不足%d人，排在人数齐全的队之后。", En: "* Short of %d players: ranked after the complete teams."}.In(lang, boards))
	}
	if cancelled {
		t.Footer = append(t.Footer, i18n.T{Zh: "参赛不足 %d 局的队员不计分（R-T-12）。", En: "Players with fewer than %d games do not count (R-T-12)."}.In(lang, e.Awards.Minimum.Games))
	}
	return t
}
