package sheet

import (
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// A team event (§12, issue 13) is looked at as teams: its standings are the
// teams' (R-T-4, R-T-5) with the board standings beside them, its pairings
// the matches with their boards, its crosstable the teams' matches. Under
// 队员总分制 (R-T-6) the players play an individual event, whose sheets
// stay the individual ones, and the team totals are a table of their own.
// Standings, Pairings and Crosstable turn to these for a team event, so
// every renderer shows the teams without knowing of them.

// teamsPlay reports whether st is a team event whose teams meet in
// matches (not 队员总分制).
func teamsPlay(st *action.State) bool { return st.Teams != nil && !st.Teams.Rules.Totalled() }

// teamCriterionWords are a team criterion's column heading and its name in
// full, as tiebreakWords are the individual tiebreaks'.
var teamCriterionWords = labels[engine.TeamCriterion]{
	engine.TeamMatchPoints:   {text{"场分", "MP"}, text{"场分", "match points"}},
	engine.TeamGamePoints:    {text{"局分", "GP"}, text{"局分", "game points"}},
	engine.TeamGameWins:      {text{"胜局", "BW"}, text{"胜局", "boards won"}},
	engine.TeamMatchWins:     {text{"胜场", "MW"}, text{"胜场", "matches won"}},
	engine.TeamOpponents:     {text{"对手分", "Opp"}, text{"团体对手分", "opponents' match points"}},
	engine.TeamDirect:        {text{"直胜", "H2H"}, text{"直胜", "head-to-head"}},
	engine.TeamFouls:         {text{"犯规", "Fouls"}, text{"犯规（少者优先）", "fouls (fewer first)"}},
	engine.TeamEarlierRounds: {text{"前轮分", "Prev"}, text{"倒数轮次场分", "match points before the last round"}},
	engine.TeamGameRatio:     {text{"得失局", "W:L"}, text{"得失局率", "boards won to lost"}},
	engine.TeamLots:          {text{"抽签", "Lots"}, text{"抽签", "lots"}},
}

// TeamCriterionLabel is a team criterion's column heading: short, for a
// phone.
func TeamCriterionLabel(c engine.TeamCriterion, lang Lang) string {
	return teamCriterionWords.label(c, lang)
}

// TeamCriterionName is a team criterion's name in full.
func TeamCriterionName(c engine.TeamCriterion, lang Lang) string {
	return teamCriterionWords.name(c, lang)
}

// TeamName is team id's name, "#7" for a number no team has.
func TeamName(st *action.State, id int) string {
	if st.Teams == nil || id < 1 || id > len(st.Teams.Teams) {
		return "#" + strconv.Itoa(id)
	}
	return st.Teams.Teams[id-1].Name
}

// teamStandings is a team event's standings (R-T-4, R-T-5): place ("3="
// when shared, R-T-9), number, team, unit, 场分, 局分 and the rest of the
// event's chain in its order, with a footer naming the chain; a team that
// withdrew stays, muted (R-W-4).
func teamStandings(st *action.State, ev *engine.TeamEvent, lang Lang) Table {
	var rest []engine.TeamCriterion // the chain's criteria beside 场分 and 局分
	for _, c := range ev.Settings.Ranking {
		if c != engine.TeamMatchPoints && c != engine.TeamGamePoints {
			rest = append(rest, c)
		}
	}
	t := Table{
		Kind:  KindStandings,
		Title: standingsTitle(st, lang, true),
		Columns: []Column{
			{Title: text{"名次", "#"}.in(lang), Full: text{"名次", "Place"}.in(lang), Brief: true},
			{Title: text{"号", "No"}.in(lang), Align: Right},
			{Title: text{"队名", "Team"}.in(lang), Shrink: true, Brief: true},
			{Title: text{"单位", "Unit"}.in(lang), Shrink: true},
			{Title: TeamCriterionLabel(engine.TeamMatchPoints, lang), Full: TeamCriterionName(engine.TeamMatchPoints, lang), Align: Right, Brief: true},
			{Title: TeamCriterionLabel(engine.TeamGamePoints, lang), Full: TeamCriterionName(engine.TeamGamePoints, lang), Align: Right, Brief: true},
		},
	}
	for i, c := range rest {
		t.Columns = append(t.Columns, Column{Title: TeamCriterionLabel(c, lang), Full: TeamCriterionName(c, lang), Align: Right, Brief: i < briefTiebreaks-1})
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
	t.Footer = []string{text{"名次依次比较：%s。", "Ranked by %s."}.in(lang, strings.Join(names, text{"、", ", then "}.in(lang)))}
	if shared {
		t.Footer = append(t.Footer, text{"名次后的“=”表示并列（R-T-9）。", "\"=\" after a place: shared (R-T-9)."}.in(lang))
	}
	return t
}

// BoardStandings is a team event's board standings (最佳台次成绩): board
// by board, its players by points, then the share of the points their
// games could give, then wins (engine.BoardStandings); top > 0 keeps the
// places up to top of each board (the prizes), 0 every player. It has no
// rows for an event whose teams play no matches.
func BoardStandings(st *action.State, lang Lang, top int) Table {
	if !teamsPlay(st) {
		return boardStandings(st, nil, lang, top)
	}
	return boardStandings(st, st.TeamEvent(), lang, top)
}

// boardStandings is BoardStandings of st's team event ev, nil for none.
func boardStandings(st *action.State, ev *engine.TeamEvent, lang Lang, top int) Table {
	t := Table{
		Kind:  KindStandings,
		Title: text{"台次成绩", "Board standings"}.in(lang),
		Columns: []Column{
			{Title: text{"台", "Bd"}.in(lang), Full: text{"台次", "Board"}.in(lang), Align: Right, Brief: true},
			{Title: text{"名次", "#"}.in(lang), Full: text{"名次", "Place"}.in(lang), Brief: true},
			{Title: text{"姓名", "Name"}.in(lang), Shrink: true, Brief: true},
			{Title: text{"队名", "Team"}.in(lang), Shrink: true, Brief: true},
			{Title: text{"得分", "Pts"}.in(lang), Full: text{"得分", "Points"}.in(lang), Align: Right, Brief: true},
			{Title: text{"局数", "G"}.in(lang), Full: text{"局数", "Games"}.in(lang), Align: Right, Brief: true},
			{Title: text{"胜局", "W"}.in(lang), Full: text{"胜局", "Wins"}.in(lang), Align: Right},
		},
	}
	if top > 0 {
		t.Title = text{"台次成绩（每台前%d名）", "Board standings (top %d of each board)"}.in(lang, top)
	}
	if ev == nil {
		return t
	}
	shared := false
	for b, rows := range engine.BoardStandings(ev) {
		board := strconv.Itoa(b + 1)
		for _, r := range rows {
			if top > 0 && r.Place > top {
				break
			}
			tone := Plain
			if r.Place == 1 && r.Points > 0 {
				tone = Strong
			}
			label := strconv.Itoa(r.Place)
			if r.Shared {
				label += "="
			}
			t.Rows = append(t.Rows, []Cell{
				{Text: board}, {Text: label, Tone: tone}, nameCell(&st.Event, r.Player, tone),
				{Text: TeamName(st, r.Team)}, {Text: r.Points.String(), Tone: tone},
				{Text: strconv.Itoa(r.Games)}, {Text: strconv.Itoa(r.Wins)},
			})
			shared = shared || r.Shared
		}
	}
	t.Footer = []string{text{"每台依次比较：得分、得分率、胜局。", "Each board ranked by points, then the share of the points, then wins."}.in(lang)}
	if shared {
		t.Footer = append(t.Footer, text{"名次后的“=”表示并列（R-T-9）。", "\"=\" after a place: shared (R-T-9)."}.in(lang))
	}
	return t
}

// TeamTotals is a 队员总分制 event's team ranking (R-T-6, R-TM-3) beside its
// individual standings: place, team, the counting players' sum (of places
// or of scores, as the event adds them up) and the players counted; a
// team short of counting players ranks after the complete ones, marked.
// It has no rows for another event.
func TeamTotals(st *action.State, lang Lang) Table {
	t := Table{
		Kind:  KindStandings,
		Title: text{"团体排名（队员总分制）", "Team standings (player totals)"}.in(lang),
	}
	if st.Teams == nil || !st.Teams.Rules.Totalled() {
		return t
	}
	r := st.Teams.Rules
	sum := text{"名次和", "Places"}
	if r.Totals == engine.SumOfScores {
		sum = text{"积分和", "Points"}
	}
	t.Columns = []Column{
		{Title: text{"名次", "#"}.in(lang), Full: text{"名次", "Place"}.in(lang), Brief: true},
		{Title: text{"队名", "Team"}.in(lang), Shrink: true, Brief: true},
		{Title: sum.in(lang), Align: Right, Brief: true},
		{Title: text{"计分队员", "Counted"}.in(lang), Full: text{"计分队员（个人名次）", "Players counted (their places)"}.in(lang), Shrink: true},
	}
	ev := st.TeamEvent()
	short := false
	for _, row := range engine.TeamTotals(&st.Event, ev.Teams, r.Boards, r.Totals) {
		place := strconv.Itoa(row.Place)
		if row.Shared {
			place += "="
		}
		total := strconv.Itoa(row.Total)
		if r.Totals == engine.SumOfScores {
			total = row.Score.String()
		}
		tone := Plain
		if !row.Complete {
			tone, total, short = Muted, total+"*", true
		}
		counted := make([]string, len(row.Players))
		for i, id := range row.Players {
			counted[i] = PlayerName(&st.Event, id) + "(" + strconv.Itoa(row.Places[i]) + ")"
		}
		t.Rows = append(t.Rows, []Cell{
			{Text: place, Tone: tone}, {Text: TeamName(st, row.Team), Tone: tone},
			{Text: total, Tone: tone}, {Text: strings.Join(counted, text{"、", ", "}.in(lang))},
		})
	}
	by := text{"个人名次之和，小者在前", "the sum of their individual places, lower first"}
	if r.Totals == engine.SumOfScores {
		by = text{"个人积分之和，多者在前", "the sum of their individual points, higher first"}
	}
	t.Footer = []string{text{"每队前%d名队员计分：%s（R-T-6）。", "Each team's best %d players count: %s (R-T-6)."}.in(lang, r.Boards, by.in(lang))}
	if short {
		t.Footer = append(t.Footer, text{"* 不足%d人，排在人数齐全的队之后。", "* Short of %d players: ranked after the complete teams."}.in(lang, r.Boards))
	}
	return t
}
