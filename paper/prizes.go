package paper

import (
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// Prize is a place of a ranking that a certificate (奖状) is written for.
type Prize struct {
	// Ranking is what the place is of, in the papers' language: "个人",
	// "团体", "第1台"; a category's name when the event ranks by them.
	Ranking string
	Place   int
	Shared  bool   // the place is shared (R-T-9): "3="
	Name    string // the player's or the team's
	Unit    string // 单位, "" when none
}

// Prizes are e's places from 1 to n of each of its rankings, in lang, once
// a round has been played: the individual standings (R-T-1..3); a team
// event's team standings (R-T-4, R-T-5) and each board's first place;
// under 队员总分制 the individual standings and the complete teams' totals
// (R-T-6). A shared place gives each who share it a prize (R-T-9); a
// player or a team that withdrew gets none.
func Prizes(e sheet.Event, lang i18n.Lang, n int) []Prize {
	ev := e.Event
	if len(ev.Rounds) == 0 {
		return nil
	}
	individual := i18n.T{Zh: "个人", En: "Individual"}.In(lang)
	teams := i18n.T{Zh: "团体", En: "Teams"}.In(lang)
	if e.TeamMatches() {
		return teamPrizes(e, lang, teams, n)
	}
	var out []Prize
	for _, s := range e.Standings() {
		p, _ := ev.Player(s.Player)
		if s.Place <= n && p.WithdrawnAfter == 0 {
			out = append(out, Prize{Ranking: individual, Place: s.Place, Shared: s.Shared, Name: p.Name, Unit: p.Unit})
		}
	}
	if !e.Totalled() {
		return out
	}
	te := e.Teams.Event
	for _, row := range engine.TeamTotals(ev, te.Teams, te.Settings.Boards, e.Teams.Totals) {
		team, _ := te.Team(row.Team)
		if row.Place <= n && row.Complete && team.WithdrawnAfter == 0 {
			out = append(out, Prize{Ranking: teams, Place: row.Place, Shared: row.Shared, Name: team.Name, Unit: team.Unit})
		}
	}
	return out
}

// teamPrizes are a team event's places up to n and each board's first
// (最佳台次), its player's unit their team's.
func teamPrizes(e sheet.Event, lang i18n.Lang, teams string, n int) []Prize {
	te := e.Teams.Event
	var out []Prize
	for _, s := range engine.TeamStandings(te) {
		team, _ := te.Team(s.Team)
		if s.Place <= n && team.WithdrawnAfter == 0 {
			out = append(out, Prize{Ranking: teams, Place: s.Place, Shared: s.Shared, Name: team.Name, Unit: team.Unit})
		}
	}
	for b, rows := range engine.BoardStandings(te) {
		for _, r := range rows {
			if r.Place > 1 || r.Points == 0 {
				break
			}
			team, _ := te.Team(r.Team)
			out = append(out, Prize{
				Ranking: i18n.T{Zh: "第%d台", En: "Board %d"}.In(lang, b+1), Place: 1, Shared: r.Shared,
				Name: sheet.PlayerName(e.Event, r.Player), Unit: team.Name,
			})
		}
	}
	return out
}
