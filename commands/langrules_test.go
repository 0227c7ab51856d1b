package commands

import (
	"context"
	"strings"
	"testing"
	"unicode"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// languageRule fails t where text, said in lang about what, breaks the
// language rules: an English word inside Chinese text (latinWords), a
// Chinese character inside English (hanIn), but for what the users typed.
func languageRule(t *testing.T, lang i18n.Lang, what, text string, typed []string) {
	t.Helper()
	if text == "" {
		return
	}
	switch lang {
	case i18n.Zh:
		if ws := latinWords(text, typed); len(ws) > 0 {
			t.Errorf("%s (中文): English words %q in %q", what, ws, text)
		}
	case i18n.En:
		if hs := hanIn(text, typed); hs != "" {
			t.Errorf("%s (English): Chinese %q in %q", what, hs, text)
		}
	}
}

// saidLog keeps what the bot says in a script — each reply, and each
// message the command queued with its buttons — for languageRule.
type saidLog []string

// keep adds r and the messages s's last command queued; it returns r's text.
func (l *saidLog) keep(s *script, r Reply) string {
	*l = append(*l, r.Text)
	for _, ms := range s.last {
		for _, m := range ms {
			*l = append(*l, m.Text)
			for _, b := range m.Buttons {
				*l = append(*l, b.Label)
			}
		}
	}
	return r.Text
}

// TestLanguageRules runs every command's help, usage and refusals — with
// no arguments, with a wrong one, with no event, before and after the
// start, as the organiser and as a stranger — in both languages: no
// English word inside the Chinese texts (latinWords: command lines, rule
// ids, numbers and the allowed list stay) and no Chinese character inside
// the English ones, but for what the users typed (the players' and the
// event's names, the wrong values).
func TestLanguageRules(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).enter()
	empty := newHarness(t) // a group that follows no event
	var typed []string     // what the users typed: names and values
	for _, p := range e.state().Event.Players {
		typed = append(typed, p.Name)
	}
	player := e.user[1] // a player of the event, in the group and in private
	typed = append(typed, e.state().Event.Name, "zzz", "999", "org", "stranger", "wang", player)
	check := func(lang i18n.Lang, what, text string) {
		t.Helper()
		languageRule(t, lang, what, text, typed)
	}
	lines := func(cmd *Command) []string {
		base := "/" + cmd.Name
		out := []string{base, base + " zzz", base + " 999 zzz", base + " 1 999 zzz zzz"}
		return out
	}
	started := false
	for _, phase := range []string{"set-up", "running"} {
		if phase == "running" {
			must(t, h.say("org", "/start"), "/pair")
			h.say("org", "/pair")
			h.say("org", "/publish")
			started = true
		}
		for _, cmd := range h.svc.Commands() {
			for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
				if !started {
					check(lang, "usage of /"+cmd.Name, cmd.Usage(lang))
					check(lang, "/help "+cmd.Name, h.sendAs("wang", string(lang), "/help "+cmd.Name).Text)
				}
				for _, line := range lines(cmd) {
					if cmd.Name == "finish" || cmd.Name == "undo" || cmd.Name == "event new" || cmd.Name == "player add" {
						continue // they would end or change the event the others refuse in (player add: a late entry, R-E-1)
					}
					for _, user := range []string{"org", "stranger", player} {
						check(lang, phase+": "+user+": "+line, h.sendAs(user, string(lang), line).Text)
					}
					check(lang, phase+": "+player+" in private: "+line, h.svc.Handle(context.Background(), Request{
						Chat: chat.Private("console", player), User: User{ID: player, Name: player}, Locale: string(lang), Text: line,
					}).Text)
					if !started {
						check(lang, "no event: "+line, empty.sendAs("org", string(lang), line).Text)
					}
				}
			}
		}
		h.sent()
	}
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		check(lang, "/help", h.sendAs("wang", string(lang), "/help").Text)
		check(lang, "/event set", h.sendAs("org", string(lang), "/event set").Text)
		check(lang, "/event show", h.sendAs("org", string(lang), "/event show").Text)
		for _, k := range eventKeys {
			check(lang, "/event set "+k.name(lang)+" zzz", h.sendAs("org", string(lang), "/event set "+k.name(lang)+" zzz").Text)
		}
	}
}

// hanIn is the Chinese characters of s, an English text, outside what
// the users typed.
func hanIn(s string, typed []string) string {
	for _, a := range typed {
		s = strings.ReplaceAll(s, a, " ")
	}
	var out []rune
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			out = append(out, r)
		}
	}
	return string(out)
}

// TestArgNamesInChinese: every argument of every command has a Chinese
// name (argNames), so that Chinese usage and errors never show NAME.
func TestArgNamesInChinese(t *testing.T) {
	for _, cmd := range all() {
		for _, a := range cmd.Args {
			if p := a.Placeholder(i18n.Zh); p == strings.ToUpper(a.Name) {
				t.Errorf("/%s: argument %s has no Chinese name in argNames", cmd.Name, a.Name)
			}
		}
	}
}
