package discord

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
)

// Discord's limits on an autocomplete answer.
const (
	maxChoices    = 25  // choices
	maxChoiceName = 100 // characters of a choice's name
)

// core runs interactions as commands.Requests; both ways Discord delivers
// them share it: Handler (the HTTP endpoint) and the gateway (the
// websocket, Adapter.Run).
type core struct {
	svc  *commands.Service
	cmds map[string]*commands.Command // by name: "event new"
	log  *slog.Logger
}

func newCore(svc *commands.Service, log *slog.Logger) *core {
	c := &core{svc: svc, cmds: map[string]*commands.Command{}, log: log}
	for _, cmd := range svc.Commands() {
		c.cmds[cmd.Name] = cmd
	}
	return c
}

// answer is how to answer an interaction: with resp, and then with follow
// as follow-up messages (a long private reply's parts, after a deferred
// resp).
type answer struct {
	resp   *discordgo.InteractionResponse
	follow []*discordgo.WebhookParams
}

// answer runs a slash command, button click or autocomplete. With
// followups, a private reply longer than a message is deferred and comes
// in follow-ups; without, it is cut to one message (see run).
func (c *core) answer(ctx context.Context, in *discordgo.Interaction, followups bool) (answer, error) {
	switch in.Type {
	case discordgo.InteractionApplicationCommand:
		text, problem := c.line(in)
		if problem != "" {
			return answer{resp: response(commands.Reply{Text: problem, Private: true}, lang(in))}, nil
		}
		return c.run(ctx, in, text, followups), nil
	case discordgo.InteractionMessageComponent:
		return c.run(ctx, in, in.MessageComponentData().CustomID, followups), nil
	case discordgo.InteractionApplicationCommandAutocomplete:
		return answer{resp: c.autocomplete(ctx, in)}, nil
	}
	return answer{}, fmt.Errorf("unsupported interaction type %s", in.Type)
}

// followTries is how often a follow-up is tried when the network or
// Discord's side fails (not when Discord refuses it): its interaction's
// token lasts 15 minutes, and the reader is waiting now.
const followTries = 4

// followUp posts an answer's follow-up messages, in order, to the webhook
// of interaction in of application appID. A follow-up the network or
// Discord's side failed is tried again after a pause (a second, then two,
// then three); a short 429 is waited out (retry).
func followUp(ctx context.Context, session *discordgo.Session, appID string, in *discordgo.Interaction, follow []*discordgo.WebhookParams) error {
	hook := &discordgo.Interaction{AppID: appID, Token: in.Token}
	for i, p := range follow {
		var err error
		for try := 1; try <= followTries; try++ {
			err = retry(ctx, func(opts ...discordgo.RequestOption) error {
				for _, f := range p.Files { // a try reads the file from its start
					if r, ok := f.Reader.(io.Seeker); ok {
						r.Seek(0, io.SeekStart)
					}
				}
				// wait: Discord confirms each message before the next goes.
				_, err := session.FollowupMessageCreate(hook, true, p, opts...)
				return err
			})
			if err == nil || !transient(err) || try == followTries || pause(ctx, time.Duration(try)*time.Second) != nil {
				break
			}
		}
		if err != nil {
			return fmt.Errorf("discord: follow-up %d of %d to interaction %s: %w", i+1, len(follow), in.ID, err)
		}
	}
	return nil
}

// transient reports whether a request failed on the way or on Discord's
// side (a network error, a 5xx), so that trying again may work.
func transient(err error) bool {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) {
		return rest.Response != nil && rest.Response.StatusCode >= 500
	}
	var limited *discordgo.RateLimitError
	return !errors.As(err, &limited) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}

// user is who made the interaction, and the name to call them by; nil
// when Discord does not say (it always does).
func user(in *discordgo.Interaction) (*discordgo.User, string) {
	if in.Member != nil && in.Member.User != nil {
		return in.Member.User, in.Member.DisplayName()
	}
	if in.User != nil {
		return in.User, in.User.DisplayName()
	}
	return nil, ""
}

// chatOf is where the interaction happened: its channel, or the user's
// private chat for the bot's DM.
func chatOf(in *discordgo.Interaction, u *discordgo.User) chat.Chat {
	if in.GuildID == "" {
		return chat.Private(Platform, u.ID)
	}
	return chat.Chat{Platform: Platform, ID: in.ChannelID}
}

// run runs text as the interaction's user's line and makes the answer.
//
// What the channel is to hear goes through the outbox, the one way out
// (paced, split and retried by Sender), and the response only
// acknowledges it privately: the statement a command makes in a channel
// of the event is stored with its change (commands.Request.RepliesQueued),
// so a crash before the response loses nothing, and is said once; a
// public reply longer than a message is queued too, where a follow-up
// would be lost to a long 429. A private reply stays the response (only
// the interaction can show a message to one user), deferred with
// follow-ups when it is long.
func (c *core) run(ctx context.Context, in *discordgo.Interaction, text string, followups bool) answer {
	u, name := user(in)
	if u == nil { // answer something valid anyway
		return answer{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}}
	}
	req := commands.Request{
		Chat:          chatOf(in, u),
		User:          commands.User{ID: u.ID, Name: name, Username: u.Username},
		Locale:        string(in.Locale),
		Text:          text,
		UpdateID:      "discord:interaction:" + in.ID,
		MessageID:     messageID(in),
		Mentions:      mentions(in),
		RepliesQueued: true, // a statement in the channel goes out with its change
	}
	reply := c.svc.Handle(ctx, req)
	if reply.Text == "" && len(reply.Buttons) == 0 {
		if in.Type == discordgo.InteractionMessageComponent {
			// A button that is no command: acknowledge the click, say nothing.
			return answer{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}}
		}
		reply = commands.Reply{Text: "✓", Private: true}
	}
	pressed := reply.Unbutton && in.Type == discordgo.InteractionMessageComponent && in.Message != nil
	long := len(split(reply.Text, chat.LimitDiscord)) > 1 || reply.File != nil
	switch {
	case reply.Queued && pressed:
		return answer{resp: unbuttoned(in.Message, commands.Reply{})} // the outbox says the rest
	case reply.Queued:
		return answer{resp: ack(announced, c.svc.Lang(ctx, req))}
	case pressed:
		return answer{resp: unbuttoned(in.Message, reply)}
	case long && !reply.Private:
		m := chat.Message{Chat: req.Chat, Text: reply.Text, Buttons: reply.Buttons, File: reply.File, DedupKey: commands.ReplyKey(req.UpdateID)}
		if err := c.svc.Enqueue(ctx, m); err != nil {
			c.log.Error("discord: queue a long reply; it is cut to the response", "interaction", in.ID, "err", err)
			break
		}
		return answer{resp: ack(follows, c.svc.Lang(ctx, req))}
	case long && followups:
		return deferred(reply)
	}
	return answer{resp: response(reply, lang(in))}
}

// What the response says privately when the outbox says the reply here.
var (
	announced = i18n.T{Zh: "已完成，公告随后发在这里。", En: "Done; the announcement follows here."}
	follows   = i18n.T{Zh: "回复较长，随后分条发在这里。", En: "The answer is long; it follows here in messages of its own."}
)

// ack is a response only the user sees, saying what in l.
func ack(what i18n.T, l i18n.Lang) *discordgo.InteractionResponse {
	return response(commands.Reply{Text: what.In(l), Private: true}, l)
}

// deferred answers a private reply longer than a message: a deferred
// ephemeral response ("qisai is thinking…"), which the first follow-up
// takes the place of, and the reply's parts (Split) as ephemeral
// follow-ups, the buttons with the last text, a file attached to a message
// of its own. (A public one goes through the outbox: run.)
func deferred(reply commands.Reply) answer {
	flags := discordgo.MessageFlagsEphemeral
	a := answer{resp: &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: flags},
	}}
	for _, p := range Split(chat.Message{Text: reply.Text, Buttons: reply.Buttons, File: reply.File}) {
		m := &discordgo.WebhookParams{Content: render(p.Text), Components: components(p.Buttons), AllowedMentions: noMentions, Flags: flags}
		if p.File != nil {
			m.Files = []*discordgo.File{attachment(p.File)}
		}
		a.follow = append(a.follow, m)
	}
	return a
}

// command is the registry's name of a slash command's interaction ("event
// new" for command "event", subcommand "new") and its options.
func command(in *discordgo.Interaction) (string, []*discordgo.ApplicationCommandInteractionDataOption) {
	d := in.ApplicationCommandData()
	name, opts := d.Name, d.Options
	if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		name, opts = name+" "+opts[0].Name, opts[0].Options
	}
	return name, opts
}

// line rebuilds the line a user would have typed from a slash command:
// "/event new 周末快棋赛" from command "event", subcommand "new" and option
// "name". The options go in the registry's order of the arguments, which
// are positional; so an optional argument given without an earlier
// optional one cannot be said, and line returns what to tell the user
// instead (problem) of the line.
func (c *core) line(in *discordgo.Interaction) (text, problem string) {
	name, opts := command(in)
	words := []string{"/" + name}
	cmd := c.cmds[name]
	if cmd == nil {
		return words[0], "" // the service says there is no such command
	}
	given := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range opts {
		given[o.Name] = o
	}
	skipped := ""
	for _, a := range cmd.Args {
		o := given[a.Name]
		if o == nil {
			if skipped == "" {
				skipped = a.Name
			}
			continue
		}
		if skipped != "" {
			return "", i18n.T{Zh: "填 %s 时也要填 %s。", En: "To give %s, give %s too."}.
				In(lang(in), strings.ToUpper(a.Name), strings.ToUpper(skipped))
		}
		words = append(words, word(o.Value, a.Kind))
	}
	return strings.Join(words, " "), ""
}

// completesPlayers reports whether an argument names a player, so that
// Discord offers the event's players as the user types it (the PLAYER of
// /withdraw and /foul, which takes a number or a name).
func completesPlayers(a commands.Arg) bool {
	return a.Name == "player" && a.Kind == commands.Word
}

// namesPlayer reports whether option opt of command name names a player.
func (c *core) namesPlayer(name, opt string) bool {
	if cmd := c.cmds[name]; cmd != nil {
		for _, a := range cmd.Args {
			if a.Name == opt {
				return completesPlayers(a)
			}
		}
	}
	return false
}

// autocomplete answers an autocomplete interaction: for an option that
// names a player, up to 25 players of the channel's event whose name or
// number starts with what the user typed; their number is the value,
// which the command takes as well as the name and needs no quotes. Any
// other option, or a failure, gets no choices: the user can still type.
func (c *core) autocomplete(ctx context.Context, in *discordgo.Interaction) *discordgo.InteractionResponse {
	resp := &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{},
	}
	name, opts := command(in)
	u, _ := user(in)
	var focused *discordgo.ApplicationCommandInteractionDataOption
	for _, o := range opts {
		if o.Focused {
			focused = o
		}
	}
	if u == nil || focused == nil || !c.namesPlayer(name, focused.Name) {
		return resp
	}
	typed, _ := focused.Value.(string)
	players, err := c.svc.Players(ctx, chatOf(in, u), typed)
	if err != nil {
		c.log.Error("discord: autocomplete players", "interaction", in.ID, "err", err)
		return resp
	}
	for _, p := range players[:min(len(players), maxChoices)] {
		label := fmt.Sprintf("%d %s", p.Number, p.Name)
		if p.Unit != "" {
			label += " (" + p.Unit + ")"
		}
		if chat.Length(label) > maxChoiceName {
			label = cutAt(label, maxChoiceName-1) + "…"
		}
		resp.Data.Choices = append(resp.Data.Choices, &discordgo.ApplicationCommandOptionChoice{Name: label, Value: strconv.Itoa(p.Number)})
	}
	return resp
}

// word is an option's value as typed: numbers in decimal, a user as a
// mention (<@id>), and a one-word value that is empty or has spaces in
// quotes (which commands reads as one word), its own quotes dropped.
func word(v any, kind commands.ArgKind) string {
	var s string
	switch v := v.(type) {
	case string:
		s = v
	case float64: // JSON numbers, integers here
		s = strconv.FormatFloat(v, 'f', -1, 64)
	default:
		s = fmt.Sprint(v)
	}
	switch kind {
	case commands.Rest:
		return s
	case commands.Person:
		return "<@" + s + ">" // the user option's value is the id: a mention names them
	}
	s = strings.Map(func(r rune) rune {
		if r == '"' || r == '“' || r == '”' {
			return -1
		}
		return r
	}, s)
	if s == "" || strings.ContainsFunc(s, unicode.IsSpace) {
		s = `"` + s + `"`
	}
	return s
}

// lang is the language of the adapter's own words to the user (the
// service picks the commands' language itself): the client's locale,
// Chinese when it names none qisai speaks, as the service does.
func lang(in *discordgo.Interaction) i18n.Lang {
	if l := i18n.Parse(string(in.Locale)); l != "" {
		return l
	}
	return i18n.Zh
}

// note ends a reply cut to fit one message.
var note = i18n.T{Zh: "\n……（太长，只显示开头）", En: "\n… (too long: only the beginning is shown)"}

// response is reply as an interaction's response: a message in the
// channel, ephemeral when the reply is private, rendered as Discord's
// markdown, with the buttons. A reply longer than a message is cut at a
// line and says so: this is the answer where no follow-ups can be sent (a
// Handler without a session).
func response(reply commands.Reply, l i18n.Lang) *discordgo.InteractionResponse {
	parts := split(reply.Text, chat.LimitDiscord)
	text := strings.Join(parts, "\n")
	if len(parts) > 1 {
		n := note.In(l)
		text = split(reply.Text, chat.LimitDiscord-chat.Length(n))[0] + n
	}
	data := &discordgo.InteractionResponseData{
		Content:         text,
		Components:      components(reply.Buttons),
		AllowedMentions: noMentions,
	}
	if reply.Private {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	if f := reply.File; f != nil {
		data.Files = []*discordgo.File{attachment(f)}
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}
}
