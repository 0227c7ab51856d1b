package commands

import (
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Requested byes from the chat (请假, R-E-2): a player asks to sit out a
// coming round (/bye 3); the organisers get the request privately with
// buttons, unless the event grants every request; an organiser grants one
// for a player directly (/bye 张三 3); either drops it again before the
// round is paired (/bye cancel 3).

func leaveCommands() []*Command {
	return []*Command{{
		Name: "bye", Aliases: []string{"请假"}, Who: Anyone, // a player's event, in a private chat too
		Args: []Arg{{Name: "what", Kind: Rest, Optional: true,
			Help: i18n.T{Zh: "轮次（不写则为下一轮）；组织者先写选手：张三 3；取消：取消 3", En: "the round (the next one if left out); organisers name the player first: Li 3; to cancel: cancel 3"}}},
		Help: i18n.T{Zh: "请假：申请某一轮不参加，该轮计请假分（R-E-2）", En: "ask to sit out a coming round, scored as the event sets (R-E-2)"},
		Run:  leave,
	}}
}

// leaveVerbs are the first words of /bye that are not a round or a player.
var leaveVerbs = map[string]string{
	"cancel": "cancel", "取消": "cancel", "grant": "grant", "批准": "grant", "refuse": "refuse", "拒绝": "refuse",
}

// leave answers /bye: a request, an organiser's grant or refusal (typed or
// a button: /bye grant ENTRANT ROUND), or a cancellation.
func leave(c *Context) (Reply, error) {
	if err := c.loadEvent(true); err != nil {
		return Reply{}, err
	}
	words := strings.Fields(c.Args["what"])
	verb := ""
	if len(words) > 0 {
		verb = leaveVerbs[strings.ToLower(words[0])]
	}
	if verb != "" {
		words = words[1:]
	}
	staff := c.Is(storage.Organiser) || c.Is(storage.Arbiter)
	entrant, round := 0, c.State.Event.NextRound()
	switch {
	case verb == "grant" || verb == "refuse" || (staff && len(words) > 0 && !isRound(words[0])):
		if !c.Is(storage.Organiser) {
			return Reply{}, problem("只有组织者可以批准请假。", "Only the organisers grant byes.")
		}
		if len(words) == 0 {
			return Reply{}, problem("请写出选手和轮次，例如 /bye 张三 3。", "Name the player and the round, e.g. /bye Li 3.")
		}
		p, err := leavePlayer(c, words[0], verb != "")
		if err != nil {
			return Reply{}, err
		}
		entrant, words = p, words[1:]
	case c.Player == 0:
		if err := c.claimHint(); err != nil {
			return Reply{}, err
		}
		return Reply{}, problem("只有本赛选手可以请假。组织者替选手请假：/bye 张三 3。", "Only players of the event ask for a bye. Organisers grant one for a player: /bye Li 3.")
	default:
		entrant = c.State.EntrantOf(c.Player)
	}
	if len(words) > 0 {
		n, ok := roundWord(words[0])
		if !ok {
			return Reply{}, problem("「%s」不是轮次：请写数字，例如 /bye 3。", "%q is not a round: write a number, e.g. /bye 3.", words[0])
		}
		round = n
	}
	switch verb {
	case "cancel", "refuse":
		return dropLeave(c, entrant, round, verb == "refuse")
	case "grant":
		return grantLeave(c, entrant, round)
	}
	if staff && entrant != c.State.EntrantOf(c.Player) {
		return askLeave(c, entrant, round, true)
	}
	return askLeave(c, entrant, round, false)
}

// isRound reports whether w reads as a round number.
func isRound(w string) bool { _, ok := roundWord(w); return ok }

// roundWord reads a round in its written forms (roundNumber): "3", "３",
// "第3轮", "3轮", "R3", "第三轮".
func roundWord(w string) (int, bool) {
	n, ok := roundNumber.number(w)
	return n, ok && n > 0
}

// leavePlayer is the entrant a staff member's /bye names: a player's
// number or name, or from a button the entrant id itself.
func leavePlayer(c *Context, word string, fromButton bool) (int, error) {
	if n, err := strconv.Atoi(word); err == nil && fromButton {
		return n, nil
	}
	p, err := findPlayer(c.State, word)
	if err != nil {
		return 0, err
	}
	return p.Entrant, nil
}

// leaveName is entrant's name and number in st.
func leaveName(st *action.State, entrant int) string {
	n, _ := st.Numbered(entrant)
	return playerName(&st.Event, n)
}

// leaveWorth says what a requested bye scores: "1 分（和棋分）".
func leaveWorth(st *action.State, lang i18n.Lang) string {
	return byeWorth(st, st.Info.LeaveBye(), lang)
}

// byeWorth is what a round without a game of kind k scores, in lang: a
// requested bye's (R-E-2), a late entrant's missed round's (R-E-1).
func byeWorth(st *action.State, k engine.ByeKind, lang i18n.Lang) string {
	s := st.Event.Settings
	switch k {
	case engine.FullBye:
		return i18n.T{Zh: "%s（胜局分）", En: "%s (a win's)"}.In(lang, pointsOf(s.Win.String(), lang))
	case engine.ZeroBye, engine.LateZero:
		return i18n.T{Zh: "0 分", En: "0 pts"}.In(lang)
	}
	return i18n.T{Zh: "%s（和棋分）", En: "%s (a draw's)"}.In(lang, pointsOf(s.Draw.String(), lang))
}

// askLeave records a request for round, granted at once when an organiser
// makes it or the event grants every request; otherwise the organisers are
// asked privately, with buttons.
func askLeave(c *Context, entrant, round int, granted bool) (Reply, error) {
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	to, err := c.organisers()
	if err != nil {
		return Reply{}, err
	}
	var done bool
	_, err = c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.LeaveAsked{Entrant: entrant, Round: round, Granted: granted}); err != nil {
			return err
		}
		st := ch.State
		name := leaveName(st, entrant)
		if done = st.Leaves[len(st.Leaves)-1].Granted; done {
			chats.announce(ch, leaveGrantedText(st, name, round, chats.lang))
			return nil
		}
		r := ref{event: c.Event, round: round}
		answer := func(verb string) string {
			return r.answering("/bye " + verb + " " + strconv.Itoa(entrant) + " " + strconv.Itoa(round))
		}
		tell(ch, to, i18n.T{Zh: "%[1]s 申请第 %[2]d 轮请假（「%[3]s」）。批准吗？", En: "%[1]s asks to sit out round %[2]d of %[3]q. Grant it?"},
			[]any{name, round, st.Event.Name},
			button{i18n.T{Zh: "批准", En: "Grant"}, answer("grant")}, button{i18n.T{Zh: "拒绝", En: "Refuse"}, answer("refuse")})
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	if done {
		return chats.reply(leaveGrantedText(c.State, leaveName(c.State, entrant), round, c.Lang)), nil
	}
	return Reply{Text: i18n.T{Zh: "已申请第 %d 轮请假，等组织者批准；批准后你会收到私信。要取消：/bye 取消 %d", En: "Asked to sit out round %d; an organiser grants it and you will be told privately. To cancel: /bye cancel %d"}.In(c.Own, round, round), Private: true}, nil
}

// leaveGrantedText announces a granted bye.
func leaveGrantedText(st *action.State, name string, round int, lang i18n.Lang) string {
	return i18n.T{Zh: "%s 第 %d 轮请假，计%s（R-E-2）。", En: "%s sits out round %d: %s (R-E-2)."}.In(lang, name, round, leaveWorth(st, lang))
}

// grantLeave is an organiser granting a request; the player is told.
func grantLeave(c *Context, entrant, round int) (Reply, error) {
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	name := leaveName(c.State, entrant)
	_, err = c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.LeaveGranted{Entrant: entrant, Round: round}); err != nil {
			return err
		}
		chats.announce(ch, leaveGrantedText(ch.State, name, round, chats.lang))
		return c.tellPlayer(ch, entrant, func(lang i18n.Lang) string {
			return i18n.T{Zh: "你第 %d 轮请假已批准，该轮计%s。", En: "Your bye for round %d is granted: %s."}.In(lang, round, leaveWorth(ch.State, lang))
		})
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.reply(leaveGrantedText(c.State, name, round, c.Lang)), nil
}

// dropLeave withdraws a request or a granted bye before its round is
// paired; refused, it is an organiser saying no, and the player is told.
func dropLeave(c *Context, entrant, round int, refused bool) (Reply, error) {
	if !refused && entrant != c.State.EntrantOf(c.Player) && !c.Is(storage.Organiser) {
		return Reply{}, problem("只有组织者或选手本人可以取消请假。", "Only the organisers or the player cancel a bye.")
	}
	name := leaveName(c.State, entrant)
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.LeaveDropped{Entrant: entrant, Round: round}); err != nil {
			return err
		}
		if refused {
			return c.tellPlayer(ch, entrant, func(lang i18n.Lang) string {
				return i18n.T{Zh: "你第 %d 轮请假的申请没有批准：请照常参赛。", En: "Your request to sit out round %d was refused: you play as usual."}.In(lang, round)
			})
		}
		return nil
	}); err != nil {
		return Reply{}, err
	}
	if refused {
		return Reply{Text: i18n.T{Zh: "已拒绝 %s 第 %d 轮请假。", En: "Refused %s's bye for round %d."}.In(c.Lang, name, round)}, nil
	}
	return Reply{Text: i18n.T{Zh: "已取消 %s 第 %d 轮请假。", En: "Cancelled %s's bye for round %d."}.In(c.Lang, name, round)}, nil
}

// tellPlayer sends entrant's users a private note, said in each reader's
// language.
func (c *Context) tellPlayer(ch *storage.Change, entrant int, say func(i18n.Lang) string) error {
	n, ok := ch.State.Numbered(entrant)
	if !ok {
		return nil
	}
	cts, err := c.contacts(n)
	if err != nil {
		return err
	}
	for _, ct := range cts {
		ch.Send(chat.Message{Chat: ct.chat, Text: say(ct.lang)})
	}
	return nil
}

// leaveKeys are /event set's keys of requested byes (R-E-2).
var leaveKeys = []eventKey{
	{
		names: []string{"leaves", "请假次数"}, values: i18n.T{Zh: "每人最多请假轮数，0 不许请假", En: "byes a player may ask for, 0 for none"}, part: action.AbsenceRules,
		info: func(a *action.InfoChanged, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return problem("请假次数应是 0 或正整数，不是「%s」。", "leaves is 0 or a positive number, not %q.", v)
			}
			if n == 0 {
				n = -1 // none: 0 is the default
			}
			a.Leaves = &n
			return nil
		},
		show: func(st *action.State, _ i18n.Lang) string { return strconv.Itoa(st.Info.LeaveLimit()) },
	},
	{
		names: []string{"leave-worth", "请假分"}, values: i18n.T{Zh: "和|胜|0", En: "draw|win|0"}, part: action.AbsenceRules,
		info: func(a *action.InfoChanged, v string) error {
			k, ok := map[string]engine.ByeKind{"和": engine.HalfBye, "draw": engine.HalfBye, "胜": engine.FullBye, "win": engine.FullBye, "0": engine.ZeroBye, "zero": engine.ZeroBye}[strings.ToLower(v)]
			if !ok {
				return problem("请假分应是 和、胜 或 0，不是「%s」。", "leave-worth is draw, win or 0, not %q.", v)
			}
			a.LeaveWorth = &k
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string { return leaveWorth(st, lang) },
	},
	{
		names: []string{"leave-grant", "请假审批"}, values: i18n.T{Zh: "组织者|自动", En: "organiser|auto"}, part: action.AbsenceRules,
		info: func(a *action.InfoChanged, v string) error {
			auto, ok := map[string]bool{"组织者": false, "organiser": false, "organizer": false, "自动": true, "auto": true}[strings.ToLower(v)]
			if !ok {
				return problem("请假审批应是 组织者 或 自动，不是「%s」。", "leave-grant is organiser or auto, not %q.", v)
			}
			a.LeaveAuto = &auto
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string {
			if st.Info.LeaveAuto {
				return i18n.T{Zh: "自动", En: "auto"}.In(lang)
			}
			return i18n.T{Zh: "组织者", En: "organiser"}.In(lang)
		},
	},
}
