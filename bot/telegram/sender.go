package telegram

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// Sender sends messages to Telegram chats: it is the chat.Sender the
// outbox delivers Telegram's messages through (Adapter.Sender).
type Sender struct {
	b *bot.Bot
}

// newSender makes the Sender of cfg's bot, with the client's options.
// It does not call Telegram.
func newSender(cfg config, opts ...bot.Option) (*Sender, error) {
	opts = append([]bot.Option{bot.WithSkipGetMe()}, opts...)
	if cfg.server != "" {
		opts = append([]bot.Option{bot.WithServerURL(cfg.server)}, opts...)
	}
	b, err := bot.New(cfg.token, opts...)
	if err != nil {
		// The library's errors do not hold the token.
		return nil, fmt.Errorf("telegram: make the client (set the bot token from @BotFather): %w", err)
	}
	return &Sender{b: b}, nil
}

// Send sends m to its chat, in its topic (chat.Chat.Thread): its text as
// HTML, monospace blocks in <pre> and the rest escaped, cut into messages
// of Telegram's length (Split); its buttons as an inline keyboard under
// the last part, whose presses come back as callback queries carrying the
// buttons' commands; its file as a document. Telegram's refusals come back
// as the outbox reads them (refusal): a 429 as a chat.RetryAfter, a group
// upgraded to a supergroup as a chat.Moved, a chat the bot may not post in
// as a chat.Refusal of chat.ErrNoRights, a user who blocked the bot or
// never started it as one of chat.ErrUndeliverable, each with what to do
// in Telegram's words.
func (s *Sender) Send(ctx context.Context, m chat.Message) error {
	id, err := chatID(m.Chat)
	if err != nil {
		return err
	}
	thread, _ := strconv.Atoi(m.Chat.Thread)
	for _, p := range Split(m) {
		if err := s.send(ctx, id, thread, p); err != nil {
			return fmt.Errorf("telegram: send to chat %s: %w", m.Chat.ID, refusal(m.Chat, err))
		}
	}
	return nil
}

// Split cuts m into the messages Telegram takes: at most
// chat.LimitTelegram UTF-16 code units of text each as Telegram counts them
// (after its HTML is parsed), a monospace block closed and opened again
// across parts, a text too long for a few messages as a file (chat.Parts).
// Give it to the outbox's delivery (storage.DeliverOptions.Split): each
// part is then paced and recorded on its own.
func Split(m chat.Message) []chat.Message {
	return chat.Parts(m, func(text string) []string { return chat.Split(text, chat.LimitTelegram) })
}

// send sends one part to chat id, in topic thread (0: the main thread): a
// picture, a document, or a message. A topic deleted or closed meanwhile
// gets it in the group's main thread instead.
func (s *Sender) send(ctx context.Context, id int64, thread int, m chat.Message) error {
	err := s.sendIn(ctx, id, thread, m)
	if thread != 0 && topicGone(err) {
		err = s.sendIn(ctx, id, 0, m)
	}
	return err
}

// topicGone says whether err is Telegram refusing a message for its topic:
// deleted ("message thread not found") or closed to the bot.
func topicGone(err error) bool {
	if !errors.Is(err, bot.ErrorBadRequest) {
		return false
	}
	e := err.Error()
	return strings.Contains(e, "message thread not found") || strings.Contains(e, "TOPIC_CLOSED") || strings.Contains(e, "TOPIC_DELETED")
}

// sendIn sends one part to chat id in topic thread.
func (s *Sender) sendIn(ctx context.Context, id int64, thread int, m chat.Message) error {
	var markup models.ReplyMarkup
	if kb := keyboard(m.Buttons); kb != nil {
		markup = kb
	}
	chat.Sending(ctx) // from here on the part may reach the chat
	switch {
	case len(m.Album) > 0:
		return s.sendAlbum(ctx, id, thread, m)
	case m.File != nil:
		return s.sendFile(ctx, id, thread, m.File, markup, "")
	}
	p := &bot.SendMessageParams{ChatID: id, MessageThreadID: thread, Text: HTML(m.Text), ParseMode: models.ParseModeHTML, ReplyMarkup: markup}
	sent, err := s.b.SendMessage(ctx, p)
	if unparsed(err) {
		// Our markup and Telegram's parser disagree: the words matter
		// more than the columns.
		p.Text, p.ParseMode = chat.Plain(m.Text), ""
		sent, err = s.b.SendMessage(ctx, p)
	}
	if err == nil && sent != nil {
		chat.Posted(ctx, strconv.Itoa(sent.ID))
	}
	return err
}

// unparsed says whether err is Telegram refusing our HTML.
func unparsed(err error) bool {
	return errors.Is(err, bot.ErrorBadRequest) && strings.Contains(err.Error(), "can't parse entities")
}

// What a person does so that Telegram takes the bot's messages, for the
// notes the service leaves (chat.Refusal.Fix).
var (
	// A user who never opened a private chat with the bot, or blocked it.
	pressStart = i18n.T{Zh: "请打开与我的私聊并点「开始」。", En: "Open a private chat with me and press Start."}
	// A group the bot was removed from, or may not send messages in.
	grantGroup = i18n.T{Zh: "请把我重新加入该群，或在群的权限设置里允许我发消息（把我设为管理员也可以）。",
		En: "Add me to the group again, or let me send messages in the group's permissions (making me an admin works too)."}
)

// refusal says what a failed request to chat to means for the outbox.
func refusal(to chat.Chat, err error) error {
	var (
		tooMany *bot.TooManyRequestsError
		moved   *bot.MigrateError
	)
	switch {
	case errors.As(err, &tooMany):
		// pace waits a short retry_after and sends again; the outbox
		// holds the message back for a longer one.
		return fmt.Errorf("%w: %w", chat.RetryAfter{Wait: time.Duration(tooMany.RetryAfter) * time.Second}, err)
	case errors.As(err, &moved):
		// "group chat was upgraded to a supergroup chat": the group
		// has a new id, and the old takes nothing more.
		return fmt.Errorf("%w: %w", chat.Moved{To: chat.Chat{Platform: Platform, ID: strconv.Itoa(moved.MigrateToChatID)}}, err)
	case to.IsPrivate() && (errors.Is(err, bot.ErrorForbidden) || errors.Is(err, bot.ErrorBadRequest) && strings.Contains(err.Error(), "chat not found")):
		// The user blocked the bot or never pressed Start: retrying will
		// not help; the group is told instead (see Undeliverable).
		return &chat.Refusal{Kind: chat.ErrUndeliverable, Fix: pressStart, Err: err}
	case !to.IsPrivate() && noRights(err):
		// Removed from the group, or no right to send there: the chat is
		// held until it may (a message gets through, or my_chat_member
		// says the bot is a member again).
		return &chat.Refusal{Kind: chat.ErrNoRights, Fix: grantGroup, Err: err}
	case errors.Is(err, bot.ErrorBadRequest):
		// Telegram will refuse the same request every time: retrying it
		// for hours would only hold back the chat's later messages.
		return fmt.Errorf("%w: %w", chat.ErrUndeliverable, err)
	}
	return err
}

// noRights says whether err is Telegram refusing to let the bot post in a
// group: 403 (kicked, not a member) or a 400 about its rights, or a chat
// it no longer sees.
func noRights(err error) bool {
	if errors.Is(err, bot.ErrorForbidden) {
		return true
	}
	if !errors.Is(err, bot.ErrorBadRequest) {
		return false
	}
	e := err.Error()
	for _, s := range []string{"not enough rights", "have no rights", "need administrator rights", "chat not found", "CHAT_WRITE_FORBIDDEN", "CHAT_RESTRICTED"} {
		if strings.Contains(e, s) {
			return true
		}
	}
	return false
}

// html escapes what Telegram's HTML parse mode reads as markup.
var html = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// HTML renders a message's text in Telegram's HTML parse mode: each
// monospace block as <pre>, everything escaped, so that a name like
// "<b>" or "A&B" shows as typed and cannot inject markup.
func HTML(text string) string {
	pre := func(s string) string { return "<pre>" + html.Replace(s) + "</pre>" }
	return chat.Render(text, pre, html.Replace)
}

// chatID is the Telegram chat id of c: its ID, or for a user's private
// chat the user's id, which Telegram gives the chat too.
func chatID(c chat.Chat) (int64, error) {
	if c.Platform != Platform {
		return 0, fmt.Errorf("telegram: chat %s/%s is not a Telegram chat", c.Platform, c.ID)
	}
	n := c.ID
	if c.IsPrivate() {
		n = c.User()
	}
	id, err := strconv.ParseInt(n, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("telegram: chat id %q is neither a number nor a private chat's user id", c.ID)
	}
	return id, nil
}

// keyboard lays buttons out in one row, a link as a URL button; nil when
// there are none.
func keyboard(buttons []chat.Button) *models.InlineKeyboardMarkup {
	if len(buttons) == 0 {
		return nil
	}
	row := make([]models.InlineKeyboardButton, 0, len(buttons))
	for _, b := range buttons {
		if b.URL != "" {
			row = append(row, models.InlineKeyboardButton{Text: b.Label, URL: b.URL})
			continue
		}
		data := b.Command
		if len(data) > chat.MaxCommand {
			// Telegram refuses the whole message for a callback_data over
			// 64 bytes. Left out, not cut: a cut command would run another.
			continue
		}
		row = append(row, models.InlineKeyboardButton{Text: b.Label, CallbackData: data})
	}
	if len(row) == 0 {
		return nil
	}
	return &models.InlineKeyboardMarkup{InlineKeyboard: [][]models.InlineKeyboardButton{row}}
}
