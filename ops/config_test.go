package ops

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

const (
	tgToken = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
	dcToken = "MTA5ODc2.GhIjKl.discord-secret-token"
	pubKey  = "e4c1c0a3a3b5e7ad1a53a1e4b1d84a5b7d1a2c6b6b5f0f4d3f6c2a1b0e9d8c7f"
	dbURL   = "postgres://qisai:hunter2@db.example.org/qisai"
)

// env is a getenv over a map.
func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestLoad(t *testing.T) {
	vars := map[string]string{
		"QISAI_TELEGRAM_TOKEN": tgToken,
		"QISAI_LISTEN":         "127.0.0.1:8080",
		"QISAI_DATABASE_URL":   "/data/qisai.db",
		"UNRELATED":            "x",
	}
	c, err := Load([]string{"--listen", ":9090", "--discord-token", dcToken, "--discord-app-id", "1098765"}, env(vars))
	if err != nil {
		t.Fatal(err)
	}
	want := Config{TelegramToken: tgToken, DiscordToken: dcToken, DiscordAppID: "1098765", DatabaseURL: "/data/qisai.db", Listen: ":9090"}
	if c != want {
		t.Errorf("Load: %#v\nwant %#v (flags override the environment)", c, want)
	}
	if !c.Telegram() || !c.Discord() {
		t.Errorf("Telegram() = %v, Discord() = %v, want both true", c.Telegram(), c.Discord())
	}
	if _, err := Load([]string{"--discord-public-key", "zz"}, env(nil)); err == nil {
		t.Error("Load with a bad key: nil error, want the validation error")
	}
	if _, err := Load([]string{"extra"}, env(nil)); err == nil || !strings.Contains(err.Error(), "extra") {
		t.Errorf("Load with an argument: %v, want an error naming it", err)
	}
}

func TestValidate(t *testing.T) {
	ok := Config{
		TelegramToken: tgToken, TelegramWebhookURL: "https://bot.example.org/telegram",
		TelegramAPIURL: "http://127.0.0.1:8081", DiscordToken: dcToken, DiscordAppID: "1098765",
		DiscordPublicKey: pubKey, DiscordAPIURL: "https://proxy.example.org/api", DatabaseURL: dbURL,
		Listen: ":8080", PublicURL: "https://qisai.example.org",
	}
	validateCases(t, ok, []validateCase{
		{"everything set", func(*Config) {}, nil},
		{"nothing set: the console", func(c *Config) { *c = Config{} }, nil},
		{"token with a newline", func(c *Config) { c.TelegramToken += "\n" }, []string{"QISAI_TELEGRAM_TOKEN", "令牌"}},
		{"webhook over http", func(c *Config) { c.TelegramWebhookURL = "http://bot.example.org/" }, []string{"QISAI_TELEGRAM_WEBHOOK_URL", "https"}},
		{"webhook without token or listener", func(c *Config) { c.TelegramToken, c.Listen, c.DiscordPublicKey = "", "", "" },
			[]string{"needs QISAI_TELEGRAM_TOKEN", "needs QISAI_LISTEN"}},
		{"relative API URL", func(c *Config) { c.TelegramAPIURL = "localhost:8081" }, []string{"QISAI_TELEGRAM_API_URL", "absolute"}},
		{"bad proxy URL", func(c *Config) { c.DiscordAPIURL = "ftp://x" }, []string{"QISAI_DISCORD_API_URL"}},
		{"guild ids", func(c *Config) { c.DiscordGuildID = "1098765, 2098765" }, nil},
		{"guild id not a number", func(c *Config) { c.DiscordGuildID = "1098765,club" }, []string{"QISAI_DISCORD_GUILD_ID", `"club"`, "Copy Server ID", "复制服务器 ID"}},
		{"guild id without token", func(c *Config) { c.DiscordGuildID, c.DiscordToken, c.DiscordPublicKey = "1098765", "", "" }, []string{"QISAI_DISCORD_GUILD_ID", "needs QISAI_DISCORD_TOKEN"}},
		{"discord token without app id", func(c *Config) { c.DiscordAppID = "" }, []string{"needs QISAI_DISCORD_APP_ID"}},
		{"app id not a number", func(c *Config) { c.DiscordAppID = "qisai" }, []string{"QISAI_DISCORD_APP_ID", "数字"}},
		{"public key too short", func(c *Config) { c.DiscordPublicKey = pubKey[:62] }, []string{"QISAI_DISCORD_PUBLIC_KEY", "32 bytes", "62 characters"}},
		{"public key not hex", func(c *Config) { c.DiscordPublicKey = strings.Repeat("g", 64) }, []string{"QISAI_DISCORD_PUBLIC_KEY", "hex"}},
		{"public key without listener", func(c *Config) { c.Listen, c.TelegramWebhookURL = "", "" }, []string{"QISAI_DISCORD_PUBLIC_KEY", "needs QISAI_LISTEN"}},
		{"listener without port", func(c *Config) { c.Listen = "localhost" }, []string{"QISAI_LISTEN", "host:port"}},
		{"listener port 0", func(c *Config) { c.Listen = "127.0.0.1:0" }, []string{"QISAI_LISTEN", "port"}},
		{"bad postgres URL", func(c *Config) { c.DatabaseURL = "postgres://u:p@host:port/db" }, []string{"QISAI_DATABASE_URL"}},
		{"public key without token", func(c *Config) { c.DiscordToken = "" }, []string{"QISAI_DISCORD_PUBLIC_KEY", "needs QISAI_DISCORD_TOKEN", "令牌"}},
		{"public URL relative", func(c *Config) { c.PublicURL = "qisai.example.org" }, []string{"QISAI_PUBLIC_URL", "absolute"}},
		{"public URL without listener", func(c *Config) { c.Listen, c.TelegramWebhookURL, c.DiscordPublicKey = "", "", "" }, []string{"QISAI_PUBLIC_URL", "needs QISAI_LISTEN", "比赛网页"}},
		{"sqlite URL", func(c *Config) { c.DatabaseURL = "sqlite:///srv/qisai/club.db" }, nil},
		{"sqlite: URL", func(c *Config) { c.DatabaseURL = "sqlite:club.db" }, nil},
		{"file URI", func(c *Config) { c.DatabaseURL = "file:club.db?_busy_timeout=9000" }, nil},
		{"database URL of another kind", func(c *Config) { c.DatabaseURL = "mysql://u@h/db" }, []string{"QISAI_DATABASE_URL", "mysql", "不支持", "sqlite://PATH"}},
	}, tgToken, dcToken)
}

// validateCase is a change to a valid Config and what Validate says then.
type validateCase struct {
	name   string
	change func(*Config)
	want   []string // in the error, each; none: valid
}

// validateCases checks each case on a copy of ok, and that no error
// shows any of secrets.
func validateCases(t *testing.T, ok Config, cases []validateCase, secrets ...string) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			c := ok
			tt.change(&c)
			err := c.Validate()
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatalf("Validate: %v, want nil", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Validate: nil, want an error with %q", tt.want)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("Validate: %v\nwant it to contain %q", err, w)
				}
			}
			for _, secret := range secrets {
				if strings.Contains(err.Error(), secret) {
					t.Errorf("Validate shows a secret: %v", err)
				}
			}
		})
	}
}

func TestDiscordKey(t *testing.T) {
	key, err := Config{DiscordPublicKey: pubKey}.DiscordKey()
	if err != nil || len(key) != 32 || key[0] != 0xe4 || key[31] != 0x7f {
		t.Errorf("DiscordKey: %x, %v; want the 32 bytes of %s", key, err, pubKey)
	}
	if key, err := (Config{}).DiscordKey(); key != nil || err != nil {
		t.Errorf("DiscordKey unset: %x, %v; want nil, nil", key, err)
	}
}

// TestSecretsNeverShown prints a Config every way it may be printed or
// logged, and the usage of its flags.
func TestSecretsNeverShown(t *testing.T) {
	c := Config{TelegramToken: tgToken, DiscordToken: dcToken, DatabaseURL: dbURL, Listen: ":8080"}
	shown := shownEveryWay(c)
	js, usage := shown[4], shown[6]
	for _, s := range shown {
		for _, secret := range []string{tgToken, dcToken, "hunter2"} {
			if strings.Contains(s, secret) {
				t.Errorf("%q shows a secret", s)
			}
		}
	}
	// What is not secret still shows, and unset tokens show as unset.
	if got := c.String(); !strings.Contains(got, `listen=":8080"`) || !strings.Contains(got, `telegram-token="<redacted>"`) ||
		!strings.Contains(got, "db.example.org") || !strings.Contains(got, `discord-app-id=""`) {
		t.Errorf("String: %s; want the listener, the database host and the tokens redacted", got)
	}
	var logged struct{ Config map[string]string }
	if err := json.Unmarshal([]byte(js), &logged); err != nil {
		t.Fatal(err)
	}
	if got := logged.Config["discord-token"]; got != redacted {
		t.Errorf("slog JSON discord-token = %q, want %q", got, redacted)
	}
	if !strings.Contains(usage, "$QISAI_TELEGRAM_TOKEN") {
		t.Errorf("flag usage does not name the variable:\n%s", usage)
	}
}

// shownEveryWay is c as fmt's %v, %+v, %#v and %s print it, as slog's
// JSON and text handlers log it, and the usage of its flags, in that
// order.
func shownEveryWay(c Config) []string {
	var shown []string
	for _, format := range []string{"%v", "%+v", "%#v", "%s"} {
		shown = append(shown, fmt.Sprintf(format, c))
	}
	var js, text bytes.Buffer
	slog.New(slog.NewJSONHandler(&js, nil)).Info("config", "config", c)
	slog.New(slog.NewTextHandler(&text, nil)).Info("config", "config", c)
	fs := flag.NewFlagSet("qisai", flag.ContinueOnError)
	var usage bytes.Buffer
	fs.SetOutput(&usage)
	c.Flags(fs)
	fs.PrintDefaults()
	return append(shown, js.String(), text.String(), usage.String())
}

// TestDatabasePasswordNeverShown: the database's password stays out of
// the config as printed and logged, whichever form carries it, and a
// key=value string is refused naming the setting, not the password.
func TestDatabasePasswordNeverShown(t *testing.T) {
	for _, dsn := range []string{
		"postgres://qisai:S3cret@db.example.org/qisai",
		"postgres://db.example.org/qisai?user=qisai&password=S3cret",
		"postgres://db.example.org/qisai?sslpassword=S3cret&sslmode=verify-full",
		"postgres://qisai:S3cret%zz@db/qisai",
		"host=db.example.org password=S3cret dbname=qisai",
		"file:qisai.db?_auth_pass=S3cret",
	} {
		c := Config{TelegramToken: tgToken, DatabaseURL: dsn}
		shown := shownEveryWay(c)
		if err := c.Validate(); err != nil {
			shown = append(shown, err.Error())
		}
		for _, s := range shown {
			if strings.Contains(s, "S3cret") {
				t.Errorf("%s", s)
			}
		}
		if !strings.Contains(c.String(), "db") {
			t.Errorf("String: %s; want the database's host or file", c.String())
		}
	}
	err := Config{TelegramToken: tgToken, DatabaseURL: "host=db password=S3cret"}.Validate()
	if err == nil || !strings.Contains(err.Error(), "QISAI_DATABASE_URL") || !strings.Contains(err.Error(), "postgres://") {
		t.Errorf("Validate of a key=value string: %v, want a refusal naming QISAI_DATABASE_URL", err)
	}
}

func TestDiscordGuilds(t *testing.T) {
	c := Config{DiscordGuildID: " 1098765, 2098765,,"}
	if got := c.DiscordGuilds(); len(got) != 2 || got[0] != "1098765" || got[1] != "2098765" {
		t.Errorf("DiscordGuilds() = %q, want the two ids", got)
	}
	if got := (Config{}).DiscordGuilds(); got != nil {
		t.Errorf("DiscordGuilds() unset = %q, want none (global)", got)
	}
}
