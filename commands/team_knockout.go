package commands

import (
	"slices"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/paper"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// A team knockout in the chat (§11.1): its bracket is a staged event's —
// /bracket, the ranking, the stages' settings — and its matches a team
// event's — paired and published as the teams' (the line-ups by the board
// order rule, R-TM-1), reported board by board, each match's result
// announced once decided. A match level in game points goes on by
// /event set 团体加赛 (胜台数, 局分, 台次, then a blitz board and lots),
// the announcement saying who goes on or which blitz board comes next.
type teamStagedFormat struct{}

func (teamStagedFormat) name(st *action.State, lang i18n.Lang) string {
	return i18n.T{Zh: "团体%s", En: "team %s"}.In(lang, formatName(st.Stages.Plan, lang))
}

// playsTeamMatches reports whether st's teams play matches — a team
// Swiss or round robin, a team knockout — and so rank as teams, without
// the players' categories and prizes (R-T-10 is an individual ranking's).
func playsTeamMatches(st *action.State) bool {
	k := st.Format().Kind()
	return k == action.TeamFormat || k == action.TeamStagedFormat
}

// entrantHead heads the column of entrantName: team or name.
func entrantHead(st *action.State, lang i18n.Lang) string {
	if st.Teams != nil {
		return i18n.T{Zh: "队名", En: "Team"}.In(lang)
	}
	return i18n.T{Zh: "姓名", En: "Name"}.In(lang)
}

// entrantName names a staged event's entrant: a team in a team knockout,
// else a player.
func entrantName(st *action.State, id int) string {
	if st.Teams != nil {
		return teamName(st, id)
	}
	return playerName(&st.Event, id)
}

func (teamStagedFormat) pair(c *Context) (Reply, error) {
	if err := teamRoundOpen(c.State, c.Lang); err != nil {
		return Reply{}, err
	}
	return previewRound(c)
}

// preview is the next round's team matches, each with what it plays in
// the bracket, and a blitz board's players (R-F-5).
func (teamStagedFormat) preview(st *action.State, lang i18n.Lang) string {
	p := st.Teams.Preview
	lines := []string{i18n.T{Zh: "第%d轮编排预览（%s）", En: "Round %d preview (%s)"}.In(lang, p.Round, teamStagedFormat{}.name(st, lang))}
	for i, b := range p.Boards {
		line := i18n.T{Zh: "第 %d 场 %s：%s — %s", En: "Match %d %s: %s v %s"}.In(lang, b.Number, bracketMatchText(st, st.Stages.Preview, i, lang), teamName(st, b.Red), teamName(st, b.Black))
		lines = append(lines, line)
	}
	lines = append(lines, i18n.T{Zh: "各场前列的队伍单数台执红、双数台执黑（R-C-2）；快棋加赛只下第 1 台。", En: "The team listed first plays red on odd boards, black on even ones (R-C-2); a blitz board is board 1 alone."}.In(lang))
	if st.Teams.Rules.SentLineups() {
		lines = append(lines, i18n.T{Zh: "公布后双方队长私信发送出场名单（/lineup）。", En: "Once published, each captain sends the line-up privately (/lineup)."}.In(lang))
	}
	return strings.Join(append(lines, i18n.T{Zh: "公布：/publish", En: "Publish: /publish"}.In(lang)), "\n")
}

// bracketMatchText says what the i-th match of boards plays: "M3", with a
// blitz board "M3 快棋加赛", a group's "第 1 组".
func bracketMatchText(st *action.State, boards []action.BoardOf, i int, lang i18n.Lang) string {
	if i >= len(boards) {
		return ""
	}
	b := boards[i]
	switch {
	case b.Playoff > 0:
		return i18n.T{Zh: "%s并列加赛（快棋）", En: "%s play-off (blitz board)"}.In(lang, capital(tiePlace(st, action.Tie{Stage: b.Stage, Group: b.Group, Place: b.Playoff}, lang)))
	case b.Step == engine.TieBlitz:
		return i18n.T{Zh: "M%d 快棋加赛", En: "M%d blitz board"}.In(lang, b.Match)
	}
	return groupMatchText(st, b, lang)
}

func (teamStagedFormat) publish(c *Context, start roundStart) (Reply, error) {
	return teamFormat{}.publish(c, start)
}

func (teamStagedFormat) started(c *Context, st *action.State, by engine.Numbering, lang i18n.Lang) string {
	return teamStartText(c, st, by, lang)
}

func (teamStagedFormat) before(st *action.State, round, board int) moment {
	return teamFormat{}.before(st, round, board)
}

// live is the round's matches with their boards as known, and the terms.
func (teamStagedFormat) live(ch *storage.Change, round int, lang i18n.Lang) (string, error) {
	return teamFormat{}.live(ch, round, lang)
}

// settled shows a board's result in the round's message (refreshRound),
// with its match's score once that is decided; a correction of a decided
// match is announced with its score again and what it now does in the
// bracket. With the round's last match come where each of its matches
// stands in the bracket — who goes on, or the blitz board a level match
// plays next — and what comes next.
func (teamStagedFormat) settled(v *voice, ch *storage.Change, round, board int, said string, before moment) error {
	if err := v.refreshRound(ch, round); err != nil {
		return err
	}
	st, lang, was := ch.State, v.lang, before.team
	number, _ := st.Teams.Rules.MatchBoard(board)
	m, _ := findMatch(st, round, number)
	sc, _, ok := st.MatchScore(round, number)
	if was.decided && ok && sc != was.score && !m.Blitz {
		lines := []string{strings.Replace(said, i18n.T{Zh: "第 %d 台", En: "board %d"}.In(lang, board), teamBoardLabel(st, board, lang), 1),
			i18n.T{Zh: "第 %d 轮第 %d 场更正为：%s — %s %s", En: "Round %d match %d now reads: %s v %s %s"}.
				In(lang, round, number, teamName(st, m.First), teamName(st, m.Second), matchScoreText(st, m, sc, lang))}
		lines = append(lines, teamMatchStates(st, round, number, lang)...)
		v.announce(ch, strings.Join(lines, "\n"))
		return nil
	}
	decided := m.Blitz || (ok && sc.Decided && !was.decided)
	if round != len(st.Teams.Rounds) || !teamRoundOver(st, round) || !decided {
		return nil
	}
	lines := append([]string{i18n.T{Zh: "第 %d 轮全部结束。", En: "Round %d is complete."}.In(lang, round)}, teamMatchStates(st, round, 0, lang)...)
	defer v.offerTies(ch, newTies(st, round)) // a group's end: R-T-8
	pg := st.Progress()
	switch plan := st.Stages.Plan; {
	case pg.Over(plan):
		lines = append(lines, drawnText(st, pg, len(pg.Stages)-1, lang)...)
		lines = append(lines, i18n.T{Zh: "全部对局已赛完。最终名次：", En: "Every match is played. The final ranking:"}.In(lang), rankingTable(st, pg.Ranking(plan), lang),
			i18n.T{Zh: "组织者输入 /finish 结束比赛。", En: "Organisers: /finish finishes the event."}.In(lang))
	case stageBegins(st, pg):
		lines = append(lines, drawnText(st, pg, len(pg.Stages)-2, lang)...)
		lines = append(lines, stageBeginsText(st, pg, round, lang)...)
	default:
		lines = append(lines, i18n.T{Zh: "组织者输入 /pair 编排第 %d 轮（/bracket 查看对阵）。", En: "Organisers: /pair pairs round %d (/bracket shows the bracket)."}.In(lang, round+1))
	}
	v.announce(ch, strings.Join(lines, "\n"))
	return nil
}

// teamMatchStates say where round's team matches stand in the bracket
// (number: that match's alone; 0: every match of the round's).
func teamMatchStates(st *action.State, round, number int, lang i18n.Lang) []string {
	var lines []string
	stages := st.Progress().Stages
	for _, m := range st.Teams.Rounds[round-1].Matches {
		if number != 0 && m.Number != number {
			continue
		}
		if b, ok := stageMatchOf(st, round, m.Number); ok && b.Stage < len(stages) {
			if b.Playoff > 0 { // a group's play-off (R-T-8)
				if line := playoffState(st, action.Tie{Stage: b.Stage, Group: b.Group, Place: b.Playoff}, lang); line != "" {
					lines = append(lines, line)
				}
				continue
			}
			if br := stages[b.Stage].Bracket; br != nil {
				lines = append(lines, teamMatchState(st, br, b.Match, partedBy(st, round, m), lang))
			}
		}
	}
	return lines
}

// blitzScore is a team knockout's blitz board as its match's score
// (R-F-5): decided once its one game is, the winner's team — the first
// team plays red — and nobody's after a draw or a double forfeit, which
// the bracket's chain settles next.
func blitzScore(st *action.State, round int, m action.MatchOf) engine.MatchScore {
	g, _ := gameOn(&st.Event, round, st.Teams.Rules.Board(m.Number, 1))
	sc := engine.MatchScore{Decided: g.Result.Decided()}
	switch g.Result {
	case engine.RedWin, engine.RedForfeitWin:
		sc.Winner = m.First
	case engine.BlackWin, engine.BlackForfeitWin:
		sc.Winner = m.Second
	}
	return sc
}

// stageMatchOf is what team match number of round plays in the bracket.
func stageMatchOf(st *action.State, round, number int) (action.BoardOf, bool) {
	if round < 1 || round > len(st.Stages.Rounds) {
		return action.BoardOf{}, false
	}
	i := slices.IndexFunc(st.Stages.Rounds[round-1], func(b action.BoardOf) bool { return b.Board == number })
	if i < 0 {
		return action.BoardOf{}, false
	}
	return st.Stages.Rounds[round-1][i], true
}

// partedBy is the chain's board rule that parted match m of round, level
// in game points; 0 when its score decided it, nothing did, or it is a
// blitz board.
func partedBy(st *action.State, round int, m action.MatchOf) engine.TeamTieRule {
	if m.Blitz {
		return 0
	}
	ev := st.TeamEvent()
	k := slices.IndexFunc(st.Teams.Rounds[round-1].Matches, func(o action.MatchOf) bool { return o.Number == m.Number })
	_, by := ev.KnockoutResult(ev.Rounds[round-1].Matches[k], st.Teams.Rules.KnockoutChain())
	return by
}

// teamMatchState says what a bracket match of teams stands at: who wins
// it (by game points, a level match by the chain's board rule by, a blitz
// board or lots), or the blitz board it plays next.
func teamMatchState(st *action.State, br *engine.Bracket, id int, by engine.TeamTieRule, lang i18n.Lang) string {
	o := br.Outcomes()[id-1]
	switch {
	case o.Decided && o.Winner > 0 && o.ByLots:
		return i18n.T{Zh: "M%d：%s 抽签胜出（R-F-5）。", En: "M%d: %s wins by lots (R-F-5)."}.In(lang, id, teamName(st, o.Winner))
	case o.Decided && o.Winner > 0 && by != 0:
		return i18n.T{Zh: "M%d：%s 按%s胜出。", En: "M%d: %s wins on %s."}.In(lang, id, teamName(st, o.Winner), named(by, lang))
	case o.Decided && o.Winner > 0:
		return i18n.T{Zh: "M%d：%s 胜出。", En: "M%d: %s wins."}.In(lang, id, teamName(st, o.Winner))
	case o.Decided:
		return i18n.T{Zh: "M%d：双方弃权，无人晋级。", En: "M%d: both forfeited; nobody goes on."}.In(lang, id)
	}
	return i18n.T{Zh: "M%d 平局（%s 均相同），由下一次 /pair 编排快棋加赛：红 %s — 黑 %s。", En: "M%d is level (%s all equal): the next /pair pairs a blitz board, red %s, black %s."}.
		In(lang, id, teamTieText(boardRules(st.Teams.Rules), lang), teamName(st, o.Next.Red), teamName(st, o.Next.Black))
}

// boardRules are the rules of the chain its boards decide.
func boardRules(r action.TeamRules) []engine.TeamTieRule {
	return slices.DeleteFunc(slices.Clone(r.KnockoutChain()), func(t engine.TeamTieRule) bool { return t == engine.TeamTieBlitz || t == engine.TeamTieLots })
}

// teamTieText shows a team knockout's chain: "胜台数、局分、台次".
func teamTieText(chain []engine.TeamTieRule, lang i18n.Lang) string {
	names := make([]string, len(chain))
	for i, r := range chain {
		names[i] = named(r, lang)
	}
	return strings.Join(names, i18n.T{Zh: "、", En: ", "}.In(lang))
}

// knockoutTieKey is the team setting of a level match's chain.
var knockoutTieKey = teamKey{
	names: []string{"team-tie", "团体加赛", "团体平局"}, values: i18n.T{Zh: "胜台数,局分,台次,快棋,抽签（依次）", En: "boards-won,game-points,top-boards,blitz,lots (in turn)"},
	set: func(r *action.TeamRules, v string) error {
		chain, err := parseWords(v, engine.ParseTeamTieRule)
		if err == nil {
			r.KnockoutTie = chain
		}
		return err
	},
	show: func(r action.TeamRules, _ *action.State, lang i18n.Lang) string {
		return teamTieText(r.KnockoutChain(), lang)
	},
	only: func(st *action.State) bool { return st.Stages != nil },
}

// correction goes ahead: a corrected result re-routes the later matches,
// which the ruling asks about when they are played (R-F-4).
func (teamStagedFormat) correction(*Context, int, int, engine.Result) (Reply, bool) {
	return Reply{}, false
}

func (teamStagedFormat) rule(v *voice, ch *storage.Change, a *action.ResultSet, why i18n.T) error {
	return stagedFormat{}.rule(v, ch, a, why)
}

// finish announces the bracket's ranking of the teams (R-F-4).
func (teamStagedFormat) finish(c *Context) (Reply, error) {
	if err := teamRoundOpen(c.State, c.Lang); err != nil {
		return Reply{}, err
	}
	return finishEvent(c, func(*storage.Change) error { return nil }, func(st *action.State, _ []engine.Standing, lang i18n.Lang) (string, []sheet.Table) {
		if t, ok := rankingSheet(st, lang); ok {
			return stagedStandings(st, lang), []sheet.Table{t}
		}
		return stagedStandings(st, lang), nil
	}, []view{standingsView, bracketView})
}

func (teamStagedFormat) pairings(st *action.State, round int, lang i18n.Lang) string {
	return teamFormat{}.pairings(st, round, lang)
}

// standings are the bracket's ranking of the teams (the final one, else
// who is still in), or with boards the board standings.
func (teamStagedFormat) standings(c *Context) (Reply, error) {
	if c.Args["what"] != "" {
		if c.Args["as"] != "" {
			return showPicture(c, sheet.BoardStandings(sheetOf(c.State), c.Lang, 0))
		}
		return Reply{Text: boardStandingsText(c.State, c.Lang, 0)}, nil
	}
	return stagedFormat{}.standings(c)
}

// crosstable is each group's team crosstable once the groups have played
// (R-F-3), else — a bracket's matches alone, or a picture — the teams'.
func (teamStagedFormat) crosstable(c *Context) (Reply, error) {
	if text := fieldCrosstables(c.State, c.Lang); text != "" && c.Args["as"] == "" {
		return Reply{Text: text}, nil
	}
	return teamFormat{}.crosstable(c)
}

// page is the round's matches, the bracket with each match's score by its
// boards, the bracket's ranking once over, and the board standings.
func (teamStagedFormat) page(st *action.State, lang i18n.Lang) sheet.Page {
	p := stagedFormat{}.page(st, lang)
	if sheet.CurrentRound(&st.Event) > 0 {
		p.Tables = append(p.Tables, sheet.BoardStandings(sheetOf(st), lang, 0))
	}
	return p
}

// files are the ranking, the board standings and the teams' crosstable:
// once groups have played, each group's own, ranked within the group as
// /crosstable shows them (R-F-3), and every match of the event in one
// table without places (sheet.TeamMatches) — one 名次 column over all the
// groups' teams would rank them together.
func (teamStagedFormat) files(st *action.State, lang i18n.Lang) ([]sheetFile, error) {
	f, err := rankingFile(st, lang, i18n.T{Zh: "团体名次", En: "team ranking"}, i18n.T{Zh: "团体名次表", En: "team ranking"})
	if err != nil {
		return nil, err
	}
	files := []sheetFile{f, {sheet.BoardStandings(sheetOf(st), lang, 0), i18n.T{Zh: "台次成绩", En: "board standings"}, i18n.T{Zh: "台次成绩表", En: "board standings"}}}
	fields := groupCrosstables(st, lang)
	if len(fields) == 0 {
		return append(files, sheetFile{sheet.Crosstable(sheetOf(st), lang), i18n.T{Zh: "团体成绩表", En: "team crosstable"}, i18n.T{Zh: "团体成绩表", En: "team crosstable"}}), nil
	}
	for _, f := range fields {
		files = append(files, sheetFile{f.table, i18n.F("团体成绩表 %s", "team crosstable %s", f.where), i18n.F("%s团体成绩表", "%s team crosstable", f.where)})
	}
	all := i18n.T{Zh: "团体全部场次", En: "all team matches"}
	return append(files, sheetFile{sheet.TeamMatches(sheetOf(st), lang), all, all}), nil
}

// keys are the stages' settings but a match format of games, then the
// team settings.
func (teamStagedFormat) keys(st *action.State, lang i18n.Lang) []string {
	var lines []string
	for _, l := range planKeysText(st.Stages.Plan, lang) {
		if !teamUnplanned(l, lang) {
			lines = append(lines, l)
		}
	}
	return append(lines, teamKeysText(st, lang)...)
}

// teamUnplanned reports whether a plan setting's line is one a team
// knockout does not play by: the match format and the tie chain of games
// (its matches are team matches with /event set 团体加赛).
func teamUnplanned(line string, lang i18n.Lang) bool {
	for _, name := range []string{"match", "tie"} {
		if k := lookupPlanKey(name); k != nil && strings.HasPrefix(line, k.name(lang)+" = ") {
			return true
		}
	}
	return false
}

func (teamStagedFormat) notPlayed(st *action.State, k *eventKey, lang i18n.Lang) *Problem {
	return problem("团体淘汰赛不用 %[1]s：每场团体比赛按局分决出胜负，平局按团体加赛规则（/event set 团体加赛 胜台数,局分,台次,快棋,抽签）。",
		"A team knockout does not use %[1]s: each team match is decided by game points, a level one by the team tie rules (/event set team-tie boards-won,game-points,top-boards,blitz,lots).", k.name(lang))
}

// papers name the format and give the final ranking's prize places, its
// entrants the teams (R-F-6).
func (f teamStagedFormat) papers(st *action.State, p *paper.Papers, lang i18n.Lang) {
	p.Details.Format = f.name(st, lang)
	stagedPrizes(st, p, lang)
}

func (teamStagedFormat) unranked(st *action.State) error { return stagedFormat{}.unranked(st) }

func (teamStagedFormat) gamesLeft(st *action.State) func(id int) int {
	return stagedFormat{}.gamesLeft(st)
}

func (teamStagedFormat) ranking(st *action.State) func() []engine.Placing {
	return stagedFormat{}.ranking(st)
}

func (teamStagedFormat) reformat(s *engine.Settings) action.Action { return stagedFormat{}.reformat(s) }
