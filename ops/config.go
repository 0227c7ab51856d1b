package ops

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
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
	help  string
}

var settings = []setting{
	{"QISAI_TELEGRAM_TOKEN", "telegram-token", redact, func(c *Config) *string { return &c.TelegramToken }, "Telegram bot token 机器人令牌"},
	{"QISAI_TELEGRAM_API_URL", "telegram-api-url", nil, func(c *Config) *string { return &c.TelegramAPIURL }, "self-hosted Telegram Bot API server 自建 Bot API 服务器 (default Telegram's)"},
	{"QISAI_TELEGRAM_WEBHOOK_URL", "telegram-webhook-url", nil, func(c *Config) *string { return &c.TelegramWebhookURL }, "public https URL for webhook mode 网络钩子地址 (default long polling)"},
	{"QISAI_DISCORD_TOKEN", "discord-token", redact, func(c *Config) *string { return &c.DiscordToken }, "Discord bot token 机器人令牌"},
	{"QISAI_DISCORD_APP_ID", "discord-app-id", nil, func(c *Config) *string { return &c.DiscordAppID }, "Discord application ID 应用 ID"},
	{"QISAI_DISCORD_PUBLIC_KEY", "discord-public-key", nil, func(c *Config) *string { return &c.DiscordPublicKey }, "Discord public key (hex), enables the interactions endpoint 公钥"},
	{"QISAI_DISCORD_API_URL", "discord-api-url", nil, func(c *Config) *string { return &c.DiscordAPIURL }, "Discord REST proxy 代理 (default Discord's)"},
	{"QISAI_DISCORD_GUILD_ID", "discord-guild-id", nil, func(c *Config) *string { return &c.DiscordGuildID }, "Discord server ids, comma-separated: slash commands registered there, at once (testing) 服务器 ID (default global)"},
	{"QISAI_FEISHU_APP_ID", "feishu-app-id", nil, func(c *Config) *string { return &c.FeishuAppID }, "Feishu (Lark) App ID 飞书应用 App ID (cli_…)"},
	{"QISAI_FEISHU_APP_SECRET", "feishu-app-secret", redact, func(c *Config) *string { return &c.FeishuAppSecret }, "Feishu App Secret 飞书应用密钥"},
	{"QISAI_FEISHU_VERIFICATION_TOKEN", "feishu-verification-token", redact, func(c *Config) *string { return &c.FeishuToken }, "Feishu event Verification Token, enables the HTTP callback /feishu/events 事件回调校验令牌 (default the long connection 长连接)"},
	{"QISAI_FEISHU_ENCRYPT_KEY", "feishu-encrypt-key", redact, func(c *Config) *string { return &c.FeishuEncryptKey }, "Feishu event Encrypt Key 事件加密密钥 (callback mode)"},
	{"QISAI_FEISHU_API_URL", "feishu-api-url", nil, func(c *Config) *string { return &c.FeishuAPIURL }, "Feishu open platform 飞书开放平台地址 (default https://open.feishu.cn; Lark: https://open.larksuite.com)"},
	{"QISAI_DATABASE_URL", "db", storage.RedactDSN, func(c *Config) *string { return &c.DatabaseURL }, "SQLite file or postgres:// URL 数据库 (default qisai.db)"},
	{"QISAI_LISTEN", "listen", nil, func(c *Config) *string { return &c.Listen }, "HTTP listener for /healthz, /metrics, webhooks and the events' pages 监听地址, e.g. 127.0.0.1:8080"},
	{"QISAI_PUBLIC_URL", "public-url", nil, func(c *Config) *string { return &c.PublicURL }, "public https address of the listener, for the links to the events' pages 比赛网页的公开地址, e.g. https://qisai.example.org"},
	{"QISAI_FONT", "font", nil, func(c *Config) *string { return &c.Font }, "CJK font file for pictures 图片用的中文字体文件 (default one installed: fonts-noto-cjk, fonts-droid-fallback)"},
}

// Load reads the Config from the environment through getenv (os.Getenv),
// then from the flags in args, which override it, and validates it.
func Load(args []string, getenv func(string) string) (Config, error) {
	var c Config
	for _, s := range settings {
		*s.field(&c) = getenv(s.env)
	}
	fs := flag.NewFlagSet("qisai", flag.ContinueOnError)
	c.Flags(fs)
	if err := fs.Parse(args); err != nil {
		return Config{}, err
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("unexpected argument %q 多余的参数", fs.Arg(0))
	}
	return c, c.Validate()
}

// Flags defines on fs a flag for each setting, defaulting to c's value
// and storing into c. The defaults of secrets print as <redacted>.
func (c *Config) Flags(fs *flag.FlagSet) {
	for _, s := range settings {
		help := s.help + " ($" + s.env + ")"
		if s.show != nil {
			fs.Var(&hidden{s.field(c), s.show}, s.flag, help)
		} else {
			fs.StringVar(s.field(c), s.flag, *s.field(c), help)
		}
	}
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
		return nil, fmt.Errorf("QISAI_DISCORD_PUBLIC_KEY 公钥应为 64 位十六进制数（32 字节）must be 64 hex digits (32 bytes), got %d characters: copy the Public Key from the application's General Information page of the Discord Developer Portal 请从 Discord 开发者门户复制",
			len(c.DiscordPublicKey))
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
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if c.TelegramToken != "" && !telegramToken.MatchString(c.TelegramToken) {
		bad("QISAI_TELEGRAM_TOKEN 令牌格式不对 does not look like a bot token (digits, a colon, letters): copy it again from @BotFather, without quotes or spaces")
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
			bad("QISAI_TELEGRAM_WEBHOOK_URL 需要同时设置 QISAI_TELEGRAM_TOKEN needs QISAI_TELEGRAM_TOKEN set as well")
		}
		if c.Listen == "" {
			bad("QISAI_TELEGRAM_WEBHOOK_URL 需要 QISAI_LISTEN 接收更新 needs QISAI_LISTEN, the address where Telegram's updates arrive (e.g. 0.0.0.0:8080 behind your https proxy)")
		}
	}
	if c.Discord() && c.DiscordAppID == "" {
		bad("QISAI_DISCORD_TOKEN 需要 QISAI_DISCORD_APP_ID needs QISAI_DISCORD_APP_ID, the Application ID on the General Information page of the Discord Developer Portal")
	}
	if c.DiscordAppID != "" {
		if _, err := strconv.ParseUint(c.DiscordAppID, 10, 64); err != nil {
			bad("QISAI_DISCORD_APP_ID 应为数字 must be a number (the Application ID), got %q", c.DiscordAppID)
		}
	}
	if _, err := c.DiscordKey(); err != nil {
		errs = append(errs, err)
	}
	for _, id := range c.DiscordGuilds() {
		if _, err := strconv.ParseUint(id, 10, 64); err != nil {
			bad("%s", both(i18n.T{
				Zh: "QISAI_DISCORD_GUILD_ID 应为服务器 ID（数字，多个用逗号分隔），不是 %q：在 Discord 设置 → 高级中打开开发者模式，再右键服务器图标，选「复制服务器 ID」。",
				En: "QISAI_DISCORD_GUILD_ID takes server ids (numbers, comma-separated), not %q: turn on Developer Mode (Discord's Settings → Advanced), then right-click the server's icon and choose Copy Server ID.",
			}, id))
			break
		}
	}
	if c.DiscordGuildID != "" && !c.Discord() {
		bad("%s", both(i18n.T{Zh: "QISAI_DISCORD_GUILD_ID 需要同时设置 QISAI_DISCORD_TOKEN。", En: "QISAI_DISCORD_GUILD_ID needs QISAI_DISCORD_TOKEN as well."}))
	}
	if c.DiscordPublicKey != "" {
		if !c.Discord() {
			// The endpoint would answer commands, and every announcement
			// and long reply would wait in the outbox for ever.
			bad("QISAI_DISCORD_PUBLIC_KEY 需要同时设置 QISAI_DISCORD_TOKEN：没有机器人令牌，公告和长回复无法发到 Discord " +
				"needs QISAI_DISCORD_TOKEN as well: without the bot token no announcement or long reply can be sent to Discord")
		}
		if c.DiscordAppID == "" {
			bad("QISAI_DISCORD_PUBLIC_KEY 需要 QISAI_DISCORD_APP_ID needs QISAI_DISCORD_APP_ID to register the slash commands")
		}
		if c.Listen == "" {
			bad("QISAI_DISCORD_PUBLIC_KEY 需要 QISAI_LISTEN needs QISAI_LISTEN, the address of the interactions endpoint (Interactions Endpoint URL in the Developer Portal)")
		}
	}
	errs = append(errs, c.validateFeishu()...)
	if c.PublicURL != "" {
		if err := checkURL("QISAI_PUBLIC_URL", c.PublicURL, false); err != nil {
			errs = append(errs, err)
		}
		if c.Listen == "" {
			bad("QISAI_PUBLIC_URL 需要 QISAI_LISTEN：比赛网页由这个监听地址提供 needs QISAI_LISTEN, the address that serves the events' pages (your https proxy passes /e/ to it)")
		}
	}
	if c.Listen != "" {
		_, port, err := net.SplitHostPort(c.Listen)
		n, perr := strconv.ParseUint(port, 10, 16)
		switch {
		case err != nil || perr != nil:
			bad("QISAI_LISTEN 应为「主机:端口」must be host:port, e.g. 127.0.0.1:8080 or :8080, got %q", c.Listen)
		case n == 0:
			bad("QISAI_LISTEN 端口不能为 0 needs a fixed port, got %q", c.Listen)
		}
	}
	var dsnErr *storage.DSNError
	if err := storage.CheckDSN(c.DatabaseURL); errors.As(err, &dsnErr) {
		errs = append(errs, err) // it names the setting
	} else if err != nil {
		bad("QISAI_DATABASE_URL: %w", err)
	}
	if strings.HasPrefix(c.DatabaseURL, "postgres://") || strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		if _, err := url.Parse(c.DatabaseURL); err != nil {
			bad("QISAI_DATABASE_URL PostgreSQL 地址无效 is not a valid postgres:// URL (check the password's special characters are %%-encoded)")
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
		return fmt.Errorf("%s 应为完整网址 must be an absolute http(s) URL such as https://example.org/path, got %q", name, v)
	case https && u.Scheme != "https":
		return fmt.Errorf("%s 必须使用 https must be an https URL (Telegram sends webhooks over https only), got %q", name, v)
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
