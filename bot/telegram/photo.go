package telegram

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"path"
	"strconv"
	"strings"

	"github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"github.com/qisai/qisai/chat"
)

// sendFile sends f to chat id, in topic thread, with caption (HTML; ""
// for none): a picture (a .png, package picture's) as a photo, shown in
// the chat, where Telegram takes it as one; anything else, and a picture
// beyond a photo's limits, as a document.
func (s *Sender) sendFile(ctx context.Context, id int64, thread int, f *chat.File, markup models.ReplyMarkup, caption string) error {
	mode := models.ParseMode("")
	if caption != "" {
		mode = models.ParseModeHTML
	}
	if isPhoto(f) {
		_, err := s.b.SendPhoto(ctx, &bot.SendPhotoParams{
			ChatID:          id,
			MessageThreadID: thread,
			Photo:           &models.InputFileUpload{Filename: f.Name, Data: bytes.NewReader(f.Data)},
			Caption:         caption,
			ParseMode:       mode,
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
		Caption:         caption,
		ParseMode:       mode,
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

// sendAlbum sends m's album to chat id, in topic thread, its text as the
// caption: one picture as a photo (sendFile), 2 to 10 as one album
// (sendMediaGroup) — photos, or documents when one of them is beyond a
// photo's limits, since an album does not mix the two. Telegram gives
// each picture a message of its own; the first is the album's.
func (s *Sender) sendAlbum(ctx context.Context, id int64, thread int, m chat.Message) error {
	caption := HTML(m.Text)
	if len(m.Album) == 1 {
		return s.sendFile(ctx, id, thread, m.Album[0], nil, caption)
	}
	photos := true
	for _, f := range m.Album {
		photos = photos && isPhoto(f)
	}
	media := make([]models.InputMedia, len(m.Album))
	for i, f := range m.Album {
		// A field of the request's form each: a name of our own, unique
		// and plain, whatever the file is called.
		ref := fmt.Sprintf("attach://page%d%s", i+1, path.Ext(f.Name))
		c, mode := "", models.ParseMode("")
		if i == 0 && caption != "" {
			c, mode = caption, models.ParseModeHTML
		}
		if photos {
			media[i] = &models.InputMediaPhoto{Media: ref, Caption: c, ParseMode: mode, MediaAttachment: bytes.NewReader(f.Data)}
		} else {
			media[i] = &models.InputMediaDocument{Media: ref, Caption: c, ParseMode: mode, MediaAttachment: bytes.NewReader(f.Data)}
		}
	}
	sent, err := s.b.SendMediaGroup(ctx, &bot.SendMediaGroupParams{ChatID: id, MessageThreadID: thread, Media: media})
	if err == nil && len(sent) > 0 {
		chat.Posted(ctx, strconv.Itoa(sent[0].ID))
	}
	return err
}
