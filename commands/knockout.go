package commands

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// A staged event's rounds from the chat (R-F-3..6): /pair previews the
// next game of every match whose players are known and the groups' next
// rounds, each board with what it plays (the match, its game or tie step,
// R-F-5); /publish publishes them; each result is played into its match,
// and the announcement says who goes on, the next game of a match still
// level, the end of a stage and the next one drawn (R-F-6).

// stagedOpen refuses while the last round has games without a result,
// naming their matches.
func stagedOpen(st *action.State, lang i18n.Lang) error {
	n := len(st.Event.Rounds)
	if n == 0 {
		return nil
	}
	open := openBoards(st.Event.Rounds[n-1])
	if len(open) == 0 {
		return nil
	}
	var what []string
	for _, b := range open {
		what = append(what, boardLabel(st, n, b, lang))
	}
	return problem("第 %[1]d 轮还有 %[2]d 场没有结果：%[3]s。用 /result 台次 结果 录入，例如 /result %[4]d 1-0。",
		"Round %[1]d has %[2]d games without a result: %[3]s. Enter them with /result BOARD RESULT, e.g. /result %[4]d 1-0.",
		n, len(open), strings.Join(what, i18n.T{Zh: "；", En: "; "}.In(lang)), open[0])
}

// boardLabel names a board of round and what it plays: "第 2 台（M3 第 1 局）".
func boardLabel(st *action.State, round, board int, lang i18n.Lang) string {
	s := i18n.T{Zh: "第 %d 台", En: "board %d"}.In(lang, board)
	if b, ok := st.BoardOf(round, board); ok {
		s += i18n.T{Zh: "（%s）", En: " (%s)"}.In(lang, playsText(st, b, lang))
	}
	return s
}

// playsText says what a board plays: "M3 第 2 局", with its tie step,
// its field: "第 2 组", or a field's play-off: "第 2 组第 2 名加赛".
func playsText(st *action.State, b action.BoardOf, lang i18n.Lang) string {
	if b.Playoff > 0 {
		place := tiePlace(st, action.Tie{Stage: b.Stage, Group: b.Group, Place: b.Playoff}, lang)
		return i18n.T{Zh: "%s加赛第 %d 局", En: "%s play-off game %d"}.In(lang, place, b.Game)
	}
	if b.Match == 0 {
		return fieldName(st, b.Stage, b.Group, lang)
	}
	if b.Step == engine.RegularGame {
		return i18n.T{Zh: "M%d 第 %d 局", En: "M%d game %d"}.In(lang, b.Match, b.Game)
	}
	return i18n.T{Zh: "M%d 第 %d 局 %s", En: "M%d game %d, %s"}.In(lang, b.Match, b.Game, named(b.Step, lang))
}

// fieldName names field g (from 1) of stage k: "第 2 组", or under finals
// by place (R-F-7) the level the field decides, "各组第 2 名决赛".
func fieldName(st *action.State, k, g int, lang i18n.Lang) string {
	if plan := st.Stages.Plan.Stages; k < len(plan) && plan[k].Kind == action.PlacesStage {
		return i18n.T{Zh: "各组第 %d 名决赛", En: "final of each group's #%d"}.In(lang, g)
	}
	return i18n.T{Zh: "第 %d 组", En: "group %d"}.In(lang, g)
}

// capital starts s with a capital letter, for a name that begins a line.
func capital(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// stagedPreview is a staged event's preview: each board with what it
// plays, the groups' byes, and what may be changed.
func stagedPreview(st *action.State, lang i18n.Lang) string {
	ev := &st.Event
	p := st.Preview
	lines := []string{i18n.T{Zh: "第 %d 轮预览（%s）：", En: "Round %d preview (%s):"}.In(lang, p.Round, formatName(st.Stages.Plan, lang))}
	for i, b := range p.Boards {
		var of action.BoardOf
		if i < len(st.Stages.Preview) {
			of = st.Stages.Preview[i]
		}
		lines = append(lines, i18n.T{Zh: "第 %d 台 %s：红 %s — 黑 %s", En: "Board %d %s: red %s — black %s"}.In(lang, b.Number, playsText(st, of, lang), playerName(ev, b.Red), playerName(ev, b.Black)))
		if note := stepNote(st, of, true, lang); note != "" {
			lines = append(lines, "  "+note)
		}
	}
	for _, of := range st.Stages.Preview {
		if of.Board == 0 {
			lines = append(lines, i18n.T{Zh: "%s轮空：%s", En: "%s bye: %s"}.In(lang, capital(fieldName(st, of.Stage, of.Group, lang)), playerName(ev, of.Bye)))
		}
	}
	if byes := stageByes(st, lang); byes != "" {
		lines = append(lines, i18n.T{Zh: "轮空直接晋级（R-F-4）：%s", En: "Byes, through without a game (R-F-4): %s"}.In(lang, byes))
	}
	if slices.ContainsFunc(st.Stages.Preview, func(b action.BoardOf) bool { return b.Match > 0 && b.Game == 1 }) {
		lines = append(lines, i18n.T{Zh: "各场第 1 局公布后选手可以猜先，也可以用 /flip 台 对调先后手；之后各局依次换先（R-C-3）。",
			En: "Once published, a match's first game may take its colours by a colour guess, or be flipped now with /flip BOARD; later games swap colours (R-C-3)."}.In(lang))
	}
	lines = append(lines, i18n.T{Zh: "公布：/publish", En: "Publish: /publish"}.In(lang))
	return strings.Join(lines, "\n")
}

// stageByes names the byes of a bracket stage about to play its first
// games, "M1 胡荣华、M3 柳大华"; "" once it has games, or without byes.
func stageByes(st *action.State, lang i18n.Lang) string {
	pg := st.Progress()
	if pg == nil || stageBegun(st, len(pg.Stages)-1) {
		return ""
	}
	b := pg.Current().Bracket
	if b == nil {
		return ""
	}
	var byes []string
	for i, o := range b.Outcomes() {
		if o.Decided && o.Winner > 0 && (o.Players[0] == 0 || o.Players[1] == 0) {
			byes = append(byes, fmt.Sprintf("M%d %s", b.Matches[i].ID, playerName(&st.Event, o.Winner)))
		}
	}
	return strings.Join(byes, i18n.T{Zh: "、", En: ", "}.In(lang))
}

// stepNote explains a tie-break game (R-F-5): armageddon's rule, clocks
// and chooser, who takes the other colours with /flip in the preview, and
// once published chooses while the choice is open (choiceOpen); "" for a
// regular game.
func stepNote(st *action.State, b action.BoardOf, preview bool, lang i18n.Lang) string {
	ev := &st.Event
	switch {
	case b.Step == engine.RegularGame:
		return ""
	case b.Playoff > 0 && b.Step != engine.TieArmageddon:
		return i18n.T{Zh: "名次加赛（R-T-8，%s）：和棋则按加赛规则继续。", En: "A play-off for a place (R-T-8, %s): a draw goes on by the play-off rule."}.In(lang, named(b.Step, lang))
	}
	switch b.Step {
	case engine.TieArmageddon:
		s := i18n.T{Zh: "和棋黑胜（R-F-5）：和棋算黑方胜，红方用时多于黑方。", En: "Armageddon (R-F-5): a draw is black's win; red has more time than black."}.In(lang)
		switch {
		case b.Chooser != 0 && preview:
			s += i18n.T{Zh: "由 %s 选择先后手（猜先中未选先后手的一方；未猜先则为第 1 局执黑的一方；/flip %d 换成另一方）。", En: " %s chooses the colours (the player who did not choose at the colour guess, or without one the player who had black in game 1; /flip %d gives the other)."}.In(lang, playerName(ev, b.Chooser), b.Board)
		case b.Chooser != 0 && choiceOpen(st, len(ev.Rounds), b):
			g, _ := gameOn(ev, len(ev.Rounds), b.Board)
			s += i18n.T{Zh: "由 %[1]s 选择执红或执黑（按我私信里的按钮，或输入 /guess 选 红 或 /guess 选 黑）；%[2]s未选，则按上表：红 %[3]s，黑 %[4]s。",
				En: " %[1]s chooses red or black (the buttons of my private message, or /guess choose red or black); not chosen %[2]s, the table above stands: red %[3]s, black %[4]s."}.
				In(lang, playerName(ev, b.Chooser), chooseBy(st, len(ev.Rounds), lang), playerName(ev, g.Red), playerName(ev, g.Black))
		}
		return s
	case engine.TieCaptures:
		return i18n.T{Zh: "吃子数定胜负（R-F-5）：吃子多者胜，裁判输入双方吃子数，红方在前：/result %[1]d 吃子 5:3。", En: "Captures decide (R-F-5): more pieces captured wins; the arbiter enters each side's, red's first: /result %[1]d captures 5:3."}.In(lang, b.Board)
	}
	return i18n.T{Zh: "加赛（R-F-5）：平局后的加赛，和棋再赛。", En: "A tie-break game (R-F-5): a draw is replayed."}.In(lang)
}

// matchNotes are the lines under a staged round's pairings: what each
// board plays, and the tie-break games' rules.
func matchNotes(st *action.State, round int, lang i18n.Lang) string {
	if round < 1 || round > len(st.Stages.Rounds) {
		return ""
	}
	var lines []string
	for _, b := range st.Stages.Rounds[round-1] {
		if b.Board == 0 {
			lines = append(lines, i18n.T{Zh: "%s轮空：%s", En: "%s bye: %s"}.In(lang, capital(fieldName(st, b.Stage, b.Group, lang)), playerName(&st.Event, b.Bye)))
			continue
		}
		line := i18n.T{Zh: "第 %d 台：%s", En: "Board %d: %s"}.In(lang, b.Board, playsText(st, b, lang))
		if note := stepNote(st, b, false, lang); note != "" {
			line += i18n.T{Zh: "。", En: ". "}.In(lang) + note
		}
		lines = append(lines, line)
	}
	if slices.ContainsFunc(st.Stages.Rounds[round-1], func(b action.BoardOf) bool { return b.Match > 0 && b.Game == 1 }) {
		lines = append(lines, i18n.T{Zh: "各场第 1 局可以猜先（R-C-3）：一方私聊我 /guess 藏 红（或 黑），另一方 /guess 红（或 黑）猜，猜中者选先后手；不猜先则按上表。",
			En: "A match's first game may take its colours by a guess (R-C-3): one player hides a colour in a private chat with me (/guess hide red or black), the other guesses (/guess red or black), the winner chooses; without it the colours above stand."}.In(lang))
	}
	return "\n" + strings.Join(lines, "\n")
}

// settleStaged shows a result of a staged event in the round's message
// (refreshRound); a correction is announced with what it did to its
// match or play-off; once the round is complete, the matches and
// play-offs it moved on, the end of a stage and what comes next, and the
// ties a group's end left for the organiser (R-T-8).
func (v *voice) settleStaged(ch *storage.Change, round, board int, said string, wasOpen bool) error {
	if err := v.refreshRound(ch, round); err != nil {
		return err
	}
	st, lang := ch.State, v.lang
	pg := st.Progress()
	if !wasOpen {
		lines := append([]string{said}, matchStates(st, pg, round, board, lang)...)
		lines = append(lines, i18n.T{Zh: "成绩更正，对阵随之更新（/bracket 查看）。", En: "A corrected result: the bracket follows it (/bracket shows it)."}.In(lang))
		v.announce(ch, strings.Join(lines, "\n"))
		return nil
	}
	ev := &st.Event
	if round != len(ev.Rounds) || len(openBoards(ev.Rounds[round-1])) > 0 {
		return nil
	}
	lines := append([]string{i18n.T{Zh: "第 %d 轮全部结束。", En: "Round %d is complete."}.In(lang, round)}, matchStates(st, pg, round, 0, lang)...)
	defer v.offerTies(ch, newTies(st, round)) // a group's end: R-T-8
	plan := st.Stages.Plan
	switch {
	case pg.Over(plan):
		lines = append(lines, i18n.T{Zh: "全部对局已赛完。最终名次：", En: "Every match is played. The final ranking:"}.In(lang), rankingTable(st, pg.Ranking(plan), lang),
			i18n.T{Zh: "组织者输入 /finish 结束比赛。", En: "Organisers: /finish finishes the event."}.In(lang))
	case stageBegins(st, pg):
		lines = append(lines, stageBeginsText(st, pg, round, lang)...)
	default:
		lines = append(lines, i18n.T{Zh: "组织者输入 /pair 编排第 %d 轮（/bracket 查看对阵）。", En: "Organisers: /pair pairs round %d (/bracket shows the bracket)."}.In(lang, round+1))
	}
	v.announce(ch, strings.Join(lines, "\n"))
	return nil
}

// matchStates says where the matches and play-offs (R-T-8) of round's
// boards stand (board: that board's alone; 0: every board of the
// round's), each once.
func matchStates(st *action.State, pg *action.Progress, round, board int, lang i18n.Lang) []string {
	var lines []string
	if round < 1 || round > len(st.Stages.Rounds) {
		return nil
	}
	matches, ties := map[[2]int]bool{}, map[[3]int]bool{}
	for _, b := range st.Stages.Rounds[round-1] {
		if b.Board == 0 || board != 0 && b.Board != board {
			continue
		}
		switch {
		case b.Match > 0 && b.Stage < len(pg.Stages) && !matches[[2]int{b.Stage, b.Match}]:
			matches[[2]int{b.Stage, b.Match}] = true
			if br := pg.Stages[b.Stage].Bracket; br != nil {
				lines = append(lines, matchState(st, br, b.Match, lang))
			}
		case b.Match == 0 && b.Playoff > 0:
			if k := [3]int{b.Stage, b.Group, b.Playoff}; !ties[k] {
				ties[k] = true
				if s := playoffState(st, action.Tie{Stage: b.Stage, Group: b.Group, Place: b.Playoff}, lang); s != "" {
					lines = append(lines, s)
				}
			}
		}
	}
	return lines
}

// stageBeginsText says that the stage before is over and who begins the
// current one (its players or teams), and that /pair pairs the round after
// round.
func stageBeginsText(st *action.State, pg *action.Progress, round int, lang i18n.Lang) []string {
	k := len(pg.Stages)
	var names []string
	for _, id := range pg.Current().Entrants {
		names = append(names, entrantName(st, id))
	}
	begins := i18n.T{Zh: "第 %d 阶段结束，第 %d 阶段（%s）开始：%d 人，%s。", En: "Stage %d is over; stage %d (%s) begins with %d players: %s."}
	if st.Teams != nil {
		begins = i18n.T{Zh: "第 %d 阶段结束，第 %d 阶段（%s）开始：%d 队，%s。", En: "Stage %d is over; stage %d (%s) begins with %d teams: %s."}
	}
	return []string{begins.In(lang, k-1, k, stagesText([]action.StagePlan{pg.Current().Plan}, lang), len(names), strings.Join(names, i18n.T{Zh: "、", En: ", "}.In(lang))),
		i18n.T{Zh: "组织者输入 /pair 编排第 %d 轮。", En: "Organisers: /pair pairs round %d."}.In(lang, round+1)}
}

// stageBegins reports whether the current stage is a later one with no
// game yet: the round just complete ended the stage before it.
func stageBegins(st *action.State, pg *action.Progress) bool {
	k := len(pg.Stages) - 1
	return k > 0 && !stageBegun(st, k)
}

// stageBegun reports whether stage k has published games.
func stageBegun(st *action.State, k int) bool {
	for _, boards := range st.Stages.Rounds {
		for _, b := range boards {
			if b.Stage == k {
				return true
			}
		}
	}
	return false
}

// matchState says where a match stands: who won it and how, or the score
// and its next game.
func matchState(st *action.State, br *engine.Bracket, id int, lang i18n.Lang) string {
	o := br.Outcomes()[id-1]
	ev := &st.Event
	m := br.Matches[id-1]
	score := sheet.MatchScore(br, id, lang)
	switch {
	case o.Decided && o.Winner > 0 && o.ByLots:
		return i18n.T{Zh: "M%d：%s 抽签胜出（R-F-5）。", En: "M%d: %s wins by lots (R-F-5)."}.In(lang, id, playerName(ev, o.Winner))
	case o.Decided && o.Winner > 0:
		return i18n.T{Zh: "M%d：%s 胜出（%s）。", En: "M%d: %s wins (%s)."}.In(lang, id, playerName(ev, o.Winner), score)
	case o.Decided:
		return i18n.T{Zh: "M%d：双方弃权，无人晋级。", En: "M%d: both forfeited; nobody goes on."}.In(lang, id)
	}
	next := named(o.Next.Step, lang)
	if o.Next.Step == engine.RegularGame {
		next = i18n.T{Zh: "第 %d 局", En: "game %d"}.In(lang, len(m.Games)+1)
	}
	return i18n.T{Zh: "M%d 比分 %s，下一局：%s（红 %s，黑 %s），由下一次 /pair 编排。", En: "M%d stands at %s; next: %s (red %s, black %s), paired by the next /pair."}.
		In(lang, id, score, next, playerName(ev, o.Next.Red), playerName(ev, o.Next.Black))
}

// rankingTable is a ranking with places ("3=" shared, R-T-9).
func rankingTable(st *action.State, rank []engine.Placing, lang i18n.Lang) string {
	t := sheet.Text{Fit: phoneWidth, Shrink: []int{1}}
	t.Row(i18n.T{Zh: "名次", En: "Place"}.In(lang), entrantHead(st, lang))
	for _, p := range rank {
		t.Row(p.PlaceLabel(), entrantName(st, p.Entrant))
	}
	return monoTable(&t)
}

// askReroute asks the arbiter to confirm a correction that gives played
// matches other players (R-F-4): those games are struck out and played
// again; a button or "confirm" goes ahead.
func askReroute(c *Context, e *action.RerouteError, round, board int, code string) Reply {
	cmd := fmt.Sprintf("/result %d %s %d confirm", board, code, round)
	list := reroutedText(e.Later, c.Lang)
	return Reply{
		Text: i18n.T{Zh: "更正第 %d 轮第 %d 台会改变已进行的 %s 的对阵（R-F-4）：确认后这些对局作废、重新编排。确认请按「确认更正」或输入 %s。",
			En: "Correcting round %d board %d changes who plays %s, already played (R-F-4): confirmed, those games are struck out and paired again. To go ahead, press Confirm or type %s."}.
			In(c.Lang, round, board, list, cmd),
		Buttons: []chat.Button{{Label: i18n.T{Zh: "确认更正", En: "Confirm"}.In(c.Lang), Command: cmd}},
	}
}

// reroutedText names rerouted matches and stages: "M5、第 2 阶段".
func reroutedText(rs []action.Rerouted, lang i18n.Lang) string {
	var what []string
	for _, x := range rs {
		if x.Match == 0 {
			what = append(what, i18n.T{Zh: "第 %d 阶段", En: "stage %d"}.In(lang, x.Stage+1))
			continue
		}
		what = append(what, fmt.Sprintf("M%d", x.Match))
	}
	return strings.Join(what, i18n.T{Zh: "、", En: ", "}.In(lang))
}

// struckMatches are the matches of a staged event with games struck out
// (a confirmed cascade), by stage and match.
func struckMatches(st *action.State) map[action.Rerouted]bool {
	out := map[action.Rerouted]bool{}
	for r, boards := range st.Stages.Rounds {
		for _, b := range boards {
			if b.Board > 0 && struck(st, r+1, b) {
				out[action.Rerouted{Stage: b.Stage, Match: b.Match}] = true
			}
		}
	}
	return out
}

// newlyStruck are the matches struck out in now but not before, in order.
func newlyStruck(before, now map[action.Rerouted]bool) []action.Rerouted {
	var rs []action.Rerouted
	for x := range now {
		if !before[x] {
			rs = append(rs, x)
		}
	}
	slices.SortFunc(rs, func(a, b action.Rerouted) int { return cmp.Or(a.Stage-b.Stage, a.Match-b.Match) })
	return rs
}

// rerouteOf finds a RerouteError in err.
func rerouteOf(err error) (*action.RerouteError, bool) {
	var e *action.RerouteError
	return e, errors.As(err, &e)
}
