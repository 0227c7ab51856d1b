package commands

import (
	"slices"
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/names"
	"github.com/qisai/qisai/storage"
)

// The check-in before round 1 in the chat (签到, R-E-5). It opens its lead
// before round 1's planned start (/event set checkin 30, /schedule); the
// scheduler announces it, with a 签到 button in each entrant's private
// note (signup_clock.go). /here, or the button, checks a player in, or a
// waiting entrant, who then moves up in a no-show's place; an organiser
// or arbiter checks another in (/here NAME), which keeps them. /start
// lists the players not checked in and, once the organiser confirms,
// removes them and moves the checked-in waiting up, in one change with the
// start.

// eventCheckIn answers /here before the start: the check-in for the event.
// handled is false once the event has started: /here is then the check-in
// at the board (roster_checkin.go).
func eventCheckIn(c *Context, arg string) (r Reply, handled bool, err error) {
	staff := arg != ""
	if staff {
		c.who = Staff // the event whose staff the sender is, of several
	}
	if err := c.loadEvent(!staff); err != nil {
		return Reply{}, true, err
	}
	st, now := c.State, c.svc.now()
	switch {
	case st.Status == action.Running && c.ref != nil && c.ref.round == 0:
		return Reply{}, true, problem("这个签到按钮是开赛前的，比赛已经开始了。第 1 轮公布后，到棋盘时输入 /here 签到。", "That check-in button was for before the start, and the event has started. Once round 1 is published, check in at the board with /here.")
	case st.Status != action.Setup && st.Status != action.Signup:
		return Reply{}, false, nil
	}
	if err := checkInShut(st, now); err != nil {
		return Reply{}, true, err
	}
	var who engine.Player
	switch {
	case staff && !c.Is(storage.Organiser) && !c.Is(storage.Arbiter):
		return Reply{}, true, problem("只有组织者或裁判可以替选手签到；选手自己输入 /here。", "Only the organisers and arbiters check a player in; players type /here themselves.")
	case staff:
		if who, err = entrantNamed(st, arg); err != nil {
			return Reply{}, true, err
		}
	case c.Player != 0:
		who, _ = st.Event.Player(c.Player)
	default:
		w, ok, err := c.waitingSender()
		if err != nil {
			return Reply{}, true, err
		}
		if !ok {
			return Reply{}, true, problem("只有本赛选手才能签到。先用 /join 名字 报名。", "Only the event's entrants check in. Join first with /join NAME.")
		}
		who = w
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		return ch.Append(&action.EventCheckedIn{Entrant: who.Entrant})
	}); err != nil {
		return Reply{}, true, err
	}
	start, _ := st.Planned(1)
	_, waiting := st.WaitingPlace(who.Entrant)
	switch {
	case staff && waiting:
		r.Text = i18n.T{Zh: "已为候补第 %d 位 %s 签到：开赛时有人未签到，按候补顺序递补。", En: "Checked in %[2]s, place %[1]d on the wait list: they move up in order in the place of a player not checked in."}.In(c.Lang, who.ID, who.Name)
	case staff:
		r.Text = i18n.T{Zh: "已为 %s 签到：开赛时保留。", En: "Checked %s in: they stay in at the start."}.In(c.Lang, who.Name)
	case waiting:
		r.Text = i18n.T{Zh: "已签到（候补第 %d 位）：开赛时有人未签到，按候补顺序递补，会私信通知你。", En: "Checked in (place %d on the wait list): you move up in order in the place of a player not checked in, told privately."}.In(c.Lang, who.ID)
	default:
		r.Text = i18n.T{Zh: "已签到：「%s」第 1 轮 %s 开始。", En: "Checked in: %q starts round 1 at %s."}.In(c.Lang, st.Event.Name, dayClock(st, start, now, c.Lang))
	}
	return r, true, nil
}

// checkInShut says why the check-in before round 1 is not open at now;
// nil when it is.
func checkInShut(st *action.State, now time.Time) error {
	opens, ok := st.CheckInOpens()
	switch {
	case st.Info.Entry.CheckIn <= 0:
		return problem("本赛开赛前不签到。第 1 轮公布后，到棋盘时输入 /here 签到。", "The event has no check-in before the start. Once round 1 is published, check in at the board with /here.")
	case !ok:
		return problem("签到在第 1 轮计划开始前开放，但第 1 轮还没有计划时间：组织者用 /schedule 1 周六 09:00 设定。", "The check-in opens before round 1's planned start, and round 1 has none yet: organisers set it with /schedule 1 Sat 09:00.")
	case now.Before(opens):
		start, _ := st.Planned(1)
		return problem("签到 %[1]s 开放（第 1 轮 %[2]s 开始）。", "The check-in opens at %[3]s (round 1 starts at %[4]s).",
			dayClock(st, opens, now, i18n.Zh), dayClock(st, start, now, i18n.Zh), dayClock(st, opens, now, i18n.En), dayClock(st, start, now, i18n.En))
	}
	return nil
}

// entrantNamed is the player named by number or name, else the waiting
// entrant named by name.
func entrantNamed(st *action.State, arg string) (engine.Player, error) {
	p, err := findPlayer(st, arg)
	if err == nil {
		return p, nil
	}
	key := names.Key(arg)
	for _, w := range st.Waiting {
		if names.Key(w.Name) == key {
			return w, nil
		}
	}
	return engine.Player{}, err
}

// checkInLine is what /me says of the check-in before round 1 to entrant:
// checked in, open, or when it opens; "" for an event without one.
func checkInLine(st *action.State, entrant int, now time.Time, lang i18n.Lang) string {
	opens, ok := st.CheckInOpens()
	if !ok || (st.Status != action.Setup && st.Status != action.Signup) {
		return ""
	}
	if at, in := st.CheckedInAt(entrant); in {
		return i18n.T{Zh: "已签到（%s）。", En: "Checked in (%s)."}.In(lang, clock(st, at))
	}
	if st.CheckingIn(now) {
		return i18n.T{Zh: "签到已开放：请输入 /here 签到，开赛时未签到的选手将被移出（R-E-5）。", En: "The check-in is open: check in with /here; at the start the players not checked in are removed (R-E-5)."}.In(lang)
	}
	return i18n.T{Zh: "签到 %s 开放（R-E-5）。", En: "The check-in opens at %s (R-E-5)."}.In(lang, dayClock(st, opens, now, lang))
}

// checkInAtStart is what /start does about the check-in before it starts
// the event (R-E-5): nothing for an event without one; a refusal while it
// is not open; with players not checked in, a question to the organiser,
// privately, with a button to remove them and start (asked true).
func checkInAtStart(c *Context, now time.Time) (r Reply, asked bool, err error) {
	st := c.State
	if st.Info.Entry.CheckIn <= 0 || (st.Status != action.Setup && st.Status != action.Signup) {
		return Reply{}, false, nil
	}
	opens, ok := st.CheckInOpens()
	switch {
	case !ok:
		return Reply{}, false, problem("本赛开赛前要签到，但第 1 轮还没有计划开始时间：用 /schedule 1 周六 09:00 设定，签到开放后再开赛；或关闭签到：/event set 签到 0。",
			"The event checks in before the start, and round 1 has no planned start: set it with /schedule 1 Sat 09:00 and start once the check-in has opened; or turn the check-in off: /event set checkin off.")
	case now.Before(opens):
		return Reply{}, false, problem("签到 %[1]s 才开放：签到后再开赛，开赛时未签到的选手将被移出（R-E-5）。要现在开赛，先关闭签到：/event set 签到 0。",
			"The check-in opens at %[2]s: start after it, and the players not checked in are removed then (R-E-5). To start now, turn the check-in off first: /event set checkin off.",
			dayClock(st, opens, now, i18n.Zh), dayClock(st, opens, now, i18n.En))
	}
	absent := st.NoShows(now)
	if len(absent) == 0 || c.Args["confirm"] != "" {
		return Reply{}, false, nil
	}
	lang := c.Own
	notIn := i18n.T{Zh: "%d 名选手没有签到，开赛时将被移出（R-E-5）：%s。", En: "%d players have not checked in and are removed at the start (R-E-5): %s."}
	if len(absent) == 1 {
		notIn.En = "%d player has not checked in and is removed at the start (R-E-5): %s."
	}
	text := notIn.In(lang, len(absent), numberedNames(absent, lang))
	var in []engine.Player
	for _, w := range st.Waiting {
		if _, ok := st.CheckedInAt(w.Entrant); ok {
			in = append(in, w)
		}
	}
	if len(in) > 0 {
		text += "\n" + i18n.T{Zh: "已签到的候补按顺序递补：%s。", En: "The checked-in waiting move up in order: %s."}.In(lang, namesOf(in, lang))
	}
	text += "\n" + i18n.T{Zh: "要保留某人，先替其签到：/here 名字。确认开赛：/start 确认。", En: "To keep someone, check them in first: /here NAME. To start: /start confirm."}.In(lang)
	return Reply{
		Text:    text,
		Buttons: []chat.Button{{Label: i18n.T{Zh: "移出并开赛", En: "Remove them and start"}.In(lang), Command: i18n.T{Zh: "/start 确认", En: "/start confirm"}.In(lang)}},
		Private: true,
	}, true, nil
}

// namesOf is "孙勇征、洪智".
func namesOf(ps []engine.Player, lang i18n.Lang) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.Name
	}
	return strings.Join(s, i18n.T{Zh: "、", En: ", "}.In(lang))
}

// removeNoShows removes, in ch, the players not checked in at now when the
// check-in before round 1 is open (R-E-5): the event's chats are told
// (say), and each of them privately, whose chat users it lets go; the
// checked-in waiting move up (movedUp). /start calls it before the start.
func removeNoShows(r reader, ch *storage.Change, now time.Time, say func(text string)) error {
	st := ch.State
	absent := st.NoShows(now)
	if len(absent) == 0 {
		return nil
	}
	a := &action.NoShowsRemoved{}
	for _, p := range absent {
		a.Entrants = append(a.Entrants, p.Entrant)
	}
	waiting := slices.Clone(st.Waiting)
	if err := ch.Append(a); err != nil {
		return err
	}
	lang := eventLang(ch.State)
	say(i18n.T{Zh: "未签到，已移出（R-E-5）：%s。", En: "Not checked in, removed (R-E-5): %s."}.In(lang, numberedNames(absent, lang)))
	for _, p := range absent {
		ids, err := r.PlayerIdentities(p.Entrant)
		if err != nil {
			return err
		}
		cts, err := contactsOf(r, ids)
		if err != nil {
			return err
		}
		tell(ch, cts, i18n.T{Zh: "你没有在「%s」开赛前签到，已被移出（R-E-5）。如有误，请联系组织者。", En: "You did not check in before %q started and have been removed (R-E-5). If that is wrong, ask an organiser."}, []any{st.Event.Name})
		for _, id := range ids {
			ch.Forget(id.Platform, id.User)
		}
	}
	return movedUp(r, ch, waiting, say, noShowPlace)
}

// tellStillWaiting tells the entrants left on the wait list at the start,
// privately, that they did not move up.
func tellStillWaiting(r reader, ch *storage.Change) error {
	for _, w := range ch.State.Waiting {
		cts, err := entrantContacts(r, w.Entrant)
		if err != nil {
			return err
		}
		tell(ch, cts, i18n.T{Zh: "「%s」已经开赛，候补名单上的你没有递补上。谢谢报名！", En: "%q has started; you were on its wait list and did not move up. Thank you for entering!"}, []any{ch.State.Event.Name})
	}
	return nil
}
