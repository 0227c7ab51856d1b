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

// Send sends m to its chat: its text as HTML, monospace blocks in <pre>
// and the rest escaped, cut into messages of Telegram's length (Split);
// its buttons as an inline keyboard under the last part, whose presses
// come back as callback queries carrying the buttons' commands; its file
// as a document. Telegram's refusals come back as the outbox reads them:
// a 429 as a chat.RetryAfter, a refusal for good (400, or 403 from a
// user who blocked the bot or never started it) wrapping
// chat.ErrUndeliverable.
func (s *Sender) Send(ctx context.Context, m chat.Message) error {
	id, err := chatID(m.Chat)
	if err != nil {
		return err
	}
	for _, p := range Split(m) {
		if err := s.send(ctx, id, p); err != nil {
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

// send sends one part: a picture, a document, or a message.
func (s *Sender) send(ctx context.Context, id int64, m chat.Message) error {
	var markup models.ReplyMarkup
	if kb := keyboard(m.Buttons); kb != nil {
		markup = kb
	}
	chat.Sending(ctx) // from here on the part may reach the chat
	if f := m.File; f != nil {
		return s.sendFile(ctx, id, f, markup)
	}
	p := &bot.SendMessageParams{ChatID: id, Text: HTML(m.Text), ParseMode: models.ParseModeHTML, ReplyMarkup: markup}
	_, err := s.b.SendMessage(ctx, p)
	if errors.Is(err, bot.ErrorBadRequest) && strings.Contains(err.Error(), "can't parse entities") {
		// Our markup and Telegram's parser disagree: the words matter
		// more than the columns.
		p.Text, p.ParseMode = chat.Plain(m.Text), ""
		_, err = s.b.SendMessage(ctx, p)
	}
	return err
}

// refusal says what a failed request means for the outbox.
func refusal(to chat.Chat, err error) error {
	var tooMany *bot.TooManyRequestsError
	switch {
	case errors.As(err, &tooMany):
		// pace waits a short retry_after and sends again; the outbox
		// holds the message back for a longer one.
		return fmt.Errorf("%w: %w", chat.RetryAfter{Wait: time.Duration(tooMany.RetryAfter) * time.Second}, err)
	case errors.Is(err, bot.ErrorBadRequest):
		// Telegram will refuse the same request every time: retrying it
		// for hours would only hold back the chat's later messages.
		return fmt.Errorf("%w: %w", chat.ErrUndeliverable, err)
	case errors.Is(err, bot.ErrorForbidden) && to.IsPrivate():
		// The user blocked the bot or never pressed Start: retrying will
		// not help; the group is told instead (see Undeliverable).
		return fmt.Errorf("%w: %w", chat.ErrUndeliverable, err)
	}
	return err
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

// keyboard lays buttons out in one row; nil when there are none.
func keyboard(buttons []chat.Button) *models.InlineKeyboardMarkup {
	if len(buttons) == 0 {
		return nil
	}
	row := make([]models.InlineKeyboardButton, 0, len(buttons))
	for _, b := range buttons {
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
