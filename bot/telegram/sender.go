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

	"github.com/qisai/qisai/bot/pace"
	"github.com/qisai/qisai/commands"
)

// Sender sends messages to Telegram chats: it is the commands.Sender the
// outbox delivers Telegram's messages through.
type Sender struct {
	b *bot.Bot
}

// NewSender makes a Sender for cfg's bot. It does not call Telegram.
func NewSender(cfg Config) (*Sender, error) { return newSender(cfg) }

// newSender is NewSender with extra client options.
func newSender(cfg Config, opts ...bot.Option) (*Sender, error) {
	opts = append([]bot.Option{bot.WithSkipGetMe()}, opts...)
	if cfg.APIURL != "" {
		opts = append([]bot.Option{bot.WithServerURL(strings.TrimRight(cfg.APIURL, "/"))}, opts...)
	}
	b, err := bot.New(cfg.Token, opts...)
	if err != nil {
		// The library's errors do not hold the token.
		return nil, fmt.Errorf("telegram: make the client (set the bot token from @BotFather): %w", err)
	}
	return &Sender{b: b}, nil
}

// Send sends m to its chat, its buttons as an inline keyboard whose
// presses come back as callback queries carrying the buttons' commands.
// A user who blocked the bot or never started it makes Telegram answer
// 403: the error wraps bot.ErrorForbidden.
func (s *Sender) Send(ctx context.Context, m commands.Message) error {
	id, err := chatID(m.Chat)
	if err != nil {
		return err
	}
	p := &bot.SendMessageParams{ChatID: id, Text: m.Text}
	if kb := keyboard(m.Buttons); kb != nil {
		p.ReplyMarkup = kb
	}
	if _, err := s.b.SendMessage(ctx, p); err != nil {
		var tooMany *bot.TooManyRequestsError
		if errors.Is(err, bot.ErrorForbidden) && strings.HasPrefix(m.Chat.ID, "dm:") {
			// The user blocked the bot or never pressed Start: retrying
			// will not help; the group is told instead (see Undeliverable).
			err = fmt.Errorf("%w: %w", commands.ErrUndeliverable, err)
		} else if errors.As(err, &tooMany) {
			// pace waits a short retry_after and sends again; the outbox
			// holds the message back for a longer one.
			err = fmt.Errorf("%w: %w", pace.RetryAfter{Wait: time.Duration(tooMany.RetryAfter) * time.Second}, err)
		}
		return fmt.Errorf("telegram: send to chat %s: %w", m.Chat.ID, err)
	}
	return nil
}

// chatID is the Telegram chat id of chat: its ID, or for "dm:USER" the
// user's private chat, whose id is the user's.
func chatID(chat commands.Chat) (int64, error) {
	if chat.Platform != Platform {
		return 0, fmt.Errorf("telegram: chat %s/%s is not a Telegram chat", chat.Platform, chat.ID)
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(chat.ID, "dm:"), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("telegram: chat id %q is neither a number nor dm:USER", chat.ID)
	}
	return id, nil
}

// maxCallbackData is the most bytes Telegram takes in a button's
// callback_data; a longer one makes it refuse the whole message.
const maxCallbackData = 64

// keyboard lays buttons out in one row; nil when there are none.
func keyboard(buttons []commands.Button) *models.InlineKeyboardMarkup {
	if len(buttons) == 0 {
		return nil
	}
	row := make([]models.InlineKeyboardButton, 0, len(buttons))
	for _, b := range buttons {
		data := b.Command
		if len(data) > maxCallbackData {
			// Left out, not cut: a cut command would run another one.
			continue
		}
		row = append(row, models.InlineKeyboardButton{Text: b.Label, CallbackData: data})
	}
	if len(row) == 0 {
		return nil
	}
	return &models.InlineKeyboardMarkup{InlineKeyboard: [][]models.InlineKeyboardButton{row}}
}
