package discord

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// TestCommandsValid checks the registry's slash commands against
// Discord's rules, which it would refuse the whole registration for.
func TestCommandsValid(t *testing.T) {
	st, err := storage.Open(context.Background(), filepath.Join(t.TempDir(), "qisai.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cmds := Commands(commands.New(st).Commands())
	if len(cmds) == 0 || len(cmds) > 100 {
		t.Fatalf("%d commands; Discord takes 1 to 100", len(cmds))
	}
	names := func(what string, name string, local map[discordgo.Locale]string, seen map[string]bool) {
		t.Helper()
		keys := []string{"en:" + name}
		if z, ok := local[zh]; ok {
			keys = append(keys, "zh:"+z)
		}
		for _, key := range keys {
			if !validName(key[3:]) {
				t.Errorf("%s: invalid name %q", what, key[3:])
			}
			if seen[key] {
				t.Errorf("%s: name %q used twice", what, key)
			}
			seen[key] = true
		}
	}
	descriptions := func(what, en string, local map[discordgo.Locale]string) {
		t.Helper()
		for _, d := range []string{en, local[zh]} {
			if n := chat.Length(d); n < 1 || n > maxDescription {
				t.Errorf("%s: description of %d characters: %q", what, n, d)
			}
		}
	}
	var opts func(what string, os []*discordgo.ApplicationCommandOption)
	opts = func(what string, os []*discordgo.ApplicationCommandOption) {
		t.Helper()
		if len(os) > maxOptions {
			t.Errorf("%s: %d options, more than %d", what, len(os), maxOptions)
		}
		seen, optional := map[string]bool{}, false
		for _, o := range os {
			w := what + " " + o.Name
			names(w, o.Name, o.NameLocalizations, seen)
			descriptions(w, o.Description, o.DescriptionLocalizations)
			if o.Required && optional {
				t.Errorf("%s: required after an optional option", w)
			}
			optional = optional || !o.Required
			if o.Autocomplete && len(o.Choices) > 0 {
				t.Errorf("%s: autocomplete and choices both; Discord takes one", w)
			}
			if len(o.Choices) > maxOptions {
				t.Errorf("%s: %d choices", w, len(o.Choices))
			}
			for _, c := range o.Choices {
				if n := chat.Length(c.Name); n < 1 || n > 100 {
					t.Errorf("%s: choice name %q", w, c.Name)
				}
			}
			opts(w, o.Options)
		}
	}
	seen := map[string]bool{}
	for _, c := range cmds {
		local := map[discordgo.Locale]string{}
		if c.NameLocalizations != nil {
			local = *c.NameLocalizations
		}
		names("/"+c.Name, c.Name, local, seen)
		descriptions("/"+c.Name, c.Description, *c.DescriptionLocalizations)
		opts("/"+c.Name, c.Options)
		// Discord counts a command's names, descriptions and choices
		// (names and values), its options' and subcommands' too, against
		// 4,000 characters, in each locale: the localized text where
		// there is one.
		for _, loc := range []discordgo.Locale{"", zh} {
			if n := combined(c, loc); n > 4000 {
				t.Errorf("/%s: %d characters in locale %q, Discord takes 4,000", c.Name, n, loc)
			}
		}
	}
}

// TestCommandsShape checks how the registry maps onto slash commands.
func TestCommandsShape(t *testing.T) {
	reg := []*commands.Command{
		{Name: "event new", Aliases: []string{"新比赛"}, Help: i18n.T{Zh: "新建", En: "create an event"},
			Args: []commands.Arg{{Name: "name", Kind: commands.Rest}}},
		{Name: "event show", Aliases: []string{"比赛设置"}},
		{Name: "report", Aliases: []string{"报告"}, Args: []commands.Arg{
			{Name: "result", Kind: commands.Choice, Choices: []string{"win", "loss", "draw", "胜", "负", "和"}},
			{Name: "board", Kind: commands.Int, Optional: true},
		}},
		{Name: "withdraw", Who: commands.Staff, Args: []commands.Arg{{Name: "player", Kind: commands.Word}}},
	}
	reg[0].GroupOnly, reg[1].Who = true, commands.Member
	cmds := Commands(reg)
	if len(cmds) != 3 || cmds[0].Name != "event" || cmds[1].Name != "report" || cmds[2].Name != "withdraw" {
		t.Fatalf("commands %v, want event, report and withdraw", cmds)
	}
	if o := cmds[2].Options[0]; !o.Autocomplete || o.Type != discordgo.ApplicationCommandOptionString {
		t.Errorf("withdraw's player %+v, want a string that autocompletes", o)
	}
	ev := cmds[0]
	if len(ev.Options) != 2 || ev.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand ||
		ev.Options[0].Name != "new" || ev.Options[0].NameLocalizations[zh] != "新比赛" || ev.Options[1].Name != "show" {
		t.Errorf("event's subcommands %+v, want new (新比赛) and show", ev.Options)
	}
	if o := ev.Options[0].Options; len(o) != 1 || o[0].Type != discordgo.ApplicationCommandOptionString || !o[0].Required {
		t.Errorf("event new's options %+v, want one required string", o)
	}
	rep := cmds[1]
	if rep.NameLocalizations == nil || (*rep.NameLocalizations)[zh] != "报告" {
		t.Errorf("report's zh-CN name %v, want 报告", rep.NameLocalizations)
	}
	res, board := rep.Options[0], rep.Options[1]
	if len(res.Choices) != 3 || res.Choices[0].Value != "win" || res.Choices[0].NameLocalizations[zh] != "胜" {
		t.Errorf("result's choices %+v, want win (胜), loss, draw", res.Choices)
	}
	if res.Autocomplete || board.Autocomplete {
		t.Error("report's options autocomplete; only players do")
	}
	if board.Type != discordgo.ApplicationCommandOptionInteger || board.Required {
		t.Errorf("board %+v, want an optional integer", board)
	}
	// /report works in the bot's DM (Who: Anyone); /event and /withdraw
	// are for servers only.
	for i, want := range []int{1, 2, 1} {
		if got := len(*cmds[i].Contexts); got != want {
			t.Errorf("%s is offered in %v, want %d contexts", cmds[i].Name, *cmds[i].Contexts, want)
		}
	}
}

// TestArbiterUserOption: a Person argument is Discord's user option.
func TestArbiterUserOption(t *testing.T) {
	cmds := Commands([]*commands.Command{{Name: "arbiter add", Who: commands.Organiser,
		Args: []commands.Arg{{Name: "user", Kind: commands.Person, Optional: true}}}})
	if o := cmds[0].Options[0].Options[0]; o.Type != discordgo.ApplicationCommandOptionUser {
		t.Errorf("arbiter add's user %+v, want a user option", o)
	}
}

// combined is what Discord counts of cmd against its 4,000 characters in
// locale loc ("" the default): every name, description and choice name
// and value, localized where cmd has loc's text.
func combined(cmd *discordgo.ApplicationCommand, loc discordgo.Locale) int {
	in := func(text string, local *map[discordgo.Locale]string) int {
		if local != nil {
			if l, ok := (*local)[loc]; ok && loc != "" {
				text = l
			}
		}
		return len([]rune(text))
	}
	var opts func([]*discordgo.ApplicationCommandOption) int
	opts = func(os []*discordgo.ApplicationCommandOption) int {
		n := 0
		for _, o := range os {
			n += in(o.Name, &o.NameLocalizations) + in(o.Description, &o.DescriptionLocalizations) + opts(o.Options)
			for _, c := range o.Choices {
				n += in(c.Name, &c.NameLocalizations) + len([]rune(fmt.Sprint(c.Value)))
			}
		}
		return n
	}
	return in(cmd.Name, cmd.NameLocalizations) + in(cmd.Description, cmd.DescriptionLocalizations) + opts(cmd.Options)
}
