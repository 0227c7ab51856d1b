package commands

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// The wait list in the chat (候补, R-E-5): /join and /player add past the
// maximum put the entrant on it; a player leaving before the start, or a
// maximum raised, moves the first up, who is told privately while the
// event's chats are told; /waitlist shows it and takes an entrant off;
// /leave and /me answer a waiting entrant too. The sign-up deadline's
// refusal of /join is here as well. /waitlist is one command with an
// argument rather than two, as /web is: Discord cannot have a command that
// is also a group of subcommands.

func waitListCommands() []*Command {
	return []*Command{{
		Name: "waitlist", Aliases: []string{"候补"}, Who: Member,
		Args: []Arg{
			{Name: "what", Kind: Choice, Choices: []string{"remove", "删除"}, Optional: true, Help: i18n.T{Zh: "删除：组织者把一名候补删除", En: "remove: organisers take an entrant off"}},
			{Name: "number", Kind: Int, Optional: true, Help: i18n.T{Zh: "删除时：候补名单上的位次", En: "with remove: the place on the wait list"}},
		},
		Help: i18n.T{Zh: "候补名单：人数已满后报名的选手，有人退出时按顺序递补（R-E-5）；组织者 /waitlist remove 位次 删除一名", En: "the wait list: entrants past the maximum, who move up in order when a player leaves (R-E-5); organisers take one off with /waitlist remove PLACE"},
		Run:  waitList,
	}}
}

// waitList shows the wait list, or with remove (organisers) takes one
// entrant off it.
func waitList(c *Context) (Reply, error) {
	if c.Args["what"] == "" {
		return showWaitList(c)
	}
	if !c.Is(storage.Organiser) {
		return Reply{}, problem("只有组织者可以删除候补；输入 /waitlist 查看候补名单。", "Only the organisers take an entrant off the wait list; type /waitlist to see it.")
	}
	return removeWaiting(c)
}

// enter enters a player, or puts them on the wait list when the event is
// full (R-E-5), in categories (R-T-10); it returns them as entered, and
// whether they wait.
func enter(ch *storage.Change, name, unit string, rating int, categories []string) (engine.Player, bool, error) {
	if ch.State.Full() {
		if err := ch.Append(&action.WaitListed{Name: name, Unit: unit, Rating: rating, Categories: categories}); err != nil {
			return engine.Player{}, false, err
		}
		ws := ch.State.Waiting
		return ws[len(ws)-1], true, nil
	}
	if err := ch.Append(&action.PlayerAdded{Name: name, Unit: unit, Rating: rating, Categories: categories}); err != nil {
		return engine.Player{}, false, err
	}
	ps := ch.State.Event.Players
	return ps[len(ps)-1], false, nil
}

// waitingText is the reply to an entrant put on the wait list.
func waitingText(st *action.State, p engine.Player, lang i18n.Lang) string {
	return i18n.T{Zh: "人数已满（上限 %[1]d 人）：%[2]s 列入候补，第 %[3]d 位。有人退出时按顺序递补，会私信通知（R-E-5）。", En: "The event is full (%[1]d players): %[2]s is on the wait list, place %[3]d, and moves up in order when a player leaves, told privately (R-E-5)."}.
		In(lang, st.Info.Entry.Max, p.Name, p.ID)
}

// The private notes of an entrant moved up from the wait list: a place
// opened before the start, or at the start in a no-show's place.
var (
	placeOpened = i18n.T{Zh: "「%s」有了空位：你已从候补递补为正式选手（第 %d 位）。比赛开始前可以用 /leave 取消。", En: "A place opened in %q: you have moved up from the wait list and play (number %d). Before the start you can leave with /leave."}
	noShowPlace = i18n.T{Zh: "「%s」开赛时有选手未签到：你已从候补递补为正式选手（报名第 %d 位），序号随开赛公布。", En: "%q starts, and a player did not check in: you have moved up from the wait list and play (entry %d); your number comes with the start."}
)

// movedUp tells of the entrants waiting in before (the wait list before ch)
// whom ch moved up into the event (R-E-5): the event's chats in its
// language (say; nil: each chat of the event on its own), and each of
// them privately in theirs (note: placeOpened or noShowPlace).
func movedUp(r reader, ch *storage.Change, before []engine.Player, say func(text string), note i18n.T) error {
	st := ch.State
	var up []engine.Player
	for _, w := range before {
		if n, ok := st.Numbered(w.Entrant); ok {
			up = append(up, st.Event.Players[n-1])
		}
	}
	if len(up) == 0 {
		return nil
	}
	if say == nil {
		chats, err := r.Chats()
		if err != nil {
			return err
		}
		say = func(text string) { announce(ch, chats, text) }
	}
	lang := eventLang(st)
	say(i18n.T{Zh: "候补递补（R-E-5）：%s。", En: "Moved up from the wait list (R-E-5): %s."}.In(lang, numberedNames(up, lang)))
	for _, p := range up {
		cts, err := entrantContacts(r, p.Entrant)
		if err != nil {
			return err
		}
		tell(ch, cts, note, []any{st.Event.Name, p.ID})
	}
	return nil
}

// entrantContacts are the private chats of entrant's chat users.
func entrantContacts(r reader, entrant int) ([]contact, error) {
	ids, err := r.PlayerIdentities(entrant)
	if err != nil {
		return nil, err
	}
	return contactsOf(r, ids)
}

// numberedNames is "5 孙勇征、6 洪智".
func numberedNames(ps []engine.Player, lang i18n.Lang) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = strconv.Itoa(p.ID) + " " + p.Name
	}
	return strings.Join(s, i18n.T{Zh: "、", En: ", "}.In(lang))
}

// joinShut says why /join is closed at now: the deadline passed (R-E-5),
// or sign-up is not open; nil when it is open.
func joinShut(st *action.State, now time.Time) error {
	if d := st.Info.Entry.Deadline; !d.IsZero() && !now.Before(d) && (st.Status == action.Signup || st.Status == action.Setup) {
		return problem("报名已于 %[1]s 截止（R-E-5）。请联系组织者。", "Sign-up closed at its deadline, %[2]s (R-E-5). Ask an organiser.", dayClock(st, d, now, i18n.Zh), dayClock(st, d, now, i18n.En))
	}
	if st.Status == action.Setup {
		// Organisers enter players in setup (PlayerAdded takes them then);
		// players join themselves only while sign-up is open.
		return problem("报名还没有开放。请组织者用 /signup open 开放报名。", "Sign-up is not open. An organiser opens it with /signup open.")
	}
	return nil
}

// waitingSender is the sender's entry on the event's wait list, and
// whether they have one.
func (c *Context) waitingSender() (engine.Player, bool, error) {
	entrant, err := c.reads().PlayerOf(c.Req.Chat.Platform, c.Req.User.ID)
	if errors.Is(err, storage.ErrNotFound) {
		return engine.Player{}, false, nil
	}
	if err != nil {
		return engine.Player{}, false, err
	}
	place, ok := c.State.WaitingPlace(entrant)
	if !ok {
		return engine.Player{}, false, nil
	}
	return c.State.Waiting[place-1], true, nil
}

// forWaiting runs a player's command for a player, and waiting for a
// sender on the wait list.
func forWaiting(player func(*Context) (Reply, error), waiting func(*Context, engine.Player) (Reply, error)) func(*Context) (Reply, error) {
	return func(c *Context) (Reply, error) {
		if err := c.loadEvent(true); err != nil {
			return Reply{}, err
		}
		if c.Player == 0 {
			w, ok, err := c.waitingSender()
			if err != nil {
				return Reply{}, err
			}
			if ok {
				return waiting(c, w)
			}
		}
		return asPlayer(player)(c)
	}
}

// leaveWaitList takes the sender off the wait list (/leave).
func leaveWaitList(c *Context, w engine.Player) (Reply, error) {
	if _, err := c.Update(func(ch *storage.Change) error {
		leaving, err := c.reads().PlayerIdentities(w.Entrant)
		if err != nil {
			return err
		}
		if err := ch.Append(&action.WaitingRemoved{Entrant: w.Entrant}); err != nil {
			return err
		}
		for _, id := range leaving {
			ch.Forget(id.Platform, id.User)
		}
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已退出候补名单。", En: "You have left the wait list."}.In(c.Lang)}, nil
}

// meWaiting is /me for an entrant on the wait list.
func meWaiting(c *Context, w engine.Player) (Reply, error) {
	st, lang := c.State, c.Own
	text := i18n.T{Zh: "你在「%[1]s」的候补名单上，第 %[2]d 位（人数上限 %[3]d 人）。有人退出时按顺序递补，会私信通知你（R-E-5）。要退出候补：/leave。",
		En: "You are on the wait list of %[1]q, place %[2]d (the event takes %[3]d players). You move up in order when a player leaves, told privately (R-E-5). To leave the wait list: /leave."}.
		In(lang, st.Event.Name, w.ID, st.Info.Entry.Max)
	if st.Status == action.Running || st.Status.Over() {
		text = i18n.T{Zh: "「%s」已经开赛，你在候补名单上，没有递补。", En: "%q has started; you were on the wait list and did not move up."}.In(lang, st.Event.Name)
	} else if line := checkInLine(st, w.Entrant, c.svc.now(), lang); line != "" {
		text += "\n" + line
	}
	return Reply{Text: text, Private: true}, nil
}

func showWaitList(c *Context) (Reply, error) {
	st := c.State
	if st.Status == action.Running || st.Status.Over() {
		return Reply{Text: i18n.T{Zh: "「%s」已经开赛，候补不再递补。", En: "%q has started: nobody moves up from the wait list any more."}.In(c.Lang, st.Event.Name)}, nil
	}
	if len(st.Waiting) == 0 {
		if st.Info.Entry.Max == 0 {
			return Reply{Text: i18n.T{Zh: "本赛不限人数，没有候补名单。", En: "The event has no maximum, so no wait list."}.In(c.Lang)}, nil
		}
		return Reply{Text: i18n.T{Zh: "候补名单是空的（人数上限 %d 人，已报 %d 人）。", En: "The wait list is empty (the event takes %d players; %d have entered)."}.In(c.Lang, st.Info.Entry.Max, len(st.Event.Players))}, nil
	}
	lines := []string{i18n.T{Zh: "%s 候补名单（%d 人，人数上限 %d 人，R-E-5）：", En: "%s: the wait list (%d; the event takes %d players, R-E-5):"}.In(c.Lang, st.Event.Name, len(st.Waiting), st.Info.Entry.Max)}
	for _, w := range st.Waiting {
		line := strconv.Itoa(w.ID) + " " + w.Name
		if w.Unit != "" {
			line += i18n.T{Zh: "（%s）", En: " (%s)"}.In(c.Lang, w.Unit)
		}
		if _, ok := st.CheckedInAt(w.Entrant); ok {
			line += i18n.T{Zh: " · 已签到", En: " · checked in"}.In(c.Lang)
		}
		lines = append(lines, line)
	}
	lines = append(lines, i18n.T{Zh: "有人退出时按顺序递补。组织者：/waitlist remove 位次 删除。", En: "They move up in order when a player leaves. Organisers: /waitlist remove PLACE takes one off."}.In(c.Lang))
	return Reply{Text: strings.Join(lines, "\n")}, nil
}

func removeWaiting(c *Context) (Reply, error) {
	n, err := strconv.Atoi(c.Args["number"])
	if err != nil {
		return Reply{}, problem("请写出候补的位次，例如 /waitlist remove 2。", "Give the place on the wait list, e.g. /waitlist remove 2.")
	}
	st := c.State
	if n < 1 || n > len(st.Waiting) {
		return Reply{}, problem("候补名单上没有第 %d 位：候补有 %d 人。输入 /waitlist 查看。", "There is no place %d on the wait list: it has %d. See it with /waitlist.", n, len(st.Waiting))
	}
	w := st.Waiting[n-1]
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.WaitingRemoved{Entrant: w.Entrant}); err != nil {
			return err
		}
		ids, err := c.reads().PlayerIdentities(w.Entrant)
		if err != nil {
			return err
		}
		cts, err := contactsOf(c.reads(), ids)
		if err != nil {
			return err
		}
		tell(ch, cts, i18n.T{Zh: "组织者把你从「%s」的候补名单上删除了。", En: "An organiser took you off the wait list of %q."}, []any{st.Event.Name})
		for _, id := range ids {
			ch.Forget(id.Platform, id.User)
		}
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已把 %s 从候补名单上删除。", En: "Took %s off the wait list."}.In(c.Lang, w.Name)}, nil
}

// entryFoot are /players' lines on the sign-up rules before the start:
// the wait list, and who has not checked in while the check-in is open
// (R-E-5).
func entryFoot(st *action.State, now time.Time, lang i18n.Lang) []string {
	if st.Status != action.Setup && st.Status != action.Signup {
		return nil
	}
	var foot []string
	if len(st.Waiting) > 0 {
		foot = append(foot, i18n.T{Zh: "候补（人数上限 %d）：%s。", En: "Waiting (the event takes %d): %s."}.In(lang, st.Info.Entry.Max, numberedNames(st.Waiting, lang)))
	}
	if st.CheckingIn(now) {
		absent := st.NoShows(now)
		line := i18n.T{Zh: "已签到 %d/%d 人。", En: "Checked in: %d of %d."}.In(lang, len(st.Event.Players)-len(absent), len(st.Event.Players))
		if len(absent) > 0 {
			line += i18n.T{Zh: "未签到：%s。", En: " Not checked in: %s."}.In(lang, numberedNames(absent, lang))
		}
		foot = append(foot, line)
	}
	return foot
}
