package telegram

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"github.com/qisai/qisai/chat"
)

// Edit edits message id of m's chat to read as m (chat.Editor), its text
// cut to one message (chat.LivePart) and its buttons replaced: a live
// message, a round's boards as their results come in. An edit that
// changes nothing ("message is not modified") is done already; a message
// gone from the chat ("message to edit not found") is refused for good,
// so that the next version is a new message.
func (s *Sender) Edit(ctx context.Context, id string, m chat.Message) error {
	to, err := chatID(m.Chat)
	if err != nil {
		return err
	}
	msg, err := strconv.Atoi(id)
	if err != nil {
		return fmt.Errorf("telegram: edit message %q of chat %s: not a message id: %w", id, m.Chat.ID, chat.ErrUndeliverable)
	}
	part, _ := chat.LivePart(m, func(text string) []string { return chat.Split(text, chat.LimitTelegram) })
	p := &bot.EditMessageTextParams{ChatID: to, MessageID: msg, Text: HTML(part.Text), ParseMode: models.ParseModeHTML}
	if kb := keyboard(part.Buttons); kb != nil {
		p.ReplyMarkup = kb
	}
	chat.Sending(ctx)
	_, err = s.b.EditMessageText(ctx, p)
	if unparsed(err) {
		p.Text, p.ParseMode = chat.Plain(part.Text), ""
		_, err = s.b.EditMessageText(ctx, p)
	}
	if err == nil || notModified(err) {
		return nil
	}
	if errors.Is(err, bot.ErrorBadRequest) && strings.Contains(err.Error(), "message to edit not found") {
		return fmt.Errorf("telegram: edit message %s of chat %s: %w: %w", id, m.Chat.ID, chat.ErrUndeliverable, err)
	}
	return fmt.Errorf("telegram: edit message %s of chat %s: %w", id, m.Chat.ID, refusal(m.Chat, err))
}
