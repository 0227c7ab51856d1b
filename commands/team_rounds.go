package commands

import (
	"fmt"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// A team event's rounds from the chat: /pair previews the teams' matches
// (the Berger table or 定位编排 at team level), /publish publishes them with
// their boards — at once under 分台定人 and 全队轮赛, once both captains'
// line-ups are in under 分台换人 and 临时定台 (/lineup in a private chat, or
// /lineup reveal by an arbiter, or the round's start time: the registered
// order for a team that sent none, R-TM-1). Boards are numbered on through
// the round (match 2's board 3 of five is board 8), so /report, /confirm
// and /result BOARD RESULT work as in any event; each match's result is
// announced once decided, and a complete round posts the team standings
// and the board standings.

// boardLabel of a team event: "第 8 台（第 2 场第 3 台）".
func teamBoardLabel(st *action.State, board int, lang i18n.Lang) string {
	m, b := st.Teams.Rules.MatchBoard(board)
	return i18n.T{Zh: "第 %d 台（第 %d 场第 %d 台）", En: "board %d (match %d board %d)"}.In(lang, board, m, b)
}

// teamName is team id's name.
func teamName(st *action.State, id int) string {
	if id < 1 || id > len(st.Teams.Teams) {
		return "?"
	}
	return st.Teams.Teams[id-1].Name
}

// teamRoundOpen refuses while the last round has a match not decided,
// naming them.
func teamRoundOpen(st *action.State, lang i18n.Lang) error {
	tm := st.Teams
	n := len(tm.Rounds)
	if n == 0 {
		return nil
	}
	var open []string
	_, scores := roundMatches(st, n)
	for i, m := range tm.Rounds[n-1].Matches {
		if !scores[i].Decided {
			open = append(open, i18n.T{Zh: "第 %d 场 %s — %s", En: "match %d %s v %s"}.In(lang, m.Number, teamName(st, m.First), teamName(st, m.Second)))
		}
	}
	if len(open) == 0 {
		return nil
	}
	return problem("第 %[1]d 轮还有 %[2]d 场团体比赛没有结果：%[3]s。出场名单未齐的用 /lineup 公布 公布，各台结果用 /result 台号 结果 录入。",
		"Round %[1]d has %[2]d matches without a result: %[3]s. Reveal missing line-ups with /lineup reveal, enter boards with /result BOARD RESULT.",
		n, len(open), strings.Join(open, i18n.T{Zh: "；", En: "; "}.In(lang)))
}

// teamRoundOver reports whether every match of round is decided.
func teamRoundOver(st *action.State, round int) bool {
	_, scores := roundMatches(st, round)
	for _, sc := range scores {
		if !sc.Decided {
			return false
		}
	}
	return true
}

// roundMatches are round's matches as the engine lays them out and scores
// them, in the order of st.Teams.Rounds[round-1].Matches: the team event
// built once for them all.
func roundMatches(st *action.State, round int) ([]engine.TeamMatch, []engine.MatchScore) {
	ev := st.TeamEvent()
	ms := ev.Rounds[round-1].Matches
	scores := make([]engine.MatchScore, len(ms))
	for i, m := range ms {
		if of := st.Teams.Rounds[round-1].Matches[i]; of.Blitz {
			scores[i] = blitzScore(st, round, of) // team_knockout.go
			continue
		}
		scores[i] = ev.Score(m)
	}
	return ms, scores
}

// pair is /pair in a team event: the next round of the teams as a
// preview.
func (teamFormat) pair(c *Context) (Reply, error) {
	st := c.State
	if err := teamRoundOpen(st, c.Lang); err != nil {
		return Reply{}, err
	}
	if n := st.Format().Rounds(st); n > 0 && len(st.Teams.Rounds) >= n {
		return Reply{}, problem("全部 %d 轮已赛完。输入 /finish 结束比赛。", "All %d rounds are played. Type /finish to finish the event.", n)
	}
	var text string
	_, err := c.Update(func(ch *storage.Change) error {
		next := len(ch.State.Teams.Rounds) + 1
		a, err := ch.State.Format().Pair(ch.State)
		if err != nil {
			return problem("无法编排第 %[1]d 轮：剩下的队伍无法两两配对而不重复对阵（R-SW-9）。组织者可以用 /finish 结束比赛。",
				"Round %d cannot be paired: %v. Organisers can finish the event with /finish.", next, err)
		}
		if err := ch.Append(a); err != nil {
			return err
		}
		text = teamFormat{}.preview(ch.State, c.Own)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: text, Private: true}, nil
}

// preview is the teams' preview: each match, the first team red on odd
// boards (R-C-2), the byes, and how it is published.
func (teamFormat) preview(st *action.State, lang i18n.Lang) string {
	p := st.Teams.Preview
	how := i18n.T{Zh: "定位编排 R-SW", En: "Swiss pairing R-SW"}
	if action.RoundRobin(st.Event.Settings.System) {
		how = i18n.T{Zh: "贝格尔表 R-C-2", En: "Berger table R-C-2"}
	}
	lines := []string{i18n.T{Zh: "第%d轮编排预览（团体，%s）", En: "Round %d preview (teams, %s)"}.In(lang, p.Round, how.In(lang))}
	for _, b := range p.Boards {
		lines = append(lines, i18n.T{Zh: "第 %d 场 %s — %s", En: "Match %d %s v %s"}.In(lang, b.Number, teamName(st, b.Red), teamName(st, b.Black)))
	}
	for _, id := range p.Byes {
		lines = append(lines, i18n.T{Zh: "轮空：%s（得 %s 场分）", En: "Bye: %s (%s match points)"}.In(lang, teamName(st, id), st.Teams.Rules.MatchPoints.Win))
	}
	lines = append(lines, i18n.T{Zh: "各场前列的队伍单数台执红、双数台执黑（R-C-2）。", En: "The team listed first plays red on odd boards, black on even ones (R-C-2)."}.In(lang))
	if st.Teams.Rules.SentLineups() {
		lines = append(lines, i18n.T{Zh: "公布后双方队长私信发送出场名单（/lineup）。", En: "Once published, each captain sends the line-up privately (/lineup)."}.In(lang))
	}
	return strings.Join(append(lines, i18n.T{Zh: "公布：/publish", En: "Publish: /publish"}.In(lang)), "\n")
}

// publish is /publish in a team event: the previewed matches become the
// round; the boards known go out, and each captain who sends a line-up is
// asked for it privately.
func (teamFormat) publish(c *Context, start roundStart) (Reply, error) {
	pv := c.State.Teams.Preview
	if pv == nil || pv.Round != len(c.State.Teams.Rounds)+1 {
		return Reply{}, problem("没有待公布的编排。先用 /pair 编排下一轮。", "There is no pairing to publish. Pair the next round with /pair first.")
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	if err := c.readWorth(); err != nil { // club_worth.go (R-R-2)
		return Reply{}, err
	}
	round := pv.Round
	_, err = c.Update(func(ch *storage.Change) error {
		a, err := ch.State.Format().Publish(ch.State)
		if err != nil {
			return err
		}
		if err := ch.Append(a); err != nil {
			return err
		}
		if err := start.schedule(ch, round); err != nil {
			return err
		}
		if err := chats.liveRound(ch, round, chats.pictures(ch)); err != nil {
			return err
		}
		chats.illustrate(ch, sheet.Pairings(sheetOf(ch.State), round, chats.lang))
		if ch.State.Teams.Rules.SentLineups() {
			return askLineups(c, ch, round)
		}
		return noteSeats(c, ch, round, 0)
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.told(i18n.T{Zh: "第 %d 轮已公布：对阵发到 %d 个聊天。", En: "Round %d is published: the pairings went to %d chats."}.In(chats.toldLang(c), round, chats.chats())), nil
}

// live is round's matches with their boards as known, and the terms.
func (teamFormat) live(ch *storage.Change, round int, lang i18n.Lang) (string, error) {
	return teamFormat{}.pairings(ch.State, round, lang) + roundTerms(ch.State, ch.At(), lang), nil
}

// pairings is round's matches with their boards as known: red first, the
// running board number (R-C-2), the result when in.
func (teamFormat) pairings(st *action.State, round int, lang i18n.Lang) string {
	tm := st.Teams
	ev := &st.Event
	lines := []string{i18n.T{Zh: "第%d轮对阵（团体；台号 红方 – 黑方）", En: "Round %d pairings (teams; board red – black)"}.In(lang, round)}
	tmatches, scores := roundMatches(st, round)
	unplayed := map[int]bool{} // boards of a match decided early
	for _, g := range ev.Rounds[round-1].Games {
		unplayed[g.Board] = g.Void && g.Result == engine.Pending
	}
	for i, m := range tm.Rounds[round-1].Matches {
		head := i18n.T{Zh: "第 %d 场 %s — %s", En: "Match %d %s v %s"}.In(lang, m.Number, teamName(st, m.First), teamName(st, m.Second))
		if sc := scores[i]; sc.Decided {
			head += " " + matchScoreText(st, m, sc, lang)
		}
		if m.Blitz { // a team knockout's blitz board (R-F-5): board 1 alone
			head = i18n.T{Zh: "第 %d 场 快棋加赛 %s — %s", En: "Match %d blitz board %s v %s"}.In(lang, m.Number, teamName(st, m.First), teamName(st, m.Second))
		}
		lines = append(lines, head)
		if !m.Revealed {
			lines = append(lines, i18n.T{Zh: "  出场名单待双方队长提交（/lineup）", En: "  line-ups awaited from both captains (/lineup)"}.In(lang))
			continue
		}
		if m.Blitz {
			board := tm.Rules.Board(m.Number, 1)
			g, _ := gameOn(ev, round, board)
			line := fmt.Sprintf("  %d %s – %s", board, playerName(ev, g.Red), playerName(ev, g.Black))
			if g.Result.Decided() {
				line += " " + resultText(g.Result)
			}
			lines = append(lines, line)
			continue
		}
		for _, g := range tmatches[i].Games {
			board := tm.Rules.Board(m.Number, g.Board)
			red, black := "-", "-"
			if g.Red != 0 {
				red = playerName(ev, g.Red)
			}
			if g.Black != 0 {
				black = playerName(ev, g.Black)
			}
			line := fmt.Sprintf("  %d %s – %s", board, red, black)
			if unplayed[board] {
				line += i18n.T{Zh: " 不再下", En: " not played"}.In(lang)
			} else if g.Result.Decided() {
				line += " " + resultText(g.Result)
			}
			lines = append(lines, line)
		}
	}
	for _, id := range tm.Rounds[round-1].Byes {
		lines = append(lines, i18n.T{Zh: "轮空：%s（得 %s 场分）", En: "Bye: %s (%s match points)"}.In(lang, teamName(st, id), tm.Rules.MatchPoints.Win))
	}
	return strings.Join(lines, "\n")
}

// matchScoreText is a decided match's score: "局分 7:3（胜台 3:1），红星 胜".
func matchScoreText(st *action.State, m action.MatchOf, sc engine.MatchScore, lang i18n.Lang) string {
	s := i18n.T{Zh: "局分 %s:%s（胜台 %d:%d）", En: "game points %s:%s (boards won %d:%d)"}.In(lang, sc.First, sc.Second, sc.FirstWins, sc.SecondWins)
	if sc.Winner == 0 {
		return s + i18n.T{Zh: "，平", En: ", drawn"}.In(lang)
	}
	return s + i18n.T{Zh: "，%s 胜", En: ", %s wins"}.In(lang, teamName(st, sc.Winner))
}

// noteSeats tells each player of round's match (0: every match) their
// board, colour and opponent in a private note.
func noteSeats(c *Context, ch *storage.Change, round, match int) error {
	st := ch.State
	for _, g := range st.Event.Rounds[round-1].Games {
		if m, _ := st.Teams.Rules.MatchBoard(g.Board); match != 0 && m != match {
			continue
		}
		for _, p := range []int{g.Red, g.Black} {
			cts, err := c.contacts(p)
			if err != nil {
				return err
			}
			colour, opp := i18n.T{Zh: "执红（先走）", En: "red (you move first)"}, g.Black
			if p == g.Black {
				colour, opp = i18n.T{Zh: "执黑（后走）", En: "black"}, g.Red
			}
			for _, ct := range cts {
				ch.Send(chat.Message{Chat: ct.chat, Text: i18n.T{Zh: "第 %d 轮：你在%s%s，对手 %d 号 %s。", En: "Round %d: you play on %s with %s against %d %s."}.
					In(ct.lang, round, teamBoardLabel(st, g.Board, ct.lang), colour.In(ct.lang), opp, playerName(&st.Event, opp)) + c.worthNote(st, round, p, ct.lang),
					Buttons: labelled(roundButtons(st, c.Event, round, g.Board, false), ct.lang)})
			}
		}
	}
	return nil
}

// teamMoment is what a board's match and round were before a result:
// decided or not, and the match's score.
type teamMoment struct {
	decided, roundOver bool
	score              engine.MatchScore
}

func (teamFormat) before(st *action.State, round, board int) moment {
	n, _ := st.Teams.Rules.MatchBoard(board)
	sc, _, ok := st.MatchScore(round, n)
	over := round >= 1 && round <= len(st.Teams.Rounds) && teamRoundOver(st, round)
	return moment{team: teamMoment{decided: ok && sc.Decided, roundOver: over, score: sc}}
}

// settled shows a board's result of a team event in the round's message
// (refreshRound), with its match's result once that is decided (early by
// 5场3胜制, its other boards then not played unless played out); a
// correction of a decided match is announced with its score again, and
// the standings again when the round was complete. With the round's last
// match come the team standings, the board standings and what comes next.
func (teamFormat) settled(v *voice, ch *storage.Change, round, board int, said string, before moment) error {
	if err := v.refreshRound(ch, round); err != nil {
		return err
	}
	st, lang, was := ch.State, v.lang, before.team
	number, _ := st.Teams.Rules.MatchBoard(board)
	sc, _, ok := st.MatchScore(round, number)
	m, _ := findMatch(st, round, number)
	if was.decided && ok && sc != was.score {
		said = strings.Replace(said, i18n.T{Zh: "第 %d 台", En: "board %d"}.In(lang, board), teamBoardLabel(st, board, lang), 1)
		said += "\n" + i18n.T{Zh: "第 %d 轮第 %d 场更正为：%s — %s %s", En: "Round %d match %d now reads: %s v %s %s"}.
			In(lang, round, number, teamName(st, m.First), teamName(st, m.Second), matchScoreText(st, m, sc, lang))
		if was.roundOver && teamRoundOver(st, round) {
			v.corrected(ch, said, teamStandingsText(st, lang))
			return nil
		}
		v.announce(ch, said)
		return nil
	}
	if !ok || !sc.Decided || was.decided {
		return nil
	}
	if sc.Early && !st.Teams.Rules.PlayOut {
		if err := stopBoards(ch, round, m); err != nil {
			return err
		}
	}
	if round != len(st.Teams.Rounds) || !teamRoundOver(st, round) {
		return nil
	}
	next := i18n.T{Zh: "组织者输入 /pair 编排第 %d 轮。", En: "Organisers: /pair pairs round %d."}.In(lang, round+1)
	if n := st.Format().Rounds(st); n > 0 && round >= n {
		next = i18n.T{Zh: "全部轮次已赛完，组织者输入 /finish 结束比赛。", En: "Every round is played: organisers finish the event with /finish."}.In(lang)
	}
	v.announce(ch, i18n.T{Zh: "第 %d 轮全部结束。", En: "Round %d is complete."}.In(lang, round)+"\n"+teamStandingsText(st, lang)+"\n\n"+boardStandingsText(st, lang, boardPrizes)+"\n"+next)
	v.illustrate(ch, sheet.StandingsTables(sheetOf(st), lang, boardPrizes)...)
	return nil
}

// stopBoards tells the players of match m's boards still without a result,
// privately, that the match was decided early (5场3胜制, R-TM-2) and their
// games are not played: the round's message shows it too.
func stopBoards(ch *storage.Change, round int, m action.MatchOf) error {
	st := ch.State
	ids, err := ch.Identities()
	if err != nil {
		return err
	}
	cts, err := contactsOf(ch, ids)
	if err != nil {
		return err
	}
	for _, g := range st.Event.Rounds[round-1].Games {
		if n, _ := st.Teams.Rules.MatchBoard(g.Board); n != m.Number || !g.Void || g.Result.Decided() {
			continue
		}
		for _, ct := range cts {
			if p, ok := st.Numbered(ct.entrant); ok && (p == g.Red || p == g.Black) {
				ch.Send(chat.Message{Chat: ct.chat, Text: i18n.T{Zh: "第 %d 轮第 %d 场已提前决出胜负（%d场%d胜制，R-TM-2）：你在%s的对局不再下。", En: "Round %d match %d is decided early (%d boards, %d to win, R-TM-2): your game on %s is not played."}.
					In(ct.lang, round, m.Number, st.Teams.Rules.Boards, st.Teams.Rules.WinningBoards, teamBoardLabel(st, g.Board, ct.lang))})
			}
		}
	}
	return nil
}

// boardsArg is /standings' word for a team event's board standings.
var boardsArg = Arg{Name: "what", Kind: Choice, Choices: []string{"boards", "台次"}, Optional: true, Help: i18n.T{Zh: "团体赛：台次 显示台次成绩", En: "team events: boards shows the board standings"}}

// boardPrizes is how many places of each board the announcements show:
// the board prizes (最佳台次) the seeds award, first to third.
const boardPrizes = 3
