package commands

import (
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Late arrival after downtime (R-G-4, action/late.go). The clock forfeits
// a late player only when the scheduler watched the whole limit; after the
// bot was down or its clock jumped, the scheduler lists the players not
// checked in to the event's staff, privately, with two buttons: forfeit
// them (/late forfeit) or give them another limit from now (/late wait).

// lateCommands is /late.
func lateCommands() []*Command {
	return []*Command{{
		Name: "late", Aliases: []string{"迟到处理"}, Who: Staff,
		Args: []Arg{{Name: "what", Kind: Choice, Choices: []string{"forfeit", "wait", "判负", "等待"},
			Help: i18n.T{Zh: "判负：未签到的选手判负；等待：从现在起再等一个迟到时限", En: "forfeit: the players not checked in lose by forfeit; wait: another late-arrival limit from now"}}},
		Help: i18n.T{Zh: "裁判：停机后判负迟到的选手，或再等一个迟到时限", En: "arbiters: after downtime, forfeit the late players or wait"},
		More: i18n.T{Zh: "迟到时限过后，判负还没签到的选手（判负），或从现在起再等一个迟到时限（等待）。机器人停机或时钟跳变、没能看完整个迟到时限时，会私信来问。",
			En: "Once the late-arrival limit has passed, forfeit the players not checked in (forfeit), or give them another limit from now (wait). The bot asks privately when it was down, or its clock jumped, during the limit."},
		Run: lateDecision,
	}}
}

// lateDecision is /late forfeit and /late wait.
func lateDecision(c *Context) (Reply, error) {
	st := c.State
	round := len(st.Event.Rounds)
	if st.Status != action.Running || round == 0 {
		return Reply{}, problem("还没有进行中的轮次。", "No round is under way.")
	}
	if c.ref != nil && c.ref.round != round {
		return Reply{}, problem("这个按钮已失效：它是第 %d 轮的，现在是第 %d 轮。", "That button no longer applies: it was for round %d, and round %d is under way.", c.ref.round, round)
	}
	deadline, ok := st.LateDeadline()
	if !ok {
		return Reply{}, problem("本赛没有迟到时限。要设置，输入 /event set 迟到 15。", "The event has no late-arrival limit. To set one, type /event set late 15.")
	}
	now := c.svc.now()
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	if c.Args["what"] == "wait" || c.Args["what"] == "等待" {
		var until time.Time
		if _, err := c.Update(func(ch *storage.Change) error {
			if err := ch.Append(&action.LateWaited{Round: round}); err != nil {
				return err
			}
			until, _ = ch.State.LateDeadline()
			chats.announce(ch, i18n.T{Zh: "裁判决定再等：第 %d 轮还没签到的选手请在 %s 前签到（/here），否则判负（R-G-4）。",
				En: "The arbiter waits: players of round %d not checked in yet, check in (/here) by %s or lose by forfeit (R-G-4)."}.
				In(chats.lang, round, startClock(ch.State, until, now, chats.lang)))
			return nil
		}); err != nil {
			return Reply{}, err
		}
		return chats.reply(i18n.T{Zh: "好的：第 %d 轮再等到 %s，之后还没签到的选手自动判负。", En: "Done: round %d waits until %s; whoever has not checked in by then loses by forfeit."}.
			In(c.Lang, round, startClock(st, until, now, c.Lang))), nil
	}
	if now.Before(deadline) {
		return Reply{}, problem("第 %d 轮的迟到时限 %s 还没到。", "Round %d's late-arrival limit, %s, has not passed yet.", round, startClock(st, deadline, now, c.Lang))
	}
	var forfeited []action.ResultSet
	if _, err := c.Update(func(ch *storage.Change) error {
		forfeited = ch.State.Late()
		if len(forfeited) == 0 {
			return problem("第 %d 轮没有还没签到的选手了。", "Every player of round %d has checked in.", round)
		}
		why := i18n.T{Zh: "迟到超过时限，裁判判负", En: "late past the limit: forfeited by the arbiter"}
		for _, r := range forfeited {
			if err := chats.decide(ch, r.Round, r.Board, r.Result, why); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return Reply{}, err
	}
	boards := make([]string, len(forfeited))
	for i, r := range forfeited {
		boards[i] = i18n.T{Zh: "第 %d 台", En: "board %d"}.In(c.Lang, r.Board)
	}
	return chats.reply(i18n.T{Zh: "已判负：%s。", En: "Forfeited: %s."}.In(c.Lang, strings.Join(boards, i18n.T{Zh: "、", En: ", "}.In(c.Lang)))), nil
}

// staffContacts are the private chats of the event's arbiters and
// organisers, in the language each reads notes in.
func staffContacts(rd reader) ([]contact, error) {
	var out []contact
	seen := map[action.Actor]bool{}
	for _, r := range []storage.Role{storage.Arbiter, storage.Organiser} {
		holders, err := rd.Holders(r)
		if err != nil {
			return nil, err
		}
		for _, h := range holders {
			if seen[h] || h.Platform == "qisai" {
				continue
			}
			seen[h] = true
			lang, err := readerLang(rd, h.Platform, h.User)
			if err != nil {
				return nil, err
			}
			out = append(out, contact{chat: chat.Private(h.Platform, h.User), lang: lang})
		}
	}
	return out, nil
}

// referLate appends a, the scheduler leaving round's late players to the
// arbiter, tells the staff privately who is not checked in, with the two
// buttons, and the event's chats that the arbiter decides.
func referLate(ch *storage.Change, to audience, a *action.LateReferred, id storage.EventID, now time.Time) error {
	if err := ch.Append(a); err != nil {
		return err
	}
	st := ch.State
	deadline, _ := st.LateDeadline()
	lang := eventLang(st)
	announce(ch, to.chats, i18n.T{Zh: "第 %d 轮的迟到时限（%s）已过，但机器人这段时间没有一直运行，选手无法签到，所以没有自动判负：迟到的选手由裁判处理。",
		En: "Round %d's late-arrival limit (%s) has passed, but the bot was not running all that time, so nobody could check in and nobody was forfeited: the arbiter decides on the late players."}.
		In(lang, a.Round, startClock(st, deadline, now, lang)))
	r := ref{event: id, round: a.Round}
	minutes := int(st.Info.LateAfter / time.Minute)
	for _, ct := range to.staff {
		text := i18n.T{Zh: "「%s」第 %d 轮：迟到时限（%s）已过，但机器人这段时间没有一直运行（停机或时钟跳变），没人能签到。还没签到的：\n%s\n请决定：判负，或从现在起再等 %d 分钟（之后机器人照常自动判负）。也可以逐台用 /result 台号 结果 裁定。",
			En: "%q round %d: the late-arrival limit (%s) has passed, but the bot was not running all that time (down, or its clock jumped), so nobody could check in. Not checked in:\n%s\nDecide: forfeit them, or wait %d more minutes from now (then the bot forfeits as usual). Or set boards one by one with /result BOARD RESULT."}.
			In(ct.lang, st.Event.Name, a.Round, startClock(st, deadline, now, ct.lang), lateList(st, ct.lang), minutes)
		ch.Send(chat.Message{Chat: ct.chat, Text: text, Buttons: []chat.Button{
			{Label: i18n.T{Zh: "判负", En: "Forfeit"}.In(ct.lang), Command: r.answering("/late forfeit")},
			{Label: i18n.T{Zh: "再等 %d 分钟", En: "Wait %d min"}.In(ct.lang, minutes), Command: r.answering("/late wait")},
		}})
	}
	return nil
}

// lateList is a line a board with players not checked in: who, which
// colour.
func lateList(st *action.State, lang i18n.Lang) string {
	round := len(st.Event.Rounds)
	var lines []string
	for _, r := range st.Late() {
		g, _ := gameOn(&st.Event, round, r.Board)
		var who []string
		for _, side := range []struct {
			player int
			colour engine.Colour
			absent bool
		}{
			{g.Red, engine.Red, r.Result == engine.BlackForfeitWin || r.Result == engine.DoubleForfeit},
			{g.Black, engine.Black, r.Result == engine.RedForfeitWin || r.Result == engine.DoubleForfeit},
		} {
			if side.absent {
				who = append(who, i18n.T{Zh: "%s（%s）", En: "%s (%s)"}.In(lang, playerName(&st.Event, side.player), colourName(side.colour, lang)))
			}
		}
		lines = append(lines, i18n.T{Zh: "第 %d 台 %s", En: "board %d: %s"}.In(lang, r.Board, strings.Join(who, i18n.T{Zh: "、", En: ", "}.In(lang))))
	}
	return strings.Join(lines, "\n")
}

// missedReminder appends a, a reminder whose time passed while the
// scheduler was not running, and says so in the event's chats instead of
// reminding after the start.
func missedReminder(ch *storage.Change, to audience, a *action.RoundReminded, now time.Time) error {
	if err := ch.Append(a); err != nil {
		return err
	}
	st := ch.State
	lang := eventLang(st)
	text := i18n.T{Zh: "第 %d 轮的开赛提醒没能按时发出：机器人当时没有运行。第 %d 轮已于 %s 开始。",
		En: "The reminder of round %d could not go out in time: the bot was not running. Round %d started at %s."}.
		In(lang, a.Round, a.Round, startClock(st, st.Play.Starts, now, lang))
	if d, ok := st.LateDeadline(); ok && now.Before(d) {
		text += lateTerm(st, now, lang)
	}
	announce(ch, to.chats, text)
	return nil
}
