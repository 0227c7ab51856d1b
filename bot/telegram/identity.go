package telegram

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf16"

	"github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"github.com/qisai/qisai/commands"
)

// Who an update is from, on Telegram. A message posted as a channel
// comes from the shared user Channel_Bot (136817688) with sender_chat the
// channel: the channel acts. An anonymous admin comes from the shared
// GroupAnonymousBot (1087968824) with sender_chat the group itself: the
// service refuses them (commands.Request.Anonymous), since they are all
// one user. Users named in a message come from its text mentions and the
// message it replies to.

// self is the bot's own user name, from getMe, for telling the commands
// addressed to it ("/join@qisai_bot") from those for other bots in the
// group. Run asks it (learnName) until Telegram answers; until then a
// command addressed to any bot is left alone: it may be another's.
type self struct {
	mu   sync.Mutex
	name string
}

// botName is the bot's user name, or "" while Telegram has not said it.
func (a *Adapter) botName() string {
	a.me.mu.Lock()
	defer a.me.mu.Unlock()
	return a.me.name
}

// learnName asks Telegram the bot's user name until it answers or ctx
// ends, after a growing backoff.
func (a *Adapter) learnName(ctx context.Context) {
	var wait time.Duration
	for ctx.Err() == nil {
		c, cancel := context.WithTimeout(ctx, directTimeout)
		me, err := a.send.b.GetMe(c)
		cancel()
		if err == nil && me.Username != "" {
			a.me.mu.Lock()
			a.me.name = me.Username
			a.me.mu.Unlock()
			return
		}
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			err = errors.New("getMe gave no user name")
		}
		wait = a.backoff(wait, err)
		a.log.Warn("telegram: getMe, for the bot's user name, failed; commands addressed to a bot wait for it", "in", wait, "err", err)
		a.sleep(ctx, wait)
	}
}

// isCommand reports whether text is a command ("/join 王芳").
func isCommand(text string) bool { return strings.HasPrefix(strings.TrimSpace(text), "/") }

// addressed reports whether a command names the bot it is for
// ("/join@qisai_bot"): only then is the bot's own name needed.
func addressed(text string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	return strings.HasPrefix(first, "/") && strings.Contains(first, "@")
}

// unbutton removes the buttons of the message req's button was pressed
// under (commands.Reply.Unbutton): they were used, or answer what is over.
func (a *Adapter) unbutton(ctx context.Context, req commands.Request) {
	chat, err := chatID(req.Chat)
	msg, convErr := strconv.Atoi(req.MessageID)
	if err != nil || convErr != nil {
		return // no message to edit
	}
	err = a.direct(ctx, func(ctx context.Context) error {
		// No reply_markup: the message keeps its text and loses its keyboard.
		_, err := a.send.b.EditMessageReplyMarkup(ctx, &bot.EditMessageReplyMarkupParams{ChatID: chat, MessageID: msg})
		return err
	})
	if err != nil {
		a.log.Warn("telegram: remove the buttons of a pressed message", "chat", chat, "message", msg, "err", err)
	}
}

// sender is who acts for message m sent by from: the user, or the channel
// m was posted as; anonymous when an admin posted as the group itself.
func sender(m *models.Message, from *models.User) (u commands.User, anonymous bool) {
	switch sc := m.SenderChat; {
	case sc != nil && sc.ID == m.Chat.ID:
		return commands.User{ID: strconv.FormatInt(sc.ID, 10), Name: sc.Title}, true
	case sc != nil:
		return commands.User{ID: strconv.FormatInt(sc.ID, 10), Name: sc.Title, Username: sc.Username}, false
	}
	return user(from), false
}

// user is a Telegram user as the service knows them.
func user(u *models.User) commands.User {
	return commands.User{ID: strconv.FormatInt(u.ID, 10), Name: name(u), Username: u.Username}
}

// mentions are the users m's text names by text mention (a user picked
// after "@" who has no user name, or a name linked to a user): the
// entity carries the user. Offsets count UTF-16 code units.
func mentions(m *models.Message) []commands.Mention {
	var out []commands.Mention
	var units []uint16
	for _, e := range m.Entities {
		if e.Type != models.MessageEntityTypeTextMention || e.User == nil {
			continue
		}
		if units == nil {
			units = utf16.Encode([]rune(m.Text))
		}
		if e.Offset < 0 || e.Length < 0 || e.Offset+e.Length > len(units) {
			continue
		}
		text := strings.TrimSpace(string(utf16.Decode(units[e.Offset : e.Offset+e.Length])))
		out = append(out, commands.Mention{Text: text, User: user(e.User)})
	}
	return out
}

// repliedTo is the author of the message m replies to, who a command
// without a name is about: nil when m replies to nothing, to a bot, to an
// anonymous admin, or only stands in a forum topic (whose messages reply
// to the topic's first one).
func repliedTo(m *models.Message) *commands.User {
	r := m.ReplyToMessage
	if r == nil || r.ForumTopicCreated != nil || r.From == nil || r.From.IsBot && r.SenderChat == nil {
		return nil
	}
	u, anonymous := sender(r, r.From)
	if anonymous {
		return nil
	}
	return &u
}
