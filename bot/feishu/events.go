package feishu

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"time"

	larkcore "github.com/larksuite/oapi-sdk-go/v3/core"
	larkevent "github.com/larksuite/oapi-sdk-go/v3/event"
	"github.com/larksuite/oapi-sdk-go/v3/event/dispatcher"
	"github.com/larksuite/oapi-sdk-go/v3/event/dispatcher/callback"
	larkapplication "github.com/larksuite/oapi-sdk-go/v3/service/application/v6"
	larkim "github.com/larksuite/oapi-sdk-go/v3/service/im/v1"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
)

// handleTimeout bounds one event's handling: an event that hangs (a
// database that does not answer) must not stop all the others. Stopping
// the service lets the event in hand finish, so that a reply is not cut
// off between the change and its answer.
const handleTimeout = 2 * time.Minute

// cardWait is the longest a button's press waits for its card's sending
// to be done: Feishu shows the presser an error when its callback is not
// answered within 3 seconds.
const cardWait = 2 * time.Second

// dispatcher routes the events qisai subscribes to, as the long
// connection and the HTTP callback deliver them, to their handlers; it
// checks the callback's token, signature and encryption (Handler).
func (a *Adapter) dispatcher() *dispatcher.EventDispatcher {
	d := dispatcher.NewEventDispatcher(a.token, a.encryptKey)
	d.InitConfig(larkevent.WithLogger(sdkLog{a.log}), larkevent.WithLogLevel(larkcore.LogLevelWarn))
	return d.
		OnP2MessageReceiveV1(a.onMessage).
		OnP2CardActionTrigger(a.onCard).
		OnP2BotMenuV6(a.onMenu).
		OnP2ChatMemberBotAddedV1(a.onAdded).
		OnP2ChatMemberBotDeletedV1(a.onRemoved).
		OnP2ChatDisbandedV1(a.onDisbanded)
}

// handling is ctx for one event's handling: it outlives ctx's
// cancellation, within handleTimeout.
func handling(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), handleTimeout)
}

// onMessage runs a message typed in a group (the bot @-mentioned, or any
// message where the app may read them all) or in a private chat: a
// command, or plain chat, which the service notes so that it can name the
// writer later.
func (a *Adapter) onMessage(ctx context.Context, ev *larkim.P2MessageReceiveV1) error {
	ctx, cancel := handling(ctx)
	defer cancel()
	req, ok := a.request(ctx, ev)
	if !ok {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.run(ctx, req)
	return nil
}

// onCard runs the command a card's button carries as the presser's, and
// answers the callback: with the card without its buttons when the reply
// says they are used (commands.Reply.Unbutton), Feishu's edit of the card
// in place; else with nothing, the card as it was. The reply itself goes
// through the outbox.
func (a *Adapter) onCard(ctx context.Context, ev *callback.CardActionTriggerEvent) (*callback.CardActionTriggerResponse, error) {
	ctx, cancel := handling(ctx)
	defer cancel()
	req, ok := pressed(ev)
	if !ok {
		return nil, nil
	}
	req.User = a.names.user(ctx, req.User.ID)
	a.mu.Lock()
	defer a.mu.Unlock()
	reply := a.run(ctx, req)
	if !reply.Unbutton {
		return nil, nil
	}
	wait, cancel := context.WithTimeout(ctx, cardWait)
	defer cancel()
	card, ok := a.send.unbuttoned(wait, req.MessageID)
	if !ok {
		// Sent before a restart: its buttons stay, and pressing one again
		// answers that it no longer applies.
		a.log.Info("feishu: a card's buttons stay: it was sent before the last start", "message", req.MessageID)
		return nil, nil
	}
	return &callback.CardActionTriggerResponse{Card: &callback.Card{Type: "raw", Data: json.RawMessage(card)}}, nil
}

// pressed is the request of a card's button pressed; ok is false for a
// press that carries no command (a card not qisai's).
func pressed(ev *callback.CardActionTriggerEvent) (req commands.Request, ok bool) {
	e := ev.Event
	if e == nil || e.Operator == nil || e.Operator.OpenID == "" || e.Action == nil || ev.EventV2Base == nil || ev.EventV2Base.Header == nil {
		return req, false
	}
	cmd, _ := e.Action.Value["cmd"].(string)
	if cmd == "" {
		return req, false
	}
	req.Text, req.User.ID = cmd, e.Operator.OpenID
	req.UpdateID = "feishu:event:" + ev.EventV2Base.Header.EventID
	req.RepliesQueued = true
	if e.Context != nil {
		req.MessageID = e.Context.OpenMessageID
	}
	switch private, _ := e.Action.Value["dm"].(bool); {
	case private || e.Context == nil || e.Context.OpenChatID == "":
		req.Chat = chat.Private(Platform, e.Operator.OpenID)
	default:
		req.Chat = chat.Chat{Platform: Platform, ID: e.Context.OpenChatID}
	}
	return req, true
}

// onMenu runs the command a bot menu item names (its event key is the
// command, "me", "standings", "help"), in the user's private chat with
// the bot, where the menu is.
func (a *Adapter) onMenu(ctx context.Context, ev *larkapplication.P2BotMenuV6) error {
	e := ev.Event
	if e == nil || e.EventKey == nil || e.Operator == nil || e.Operator.OperatorId == nil || e.Operator.OperatorId.OpenId == nil || ev.EventV2Base == nil || ev.EventV2Base.Header == nil {
		return nil
	}
	cmd, ok := menuCommand(a.svc.Commands(), *e.EventKey)
	if !ok {
		a.log.Warn("feishu: a bot menu item names no command that works in a private chat; set its event key to one of those listed",
			"key", *e.EventKey, "keys", strings.Join(menuKeys(a.svc.Commands()), " "))
		return nil
	}
	ctx, cancel := handling(ctx)
	defer cancel()
	id := *e.Operator.OperatorId.OpenId
	if name := str(e.Operator.OperatorName); name != "" {
		a.names.learn(id, name)
	}
	req := commands.Request{Chat: chat.Private(Platform, id), User: a.names.user(ctx, id), Text: "/" + cmd,
		UpdateID: "feishu:event:" + ev.EventV2Base.Header.EventID, RepliesQueued: true}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.run(ctx, req)
	return nil
}

// menuCommand is the command a bot menu item's event key names: a command
// that works in a private chat, its words joined by "_" ("event_list").
func menuCommand(cmds []*commands.Command, key string) (string, bool) {
	name := strings.ReplaceAll(strings.TrimPrefix(strings.TrimSpace(key), "/"), "_", " ")
	for _, c := range cmds {
		if c.Name == name && c.InPrivate() {
			return name, true
		}
	}
	return "", false
}

// menuKeys are the event keys a bot menu item may have, set up in the
// developer console (机器人 › 机器人自定义菜单): one for each command that
// works in a private chat.
func menuKeys(cmds []*commands.Command) []string {
	var out []string
	for _, c := range cmds {
		if c.InPrivate() {
			out = append(out, strings.ReplaceAll(c.Name, " ", "_"))
		}
	}
	return out
}

// onAdded resumes a group the bot was added to again: its messages held
// go out.
func (a *Adapter) onAdded(ctx context.Context, ev *larkim.P2ChatMemberBotAddedV1) error {
	if ev.Event == nil || ev.Event.ChatId == nil {
		return nil
	}
	ctx, cancel := handling(ctx)
	defer cancel()
	c := chat.Chat{Platform: Platform, ID: *ev.Event.ChatId}
	if err := a.svc.ChatResumed(ctx, c); err != nil {
		a.log.Error("feishu: the bot was added to a group", "chat", c.ID, "err", err)
	}
	return nil
}

// onRemoved holds a group the bot was removed from: its messages wait,
// and the event's organisers hear why privately, until the bot is added
// again (onAdded) or a send gets through.
func (a *Adapter) onRemoved(ctx context.Context, ev *larkim.P2ChatMemberBotDeletedV1) error {
	if ev.Event == nil || ev.Event.ChatId == nil {
		return nil
	}
	return a.hold(ctx, *ev.Event.ChatId, grantGroup, "im.chat.member.bot.deleted_v1: the bot was removed from the group")
}

// onDisbanded holds a group that was disbanded, as the other platforms do
// a channel deleted: its organisers hear that they may /link another.
func (a *Adapter) onDisbanded(ctx context.Context, ev *larkim.P2ChatDisbandedV1) error {
	if ev.Event == nil || ev.Event.ChatId == nil {
		return nil
	}
	return a.hold(ctx, *ev.Event.ChatId, groupGone, "im.chat.disbanded_v1: the group was disbanded")
}

// hold holds group id for want of rights: why says what happened, fix
// what to do about it.
func (a *Adapter) hold(ctx context.Context, id string, fix i18n.T, why string) error {
	ctx, cancel := handling(ctx)
	defer cancel()
	c := chat.Chat{Platform: Platform, ID: id}
	if err := a.svc.ChatBlocked(ctx, c, &chat.Refusal{Kind: chat.ErrNoRights, Fix: fix, Err: errors.New(why)}); err != nil {
		a.log.Error("feishu: hold a group the bot may not post in", "chat", id, "err", err)
	}
	return nil
}

// run runs req and answers it.
func (a *Adapter) run(ctx context.Context, req commands.Request) commands.Reply {
	reply := a.svc.Handle(ctx, req)
	a.answer(ctx, req, reply)
	return reply
}

// privateNote is said in the group when a private reply cannot be sent.
var privateNote = i18n.T{Zh: "%s：我还不能私信你。请先打开与我的私聊（点我的头像 › 发消息），再输入一次命令。",
	En: "%s: I cannot message you privately yet. Open a private chat with me (tap my avatar › Message), and type the command again."}

// answer sends reply where req asks, in its chat or privately, through
// the outbox (commands.Service.Answer). A private reply the user cannot
// receive is replaced by a note in the chat the command came from.
func (a *Adapter) answer(ctx context.Context, req commands.Request, reply commands.Reply) {
	if err := a.svc.Answer(ctx, req, reply, privateNote); err != nil {
		a.log.Error("feishu: queue reply", "chat", req.Chat.ID, "update", req.UpdateID, "err", err)
	}
}

// request maps a received message onto a request: its text (a text
// message's, or a rich-text one's words), its sender by open_id, the
// users it @-mentions named as "@name" (the bot's own mention dropped),
// for a command the author of the message it replies to, in the group or
// private chat it was sent in. ok is false for a message
// from another bot or app, or of a kind without words (a picture).
func (a *Adapter) request(ctx context.Context, ev *larkim.P2MessageReceiveV1) (req commands.Request, ok bool) {
	e := ev.Event
	if e == nil || e.Message == nil || e.Sender == nil || e.Sender.SenderId == nil || e.Sender.SenderId.OpenId == nil {
		return req, false
	}
	if t := e.Sender.SenderType; t != nil && *t != "user" {
		return req, false
	}
	m := e.Message
	if m.MessageId == nil || m.Content == nil || m.MessageType == nil {
		return req, false
	}
	text, ok := words(*m.MessageType, *m.Content)
	if !ok {
		return req, false
	}
	id := *e.Sender.SenderId.OpenId
	req.Text, req.Mentions = a.mentioned(text, m.Mentions)
	req.User = a.names.user(ctx, id)
	// Keyed by the message: however often Feishu delivers it, under
	// whatever event id, it runs once.
	req.UpdateID = "feishu:message:" + *m.MessageId
	req.RepliesQueued = true // answer queues them under commands.ReplyKey
	if parent := str(m.ParentId); parent != "" && strings.HasPrefix(req.Text, "/") {
		req.ReplyTo = a.names.author(ctx, parent)
	}
	if m.ChatType != nil && *m.ChatType == "p2p" || m.ChatId == nil {
		req.Chat = chat.Private(Platform, id)
	} else {
		req.Chat = chat.Chat{Platform: Platform, ID: *m.ChatId}
	}
	return req, true
}

// words is the text of a message of kind with content (its JSON): a text
// message's text, or a rich-text message's words, paragraph by line, its
// mentions as their keys ("@_user_1"). ok is false for other kinds.
func words(kind, content string) (string, bool) {
	switch kind {
	case "text":
		var t struct {
			Text string `json:"text"`
		}
		if json.Unmarshal([]byte(content), &t) != nil {
			return "", false
		}
		return t.Text, true
	case "post":
		var p struct {
			Title   string `json:"title"`
			Content [][]struct {
				Tag    string `json:"tag"`
				Text   string `json:"text"`
				UserID string `json:"user_id"`
			} `json:"content"`
		}
		if json.Unmarshal([]byte(content), &p) != nil {
			return "", false
		}
		var lines []string
		for _, para := range p.Content {
			var b strings.Builder
			for _, el := range para {
				switch el.Tag {
				case "text", "a", "code_block", "md":
					b.WriteString(el.Text)
				case "at":
					b.WriteString(el.UserID)
				}
			}
			lines = append(lines, b.String())
		}
		return strings.Join(lines, "\n"), true
	}
	return "", false
}

// mentioned replaces in text the keys Feishu puts where a message
// @-mentions somebody ("@_user_1") with "@" and their name, and returns
// those users as the request's mentions. The mentions of bots (this one,
// addressed in a group) are dropped, and so is the space after them.
func (a *Adapter) mentioned(text string, ms []*larkim.MentionEvent) (string, []commands.Mention) {
	ms = append([]*larkim.MentionEvent(nil), ms...)
	// "@_user_1" is a prefix of "@_user_10": the longer keys first.
	sort.SliceStable(ms, func(i, j int) bool { return len(str(ms[i].Key)) > len(str(ms[j].Key)) })
	var out []commands.Mention
	for _, m := range ms {
		key := str(m.Key)
		if key == "" {
			continue
		}
		if m.Id == nil || str(m.Id.OpenId) == "" || str(m.MentionedType) == "bot" {
			text = strings.ReplaceAll(text, key+" ", "")
			text = strings.ReplaceAll(text, key, "")
			continue
		}
		name := strings.TrimSpace(str(m.Name))
		id := str(m.Id.OpenId)
		if name == "" {
			name = id
		}
		a.names.learn(id, name)
		shown := "@" + name
		text = strings.ReplaceAll(text, key, shown)
		out = append(out, commands.Mention{Text: shown, User: commands.User{ID: id, Name: name}})
	}
	return leading(strings.TrimSpace(text), out)
}

// leading drops the mentions before a command ("@qisai /join"): they
// address the bot (a payload without mentioned_type names it as a user).
func leading(text string, ms []commands.Mention) (string, []commands.Mention) {
	for again := true; again; {
		again = false
		for i, m := range ms {
			rest, ok := strings.CutPrefix(text, m.Text)
			if rest = strings.TrimSpace(rest); ok && strings.HasPrefix(rest, "/") {
				text, ms, again = rest, append(ms[:i:i], ms[i+1:]...), true
				break
			}
		}
	}
	return text, ms
}

// str is *p, "" for nil.
func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
