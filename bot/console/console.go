// Package console is qisai's chat in a terminal, the first adapter: one
// person plays every role of a club's group chat by typing lines, and the
// bot answers as it would on Telegram or Discord. It is what `qisai`
// opens when no platform token is set, and what tests script.
//
// Input, one line at a time:
//
//	王芳: /event new 周末快棋赛     王芳 says it in the club's group chat
//	/signup open                  a line without NAME: is the previous speaker's
//	李四@dm: /me                  李四 says it to the bot in private
//	李四:                         NAME: alone makes NAME the speaker
//
// A NAME is one word (no spaces); the colon may be full-width (：). Blank
// lines are skipped. Output: every message the bot sends, each of its
// lines prefixed with its chat — "[group] " or "[dm NAME] " — so that
// tables stay aligned and `grep '^\[dm 李四\]'` shows one person's private
// chat; its buttons follow as one more line of the message:
//
//	[dm 李四] 王芳 报告第 1 台：红胜。请确认。
//	[dm 李四] [buttons: 确认 → /confirm | 异议 → /dispute]
//
// Typing a button's command is pressing it. Messages to chats of other
// platforms (an event linked to a Telegram group) print as
// "[telegram CHAT] ": the console is the only adapter running.
//
// The console maps its world onto storage like any adapter: the group is
// chat.Chat{Platform: "console", ID: "group"}, NAME's private chat
// chat.Private("console", NAME), and NAME is the user's id.
package console

import (
	"bufio"
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
)

// Platform is the console's name in storage and in the log.
const Platform = "console"

// Group is the club's group chat; NAME's private chat is DM(NAME).
var Group = chat.Chat{Platform: Platform, ID: "group"}

// DM is user's private chat with the bot.
func DM(user string) chat.Chat { return chat.Private(Platform, user) }

// options are what the Options set (see each Option).
type options struct {
	// lang is the language every console user's "platform" reports, "zh"
	// (the default) or "en"; a user's /lang wins over it.
	lang string
	// runID tells this run's updates from other runs' ("" makes a fresh
	// one): the same script run twice runs twice, as a person expects.
	runID string
	// interactive is set when a person types: Run greets them and prompts
	// with the speaker's name.
	interactive bool
	// where names the database in the greeting ("qisai.db").
	where string
	// echo prints each line read, as "NAME: TEXT", before the answers, so
	// that the output of a script reads as the conversation.
	echo bool
	// tick, when positive, runs the scheduler that often while Run waits
	// for input (reminders, confirmation windows that end). The scheduler
	// runs after every line anyway.
	tick time.Duration
	// files is the folder the files the bot sends are written to
	// (exports, tables too long for a message); the message shows
	// "[file: PATH]". "" is "qisai-files" in the working directory.
	files string
}

// Option changes how a Console talks.
type Option func(*options)

// WithLang sets the language every console user's "platform" reports,
// "zh" (the default) or "en"; a user's /lang wins over it.
func WithLang(lang string) Option { return func(o *options) { o.lang = lang } }

// WithRunID tells this run's updates from other runs' (by default a fresh
// id each run): the same script run twice runs twice, as a person expects.
func WithRunID(id string) Option { return func(o *options) { o.runID = id } }

// Interactive is for a person typing: Run greets them and prompts with
// the speaker's name.
func Interactive() Option { return func(o *options) { o.interactive = true } }

// WithDatabase names the database in the greeting ("qisai.db").
func WithDatabase(where string) Option { return func(o *options) { o.where = where } }

// WithEcho prints each line read, as "NAME: TEXT", before the answers,
// so that the output of a script reads as the conversation.
func WithEcho() Option { return func(o *options) { o.echo = true } }

// WithTick runs the scheduler every d while Run waits for input
// (reminders, confirmation windows that end). The scheduler runs after
// every line anyway.
func WithTick(d time.Duration) Option { return func(o *options) { o.tick = d } }

// WithFiles writes the files the bot sends (exports, tables too long for
// a message) to dir, and the message shows "[file: PATH]"; by default
// "qisai-files" in the working directory.
func WithFiles(dir string) Option { return func(o *options) { o.files = dir } }

// Console is the console chat: New makes it, Run runs it.
type Console struct {
	svc    *commands.Service
	in     io.Reader
	out    io.Writer
	opts   options
	worker string // the outbox claims' owner

	speaker  line // who says the next line without NAME:
	lineNo   int  // lines read, counting blank ones: the update ids
	prompted bool // a prompt is waiting on the current output line
	held     bool // delivery found the database busy and said so
	sent     int  // messages printed: their ids (chat.Posted)
	err      error
}

// New makes the console chat of svc, reading lines from in and writing
// the bot's messages to out.
func New(svc *commands.Service, in io.Reader, out io.Writer, opts ...Option) *Console {
	c := &Console{svc: svc, in: in, out: out}
	for _, o := range opts {
		o(&c.opts)
	}
	if c.opts.runID == "" {
		var b [4]byte
		rand.Read(b[:])
		c.opts.runID = hex.EncodeToString(b[:])
	}
	if c.opts.lang == "" {
		c.opts.lang = "zh"
	}
	c.worker = "console:" + c.opts.runID
	return c
}

// Run reads lines until the input ends or ctx is done, runs each as its
// speaker's message through the service, and prints the reply and then
// every message the outbox holds, delivered at once through the service
// (so a script's transcript is the same every time). It returns an error
// only when it cannot go on: the output or the input fails, or the
// database does.
func (c *Console) Run(ctx context.Context) error {
	if c.opts.interactive {
		c.greet()
	}
	lines := make(chan string)
	readErr := make(chan error, 1)
	go func() { readErr <- readLines(ctx, c.in, lines) }()
	var ticks <-chan time.Time
	if c.opts.tick > 0 {
		t := time.NewTicker(c.opts.tick)
		defer t.Stop()
		ticks = t.C
	}
	// Messages left from an earlier run (a crash before they went out).
	c.deliver(ctx)
	for c.err == nil {
		c.prompt()
		select {
		case <-ctx.Done():
			return nil
		case s, ok := <-lines:
			if !ok {
				if c.prompted {
					c.write("\n") // leave the terminal on a fresh line
				}
				if err := <-readErr; err != nil {
					return fmt.Errorf("console: read input: %w", err)
				}
				return nil
			}
			c.prompted = false // the person pressed Enter
			c.say(ctx, s)
		case <-ticks:
			c.tick(ctx)
		}
	}
	return c.err
}

// readLines sends in's lines to lines, closing it at the end of in. It
// drops line ends and a byte-order mark, and replaces invalid UTF-8.
func readLines(ctx context.Context, in io.Reader, lines chan<- string) error {
	defer close(lines)
	r := bufio.NewReader(in)
	for first := true; ; first = false {
		s, err := r.ReadString('\n')
		if s != "" {
			s = strings.ToValidUTF8(strings.TrimRight(s, "\r\n"), "\uFFFD")
			if first {
				s = strings.TrimPrefix(s, "\uFEFF")
			}
			select {
			case lines <- s:
			case <-ctx.Done():
				return nil
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// say runs one line of input.
func (c *Console) say(ctx context.Context, s string) {
	c.lineNo++
	l, ok := parseLine(s, c.speaker)
	if !ok {
		c.print("console", "请先写说话人，例如：王芳: /help\nStart with who speaks, e.g. Wang: /help", nil)
		return
	}
	c.speaker = line{User: l.User, DM: l.DM}
	if l.Text == "" {
		return
	}
	if c.opts.echo {
		c.write(speakerName(l) + ": " + l.Text + "\n")
	}
	to := Group
	if l.DM {
		to = DM(l.User)
	}
	reply := c.svc.Handle(ctx, commands.Request{
		Chat: to, User: commands.User{ID: l.User, Name: l.User},
		Locale: c.opts.lang, Text: l.Text,
		UpdateID: fmt.Sprintf("console:%s:%d", c.opts.runID, c.lineNo),
	})
	if reply.Private {
		to = DM(l.User)
	}
	c.Send(ctx, chat.Message{Chat: to, Text: reply.Text, Buttons: reply.Buttons, File: reply.File})
	c.tick(ctx)
}

// tick runs the scheduler and prints what it and the last line sent.
func (c *Console) tick(ctx context.Context) {
	if err := c.svc.Tick(ctx); err != nil && ctx.Err() == nil {
		// The scheduler tries again at the next tick; the chat goes on.
		slog.Warn("console: scheduler", "err", err)
	}
	c.deliver(ctx)
}

// deliver prints the outbox's messages, oldest first, until none is due.
// A database another program holds (commands.IsBusy) stops nothing: the
// messages wait in the outbox for the next line or tick, and the person
// is told once.
func (c *Console) deliver(ctx context.Context) {
	if c.err != nil {
		return
	}
	err := c.svc.DeliverDue(ctx, c.worker, c)
	switch {
	case err == nil:
		c.held = false
	case ctx.Err() != nil || c.err != nil:
	case commands.IsBusy(err):
		if !c.held {
			c.print("console", i18n.T{
				Zh: "数据库正忙：另一个程序正占用它。机器人的消息等它空出来后，在下一行输入之后发出。",
				En: "The database is busy: another program is holding it. The bot's messages will follow after your next line, once it is free.",
			}.In(i18n.Parse(c.opts.lang)), nil)
		}
		c.held = true
	default:
		c.fail(err)
	}
}

// Send prints m as the console shows a message: it makes the console a
// chat.Sender. Tables show as their plain lines; a file is written to the
// files folder (WithFiles) and shown as "[file: PATH]", a picture (each
// of an album's) as "[picture: PATH]". It fails only when the output does.
func (c *Console) Send(ctx context.Context, m chat.Message) error {
	text := chat.Plain(m.Text)
	for _, f := range append([]*chat.File{m.File}, m.Album...) {
		if f != nil {
			text = strings.TrimLeft(text+"\n"+c.save(f), "\n")
		}
	}
	c.print(label(m.Chat), text, m.Buttons)
	if c.err == nil {
		c.sent++
		chat.Posted(ctx, strconv.Itoa(c.sent))
	}
	return c.err
}

// Edit prints m again, as a message edited in place (chat.Editor) shows
// it: its chat's label marked "✎", so that a transcript shows each step of
// a live message (a round's boards as their results come in).
func (c *Console) Edit(_ context.Context, _ string, m chat.Message) error {
	c.print(label(m.Chat)+" ✎", chat.Plain(m.Text), m.Buttons)
	return c.err
}

// save writes f to the files folder and says where, or why not: a file
// that cannot be written is no reason to stop the chat.
func (c *Console) save(f *chat.File) string {
	dir := c.opts.files
	if dir == "" {
		dir = "qisai-files"
	}
	// The name is the bot's, made from an event's name: no folders in it.
	path := filepath.Join(dir, filepath.Base(filepath.Clean("/"+f.Name)))
	err := os.MkdirAll(dir, 0o755)
	if err == nil {
		err = os.WriteFile(path, f.Data, 0o644)
	}
	if err != nil {
		// In the console's language: no line mixes the two (i18n).
		return i18n.T{Zh: "[文件 %s 未能保存：%v]", En: "[file %s not written: %v]"}.In(i18n.Parse(c.opts.lang), f.Name, err)
	}
	if strings.HasSuffix(strings.ToLower(f.Name), ".png") {
		return "[picture: " + path + "]" // a picture of a sheet (package picture)
	}
	return "[file: " + path + "]"
}

// print writes a message: every line prefixed with its chat's label, the
// buttons as one more line. An empty message prints nothing.
func (c *Console) print(label, text string, buttons []chat.Button) {
	var lines []string
	if text = strings.TrimRight(text, "\n"); text != "" {
		lines = strings.Split(text, "\n")
	}
	if len(buttons) > 0 {
		var bs []string
		for _, b := range buttons {
			bs = append(bs, b.Label+" → "+cmp.Or(b.Command, b.URL))
		}
		lines = append(lines, "[buttons: "+strings.Join(bs, " | ")+"]")
	}
	if len(lines) == 0 {
		return
	}
	var b strings.Builder
	if c.prompted { // a message arriving while the person types
		b.WriteString("\n")
		c.prompted = false
	}
	for _, l := range lines {
		b.WriteString(strings.TrimRight("["+label+"] "+l, " ") + "\n")
	}
	c.write(b.String())
}

// label names a chat the way output lines start.
func label(c chat.Chat) string {
	switch {
	case c == Group:
		return "group"
	case c.Platform == Platform && c.IsPrivate():
		return "dm " + c.User()
	case c.Platform == Platform:
		return c.ID
	}
	return c.Platform + " " + c.ID
}

// speakerName is how a line's speaker is written: NAME or NAME@dm.
func speakerName(l line) string {
	if l.DM {
		return l.User + "@dm"
	}
	return l.User
}

// prompt shows who speaks next, for a person typing.
func (c *Console) prompt() {
	if !c.opts.interactive || c.prompted {
		return
	}
	who := speakerName(c.speaker)
	if c.speaker.User == "" {
		who = ""
	}
	c.write(who + "> ")
	c.prompted = true
}

func (c *Console) greet() {
	// A line in Chinese, then the same in English: no line mixes the two
	// (i18n).
	zh, en := "qisai 棋赛 — 控制台聊天", "qisai — console chat"
	if c.opts.where != "" {
		zh, en = zh+"（数据："+c.opts.where+"）", en+" (data: "+c.opts.where+")"
	}
	c.write(zh + "\n" + en + `
每行写「名字: 内容」：该用户在俱乐部群里说话；「名字@dm: 内容」：私聊机器人；不写名字：上一位接着说。
Type "NAME: TEXT" for NAME saying TEXT in the club's group, "NAME@dm: TEXT" for a private
message to the bot; a line without NAME: is the previous speaker's.
例如：王芳: /event new 周末快棋赛
Example:  Wang: /event new Weekend Rapid
/help 列出命令 · /lang en 换成英文 · Ctrl-D 退出
/help lists the commands · /lang en English · Ctrl-D quits

`)
}

// write writes to out, remembering the first failure: after it the
// console stops.
func (c *Console) write(s string) {
	if c.err != nil {
		return
	}
	if _, err := io.WriteString(c.out, s); err != nil {
		c.fail(fmt.Errorf("write output: %w", err))
	}
}

func (c *Console) fail(err error) {
	if c.err == nil {
		c.err = fmt.Errorf("console: %w", err)
	}
}
