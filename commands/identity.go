package commands

import (
	"context"
	"errors"
	"regexp"
	"strings"

	"github.com/qisai/qisai/action"
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

// saw remembers the sender's handle and name, so that "@handle" names them
// later. Writing costs a statement, so a user is written again only when
// this Service saw them under another handle or name. A failure is logged:
// the command runs anyway.
func (s *Service) saw(ctx context.Context, req Request) {
	u := req.User
	if u.ID == "" || req.Anonymous || req.Chat.Platform == "" {
		return
	}
	key, val := req.Chat.Platform+"\x00"+u.ID, u.Username+"\x00"+u.Name
	if old, ok := s.seen.Load(key); ok && old == val {
		return
	}
	if err := s.store.SawUser(ctx, req.Chat.Platform, u.ID, u.Username, u.Name); err != nil {
		s.log.Warn("remember a user", "platform", req.Chat.Platform, "user", u.ID, "err", err)
		return
	}
	s.seen.Store(key, val)
}

// handlePattern is "@" and a handle: letters, digits, "_" and "."
// (Telegram allows 5 to 32 of them; other platforms differ, so any length
// here).
var handlePattern = regexp.MustCompile(`^@([A-Za-z0-9_.]+)$`)

// consolePlatform names console users by their ids (bot/console): there
// "@li" is user li.
const consolePlatform = "console"

// namedUser is the user a command's argument names: a mention the
// platform identified (a Telegram text mention, a Discord user option), the
// author of the message replied to when the argument is left out, or a
// handle qisai has seen write. Otherwise it says how to name someone (see
// /help arbiter).
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
	m := handlePattern.FindStringSubmatch(arg)
	if m == nil {
		return User{}, howToName(arg)
	}
	platform := c.Req.Chat.Platform
	if platform == consolePlatform {
		return User{ID: m[1], Name: m[1], Username: m[1]}, nil
	}
	id, err := c.svc.store.UserByHandle(c, platform, m[1])
	if errors.Is(err, storage.ErrNotFound) {
		return User{}, problem("我还没见过 %s 发言，不知道是谁。请让对方先在群里或私聊我发一条消息，或者回复对方的消息再输入这个命令，或者用 @ 从列表里点选对方。",
			"I have not seen %s write yet, so I do not know who that is. Ask them to write in the group or to me first, or reply to one of their messages with the command, or pick them from the list @ opens.", arg)
	}
	if err != nil {
		return User{}, err
	}
	return User{ID: id, Name: arg, Username: m[1]}, nil
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
