package commands

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Finding the event a request is about, in one place: Handle (for the
// commands that need an event before they run), the player commands (in a
// private chat too), /event new and /link, /events and /event use, and
// the adapters' player lists all ask findEvent.
//
// A chat follows many events over time, several at once (a students' and
// a teachers' section). A line names one with a word "#NAME" anywhere
// after the command (#"Spring Open" for a name with spaces): /standings
// #春季赛, /report win #学生组. A line that names none is about the chat's
// current event (the one created or linked last, or chosen with /event
// use) while it is unfinished; when the current one has finished, about
// the one unfinished event there is, else the current one still (finished
// events stay readable). Two unfinished events with none current is
// ambiguous: the answer lists the names to add. Before all that, who may
// run the command settles it when the chat has several unfinished events:
// the one the sender plays in, for a player's command; is staff of, for a
// staff command. A player's private chat asks with a button for each of
// their running events.

// eventQuery is what findEvent looks the event up from.
type eventQuery struct {
	chat chat.Chat // where the request was made
	user string    // who made it (the platform's user id)
	// pressed is what the pressed button answers, nil for a typed line:
	// a button names its event.
	pressed *ref
	// named is the event the line names (#NAME, eventWord), "" for none.
	named string
	// asPlayer says the command acts for the sender as a player: in a
	// private chat, which follows no event, it is about an event they play
	// in; in a group, an ambiguous line goes to the one they play in.
	asPlayer bool
	// who may run the command: an ambiguous staff command in a group goes
	// to the one event the sender is staff of, a player's to the one they
	// play in.
	who Permission
}

// noEvent is findEvent's answer when the chat follows no event: /event new
// and /link go on then (errors.Is(err, noEvent)), everything else says it.
var noEvent = problem("这个聊天还没有比赛。组织者可以用 /event new 名称 创建，或用 /link 代码 关联已有的比赛。",
	"This chat follows no event yet. An organiser can create one with /event new NAME, or link an existing one with /link CODE.")

// onlyCalledOff is findEvent's answer when every event the chat follows
// was cancelled and the line names none.
var onlyCalledOff = problem("这个聊天的比赛都已取消（/events 列出）。组织者可以用 /event new 名称 创建新的比赛。",
	"Every event of this chat was cancelled (/events lists them). An organiser can create a new one with /event new NAME.")

// ambiguousEvent is findEvent's answer when a line could be about several
// events and names none: Handle says so with the names to add (buttons
// that add them, in a private chat).
type ambiguousEvent struct {
	names   []string // the events it could be about, oldest first
	private bool     // asked in a private chat: the sender's events
	playing bool     // a player's command: their running events
}

func (e *ambiguousEvent) Error() string {
	return fmt.Sprintf("ambiguous: the events %s", strings.Join(e.names, ", "))
}

// reply answers line, which was ambiguous, in lang.
func (e *ambiguousEvent) reply(lang i18n.Lang, line string) Reply {
	line = strings.TrimSpace(line)
	list := strings.Join(e.names, i18n.T{Zh: "、", En: ", "}.In(lang))
	if e.private {
		which := i18n.T{
			Zh: "你有 %d 个未结束的比赛：%s。这条命令是哪一个的？请点下面的按钮，或在命令后加上 #比赛名，如 %s。",
			En: "You have %d unfinished events: %s. Which one is this for? Press its button below, or add #NAME to the command, as in %s.",
		}
		if e.playing {
			which = i18n.T{
				Zh: "你在 %d 个进行中的比赛里：%s。这条命令是哪一个的？请点下面的按钮，或在命令后加上 #比赛名，如 %s。",
				En: "You play in %d running events: %s. Which one is this for? Press its button below, or add #NAME to the command, as in %s.",
			}
		}
		r := Reply{Text: which.In(lang, len(e.names), list, line+" "+eventWord(e.names[0]))}
		for _, n := range e.names {
			if cmd := line + " " + eventWord(n); len(cmd) <= chat.MaxCommand {
				r.Buttons = append(r.Buttons, chat.Button{Label: n, Command: cmd})
			}
		}
		return r
	}
	return Reply{Text: i18n.T{
		Zh: "这个聊天有 %d 个未结束的比赛：%s。请在命令后加上 #比赛名，如 %s；或用 /event use 名称 选定当前比赛。",
		En: "This chat has %d unfinished events: %s. Add #NAME to the command, as in %s, or choose the current event with /event use NAME.",
	}.In(lang, len(e.names), list, line+" "+eventWord(e.names[0]))}
}

// eventWord is how a line names the event called name: "#春季赛",
// `#"Spring Open"`.
func eventWord(name string) string {
	if strings.ContainsFunc(name, isSpace) {
		return `#"` + name + `"`
	}
	return "#" + name
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '　' }

// takeEventWord splits the word that names an event (#NAME, ＃NAME) off a
// command's words: no argument of a command starts with "#".
func takeEventWord(words []string) (string, []string) {
	for i, w := range words {
		name, ok := strings.CutPrefix(w, "#")
		if !ok {
			name, ok = strings.CutPrefix(w, "＃")
		}
		if ok && strings.TrimSpace(name) != "" {
			return strings.TrimSpace(name), append(words[:i:i], words[i+1:]...)
		}
	}
	return "", words
}

// trailingEvent reads an event named by a command's last words without
// "#": "/standings 春季赛" is "/standings #春季赛" when the line parses
// without those words — an argument the command takes ("/join 学生组",
// "/event use 教师组") stays its argument. It returns the name and the
// words before it, or "" and words. The names are those of the events the
// request's chat follows; from a private chat, of those the sender plays
// in or runs.
func (s *Service) trailingEvent(ctx context.Context, req Request, cmd *Command, words []string, lang i18n.Lang) (string, []string) {
	if len(words) == 0 {
		return "", words
	}
	var evs []storage.ChatEvent
	var err error
	if req.Chat.IsPrivate() {
		var runs []storage.ChatEvent
		evs, err = s.store.PlayerEvents(ctx, req.Chat.Platform, req.User.ID)
		if err == nil {
			runs, err = s.store.StaffEvents(ctx, req.Chat.Platform, req.User.ID)
			evs = append(evs, runs...)
		}
	} else {
		evs, err = s.store.ChatEvents(ctx, req.Chat)
	}
	if err != nil {
		s.log.Warn("the events a line may name", "platform", req.Chat.Platform, "chat", req.Chat.ID, "err", err)
		return "", words
	}
	for k := len(words); k >= 1; k-- {
		name, before := strings.Join(words[len(words)-k:], " "), words[:len(words)-k]
		if !slices.ContainsFunc(evs, func(e storage.ChatEvent) bool { return strings.EqualFold(e.Name, name) }) {
			continue
		}
		if _, err := cmd.parseArgs(before, lang); err != nil {
			return "", words
		}
		return name, before
	}
	return "", words
}

// pickEvent is the event of evs (oldest first) a line that names named ("":
// none) is about, by the rules above; open says which events a line
// naming none may be about (the unfinished in a group, the running in a
// private chat). Named but missing is a *Problem listing the names; two
// or more open events with none current, an *ambiguousEvent.
func pickEvent(evs []storage.ChatEvent, named string, open func(action.Status) bool) (storage.ChatEvent, error) {
	if named != "" {
		// The newest of the name: a cancelled event's name may be given
		// to a new one (nameFree).
		for i := len(evs) - 1; i >= 0; i-- {
			if strings.EqualFold(evs[i].Name, named) {
				return evs[i], nil
			}
		}
		names := make([]string, len(evs))
		for i, e := range evs {
			names[i] = strings.ReplaceAll(e.Name, "%", "%%") // the list goes into the texts
		}
		return storage.ChatEvent{}, problem("这里没有叫「%s」的比赛。这里的比赛："+strings.Join(names, "、")+"（/events 列出）。",
			"There is no event called %q here. The events here: "+strings.Join(names, ", ")+" (/events lists them).", named)
	}
	var (
		current    *storage.ChatEvent
		candidates []storage.ChatEvent
	)
	for i, e := range evs {
		if e.Current {
			current = &evs[i]
		}
		if open(e.Status) {
			candidates = append(candidates, e)
		}
	}
	switch {
	case current != nil && (open(current.Status) || len(candidates) == 0):
		return *current, nil
	case len(candidates) == 1:
		return candidates[0], nil
	case len(candidates) == 0:
		// The newest: all are over, none current. A cancelled event was
		// never played: only its name (#NAME) finds it.
		for i := len(evs) - 1; i >= 0; i-- {
			if evs[i].Status != action.CalledOff {
				return evs[i], nil
			}
		}
		if len(evs) > 0 {
			return storage.ChatEvent{}, onlyCalledOff
		}
		return storage.ChatEvent{}, noEvent
	}
	amb := &ambiguousEvent{}
	for _, e := range candidates {
		amb.names = append(amb.names, e.Name)
	}
	return storage.ChatEvent{}, amb
}

func unfinished(s action.Status) bool { return !s.Over() }
func isRunning(s action.Status) bool  { return s == action.Running }

// findEvent returns the event q is about and its state as loaded: the
// event the pressed button names; for a player in a private chat, one
// they play in; else one the chat follows (choose). What it cannot find
// is a *Problem saying so in the user's language, or an *ambiguousEvent.
func (s *Service) findEvent(ctx context.Context, q eventQuery) (storage.EventID, *action.State, error) {
	if q.pressed != nil {
		st, err := s.store.Load(ctx, q.pressed.event)
		if errors.Is(err, storage.ErrNotFound) {
			return 0, nil, problem("这个按钮已失效：它的比赛不存在了。", "That button no longer applies: its event is gone.")
		}
		return q.pressed.event, st, err
	}
	var (
		evs  []storage.ChatEvent
		open = unfinished
	)
	if q.chat.IsPrivate() {
		var err error
		if evs, open, err = s.privateEvents(ctx, q); err != nil {
			return 0, nil, err
		}
	} else {
		var err error
		if evs, err = s.store.ChatEvents(ctx, q.chat); err != nil {
			return 0, nil, fmt.Errorf("find the event of %v: %w", q.chat, err)
		}
	}
	found, err := s.theirs(ctx, q, evs)
	if err == nil && found.ID == 0 {
		found, err = pickEvent(evs, q.named, open)
	}
	var amb *ambiguousEvent
	if errors.As(err, &amb) {
		amb.private, amb.playing = q.chat.IsPrivate(), q.asPlayer || q.who == Player
	}
	if err != nil {
		return 0, nil, err
	}
	st, err := s.store.Load(ctx, found.ID)
	return found.ID, st, err
}

// privateEvents are the events a line in q's sender's private chat may be
// about, and which of them one that names none may be about: a player's
// command, the events they play in (the running ones); a staff command,
// those they run (the unfinished ones) — an organiser's preview ends
// "/publish" in their private chat, and /publish there publishes it; any
// other, both.
func (s *Service) privateEvents(ctx context.Context, q eventQuery) ([]storage.ChatEvent, func(action.Status) bool, error) {
	if q.asPlayer || q.who == Player {
		evs, err := s.playerEvents(ctx, q)
		return evs, isRunning, err
	}
	staff, err := s.staffEvents(ctx, q)
	if err != nil && !errors.Is(err, runsNone) || q.who >= Staff {
		return staff, unfinished, err
	}
	plays, err := s.playerEvents(ctx, q)
	if err != nil && !errors.Is(err, playsNone) {
		return nil, nil, err
	}
	evs := bothEvents(staff, plays)
	if len(evs) == 0 {
		return nil, nil, runsNone
	}
	return evs, unfinished, nil
}

// bothEvents are the events of a and b, each once, oldest first.
func bothEvents(a, b []storage.ChatEvent) []storage.ChatEvent {
	evs := slices.Concat(a, b)
	slices.SortFunc(evs, func(a, b storage.ChatEvent) int { return cmp.Compare(a.ID, b.ID) })
	return slices.CompactFunc(evs, func(a, b storage.ChatEvent) bool { return a.ID == b.ID })
}

// staffEvents are the events q's sender runs that a line from their
// private chat may be about: all of them when it names one, else the
// unfinished ones, or the last one when none is; none at all is no error.
func (s *Service) staffEvents(ctx context.Context, q eventQuery) ([]storage.ChatEvent, error) {
	if q.named != "" {
		return s.store.StaffEvents(ctx, q.chat.Platform, q.user)
	}
	evs, err := s.store.OpenStaffEvents(ctx, q.chat.Platform, q.user)
	if err != nil || len(evs) > 0 {
		return evs, err
	}
	all, err := s.store.StaffEvents(ctx, q.chat.Platform, q.user)
	for i := len(all) - 1; i >= 0 && err == nil; i-- {
		if all[i].Status != action.CalledOff {
			return all[i : i+1], nil
		}
	}
	if err == nil {
		err = runsNone
	}
	return nil, err
}

// runsNone answers a command about an event in a private chat from a user
// who neither plays in nor runs one.
var runsNone = problem("你还没有参加或负责任何比赛。组织者在俱乐部的群里用 /event new 名称 创建比赛；选手在比赛的群里用 /join 名字 报名。",
	"You neither play in nor run an event yet. Organisers create one in the club's group with /event new NAME; players join one in its group with /join NAME.")

// playerEvents are the events a line in q's sender's private chat may be
// about, by name and status (no event is loaded): the one it names among
// all they play in; else the unfinished ones, or the last one when none
// is (a player of a long season has hundreds finished).
func (s *Service) playerEvents(ctx context.Context, q eventQuery) ([]storage.ChatEvent, error) {
	if q.named != "" {
		evs, err := s.store.PlayerEvents(ctx, q.chat.Platform, q.user)
		if err == nil && len(evs) == 0 {
			err = playsNone
		}
		return evs, err
	}
	evs, err := s.store.OpenPlayerEvents(ctx, q.chat.Platform, q.user)
	if err != nil || len(evs) > 0 {
		return evs, err
	}
	last, err := s.store.LastPlayerEvent(ctx, q.chat.Platform, q.user)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, playsNone
	}
	return []storage.ChatEvent{last}, err
}

// playsNone answers a player's command in a private chat from a user who
// plays in no event.
var playsNone = problem("你还没有参加任何比赛。请在比赛的群里用 /join 名字 报名；组织者替你录入过的话，在群里用 /claim 名字 认领（R-E-4）。",
	"You play in no event yet. Join one in its group with /join NAME; if an organiser entered you, claim it in the group with /claim NAME (R-E-4).")

// theirs is, in a group with several unfinished events, the one event of
// them the sender may run q's command in — plays in, for a player's
// command; is staff of, for a staff command, or else is staff of by the
// event's own roles rather than the club's — whichever is current: the
// teachers' organiser's /start starts the teachers' event. It is none
// (ID 0) when that does not settle it, or the line names its event.
func (s *Service) theirs(ctx context.Context, q eventQuery, evs []storage.ChatEvent) (storage.ChatEvent, error) {
	if q.named != "" || q.chat.IsPrivate() || !q.asPlayer && q.who < Player {
		return storage.ChatEvent{}, nil
	}
	var open []storage.ChatEvent
	for _, e := range evs {
		if unfinished(e.Status) {
			open = append(open, e)
		}
	}
	if len(open) < 2 {
		return storage.ChatEvent{}, nil
	}
	var mine []storage.ChatEvent
	for _, e := range open {
		ok, err := s.may(ctx, q, e.ID)
		if err != nil {
			return storage.ChatEvent{}, err
		}
		if ok {
			mine = append(mine, e)
		}
	}
	if len(mine) == 1 || len(mine) == 0 || q.asPlayer || q.who == Player {
		return oneOf(mine), nil
	}
	// The club's staff run every section; the one they were made staff of
	// themselves (they made it) is theirs.
	var own []storage.ChatEvent
	for _, e := range mine {
		roles, err := s.store.OwnRoles(ctx, e.ID, q.chat.Platform, q.user)
		if err != nil {
			return storage.ChatEvent{}, err
		}
		if slices.ContainsFunc(roles, storage.Role.Staff) {
			own = append(own, e)
		}
	}
	return oneOf(own), nil
}

// oneOf is the one event of evs, none (ID 0) when there are more or none.
func oneOf(evs []storage.ChatEvent) storage.ChatEvent {
	if len(evs) != 1 {
		return storage.ChatEvent{}
	}
	return evs[0]
}

// may reports whether q's sender may run its command in event id: plays
// in it, for a player's command; is staff of it, for a staff command.
func (s *Service) may(ctx context.Context, q eventQuery, id storage.EventID) (bool, error) {
	if q.asPlayer || q.who == Player {
		_, err := s.store.PlayerOf(ctx, id, q.chat.Platform, q.user)
		if errors.Is(err, storage.ErrNotFound) {
			return false, nil
		}
		return err == nil, err
	}
	roles, err := s.store.Roles(ctx, id, q.chat.Platform, q.user)
	if q.who == Organiser {
		return slices.Contains(roles, storage.Organiser), err
	}
	return slices.ContainsFunc(roles, storage.Role.Staff), err // a captain is none
}

// loadEvent finds the event c's request is about (findEvent; asPlayer as
// there; the event the line names, c.named) and loads it into c with the sender's player and roles in it. An
// event loaded already stays.
func (c *Context) loadEvent(asPlayer bool) error {
	if c.Event != 0 {
		return nil
	}
	platform, user := c.Req.Chat.Platform, c.Req.User.ID
	id, st, err := c.svc.findEvent(c, eventQuery{chat: c.Req.Chat, user: user, pressed: c.ref, named: c.named, asPlayer: asPlayer, who: c.who})
	if err != nil {
		return err
	}
	c.Event, c.State = id, st
	if c.Player, err = numberOf(c.svc.reading(c, id), st, platform, user); err != nil {
		return err
	}
	c.Roles, err = c.svc.store.Roles(c, id, platform, user)
	return err
}
