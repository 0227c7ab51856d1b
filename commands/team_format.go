package commands

import (
	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/paper"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// A team event in the chat whose teams meet in matches (§12): its rounds
// (team_rounds.go), line-ups (team_lineups.go) and standings
// (team_standings.go) are the teams'.
type teamFormat struct{}

func (teamFormat) name(st *action.State, lang i18n.Lang) string {
	return systemName(st.Event.Settings.System, lang)
}

// started announces the teams by their numbers, each with its players.
func (teamFormat) started(c *Context, st *action.State, by engine.Numbering, lang i18n.Lang) string {
	return teamStartText(c, st, by, lang)
}

// correction: the rounds after a result were paired on it, as in an
// individual event.
func (teamFormat) correction(c *Context, round, board int, was engine.Result) (Reply, bool) {
	return askCorrection(c, round, board, was)
}

func (teamFormat) rule(v *voice, ch *storage.Change, a *action.ResultSet, why i18n.T) error {
	return ruleOnPaired(v, ch, a, why)
}

// crosstable is the teams' (sheet.Crosstable lays a team event's out).
func (teamFormat) crosstable(c *Context) (Reply, error) { return individualFormat{}.crosstable(c) }

// files are the team standings, the board standings and the teams'
// crosstable.
func (teamFormat) files(st *action.State, lang i18n.Lang) ([]sheetFile, error) {
	tables := sheet.StandingsTables(sheetOf(st), lang, 0) // the teams', then the boards'
	return []sheetFile{
		{tables[0], i18n.T{Zh: "团体排名", En: "team standings"}, i18n.T{Zh: "团体排名表", En: "team standings"}},
		{tables[1], i18n.T{Zh: "台次成绩", En: "board standings"}, i18n.T{Zh: "台次成绩表", En: "board standings"}},
		{sheet.Crosstable(sheetOf(st), lang), i18n.T{Zh: "团体成绩表", En: "team crosstable"}, i18n.T{Zh: "团体成绩表", En: "team crosstable"}},
	}, nil
}

func (teamFormat) page(st *action.State, lang i18n.Lang) sheet.Page {
	return sheet.PageOf(sheetOf(st), lang)
}

func (teamFormat) keys(st *action.State, lang i18n.Lang) []string { return teamKeysText(st, lang) }

// notPlayed: match points, game points and the team tiebreaks stand for the
// game scoring and the tiebreaks (R-S-2, R-T-4, R-T-5).
func (teamFormat) notPlayed(_ *action.State, k *eventKey, lang i18n.Lang) *Problem {
	return problem("团体赛不用 %[1]s：场分、局分和团体名次规则代替它（/event set 场分 3,1,0、/event set 局分 2,1,0、/event set 团体名次规则 …；/event set 查看）。",
		"A team event does not use %[1]s: match points, game points and the team tiebreaks stand for it (/event set match-points 3,1,0, /event set game-points 2,1,0, /event set team-tiebreaks …; /event set shows them).",
		k.name(lang))
}

func (teamFormat) papers(_ *action.State, p *paper.Papers, lang i18n.Lang) { prizesOf(p, lang) }

func (teamFormat) unranked(st *action.State) error { return noPlaces(st) }

func (teamFormat) gamesLeft(st *action.State) func(id int) int { return roundGamesLeft(st) }

func (teamFormat) ranking(*action.State) func() []engine.Placing { return nil }

func (teamFormat) reformat(*engine.Settings) action.Action { return nil }
