// Package telegram connects qisai to Telegram through the Bot API
// (github.com/go-telegram/bot): it receives updates by long polling or,
// behind a public https URL, by webhook; runs every command typed in a
// group or a private chat through commands.Service; answers in the chat;
// and sends the outbox's messages (Sender).
//
// Chats map onto storage as the other adapters' do: a group is
// chat.Chat{Platform: "telegram", ID: "<chat id>"}, a user's private chat
// with the bot chat.Private("telegram", "<user id>") (on Telegram the
// private chat's id is the user's id), and a user's id is their Telegram
// user id.
package telegram

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
)

// Platform is Telegram's name in storage and in the log.
const Platform = "telegram"

// WebhookPath is where the HTTP listener serves WebhookHandler; the
// public WebhookURL must reach it (through the operator's https proxy).
const WebhookPath = "/telegram/webhook"

// config says how to reach Telegram: the token New takes and what the
// options set.
type config struct {
	token string // the bot's token from @BotFather; never logged
	// server is a self-hosted Bot API server ("" is Telegram's).
	server string
	// webhook selects webhook mode: Telegram posts updates to this public
	// https URL, which must lead to WebhookHandler. "" long-polls.
	webhook string
	// client makes the Bot API calls.
	client *http.Client
}

// Adapter is the bot: it turns updates into requests and replies into
// messages.
type Adapter struct {
	cfg    config
	svc    *commands.Service
	send   *Sender
	log    *slog.Logger
	secret string     // the webhook's secret token
	mu     sync.Mutex // one webhook update at a time
	me     self       // the bot's own user name (identity.go)

	// reach tells whether Telegram answers (WithStatus).
	reach chat.Reach
	// sleep waits d or until ctx ends; tests replace it to see the
	// backoffs without waiting them out.
	sleep func(ctx context.Context, d time.Duration)
}

// Option changes an Adapter.
type Option func(*Adapter)

// WithServerURL talks to a self-hosted Bot API server at url
// (QISAI_TELEGRAM_API_URL) instead of Telegram's.
func WithServerURL(url string) Option {
	return func(a *Adapter) { a.cfg.server = strings.TrimRight(url, "/") }
}

// WithWebhook receives updates by webhook: Telegram posts them to url, a
// public https URL that leads to WebhookHandler (QISAI_TELEGRAM_WEBHOOK_URL).
// Without it the adapter long-polls.
func WithWebhook(url string) Option { return func(a *Adapter) { a.cfg.webhook = url } }

// WithHTTPClient makes the Bot API calls with c (tests, proxies); its
// timeout must outlast a long poll (about a minute).
func WithHTTPClient(c *http.Client) Option { return func(a *Adapter) { a.cfg.client = c } }

// WithLogger logs to l (default slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(a *Adapter) { a.log = l } }

// WithStatus tells f whether Telegram answers: up after a call it
// answered, not (with the error) when it failed, each change once. An
// operator sees it on /healthz and /metrics; the service runs either way.
func WithStatus(f func(up bool, err error)) Option { return func(a *Adapter) { a.reach.Listen(f) } }

// New makes the adapter of the bot whose token is token (from
// @BotFather), running commands through svc. It does not call Telegram.
func New(svc *commands.Service, token string, opts ...Option) (*Adapter, error) {
	a := &Adapter{cfg: config{token: token}, svc: svc, log: slog.Default(), secret: webhookSecret(token), sleep: sleep}
	for _, o := range opts {
		o(a)
	}
	if a.cfg.client == nil {
		// Long enough for the long poll; a send that hangs is cut off.
		a.cfg.client = &http.Client{Timeout: pollWait + pollSlack}
	}
	log := a.log
	s, err := newSender(a.cfg,
		bot.WithHTTPClient(pollWait+pollSlack, a.cfg.client),
		bot.WithErrorsHandler(func(err error) { log.Warn("telegram: client", "err", err) }))
	if err != nil {
		return nil, err
	}
	a.send = s
	return a, nil
}

// Sender is the adapter's outbox sender, on the same client.
func (a *Adapter) Sender() *Sender { return a.send }

// webhookSecret is the secret token Telegram sends with every webhook
// update, derived from the bot token so that no other setting is needed:
// only who knows the token can forge it, and they can read the updates
// anyway. Telegram takes 1-256 of A-Z, a-z, 0-9, _ and -: hex fits.
func webhookSecret(token string) string {
	sum := sha256.Sum256([]byte("qisai telegram webhook\x00" + token))
	return hex.EncodeToString(sum[:])[:32]
}

// Run receives updates until ctx ends, and answers every command in the
// chat it came from. Without a webhook URL it deletes any webhook
// (Telegram refuses getUpdates while one is set) and long-polls (poll.go:
// an update counts as received once it is handled); with one it sets the
// webhook, and the updates arrive through WebhookHandler. Either way one
// update is handled at a time, in order, so a chat's commands run in the
// order they were sent. Then it sets the command menu, and asks Telegram
// the bot's own user name (getMe) until it answers.
//
// Telegram slow, down or refusing is waited out, from the first call on:
// each call is tried again after a growing backoff (a 429's retry_after,
// else 1 s doubling to a minute), and the status (WithStatus) says
// meanwhile that Telegram is not reached. Run returns nil when ctx ends,
// and an error only for a configuration Telegram refuses (a token it does
// not know). The outbox is not Run's: the caller delivers it through the
// Sender, with the other platforms' messages.
func (a *Adapter) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // learnName too
	go a.learnName(ctx)
	if err := a.connect(ctx); err != nil || ctx.Err() != nil {
		return err
	}
	b := a.send.b
	for _, m := range Menus(a.svc.Commands()) {
		// A menu is a convenience: typed commands work without one.
		if _, err := b.SetMyCommands(ctx, &bot.SetMyCommandsParams{Commands: m.Commands, Scope: m.Scope, LanguageCode: m.Lang}); err != nil {
			a.log.Warn("telegram: set command menu", "lang", m.Lang, "scope", fmt.Sprintf("%T", m.Scope), "err", err)
		}
	}
	if a.cfg.webhook != "" {
		a.log.Info("telegram: receiving updates by webhook", "url", a.cfg.webhook, "path", WebhookPath)
		<-ctx.Done()
		return nil
	}
	a.log.Info("telegram: polling for updates")
	a.poller().run(ctx)
	return nil
}

// connect deletes the webhook before polling, or sets it, trying again
// until Telegram takes it or ctx ends; a token Telegram does not know is
// a configuration error, returned.
func (a *Adapter) connect(ctx context.Context) error {
	b := a.send.b
	var wait time.Duration
	for {
		var err error
		if a.cfg.webhook == "" {
			_, err = b.DeleteWebhook(ctx, &bot.DeleteWebhookParams{})
		} else {
			// One connection: Telegram sends the next update only when
			// the last is answered, which keeps them in order.
			_, err = b.SetWebhook(ctx, &bot.SetWebhookParams{URL: a.cfg.webhook, SecretToken: a.secret, MaxConnections: 1, AllowedUpdates: allowedUpdates})
		}
		switch {
		case ctx.Err() != nil:
			return nil // stopped while starting: no failure
		case err == nil:
			a.reach.Report(nil)
			return nil
		case errors.Is(err, bot.ErrorUnauthorized) || errors.Is(err, bot.ErrorNotFound):
			// Telegram answers 401 for a token it does not know, 404 for
			// one that is no token: waiting changes nothing.
			return fmt.Errorf("telegram: Telegram refuses the bot token (QISAI_TELEGRAM_TOKEN; or QISAI_TELEGRAM_API_URL is no Bot API server): %w", err)
		}
		wait = a.backoff(wait, err)
		a.reach.Report(err)
		what := "delete the webhook before polling"
		if a.cfg.webhook != "" {
			what = "set the webhook to " + a.cfg.webhook
		}
		a.log.Warn("telegram: cannot "+what+"; trying again", "in", wait, "err", err)
		a.sleep(ctx, wait)
	}
}

// backoff is the wait after a call failed with err, the last wait having
// been last: Telegram's retry_after when it asks for one (a 429), else
// last doubled within [minBackoff, maxBackoff].
func (a *Adapter) backoff(last time.Duration, err error) time.Duration {
	var tooMany *bot.TooManyRequestsError
	if errors.As(err, &tooMany) && tooMany.RetryAfter > 0 {
		return time.Duration(tooMany.RetryAfter) * time.Second
	}
	return nextBackoff(last, err)
}

// maxUpdate is the most bytes of an update the webhook reads; Telegram's
// are a few kilobytes.
const maxUpdate = 1 << 20

// WebhookHandler serves the updates Telegram posts in webhook mode. A
// request without the secret token Run registered is refused with 403
// and not read: anyone can post to a public URL. An update is handled
// before the answer, so Telegram posts it again when handling fails
// half-way (commands.Service runs an update id once).
func (a *Adapter) WebhookHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Get("X-Telegram-Bot-Api-Secret-Token")
		if subtle.ConstantTimeCompare([]byte(got), []byte(a.secret)) != 1 {
			http.Error(w, "wrong or missing X-Telegram-Bot-Api-Secret-Token", http.StatusForbidden)
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "updates are posted", http.StatusMethodNotAllowed)
			return
		}
		var u models.Update
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxUpdate)).Decode(&u); err != nil {
			http.Error(w, "the body is no update: "+err.Error(), http.StatusBadRequest)
			return
		}
		a.mu.Lock()
		defer a.mu.Unlock()
		a.handle(r.Context(), a.send.b, &u)
	})
}

// handle runs one update: a command typed or edited, a button pressed, a
// plain message (the service notes who wrote it), a group's move to a new
// id, or the bot's own membership of a chat changed.
func (a *Adapter) handle(ctx context.Context, _ *bot.Bot, u *models.Update) {
	switch m := u.Message; {
	case u.MyChatMember != nil:
		a.member(ctx, u.MyChatMember)
		return
	case m != nil && (m.MigrateToChatID != 0 || m.MigrateFromChatID != 0):
		a.migrated(ctx, m)
		return
	}
	if q := u.CallbackQuery; q != nil {
		// Always answered, and first: until then the button's spinner
		// turns, and the answer (the reply) is a message of its own.
		err := a.direct(ctx, func(ctx context.Context) error {
			_, err := a.send.b.AnswerCallbackQuery(ctx, &bot.AnswerCallbackQueryParams{CallbackQueryID: q.ID})
			return err
		})
		if err != nil {
			a.log.Warn("telegram: answer callback query", "err", err)
		}
	}
	req, ok := request(u)
	if !ok {
		return
	}
	if m := u.EditedMessage; m != nil {
		a.edited(ctx, req, m)
		return
	}
	a.run(ctx, req, u.Message)
}

// run runs req, typed as typed (nil for a button pressed), and answers it.
func (a *Adapter) run(ctx context.Context, req commands.Request, typed *models.Message) {
	if addressed(req.Text) {
		// Is it this bot? Until Telegram has said the bot's name, it may
		// be another's: left alone.
		if req.Bot = a.botName(); req.Bot == "" {
			a.log.Warn("telegram: a command addressed to a bot left alone: the bot's own name is not known yet (getMe)", "update", req.UpdateID)
			return
		}
	}
	reply := a.svc.Handle(ctx, req)
	if reply.Unbutton {
		a.unbutton(ctx, req)
	}
	a.answer(ctx, req, reply)
	if typed != nil && (reply.Queued || reply.Text != "" || len(reply.Buttons) > 0 || reply.File != nil) {
		// An edit of it is not run again (edited).
		if err := a.svc.MarkAnswered(ctx, req.Chat, strconv.Itoa(typed.ID)); err != nil {
			a.log.Warn("telegram: record a command answered", "chat", req.Chat.ID, "err", err)
		}
	}
}

// answer sends reply where req asks, in its chat or privately, through
// the outbox (commands.Service.Answer). A private reply the user cannot
// receive (they never started the bot) is replaced by a note in the chat
// the command came from.
func (a *Adapter) answer(ctx context.Context, req commands.Request, reply commands.Reply) {
	if err := a.svc.Answer(ctx, req, reply, privateNote); err != nil {
		a.log.Error("telegram: queue reply", "chat", req.Chat.ID, "update", req.UpdateID, "err", err)
	}
}

// privateNote is said in the group when a private reply cannot be sent.
var privateNote = i18n.T{Zh: "%s：我还不能私信你。请先打开与我的私聊并点「开始」，再输入一次命令。",
	En: "%s: I cannot message you privately yet. Open a private chat with me, press Start, and type the command again."}

// request maps an update onto a request: a message (a command, or plain
// chat: the service notes who wrote it, so that their @username names
// them later), a message edited, or a button pressed, in the forum topic
// it was in. ok is false for other updates (joins).
func request(u *models.Update) (req commands.Request, ok bool) {
	var (
		from   *models.User
		where  *models.Chat
		msg    *models.Message
		thread int // the forum topic it was in
	)
	switch {
	case u.Message != nil || u.EditedMessage != nil:
		if msg = u.Message; msg == nil {
			msg = u.EditedMessage
		}
		from, where, req.Text = msg.From, &msg.Chat, msg.Text
		thread = topic(msg)
	case u.CallbackQuery != nil:
		q := u.CallbackQuery
		from, req.Text = &q.From, q.Data
		switch {
		case q.Message.Message != nil:
			where, req.MessageID = &q.Message.Message.Chat, strconv.Itoa(q.Message.Message.ID)
			thread = topic(q.Message.Message)
		case q.Message.InaccessibleMessage != nil:
			where, req.MessageID = &q.Message.InaccessibleMessage.Chat, strconv.Itoa(q.Message.InaccessibleMessage.MessageID)
		}
		if req.Text == "" {
			return req, false
		}
	default:
		return req, false
	}
	if from == nil { // nobody to act as
		return req, false
	}
	req.User, req.Locale = user(from), from.LanguageCode
	req.UpdateID = "telegram:update:" + strconv.FormatInt(u.ID, 10)
	req.RepliesQueued = true // answer queues them under commands.ReplyKey
	id := req.User.ID
	switch {
	case where == nil: // an inline message's button: answer privately
		req.Chat = chat.Private(Platform, id)
	case where.Type == models.ChatTypePrivate:
		req.Chat = chat.Private(Platform, id)
	default:
		req.Chat = chat.Chat{Platform: Platform, ID: strconv.FormatInt(where.ID, 10)}
		if thread != 0 {
			req.Chat.Thread = strconv.Itoa(thread)
		}
	}
	if msg != nil {
		if req.User, req.Anonymous = sender(msg, from); req.User.ID != id {
			req.Locale = "" // a channel's post: the channel has no language
		}
		req.Mentions, req.ReplyTo = mentions(msg), repliedTo(msg)
	}
	return req, true
}

// topic is the forum topic m was posted in, 0 for none (the group's main
// thread, a chat without topics). Outside a forum's topics Telegram sets
// message_thread_id on replies too, which is no place to post in: only a
// topic message (is_topic_message) counts.
func topic(m *models.Message) int {
	if !m.IsTopicMessage {
		return 0
	}
	return m.MessageThreadID
}

// name is how messages call u: their full name, else their @username.
func name(u *models.User) string {
	if n := strings.TrimSpace(u.FirstName + " " + u.LastName); n != "" {
		return n
	}
	if u.Username != "" {
		return "@" + u.Username
	}
	return strconv.FormatInt(u.ID, 10)
}
