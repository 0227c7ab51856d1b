package commands

import (
	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/paper"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// format is a kind of event's part in the chat, as action.Format is its
// part in the rules (DESIGN, "The event's format is a value"): what /pair,
// /publish, /start, a result, /finish, the views and the files say and do
// for that kind of event. Each kind implements it in its own files — an
// individual event in individual.go, a staged one in knockout.go and
// bracket.go, a team event in team_rounds.go and team_standings.go — and
// formatOf picks the event's, so that the commands ask the format instead
// of testing which parts of the state are set.
type format interface {
	// name is the format as /event set shows it: "积分编排", "淘汰赛 > 循环".
	name(st *action.State, lang i18n.Lang) string
	// pair answers /pair: the next round as a preview, to the arbiter who
	// asked (R-SW-13).
	pair(c *Context) (Reply, error)
	// preview is the pending preview with what may be changed and how it
	// is published.
	preview(st *action.State, lang i18n.Lang) string
	// publish answers /publish: the preview becomes the round, which
	// starts at start when it is set (R-G-4).
	publish(c *Context, start roundStart) (Reply, error)
	// live is round's message in the event's chats as it reads in ch
	// (liveRound): its boards with the results in so far, and its terms.
	live(ch *storage.Change, round int, lang i18n.Lang) (string, error)
	// started is the announcement of the start (R-SW-1), numbered by.
	started(c *Context, st *action.State, by engine.Numbering, lang i18n.Lang) string
	// before is what a result of round's board changes, before it is set.
	before(st *action.State, round, board int) moment
	// settled announces a game's result, set in ch already: said is the
	// game's line, was the event before it.
	settled(v *voice, ch *storage.Change, round, board int, said string, was moment) error
	// correction asks the arbiter to confirm a change to round's result
	// that the rounds after it stand on; false when it may go ahead.
	correction(c *Context, round, board int, was engine.Result) (Reply, bool)
	// rule sets the arbiter's ruling a (/result) in ch and announces it.
	rule(v *voice, ch *storage.Change, a *action.ResultSet, why i18n.T) error
	// finish answers /finish.
	finish(c *Context) (Reply, error)
	// pairings is round's pairing as the chat shows it (/pairings).
	pairings(st *action.State, round int, lang i18n.Lang) string
	// standings answers /standings, crosstable /crosstable.
	standings(c *Context) (Reply, error)
	crosstable(c *Context) (Reply, error)
	// page is what the live page and the print show of the event.
	page(st *action.State, lang i18n.Lang) sheet.Page
	// files are the tables /export csv sends.
	files(st *action.State, lang i18n.Lang) ([]sheetFile, error)
	// keys are the lines /event set shows of the format's own settings
	// beyond the event's.
	keys(st *action.State, lang i18n.Lang) []string
	// papers fills in what the organiser's papers say that depends on the
	// format: the prize places (R-T-10, R-F-6) and, where the settings do
	// not tell it, the format's line.
	papers(st *action.State, p *paper.Papers, lang i18n.Lang)
	// unranked says why the event has no prize places yet, and when they
	// come.
	unranked(st *action.State) error
	// gamesLeft is how many games each player may still play, by player
	// ID, while the event runs (R-T-12).
	gamesLeft(st *action.State) func(id int) int
	// ranking is the ranking the awards rank the players by beside the
	// standings, nil where it is the standings (R-T-10..12).
	ranking(st *action.State) func() []engine.Placing
	// standing is where player stands, for their /me: their place as
	// the event ranks its entrants (a team event's: their team's).
	standing(st *action.State, player int, lang i18n.Lang) string
	// reformat readies settings s for a change of the event's format to
	// a Swiss or a round robin (/event set format), and is the action that
	// follows the change; nil when none does.
	reformat(s *engine.Settings) action.Action
	// notPlayed says why the event does not play by k's part of the rules
	// (action.Format.PlaysBy), and what to type instead.
	notPlayed(st *action.State, k *eventKey, lang i18n.Lang) *Problem
	// placePoints are what the finished event's ranking gives each player
	// under t, by player number: a season's place points (R-T-11).
	placePoints(st *action.State, t engine.PlaceTable) []engine.Scored
}

// formatOf is the event's format in the chat: the one place that tells
// the kinds of event apart.
func formatOf(st *action.State) format {
	switch st.Format().Kind() {
	case action.StagedFormat:
		return stagedFormat{}
	case action.TeamFormat:
		return teamFormat{}
	case action.TotalsFormat:
		return individualFormat{totals: true}
	case action.TeamStagedFormat:
		return teamStagedFormat{}
	}
	return individualFormat{}
}

// moment is what a result changes, as it stood before it: whether the
// result's round was still open, and a team event's match.
type moment struct {
	open bool
	team teamMoment
}

// roundWasOpen is the moment of an event without matches of teams: whether
// round had a board without a result.
func roundWasOpen(st *action.State, round int) moment {
	ev := &st.Event
	return moment{open: round >= 1 && round <= len(ev.Rounds) && len(openBoards(ev.Rounds[round-1])) > 0}
}

// sheetFile is a table as /export csv sends it: its file name, and the
// reply's words for it.
type sheetFile struct {
	table      sheet.Table
	what, said i18n.T
}
