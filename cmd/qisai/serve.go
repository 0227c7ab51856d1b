package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/qisai/qisai/bot/discord"
	"github.com/qisai/qisai/bot/feishu"
	"github.com/qisai/qisai/bot/pace"
	"github.com/qisai/qisai/bot/telegram"
	"github.com/qisai/qisai/bot/web"
	"github.com/qisai/qisai/chat"
	chatcmd "github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/ops"
	"github.com/qisai/qisai/storage"
)

// serveUsage heads the flags of qisai serve --help.
const serveUsage = `qisai serve [flags]
      Telegram、Discord 和/或飞书上的聊天机器人。每个选项也可以用括号里的环境变量设置。
      the chat bot on Telegram, Discord and/or Feishu. Each flag may be set by
      the environment variable in brackets instead.
`

// tickEvery is how often the service runs the scheduler (confirmation
// windows, late arrivals, reminders count in minutes).
const tickEvery = 30 * time.Second

// serveCmd runs `qisai serve`: the chat bot on Telegram and/or Discord, as
// the environment (QISAI_*) and flags configure it, with /healthz and
// /metrics on QISAI_LISTEN. It stops cleanly on SIGINT or SIGTERM.
func serveCmd(args []string, stdout io.Writer) error {
	cfg, err := ops.Load(args, os.Getenv)
	var bad ops.FlagError
	switch {
	case errors.Is(err, flag.ErrHelp):
		_, err = io.WriteString(stdout, serveUsage)
		ops.PrintFlags(stdout)
		return err
	case errors.As(err, &bad):
		return flagError(bad.Err)
	case err != nil:
		return usageError{err}
	}
	if !cfg.Telegram() && !cfg.Discord() && !cfg.Feishu() {
		return usagef("未设置平台：请设置 QISAI_TELEGRAM_TOKEN、QISAI_DISCORD_TOKEN 或 QISAI_FEISHU_APP_ID 和 QISAI_FEISHU_APP_SECRET（见 README），或运行 \"qisai console\"。",
			"no platform is configured: set QISAI_TELEGRAM_TOKEN, QISAI_DISCORD_TOKEN and/or QISAI_FEISHU_APP_ID with QISAI_FEISHU_APP_SECRET (see README), or run \"qisai console\".")
	}
	log := slog.New(slog.NewJSONHandler(stdout, nil))
	log.Info("starting", "config", cfg)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	dsn := cfg.DatabaseURL
	if dsn == "" {
		dsn = storage.DefaultDSN
	}
	store, err := openDatabase(ctx, dsn)
	if err != nil {
		return err
	}
	defer store.Close()
	metrics := &ops.Metrics{}
	svc := chatcmd.New(store, chatcmd.WithLogger(log), painter(cfg.Font, log), chatcmd.WithPublicURL(cfg.PublicURL),
		chatcmd.WithObserver(func(_ string, failed bool) { metrics.CommandDone(failed) }))

	var (
		wg      sync.WaitGroup
		errOnce sync.Once
		first   error
	)
	run := func(name string, f func(context.Context) error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f(ctx); err != nil && !errors.Is(err, context.Canceled) {
				errOnce.Do(func() { first = fmt.Errorf("%s: %w", name, err) })
				log.Error("stopped", "part", name, "err", err)
				stop()
			}
		}()
	}
	host, _ := os.Hostname()
	// Every message a platform's chats get, replies included, goes out
	// here: split at the platform's length (each part paced and recorded
	// on its own), paced by its limits, retried. Delivery logs what fails
	// and goes on: a slow or refusing platform never stops the service.
	// The pace of the last run's sends is kept: the outbox's records of
	// what went out in the limits' span count against them again, so a
	// restart does not start with a burst the platform punishes.
	deliver := func(platform string, send chat.Sender, limits pace.Limits, split func(chat.Message) []chat.Message) {
		run(platform+" delivery", func(ctx context.Context) error {
			paced, timed := measured(platform, send, limits, metrics)
			recent, err := store.RecentSends(ctx, platform, time.Now().Add(-limits.Span()))
			if err != nil {
				log.Warn("the last run's sends are unknown; pacing starts afresh", "platform", platform, "err", err)
			}
			for _, s := range recent {
				for range s.Parts {
					paced.Remember(s.Chat, s.At)
				}
			}
			return store.Deliver(ctx, platform+"@"+host, timed, storage.DeliverOptions{
				Platform: platform, Undeliverable: svc.Undeliverable, Split: split, Log: log,
				Blocked: func(ctx context.Context, c chat.Chat, since time.Time, err error) {
					metrics.ChatHeld(c.Platform)
					svc.Blocked(ctx, c, since, err)
				},
			})
		})
	}
	// status reports whether a platform is reached to /healthz and
	// /metrics: a platform down degrades the service, never stops it.
	status := func(platform string) func(bool, error) {
		metrics.Platform(platform, false, errors.New("connecting"))
		return func(up bool, err error) { metrics.Platform(platform, up, err) }
	}

	mux := http.NewServeMux()
	health := ops.Handler(store, metrics)
	mux.Handle("/healthz", health)
	mux.Handle("/metrics", health)
	mux.Handle("/e/", web.New(svc.Web(), web.WithLogger(log))) // the events' pages, at the links /web gives
	if cfg.Telegram() {
		tg, err := telegram.New(svc, cfg.TelegramToken, telegram.WithServerURL(cfg.TelegramAPIURL),
			telegram.WithWebhook(cfg.TelegramWebhookURL), telegram.WithLogger(log), telegram.WithStatus(status(telegram.Platform)))
		if err != nil {
			return because(err, "不能启动 Telegram 机器人，请检查 QISAI_TELEGRAM_TOKEN 和 QISAI_TELEGRAM_API_URL。",
				"The Telegram bot cannot start: %v; check QISAI_TELEGRAM_TOKEN and QISAI_TELEGRAM_API_URL.")
		}
		if cfg.TelegramWebhookURL != "" {
			mux.Handle(telegram.WebhookPath, tg.WebhookHandler())
		}
		run("telegram", tg.Run)
		deliver(telegram.Platform, tg.Sender(), pace.Telegram, telegram.Split)
	}

	// Discord: with a public key, interactions come to the HTTP endpoint;
	// without one, through the gateway connection. Each is answered at
	// once (deferred), its command run after. What a channel hears goes
	// out through the outbox's Discord sender; what only the asker sees,
	// by editing the response, long replies with follow-ups.
	var dc *discord.Adapter
	if cfg.Discord() {
		opts := []discord.Option{discord.WithAppID(cfg.DiscordAppID), discord.WithServerURL(cfg.DiscordAPIURL),
			discord.WithGuilds(cfg.DiscordGuilds()...), discord.WithLogger(log), discord.WithStatus(status(discord.Platform))}
		if key, err := cfg.DiscordKey(); err == nil && key != nil {
			opts = append(opts, discord.WithPublicKey(key))
		}
		if dc, err = discord.New(svc, cfg.DiscordToken, opts...); err != nil {
			return because(err, "不能启动 Discord 机器人，请检查 QISAI_DISCORD_TOKEN 和 QISAI_DISCORD_API_URL。",
				"The Discord bot cannot start: %v; check QISAI_DISCORD_TOKEN and QISAI_DISCORD_API_URL.")
		}
		if h := dc.Handler(); h != nil {
			mux.Handle("/discord/interactions", h)
		}
		run("discord", dc.Run)
		deliver(discord.Platform, dc.Sender(), pace.Discord, discord.Split)
	}

	// Feishu: by default its events come over the SDK's long connection;
	// with a verification token, to the HTTP callback.
	if cfg.Feishu() {
		opts := []feishu.Option{feishu.WithServerURL(cfg.FeishuAPIURL), feishu.WithLogger(log), feishu.WithStatus(status(feishu.Platform))}
		if cfg.FeishuCallback() {
			opts = append(opts, feishu.WithCallback(cfg.FeishuToken, cfg.FeishuEncryptKey))
		}
		fs, err := feishu.New(svc, cfg.FeishuAppID, cfg.FeishuAppSecret, opts...)
		if err != nil {
			return because(err, "不能启动飞书机器人，请检查 QISAI_FEISHU_APP_ID 和 QISAI_FEISHU_APP_SECRET。",
				"The Feishu bot cannot start: %v; check QISAI_FEISHU_APP_ID and QISAI_FEISHU_APP_SECRET.")
		}
		if h := fs.Handler(); h != nil {
			mux.Handle(feishu.EventsPath, h)
		}
		run("feishu", fs.Run)
		deliver(feishu.Platform, fs.Sender(), pace.Feishu, feishu.Split)
	}

	if cfg.Listen != "" {
		srv := &http.Server{Addr: cfg.Listen, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		run("http", func(ctx context.Context) error {
			go func() {
				<-ctx.Done()
				shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				srv.Shutdown(shut)
			}()
			log.Info("listening", "addr", cfg.Listen)
			if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
				return err
			}
			return nil
		})
	}
	run("scheduler", func(ctx context.Context) error {
		t := time.NewTicker(tickEvery)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return nil
			case <-t.C:
				if err := svc.Tick(ctx); err != nil && ctx.Err() == nil {
					log.Error("scheduler", "err", err)
				}
			}
		}
	})
	<-ctx.Done()
	wg.Wait()
	if dc != nil {
		dc.Wait() // commands still running, answers still being told
	}
	log.Info("stopped")
	return first
}
