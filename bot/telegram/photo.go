package telegram

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"strings"

	"github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"github.com/qisai/qisai/chat"
)

// sendFile sends f to chat id, in topic thread: a picture (a .png, package picture's) as a photo,
// shown in the chat, where Telegram takes it as one; anything else, and a
// picture beyond a photo's limits, as a document.
func (s *Sender) sendFile(ctx context.Context, id int64, thread int, f *chat.File, markup models.ReplyMarkup) error {
	if isPhoto(f) {
		_, err := s.b.SendPhoto(ctx, &bot.SendPhotoParams{
			ChatID:          id,
			MessageThreadID: thread,
			Photo:           &models.InputFileUpload{Filename: f.Name, Data: bytes.NewReader(f.Data)},
			ReplyMarkup:     markup,
		})
		// PHOTO_INVALID_DIMENSIONS and the like: Telegram's limits are
		// stricter than ours after all; as a document it still arrives.
		if !errors.Is(err, bot.ErrorBadRequest) || !strings.Contains(err.Error(), "PHOTO") {
			return err
		}
	}
	_, err := s.b.SendDocument(ctx, &bot.SendDocumentParams{
		ChatID:          id,
		MessageThreadID: thread,
		Document:        &models.InputFileUpload{Filename: f.Name, Data: bytes.NewReader(f.Data)},
		ReplyMarkup:     markup,
	})
	return err
}

// Telegram's limits for a photo (Bot API, sendPhoto).
const (
	photoBytes = 10 << 20 // at most 10 MB
	photoSides = 10000    // width + height at most
	photoRatio = 20       // neither side more than 20 times the other
)

// isPhoto says whether f is a PNG picture Telegram takes as a photo.
func isPhoto(f *chat.File) bool {
	if !strings.HasSuffix(strings.ToLower(f.Name), ".png") || len(f.Data) > photoBytes {
		return false
	}
	c, err := png.DecodeConfig(bytes.NewReader(f.Data))
	return err == nil && c.Width > 0 && c.Height > 0 &&
		c.Width+c.Height <= photoSides && c.Width <= photoRatio*c.Height && c.Height <= photoRatio*c.Width
}
