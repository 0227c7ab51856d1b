package commands

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
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
func teamBoardLabel(st *action.State, board int, lang Lang) string {
	m, b := st.Teams.Rules.MatchBoard(board)
	return T{"第 %d 台（第 %d 场第 %d 台）", "board %d (match %d board %d)"}.In(lang, board, m, b)
}

// teamName is team id's name.
func teamName(st *action.State, id int) string {
	if id < 1 || id > len(st.Teams.Teams) {
		return "?"
	}
	return st.Teams.Teams[id-1].Name
}

// teamRounds is how many rounds the teams play: the setting, or a round
// robin's whole table (R-C-2); 0 when none is set.
func teamRounds(st *action.State) int {
	s := st.Event.Settings
	if !roundRobin(s.System) || s.Rounds > 0 {
		return s.Rounds
	}
	n := 0
	for _, t := range st.Teams.Teams {
		if t.WithdrawnAfter != -1 {
			n++
		}
	}
	rounds := n + n%2 - 1
	if s.System == engine.DoubleRoundRobin {
		rounds *= 2
	}
	return rounds
}

// teamRoundOpen refuses while the last round has a match not decided,
// naming them.
func teamRoundOpen(st *action.State, lang Lang) error {
	tm := st.Teams
	n := len(tm.Rounds)
	if n == 0 {
		return nil
	}
	var open []string
	_, scores := roundMatches(st, n)
	for i, m := range tm.Rounds[n-1].Matches {
		if !scores[i].Decided {
			open = append(open, T{"第 %d 场 %s — %s", "match %d %s v %s"}.In(lang, m.Number, teamName(st, m.First), teamName(st, m.Second)))
		}
	}
	if len(open) == 0 {
		return nil
	}
	return problem("第 %[1]d 轮还有 %[2]d 场团体比赛没有结果：%[3]s。出场名单未齐的用 /lineup 公布 公布，各台结果用 /result 台号 结果 录入。",
		"Round %[1]d has %[2]d matches without a result: %[3]s. Reveal missing line-ups with /lineup reveal, enter boards with /result BOARD RESULT.",
		n, len(open), strings.Join(open, T{"；", "; "}.In(lang)))
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
		scores[i] = ev.Score(m)
	}
	return ms, scores
}

// pairTeams is /pair in a team event: the next round of the teams as a
// preview.
func pairTeams(c *Context) (Reply, error) {
	st := c.State
	if err := teamRoundOpen(st, c.Lang); err != nil {
		return Reply{}, err
	}
	if n := teamRounds(st); n > 0 && len(st.Teams.Rounds) >= n {
		return Reply{}, problem("全部 %d 轮已赛完。输入 /finish 结束比赛。", "All %d rounds are played. Type /finish to finish the event.", n)
	}
	var text string
	_, err := c.Update(func(ch *storage.Change) error {
		next := len(ch.State.Teams.Rounds) + 1
		p, err := engine.PairTeams(ch.State.TeamEvent())
		if err != nil {
			return problem("无法编排第 %[1]d 轮：剩下的队伍无法两两配对而不重复对阵（R-SW-9）。组织者可以用 /finish 结束比赛。",
				"Round %d cannot be paired: %v. Organisers can finish the event with /finish.", next, err)
		}
		if err := ch.Append(&action.TeamPairingPreviewed{Pairing: p}); err != nil {
			return err
		}
		text = teamPreviewText(ch.State, p, c.Lang)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: text, Private: true}, nil
}

// teamPreviewText is the preview: each match, the first team red on odd
// boards (R-C-2), the byes, and how it is published.
func teamPreviewText(st *action.State, p engine.Pairing, lang Lang) string {
	how := T{"定位编排 R-SW", "Swiss pairing R-SW"}
	if roundRobin(st.Event.Settings.System) {
		how = T{"贝格尔表 R-C-2", "Berger table R-C-2"}
	}
	lines := []string{T{"第%d轮编排预览（团体，%s）", "Round %d preview (teams, %s)"}.In(lang, p.Round, how.In(lang))}
	for _, b := range p.Boards {
		lines = append(lines, T{"第 %d 场 %s — %s", "Match %d %s v %s"}.In(lang, b.Number, teamName(st, b.Red), teamName(st, b.Black)))
	}
	for _, id := range p.Byes {
		lines = append(lines, T{"轮空：%s（得 %s 场分）", "Bye: %s (%s match points)"}.In(lang, teamName(st, id), st.Teams.Rules.MatchPoints.Win))
	}
	lines = append(lines, T{"各场前列的队伍单数台执红、双数台执黑（R-C-2）。", "The team listed first plays red on odd boards, black on even ones (R-C-2)."}.In(lang))
	if st.Teams.Rules.SentLineups() {
		lines = append(lines, T{"公布后双方队长私信发送出场名单（/lineup）。", "Once published, each captain sends the line-up privately (/lineup)."}.In(lang))
	}
	return strings.Join(append(lines, T{"公布：/publish", "Publish: /publish"}.In(lang)), "\n")
}

// publishTeams is /publish in a team event: the previewed matches become
// the round; the boards known go out, and each captain who sends a
// line-up is asked for it privately.
func publishTeams(c *Context, start time.Time) (Reply, error) {
	pv := c.State.Teams.Preview
	if pv == nil || pv.Round != len(c.State.Teams.Rounds)+1 {
		return Reply{}, problem("没有待公布的编排。先用 /pair 编排下一轮。", "There is no pairing to publish. Pair the next round with /pair first.")
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	now := c.svc.now()
	round := pv.Round
	_, err = c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.TeamRoundPublished{Pairing: *ch.State.Teams.Preview}); err != nil {
			return err
		}
		if !start.IsZero() {
			if err := ch.Append(&action.RoundScheduled{Round: round, Start: start}); err != nil {
				return err
			}
		}
		chats.announce(ch, teamPairingText(ch.State, round, chats.lang)+roundTerms(ch.State, now, chats.lang))
		chats.illustrate(ch, sheet.Pairings(ch.State, round, sheet.Lang(chats.lang)))
		if ch.State.Teams.Rules.SentLineups() {
			return askLineups(c, ch, round)
		}
		return noteSeats(c, ch, round, 0)
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.reply(T{"第 %d 轮已公布：对阵发到 %d 个聊天。", "Round %d is published: the pairings went to %d chats."}.In(c.Lang, round, chats.chats())), nil
}

// teamPairingText is round's matches with their boards as known: red
// first, the running board number (R-C-2), the result when in.
func teamPairingText(st *action.State, round int, lang Lang) string {
	tm := st.Teams
	ev := &st.Event
	lines := []string{T{"第%d轮对阵（团体；台号 红方 – 黑方）", "Round %d pairings (teams; board red – black)"}.In(lang, round)}
	tmatches, scores := roundMatches(st, round)
	unplayed := map[int]bool{} // boards of a match decided early
	for _, g := range ev.Rounds[round-1].Games {
		unplayed[g.Board] = g.Void && g.Result == engine.Pending
	}
	for i, m := range tm.Rounds[round-1].Matches {
		head := T{"第 %d 场 %s — %s", "Match %d %s v %s"}.In(lang, m.Number, teamName(st, m.First), teamName(st, m.Second))
		if sc := scores[i]; sc.Decided {
			head += " " + matchScoreText(st, m, sc, lang)
		}
		lines = append(lines, head)
		if !m.Revealed {
			lines = append(lines, T{"  出场名单待双方队长提交（/lineup）", "  line-ups awaited from both captains (/lineup)"}.In(lang))
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
				line += T{" 不再下", " not played"}.In(lang)
			} else if g.Result.Decided() {
				line += " " + resultText(g.Result)
			}
			lines = append(lines, line)
		}
	}
	for _, id := range tm.Rounds[round-1].Byes {
		lines = append(lines, T{"轮空：%s（得 %s 场分）", "Bye: %s (%s match points)"}.In(lang, teamName(st, id), tm.Rules.MatchPoints.Win))
	}
	return strings.Join(lines, "\n")
}

// matchScoreText is a decided match's score: "局分 7:3（胜台 3:1），红星 胜".
func matchScoreText(st *action.State, m action.MatchOf, sc engine.MatchScore, lang Lang) string {
	s := T{"局分 %s:%s（胜台 %d:%d）", "game points %s:%s (boards won %d:%d)"}.In(lang, sc.First, sc.Second, sc.FirstWins, sc.SecondWins)
	if sc.Winner == 0 {
		return s + T{"，平", ", drawn"}.In(lang)
	}
	return s + T{"，%s 胜", ", %s wins"}.In(lang, teamName(st, sc.Winner))
}

// captainsOf are the captains of match m's teams with their private
// chats, by team.
func captainsOf(c *Context, st *action.State, ids ...int) (map[int]contact, error) {
	out := map[int]contact{}
	for _, id := range ids {
		cp := st.Teams.Teams[id-1].Captain
		if cp.User == "" {
			continue
		}
		lang, err := c.readerLang(cp.Platform, cp.User)
		if err != nil {
			return nil, err
		}
		out[id] = contact{chat: chat.Private(cp.Platform, cp.User), lang: lang}
	}
	return out, nil
}

// askLineups asks each captain of round privately for their line-up,
// listing their players in registered order.
func askLineups(c *Context, ch *storage.Change, round int) error {
	st := ch.State
	ev := st.TeamEvent()
	for _, m := range st.Teams.Rounds[round-1].Matches {
		if m.Revealed {
			continue
		}
		caps, err := captainsOf(c, st, m.First, m.Second)
		if err != nil {
			return err
		}
		for _, id := range []int{m.First, m.Second} {
			ct, ok := caps[id]
			if !ok {
				continue
			}
			other := m.First + m.Second - id
			var list []string
			for i, p := range ev.Teams[id-1].Members {
				list = append(list, fmt.Sprintf("%d %s", i+1, playerName(&st.Event, p)))
			}
			tell(ch, []contact{ct}, T{
				"第 %[1]d 轮第 %[2]d 场「%[3]s」对「%[4]s」：请在这里发送出场名单，按台次写队员的报名台次或名字，如 /lineup %[5]s（%[6]s）。双方都交后公布；未交的按报名台次出场。队员：%[7]s",
				"Round %[1]d match %[2]d, %[3]q v %[4]q: send your line-up here, board 1 first, by the players' registered places or names, e.g. /lineup %[5]s (%[6]s). Both are revealed once both are in; a team that sends none plays its registered order. Players: %[7]s",
			}, []any{round, m.Number, teamName(st, id), teamName(st, other), exampleLineup(st.Teams.Rules.Boards), named(st.Teams.Rules.Lineup, ct.lang), strings.Join(list, T{"，", ", "}.In(ct.lang))})
		}
	}
	return nil
}

// exampleLineup is "2 1 3 4" for four boards: the first two swapped.
func exampleLineup(boards int) string {
	var w []string
	for i := 1; i <= boards; i++ {
		w = append(w, strconv.Itoa(i))
	}
	if boards >= 2 {
		w[0], w[1] = w[1], w[0]
	}
	return strings.Join(w, " ")
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
			colour, opp := T{"执红（先走）", "red (you move first)"}, g.Black
			if p == g.Black {
				colour, opp = T{"执黑（后走）", "black"}, g.Red
			}
			for _, ct := range cts {
				ch.Send(chat.Message{Chat: ct.chat, Text: T{"第 %d 轮：你在%s%s，对手 %d 号 %s。", "Round %d: you play on %s with %s against %d %s."}.
					In(ct.lang, round, teamBoardLabel(st, g.Board, ct.lang), colour.In(ct.lang), opp, playerName(&st.Event, opp))})
			}
		}
	}
	return nil
}

// lineup is /lineup: a captain's line-up in a private chat (board order
// places or names, "-" or 0 for a board left empty), or an arbiter's
// /lineup reveal.
func lineup(c *Context) (Reply, error) {
	words := strings.Fields(c.Args["lineup"])
	if len(words) == 1 && (strings.EqualFold(words[0], "reveal") || words[0] == "公布") {
		return revealLineups(c)
	}
	// In a private chat, the running team event the sender captains a
	// team of, before the events they play in: a captain may play in
	// another event, or in none.
	if c.Req.Chat.IsPrivate() {
		if err := c.captainEvent(); err != nil {
			return Reply{}, err
		}
	}
	if err := c.loadEvent(true); err != nil {
		return Reply{}, err
	}
	st := c.State
	if st.Teams == nil {
		return Reply{}, problem("这不是团体赛：没有出场名单。", "This is not a team event: there are no line-ups.")
	}
	if err := running(st); err != nil {
		return Reply{}, err
	}
	if !c.Req.Chat.IsPrivate() {
		return Reply{}, problem("出场名单请私信发给我，对方队长看不到；双方都交后公布。", "Send the line-up to me in a private chat, where the other captain cannot see it; both are revealed once both are in.")
	}
	round := len(st.Teams.Rounds)
	var m action.MatchOf
	id := 0
	for _, x := range st.Teams.Rounds[max(round-1, 0)].Matches {
		for _, t := range []int{x.First, x.Second} {
			if st.Teams.Teams[t-1].Captain == c.Actor() && !x.Revealed {
				m, id = x, t
			}
		}
	}
	if id == 0 {
		return Reply{}, problem("你不是本轮还在等出场名单的队伍的队长。", "You captain no team whose line-up this round still waits for.")
	}
	ev := st.TeamEvent()
	members := ev.Teams[id-1].Members
	var ids []int
	for _, w := range words {
		if w == "-" || w == "0" {
			ids = append(ids, 0)
			continue
		}
		if k, err := strconv.Atoi(w); err == nil {
			if k < 1 || k > len(members) {
				return Reply{}, problem("「%s」有 %d 名队员：请写 1 到 %d 的报名台次，或队员的名字。", "%q has %d players: write registered places 1 to %d, or the players' names.", teamName(st, id), len(members), len(members))
			}
			ids = append(ids, members[k-1])
			continue
		}
		p, err := findPlayer(st, w)
		if err != nil {
			return Reply{}, err
		}
		ids = append(ids, p.ID)
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	var revealed bool
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.LineupSent{Round: round, Match: m.Number, Team: id, Lineup: ids}); err != nil {
			return err
		}
		mm, _ := findMatch(ch.State, round, m.Number)
		if revealed = mm.Revealed; revealed {
			return announceLineups(c, ch, chats.others, round, m.Number)
		}
		return nil
	}); err != nil {
		return Reply{}, err
	}
	var names []string
	for b, p := range ids {
		n := "-"
		if p != 0 {
			n = playerName(&st.Event, p)
		}
		names = append(names, T{"%d台 %s", "B%d %s"}.In(c.Lang, b+1, n))
	}
	text := T{"已收到「%s」的出场名单：%s。", "Got %q's line-up: %s."}.In(c.Lang, teamName(st, id), strings.Join(names, T{"，", ", "}.In(c.Lang)))
	if revealed {
		return Reply{Text: text + T{"双方名单已齐，已在群里公布。", " Both are in: they are announced in the group."}.In(c.Lang)}, nil
	}
	return Reply{Text: text + T{"对方交了以后一起公布；公布前可以重发。", " They are revealed once the other captain's is in; until then you may send it again."}.In(c.Lang)}, nil
}

func findMatch(st *action.State, round, number int) (action.MatchOf, bool) {
	for _, m := range st.Teams.Rounds[round-1].Matches {
		if m.Number == number {
			return m, true
		}
	}
	return action.MatchOf{}, false
}

// announceLineups tells the event's chats match number's boards, now
// revealed, and its players their seats.
func announceLineups(c *Context, ch *storage.Change, to []chat.Chat, round, number int) error {
	st := ch.State
	lang := eventLang(st)
	m, _ := findMatch(st, round, number)
	announce(ch, to, T{"第 %d 轮第 %d 场出场名单：", "Round %d match %d line-ups:"}.In(lang, round, number)+"\n"+matchBoardsText(st, round, m, lang))
	if c.voice != nil {
		c.voice.say(ch, T{"第 %d 轮第 %d 场出场名单：", "Round %d match %d line-ups:"}.In(c.voice.lang, round, number)+"\n"+matchBoardsText(st, round, m, c.voice.lang))
	}
	return noteSeats(c, ch, round, number)
}

// matchBoardsText is a revealed match's boards, red first.
func matchBoardsText(st *action.State, round int, m action.MatchOf, lang Lang) string {
	text := teamPairingText(st, round, lang)
	lines := strings.Split(text, "\n")
	head := T{"第 %d 场 ", "Match %d "}.In(lang, m.Number)
	for i, l := range lines {
		if strings.HasPrefix(l, head) {
			j := i + 1
			for j < len(lines) && strings.HasPrefix(lines[j], "  ") {
				j++
			}
			return strings.Join(lines[i:j], "\n")
		}
	}
	return ""
}

// revealLineups is an arbiter's /lineup reveal: every match of the current
// round still waiting plays with what is in, the registered order for a
// team that sent none (R-TM-1).
func revealLineups(c *Context) (Reply, error) {
	if err := c.loadEvent(false); err != nil {
		return Reply{}, err
	}
	if !c.Is(storage.Organiser) && !c.Is(storage.Arbiter) {
		return Reply{}, problem("只有组织者或裁判可以公布出场名单。", "Only the organisers and arbiters reveal line-ups.")
	}
	if c.State.Teams == nil || len(c.State.Teams.Rounds) == 0 {
		return Reply{}, noRounds()
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	round := len(c.State.Teams.Rounds)
	if _, err := c.Update(func(ch *storage.Change) error {
		return revealDue(c, ch, chats.others, round)
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(T{"第 %d 轮的出场名单已全部公布。", "Round %d's line-ups are all revealed."}.In(c.Lang, round)), nil
}

// revealDue reveals round's line-ups still waiting and announces each.
func revealDue(c *Context, ch *storage.Change, to []chat.Chat, round int) error {
	var waiting []int
	for _, m := range ch.State.Teams.Rounds[round-1].Matches {
		if !m.Revealed {
			waiting = append(waiting, m.Number)
		}
	}
	if err := ch.Append(&action.LineupsRevealed{Round: round}); err != nil {
		return err
	}
	for _, n := range waiting {
		if err := announceLineups(c, ch, to, round, n); err != nil {
			return err
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

func teamBefore(st *action.State, round, board int) teamMoment {
	n, _ := st.Teams.Rules.MatchBoard(board)
	sc, _, ok := st.MatchScore(round, n)
	over := round >= 1 && round <= len(st.Teams.Rounds) && teamRoundOver(st, round)
	return teamMoment{decided: ok && sc.Decided, roundOver: over, score: sc}
}

// settleTeam announces a board's result of a team event: the board with
// its match, the match's result once it is decided (early by 5场3胜制, its
// other boards then not played unless played out), and with the round's
// last match the team standings, the board standings and what comes next.
func (v *voice) settleTeam(ch *storage.Change, round, board int, said string, was teamMoment) {
	st, lang := ch.State, v.lang
	number, _ := st.Teams.Rules.MatchBoard(board)
	said = strings.Replace(said, T{"第 %d 台", "board %d"}.In(lang, board), teamBoardLabel(st, board, lang), 1)
	sc, _, ok := st.MatchScore(round, number)
	m, _ := findMatch(st, round, number)
	if was.decided && ok && sc != was.score {
		// A correction of a decided match: its score again, and the
		// standings again when the round was complete.
		said += "\n" + T{"第 %d 轮第 %d 场更正为：%s — %s %s", "Round %d match %d now reads: %s v %s %s"}.
			In(lang, round, number, teamName(st, m.First), teamName(st, m.Second), matchScoreText(st, m, sc, lang))
		if was.roundOver && teamRoundOver(st, round) {
			said += "\n\n" + T{"成绩更正，排名随之更新：", "A corrected result: the standings now read"}.In(lang) + "\n" + teamStandingsText(st, lang)
		}
	}
	if !ok || !sc.Decided || was.decided {
		v.announce(ch, said)
		return
	}
	text := said + "\n" + T{"第 %d 轮第 %d 场结束：%s — %s %s", "Round %d match %d is over: %s v %s %s"}.
		In(lang, round, number, teamName(st, m.First), teamName(st, m.Second), matchScoreText(st, m, sc, lang))
	if sc.Early && !st.Teams.Rules.PlayOut {
		text += "\n" + T{"已提前决出胜负（%d场%d胜制），其余台不再下。", "Decided early (%d boards, %d to win): its other boards are not played."}.In(lang, st.Teams.Rules.Boards, st.Teams.Rules.WinningBoards)
	}
	v.announce(ch, text)
	if round != len(st.Teams.Rounds) || !teamRoundOver(st, round) {
		return
	}
	next := T{"组织者输入 /pair 编排第 %d 轮。", "Organisers: /pair pairs round %d."}.In(lang, round+1)
	if n := teamRounds(st); n > 0 && round >= n {
		next = T{"全部轮次已赛完，组织者输入 /finish 结束比赛。", "Every round is played: organisers finish the event with /finish."}.In(lang)
	}
	v.announce(ch, T{"第 %d 轮全部结束。", "Round %d is complete."}.In(lang, round)+"\n"+teamStandingsText(st, lang)+"\n\n"+boardStandingsText(st, lang, boardPrizes)+"\n"+next)
	for _, t := range sheet.StandingsTables(st, sheet.Lang(lang), boardPrizes) {
		v.illustrate(ch, t)
	}
}

// teamStandingsText is the team standings (R-T-4, R-T-5) as the chat shows
// them: the chain in the heading, then the sheet's brief columns — place,
// team, 场分, 局分 and the chain's next criterion.
func teamStandingsText(st *action.State, lang Lang) string {
	var chain []string
	for _, c := range st.TeamEvent().Settings.Ranking {
		chain = append(chain, criterionName(c, lang))
	}
	t := briefTable(sheet.Standings(st, sheet.Lang(lang)), phoneWidth, nil)
	return T{"团体排名（%s）", "Team standings (%s)"}.In(lang, strings.Join(chain, T{"、", ", "}.In(lang))) + "\n" + t.String()
}

// criterionName is a team criterion as /event set takes it: "直胜",
// "head-to-head".
func criterionName(c engine.TeamCriterion, lang Lang) string {
	if lang == Zh {
		return c.Name()
	}
	return c.English()
}

// boardStandingsText is the board standings (最佳台次, sheet.BoardStandings)
// as the chat shows them: a table a board, its players by points, then the
// share of the points, then wins; top > 0 keeps the places up to top (the
// announcements': /standings boards shows all).
func boardStandingsText(st *action.State, lang Lang, top int) string {
	s := sheet.BoardStandings(st, sheet.Lang(lang), top)
	lines := []string{T{"台次成绩", "Board standings"}.In(lang)}
	var t *table
	board := ""
	for _, r := range s.Rows { // board, place, name, team, points, games, wins
		if r[0].Text != board {
			if t != nil {
				lines = append(lines, t.String())
			}
			board = r[0].Text
			t = &table{fit: phoneWidth, shrink: []int{1, 2}}
			t.row(T{"第%s台", "B%s"}.In(lang, board), T{"姓名", "Name"}.In(lang), T{"队名", "Team"}.In(lang), T{"得分", "Pts"}.In(lang), T{"局数", "G"}.In(lang))
		}
		t.row(r[1].Text, r[2].Text, r[3].Text, r[4].Text, r[5].Text)
	}
	if t != nil {
		lines = append(lines, t.String())
	}
	return strings.Join(lines, "\n")
}

// boardsArg is /standings' word for a team event's board standings.
var boardsArg = Arg{Name: "what", Kind: Choice, Choices: []string{"boards", "台次"}, Optional: true, Help: T{"团体赛：台次 显示台次成绩", "team events: boards shows the board standings"}}

// showTeamStandings is /standings of a team event: the team standings
// (R-T-4, R-T-5), or with boards the board standings.
func showTeamStandings(c *Context) (Reply, error) {
	if c.State.Teams == nil {
		return Reply{}, problem("台次成绩只有团体赛才有。", "Board standings are a team event's.")
	}
	lang, picture := sheet.Lang(c.Lang), c.Args["as"] != ""
	if c.State.Teams.Rules.Totalled() {
		if c.Args["what"] != "" {
			return Reply{}, problem("队员总分制不分台次，没有台次成绩。输入 /standings 查看个人和团体排名。", "Under player totals there are no boards, so no board standings. Type /standings for the individual and team standings.")
		}
		if picture {
			return showPicture(c, sheet.StandingsTables(c.State, lang, 0)...) // the players', then the teams' (R-T-6)
		}
		return Reply{Text: standingsTable(c.State, c.Lang, 0)}, nil
	}
	switch {
	case picture && c.Args["what"] != "":
		return showPicture(c, sheet.BoardStandings(c.State, lang, 0))
	case picture:
		return showPicture(c, sheet.StandingsTables(c.State, lang, boardPrizes)...)
	case c.Args["what"] != "":
		return Reply{Text: boardStandingsText(c.State, c.Lang, 0)}, nil
	}
	return Reply{Text: teamStandingsText(c.State, c.Lang)}, nil
}

// finishTeams is /finish of a team event: once every match is decided,
// the final team standings and board standings.
func finishTeams(c *Context) (Reply, error) {
	if err := teamRoundOpen(c.State, c.Lang); err != nil {
		return Reply{}, err
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	_, err = c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.EventFinished{}); err != nil {
			return err
		}
		lang := chats.lang
		text := T{"「%s」结束！", "%q is over!"}.In(lang, ch.State.Event.Name) + "\n" + teamStandingsText(ch.State, lang) + "\n\n" + boardStandingsText(ch.State, lang, boardPrizes)
		if n := teamRounds(ch.State); n > len(ch.State.Teams.Rounds) {
			text += "\n" + T{"（计划 %d 轮，实赛 %d 轮）", "(%d rounds planned, %d played)"}.In(lang, n, len(ch.State.Teams.Rounds))
		}
		chats.announce(ch, text)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.reply(T{"比赛已结束。", "The event is over."}.In(c.Lang)), nil
}

// boardPrizes is how many places of each board the announcements show:
// the board prizes (最佳台次) the seeds award, first to third.
const boardPrizes = 3

// revealAtStart reveals, at the round's start, the line-ups still waiting
// (the registered order for a team that sent none, R-TM-1) and tells the
// event's chats each match's boards.
func revealAtStart(ch *storage.Change, to []chat.Chat, a *action.LineupsRevealed) error {
	var waiting []action.MatchOf
	for _, m := range ch.State.Teams.Rounds[a.Round-1].Matches {
		if !m.Revealed {
			waiting = append(waiting, m)
		}
	}
	if err := ch.Append(a); err != nil {
		return err
	}
	st := ch.State
	lang := eventLang(st)
	text := T{"第 %d 轮开始：未交的出场名单按报名台次（R-TM-1）。", "Round %d starts: a line-up not sent is the registered order (R-TM-1)."}.In(lang, a.Round)
	for _, m := range waiting {
		m, _ = findMatch(st, a.Round, m.Number)
		text += "\n" + matchBoardsText(st, a.Round, m, lang)
	}
	announce(ch, to, text)
	return nil
}

// teamTotalsText is a 队员总分制 team ranking (R-T-6) as the chat shows it
// (sheet.TeamTotals): place, team, and the sum of its counting players'
// places or scores; a team short of counting players ranks after the
// complete ones, marked "*" and said under the table.
func teamTotalsText(st *action.State, lang Lang) string {
	r := st.Teams.Rules
	s := sheet.TeamTotals(st, sheet.Lang(lang))
	text := T{"团体排名（队员总分制，每队前 %d 名计分，%s，R-T-6）", "Team standings (player totals, each team's best %d count, %s, R-T-6)"}.In(lang, r.Boards, named(r.Totals, lang)) +
		"\n" + briefTable(s, phoneWidth, nil).String()
	if len(s.Footer) > 1 { // the teams short of players
		text += "\n" + s.Footer[1]
	}
	return text
}

// captainEvent loads into c the running team event the sender captains a
// team of (the Captain role, granted by /team new): of several, the one
// whose current round waits for a line-up from their team. It loads
// nothing when there is none, or several that wait.
func (c *Context) captainEvent() error {
	ids, err := c.svc.store.RunningEventsWithRole(c, c.Req.Chat.Platform, c.Req.User.ID, storage.Captain)
	if err != nil || len(ids) == 0 {
		return err
	}
	var found storage.EventID
	var state *action.State
	for _, id := range ids { // the events they captain in: one, as a rule
		st, err := c.svc.store.Load(c, id)
		if err != nil {
			return err
		}
		if len(ids) == 1 || waitsForLineup(st, c.Actor()) {
			if found != 0 {
				return nil // two wait: the player's lookup says which to name
			}
			found, state = id, st
		}
	}
	if found != 0 {
		c.Event, c.State = found, state
	}
	return nil
}

// waitsForLineup reports whether st's current round waits for a line-up
// from a team captain captains.
func waitsForLineup(st *action.State, captain action.Actor) bool {
	if st.Teams == nil || len(st.Teams.Rounds) == 0 {
		return false
	}
	for _, m := range st.Teams.Rounds[len(st.Teams.Rounds)-1].Matches {
		if !m.Revealed && (st.Teams.Teams[m.First-1].Captain == captain || st.Teams.Teams[m.Second-1].Captain == captain) {
			return true
		}
	}
	return false
}
