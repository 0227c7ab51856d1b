package commands

import (
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// A team event's standings in the chat: the team standings by the event's
// chain (R-T-4, R-T-5), the board standings, the 队员总分制 totals (R-T-6),
// and /finish's final ranking.

// teamStandingsText is the team standings (R-T-4, R-T-5) as the chat shows
// them: the chain in the heading, then the sheet's brief columns — place,
// team, 场分, 局分 and the criteria that decided a place
// (sheet.Column.Decisive).
func teamStandingsText(st *action.State, lang i18n.Lang) string {
	var chain []string
	for _, c := range st.TeamEvent().Settings.Ranking {
		chain = append(chain, criterionName(c, lang))
	}
	t := sheet.Standings(sheetOf(st), lang).BriefText(phoneWidth, nil)
	return i18n.T{Zh: "团体排名（%s）", En: "Team standings (%s)"}.In(lang, strings.Join(chain, i18n.T{Zh: "、", En: ", "}.In(lang))) + "\n" + monoTable(t)
}

// criterionName is a team criterion as /event set takes it: "直胜",
// "head-to-head".
func criterionName(c engine.TeamCriterion, lang i18n.Lang) string {
	if lang == i18n.Zh {
		return c.Name()
	}
	return c.English()
}

// boardStandingsText is the board standings (最佳台次, sheet.BoardStandings)
// as the chat shows them: a table a board, its players by points, then the
// share of the points (the games beside the points show it), then wins
// where they decided a place; top > 0 keeps the places up to top (the
// announcements': /standings boards shows all), which the title says, and
// a line under the tables where a board has more players says where the
// rest are.
func boardStandingsText(st *action.State, lang i18n.Lang, top int) string {
	s := sheet.BoardStandings(sheetOf(st), lang, top)
	lines := []string{s.Title}
	for _, b := range sheet.BoardTables(s, lang) {
		lines = append(lines, monoTable(b.BriefText(phoneWidth, nil)))
	}
	if top > 0 && len(sheet.BoardStandings(sheetOf(st), lang, 0).Rows) > len(s.Rows) {
		lines = append(lines, i18n.T{Zh: "……全部台次成绩：/standings boards", En: "… every board in full: /standings boards"}.In(lang))
	}
	return strings.Join(lines, "\n")
}

// standings is /standings of a team event: the team standings (R-T-4,
// R-T-5), or with boards the board standings.
func (teamFormat) standings(c *Context) (Reply, error) {
	lang, picture := c.Lang, c.Args["as"] != ""
	switch {
	case picture && c.Args["what"] != "":
		return showPicture(c, sheet.BoardStandings(sheetOf(c.State), lang, 0))
	case picture:
		return showPicture(c, sheet.StandingsTables(sheetOf(c.State), lang, boardPrizes)...)
	case c.Args["what"] != "":
		return Reply{Text: boardStandingsText(c.State, c.Lang, 0)}, nil
	}
	return Reply{Text: teamStandingsText(c.State, c.Lang)}, nil
}

// finish is /finish of a team event: once every match is decided, the
// final team standings and board standings.
func (teamFormat) finish(c *Context) (Reply, error) {
	if err := teamRoundOpen(c.State, c.Lang); err != nil {
		return Reply{}, err
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	changes, err := c.readRatingChanges() // club_finish.go (R-R-2)
	if err != nil {
		return Reply{}, err
	}
	_, err = c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.EventFinished{}); err != nil {
			return err
		}
		lang := chats.lang
		text := i18n.T{Zh: "「%s」结束！", En: "%q is over!"}.In(lang, ch.State.Event.Name) + "\n" + teamStandingsText(ch.State, lang) + "\n\n" + boardStandingsText(ch.State, lang, boardPrizes)
		if n := ch.State.Format().Rounds(ch.State); n > len(ch.State.Teams.Rounds) {
			text += "\n" + i18n.T{Zh: "（计划 %d 轮，实赛 %d 轮）", En: "(%d rounds planned, %d played)"}.In(lang, n, len(ch.State.Teams.Rounds))
		}
		text += changes(lang)
		chats.announce(ch, text)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.reply(i18n.T{Zh: "比赛已结束。", En: "The event is over."}.In(c.Lang)), nil
}

// teamTotalsText is a 队员总分制 team ranking (R-T-6) as the chat shows it
// (sheet.TeamTotals): place, team, and the sum of its counting players'
// places or scores; a team short of counting players ranks after the
// complete ones, marked "*" and said under the table.
func teamTotalsText(st *action.State, lang i18n.Lang) string {
	r := st.Teams.Rules
	s := sheet.TeamTotals(sheetOf(st), lang)
	text := i18n.T{Zh: "团体排名（队员总分制，每队前 %d 名计分，%s，R-T-6）", En: "Team standings (player totals, each team's best %d count, %s, R-T-6)"}.In(lang, r.Boards, named(r.Totals, lang)) +
		"\n" + monoTable(s.BriefText(phoneWidth, nil))
	if len(s.Footer) > 1 { // the teams short of players
		text += "\n" + s.Footer[1]
	}
	return text
}
