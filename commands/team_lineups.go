package commands

import (
	"fmt"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// A team match's line-ups from the chat (R-TM-1): under 分台换人 and 临时定台
// each captain is asked for one in a private chat and sends it with
// /lineup; both are revealed when both are in, by an arbiter's /lineup
// reveal, or at the round's start time (the registered order for a team
// that sent none). A captain's private line finds the team event they
// captain.

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
				entry := fmt.Sprintf("%d %s", i+1, playerName(&st.Event, p))
				if i >= st.Teams.Rules.Boards {
					entry += i18n.T{Zh: "（替补）", En: " (reserve)"}.In(ct.lang)
				}
				list = append(list, entry)
			}
			tell(ch, []contact{ct}, i18n.T{
				Zh: "第 %[1]d 轮第 %[2]d 场「%[3]s」对「%[4]s」：请在这里发送出场名单，按台次写队员的报名台次或名字，如 /lineup %[5]s。%[6]s。双方都交后公布；未交的按报名台次出场。队员：%[7]s",
				En: "Round %[1]d match %[2]d, %[3]q v %[4]q: send your line-up here, board 1 first, by the players' registered places or names, e.g. /lineup %[5]s. %[6]s. Both are revealed once both are in; a team that sends none plays its registered order. Players: %[7]s",
			}, []any{round, m.Number, teamName(st, id), teamName(st, other), exampleLineup(st.Teams.Rules), lineupRuleText(st.Teams.Rules.Lineup).In(ct.lang), strings.Join(list, i18n.T{Zh: "，", En: ", "}.In(ct.lang))})
		}
	}
	return nil
}

// lineup is /lineup: a captain's line-up in a private chat (board order
// places or names, "-" or 0 for a board left empty), or an arbiter's
// /lineup reveal.
func lineup(c *Context) (Reply, error) {
	words := c.list("lineup")
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
	if err := c.readWorth(); err != nil { // the seats' notes, once revealed
		return Reply{}, err
	}
	ev := st.TeamEvent()
	members := ev.Teams[id-1].Members
	var ids []int
	for _, w := range words {
		if w == "-" || w == "0" {
			ids = append(ids, 0)
			continue
		}
		if k, ok := number(w); ok {
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
	if p := lineupRefused(st, id, ids); p != nil {
		return Reply{}, p
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
		names = append(names, i18n.T{Zh: "%d台 %s", En: "B%d %s"}.In(c.Lang, b+1, n))
	}
	text := i18n.T{Zh: "已收到「%s」的出场名单：%s。", En: "Got %q's line-up: %s."}.In(c.Lang, teamName(st, id), strings.Join(names, i18n.T{Zh: "，", En: ", "}.In(c.Lang)))
	if revealed {
		return Reply{Text: text + i18n.T{Zh: "双方名单已齐，群里的本轮对阵已显示各台。", En: " Both are in: the round's pairings in the group show the boards."}.In(c.Lang)}, nil
	}
	return Reply{Text: text + i18n.T{Zh: "对方交了以后一起公布；公布前可以重发。", En: " They are revealed once the other captain's is in; until then you may send it again."}.In(c.Lang)}, nil
}

func findMatch(st *action.State, round, number int) (action.MatchOf, bool) {
	for _, m := range st.Teams.Rounds[round-1].Matches {
		if m.Number == number {
			return m, true
		}
	}
	return action.MatchOf{}, false
}

// announceLineups shows match number's boards, now revealed, in the
// round's message in the event's chats (to, and the request's), and tells
// its players their seats.
func announceLineups(c *Context, ch *storage.Change, to []chat.Chat, round, number int) error {
	v := c.voice
	if v == nil {
		v = &voice{others: to, lang: eventLang(ch.State), svc: c.svc}
	}
	if err := v.refreshRound(ch, round); err != nil {
		return err
	}
	return noteSeats(c, ch, round, number)
}

// matchBoardsText is a revealed match's boards, red first.
func matchBoardsText(st *action.State, round int, m action.MatchOf, lang i18n.Lang) string {
	text := teamFormat{}.pairings(st, round, lang)
	lines := strings.Split(text, "\n")
	head := i18n.T{Zh: "第 %d 场 ", En: "Match %d "}.In(lang, m.Number)
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
		return Reply{}, noRounds(c.State)
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	if err := c.readWorth(); err != nil {
		return Reply{}, err
	}
	round := len(c.State.Teams.Rounds)
	if _, err := c.Update(func(ch *storage.Change) error {
		return revealDue(c, ch, chats.others, round)
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(i18n.T{Zh: "第 %d 轮的出场名单已全部公布。", En: "Round %d's line-ups are all revealed."}.In(c.Lang, round)), nil
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

// revealAtStart reveals, at the round's start, the line-ups still waiting
// (the registered order for a team that sent none, R-TM-1): the event's
// chats are told, and the round's message shows their boards.
func revealAtStart(ch *storage.Change, to []chat.Chat, a *action.LineupsRevealed) error {
	if err := ch.Append(a); err != nil {
		return err
	}
	v := &voice{others: to, lang: eventLang(ch.State)}
	v.announce(ch, i18n.T{Zh: "第 %d 轮开始：未交的出场名单按报名台次（R-TM-1），各场台次见本轮对阵。", En: "Round %d starts: a line-up not sent is the registered order (R-TM-1); the round's pairings show every match's boards."}.In(v.lang, a.Round))
	return v.refreshRound(ch, a.Round)
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
