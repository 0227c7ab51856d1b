package commands

import (
	"context"
	"errors"
	"regexp"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Who a request is from, and whom it names. Permissions are held by a
// user's numeric id on a platform, which people cannot see; people name
// each other by mention, by replying, or by handle ("@li_wei"), which
// qisai turns into an id when it has seen that user write.

// anonymousNote answers a Telegram group's anonymous admin: every such
// admin is the same user to the bot, so none may act as themselves. The
// sender's language is unknown (the platform hides it with the user): the
// note is in both.
var anonymousNote = i18n.T{
	Zh: "你以匿名管理员身份发言，我分不清是谁，所以不执行命令。请在群设置里关闭「保持匿名」，以自己的身份再发一次。",
	En: "You post as an anonymous admin, so I cannot tell who you are and do not run commands from you. Turn off \"Remain anonymous\" in the group's admin settings and send the command as yourself.",
}

func anonymousReply() Reply {
	return Reply{Text: anonymousNote.Zh + "\n" + anonymousNote.En}
}

// saw remembers the sender's handle and name, and that they wrote in the
// request's chat, so that "@handle" or "@name" names them later. Writing
// costs a statement, so a user is written again only when this Service
// has not seen them in that chat under that handle and name. A failure is logged:
// the command runs anyway.
func (s *Service) saw(ctx context.Context, req Request) {
	u := req.User
	if u.ID == "" || req.Anonymous || req.Chat.Platform == "" {
		return
	}
	key, val := req.Chat.Platform+"\x00"+req.Chat.ID+"\x00"+u.ID, u.Username+"\x00"+u.Name
	if old, ok := s.seen.Load(key); ok && old == val {
		return
	}
	if err := s.store.SawUser(ctx, req.Chat, u.ID, u.Username, u.Name); err != nil {
		s.log.Warn("remember a user", "platform", req.Chat.Platform, "user", u.ID, "err", err)
		return
	}
	s.seen.Store(key, val)
}

// handlePattern is a handle: letters, digits, "_" and "." (Telegram
// allows 5 to 32 of them; other platforms differ, so any length here).
var handlePattern = regexp.MustCompile(`^[A-Za-z0-9_.]+$`)

// consolePlatform names console users by their ids (bot/console): there
// "@li" is user li.
const consolePlatform = "console"

// namedUser is the user a command's argument names: a mention the
// platform identified (a Telegram text mention, a Discord user option), the
// author of the message replied to when the argument is left out, a handle
// qisai has seen write ("@li_wei"), or a user seen writing in the chat —
// in a private chat, in the event's chats — under that display name, in
// any script ("@老陈", "@Alice Wu"). In the console, where a user's id is
// their name, "@NAME" is user NAME. Otherwise it says how to name someone
// (see /help arbiter), and a name two users share asks which.
func (c *Context) namedUser(arg string) (User, error) {
	arg = strings.TrimSpace(arg)
	for _, m := range c.Req.Mentions {
		if arg != "" && m.Text == arg {
			return m.User, nil
		}
	}
	if arg == "" {
		if r := c.Req.ReplyTo; r != nil && r.ID != "" {
			return *r, nil
		}
		return User{}, howToName(arg)
	}
	name, ok := strings.CutPrefix(arg, "@")
	if !ok {
		name, ok = strings.CutPrefix(arg, "＠")
	}
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return User{}, howToName(arg)
	}
	platform := c.Req.Chat.Platform
	if handlePattern.MatchString(name) {
		id, err := c.svc.store.UserByHandle(c, platform, name)
		if err == nil {
			return User{ID: id, Name: arg, Username: name}, nil
		}
		if !errors.Is(err, storage.ErrNotFound) {
			return User{}, err
		}
	}
	scope, err := c.nameScope()
	if err != nil {
		return User{}, err
	}
	seen, err := c.svc.store.UsersNamed(c, scope, name)
	if err != nil {
		return User{}, err
	}
	switch {
	case len(seen) == 1:
		return User{ID: seen[0].ID, Name: seen[0].Name, Username: seen[0].Handle}, nil
	case len(seen) > 1:
		return User{}, problem("这里有 %[1]d 位用户叫 %[2]s，我分不清是哪一位。请回复对方的消息再输入这个命令，或者写 @ 并从列表里点选对方。",
			"%[1]d users here go by %[2]s, so I cannot tell which one you mean. Reply to one of their messages with the command, or type @ and pick them from the list.", len(seen), arg)
	case platform == consolePlatform:
		return User{ID: name, Name: name, Username: name}, nil
	}
	return User{}, problem("我还没见过 %s 发言，不知道是谁。请让对方先在群里或私聊我发一条消息，或者回复对方的消息再输入这个命令，或者用 @ 从列表里点选对方。",
		"I have not seen %s write yet, so I do not know who that is. Ask them to write in the group or to me first, or reply to one of their messages with the command, or pick them from the list @ opens.", arg)
}

// nameScope is the chats whose writers "@name" may mean: the request's
// group; from a private chat, the chats of the event it is about on the
// same platform, and the private chat itself.
func (c *Context) nameScope() ([]chat.Chat, error) {
	scope := []chat.Chat{c.Req.Chat}
	if !c.Req.Chat.IsPrivate() || c.Event == 0 {
		return scope, nil
	}
	chats, err := c.reads().Chats()
	for _, ch := range chats {
		if ch.Platform == c.Req.Chat.Platform {
			scope = append(scope, ch)
		}
	}
	return scope, err
}

// numberOf is the sequence number in st of the player the platform's user
// is bound to in r's event, 0 when they are none: the store binds a user
// to the player's entrant id, which no numbering changes.
func numberOf(r reader, st *action.State, platform, user string) (int, error) {
	entrant, err := r.PlayerOf(platform, user)
	if errors.Is(err, storage.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	n, _ := st.Numbered(entrant)
	return n, nil
}

// howToName says how to name a user in a command.
func howToName(arg string) error {
	if arg == "" {
		return problem("请指明是谁：回复对方的消息再输入这个命令，或者写 @ 并从列表里点选对方。",
			"Say who: reply to one of their messages with the command, or type @ and pick them from the list.")
	}
	return problem("看不出 %q 是谁。请回复对方的消息再输入这个命令，或者写 @ 并从列表里点选对方（Discord 上用 user 选项）。",
		"I cannot tell who %q is. Reply to one of their messages with the command, or type @ and pick them from the list (on Discord, the user option).", arg)
}

// namingHelp is what /help says about naming a user: Telegram's ways and
// Discord's.
var namingHelp = i18n.T{
	Zh: "指明用户：回复对方的消息再输入命令；或写 @ 从列表里点选；或写 @用户名（对方须在群里或私聊中对我发过言）。Discord 上用 user 选项。",
	En: "To name a user: reply to one of their messages with the command; or type @ and pick them from the list; or write @username (they must have written in the group or to me before). On Discord, use the user option.",
}

// actorNames are the names of the users in log, for the log's readers:
// a player's name, else the name qisai last saw them under, else their id.
func (c *Context) actorNames(log []action.Record) (map[action.Actor]string, error) {
	names := map[action.Actor]string{}
	byPlatform := map[string][]string{}
	for _, r := range log {
		a := r.Actor
		if _, done := names[a]; done {
			continue
		}
		names[a] = a.User
		// Each actor shown is looked up, not the event's every player: a
		// log's tail names a few people, the event may have thousands.
		p, err := numberOf(c.reads(), c.State, a.Platform, a.User)
		if err != nil {
			return nil, err
		}
		if p > 0 {
			names[a] = playerName(&c.State.Event, p)
			continue
		}
		byPlatform[a.Platform] = append(byPlatform[a.Platform], a.User)
	}
	for platform, users := range byPlatform {
		seen, err := c.reads().UserNames(platform, users)
		if err != nil {
			return nil, err
		}
		for id, name := range seen {
			if name != "" {
				names[action.Actor{Platform: platform, User: id}] = name
			}
		}
	}
	return names, nil
}
