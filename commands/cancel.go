package commands

import (
	"fmt"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// /event cancel calls an event off before its start (action.EventCancelled):
// a club that created one too many, or whose players did not come. It is
// listed as cancelled (/events) and readable by name, it is no chat's
// current event any more, and its name is free for /event new. After the
// start the games stand: /finish ends the event instead.

func cancelCommand() *Command {
	return &Command{
		Name: "event cancel", Aliases: []string{"取消比赛"}, Who: Organiser,
		Args: []Arg{{Name: "confirm", Kind: Choice, Choices: []string{"confirm", "确认"}, Optional: true,
			Help: i18n.T{Zh: "写「确认」即取消；不写则先问一次", En: "confirm, to go ahead; left out, you are asked first"}}},
		Help: i18n.T{Zh: "取消还没有开始的比赛，通知已报名的选手（开始后用 /finish 结束）", En: "cancel an event that has not started, telling the players who signed up (after the start, /finish ends it)"},
		Run:  cancelEvent,
	}
}

// calledOff answers a command that needs a cancelled event to have
// started (a player's game, the round's pairing).
func calledOff() *Problem {
	return problem("比赛已经取消，没有开赛。", "The event was cancelled and never started.")
}

// cancelEvent asks the organiser to confirm, then cancels the event: the
// event's chats hear it, and each player who signed up with a chat user is
// told in their private chat.
func cancelEvent(c *Context) (Reply, error) {
	if err := c.State.MayCancel(); err != nil {
		return Reply{}, err
	}
	name := c.State.Event.Name
	if c.Args["confirm"] == "" {
		return askCancel(c, name), nil
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	ids, err := c.reads().Identities()
	if err != nil {
		return Reply{}, err
	}
	players, err := contactsOf(c.reads(), ids)
	if err != nil {
		return Reply{}, err
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.EventCancelled{}); err != nil {
			return err
		}
		ch.Retire()
		text := i18n.T{Zh: "「%s」已取消（%s 取消），不会开赛。", En: "%q is cancelled (by %s) and will not start."}.In(chats.lang, name, c.Req.User.Name)
		if n := len(ch.State.Event.Players); n > 0 {
			text += sep(chats.lang) + i18n.T{Zh: "已报名的 %d 名选手不用再等了。", En: "The %d players who signed up need not wait for it."}.In(chats.lang, n)
		}
		if err := chats.announceEach(ch, func(to chat.Chat) (string, error) {
			now, err := currentNow(ch, c.Event, to, chats.lang)
			return text + now, err
		}); err != nil {
			return err
		}
		tell(ch, players, i18n.T{Zh: "你报名的「%s」已取消，不会开赛。", En: "%q, which you signed up for, is cancelled and will not start."}, []any{name})
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(i18n.T{Zh: "已取消「%s」：它不再是当前比赛，名称可以再用（/event new）。/events 列出它。",
		En: "Cancelled %q: it is no longer the current event, and its name is free again (/event new). /events lists it."}.In(c.Lang, name)), nil
}

// askCancel asks to confirm the cancellation of the event called name,
// with a button and the line to type.
func askCancel(c *Context, name string) Reply {
	cmd := fmt.Sprintf("/event cancel confirm %s", eventWord(name))
	told := i18n.T{Zh: "还没有选手报名", En: "nobody has signed up yet"}.In(c.Lang)
	if n := len(c.State.Event.Players); n > 0 {
		told = i18n.T{Zh: "已报名的 %d 名选手会收到通知", En: "the %d players who signed up are told"}.In(c.Lang, n)
	}
	r := Reply{Text: i18n.T{Zh: "要取消「%s」吗？取消后不能再开赛，%s。确认请按「确认取消」或输入 %s。",
		En: "Cancel %q? It can no longer start then, and %s. To go ahead, press Confirm or type %s."}.
		In(c.Lang, name, told, cmd)}
	if len(cmd) <= chat.MaxCommand {
		r.Buttons = []chat.Button{{Label: i18n.T{Zh: "确认取消", En: "Confirm"}.In(c.Lang), Command: cmd}}
	}
	return r
}
