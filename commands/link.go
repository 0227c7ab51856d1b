package commands

import (
	"errors"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// A link code lets another chat follow the event, on any platform, and
// makes whoever types it an organiser there: an organiser's identity on
// one platform says nothing about another. So it is shown only to an
// organiser, privately; it is random (80 bits, not derived from the
// event's seed, which results may be checked with), works once and for
// linkCodeTTL, and wrong codes are limited per user and per chat
// (storage.RedeemLinkCode). It names no event: a wrong code answers the
// same whichever events exist.

// linkCodeTTL is how long a link code works: time to read it off one
// phone and type it into another chat.
const linkCodeTTL = 15 * time.Minute

// linkLimits bound the wrong link codes: an organiser mistypes a few;
// someone guessing is stopped long before a code could be found.
var linkLimits = storage.LinkLimits{User: 5, Chat: 10, Window: time.Hour}

// link gives an organiser a new link code for the event, privately, or,
// given a code, makes this chat follow that event.
func link(c *Context) (Reply, error) {
	if code := c.Args["code"]; code != "" {
		return linkChat(c, code)
	}
	oc, err := c.svc.context(c, c.Req, c.Lang, &Command{Who: Organiser}, c.named, c.ref)
	if err != nil {
		return Reply{}, err
	}
	if !oc.Is(storage.Organiser) {
		return Reply{}, problem("只有组织者可以取得关联代码。要让这个聊天关注另一场比赛，输入 /link 代码。", "Only organisers can get a link code. To make this chat follow another event, type /link CODE.")
	}
	code, expires, err := c.svc.store.NewLinkCode(c, oc.Event, c.Actor(), linkCodeTTL)
	if err != nil {
		return Reply{}, err
	}
	until := expires.In(oc.State.Info.Location()).Format("15:04")
	minutes := int(linkCodeTTL / time.Minute)
	return Reply{Private: true, Text: i18n.T{
		Zh: "「%[1]s」的关联代码：%[2]s\n它只能用一次，%[3]d 分钟内（到 %[4]s）有效。在另一个群或频道（任何平台）输入 /link %[2]s，那里就会关注本赛，输入的人也成为组织者。请只告诉组织者；过期了就在这里再输入 /link 取一个新的。",
		En: "The link code of %[1]q: %[2]s\nIt works once, for %[3]d minutes (until %[4]s). Type /link %[2]s in another group or channel (any platform) to make it follow this event; whoever types it becomes an organiser there. Give it to organisers only; once it has expired, type /link here for a new one.",
	}.In(c.Own, oc.State.Event.Name, code, minutes, until)}, nil
}

// linkChat makes this chat follow the event whose code was typed, with
// the sender as an organiser there, using the code up.
func linkChat(c *Context, code string) (Reply, error) {
	wrong := problem("关联代码不对，或者已经过期、用过了。请向组织者要一个新代码（组织者在比赛群里输入 /link 取得，%d 分钟内有效）。",
		"That link code is wrong, expired or used. Ask an organiser for a new one (they get it with /link in the event's chat; it works for %d minutes).",
		int(linkCodeTTL/time.Minute))
	if c.Req.Chat.IsPrivate() {
		return Reply{}, problem("请在要关注比赛的群或频道里输入 /link 代码，而不是私聊。", "Type /link CODE in the group or channel that should follow the event, not in a private chat.")
	}
	user := c.Req.Chat.Platform + ":" + c.Req.User.ID
	where := c.Req.Chat.Platform + ":" + c.Req.Chat.ID
	id, err := c.svc.store.RedeemLinkCode(c, code, user, where, linkLimits)
	var limit *storage.LinkLimitError
	switch {
	case errors.Is(err, storage.ErrLinkCodeWrong):
		return Reply{}, wrong
	case errors.As(err, &limit):
		wait := max(minutesLeft(limit.Until, c.svc.now()), 1)
		if limit.Chat {
			return Reply{}, problem("这个聊天里输错的关联代码太多了：%d 分钟内不再接受任何代码。请先向组织者核对代码。",
				"Too many wrong link codes in this chat: none is taken for %d minutes. Check the code with an organiser first.", wait)
		}
		return Reply{}, problem("你输错的关联代码太多了：%d 分钟内不再接受你的任何代码。请先向组织者核对代码。",
			"You have typed too many wrong link codes: none of yours is taken for %d minutes. Check the code with an organiser first.", wait)
	case err != nil:
		return Reply{}, err
	}
	st, err := c.svc.store.Load(c, id)
	if err != nil {
		return Reply{}, err
	}
	if st.Status == action.Finished {
		return Reply{}, problem("「%s」已经结束，不能再关联。", "%q has finished: it takes no more chats.", st.Event.Name)
	}
	here, err := c.chatEvents()
	if err != nil {
		return Reply{}, err
	}
	if here.follows(id) {
		return Reply{}, problem("这个聊天已经关注「%s」了。", "This chat follows %q already.", st.Event.Name)
	}
	if err := here.nameFree(st.Event.Name); err != nil {
		return Reply{}, err
	}
	c.Event, c.State = id, st
	chats, err := eventChats(c) // this chat follows it only once linked
	if err != nil {
		return Reply{}, err
	}
	actor := c.Actor()
	_, err = c.Update(func(ch *storage.Change) error {
		if err := ch.UseLinkCode(code); err != nil {
			return err
		}
		here.follow(ch)
		ch.Grant(actor.Platform, actor.User, storage.Organiser)
		chats.announce(ch, i18n.T{Zh: "一个 %s 上的聊天现在也关注本赛（由 %s 关联）。", En: "A chat on %s now follows this event too (linked by %s)."}.In(chats.lang, c.Req.Chat.Platform, c.Req.User.Name))
		return nil
	})
	if errors.Is(err, storage.ErrLinkCodeWrong) {
		return Reply{}, wrong // used, or expired, a moment ago
	}
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "这个聊天现在关注比赛「%s」，你在这里是组织者。输入 /event show 查看。", En: "This chat now follows %q, with you as an organiser here. Type /event show to see it."}.In(c.Lang, st.Event.Name) + here.besides(st.Event.Name, c.Lang)}, nil
}
