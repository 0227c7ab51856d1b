package discord

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// maxWait is the longest 429 retry_after Sender waits out itself; a longer
// one goes back to the outbox as an error, which retries the message later
// (waiting longer here would outlast the outbox's 30-second claim).
const maxWait = 10 * time.Second

// Sender posts the outbox's messages through Discord's REST API: to the
// channel whose id is the chat's, or for a user's private chat to their DM
// channel. It implements chat.Sender.
type Sender struct {
	session *discordgo.Session

	mu  sync.Mutex
	dms map[string]string // user id → their DM channel's id
}

// NewSender sends through session's REST client (its Client, token and
// rate limiter); it needs no gateway connection.
func NewSender(session *discordgo.Session) *Sender {
	return &Sender{session: session, dms: map[string]string{}}
}

// Send posts m, cut into messages of Discord's length (Split), rendered
// as Discord's markdown (tables in code blocks, everything else escaped),
// pinging nobody; the buttons go with the last text, a file as an
// attachment of its own message. Delivery is at least once, like the
// outbox's: when a later part fails, a retry of Send sends the earlier
// ones again (the outbox, splitting first, does not).
func (s *Sender) Send(ctx context.Context, m chat.Message) error {
	if m.Chat.Platform != Platform {
		return fmt.Errorf("discord: cannot send to a %s chat", m.Chat.Platform)
	}
	channel, err := s.channel(ctx, m.Chat)
	if err != nil {
		return refusal(m.Chat, err)
	}
	for _, p := range Split(m) {
		err := retry(ctx, func(opts ...discordgo.RequestOption) error {
			msg := &discordgo.MessageSend{Content: render(p.Text), Components: components(p.Buttons), AllowedMentions: noMentions}
			// A fresh reader for every try; an album is one message's
			// attachments.
			if p.File != nil {
				msg.Files = []*discordgo.File{attachment(p.File)}
			}
			for _, f := range p.Album {
				msg.Files = append(msg.Files, attachment(f))
			}
			chat.Sending(ctx) // from here on the part may reach the channel
			sent, err := s.session.ChannelMessageSendComplex(channel, msg, opts...)
			if err == nil && sent != nil {
				chat.Posted(ctx, sent.ID)
			}
			return err
		})
		if err != nil {
			return fmt.Errorf("discord: send to channel %s: %w", channel, refusal(m.Chat, err))
		}
	}
	return nil
}

// Edit edits message id of m's chat to read as m (chat.Editor): its text
// cut to one message (chat.LivePart) and its buttons replaced, pinging
// nobody. A message gone from the channel (10008 Unknown Message) is
// refused for good, so that the next version is a new message.
func (s *Sender) Edit(ctx context.Context, id string, m chat.Message) error {
	if m.Chat.Platform != Platform {
		return fmt.Errorf("discord: cannot edit a message of a %s chat", m.Chat.Platform)
	}
	channel, err := s.channel(ctx, m.Chat)
	if err != nil {
		return refusal(m.Chat, err)
	}
	part, _ := chat.LivePart(m, func(text string) []string { return chat.SplitMeasured(text, chat.LimitDiscord, rendered) })
	content, rows := render(part.Text), components(part.Buttons)
	err = retry(ctx, func(opts ...discordgo.RequestOption) error {
		chat.Sending(ctx)
		_, err := s.session.ChannelMessageEditComplex(&discordgo.MessageEdit{
			ID: id, Channel: channel, Content: &content, Components: &rows, AllowedMentions: noMentions,
		}, opts...)
		return err
	})
	if err != nil {
		return fmt.Errorf("discord: edit message %s of channel %s: %w", id, channel, refusal(m.Chat, err))
	}
	return nil
}

// What a person does so that Discord takes the bot's messages, for the
// notes the service leaves (chat.Refusal's Fix).
var (
	// A user who allows no direct messages from the server's members
	// (50007), or who blocked the bot.
	allowDMs = i18n.T{Zh: "请在 Discord 里允许服务器成员私信你：用户设置 → 隐私与安全，或本服务器的「隐私设置」。",
		En: "On Discord, allow direct messages from server members: User Settings → Privacy & Safety, or this server's Privacy Settings."}
	// A channel the bot cannot see (50001), may not post in (50013), or
	// that is gone (10003).
	grantChannel = i18n.T{Zh: "请在该频道的权限设置里给我「查看频道」和「发送消息」权限（频道若已删除，请用 /link 关联另一个）。",
		En: "Give me View Channel and Send Messages in the channel's permissions (if the channel was deleted, /link another)."}
)

// refusal says what a failed request to chat to means for the outbox.
// Discord refusing it for good is a chat.Refusal, with what to do: the
// user's direct messages closed (50007, or any 403 to them) is
// chat.ErrUndeliverable, given up at once and the group told; a channel
// the bot cannot see, may not post in, or that is gone (50001, 50013,
// 10003) is chat.ErrNoRights, which holds the channel until it may. Any
// other 400 or 404 (a message Discord cannot take) is undeliverable too:
// the same request fails the same way every time, and would hold back the
// chat's later messages for hours of retries.
func refusal(to chat.Chat, err error) error {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response == nil {
		return err
	}
	switch code, status := errCode(err), rest.Response.StatusCode; {
	case to.IsPrivate() && (code == discordgo.ErrCodeCannotSendMessagesToThisUser || status == http.StatusForbidden):
		return &chat.Refusal{Kind: chat.ErrUndeliverable, Fix: allowDMs, Err: err}
	case !to.IsPrivate() && (code == discordgo.ErrCodeMissingAccess || code == discordgo.ErrCodeMissingPermissions || code == discordgo.ErrCodeUnknownChannel):
		return &chat.Refusal{Kind: chat.ErrNoRights, Fix: grantChannel, Err: err}
	case status == http.StatusBadRequest || status == http.StatusNotFound:
		return fmt.Errorf("%w: %w", chat.ErrUndeliverable, err)
	}
	return err
}

// channel is the id of the channel to post to for chat to: its own, or
// for a private chat the user's DM channel.
func (s *Sender) channel(ctx context.Context, to chat.Chat) (string, error) {
	if !to.IsPrivate() {
		return to.ID, nil
	}
	user := to.User()
	s.mu.Lock()
	ch, ok := s.dms[user]
	s.mu.Unlock()
	if ok {
		return ch, nil
	}
	err := retry(ctx, func(opts ...discordgo.RequestOption) error {
		c, err := s.session.UserChannelCreate(user, opts...)
		if err == nil {
			ch = c.ID
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("discord: open the DM channel of user %s: %w", user, err)
	}
	s.mu.Lock()
	s.dms[user] = ch
	s.mu.Unlock()
	return ch, nil
}

// retry makes a request, and once more after waiting out a 429's
// retry_after when that is short (maxWait). discordgo's own retry on 429
// is turned off because it sleeps without regard to ctx.
func retry(ctx context.Context, request func(...discordgo.RequestOption) error) error {
	opts := []discordgo.RequestOption{discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false)}
	err := request(opts...)
	var limited *discordgo.RateLimitError
	if !errors.As(err, &limited) {
		return err
	}
	if limited.RetryAfter > maxWait {
		// Too long to wait here: the outbox holds the message back as long.
		return fmt.Errorf("%w: %w", chat.RetryAfter{Wait: limited.RetryAfter}, err)
	}
	if err := pause(ctx, limited.RetryAfter); err != nil {
		return errors.Join(limited, err)
	}
	return request(opts...)
}

// pause waits d, or less when ctx ends, returning ctx's error then.
func pause(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
