package feishu

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image/png"
	"log/slog"
	"path"
	"strconv"
	"strings"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"
	lark "github.com/larksuite/oapi-sdk-go/v3"
	larkim "github.com/larksuite/oapi-sdk-go/v3/service/im/v1"

	"github.com/qisai/qisai/chat"
)

// cardsKept is how many cards' button-less forms the Sender remembers,
// for removing the buttons of a card once one was used: a live event's
// cards of the last days, in a few megabytes.
const cardsKept = 10000

// Sender sends messages to Feishu chats through the open platform's
// im/v1 API: it is the chat.Sender the outbox delivers Feishu's messages
// through (Adapter.Sender).
type Sender struct {
	api *lark.Client
	log *slog.Logger
	// cards holds, by message_id, each card sent with buttons as it is
	// without them (unbuttoned).
	cards *lru.Cache[string, string]

	mu sync.Mutex
	// carding counts the cards being sent; idle is closed, and replaced,
	// when it falls to 0.
	carding int
	idle    chan struct{}
}

func newSender(api *lark.Client, log *slog.Logger) *Sender {
	cards, err := lru.New[string, string](cardsKept)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return &Sender{api: api, log: log, cards: cards, idle: make(chan struct{})}
}

// unbuttoned is the card message id was sent as, without its buttons;
// false when this Sender did not send it (before a restart, say). A card
// can be pressed before Feishu's answer to its sending is back here (the
// message is in the chat once Feishu has it): while cards are being sent,
// it waits for them, until ctx ends.
func (s *Sender) unbuttoned(ctx context.Context, id string) (string, bool) {
	for {
		if c, ok := s.cards.Get(id); ok {
			return c, true
		}
		s.mu.Lock()
		busy, idle := s.carding > 0, s.idle
		s.mu.Unlock()
		if !busy {
			return "", false
		}
		select {
		case <-idle:
		case <-ctx.Done():
			return "", false
		}
	}
}

// sendingCard counts a card being sent until the function it returns is
// called.
func (s *Sender) sendingCard() (done func()) {
	s.mu.Lock()
	s.carding++
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.carding--; s.carding == 0 {
			close(s.idle)
			s.idle = make(chan struct{})
		}
	}
}

// Send sends m to its chat — a group by its chat_id, a private chat to
// its user's open_id — cut into the messages Feishu takes (Split): text
// as a rich-text message with its tables in code blocks, text with
// buttons as an interactive card, a PNG picture uploaded and shown as an
// image, any other file uploaded as a file. Each message carries a uuid
// made of the outbox's key of it, so that Feishu sends it once however
// often the request is made within the hour it remembers. Feishu's
// refusals come back as the outbox reads them (refusal).
func (s *Sender) Send(ctx context.Context, m chat.Message) error {
	if m.Chat.Platform != Platform {
		return fmt.Errorf("feishu: cannot send to a %s chat", m.Chat.Platform)
	}
	for _, p := range Split(m) {
		if err := s.send(ctx, p); err != nil {
			return fmt.Errorf("feishu: send to chat %s: %w", m.Chat.ID, refusal(m.Chat, err))
		}
	}
	return nil
}

// receiver is how Feishu names the chat c: a group by its chat_id, a
// user by their open_id.
func receiver(c chat.Chat) (idType, id string) {
	if c.IsPrivate() {
		return "open_id", c.User()
	}
	return "chat_id", c.ID
}

// send sends one part.
func (s *Sender) send(ctx context.Context, p chat.Message) error {
	if len(p.Album) > 0 {
		return s.sendAlbum(ctx, p)
	}
	if p.Live != nil {
		return s.sendLive(ctx, p)
	}
	if f := p.File; f != nil {
		if err := s.sendFile(ctx, p, f); err != nil {
			return err
		}
		if len(p.Buttons) == 0 {
			return nil
		}
		p = chat.Message{Chat: p.Chat, Buttons: p.Buttons, DedupKey: keyed(p.DedupKey, "buttons")}
	}
	if len(p.Buttons) > 0 {
		defer s.sendingCard()()
		with, without := cardContent(p.Text, p.Buttons, p.Chat.IsPrivate())
		id, err := s.create(ctx, p, "interactive", with)
		if err == nil {
			s.cards.Add(id, without)
		}
		return err
	}
	_, err := s.create(ctx, p, "post", postContent(p.Text))
	return err
}

// sendAlbum sends p's pictures: Feishu shows no album, so its caption,
// when it has one, goes first as a message of its own, then each picture
// as an image, each under a key of its own (Send's uuid).
func (s *Sender) sendAlbum(ctx context.Context, p chat.Message) error {
	if strings.TrimSpace(p.Text) != "" {
		if _, err := s.create(ctx, chat.Message{Chat: p.Chat, DedupKey: keyed(p.DedupKey, "caption")}, "post", postContent(p.Text)); err != nil {
			return err
		}
	}
	for i, f := range p.Album {
		if err := s.sendFile(ctx, chat.Message{Chat: p.Chat, DedupKey: keyed(p.DedupKey, "picture"+strconv.Itoa(i+1))}, f); err != nil {
			return err
		}
	}
	return nil
}

// sendLive sends the first version of a live message (chat.Live) as a
// shared card, with or without buttons — a card can be edited in place
// as often as it changes (Edit), a rich-text message only 20 times — and
// tells the outbox its message_id (chat.Posted).
func (s *Sender) sendLive(ctx context.Context, p chat.Message) error {
	if len(p.Buttons) > 0 {
		defer s.sendingCard()()
	}
	with, without := cardContent(p.Text, p.Buttons, p.Chat.IsPrivate())
	id, err := s.create(ctx, p, "interactive", with)
	if err != nil {
		return err
	}
	if len(p.Buttons) > 0 {
		s.cards.Add(id, without)
	}
	chat.Posted(ctx, id)
	return nil
}

// Edit edits live message id of m's chat, a card sendLive sent, to read
// as m (chat.Editor): its text cut to one message (chat.LivePart), its
// buttons replaced (PATCH im/v1/messages/:message_id, a shared card's
// update). Feishu refuses an edit of a card recalled or sent more than 14
// days ago: refused for good (chat.ErrUndeliverable), the next version is
// a new message.
func (s *Sender) Edit(ctx context.Context, id string, m chat.Message) error {
	if m.Chat.Platform != Platform {
		return fmt.Errorf("feishu: cannot edit a message of a %s chat", m.Chat.Platform)
	}
	part, _ := chat.LivePart(m, func(text string) []string { return chat.SplitMeasured(text, maxContent, measure) })
	with, without := cardContent(part.Text, part.Buttons, m.Chat.IsPrivate())
	req := larkim.NewPatchMessageReqBuilder().MessageId(id).
		Body(larkim.NewPatchMessageReqBodyBuilder().Content(with).Build()).Build()
	c, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	chat.Sending(ctx)
	resp, err := s.api.Im.V1.Message.Patch(c, req)
	if err == nil && !resp.Success() {
		err = answer(resp.ApiResp, resp.CodeError)
	}
	if err != nil {
		return fmt.Errorf("feishu: edit message %s of chat %s: %w", id, m.Chat.ID, refusal(m.Chat, err))
	}
	if len(part.Buttons) > 0 {
		s.cards.Add(id, without)
	}
	return nil
}

// keyed is key with what after it, "" when key is.
func keyed(key, what string) string {
	if key == "" {
		return ""
	}
	return key + "#" + what
}

// create sends a message of kind with content to p's chat, returning its
// message_id.
func (s *Sender) create(ctx context.Context, p chat.Message, kind, content string) (string, error) {
	idType, to := receiver(p.Chat)
	body := larkim.NewCreateMessageReqBodyBuilder().ReceiveId(to).MsgType(kind).Content(content)
	if p.DedupKey != "" {
		body.Uuid(uuid(p.DedupKey))
	}
	req := larkim.NewCreateMessageReqBuilder().ReceiveIdType(idType).Body(body.Build()).Build()
	c, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	chat.Sending(ctx) // from here on the part may reach the chat
	resp, err := s.api.Im.V1.Message.Create(c, req)
	if err != nil {
		return "", err
	}
	if !resp.Success() {
		return "", answer(resp.ApiResp, resp.CodeError)
	}
	if resp.Data == nil || resp.Data.MessageId == nil {
		return "", nil
	}
	return *resp.Data.MessageId, nil
}

// uuid is the request's uuid for the outbox's key of a message part:
// Feishu sends at most one message of a uuid within an hour (im/v1/messages
// create), and takes at most 50 characters.
func uuid(key string) string {
	sum := sha256.Sum256([]byte("qisai feishu\x00" + key))
	return hex.EncodeToString(sum[:16])
}

// Feishu's limits on what it takes as an upload (im/v1/images: 10 MB;
// im/v1/files: 30 MB, not empty).
const (
	maxImage = 10 << 20
	maxFile  = 30 << 20
)

// sendFile uploads f and sends it to p's chat: a PNG picture as an image,
// shown in the chat; anything else, and a picture too big to be an image,
// as a file.
func (s *Sender) sendFile(ctx context.Context, p chat.Message, f *chat.File) error {
	if isPicture(f) {
		key, err := s.uploadImage(ctx, f)
		if err != nil {
			return err
		}
		_, err = s.create(ctx, p, "image", marshal(map[string]string{"image_key": key}))
		return err
	}
	if len(f.Data) == 0 || len(f.Data) > maxFile {
		return fmt.Errorf("%w: file %s has %d bytes; Feishu takes 1 byte to 30 MB", chat.ErrUndeliverable, f.Name, len(f.Data))
	}
	key, err := s.uploadFile(ctx, f)
	if err != nil {
		return err
	}
	_, err = s.create(ctx, p, "file", marshal(map[string]string{"file_key": key}))
	return err
}

// isPicture says whether f is a PNG picture Feishu takes as an image.
func isPicture(f *chat.File) bool {
	if !strings.HasSuffix(strings.ToLower(f.Name), ".png") || len(f.Data) > maxImage {
		return false
	}
	c, err := png.DecodeConfig(bytes.NewReader(f.Data))
	return err == nil && c.Width > 0 && c.Height > 0
}

// uploadImage uploads f as a message's image, returning its image_key.
func (s *Sender) uploadImage(ctx context.Context, f *chat.File) (string, error) {
	body := larkim.NewCreateImageReqBodyBuilder().ImageType(larkim.CreateImageImageTypeMessage).Image(bytes.NewReader(f.Data)).Build()
	c, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	resp, err := s.api.Im.V1.Image.Create(c, larkim.NewCreateImageReqBuilder().Body(body).Build())
	if err != nil {
		return "", err
	}
	if !resp.Success() {
		return "", answer(resp.ApiResp, resp.CodeError)
	}
	if resp.Data == nil || resp.Data.ImageKey == nil {
		return "", fmt.Errorf("feishu: upload image %s: no image_key in the answer", f.Name)
	}
	return *resp.Data.ImageKey, nil
}

// uploadFile uploads f as a message's file, returning its file_key.
func (s *Sender) uploadFile(ctx context.Context, f *chat.File) (string, error) {
	body := larkim.NewCreateFileReqBodyBuilder().FileType(fileType(f.Name)).FileName(f.Name).File(bytes.NewReader(f.Data)).Build()
	c, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	resp, err := s.api.Im.V1.File.Create(c, larkim.NewCreateFileReqBuilder().Body(body).Build())
	if err != nil {
		return "", err
	}
	if !resp.Success() {
		return "", answer(resp.ApiResp, resp.CodeError)
	}
	if resp.Data == nil || resp.Data.FileKey == nil {
		return "", fmt.Errorf("feishu: upload file %s: no file_key in the answer", f.Name)
	}
	return *resp.Data.FileKey, nil
}

// fileType is the file_type im/v1/files takes for a file name: the kinds
// Feishu previews by their own name, "stream" for the rest (CSV, TRF,
// text).
func fileType(name string) string {
	switch ext := strings.ToLower(strings.TrimPrefix(path.Ext(name), ".")); ext {
	case "pdf", "doc", "xls", "ppt", "mp4", "opus":
		return ext
	case "docx":
		return "doc"
	case "xlsx":
		return "xls"
	case "pptx":
		return "ppt"
	}
	return "stream"
}
