package telegram

import (
	"strings"

	"github.com/go-telegram/bot/models"

	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
)

// Menu is the command menu for one language in one kind of chat: Lang ""
// is the default, shown to users whose language has no menu of its own;
// Scope is groups (models.BotCommandScopeAllGroupChats) or private chats
// (models.BotCommandScopeAllPrivateChats).
type Menu struct {
	Lang     string
	Scope    models.BotCommandScope
	Commands []models.BotCommand
}

// menuName reports whether Telegram takes word as a menu entry's command:
// 1 to 32 of a–z, 0–9 and "_". (A regular expression of it took a tenth
// of a millisecond to compile as every command of the program started.)
func menuName(word string) bool {
	if len(word) == 0 || len(word) > 32 {
		return false
	}
	for _, c := range []byte(word) {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// maxDescription is the most characters of a menu entry's description.
const maxDescription = 256

// Menus derives the command menus from the registry, for groups and for
// private chats, each in Chinese (also the default, as commands.Service's
// default language) and in English. A group's menu lists every command;
// a private chat's those that work there (commands.Command.InPrivate),
// described as they work there (/start greets). A menu entry is one word,
// so a two-word command ("event new") is listed by its first word
// ("event"), once, described by the commands it starts.
func Menus(cmds []*commands.Command) []Menu {
	var private []*commands.Command
	for _, c := range cmds {
		if c.InPrivate() {
			dm := *c
			dm.Help = c.PrivateHelp()
			private = append(private, &dm)
		}
	}
	var menus []Menu
	for _, scope := range []struct {
		scope models.BotCommandScope
		cmds  []*commands.Command
	}{
		{&models.BotCommandScopeAllGroupChats{}, cmds},
		{&models.BotCommandScopeAllPrivateChats{}, private},
	} {
		for _, l := range []struct {
			code string
			lang i18n.Lang
		}{{"", i18n.Zh}, {"zh", i18n.Zh}, {"en", i18n.En}} {
			menus = append(menus, Menu{Lang: l.code, Scope: scope.scope, Commands: menu(scope.cmds, l.lang)})
		}
	}
	return menus
}

// menu is the menu in lang.
func menu(cmds []*commands.Command, lang i18n.Lang) []models.BotCommand {
	var (
		words []string
		own   = map[string]string{} // a word's own command's help
		subs  = map[string][]string{}
	)
	for _, c := range cmds {
		word, rest, group := strings.Cut(c.Name, " ")
		if !menuName(word) {
			continue
		}
		if _, ok := own[word]; !ok && subs[word] == nil {
			words = append(words, word)
		}
		if group {
			subs[word] = append(subs[word], rest)
		} else {
			own[word] = c.Help.In(lang)
		}
	}
	out := make([]models.BotCommand, len(words))
	for i, w := range words {
		d, ok := own[w] // the word's own command describes it best
		if !ok {
			d = "/" + w + " " + strings.Join(subs[w], ", ")
		}
		if d = strings.TrimSpace(d); d == "" {
			d = "/" + w // Telegram requires a description
		}
		out[i] = models.BotCommand{Command: w, Description: clip(d, maxDescription)}
	}
	return out
}

// clip cuts s to at most n characters, marking the cut with "…".
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
