// Package discord connects qisai to Discord: slash commands derived from
// the command registry (Commands); interactions run as commands.Requests,
// delivered either through the gateway's websocket (Adapter.Run) or to the
// HTTP interactions endpoint (Handler, which checks their signatures);
// and a Sender that posts the outbox's messages through the REST API.
//
// Chats map onto storage as chat.Chat{Platform: "discord", ID: the
// channel's id}; a user's private chat with the bot is chat.Private (as in
// every adapter), which Sender resolves to the DM channel.
package discord

import (
	"strings"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
)

// Platform is Discord's name in storage.
const Platform = "discord"

// Limits of Discord's application commands.
const (
	maxDescription = 100 // characters of a description
	maxOptions     = 25  // options of a command, subcommands of a group, choices of an option
)

// zh is the locale the Chinese texts are registered under.
const zh = discordgo.ChineseCN

// Commands derives Discord's slash commands from the registry, in English
// with zh-CN localizations, offered in the bot's DM where they work there. A one-word command becomes a command; the
// two-word ones sharing a first word ("event new", "event set") become one
// command with a subcommand each, because Discord's names are single words.
// Each argument is an option (Word and Rest: string, Int: integer, Choice:
// string with its choices, Person: user; one that names a player completes the event's
// players as the user types); its name and place are the registry's, so
// the Handler rebuilds the typed line from them.
func Commands(cmds []*commands.Command) []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	groups := map[string]*discordgo.ApplicationCommand{}
	for _, c := range cmds {
		first, sub, ok := strings.Cut(c.Name, " ")
		if !ok {
			out = append(out, &discordgo.ApplicationCommand{
				Type:                     discordgo.ChatApplicationCommand,
				Name:                     c.Name,
				NameLocalizations:        ptr(localName(c)),
				Description:              describe(c.Help.En),
				DescriptionLocalizations: &map[discordgo.Locale]string{zh: describe(c.Help.Zh)},
				Options:                  options(c.Args),
				Contexts:                 where(c.InPrivate()),
			})
			continue
		}
		g := groups[first]
		if g == nil {
			g = &discordgo.ApplicationCommand{Type: discordgo.ChatApplicationCommand, Name: first, Contexts: where(false)}
			groups[first] = g
			out = append(out, g)
		}
		if c.InPrivate() {
			g.Contexts = where(true) // one subcommand works in the bot's DM
		}
		g.Options = append(g.Options, &discordgo.ApplicationCommandOption{
			Type:                     discordgo.ApplicationCommandOptionSubCommand,
			Name:                     sub,
			NameLocalizations:        localName(c),
			Description:              describe(c.Help.En),
			DescriptionLocalizations: map[discordgo.Locale]string{zh: describe(c.Help.Zh)},
			Options:                  options(c.Args),
		})
	}
	// A group says what its subcommands are: "event: new, set, show".
	for _, g := range groups {
		var en, zhs []string
		for _, o := range g.Options {
			en = append(en, o.Name)
			if n, ok := o.NameLocalizations[zh]; ok {
				zhs = append(zhs, n)
			} else {
				zhs = append(zhs, o.Name)
			}
		}
		g.Description = describe(g.Name + ": " + strings.Join(en, ", "))
		g.DescriptionLocalizations = &map[discordgo.Locale]string{zh: describe(g.Name + "：" + strings.Join(zhs, "、"))}
	}
	return out
}

// where is where a command is offered: in servers, and in the bot's DM
// when it works in a private chat (commands.Command.InPrivate).
func where(private bool) *[]discordgo.InteractionContextType {
	ctx := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	if private {
		ctx = append(ctx, discordgo.InteractionContextBotDM)
	}
	return &ctx
}

// localName is the command's zh-CN name: its first alias when Discord
// accepts it as a name (the aliases are Chinese words), else none.
func localName(c *commands.Command) map[discordgo.Locale]string {
	if len(c.Aliases) == 0 || !validName(c.Aliases[0]) {
		return nil
	}
	return map[discordgo.Locale]string{zh: c.Aliases[0]}
}

// ptr is m's address, nil for no map: discordgo's ApplicationCommand
// takes its localizations by pointer.
func ptr(m map[discordgo.Locale]string) *map[discordgo.Locale]string {
	if m == nil {
		return nil
	}
	return &m
}

// validName reports whether Discord accepts s as the name of a command or
// option: 1 to 32 letters, digits, '-' or '_', lower case where letters
// have cases.
func validName(s string) bool {
	n := 0
	for _, r := range s {
		n++
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_') || unicode.ToLower(r) != r {
			return false
		}
	}
	return n >= 1 && n <= 32
}

// options turns a command's arguments into options, in order (Discord
// wants the required ones first, and the registry's optional arguments
// come last anyway, since they are positional).
func options(args []commands.Arg) []*discordgo.ApplicationCommandOption {
	var out []*discordgo.ApplicationCommandOption
	for _, a := range args {
		o := &discordgo.ApplicationCommandOption{
			Type:                     discordgo.ApplicationCommandOptionString,
			Name:                     a.Name,
			Description:              describe(a.Help.En),
			DescriptionLocalizations: map[discordgo.Locale]string{zh: describe(a.Help.Zh)},
			Required:                 !a.Optional,
			Autocomplete:             completesPlayers(a),
		}
		switch a.Kind {
		case commands.Int:
			o.Type = discordgo.ApplicationCommandOptionInteger
		case commands.Choice:
			o.Choices = choices(a.Choices)
		case commands.Person:
			o.Type = discordgo.ApplicationCommandOptionUser // the value is the user's id
		}
		out = append(out, o)
	}
	return out
}

// choices lists an argument's values for Discord's menu. The registry
// lists the English values first and then their Chinese twins in the same
// order ("win", "loss", "draw", "胜", "负", "和"): the menu offers the
// English values, each named by its twin in zh-CN. Any value is accepted
// by the command, so which one the menu sends does not matter.
func choices(values []string) []*discordgo.ApplicationCommandOptionChoice {
	var latin, han []string
	for _, v := range values {
		if strings.ContainsFunc(v, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
			han = append(han, v)
		} else {
			latin = append(latin, v)
		}
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	for i, v := range latin {
		c := &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v}
		if len(han) == len(latin) {
			c.NameLocalizations = map[discordgo.Locale]string{zh: han[i]}
		}
		out = append(out, c)
	}
	return out
}

// describe fits a help text into a description: not empty, at most 100
// characters, cut with "…".
func describe(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "-"
	}
	if chat.Length(s) > maxDescription {
		s = strings.TrimSpace(cutAt(s, maxDescription-1)) + "…"
	}
	return s
}
