package discord

import (
	"context"
	"crypto/ed25519"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
)

// Adapter is the bot on Discord: it registers the slash commands, answers
// interactions — over the gateway's websocket, or at the HTTP endpoint
// (Handler) when it has the application's public key — and sends the
// outbox's messages (Sender).
type Adapter struct {
	core    *core
	session *discordgo.Session
	appID   string
	key     ed25519.PublicKey
	server  string   // stands for https://discord.com; "" is Discord's
	guilds  []string // register the slash commands in these servers; none: globally
	handler *Handler
	send    *Sender

	// reach tells whether Discord is reached (WithStatus).
	reach chat.Reach
	// sleep waits d or until ctx ends; tests replace it to see the
	// backoffs without waiting them out.
	sleep func(ctx context.Context, d time.Duration)
}

// Option changes an Adapter.
type Option func(*Adapter)

// WithAppID is the application's id (QISAI_DISCORD_APP_ID): Run registers
// the slash commands under it, and the interactions' deferred responses
// are edited and followed up through its webhooks (else the
// interaction's own application id). Without it Run registers nothing.
func WithAppID(id string) Option { return func(a *Adapter) { a.appID = id } }

// WithGuilds registers the slash commands in the servers (guilds) whose
// ids are given (QISAI_DISCORD_GUILD_ID), where Discord updates them at
// once, instead of globally: for trying qisai out.
func WithGuilds(ids ...string) Option { return func(a *Adapter) { a.guilds = ids } }

// WithPublicKey has interactions come to the HTTP endpoint (Handler),
// signed with the application's key (QISAI_DISCORD_PUBLIC_KEY, see
// ParsePublicKey), instead of over the gateway.
func WithPublicKey(key ed25519.PublicKey) Option { return func(a *Adapter) { a.key = key } }

// WithServerURL sends what goes to https://discord.com to url instead
// (QISAI_DISCORD_API_URL: a proxy, a test server), which may name the API
// itself (…/api/v10): REST calls, and the question where the gateway is.
func WithServerURL(url string) Option { return func(a *Adapter) { a.server = url } }

// WithLogger logs to l (default slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(a *Adapter) { a.core.log = l } }

// WithStatus tells f whether Discord is reached: over the gateway, whether
// it is connected; at the HTTP endpoint, whether the slash commands could
// be registered. Each change is told once, with the error when down. An
// operator sees it on /healthz and /metrics; the service runs either way.
func WithStatus(f func(up bool, err error)) Option { return func(a *Adapter) { a.reach.Listen(f) } }

// New makes the adapter of the bot whose token is token, running
// commands through svc. It does not call Discord.
func New(svc *commands.Service, token string, opts ...Option) (*Adapter, error) {
	a := &Adapter{core: newCore(svc, slog.Default()), sleep: func(ctx context.Context, d time.Duration) { pause(ctx, d) }}
	for _, o := range opts {
		o(a)
	}
	s, err := makeSession(token, a.server)
	if err != nil {
		return nil, err
	}
	// Interactions need no gateway intents: the connection is spared
	// every other event.
	s.Identify.Intents = discordgo.IntentsNone
	a.session, a.send = s, NewSender(s)
	if a.key != nil {
		a.handler = newHandler(a.core, a.key, s, a.appID)
	}
	return a, nil
}

// Sender is the adapter's outbox sender, on the bot's session.
func (a *Adapter) Sender() *Sender { return a.send }

// Handler is the HTTP interactions endpoint, nil without WithPublicKey.
func (a *Adapter) Handler() *Handler { return a.handler }

// Wait blocks until the commands of the interactions the Handler
// answered have run and their outcomes are told (or failed): call it
// after the HTTP server has shut down, so that none is cut off.
func (a *Adapter) Wait() {
	if a.handler != nil {
		a.handler.Wait()
	}
}

// Run registers the slash commands (WithAppID), in the background and
// until Discord takes them, and, without a public key, answers the
// interactions the gateway delivers until ctx ends. A Discord down or slow
// is waited out: Run returns nil when ctx ends, and an error only when
// Discord refuses the token.
func (a *Adapter) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	defer wg.Wait()
	if a.appID != "" {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a.register(ctx)
		}()
	}
	defer wg.Wait()
	if a.key != nil {
		<-ctx.Done()
		return nil
	}
	return a.gateway(ctx)
}
