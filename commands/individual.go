package commands

import (
	"slices"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/paper"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// An individual event in the chat: a Swiss (R-F-1) or a round robin
// (R-F-2) of players, and 队员总分制 (R-TM-3), whose players play one too
// while their teams are ranked by their totals beside it (R-T-6).
type individualFormat struct {
	// totals: the players' teams are ranked by their totals (R-T-6).
	totals bool
}

func (individualFormat) name(st *action.State, lang i18n.Lang) string {
	return systemName(st.Event.Settings.System, lang)
}

func (individualFormat) pair(c *Context) (Reply, error) {
	ev := &c.State.Event
	if err := roundOpen(ev, c.Lang); err != nil {
		return Reply{}, err
	}
	if put := c.State.Postponed(); len(put) > 0 && c.Args["pending"] == "" {
		// R-E-3: the organiser chooses to pair with them pending.
		return Reply{
			Text: i18n.T{Zh: "补赛还没有结果：%s。要带着补赛编排下一轮（双方按现有积分编排，不再相遇），请按「带补赛编排」或输入 /pair 带补赛；或先用 /result 录入补赛结果。",
				En: "Postponed games have no result yet: %s. To pair the next round with them pending (their players at their scores, never paired together again), press Pair anyway or type /pair with-postponed; or enter their results with /result first."}.In(c.Own, postponedText(c.State, put, c.Own)),
			Buttons: []chat.Button{{Label: i18n.T{Zh: "带补赛编排", En: "Pair anyway"}.In(c.Own), Command: i18n.T{Zh: "/pair 带补赛", En: "/pair with-postponed"}.In(c.Own)}},
			Private: true,
		}, nil
	}
	if n := c.State.Format().Rounds(c.State); n > 0 && ev.NextRound() > n {
		return Reply{}, problem("全部 %d 轮已赛完。输入 /finish 结束比赛。", "All %d rounds are played. Type /finish to finish the event.", n)
	}
	return previewRound(c)
}

func (individualFormat) preview(st *action.State, lang i18n.Lang) string {
	return previewText(st, lang)
}

func (individualFormat) publish(c *Context, start roundStart) (Reply, error) {
	return publishRound(c, start, nil)
}

func (individualFormat) live(ch *storage.Change, round int, lang i18n.Lang) (string, error) {
	return playersRound(ch, round, nil, lang)
}

// started names the players by their numbers; under 队员总分制, the teams
// with their players.
func (f individualFormat) started(c *Context, st *action.State, by engine.Numbering, lang i18n.Lang) string {
	if f.totals {
		return teamStartText(c, st, by, lang)
	}
	return startText(st, by, lang)
}

func (individualFormat) correction(c *Context, round, board int, was engine.Result) (Reply, bool) {
	return askCorrection(c, round, board, was)
}

func (individualFormat) rule(v *voice, ch *storage.Change, a *action.ResultSet, why i18n.T) error {
	return ruleOnPaired(v, ch, a, why)
}

// postponedText names games put off: "第 2 轮第 3 台 张三—李四".
func postponedText(st *action.State, games [][2]int, lang i18n.Lang) string {
	var parts []string
	for _, rb := range games {
		g, _ := gameOn(&st.Event, rb[0], rb[1])
		parts = append(parts, i18n.T{Zh: "第 %d 轮第 %d 台 %s—%s", En: "round %d board %d %s v %s"}.In(lang, rb[0], rb[1], playerName(&st.Event, g.Red), playerName(&st.Event, g.Black)))
	}
	return strings.Join(parts, i18n.T{Zh: "；", En: "; "}.In(lang))
}

func (individualFormat) before(st *action.State, round, _ int) moment { return roundWasOpen(st, round) }

// settled shows the result in the round's message (refreshRound); the one
// that completes the current round also announces the standings and what
// comes next. A correction of a complete round is announced, since the
// standings the chats were shown change.
func (f individualFormat) settled(v *voice, ch *storage.Change, round, _ int, said string, was moment) error {
	lang, ev := v.lang, &ch.State.Event
	if err := v.refreshRound(ch, round); err != nil {
		return err
	}
	if !was.open {
		v.corrected(ch, said, f.standingsText(ch.State, lang, 0))
		return nil
	}
	if round == len(ev.Rounds) && len(openBoards(ev.Rounds[round-1])) == 0 {
		f.roundComplete(v, ch, round)
	}
	return nil
}

// roundComplete announces that round is complete, with the standings and
// what comes next.
func (f individualFormat) roundComplete(v *voice, ch *storage.Change, round int) {
	lang := v.lang
	next := i18n.T{Zh: "组织者输入 /pair 编排第 %d 轮。", En: "Organisers: /pair pairs round %d."}.In(lang, round+1)
	if n := ch.State.Format().Rounds(ch.State); n > 0 && round >= n {
		next = i18n.T{Zh: "全部轮次已赛完，组织者输入 /finish 结束比赛。", En: "Every round is played: organisers finish the event with /finish."}.In(lang)
	}
	v.announce(ch, i18n.T{Zh: "第 %d 轮全部结束。", En: "Round %d is complete."}.In(lang, round)+"\n"+f.standingsText(ch.State, lang, 0)+"\n"+next)
	v.illustrate(ch, sheet.Standings(sheetOf(ch.State), lang))
	v.offerTies(ch, newTies(ch.State, round)) // the last round's: R-T-8
}

// finish settles the places that may not be shared by lots (R-T-8): 抽签
// goes at the end of the tiebreaks, recorded with the finish so that every
// later table agrees, and the final top 8 are announced, with the places
// lots decided.
func (f individualFormat) finish(c *Context) (Reply, error) {
	if err := roundOpen(&c.State.Event, c.Lang); err != nil {
		return Reply{}, err
	}
	if put := c.State.Postponed(); len(put) > 0 {
		return Reply{}, problem("补赛还没有结果：%s。用 /result 台次 结果 轮次 录入后再结束比赛。", "Postponed games have no result yet: %s. Enter them with /result BOARD RESULT ROUND, then finish.", postponedText(c.State, put, c.Lang))
	}
	if r, wait := tiesFirst(c); wait {
		return r, nil
	}
	return finishEvent(c, appendLots, func(st *action.State, before []engine.Standing, lang i18n.Lang) (string, []sheet.Table) {
		text := f.standingsText(st, lang, prizePlaces)
		if lots := lotsNote(before, engine.Standings(&st.Event), &st.Event, lang); lots != "" {
			text += "\n" + lots
		}
		return text, append([]sheet.Table{sheet.Standings(sheetOf(st), lang)}, prizeTables(st, lang)...) // all of them
	}, []view{standingsView, tableView})
}

// appendLots puts 抽签 at the end of the tiebreaks, so that the places
// that may not be shared are settled (R-T-8), recorded with the finish.
func appendLots(ch *storage.Change) error {
	s := ch.State.Event.Settings
	if slices.Contains(s.Tiebreaks, engine.Lots) {
		return nil
	}
	s.Tiebreaks = append(slices.Clone(s.Tiebreaks), engine.Lots)
	return ch.Append(&action.SettingsChanged{Settings: s})
}

func (individualFormat) page(st *action.State, lang i18n.Lang) sheet.Page {
	return sheet.PageOf(sheetOf(st), lang)
}

func (individualFormat) pairings(st *action.State, round int, lang i18n.Lang) string {
	return pairingTable(st, round, lang)
}

// standings answers /standings: under 队员总分制 the players' and then the
// teams' (R-T-6).
func (f individualFormat) standings(c *Context) (Reply, error) {
	if c.Args["what"] != "" {
		if f.totals {
			return Reply{}, problem("队员总分制不分台次，没有台次成绩。输入 /standings 查看个人和团体排名。", "Under player totals there are no boards, so no board standings. Type /standings for the individual and team standings.")
		}
		return Reply{}, noBoards()
	}
	if c.Args["as"] != "" {
		return showPicture(c, f.tables(c.State, c.Lang)...)
	}
	return Reply{Text: f.standingsText(c.State, c.Lang, 0)}, nil
}

// tables are the standings as sheets: under 队员总分制 the players', then
// the teams' (R-T-6).
func (f individualFormat) tables(st *action.State, lang i18n.Lang) []sheet.Table {
	if f.totals {
		return []sheet.Table{sheet.Standings(sheetOf(st), lang), sheet.TeamTotals(sheetOf(st), lang)}
	}
	return []sheet.Table{sheet.Standings(sheetOf(st), lang)}
}

func (individualFormat) crosstable(c *Context) (Reply, error) {
	if c.Args["as"] != "" {
		return showPicture(c, sheet.Crosstable(sheetOf(c.State), c.Lang))
	}
	return Reply{Text: crosstable(c.State, c.Lang)}, nil
}

func (f individualFormat) files(st *action.State, lang i18n.Lang) ([]sheetFile, error) {
	files := []sheetFile{{sheet.Standings(sheetOf(st), lang), i18n.T{Zh: "排名", En: "standings"}, i18n.T{Zh: "排名表", En: "standings"}}}
	if f.totals { // the players', then the teams' (R-T-6)
		files = append(files, sheetFile{sheet.TeamTotals(sheetOf(st), lang), i18n.T{Zh: "团体排名", En: "team standings"}, i18n.T{Zh: "团体排名表", En: "team standings"}})
	}
	files = append(files, awardFiles(st, lang)...)
	return append(files, sheetFile{sheet.Crosstable(sheetOf(st), lang), i18n.T{Zh: "成绩表", En: "crosstable"}, i18n.T{Zh: "成绩表", En: "crosstable"}}), nil
}

func (f individualFormat) keys(st *action.State, lang i18n.Lang) []string {
	if f.totals {
		return teamKeysText(st, lang)
	}
	return nil
}

// notPlayed is never asked: an individual event plays by every setting.
func (individualFormat) notPlayed(_ *action.State, k *eventKey, lang i18n.Lang) *Problem {
	return problem("%s 不适用于这场比赛。", "%s does not apply to this event.", k.name(lang))
}

// standingsText is the standings sheet as the chat shows it (R-T-*): the
// title, then place ("3=" when shared, R-T-9), name, score and the
// tiebreaks that decided a place (standingsTable), sized for a phone;
// under 队员总分制 the team totals after it (R-T-6). top > 0 keeps the
// first top rows and everyone sharing the last place kept, and says so;
// 0 keeps all.
func (f individualFormat) standingsText(st *action.State, lang i18n.Lang, top int) string {
	text := standingsTable(st, lang, top)
	if put := st.Postponed(); len(put) > 0 {
		text += "\n" + i18n.T{Zh: "补赛未下（R-E-3）：%s", En: "Postponed, to be played (R-E-3): %s"}.In(lang, postponedText(st, put, lang))
	}
	if f.totals {
		text += "\n\n" + teamTotalsText(st, lang)
	}
	return text + awardsText(st, lang)
}

func (individualFormat) papers(_ *action.State, p *paper.Papers, lang i18n.Lang) { prizesOf(p, lang) }

func (individualFormat) unranked(st *action.State) error { return noPlaces(st) }

func (individualFormat) gamesLeft(st *action.State) func(id int) int { return roundGamesLeft(st) }

// ranking is nil: the awards rank by the standings.
func (individualFormat) ranking(*action.State) func() []engine.Placing { return nil }

// reformat: a Swiss and a round robin change into each other by the
// settings alone.
func (individualFormat) reformat(*engine.Settings) action.Action { return nil }
