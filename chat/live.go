package chat

// Live messages: a message a chat sees once and that changes in place as
// what it shows changes (a round's boards as their results come in), so
// that a group's attention and its platform's budget (Telegram: about 20
// messages a minute in a group) are spent on news, not on repeats. The
// first message with a key is sent as any other; each later one with the
// key is an edit of it, and the outbox coalesces them: only the latest
// text is sent, at most one edit every few seconds, an edit that changes
// nothing not at all.

import "context"

// Live names a message that is edited in place.
type Live struct {
	// Key names the message in its chat across its versions:
	// "round:12:3", event 12's round 3.
	Key string `json:"key"`
	// Brief is shown instead of the text where the text does not fit one
	// message of the platform (a big round's table): a live message is
	// one message, since only one can be edited in place. "" shows the
	// text's first line and a note that the rest is in a file.
	Brief string `json:"brief,omitempty"`
	// Attach sends the whole text as a file after the first version when
	// Brief stands in for it, for a chat that sees it nowhere else; unset
	// when pictures of it go along (an album).
	Attach bool `json:"attach,omitempty"`
}

// Editor edits a message its platform's Sender sent (Telegram's
// editMessageText, a Discord message edit): id is the platform's id of
// the message, as the Sender gave it to Posted; m is the message as it is
// to read now, its text cut to one message (LivePart). An edit that
// changes nothing is no error. Refusals come back as a Sender's do
// (RetryAfter, ErrUndeliverable for a message that is gone).
type Editor interface {
	Edit(ctx context.Context, id string, m Message) error
}

// postedKey carries, in a Sender's context, what Posted calls.
type postedKey struct{}

// WithPosted is ctx carrying got, which Posted calls: the outbox gives its
// Sender such a context for a live message, to learn which message to
// edit later.
func WithPosted(ctx context.Context, got func(id string)) context.Context {
	return context.WithValue(ctx, postedKey{}, got)
}

// Posted tells the outbox the platform's id of the message (part) a
// Sender has just sent. A Sender calls it after each message the platform
// took; outside a delivery it does nothing.
func Posted(ctx context.Context, id string) {
	if got, ok := ctx.Value(postedKey{}).(func(string)); ok && id != "" {
		got(id)
	}
}

// LivePart is the one message a live message shows on a platform whose
// texts split cuts (as Parts is given it): its text when that fits one
// message, else its Brief (or the text's first line with a note), cut to
// one message; the buttons go with it. whole reports that the text itself
// is shown.
func LivePart(m Message, split func(string) []string) (part Message, whole bool) {
	part = Message{Chat: m.Chat, Buttons: m.Buttons, Live: m.Live}
	switch texts := split(m.Text); len(texts) {
	case 0:
		return part, true
	case 1:
		part.Text = texts[0]
		return part, true
	}
	brief := ""
	if m.Live != nil {
		brief = m.Live.Brief
	}
	if brief == "" {
		brief = title(m.Text) + "\n" + tooLong
	}
	if bs := split(brief); len(bs) > 0 {
		part.Text = bs[0]
	}
	return part, false
}
