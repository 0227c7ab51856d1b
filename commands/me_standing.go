package commands

import (
	"slices"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// A player's /me says where they stand as the event ranks its entrants:
// a player by their score and place, a team event's player by their
// team's place (R-T-4, R-F-6) and their own points on its boards.

func (individualFormat) standing(st *action.State, player int, lang i18n.Lang) string {
	return playerStanding(st, player, lang)
}

func (stagedFormat) standing(st *action.State, player int, lang i18n.Lang) string {
	return playerStanding(st, player, lang)
}

func (teamFormat) standing(st *action.State, player int, lang i18n.Lang) string {
	return teamStanding(st, player, engine.TeamPlacings(engine.TeamStandings(st.TeamEvent())), lang)
}

func (teamStagedFormat) standing(st *action.State, player int, lang i18n.Lang) string {
	return teamStanding(st, player, stagedRanking(st), lang)
}

// playerStanding is player's score and place in the standings.
func playerStanding(st *action.State, player int, lang i18n.Lang) string {
	s, ok := standingOf(st, player)
	if !ok {
		return ""
	}
	return i18n.T{Zh: "积分 %s，第 %s 名", En: "Score %s, place %s"}.In(lang, s.Score, s.PlaceLabel())
}

// standingOf is player's row of the standings.
func standingOf(st *action.State, player int) (engine.Standing, bool) {
	rows := st.Standings()
	i := slices.IndexFunc(rows, func(s engine.Standing) bool { return s.Player == player })
	if i < 0 {
		return engine.Standing{}, false
	}
	return rows[i], true
}

// teamStanding is the place among places of player's team, and the
// player's own points on its boards.
func teamStanding(st *action.State, player int, places []engine.Placing, lang i18n.Lang) string {
	p, _ := st.Event.Player(player)
	team := st.TeamOf(p.Entrant)
	if team == 0 {
		return ""
	}
	own, _ := standingOf(st, player)
	score := own.Score
	for _, pl := range places {
		if pl.Entrant == team {
			return i18n.T{Zh: "你的队「%s」第 %s 名；你个人得分 %s", En: "Your team %s is placed %s; your own points: %s"}.
				In(lang, teamName(st, team), pl.PlaceLabel(), score)
		}
	}
	return i18n.T{Zh: "你的队「%s」；你个人得分 %s", En: "Your team %s; your own points: %s"}.In(lang, teamName(st, team), score)
}
