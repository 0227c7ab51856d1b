package commands

import (
	"context"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// Answer queues reply to req where req asks, in its chat or privately on
// its platform, the one way every message goes: through the outbox, whose
// delivery paces, splits, renders and retries it (a reply an adapter sent
// directly would be lost to a rate limit or a network error). The
// request's update id keys it (ReplyKey), so a redelivered update queues
// no second reply. A private reply the user cannot receive is replaced by
// unreachable, said in the chat the command came from: a text whose %s is
// the user's name, in the words of the platform (what to open or press).
// A reply that says nothing, or that its change queued already, queues
// nothing.
func (s *Service) Answer(ctx context.Context, req Request, reply Reply, unreachable i18n.T) error {
	if reply.Queued || reply.Text == "" && len(reply.Buttons) == 0 && reply.File == nil {
		return nil
	}
	m := chat.Message{Chat: req.Chat, Text: reply.Text, Buttons: reply.Buttons, File: reply.File, DedupKey: ReplyKey(req.UpdateID)}
	if reply.Private {
		m.Chat = chat.Private(req.Chat.Platform, req.User.ID)
	}
	if m.Chat != req.Chat {
		m.IfUndeliverable = &chat.Notice{Chat: req.Chat, Text: unreachable.In(s.Lang(ctx, req), req.User.Name)}
	}
	return s.Enqueue(ctx, m)
}
