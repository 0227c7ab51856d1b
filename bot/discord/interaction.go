package discord

import (
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"strconv"
	"strings"
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
	done outcomes // the interactions answered lately
	// slots bounds the commands running at once: the rest wait their
	// turn, their interactions answered already, and leave the processor
	// to the first responses of those still coming in.
	slots chan struct{}
	// trace, when set (tests), hears each step of an interaction:
	// "responded" once its first response is out, "entered" right before
	// its command runs.
	trace func(step string, in *discordgo.Interaction)
}

func newCore(svc *commands.Service, log *slog.Logger) *core {
	c := &core{svc: svc, cmds: map[string]*commands.Command{}, log: log, slots: make(chan struct{}, atOnce())}
	for _, cmd := range svc.Commands() {
		c.cmds[cmd.Name] = cmd
	}
	return c
}

// atOnce is how many commands run at once: a few a processor, as the
// database takes one writer at a time (SQLite) or a few (PostgreSQL).
func atOnce() int { return max(4, 2*runtime.GOMAXPROCS(0)) }

// step tells trace that in reached step.
func (c *core) step(step string, in *discordgo.Interaction) {
	if c.trace != nil {
		c.trace(step, in)
	}
}

// first is the response an interaction gets at once, before any command
// runs, within Discord's 3 seconds whatever the database is doing: a
// slash command is deferred (Discord shows "qisai is thinking…"),
// ephemerally in a server's channel, where the response is only ever the
// asker's (what the channel hears goes through the outbox); a button
// press is deferred as an update of its message; an autocomplete gets its
// choices. work says whether the interaction has a command still to run
// (finish). A slash command whose options cannot be said as a line is
// answered with what to do instead, and has none.
func (c *core) first(ctx context.Context, in *discordgo.Interaction) (resp *discordgo.InteractionResponse, work bool, err error) {
	switch in.Type {
	case discordgo.InteractionApplicationCommand:
		if _, problem := c.line(in); problem != "" {
			return response(commands.Reply{Text: problem, Private: true}), false, nil
		}
		var flags discordgo.MessageFlags
		if in.GuildID != "" {
			flags = discordgo.MessageFlagsEphemeral
		}
		return &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: flags},
		}, true, nil
	case discordgo.InteractionMessageComponent:
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}, true, nil
	case discordgo.InteractionApplicationCommandAutocomplete:
		return c.autocomplete(ctx, in), false, nil
	}
	return nil, false, fmt.Errorf("unsupported interaction type %s", in.Type)
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

// request is the commands.Request of a slash command or button press by
// u, named name: its line, and the interaction's id as the update's, on
// every path, so that the same interaction delivered again changes
// nothing.
func (c *core) request(in *discordgo.Interaction, u *discordgo.User, name string) commands.Request {
	var text string
	switch in.Type {
	case discordgo.InteractionApplicationCommand:
		text, _ = c.line(in)
	case discordgo.InteractionMessageComponent:
		text = in.MessageComponentData().CustomID
	}
	return commands.Request{
		Chat:          chatOf(in, u),
		User:          commands.User{ID: u.ID, Name: name, Username: u.Username},
		Locale:        string(in.Locale),
		Text:          text,
		UpdateID:      updateID(in),
		MessageID:     messageID(in),
		Mentions:      mentions(in),
		RepliesQueued: true, // a statement in the channel goes out with its change
	}
}

// updateID is the update id of interaction in.
func updateID(in *discordgo.Interaction) string { return "discord:interaction:" + in.ID }

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

// response is a short reply as an interaction's response: a message in
// the channel, ephemeral when the reply is private, rendered as Discord's
// markdown, with the buttons.
func response(reply commands.Reply) *discordgo.InteractionResponse {
	data := &discordgo.InteractionResponseData{
		Content:         render(reply.Text),
		Components:      components(reply.Buttons),
		AllowedMentions: noMentions,
	}
	if reply.Private {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}
}
