// Package commands is what qisai does when somebody types a command, on any
// platform: it parses the line, finds the event the chat follows, checks who
// may do it, applies the rules (engine) to the event's log (action) through
// the store (storage), and answers — at once to the user, and through the
// outbox to every chat of the event. It knows no chat library: adapters
// (bot/*) turn platform updates into Requests and Replies into messages.
package commands

import (
	"context"
	"errors"
	"log/slog"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/picture"
	"github.com/qisai/qisai/storage"
)

// Request is one line a user sent the bot.
type Request struct {
	Chat chat.Chat // where it was said: a group, or the user's private chat with the bot
	User User      // who said it
	// Locale is the user's language as the platform reports it ("zh-CN",
	// "en"); "" when unknown.
	Locale string
	Text   string // the line as typed, "/report win"
	// UpdateID is the platform's id of the update ("telegram:update:42"):
	// the same update delivered twice changes nothing the second time.
	UpdateID string
	// Bot is the bot's own user name on the platform ("qisai_bot"), where
	// a command may name the bot it is for ("/join@qisai_bot"): a command
	// for another bot is ignored. "" takes any name (and none).
	Bot string
	// Anonymous says the sender hid who they are (a Telegram group's
	// anonymous admin): they are refused, since every such admin is one
	// user to the bot.
	Anonymous bool
	// MessageID is the platform's id of the message whose button was
	// pressed ("" for a typed line): Reply.Unbutton edits it.
	MessageID string
	// RepliesQueued says the adapter sends the reply through the outbox
	// under ReplyKey(UpdateID): what the command says in a chat of the
	// event is then stored with its change under that key (queueHeard).
	RepliesQueued bool
	// Mentions are the users the line names whom the platform identified
	// (Telegram text mentions, Discord user options), by the text that
	// names them in the line; ReplyTo the author of the message the line
	// answers (a Telegram reply), nil when none.
	Mentions []Mention
	ReplyTo  *User
}

// User is a person on a platform.
type User struct {
	ID   string
	Name string // display name, for messages
	// Username is the platform's handle without "@" ("li_wei"), "" when
	// the user has none: qisai remembers it so that "@li_wei" names them.
	Username string
}

// Mention is a user the platform identified where the line names them.
type Mention struct {
	Text string // as it stands in the line: "@li_wei", "Li Wei", "<@123>"
	User User
}

// Reply is the answer to the user who sent a Request. Announcements to
// the event's chats go through the outbox instead.
type Reply struct {
	Text    string
	Buttons []chat.Button
	// Private asks the adapter to show it to the user alone (a direct
	// message, or an ephemeral answer where the platform has them).
	Private bool
	// Unbutton asks the adapter to remove the buttons of the pressed
	// message (Request.MessageID): they were used, or answer what is over.
	Unbutton bool
	// File, when set, goes with the reply as an attachment (an export).
	File *chat.File
	// Queued says the reply is in the outbox already, stored with the
	// change it tells of under ReplyKey(Request.UpdateID) (RepliesQueued):
	// the outbox says it in the chat, so an adapter that answers some
	// other way too (a Discord interaction's response) must not repeat it.
	Queued bool
	// Refused says the reply tells its sender why nothing was done (the
	// line, a permission, a rule, a fault): an adapter that can show a
	// message in a group to one user alone (Discord's ephemeral messages)
	// shows it to them only.
	Refused bool
}

// Service runs commands against a store.
type Service struct {
	store Store
	now   func() time.Time
	log   *slog.Logger
	reg   *Registry
	obs   func(command string, failed bool) // WithObserver
	// painter draws the pictures (WithPainter); nil: none.
	painter *picture.Painter
	// publicURL is where the event pages are served (WithPublicURL).
	publicURL string
	// seen holds the handle and name each user was last remembered under
	// in each chat (saw), by platform, chat and user.
	seen sync.Map
	// tickGap is the longest silence between ticks that still counts as
	// the scheduler watching (WithTickGap).
	tickGap time.Duration
	// pictured holds when each group last got a picture command of
	// someone who is not staff (pictureTurn), by chat.Chat.
	pictured sync.Map
}

// Option changes a Service.
type Option func(*Service)

// WithClock sets the service's clock (tests move it).
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// WithTickGap sets the longest time between two ticks (Tick) that still
// counts as the scheduler watching without a break (default
// DefaultTickGap): a longer silence, or the clock stepping back more, and
// late players are left to the arbiter rather than forfeited (R-G-4).
func WithTickGap(d time.Duration) Option { return func(s *Service) { s.tickGap = d } }

// DefaultTickGap is four of qisai serve's ticks (30 s) and twelve of the
// console's (10 s): a busy moment passes, downtime does not.
const DefaultTickGap = 2 * time.Minute

// WithLogger sets where internal errors are logged.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// New makes a Service on store with every command.
func New(store Store, opts ...Option) *Service {
	s := &Service{store: store, now: time.Now, log: slog.Default(), tickGap: DefaultTickGap}
	for _, o := range opts {
		o(s)
	}
	s.reg = NewRegistry(all()...)
	return s
}

// Commands lists every command, for adapters that register them with the
// platform (Discord's slash commands, Telegram's menu) and for help.
func (s *Service) Commands() []*Command { return s.reg.All() }

// Lang is the language Handle answers req's sender in: adapters say their
// own words to the user (an acknowledgement) in it.
func (s *Service) Lang(ctx context.Context, req Request) i18n.Lang { return s.lang(ctx, req) }

// Handled reports whether the platform update updateID changed an event
// already (Request.UpdateID): delivered again, it is done, and running it
// again would be refused (a name taken by the event it made).
func (s *Service) Handled(ctx context.Context, updateID string) (bool, error) {
	return s.store.Handled(ctx, updateID)
}

// Handle runs one request and returns the reply to its sender. It never
// panics and never shows an internal error to the user: those are logged
// and the user gets an apology in their language. A line that is not a
// command gets an empty reply (nothing to send); who wrote it is
// remembered, as for every request (saw).
func (s *Service) Handle(ctx context.Context, req Request) (reply Reply) {
	req.Chat = s.movedTo(ctx, req.Chat)
	s.saw(ctx, req) // plain chat too: "@handle" names whoever wrote
	words := splitLine(req.Text)
	if words == nil {
		return Reply{}
	}
	// Every line said in a group is in the group's language; a private
	// answer in the sender's own.
	own := s.lang(ctx, req)
	lang := s.chatLang(ctx, req.Chat, own)
	defer s.observe(lang, req.Text, &reply) // runs last: sees the apology a panic gets
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("command panicked", "text", req.Text, "panic", r, "stack", string(debug.Stack()))
			reply = apology(lang)
		}
	}()
	if to := addressee(req.Text); to != "" && req.Bot != "" && !strings.EqualFold(to, req.Bot) {
		return Reply{} // "/join@otherbot": for another bot in the group
	}
	if req.Anonymous {
		return anonymousReply()
	}
	pressed, words := takeRef(words)
	cmd, c, at, err := s.route(ctx, req, words, pressed, lang, own)
	if at == noCommand {
		return noSuchCommand(s.reg, words[0], lang)
	}
	if err == nil {
		reply, err = cmd.Run(c)
	}
	if err != nil {
		var p *Problem
		var r *action.Refusal // an action the rules refused
		var amb *ambiguousEvent
		switch {
		case errors.As(err, &amb):
			reply = amb.reply(lang, req.Text)
		case errors.As(err, &p):
			reply = Reply{Text: p.Text.In(lang, p.Args...), Private: reply.Private}
		case errors.As(err, &r):
			reply = Reply{Text: refusalText(r, cmd, lang), Private: reply.Private}
		default:
			s.log.Error("command failed", "text", req.Text, "err", err)
			reply = failed(err, lang)
			reply.Refused = true
			return reply // the buttons stay: pressing again may work
		}
		reply.Refused = true
	}
	// A button that says what it answers was used, or answers what is
	// over: either way it is done.
	reply.Unbutton = pressed != nil && req.MessageID != ""
	return reply
}

// A stop is where route stopped with a line.
type stop int

const (
	routed    stop = iota // nowhere: the command may run
	noCommand             // there is no command by its name
	atEvent               // its event is not found, or not named among several
	atRights              // the sender may not run it
	atArgs                // its arguments do not read
)

// route finds what a line's words (pressed, the button's ref, taken off)
// ask for: the command, the event it is about with the sender's rights
// there, and its arguments read; where it stops, and why. Who may run a
// command is said before how to type it.
func (s *Service) route(ctx context.Context, req Request, words []string, pressed *ref, lang, own i18n.Lang) (*Command, *Context, stop, error) {
	cmd, rest := s.reg.Lookup(words)
	if cmd == nil {
		return nil, nil, noCommand, nil
	}
	named, rest := takeEventWord(rest) // "#春季赛": the event the line is about
	if named == "" && pressed == nil {
		named, rest = s.trailingEvent(ctx, req, cmd, rest, lang) // "/standings 春季赛"
	}
	c, err := s.context(ctx, req, lang, cmd, named, pressed)
	if err != nil {
		return cmd, nil, atEvent, err
	}
	c.Own = own
	if err := c.allowed(cmd); err != nil {
		return cmd, c, atRights, err
	}
	if c.Args, c.lists, err = cmd.parse(rest, lang); err != nil {
		return cmd, c, atArgs, err
	}
	return cmd, c, routed, nil
}

// noSuchCommand answers a line whose first words name no command: a
// family's first word alone or with a word it does not take ("/team",
// "/team accept") is told the words it takes.
func noSuchCommand(reg *Registry, first string, lang i18n.Lang) Reply {
	if words, group := reg.Family(first); len(words) > 0 {
		for i, w := range words {
			words[i] = "/" + strings.ToLower(first) + " " + w // commands whole: no word of another language in a line
		}
		list := strings.Join(words, i18n.T{Zh: "、", En: ", "}.In(lang))
		return Reply{Text: i18n.T{Zh: "/%s 要和后面的词一起用：%s。输入 /help %s 查看说明。", En: "/%s goes with a word after it: %s. /help %s explains them."}.In(lang, strings.ToLower(first), list, group)}
	}
	return Reply{Text: i18n.T{Zh: "没有 /%s 这个命令。输入 /help 查看所有命令。", En: "There is no command /%s. Type /help to see them all."}.In(lang, first)}
}

// sentence turns a refusal, written as an error is ("the event is not
// running"), into a sentence for a chat: a capital letter in English, and
// a full stop.
func sentence(s string, lang i18n.Lang) string {
	if s == "" {
		return s
	}
	if lang == i18n.Zh {
		if !strings.HasSuffix(s, "。") && !strings.HasSuffix(s, "！") && !strings.HasSuffix(s, "？") {
			s += "。"
		}
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(r)) + s[n:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}

func apology(lang i18n.Lang) Reply {
	return Reply{Text: i18n.T{Zh: "抱歉，出了点问题，没有做任何改动。请稍后再试。", En: "Sorry, something went wrong; nothing was changed. Please try again."}.In(lang)}
}

// lang is the request's language: the one the user chose with /lang, else
// the platform's locale, else the locale they joined with, else Chinese.
// A preference that cannot be read is logged and skipped: the user still
// gets an answer.
func (s *Service) lang(ctx context.Context, req Request) i18n.Lang {
	chosen, err := s.store.Lang(ctx, req.Chat.Platform, req.User.ID)
	if err != nil {
		s.log.Warn("language preference unreadable", "platform", req.Chat.Platform, "user", req.User.ID, "err", err)
	}
	if l := i18n.Parse(chosen); l != "" {
		return l
	}
	if l := i18n.Parse(req.Locale); l != "" {
		return l
	}
	if l := i18n.Parse(strings.TrimPrefix(chosen, localePref)); l != "" {
		return l // the locale they joined with
	}
	return i18n.Zh
}

// Context is what a command runs with.
type Context struct {
	context.Context
	svc *Service
	Req Request
	// Lang is the language of what the request's chat hears: a group's
	// (its event's, Chat.lang), or in a private chat the sender's. Own is
	// the sender's own, for an answer only they see (Reply.Private).
	Lang, Own i18n.Lang
	Args      map[string]string
	// lists are the words of each Rest argument as typed (list).
	lists map[string][]string
	// Event is the event the request is about (loadEvent; 0 when none yet)
	// and State its state as loaded before the command.
	Event storage.EventID
	State *action.State
	// Player is the sender's player's sequence number in State (0: not a
	// player; the store binds users to entrant ids, numberOf); Roles
	// what else they are.
	Player int
	Roles  []storage.Role
	// ref is what the pressed button answers; nil for a typed line.
	ref *ref
	// named is the event the line names (#NAME), "" for none; who may run
	// the command (findEvent settles an ambiguous line by it).
	named string
	who   Permission
	// voice is how the command speaks to the event's chats (eventChats).
	voice *voice
	// ch is the change Update is building, nil outside it (reads).
	ch *storage.Change
	// worth is what the round's games are worth on the club's list, read
	// before the change that tells the players (club_worth.go); nil: not
	// read.
	worth *worth
}

// list is the words of argument name as typed, a quoted name one word:
// the names of /team add, a line-up. An argument given otherwise (a
// button's command rebuilt) is cut at its spaces.
func (c *Context) list(name string) []string {
	if ws, ok := c.lists[name]; ok {
		return ws
	}
	return strings.Fields(c.Args[name])
}

// Actor is the sender as the event's log records them.
func (c *Context) Actor() action.Actor {
	return action.Actor{Platform: c.Req.Chat.Platform, User: c.Req.User.ID}
}

// context is the Context cmd runs in: for a command of staff or players,
// with the event loaded — the one a pressed button names (pressed, nil
// for a typed line), else the chat's.
func (s *Service) context(ctx context.Context, req Request, lang i18n.Lang, cmd *Command, named string, pressed *ref) (*Context, error) {
	c := &Context{Context: ctx, svc: s, Req: req, Lang: lang, named: named, who: cmd.Who, ref: pressed}
	if cmd.Who == Anyone {
		return c, nil
	}
	if err := c.loadEvent(false); err != nil {
		return nil, err
	}
	return c, nil
}

// Is reports whether the sender has role r.
func (c *Context) Is(r storage.Role) bool {
	for _, x := range c.Roles {
		if x == r {
			return true
		}
	}
	return false
}

// allowed checks the command's permission (the event exists already).
func (c *Context) allowed(cmd *Command) error {
	staff := c.Is(storage.Organiser) || c.Is(storage.Arbiter)
	switch cmd.Who {
	case Player:
		if c.Player == 0 && !staff {
			if err := c.claimHint(); err != nil {
				return err
			}
			return problem("只有本赛选手可以用 /%s。先用 /join 名字 报名。", "Only players of this event can use /%s. Join first with /join NAME.", cmd.Name)
		}
	case Staff:
		if !staff {
			return problem("只有组织者或裁判可以用 /%s。", "Only the organisers and arbiters can use /%s.", cmd.Name)
		}
	case Organiser:
		if !c.Is(storage.Organiser) {
			return problem("只有组织者可以用 /%s。", "Only the organisers can use /%s.", cmd.Name)
		}
	}
	return nil
}

// ReplyKey is the outbox key of the reply to the platform update
// updateID: an adapter that sends replies through the outbox queues them
// under it (Request.RepliesQueued), so a reply is sent once.
func ReplyKey(updateID string) string { return "reply:" + updateID }

// queueHeard stores what ch says in the request's chat, when the chat
// follows the event and its adapter queues replies (RepliesQueued), with
// the change under the reply's key: the chat hears the statement even when
// the service stops between the commit and the reply, and the reply
// queued later under the same key is the same message, sent once.
func (c *Context) queueHeard(ch *storage.Change) {
	text := c.voice.heard(ch)
	if text == "" || !c.Req.RepliesQueued || c.Req.UpdateID == "" {
		return
	}
	ch.Send(chat.Message{Chat: c.Req.Chat, Text: text, Buttons: c.voice.buttons, DedupKey: ReplyKey(c.Req.UpdateID)})
	c.voice.queued = true
}

// Update changes the event through the store, with the request's update
// id for idempotency; fn may run more than once (on a conflict), so it
// must only build the change.
func (c *Context) Update(fn func(ch *storage.Change) error) (storage.Result, error) {
	res, err := c.svc.store.Update(c, c.Event, c.Actor(), c.Req.UpdateID, func(ch *storage.Change) error {
		c.voice.begin(ch) // a try again says it all again
		c.ch = ch
		defer func() { c.ch = nil }()
		if err := fn(ch); err != nil {
			return err
		}
		if err := nameEvent(ch, c.voice); err != nil {
			return err
		}
		c.queueHeard(ch)
		c.showHere(ch) // the pictures after the text
		return nil
	})
	if err == nil && res.Duplicate {
		// The platform delivered the same update again: it was done the
		// first time, and its reply went out then.
		return res, problem("这条消息已经处理过了，没有重复执行。", "This message was handled already; nothing was done twice.")
	}
	if err != nil {
		var p *Problem
		if errors.As(err, &p) {
			return res, p
		}
		return res, err
	}
	return res, nil
}
