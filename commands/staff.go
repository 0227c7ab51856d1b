package commands

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/storage"
)

// The event's staff and chats: arbiters, and the link code that makes
// another chat (any platform) follow the event.

// addArbiter gives a user the arbiter's powers. The user is named by a
// mention, a reply or a handle qisai has seen (namedUser): what is stored
// is their numeric id, which the permissions check.
func addArbiter(c *Context) (Reply, error) {
	u, err := c.namedUser(c.Args["user"])
	if err != nil {
		return Reply{}, err
	}
	platform := c.Req.Chat.Platform
	roles, err := c.svc.store.Roles(c, c.Event, platform, u.ID)
	if err != nil {
		return Reply{}, err
	}
	name := u.Name
	if name == "" {
		name = u.ID
	}
	if slices.Contains(roles, storage.Arbiter) {
		return Reply{}, problem("%s 已经是本赛裁判了。", "%s is an arbiter of this event already.", name)
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		ch.Grant(platform, u.ID, storage.Arbiter)
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: T{"%s 现在是本赛裁判：可以用 /pair、/publish、/result、/foul 等命令。", "%s is now an arbiter of this event: they can use /pair, /publish, /result, /foul and more."}.In(c.Lang, name)}, nil
}

// link shows the event's link code to an organiser (making it the first
// time), or, given a code, makes this chat follow that event.
//
// The code is the secret: whoever types it in a chat on any platform links
// that chat and becomes an organiser there, since an organiser's identity
// on one platform says nothing about another. It is shown only to an
// organiser, privately; it is random (not derived from the event's seed,
// which results may be checked with), and it is "EVENT-NNNNNN", six
// random digits, so it cannot be guessed from the event alone.
func link(c *Context) (Reply, error) {
	if code := c.Args["code"]; code != "" {
		return linkChat(c, code)
	}
	oc, err := c.svc.context(c, c.Req, c.Lang, &Command{Who: Organiser})
	if err != nil {
		return Reply{}, err
	}
	if !oc.Is(storage.Organiser) {
		return Reply{}, problem("只有组织者可以取得关联代码。要让这个聊天关注另一场比赛，输入 /link 代码。", "Only organisers can get the link code. To make this chat follow another event, type /link CODE.")
	}
	code := oc.State.Info.LinkCode
	if code == "" {
		code = fmt.Sprintf("%d-%06d", oc.Event, randomSeed()%1_000_000)
		if _, err := oc.Update(func(ch *storage.Change) error {
			if ch.State.Info.LinkCode != "" { // another organiser made it meanwhile
				code = ch.State.Info.LinkCode
				return nil
			}
			return ch.Append(&action.InfoChanged{LinkCode: &code})
		}); err != nil {
			return Reply{}, err
		}
	}
	return Reply{Private: true, Text: T{
		"「%[1]s」的关联代码：%[2]s\n在另一个群或频道（任何平台）输入 /link %[2]s，那里就会关注本赛，输入的人也成为组织者。请只告诉组织者。",
		"The link code of %[1]q: %[2]s\nType /link %[2]s in another group or channel (any platform) to make it follow this event; whoever types it becomes an organiser there. Give it to organisers only.",
	}.In(c.Lang, oc.State.Event.Name, code)}, nil
}

// linkChat makes this chat follow the event whose code was typed, with
// the sender as an organiser there.
func linkChat(c *Context, code string) (Reply, error) {
	wrong := problem("关联代码不对。请向组织者要代码（组织者在比赛群里输入 /link 取得）。", "That link code is wrong. Ask an organiser for it (they get it with /link in the event's chat).")
	if c.Req.Chat.IsPrivate() {
		return Reply{}, problem("请在要关注比赛的群或频道里输入 /link 代码，而不是私聊。", "Type /link CODE in the group or channel that should follow the event, not in a private chat.")
	}
	head, _, ok := strings.Cut(code, "-")
	n, err := strconv.ParseInt(head, 10, 64)
	if !ok || err != nil || n < 1 {
		return Reply{}, wrong
	}
	id := storage.EventID(n)
	st, err := c.svc.store.Load(c, id)
	if errors.Is(err, storage.ErrNotFound) {
		return Reply{}, wrong
	}
	if err != nil {
		return Reply{}, err
	}
	if st.Info.LinkCode == "" || subtle.ConstantTimeCompare([]byte(st.Info.LinkCode), []byte(code)) != 1 {
		return Reply{}, wrong
	}
	if st.Status == action.Finished {
		return Reply{}, problem("「%s」已经结束，不能再关联。", "%q has finished: it takes no more chats.", st.Event.Name)
	}
	switch cur, other, err := c.svc.findEvent(c, eventQuery{chat: c.Req.Chat}); {
	case err == nil && cur == id:
		return Reply{}, problem("这个聊天已经关注「%s」了。", "This chat follows %q already.", st.Event.Name)
	case err == nil:
		if other.Status != action.Finished {
			return Reply{}, problem("这个聊天正在关注另一场比赛「%s」，它还没有结束。结束后（/finish）再关联。", "This chat follows another event, %q, which has not finished. Link it once that one is over (/finish).", other.Event.Name)
		}
	case !errors.Is(err, noEvent):
		return Reply{}, err
	}
	c.Event = id
	chats, err := eventChats(c) // this chat follows it only once linked
	if err != nil {
		return Reply{}, err
	}
	actor := c.Actor()
	if _, err := c.Update(func(ch *storage.Change) error {
		ch.Bind(c.Req.Chat)
		ch.Grant(actor.Platform, actor.User, storage.Organiser)
		chats.announce(ch, T{"一个 %s 上的聊天现在也关注本赛（由 %s 关联）。", "A chat on %s now follows this event too (linked by %s)."}.In(c.Lang, c.Req.Chat.Platform, c.Req.User.Name))
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: T{"这个聊天现在关注比赛「%s」，你在这里是组织者。输入 /event show 查看。", "This chat now follows %q, with you as an organiser here. Type /event show to see it."}.In(c.Lang, st.Event.Name)}, nil
}
