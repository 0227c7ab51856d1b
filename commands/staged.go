package commands

import (
	"math"
	"slices"
	"sync"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/paper"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// A staged event in the chat (R-F-3..6): a knockout, a double elimination,
// groups, or a chain of them. Its rounds are played as an individual
// event's are, each board with what it plays (knockout.go); its ranking,
// bracket and crosstables are its stages' (bracket.go).
type stagedFormat struct{}

func (stagedFormat) name(st *action.State, lang i18n.Lang) string {
	return formatName(st.Stages.Plan, lang)
}

func (stagedFormat) pair(c *Context) (Reply, error) {
	if err := stagedOpen(c.State, c.Lang); err != nil {
		return Reply{}, err
	}
	return previewRound(c)
}

func (stagedFormat) preview(st *action.State, lang i18n.Lang) string { return stagedPreview(st, lang) }

// publish publishes the round with what each board plays under it.
func (stagedFormat) publish(c *Context, start roundStart) (Reply, error) {
	return publishRound(c, start, askChoosers)
}

// live is the round's boards with what each plays under them.
func (stagedFormat) live(ch *storage.Change, round int, lang i18n.Lang) (string, error) {
	return playersRound(ch, round, matchNotes, lang)
}

// started names the players by their numbers, and says when the bracket's
// seeds go by rating instead (R-F-4): then units spread over the numbers'
// halves (R-SW-1) move no seed.
func (stagedFormat) started(_ *Context, st *action.State, by engine.Numbering, lang i18n.Lang) string {
	s := startText(st, by, lang)
	rated := slices.ContainsFunc(st.Event.Players, func(p engine.Player) bool { return p.Rating > 0 })
	if st.Stages.Plan.Seeding == engine.SeedByRating && rated {
		s += "\n" + i18n.T{Zh: "对阵的种子按等级分排定（种子排序 = 等级分，R-F-4）。", En: "The seeds go by rating (seed-order = rating, R-F-4)."}.In(lang)
	}
	return s
}

// correction goes ahead: a corrected result re-routes the later matches,
// which the ruling asks about when they are played (rule).
func (stagedFormat) correction(*Context, int, int, engine.Result) (Reply, bool) {
	return Reply{}, false
}

// rule sets the ruling; a corrected result re-routes the later matches:
// the action refuses it when they are played, unless confirmed (R-F-4).
func (stagedFormat) rule(v *voice, ch *storage.Change, a *action.ResultSet, why i18n.T) error {
	struck := struckMatches(ch.State)
	if err := v.settle(ch, a, why); err != nil {
		return err
	}
	if again := newlyStruck(struck, struckMatches(ch.State)); len(again) > 0 {
		v.announce(ch, i18n.T{Zh: "%s 的对局作废（R-F-4），由下一次 /pair 重新编排。", En: "The games of %s are struck out (R-F-4): the next /pair pairs them again."}.In(v.lang, reroutedText(again, v.lang)))
	}
	return nil
}

func (stagedFormat) before(st *action.State, round, _ int) moment { return roundWasOpen(st, round) }

func (stagedFormat) settled(v *voice, ch *storage.Change, round, board int, said string, was moment) error {
	return v.settleStaged(ch, round, board, said, was.open)
}

// finish announces the stages' ranking (R-F-6): the Swiss standings' lots
// and pictures are not its.
func (stagedFormat) finish(c *Context) (Reply, error) {
	if err := roundOpen(&c.State.Event, c.Lang); err != nil {
		return Reply{}, err
	}
	if r, wait := tiesFirst(c); wait {
		return r, nil
	}
	views := []view{standingsView, bracketView}
	if _, err := stagedCrosstable(c.State, c.Lang); err == nil { // groups have one
		views = append(views, groupsView)
	}
	return finishEvent(c, appendLots, func(st *action.State, _ []engine.Standing, lang i18n.Lang) (string, []sheet.Table) {
		if t, ok := rankingSheet(st, lang); ok {
			return stagedStandings(st, lang), append([]sheet.Table{t}, prizeTables(st, lang)...)
		}
		return stagedStandings(st, lang), nil
	}, views)
}

func (stagedFormat) pairings(st *action.State, round int, lang i18n.Lang) string {
	return pairingTable(st, round, lang)
}

func (stagedFormat) standings(c *Context) (Reply, error) {
	switch {
	case c.Args["what"] != "":
		return Reply{}, noBoards()
	case c.Args["as"] != "":
		t, _, err := stagedRankingSheet(c.State, c.Lang)
		if err != nil {
			return Reply{}, err
		}
		return showPicture(c, t)
	}
	return Reply{Text: stagedStandings(c.State, c.Lang)}, nil
}

// crosstable is each group's, as text (R-F-3).
func (stagedFormat) crosstable(c *Context) (Reply, error) {
	text, err := stagedCrosstable(c.State, c.Lang)
	return Reply{Text: text}, err
}

// rankingFile is a staged event's ranking as a file named what and said,
// or, until every match is played, as the provisional ranking (R-F-6).
func rankingFile(st *action.State, lang i18n.Lang, what, said i18n.T) (sheetFile, error) {
	t, final, err := stagedRankingSheet(st, lang)
	if err != nil {
		return sheetFile{}, err
	}
	if !final {
		what, said = i18n.T{Zh: "暂定名次", En: "provisional ranking"}, i18n.T{Zh: "暂定名次表（比赛进行中）", En: "provisional ranking (under way)"}
	}
	return sheetFile{t, what, said}, nil
}

// files are the ranking, as it stands until every match is played (R-F-6),
// and the crosstable of every game.
func (stagedFormat) files(st *action.State, lang i18n.Lang) ([]sheetFile, error) {
	f, err := rankingFile(st, lang, i18n.T{Zh: "排名", En: "standings"}, i18n.T{Zh: "排名表", En: "standings"})
	if err != nil {
		return nil, err
	}
	files := append([]sheetFile{f}, awardFiles(st, lang)...)
	return append(files, sheetFile{sheet.Crosstable(sheetOf(st), lang), i18n.T{Zh: "成绩表", En: "crosstable"}, i18n.T{Zh: "成绩表", En: "crosstable"}}), nil
}

func (stagedFormat) keys(st *action.State, lang i18n.Lang) []string {
	return planKeysText(st.Stages.Plan, lang)
}

func (stagedFormat) notPlayed(st *action.State, k *eventKey, lang i18n.Lang) *Problem {
	return stagedPartRefused(k, st.Stages.Plan, lang)
}

// papers name the format, which the settings do not tell, and give the
// final ranking's prize places (R-F-6).
func (f stagedFormat) papers(st *action.State, p *paper.Papers, lang i18n.Lang) {
	p.Details.Format = f.name(st, lang)
	stagedPrizes(st, p, lang)
}

// unranked: once the rounds have begun, the final ranking waits for the
// last match (R-F-6).
func (stagedFormat) unranked(st *action.State) error {
	if len(st.Event.Rounds) == 0 {
		return noPlaces(st)
	}
	return problem("「%s」的最终名次要等所有对局结束后才有，奖状随后可以导出（/bracket 查看进度）。", "The final ranking of %q comes once every match is played; the certificates can be exported then (/bracket shows how far it is).", st.Event.Name)
}

// gamesLeft: a staged event's players play as their matches go, so
// nobody is cancelled before its last stage ends (R-T-12).
func (stagedFormat) gamesLeft(st *action.State) func(id int) int {
	over := sync.OnceValue(func() bool {
		pg := st.Progress()
		return pg != nil && pg.Over(st.Stages.Plan)
	})
	return func(int) int {
		if over() {
			return 0
		}
		return math.MaxInt32
	}
}

// ranking is the stages' ranking (R-F-6).
func (stagedFormat) ranking(st *action.State) func() []engine.Placing {
	return func() []engine.Placing { return stagedRanking(st) }
}

// reformat: the stages go, and the rounds, which were the stages', are a
// Swiss's default unless set or a round robin's table.
func (stagedFormat) reformat(s *engine.Settings) action.Action {
	if s.Rounds == 0 && !action.RoundRobin(s.System) {
		_, def, _, _ := eventSpec("_ swiss")
		s.Rounds = def.Rounds
	}
	return &action.PlanSet{}
}
