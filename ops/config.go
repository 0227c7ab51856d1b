package ops

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Config is how qisai runs as a service: each field comes from an
// environment variable and may be overridden by the matching flag (see
// Load). Tokens never show in String, in logs or in flag defaults.
type Config struct {
	TelegramToken      string // QISAI_TELEGRAM_TOKEN: the bot's token from @BotFather
	TelegramAPIURL     string // QISAI_TELEGRAM_API_URL: a self-hosted Bot API server; "" Telegram's
	TelegramWebhookURL string // QISAI_TELEGRAM_WEBHOOK_URL: webhook mode at this public https URL; "" long polling
	DiscordToken       string // QISAI_DISCORD_TOKEN: the bot token of the Discord application
	DiscordAppID       string // QISAI_DISCORD_APP_ID: the application's id
	DiscordPublicKey   string // QISAI_DISCORD_PUBLIC_KEY: hex Ed25519 key; enables the interactions endpoint
	DiscordAPIURL      string // QISAI_DISCORD_API_URL: stands for https://discord.com (REST and the gateway's address); "" Discord's
	DiscordGuildID     string // QISAI_DISCORD_GUILD_ID: servers (comma-separated ids) to register the slash commands in, at once; "" globally
	FeishuAppID        string // QISAI_FEISHU_APP_ID: the Feishu (Lark) app's App ID, cli_…
	FeishuAppSecret    string // QISAI_FEISHU_APP_SECRET: the app's App Secret
	FeishuToken        string // QISAI_FEISHU_VERIFICATION_TOKEN: the event subscription's verification token; enables the HTTP callback
	FeishuEncryptKey   string // QISAI_FEISHU_ENCRYPT_KEY: the event subscription's encrypt key (callback mode)
	FeishuAPIURL       string // QISAI_FEISHU_API_URL: the open platform; "" Feishu's (https://open.feishu.cn), https://open.larksuite.com for Lark
	DatabaseURL        string // QISAI_DATABASE_URL: SQLite file (PATH, sqlite://PATH, file:PATH) or postgres:// URL; "" storage.DefaultDSN
	Listen             string // QISAI_LISTEN: the HTTP listener (health, metrics, webhooks, the events' pages), e.g. 127.0.0.1:8080
	PublicURL          string // QISAI_PUBLIC_URL: the https address the listener is reached at, for the links to the events' pages (/web); "" no links
	Font               string // QISAI_FONT: the CJK font pictures are drawn in (picture.Open); "" one found on the system
}

// setting ties a Config field to its variable and flag.
type setting struct {
	env, flag string
	// show gives the value fit to show in String, logs and flag defaults;
	// nil shows it as it is.
	show  func(string) string
	field func(*Config) *string
	help  i18n.T
}

var settings = []setting{
	{"QISAI_TELEGRAM_TOKEN", "telegram-token", redact, func(c *Config) *string { return &c.TelegramToken }, i18n.T{Zh: "Telegram 机器人令牌", En: "Telegram bot token"}},
	{"QISAI_TELEGRAM_API_URL", "telegram-api-url", nil, func(c *Config) *string { return &c.TelegramAPIURL }, i18n.T{Zh: "自建的 Telegram Bot API 服务器（默认 Telegram 的）", En: "self-hosted Telegram Bot API server (default Telegram's)"}},
	{"QISAI_TELEGRAM_WEBHOOK_URL", "telegram-webhook-url", nil, func(c *Config) *string { return &c.TelegramWebhookURL }, i18n.T{Zh: "webhook 模式的公开 https 地址（默认长轮询）", En: "public https URL for webhook mode (default long polling)"}},
	{"QISAI_DISCORD_TOKEN", "discord-token", redact, func(c *Config) *string { return &c.DiscordToken }, i18n.T{Zh: "Discord 机器人令牌", En: "Discord bot token"}},
	{"QISAI_DISCORD_APP_ID", "discord-app-id", nil, func(c *Config) *string { return &c.DiscordAppID }, i18n.T{Zh: "Discord 应用的 Application ID", En: "Discord application ID"}},
	{"QISAI_DISCORD_PUBLIC_KEY", "discord-public-key", nil, func(c *Config) *string { return &c.DiscordPublicKey }, i18n.T{Zh: "Discord 公钥（十六进制），设置后启用交互端点", En: "Discord public key (hex), enables the interactions endpoint"}},
	{"QISAI_DISCORD_API_URL", "discord-api-url", nil, func(c *Config) *string { return &c.DiscordAPIURL }, i18n.T{Zh: "Discord REST 代理（默认 Discord 的）", En: "Discord REST proxy (default Discord's)"}},
	{"QISAI_DISCORD_GUILD_ID", "discord-guild-id", nil, func(c *Config) *string { return &c.DiscordGuildID }, i18n.T{Zh: "Discord 服务器 ID，逗号分隔：斜杠命令立即注册到这些服务器（测试用）（默认全局注册）", En: "Discord server ids, comma-separated: slash commands registered there, at once (testing) (default global)"}},
	{"QISAI_FEISHU_APP_ID", "feishu-app-id", nil, func(c *Config) *string { return &c.FeishuAppID }, i18n.T{Zh: "飞书应用的 App ID（cli_…）", En: "Feishu (Lark) App ID (cli_…)"}},
	{"QISAI_FEISHU_APP_SECRET", "feishu-app-secret", redact, func(c *Config) *string { return &c.FeishuAppSecret }, i18n.T{Zh: "飞书应用的 App Secret", En: "Feishu App Secret"}},
	{"QISAI_FEISHU_VERIFICATION_TOKEN", "feishu-verification-token", redact, func(c *Config) *string { return &c.FeishuToken }, i18n.T{Zh: "飞书事件的 Verification Token，设置后启用 HTTP 回调 /feishu/events（默认长连接）", En: "Feishu event Verification Token, enables the HTTP callback /feishu/events (default the long connection)"}},
	{"QISAI_FEISHU_ENCRYPT_KEY", "feishu-encrypt-key", redact, func(c *Config) *string { return &c.FeishuEncryptKey }, i18n.T{Zh: "飞书事件的 Encrypt Key（回调模式）", En: "Feishu event Encrypt Key (callback mode)"}},
	{"QISAI_FEISHU_API_URL", "feishu-api-url", nil, func(c *Config) *string { return &c.FeishuAPIURL }, i18n.T{Zh: "飞书开放平台地址（默认 https://open.feishu.cn；Lark：https://open.larksuite.com）", En: "Feishu open platform (default https://open.feishu.cn; Lark: https://open.larksuite.com)"}},
	{"QISAI_DATABASE_URL", "db", storage.RedactDSN, func(c *Config) *string { return &c.DatabaseURL }, i18n.T{Zh: "数据库：SQLite 文件或 postgres:// 网址（默认 qisai.db）", En: "SQLite file or postgres:// URL (default qisai.db)"}},
	{"QISAI_LISTEN", "listen", nil, func(c *Config) *string { return &c.Listen }, i18n.T{Zh: "/healthz、/metrics、webhook 和比赛网页的 HTTP 监听地址，例如 127.0.0.1:8080", En: "HTTP listener for /healthz, /metrics, webhooks and the events' pages, e.g. 127.0.0.1:8080"}},
	{"QISAI_PUBLIC_URL", "public-url", nil, func(c *Config) *string { return &c.PublicURL }, i18n.T{Zh: "监听地址的公开 https 地址，用于比赛网页的链接，例如 https://qisai.example.org", En: "public https address of the listener, for the links to the events' pages, e.g. https://qisai.example.org"}},
	{"QISAI_FONT", "font", nil, func(c *Config) *string { return &c.Font }, i18n.T{Zh: "图片用的中文字体文件（默认已安装的一种：fonts-noto-cjk、fonts-droid-fallback）", En: "CJK font file for pictures (default one installed: fonts-noto-cjk, fonts-droid-fallback)"}},
}

// Load reads the Config from the environment through getenv (os.Getenv),
// then from the flags in args, which override it, and validates it.
func Load(args []string, getenv func(string) string) (Config, error) {
	var c Config
	for _, s := range settings {
		*s.field(&c) = getenv(s.env)
	}
	fs := flag.NewFlagSet("qisai", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // the caller says what was wrong (FlagError), PrintFlags what there is
	c.Flags(fs)
	if err := fs.Parse(args); err != nil {
		return Config{}, FlagError{err}
	}
	if fs.NArg() > 0 {
		return Config{}, errors.New(both(i18n.T{Zh: "多余的参数 %q：qisai serve 只接受选项，例如 --listen 127.0.0.1:8080。",
			En: "unexpected argument %q: qisai serve takes flags only, e.g. --listen 127.0.0.1:8080."}, fs.Arg(0)))
	}
	return c, c.Validate()
}

// Flags defines on fs a flag for each setting, defaulting to c's value
// and storing into c. The defaults of secrets print as <redacted>.
func (c *Config) Flags(fs *flag.FlagSet) {
	for _, s := range settings {
		// A line of the flag's help in each language: none mixes them.
		help := both(s.help) + " ($" + s.env + ")"
		if s.show != nil {
			fs.Var(&hidden{s.field(c), s.show}, s.flag, help)
		} else {
			fs.StringVar(s.field(c), s.flag, *s.field(c), help)
		}
	}
}

// FlagError is a command line Load could not parse: the flag package's
// own error, in English (flag.ErrHelp for -h).
type FlagError struct{ Err error }

func (e FlagError) Error() string { return e.Err.Error() }

func (e FlagError) Unwrap() error { return e.Err }

// PrintFlags prints to w the flags Load takes, each with its help, a line
// in Chinese and a line in English, and its environment variable.
func PrintFlags(w io.Writer) {
	fs := flag.NewFlagSet("qisai", flag.ContinueOnError)
	fs.SetOutput(w)
	(&Config{}).Flags(fs)
	fs.PrintDefaults()
}

// hidden is a string flag.Value that shows its value through show.
type hidden struct {
	v    *string
	show func(string) string
}

func (h *hidden) Set(v string) error { *h.v = v; return nil }

func (h *hidden) String() string {
	if h.v == nil { // the zero value flag.PrintDefaults makes
		return ""
	}
	return h.show(*h.v)
}

const redacted = "<redacted>"

// redact hides a secret; an empty one shows as empty, so that an unset
// token is told from a set one.
func redact(v string) string {
	if v == "" {
		return ""
	}
	return redacted
}

// Telegram says whether the Telegram adapter is to run.
func (c Config) Telegram() bool { return c.TelegramToken != "" }

// Discord says whether the Discord adapter is to run.
func (c Config) Discord() bool { return c.DiscordToken != "" }

// DiscordGuilds are the servers of DiscordGuildID; none for global
// commands.
func (c Config) DiscordGuilds() []string {
	var ids []string
	for _, id := range strings.Split(c.DiscordGuildID, ",") {
		if id = strings.TrimSpace(id); id != "" {
			ids = append(ids, id)
		}
	}
	return ids
}

// Feishu says whether the Feishu (Lark) adapter is to run.
func (c Config) Feishu() bool { return c.FeishuAppID != "" }

// FeishuCallback says whether Feishu's events come to the HTTP callback
// rather than over the long connection.
func (c Config) FeishuCallback() bool { return c.FeishuToken != "" || c.FeishuEncryptKey != "" }

// DiscordKey decodes DiscordPublicKey; nil when it is unset.
func (c Config) DiscordKey() (ed25519.PublicKey, error) {
	if c.DiscordPublicKey == "" {
		return nil, nil
	}
	b, err := hex.DecodeString(c.DiscordPublicKey)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, errors.New(both(i18n.T{
			Zh: "QISAI_DISCORD_PUBLIC_KEY 公钥应为 64 位十六进制数（32 字节），这里有 %d 个字符：请从 Discord 开发者门户中应用的 General Information 页复制 Public Key。",
			En: "QISAI_DISCORD_PUBLIC_KEY must be 64 hex digits (32 bytes), got %d characters: copy the Public Key from the application's General Information page of the Discord Developer Portal.",
		}, len(c.DiscordPublicKey)))
	}
	return ed25519.PublicKey(b), nil
}

// telegramToken is the shape of a bot token: the bot's id, a colon, a
// secret. Checking it catches a token pasted with quotes or a newline.
var telegramToken = regexp.MustCompile(`^[0-9]+:[A-Za-z0-9_-]+$`)

// feishuAppID is the shape of a Feishu or Lark app's App ID: "cli_" and
// letters and digits.
var feishuAppID = regexp.MustCompile(`^cli_[0-9a-zA-Z]+$`)

// Validate checks c, returning every problem found, each saying in Chinese
// and English what to set. Messages never quote a token.
func (c Config) Validate() error {
	var errs []error
	bad := func(t i18n.T, a ...any) { errs = append(errs, errors.New(both(t, a...))) }
	if c.TelegramToken != "" && !telegramToken.MatchString(c.TelegramToken) {
		bad(i18n.T{Zh: "QISAI_TELEGRAM_TOKEN 令牌格式不对（应为数字、冒号、字母）：请从 @BotFather 重新复制，不带引号和空格。",
			En: "QISAI_TELEGRAM_TOKEN does not look like a bot token (digits, a colon, letters): copy it again from @BotFather, without quotes or spaces."})
	}
	if err := checkURL("QISAI_TELEGRAM_API_URL", c.TelegramAPIURL, false); err != nil {
		errs = append(errs, err)
	}
	if err := checkURL("QISAI_DISCORD_API_URL", c.DiscordAPIURL, false); err != nil {
		errs = append(errs, err)
	}
	if c.TelegramWebhookURL != "" {
		if err := checkURL("QISAI_TELEGRAM_WEBHOOK_URL", c.TelegramWebhookURL, true); err != nil {
			errs = append(errs, err)
		}
		if !c.Telegram() {
			bad(i18n.T{Zh: "QISAI_TELEGRAM_WEBHOOK_URL 需要同时设置 QISAI_TELEGRAM_TOKEN。", En: "QISAI_TELEGRAM_WEBHOOK_URL needs QISAI_TELEGRAM_TOKEN set as well."})
		}
		if c.Listen == "" {
			bad(i18n.T{Zh: "QISAI_TELEGRAM_WEBHOOK_URL 需要 QISAI_LISTEN：Telegram 的更新发到这个地址（例如 https 代理后面的 0.0.0.0:8080）。",
				En: "QISAI_TELEGRAM_WEBHOOK_URL needs QISAI_LISTEN, the address where Telegram's updates arrive (e.g. 0.0.0.0:8080 behind your https proxy)."})
		}
	}
	if c.Discord() && c.DiscordAppID == "" {
		bad(i18n.T{Zh: "QISAI_DISCORD_TOKEN 需要 QISAI_DISCORD_APP_ID：Discord 开发者门户中 General Information 页上的 Application ID。",
			En: "QISAI_DISCORD_TOKEN needs QISAI_DISCORD_APP_ID, the Application ID on the General Information page of the Discord Developer Portal."})
	}
	if c.DiscordAppID != "" {
		if _, err := strconv.ParseUint(c.DiscordAppID, 10, 64); err != nil {
			bad(i18n.T{Zh: "QISAI_DISCORD_APP_ID 应为数字（Application ID），不是 %q。", En: "QISAI_DISCORD_APP_ID must be a number (the Application ID), got %q."}, c.DiscordAppID)
		}
	}
	if _, err := c.DiscordKey(); err != nil {
		errs = append(errs, err)
	}
	for _, id := range c.DiscordGuilds() {
		if _, err := strconv.ParseUint(id, 10, 64); err != nil {
			bad(i18n.T{
				Zh: "QISAI_DISCORD_GUILD_ID 应为服务器 ID（数字，多个用逗号分隔），不是 %q：在 Discord 设置 → 高级中打开开发者模式，再右键服务器图标，选「复制服务器 ID」。",
				En: "QISAI_DISCORD_GUILD_ID takes server ids (numbers, comma-separated), not %q: turn on Developer Mode (Discord's Settings → Advanced), then right-click the server's icon and choose Copy Server ID.",
			}, id)
			break
		}
	}
	if c.DiscordGuildID != "" && !c.Discord() {
		bad(i18n.T{Zh: "QISAI_DISCORD_GUILD_ID 需要同时设置 QISAI_DISCORD_TOKEN。", En: "QISAI_DISCORD_GUILD_ID needs QISAI_DISCORD_TOKEN as well."})
	}
	if c.DiscordPublicKey != "" {
		if !c.Discord() {
			// The endpoint would answer commands, and every announcement
			// and long reply would wait in the outbox for ever.
			bad(i18n.T{Zh: "QISAI_DISCORD_PUBLIC_KEY 需要同时设置 QISAI_DISCORD_TOKEN：没有机器人令牌，公告和长回复无法发到 Discord。",
				En: "QISAI_DISCORD_PUBLIC_KEY needs QISAI_DISCORD_TOKEN as well: without the bot token no announcement or long reply can be sent to Discord."})
		}
		if c.DiscordAppID == "" {
			bad(i18n.T{Zh: "QISAI_DISCORD_PUBLIC_KEY 需要 QISAI_DISCORD_APP_ID，用来注册斜杠命令。", En: "QISAI_DISCORD_PUBLIC_KEY needs QISAI_DISCORD_APP_ID to register the slash commands."})
		}
		if c.Listen == "" {
			bad(i18n.T{Zh: "QISAI_DISCORD_PUBLIC_KEY 需要 QISAI_LISTEN：交互端点的地址（开发者门户里的 Interactions Endpoint URL）。",
				En: "QISAI_DISCORD_PUBLIC_KEY needs QISAI_LISTEN, the address of the interactions endpoint (Interactions Endpoint URL in the Developer Portal)."})
		}
	}
	errs = append(errs, c.validateFeishu()...)
	if c.PublicURL != "" {
		if err := checkURL("QISAI_PUBLIC_URL", c.PublicURL, false); err != nil {
			errs = append(errs, err)
		}
		if c.Listen == "" {
			bad(i18n.T{Zh: "QISAI_PUBLIC_URL 需要 QISAI_LISTEN：比赛网页由这个监听地址提供（你的 https 代理把 /e/ 转给它）。",
				En: "QISAI_PUBLIC_URL needs QISAI_LISTEN, the address that serves the events' pages (your https proxy passes /e/ to it)."})
		}
	}
	if c.Listen != "" {
		_, port, err := net.SplitHostPort(c.Listen)
		n, perr := strconv.ParseUint(port, 10, 16)
		switch {
		case err != nil || perr != nil:
			bad(i18n.T{Zh: "QISAI_LISTEN 应为「主机:端口」，例如 127.0.0.1:8080 或 :8080，不是 %q。", En: "QISAI_LISTEN must be host:port, e.g. 127.0.0.1:8080 or :8080, got %q."}, c.Listen)
		case n == 0:
			bad(i18n.T{Zh: "QISAI_LISTEN 要写一个固定端口，不能为 0，不是 %q：例如 127.0.0.1:8080。", En: "QISAI_LISTEN needs a fixed port, got %q: e.g. 127.0.0.1:8080."}, c.Listen)
		}
	}
	var dsnErr *storage.DSNError
	if err := storage.CheckDSN(c.DatabaseURL); errors.As(err, &dsnErr) {
		bad(dsnErr.Text) // it names the setting
	} else if err != nil {
		bad(i18n.T{Zh: "QISAI_DATABASE_URL 不能用，原因见下一行。", En: "QISAI_DATABASE_URL: " + err.Error()})
	}
	if strings.HasPrefix(c.DatabaseURL, "postgres://") || strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		if _, err := url.Parse(c.DatabaseURL); err != nil {
			bad(i18n.T{Zh: "QISAI_DATABASE_URL 不是有效的 postgres:// 网址：请检查密码中的特殊字符是否已用 %XX 转义。",
				En: "QISAI_DATABASE_URL is not a valid postgres:// URL: check that the password's special characters are %-encoded."})
		}
	}
	return errors.Join(errs...)
}

// validateFeishu checks the Feishu settings, each problem saying what to
// set in Chinese, then in English.
func (c Config) validateFeishu() []error {
	var errs []error
	bad := func(t i18n.T, a ...any) { errs = append(errs, errors.New(both(t, a...))) }
	if c.FeishuAppID != "" && !feishuAppID.MatchString(c.FeishuAppID) {
		bad(i18n.T{
			Zh: "QISAI_FEISHU_APP_ID 格式不对（应为 cli_ 加字母和数字），不是 %q：请从开发者后台的「凭证与基础信息」复制，不带引号和空格。",
			En: "QISAI_FEISHU_APP_ID does not look like an App ID (cli_ and letters and digits), got %q: copy it from the developer console's Credentials & Basic Info, without quotes or spaces.",
		}, c.FeishuAppID)
	}
	switch {
	case c.Feishu() && c.FeishuAppSecret == "":
		bad(i18n.T{Zh: "QISAI_FEISHU_APP_ID 需要同时设置 QISAI_FEISHU_APP_SECRET：开发者后台里 App ID 旁边的 App Secret。",
			En: "QISAI_FEISHU_APP_ID needs QISAI_FEISHU_APP_SECRET, the App Secret beside the App ID in the developer console."})
	case !c.Feishu() && c.FeishuAppSecret != "":
		bad(i18n.T{Zh: "QISAI_FEISHU_APP_SECRET 需要同时设置 QISAI_FEISHU_APP_ID：开发者后台里 App Secret 旁边的 App ID。",
			En: "QISAI_FEISHU_APP_SECRET needs QISAI_FEISHU_APP_ID, the App ID beside the App Secret in the developer console."})
	case strings.ContainsAny(c.FeishuAppSecret, " \t\r\n\"'"):
		bad(i18n.T{Zh: "QISAI_FEISHU_APP_SECRET 含有空格或引号：请从开发者后台重新复制，不带引号和空格。",
			En: "QISAI_FEISHU_APP_SECRET holds a space or a quote: copy it again from the developer console, without quotes or spaces."})
	}
	if err := checkURL("QISAI_FEISHU_API_URL", c.FeishuAPIURL, false); err != nil {
		errs = append(errs, err)
	}
	if !c.FeishuCallback() {
		return errs
	}
	if !c.Feishu() {
		bad(i18n.T{Zh: "QISAI_FEISHU_VERIFICATION_TOKEN 和 QISAI_FEISHU_ENCRYPT_KEY 需要同时设置 QISAI_FEISHU_APP_ID 和 QISAI_FEISHU_APP_SECRET：没有它们，回复发不到飞书。",
			En: "QISAI_FEISHU_VERIFICATION_TOKEN and QISAI_FEISHU_ENCRYPT_KEY need QISAI_FEISHU_APP_ID and QISAI_FEISHU_APP_SECRET as well: without them no reply can be sent to Feishu."})
	}
	if c.FeishuToken == "" {
		bad(i18n.T{Zh: "QISAI_FEISHU_ENCRYPT_KEY 需要 QISAI_FEISHU_VERIFICATION_TOKEN：开发者后台「事件与回调 › 加密策略」里的 Verification Token，飞书用它校验请求地址。",
			En: "QISAI_FEISHU_ENCRYPT_KEY needs QISAI_FEISHU_VERIFICATION_TOKEN, the Verification Token on the console's Events & Callbacks › Encryption Strategy page: Feishu checks the request URL with it."})
	}
	if c.Listen == "" {
		bad(i18n.T{Zh: "飞书事件回调需要 QISAI_LISTEN：飞书把事件发到这个地址的 /feishu/events（经过你的 https 代理）；不设校验令牌时，事件走长连接，不需要地址。",
			En: "QISAI_FEISHU_VERIFICATION_TOKEN needs QISAI_LISTEN, the address where Feishu's events arrive at /feishu/events (behind your https proxy); without a token, events come over the long connection and need no address."})
	}
	return errs
}

// both is t in Chinese, then in English on a line of its own.
func both(t i18n.T, args ...any) string {
	return t.In(i18n.Zh, args...) + "\n" + t.In(i18n.En, args...)
}

// checkURL checks that an http(s) URL setting is absolute; https says it
// must be https.
func checkURL(name, v string, https bool) error {
	if v == "" {
		return nil
	}
	u, err := url.Parse(v)
	switch {
	case err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https"):
		return errors.New(both(i18n.T{Zh: "%s 应为完整的 http(s) 网址，例如 https://example.org/path，不是 %q。",
			En: "%s must be an absolute http(s) URL such as https://example.org/path, got %q."}, name, v))
	case https && u.Scheme != "https":
		return errors.New(both(i18n.T{Zh: "%s 必须是 https 网址（Telegram 只用 https 发 webhook），不是 %q。",
			En: "%s must be an https URL (Telegram sends webhooks over https only), got %q."}, name, v))
	}
	return nil
}

// String shows c with its tokens and the database password redacted.
func (c Config) String() string {
	var b strings.Builder
	for i, s := range c.shown() {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s=%q", s[0], s[1])
	}
	return b.String()
}

// GoString keeps %#v from printing the tokens.
func (c Config) GoString() string { return "ops.Config{" + c.String() + "}" }

// LogValue keeps slog, whatever its handler, from logging the tokens.
func (c Config) LogValue() slog.Value {
	var attrs []slog.Attr
	for _, s := range c.shown() {
		attrs = append(attrs, slog.String(s[0], s[1]))
	}
	return slog.GroupValue(attrs...)
}

// shown lists c's settings as flag name and value fit to show.
func (c Config) shown() [][2]string {
	var out [][2]string
	for _, s := range settings {
		v := *s.field(&c)
		if s.show != nil {
			v = s.show(v)
		}
		out = append(out, [2]string{s.flag, v})
	}
	return out
}
