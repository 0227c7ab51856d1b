package commands

import (
	"context"
	"errors"
	"fmt"
	"time"

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
// order they were stored, and returns when none is left: a console
// transcript shows each command's messages right after it.
func (s *Service) DeliverDue(ctx context.Context, worker string, send chat.Sender) error {
	for {
		ds, err := s.store.Claim(ctx, worker, 1, time.Minute)
		if err != nil || len(ds) == 0 {
			return err
		}
		if err := send.Send(ctx, ds[0].Message); err != nil {
			return err
		}
		// Sent is sent, even when ctx ended meanwhile.
		if err := s.store.MarkSent(context.WithoutCancel(ctx), ds[0].ID); err != nil {
			return err
		}
	}
}

// Undeliverable tells the event's chats on the platform, once per user,
// that a player's private notes cannot reach them, and what they can do
// about it: in the platform's words when the refusal (why) has them
// (chat.Refusal's Fix: allowing direct messages on Discord), else opening
// a private chat with the bot and pressing Start. d is a message to a
// user's private chat the platform refused for good. Give it to
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
	chats, err := s.store.Chats(ctx, d.Event)
	if err != nil {
		s.log.Error("undeliverable note", "event", d.Event, "err", err)
		return
	}
	fix := i18n.T{Zh: "请先打开与我的私聊并点「开始」。", En: "Open a private chat with me and press Start."}
	var r *chat.Refusal
	if errors.As(why, &r) && r.Fix != (i18n.T{}) {
		fix = r.Fix
	}
	// The group reads both languages: the player's own is unknown here.
	note := i18n.T{Zh: "%s：我还不能私信你。%s之后的对阵和确认会发到那里。",
		En: "%s: I cannot message you privately yet. %s Your pairings and confirmations will arrive there then."}
	text := note.In(i18n.Zh, name, fix.Zh) + "\n" + note.In(i18n.En, name, fix.En)
	var notes []chat.Message
	for _, c := range chats {
		if c.Platform != to.Platform {
			continue
		}
		notes = append(notes, chat.Message{
			Chat:     c,
			Text:     text,
			DedupKey: fmt.Sprintf("undeliverable:%d:%s:%s:%s", d.Event, to.Platform, user, c.ID),
		})
	}
	if len(notes) > 0 {
		if err := s.store.Enqueue(ctx, notes...); err != nil {
			s.log.Error("undeliverable note", "event", d.Event, "err", err)
		}
	}
}
