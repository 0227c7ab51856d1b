package commands

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// A chat's events (see event.go): /events lists them, /event use chooses
// the current one, /event new and /link add one beside the others, and
// /event cancel (cancel.go) calls one off before its start.

func eventsCommands() []*Command {
	return []*Command{
		{
			Name: "events", Aliases: []string{"比赛列表"}, Who: Anyone,
			Help: i18n.T{Zh: "列出这个聊天的比赛（进行中和已结束的），标出当前比赛", En: "list this chat's events, running and finished, with the current one marked"},
			More: namingEvents,
			Run:  listEvents,
		},
		{
			Name: "event use", Aliases: []string{"当前比赛"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{{Name: "name", Kind: Rest, Help: i18n.T{Zh: "比赛名称（/events 列出）", En: "the event's name (/events lists them)"}}},
			Help: i18n.T{Zh: "选定这个聊天的当前比赛：不带 #比赛名 的命令都作用于它", En: "choose this chat's current event: commands without #NAME act on it"},
			Run:  useEvent,
		},
		cancelCommand(), // cancel.go
	}
}

// namingEvents is how /help says to name an event.
var namingEvents = i18n.T{Zh: "一个聊天有几个比赛时，在任何命令后加上 #比赛名 指明比赛，如 /standings #春季赛；名称有空格时加引号：#\"春季 公开赛\"。",
	En: "When a chat has several events, add #NAME to any command to say which, as in /standings #SpringOpen; quote a name with spaces: #\"Spring Open\"."}

// chatHere is the events the request's chat follows, as a new one is
// added beside them (/event new, /link).
type chatHere struct {
	c   *Context
	evs []storage.ChatEvent
}

// chatEvents reads the chat's events, for adding one beside them.
func (c *Context) chatEvents() (*chatHere, error) {
	evs, err := c.svc.store.ChatEvents(c, c.Req.Chat)
	if err != nil {
		return nil, err
	}
	return &chatHere{c: c, evs: evs}, nil
}

// follows reports whether the chat follows event id.
func (h *chatHere) follows(id storage.EventID) bool {
	for _, e := range h.evs {
		if e.ID == id {
			return true
		}
	}
	return false
}

// nameFree refuses to add an event called name beside one of that name:
// #NAME could not tell them apart.
func (h *chatHere) nameFree(name string) error {
	for _, e := range h.evs {
		if strings.EqualFold(e.Name, name) && e.Status != action.CalledOff { // a cancelled event's name is free again
			return problem("这个聊天已经有叫「%s」的比赛了（/events 列出）。请换一个名称。", "This chat has an event called %q already (/events lists them). Choose another name.", e.Name)
		}
	}
	return nil
}

// others are the names of the chat's unfinished events.
func (h *chatHere) others() []string {
	var names []string
	for _, e := range h.evs {
		if unfinished(e.Status) {
			names = append(names, e.Name)
		}
	}
	return names
}

// follow makes the chat follow the change's event: as its current one
// when the chat has no other unfinished event, else beside those with
// none current (a line then names its event, or /event use chooses).
func (h *chatHere) follow(ch *storage.Change) {
	if len(h.others()) == 0 {
		ch.Bind(h.c.Req.Chat)
		return
	}
	ch.Follow(h.c.Req.Chat)
}

// besides is what the answer to adding the event called name adds when
// the chat has other unfinished events: how to tell them apart.
func (h *chatHere) besides(name string, lang i18n.Lang) string {
	others := h.others()
	if len(others) == 0 {
		return ""
	}
	return "\n" + i18n.T{
		Zh: "这个聊天还有未结束的比赛：%s。从现在起命令要指明比赛：在命令后加上 %s（或其他比赛的 #名称），或用 /event use 名称 选定当前比赛。",
		En: "This chat has other unfinished events too: %s. From now on a command says which event it is for: add %s (or another event's #NAME) to it, or choose the current event with /event use NAME.",
	}.In(lang, strings.Join(others, i18n.T{Zh: "、", En: ", "}.In(lang)), eventWord(name))
}

// listEvents is /events: the chat's events, oldest first, the current one
// marked; in a private chat, the events the sender plays in or runs.
func listEvents(c *Context) (Reply, error) {
	var evs []storage.ChatEvent
	if c.Req.Chat.IsPrivate() {
		plays, err := c.svc.store.PlayerEvents(c, c.Req.Chat.Platform, c.Req.User.ID)
		if err != nil {
			return Reply{}, err
		}
		runs, err := c.svc.store.StaffEvents(c, c.Req.Chat.Platform, c.Req.User.ID)
		if err != nil {
			return Reply{}, err
		}
		if evs = bothEvents(plays, runs); len(evs) == 0 {
			return Reply{}, runsNone
		}
	} else {
		var err error
		if evs, err = c.svc.store.ChatEvents(c, c.Req.Chat); err != nil {
			return Reply{}, err
		}
		if len(evs) == 0 {
			return Reply{}, noEvent
		}
	}
	var b strings.Builder
	if c.Req.Chat.IsPrivate() {
		b.WriteString(i18n.T{Zh: "你参加或负责的比赛：", En: "The events you play in or run:"}.In(c.Lang))
	} else {
		b.WriteString(i18n.T{Zh: "这个聊天的比赛：", En: "This chat's events:"}.In(c.Lang))
	}
	// The current one is the one a line without #NAME acts on (pickEvent):
	// what /events says and what the commands do always agree.
	var acts storage.EventID
	if !c.Req.Chat.IsPrivate() {
		if e, err := pickEvent(evs, "", unfinished); err == nil {
			acts = e.ID
		}
	}
	current := ""
	for i, e := range evs {
		fmt.Fprintf(&b, "\n%d. %s — %s", i+1, e.Name, statusName(e.Status, c.Lang))
		if e.ID == acts {
			b.WriteString(i18n.T{Zh: "（当前）", En: " (current)"}.In(c.Lang))
			current = e.Name
		}
	}
	switch {
	case len(evs) == 1:
	case c.Req.Chat.IsPrivate(): // no current event here (useEvent)
		b.WriteString("\n" + i18n.T{Zh: "命令后加 #名称 指明比赛，如 /standings %s；不加时，有几个未结束的比赛我会用按钮问你是哪一个。", En: "Add #NAME to a command to say which event, as in /standings %s; without it, I ask with a button each when several are unfinished."}.In(c.Lang, eventWord(evs[0].Name)))
	case current != "":
		b.WriteString("\n" + i18n.T{Zh: "不带 #比赛名 的命令作用于当前比赛「%s」；其他比赛加 #名称，如 /standings %s。", En: "Commands without #NAME act on the current event, %q; add #NAME for another, as in /standings %s."}.In(c.Lang, current, eventWord(evs[0].Name)))
	default:
		b.WriteString("\n" + i18n.T{Zh: "命令后加 #名称 指明比赛，如 /standings %s；/event use 名称 选定当前比赛。", En: "Add #NAME to a command to say which event, as in /standings %s; /event use NAME chooses the current one."}.In(c.Lang, eventWord(evs[0].Name)))
	}
	return Reply{Text: b.String()}, nil
}

// useEvent is /event use NAME: the named event becomes the chat's current
// one. Only its organisers and arbiters choose it, since every member's
// commands go to it then.
func useEvent(c *Context) (Reply, error) {
	if c.Req.Chat.IsPrivate() {
		return Reply{}, problem("私聊里没有当前比赛：在命令后加上 #比赛名，或点我给你的按钮。", "A private chat has no current event: add #NAME to the command, or press the buttons I give you.")
	}
	evs, err := c.svc.store.ChatEvents(c, c.Req.Chat)
	if err != nil {
		return Reply{}, err
	}
	if len(evs) == 0 {
		return Reply{}, noEvent
	}
	name := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(c.Args["name"], "#"), "＃"))
	e, err := pickEvent(evs, name, unfinished)
	if err != nil {
		return Reply{}, err
	}
	roles, err := c.svc.store.Roles(c, e.ID, c.Req.Chat.Platform, c.Req.User.ID)
	if err != nil {
		return Reply{}, err
	}
	if !slices.ContainsFunc(roles, storage.Role.Staff) {
		return Reply{}, problem("只有「%s」的组织者或裁判可以把它设为当前比赛。", "Only the organisers and arbiters of %q can make it the current event.", e.Name)
	}
	if e.Status == action.CalledOff {
		return Reply{}, problem("「%s」已经取消，不能设为当前比赛。要办新的比赛：/event new 名称。", "%q was cancelled: it cannot be the current event. To run another, create it with /event new NAME.", e.Name)
	}
	if err := c.svc.store.UseEvent(c, c.Req.Chat, e.ID); err != nil {
		if errors.Is(err, storage.ErrNotFound) {
			return Reply{}, noEvent
		}
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "当前比赛现在是「%s」（%s）：不带 #比赛名 的命令都作用于它。",
		En: "The current event is now %q (%s): commands without #NAME act on it."}.In(c.Lang, e.Name, statusName(e.Status, c.Lang))}, nil
}

// currentNow says which event chat in's current one is once event id,
// its current one until now, is over (storage.Change.PassOn) — or one of
// several it had, none chosen (pickEvent): its one other unfinished event,
// or that a line names one of several. "" when the chat has no other
// unfinished event (the one over stays current), or when another was its
// current event.
func currentNow(ch *storage.Change, id storage.EventID, in chat.Chat, lang i18n.Lang) (string, error) {
	evs, err := ch.ChatEvents(in)
	if err != nil {
		return "", err
	}
	var others []string
	current, chosen := false, false
	for _, e := range evs {
		chosen = chosen || e.Current
		switch {
		case e.ID == id:
			current = e.Current
		case unfinished(e.Status):
			others = append(others, e.Name)
		}
	}
	switch {
	case chosen && !current || len(others) == 0:
		return "", nil
	case len(others) == 1:
		return "\n" + i18n.T{Zh: "这个聊天的当前比赛现在是「%s」：不带 #比赛名 的命令都作用于它。", En: "This chat's current event is now %q: commands without #NAME act on it."}.In(lang, others[0]), nil
	}
	return "\n" + i18n.T{Zh: "这个聊天还有 %d 个未结束的比赛：%s。请在命令后加上 #比赛名，如 %s；或用 /event use 名称 选定当前比赛。",
		En: "This chat has %d unfinished events: %s. Add #NAME to a command, as in %s, or choose the current event with /event use NAME."}.
		In(lang, len(others), strings.Join(others, i18n.T{Zh: "、", En: ", "}.In(lang)), "/standings "+eventWord(others[0])), nil
}
