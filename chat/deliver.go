package chat

// Delivery's vocabulary: what a platform's sender is, and what its errors
// tell the outbox (package storage) that delivers through it. Adapters
// implement Sender and return these errors; they never need the store.

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/qisai/qisai/internal/i18n"
)

// Sender sends a message to its chat; each platform's adapter has one.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// RetryAfter, as a Sender's error (or wrapped in one), says the platform
// refused a send and asked to wait (HTTP 429 retry-after): the outbox
// tries the message again no sooner than that.
type RetryAfter struct{ Wait time.Duration }

func (r RetryAfter) Error() string {
	return fmt.Sprintf("rate limited by the platform: retry after %v", r.Wait)
}

// ErrUndeliverable, wrapped in a Sender's error, says a message can never
// be delivered (the user blocked the bot, or never opened a private chat
// with it): the outbox gives it up at once instead of retrying.
var ErrUndeliverable = errors.New("undeliverable")

// ErrNoRights, wrapped in a Sender's error, says the bot may not post in
// the chat now: it was removed from the group, is no member of it, or may
// not send messages there (Telegram's 403 "bot was kicked", "not enough
// rights", 400 "chat not found"; Discord's 50001 Missing Access, 50013
// Missing Permissions, 10003 Unknown Channel). Retrying cannot help until
// somebody acts: the outbox holds the chat's messages — losing none,
// holding up no other chat — tries again now and then, and resumes the
// chat when a message gets through or the adapter says the rights are
// back.
var ErrNoRights = errors.New("no rights to post in the chat")

// Refusal is a platform's refusal for good, as a Sender returns it: Kind
// is ErrUndeliverable or ErrNoRights, Err the platform's answer, and Fix
// what a person can do about it in the platform's words ("open a private
// chat with me and press Start"), which the service tells those who can.
// errors.Is sees both Kind and Err.
type Refusal struct {
	Kind error
	Fix  i18n.T
	Err  error
}

func (r *Refusal) Error() string {
	if r.Err == nil {
		return r.Kind.Error()
	}
	return r.Kind.Error() + ": " + r.Err.Error()
}

func (r *Refusal) Unwrap() []error { return []error{r.Kind, r.Err} }

// Moved, as a Sender's error, says the chat has a new id on its platform
// (a Telegram group upgraded to a supergroup): the chat's events, its
// messages waiting and the rest of what belongs to it move to To, and the
// message goes there.
type Moved struct{ To Chat }

func (m Moved) Error() string { return "the chat moved to " + m.To.Platform + " chat " + m.To.ID }

// sendingKey carries, in a Sender's context, what Sending calls.
type sendingKey struct{}

// WithSending is ctx carrying mark, which Sending calls: the outbox gives
// its Sender such a context for each part of a message.
func WithSending(ctx context.Context, mark func()) context.Context {
	return context.WithValue(ctx, sendingKey{}, mark)
}

// Sending tells the outbox that the Sender is about to hand the message
// (its part) to the platform: should the process die before the request
// returns, the part counts as sent and is not sent again. A Sender calls
// it right before each request that may deliver the message; outside a
// delivery it does nothing.
func Sending(ctx context.Context) {
	if mark, ok := ctx.Value(sendingKey{}).(func()); ok {
		mark()
	}
}
