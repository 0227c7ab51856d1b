package main

import (
	"context"
	"flag"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/qisai/qisai/bot/console"

	// Imported under another name: this package's subcommand table is
	// called commands.
	chatcmd "github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/storage"
)

// Environment variables the bot reads.
const (
	databaseEnv = "QISAI_DATABASE_URL" // postgres://… or a SQLite file; --db wins
	telegramEnv = "QISAI_TELEGRAM_TOKEN"
	discordEnv  = "QISAI_DISCORD_TOKEN"
	feishuEnv   = "QISAI_FEISHU_APP_ID"
)

// schedulerEvery is how often an interactive console runs the scheduler
// while nobody types: late arrivals and confirmation windows count in
// minutes.
const schedulerEvery = 10 * time.Second

// chatCmd is what `qisai` with no arguments runs: the chat bot on the
// platforms whose tokens are set (qisai serve), else the console chat.
func chatCmd(stdin io.Reader, stdout io.Writer) error {
	if os.Getenv(telegramEnv) != "" || os.Getenv(discordEnv) != "" || os.Getenv(feishuEnv) != "" {
		return serveCmd(nil, stdout)
	}
	return consoleCmd(nil, stdin, stdout)
}

// consoleCmd runs `qisai console [--db FILE] [--lang zh|en]`: the chat in
// the terminal (package console), on the database --db names, else
// QISAI_DATABASE_URL, else qisai.db in the current directory.
func consoleCmd(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("console", flag.ContinueOnError)
	db := fs.String("db", "", "")
	lang := fs.String("lang", "zh", "")
	files := fs.String("files", "", "")
	listen := fs.String("listen", "", "")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("qisai console 只接受选项，不接受 %[1]q；脚本从标准输入读入：qisai console < script.txt。",
			"console takes no arguments but its flags, got %[1]q; the script comes on standard input: qisai console < script.txt.", strings.Join(pos, " "))
	}
	l, err := langArg(*lang)
	if err != nil {
		return err
	}
	dsn := databaseDSN(*db)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	store, err := openDatabase(ctx, dsn)
	if err != nil {
		return err
	}
	defer store.Close()
	dir := *files
	if dir == "" {
		dir = filesBeside(dsn)
	}
	opts := []console.Option{console.WithLang(string(l)), console.WithDatabase(storage.RedactDSN(dsn)), console.WithFiles(dir)}
	if isTerminal(stdin) {
		opts = append(opts, console.Interactive(), console.WithTick(schedulerEvery))
	} else {
		// A script's transcript shows each line before its answers.
		opts = append(opts, console.WithEcho())
	}
	svcOpts := []chatcmd.Option{painter(os.Getenv(fontEnv), slog.Default())}
	var pages *webListener // the events' pages, at the links /web gives
	if *listen != "" {
		if pages, err = listenWeb(*listen); err != nil {
			return err
		}
		svcOpts = append(svcOpts, pages.option())
	}
	svc := chatcmd.New(store, svcOpts...)
	if pages != nil {
		go pages.serve(ctx, svc)
	}
	return console.New(svc, stdin, stdout, opts...).Run(ctx)
}

// filesBeside is where the console writes the files the bot sends when
// --files does not say: "qisai-files" beside a SQLite database, in the
// working directory for a PostgreSQL one.
func filesBeside(dsn string) string {
	if strings.Contains(dsn, "://") && !strings.HasPrefix(dsn, "file:") {
		return "qisai-files"
	}
	path, _, _ := strings.Cut(strings.TrimPrefix(dsn, "file:"), "?")
	return filepath.Join(filepath.Dir(path), "qisai-files")
}

// isTerminal reports whether r is a terminal, where a person types.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
