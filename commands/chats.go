package commands

// What the platforms say about a chat itself, beside its messages: it has
// a new id, the bot may no longer post in it, or may again. The adapters
// hear it (a Telegram group upgraded to a supergroup; the bot removed from
// a group or made a member again) and the outbox's delivery meets it (a
// send refused); either way the store moves or holds the chat, and the
// organisers hear what to do.

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// movedTo is the chat a group c moved to (MoveChat), c when it did not:
// a line typed in a group just before it became a supergroup arrives
// from the old id after the group's events moved to the new one.
func (s *Service) movedTo(ctx context.Context, c chat.Chat) chat.Chat {
	if c.IsPrivate() {
		return c
	}
	to, err := s.store.MovedTo(ctx, c)
	if err != nil {
		s.log.Error("where a chat moved", "platform", c.Platform, "chat", c.ID, "err", err)
		return c // as typed: at worst the line finds no event there
	}
	return to
}

// MoveChat moves everything of chat from to chat to, the chat's new id on
// its platform: its events, the messages waiting for it and the rest (see
// storage.Store.MoveChat). A later command in to finds the chat's events.
func (s *Service) MoveChat(ctx context.Context, from, to chat.Chat) error {
	if err := s.store.MoveChat(ctx, from, to); err != nil {
		return err
	}
	s.log.Info("a chat moved to a new id; its events and messages follow", "platform", from.Platform, "from", from.ID, "to", to.ID)
	return nil
}

// ChatBlocked holds chat c, which the platform says the bot may no longer
// post in (removed from it, its right to send taken away): why says so,
// with what to grant in the platform's words (its Fix). Its messages wait
// until ChatResumed or one gets through; the organisers are told as
// Blocked tells them.
func (s *Service) ChatBlocked(ctx context.Context, c chat.Chat, why *chat.Refusal) error {
	newly, since, err := s.store.Block(ctx, c, why.Error())
	if err != nil {
		return err
	}
	if newly {
		s.Blocked(ctx, c.Root(), since, why)
	}
	return nil
}

// ChatResumed resumes chat c, which the platform says the bot may post in
// again: the messages waiting for it go out now.
func (s *Service) ChatResumed(ctx context.Context, c chat.Chat) error {
	was, err := s.store.Unblock(ctx, c)
	if err == nil && was {
		s.log.Info("the bot may post in a chat again; its messages go out", "platform", c.Platform, "chat", c.ID)
	}
	return err
}

// Blocked tells the organisers of the events chat c follows, those not
// over, that the bot may not post in c since since (why: a send refused,
// or the platform's word) and what to grant: why's chat.Refusal Fix, the
// platform's words, in each organiser's language, privately, once for this
// hold. Give it to storage.DeliverOptions.Blocked.
func (s *Service) Blocked(ctx context.Context, c chat.Chat, since time.Time, why error) {
	if err := s.blocked(ctx, c, since, why); err != nil {
		s.log.Error("telling the organisers that a chat is held", "platform", c.Platform, "chat", c.ID, "err", err)
	}
}

func (s *Service) blocked(ctx context.Context, c chat.Chat, since time.Time, why error) error {
	evs, err := s.store.ChatEvents(ctx, c)
	if err != nil {
		return err
	}
	events := map[action.Actor][]string{} // each organiser's events in c
	for _, ev := range evs {
		if ev.Status.Over() {
			continue
		}
		orgs, err := s.store.Holders(ctx, ev.ID, storage.Organiser)
		if err != nil {
			return err
		}
		for _, o := range orgs {
			events[o] = append(events[o], ev.Name)
		}
	}
	if len(events) == 0 {
		return nil
	}
	ids := make([]storage.Identity, 0, len(events))
	for o := range events {
		ids = append(ids, storage.Identity{Platform: o.Platform, User: o.User})
	}
	sort.Slice(ids, func(i, j int) bool {
		return ids[i].Platform+"\x00"+ids[i].User < ids[j].Platform+"\x00"+ids[j].User
	})
	contacts, err := contactsOf(s.reading(ctx, 0), ids)
	if err != nil {
		return err
	}
	fix := fixOf(why, i18n.T{Zh: "请让我重新能在那里发消息。", En: "Let me post there again."})
	note := i18n.T{Zh: "我不能在「%s」所在的群里发消息了。%s之后，积压在那里的消息会自动发出。",
		En: "I can no longer post in the chat where %s is announced. %s Once I can, the messages waiting there go out by themselves."}
	msgs := make([]chat.Message, len(contacts))
	for i, ct := range contacts {
		o := action.Actor{Platform: ids[i].Platform, User: ids[i].User}
		names := strings.Join(events[o], "、")
		if ct.lang == i18n.En {
			names = strings.Join(events[o], ", ")
		}
		msgs[i] = chat.Message{
			Chat:     ct.chat,
			Text:     note.In(ct.lang, names, fix.In(ct.lang)),
			DedupKey: fmt.Sprintf("blocked:%s:%s:%d:%s:%s", c.Platform, c.ID, since.UnixNano(), o.Platform, o.User),
		}
	}
	return s.store.Enqueue(ctx, msgs...)
}

// fixOf is what a person can do about a platform's refusal why, in the
// platform's words (chat.Refusal.Fix), else general words.
func fixOf(why error, general i18n.T) i18n.T {
	var r *chat.Refusal
	if errors.As(why, &r) && r.Fix != (i18n.T{}) {
		return r.Fix
	}
	return general
}

// answeredFor is how long the bot remembers the commands it answered: an
// edit of an older message is taken as of one answered.
const answeredFor = 7 * 24 * time.Hour

// Answered reports whether the bot answered message (the platform's id of
// a message typed in chat c, sent at sent): an edit of it then is not run
// as a command again. A message older than the bot remembers counts as
// answered.
func (s *Service) Answered(ctx context.Context, c chat.Chat, message string, sent time.Time) (bool, error) {
	if s.now().Sub(sent) > answeredFor {
		return true, nil
	}
	return s.store.Answered(ctx, c.Root(), message)
}

// MarkAnswered records that the bot answered message in chat c (see
// Answered).
func (s *Service) MarkAnswered(ctx context.Context, c chat.Chat, message string) error {
	return s.store.MarkAnswered(ctx, c.Root(), message, answeredFor)
}
