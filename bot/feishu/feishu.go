// Package feishu connects qisai to Feishu (飞书; Lark outside China)
// through the platform's official SDK, github.com/larksuite/oapi-sdk-go/v3:
// it receives events over the SDK's long connection (a websocket: no public
// address needed) or, with a verification token, at the HTTP event
// callback (Handler, at EventsPath); runs every message typed in a group or
// a private chat, and every card button pressed, through commands.Service;
// and sends the outbox's messages (Sender).
//
// Chats map onto storage as the other adapters' do: a group is
// chat.Chat{Platform: "feishu", ID: "<chat_id>"} (oc_…), a user's private
// chat with the bot chat.Private("feishu", "<open_id>") (ou_…), and a
// user's id is their open_id, which is what the bot sends their private
// notes to.
package feishu

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	lark "github.com/larksuite/oapi-sdk-go/v3"
	larkcore "github.com/larksuite/oapi-sdk-go/v3/core"
	"github.com/larksuite/oapi-sdk-go/v3/event/dispatcher"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
)

// Platform is Feishu's name in storage and in the log.
const Platform = "feishu"

// EventsPath is where the HTTP listener serves Handler: the request URL
// set in the developer console (事件与回调 › 请求地址) must reach it.
const EventsPath = "/feishu/events"

// LarkURL is the open platform of Lark, Feishu outside mainland China
// (QISAI_FEISHU_API_URL); Feishu's own is the default.
const LarkURL = "https://open.larksuite.com"

// requestTimeout bounds one call to the open platform: a slow Feishu holds
// up the outbox's chat, or the event being handled, no longer than this.
const requestTimeout = 20 * time.Second

// Adapter is the bot on Feishu: it turns events into requests, and the
// outbox's messages into Feishu's messages and cards.
type Adapter struct {
	appID, appSecret string
	// token and encryptKey are the event subscription's verification
	// token and encrypt key (QISAI_FEISHU_VERIFICATION_TOKEN,
	// QISAI_FEISHU_ENCRYPT_KEY): with a token, events come to Handler
	// rather than over the long connection.
	token, encryptKey string
	server            string // the open platform's address; "" Feishu's
	client            *http.Client

	svc     *commands.Service
	log     *slog.Logger
	api     *lark.Client
	send    *Sender
	events  *dispatcher.EventDispatcher
	handler *Handler
	names   *names
	mu      sync.Mutex // one event at a time, in the order they come

	// reach tells whether Feishu is reached (WithStatus).
	reach chat.Reach
	// sleep waits d or until ctx ends; tests replace it to see the
	// backoffs without waiting them out.
	sleep func(ctx context.Context, d time.Duration)
}

// Option changes an Adapter.
type Option func(*Adapter)

// WithServerURL talks to the open platform at url instead of Feishu's
// (QISAI_FEISHU_API_URL): LarkURL for Lark, or a test server. The long
// connection asks the same address for its websocket.
func WithServerURL(url string) Option {
	return func(a *Adapter) { a.server = strings.TrimRight(url, "/") }
}

// WithCallback receives events at the HTTP callback (Handler) instead of
// over the long connection: token is the subscription's verification
// token, encryptKey its encrypt key ("" when events are not encrypted;
// with one, each request's X-Lark-Signature is checked too).
func WithCallback(token, encryptKey string) Option {
	return func(a *Adapter) { a.token, a.encryptKey = token, encryptKey }
}

// WithHTTPClient makes the open platform's calls with c (tests, proxies).
func WithHTTPClient(c *http.Client) Option { return func(a *Adapter) { a.client = c } }

// WithLogger logs to l (default slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(a *Adapter) { a.log = l } }

// WithStatus tells f whether Feishu is reached: over the long connection,
// whether it is connected; at the callback, whether the open platform
// answers. Each change is told once, with the error when down. An operator
// sees it on /healthz and /metrics; the service runs either way.
func WithStatus(f func(up bool, err error)) Option { return func(a *Adapter) { a.reach.Listen(f) } }

// New makes the adapter of the app whose credentials are appID and
// appSecret (the developer console's 凭证与基础信息), running commands
// through svc. It does not call Feishu.
func New(svc *commands.Service, appID, appSecret string, opts ...Option) (*Adapter, error) {
	if appID == "" || appSecret == "" {
		return nil, errors.New("feishu: the app ID and the app secret are both needed (Credentials & Basic Info in the developer console)")
	}
	a := &Adapter{appID: appID, appSecret: appSecret, svc: svc, log: slog.Default(), sleep: sleep}
	for _, o := range opts {
		o(a)
	}
	if a.client == nil {
		a.client = &http.Client{Timeout: requestTimeout}
	}
	a.api = lark.NewClient(appID, appSecret, lark.WithOpenBaseUrl(a.base()), lark.WithHttpClient(a.client),
		lark.WithLogger(sdkLog{a.log}), lark.WithLogLevel(larkcore.LogLevelWarn))
	a.send = newSender(a.api, a.log)
	a.names = newNames(a.api)
	a.events = a.dispatcher()
	if a.token != "" {
		a.handler = &Handler{a: a}
	}
	return a, nil
}

// base is the open platform's address.
func (a *Adapter) base() string {
	if a.server == "" {
		return lark.FeishuBaseUrl
	}
	return a.server
}

// Sender is the adapter's outbox sender, on the same client.
func (a *Adapter) Sender() *Sender { return a.send }

// Handler is the HTTP event callback, nil without WithCallback.
func (a *Adapter) Handler() *Handler { return a.handler }

// Run receives events until ctx ends, and answers every command in the
// chat it came from. Without a verification token it holds the SDK's long
// connection (a websocket the SDK opens, keeps alive with pings and opens
// again when it drops); with one, the events arrive through Handler and
// Run checks the app's credentials. Either way one event is handled at a
// time, and counts as received only once handled: Feishu delivers an event
// again until it is answered, and a redelivered one changes nothing.
//
// Feishu slow, down or refusing is waited out with a growing backoff, and
// the status (WithStatus) says meanwhile that Feishu is not reached. Run
// returns nil when ctx ends, and an error only for credentials Feishu
// refuses.
func (a *Adapter) Run(ctx context.Context) error {
	if err := a.authenticate(ctx); err != nil || ctx.Err() != nil {
		return err
	}
	if a.handler != nil {
		a.log.Info("feishu: receiving events at the HTTP callback", "path", EventsPath)
		<-ctx.Done()
		return nil
	}
	a.log.Info("feishu: receiving events over the long connection")
	return a.connect(ctx)
}
