package telegram

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/go-telegram/bot/models"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
)

// What Telegram says about a chat itself: a group upgraded to a
// supergroup, the bot's membership changed, a command edited.

// migrated moves a group upgraded to a supergroup to its new id. Telegram
// says it twice, by a service message in the old group (migrate_to_chat_id)
// and one in the new supergroup (migrate_from_chat_id); moving again does
// nothing. A send to the old id says it too (refusal, chat.Moved).
func (a *Adapter) migrated(ctx context.Context, m *models.Message) {
	from, to := m.Chat.ID, m.MigrateToChatID
	if to == 0 {
		from, to = m.MigrateFromChatID, m.Chat.ID
	}
	err := a.svc.MoveChat(ctx, chat.Chat{Platform: Platform, ID: strconv.FormatInt(from, 10)},
		chat.Chat{Platform: Platform, ID: strconv.FormatInt(to, 10)})
	if err != nil {
		a.log.Error("telegram: move a group upgraded to a supergroup", "from", from, "to", to, "err", err)
	}
}

// member hears that the bot's membership of a group changed
// (my_chat_member): removed, or no right to send, holds the chat; a member
// again, or an administrator, resumes it. A private chat's (the user
// blocked or unblocked the bot) is for the sends to find out.
func (a *Adapter) member(ctx context.Context, u *models.ChatMemberUpdated) {
	if u.Chat.Type == models.ChatTypePrivate {
		return
	}
	c := chat.Chat{Platform: Platform, ID: strconv.FormatInt(u.Chat.ID, 10)}
	var err error
	if canPost(u.NewChatMember) {
		err = a.svc.ChatResumed(ctx, c)
	} else {
		why := fmt.Errorf("my_chat_member: the bot is now %s", u.NewChatMember.Type)
		err = a.svc.ChatBlocked(ctx, c, &chat.Refusal{Kind: chat.ErrNoRights, Fix: grantGroup, Err: why})
	}
	if err != nil {
		a.log.Error("telegram: the bot's membership of a chat changed", "chat", c.ID, "status", u.NewChatMember.Type, "err", err)
	}
}

// canPost says whether a member of this kind may send messages.
func canPost(m models.ChatMember) bool {
	switch m.Type {
	case models.ChatMemberTypeOwner, models.ChatMemberTypeAdministrator, models.ChatMemberTypeMember:
		return true
	case models.ChatMemberTypeRestricted:
		return m.Restricted != nil && m.Restricted.IsMember && m.Restricted.CanSendMessages
	}
	return false // left, banned (kicked)
}

// editedNote answers an edit of a command already answered.
var editedNote = i18n.T{Zh: "编辑过的命令不会再执行一次。要改，请发一条新消息。",
	En: "I do not run an edited command again: to change it, send a new message."}

// edited handles a message edited (edited_message). An edit that makes a
// command of a message the bot never answered (a typo in the command's
// name fixed, say) runs once, as the message would have; an edit of a
// command answered is not run again — its change is done — and gets a
// short note, once.
func (a *Adapter) edited(ctx context.Context, req commands.Request, m *models.Message) {
	if !isCommand(req.Text) {
		return
	}
	id := strconv.Itoa(m.ID)
	done, err := a.svc.Answered(ctx, req.Chat, id, time.Unix(int64(m.Date), 0))
	if err != nil {
		a.log.Error("telegram: was an edited command answered", "chat", req.Chat.ID, "err", err)
		return
	}
	if done {
		note := chat.Message{Chat: req.Chat, Text: editedNote.In(a.svc.Lang(ctx, req)), DedupKey: "telegram:edited:" + req.Chat.ID + ":" + id}
		if err := a.svc.Enqueue(ctx, note); err != nil {
			a.log.Error("telegram: queue the note on an edited command", "chat", req.Chat.ID, "err", err)
		}
		return
	}
	// Keyed by the message, not the update: however often it is edited
	// or delivered, it runs once.
	req.UpdateID = "telegram:edited:" + req.Chat.ID + ":" + id
	a.run(ctx, req, m)
}
