package commands

import (
	"context"
	"errors"
	"fmt"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Enqueue queues messages in the outbox, the one way every message goes
// out (storage.Store.Deliver sends them): an adapter's replies too, so
// that they are paced, split and retried like the announcements. Each
// needs a DedupKey (the update's id, say): queueing it again does nothing.
func (s *Service) Enqueue(ctx context.Context, msgs ...chat.Message) error {
	return s.store.Enqueue(ctx, msgs...)
}

// DeliverDue sends every message that is due now, one at a time in the
// order they were stored, then every live message's edit waiting, and
// returns when none is left: a console transcript shows each command's
// messages right after it.
func (s *Service) DeliverDue(ctx context.Context, worker string, send chat.Sender) error {
	return s.store.DeliverDue(ctx, worker, send)
}

// Undeliverable tells the event's chats on the platform, once per user,
// that a player's private notes cannot reach them, and what they can do
// about it: the platform's words (the chat.Refusal Fix of why: "press Start" on
// Telegram, allowing direct messages on Discord), in the player's
// language. A question the note asked (it has buttons: a result to
// confirm, a draw offered) is asked in those chats instead, by the
// player's name, never a mention. d is a message to a user's private chat
// the platform refused for good (why). Give it to
// storage.DeliverOptions.Undeliverable.
func (s *Service) Undeliverable(ctx context.Context, d storage.Delivery, why error) {
	to := d.Message.Chat
	user := to.User()
	if d.Event == 0 || !to.IsPrivate() {
		return
	}
	name := user
	if entrant, err := s.store.PlayerOf(ctx, d.Event, to.Platform, user); err == nil {
		if st, err := s.store.Load(ctx, d.Event); err == nil {
			if n, ok := st.Numbered(entrant); ok {
				name = st.Event.Players[n-1].Name
			}
		}
	} else if !errors.Is(err, storage.ErrNotFound) {
		s.log.Error("undeliverable note", "event", d.Event, "err", err)
		return
	}
	chats, err2 := s.store.Chats(ctx, d.Event)
	lang, err3 := readerLang(s.reading(ctx, d.Event), to.Platform, user)
	if err := errors.Join(err2, err3); err != nil {
		s.log.Error("undeliverable note", "event", d.Event, "err", err)
		return
	}
	fix := fixOf(why, i18n.T{Zh: "请允许我私信你。", En: "Allow me to message you privately."})
	note := i18n.T{Zh: "%s：我还不能私信你。%s之后你的对阵和确认会发到那里。",
		En: "%s: I cannot message you privately yet. %s Your pairings and confirmations will arrive there then."}
	ask := i18n.T{Zh: "%s，我不能私信你，请在这里回答：", En: "%s, I cannot reach you privately: answer here."}
	var notes []chat.Message
	for _, c := range chats {
		if c.Platform != to.Platform {
			continue
		}
		notes = append(notes, chat.Message{
			Chat:     c,
			Text:     note.In(lang, name, fix.In(lang)),
			DedupKey: fmt.Sprintf("undeliverable:%d:%s:%s:%s", d.Event, to.Platform, user, c.ID),
		})
		if len(d.Message.Buttons) > 0 {
			notes = append(notes, chat.Message{
				Chat:     c,
				Text:     ask.In(lang, name) + "\n" + d.Message.Text,
				Buttons:  d.Message.Buttons,
				DedupKey: fmt.Sprintf("undeliverable:%d:%s", d.ID, c.ID),
			})
		}
	}
	if len(notes) > 0 {
		if err := s.store.Enqueue(ctx, notes...); err != nil {
			s.log.Error("undeliverable note", "event", d.Event, "err", err)
		}
	}
}
