package commands

import (
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// What the scheduler does before an event's start (R-E-5,
// action.DueActions): it closes sign-up at the deadline, and announces the
// check-in before round 1 when it opens — in the event's chats, in the
// event's language, and to each entrant privately, in theirs, with a
// 签到 button.

// deadlineReached appends a, sign-up closing at its deadline, and tells the
// event's chats.
func deadlineReached(ch *storage.Change, to audience, a *action.SignupDeadlinePassed, now time.Time) error {
	if err := ch.Append(a); err != nil {
		return err
	}
	st := ch.State
	lang := eventLang(st)
	text := i18n.T{Zh: "报名已截止（%s，R-E-5）：%d 名选手", En: "Sign-up has closed (%s, R-E-5): %d players"}.In(lang, dayClock(st, a.At, now, lang), len(st.Event.Players))
	if n := len(st.Waiting); n > 0 {
		text += i18n.T{Zh: "，候补 %d 人", En: ", %d waiting"}.In(lang, n)
	}
	announce(ch, to.chats, text+i18n.T{Zh: "。组织者仍可用 /player add 添加选手；准备好后输入 /start 开赛。", En: ". Organisers can still add players with /player add; /start starts the event when ready."}.In(lang))
	return nil
}

// checkInOpened appends a, the check-in before round 1 opening, tells the
// event's chats, and sends each entrant, playing or waiting, a note with a
// 签到 button.
func checkInOpened(ch *storage.Change, to audience, a *action.CheckInOpened, now time.Time) error {
	if err := ch.Append(a); err != nil {
		return err
	}
	st := ch.State
	lang := eventLang(st)
	text := i18n.T{Zh: "开始签到（R-E-5）：「%s」第 1 轮 %s 开始，请在此之前签到——私信里按「签到」，或输入 /here。开赛时未签到的选手将被移出。",
		En: "Check-in is open (R-E-5): %q starts round 1 at %s. Check in before it — press Check in in your private note, or type /here. At the start the players not checked in are removed."}.
		In(lang, st.Event.Name, dayClock(st, a.Start, now, lang))
	if len(st.Waiting) > 0 {
		text += "\n" + i18n.T{Zh: "候补选手也可以签到：有人未签到时，已签到的候补按顺序递补。", En: "The waiting check in too: in the place of a player not checked in, the checked-in waiting move up in order."}.In(lang)
	}
	announce(ch, to.chats, text)
	press := button{label: i18n.T{Zh: "签到", En: "Check in"}, command: ref{event: to.event}.answering("/here")}
	note := i18n.T{Zh: "「%s」开始签到：第 1 轮 %s 开始，请到场后按「签到」或输入 /here（R-E-5）。开赛时未签到的选手将被移出。",
		En: "Check-in for %q is open: round 1 starts at %s. Press Check in when you are there, or type /here (R-E-5). At the start the players not checked in are removed."}
	for _, p := range st.Event.Players {
		for _, ct := range to.players[p.Entrant] {
			tell(ch, []contact{ct}, note, []any{st.Event.Name, dayClock(st, a.Start, now, ct.lang)}, press)
		}
	}
	for _, w := range st.Waiting {
		tell(ch, to.players[w.Entrant], i18n.T{Zh: "「%s」开始签到，你在候补名单第 %d 位：到场后按「签到」或输入 /here，有人未签到时按顺序递补（R-E-5）。",
			En: "Check-in for %q is open, and you are place %d on the wait list: press Check in when you are there, or type /here, and you move up in order in the place of a player not checked in (R-E-5)."},
			[]any{st.Event.Name, w.ID}, press)
	}
	return nil
}
