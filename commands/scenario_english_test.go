package commands

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
)

// The English scenario: English and Chinese users in one event's group,
// which reads the event's language, each answered privately in their own.

// cjk reports whether s holds a Chinese character.
func cjk(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// TestScenarioEnglish runs a short Swiss with English and Chinese users
// (their platform locales, no /lang) in a group whose event its English
// creator made: everything said in the group is in English, whoever typed
// the line — errors included — and every private reply and note is in
// its reader's own language: no Chinese reaches an English user, no
// English line a Chinese user's private chat.
func TestScenarioEnglish(t *testing.T) {
	s := newScript(t)
	locale := map[string]string{"ann": "en", "bob": "en-US", "wang": "zh-CN", "li": "zh"}
	var lines int
	as := func(user, text string, dm bool) string {
		t.Helper()
		r := s.run(user, locale[user], text, dm)
		lines++
		chinese := (dm || r.Private) && (locale[user] == "zh" || locale[user] == "zh-CN") // the group reads English
		switch {
		case r.Text == "":
			t.Errorf("%s: %s: no reply", user, text)
		case !chinese && cjk(r.Text):
			t.Errorf("%s (English): %s → %q has Chinese", user, text, r.Text)
		case chinese && !cjk(r.Text):
			t.Errorf("%s (Chinese): %s → %q has no Chinese", user, text, r.Text)
		}
		for _, en := range []string{"ann", "bob"} {
			for _, m := range s.last["dm:"+en] {
				if cjk(m.Text) || cjk(buttons(m)) {
					t.Errorf("%s's private note after %s: %s has Chinese: %q [%s]", en, user, text, m.Text, buttons(m))
				}
			}
		}
		for _, zh := range []string{"wang", "li"} {
			for _, m := range s.last["dm:"+zh] {
				if !cjk(m.Text) {
					t.Errorf("%s's private note after %s: %s is not in Chinese: %q", zh, user, text, m.Text)
				}
			}
		}
		return r.Text
	}
	say := func(user, text string) string { t.Helper(); return as(user, text, false) }
	// announce is a line whose news the group sees (the round's message,
	// edited): in the event's language, English, whoever typed it.
	announce := func(user, text string) string {
		t.Helper()
		s.run(user, locale[user], text, false)
		lines++
		heard := s.announced("group")
		if len(heard) == 0 {
			t.Errorf("%s: %s: the group saw nothing", user, text)
		}
		for _, h := range heard {
			if cjk(h) {
				t.Errorf("%s: %s → the group saw %q: want English", user, text, h)
			}
		}
		return strings.Join(heard, "\n")
	}
	dm := func(user, text string) string { t.Helper(); return as(user, text, true) }

	s.heading("set-up")
	must(t, say("ann", "/event new Spring Open swiss rounds 2"), "Created the event")
	s.pinSeed(1)
	must(t, say("ann", "/event set time 15 min + 10 s"), "time = 15 min + 10 s")
	must(t, say("ann", "/event set confirm 5"), "5 min")
	must(t, say("ann", "/event set colour red"), "There is no setting")
	must(t, say("wang", "/event set rounds 3"), "Only the organisers")
	must(t, say("ann", "/start"), "at least 2 players")
	must(t, say("ann", "/signup open"), "Sign-up is open")
	must(t, say("ann", `/join "Ann Lee" HK`), "Joined")
	must(t, say("bob", `/join "Bob Chan" HK`), "Joined")
	must(t, say("wang", `/join "Wang Wu" SH`), "Joined")
	must(t, say("li", `/join "Li Si" BJ`), "Joined")
	must(t, say("bob", `/join Bobby`), "You have joined already")
	must(t, say("li", `/join Lisi`), "You have joined already")
	must(t, say("bob", "/report win"), "has not started")
	must(t, say("li", "/report win"), "has not started")
	must(t, dm("li", "/report win"), "还没有开始") // privately, in his own
	must(t, say("ann", "/start"), "has started")

	for round := 1; round <= 2; round++ {
		s.heading(fmt.Sprintf("round %d", round))
		must(t, say("ann", "/pair"), fmt.Sprintf("Round %d pairing preview", round))
		must(t, announce("ann", "/publish"), fmt.Sprintf("Round %d pairings", round))
		st := s.state()
		users := map[int]string{}
		for _, u := range []string{"ann", "bob", "wang", "li"} {
			users[s.playerOf(u)] = u
		}
		for _, g := range st.Event.Rounds[round-1].Games {
			red, black := users[g.Red], users[g.Black]
			say(red, "/me")
			say(black, "/confirm")    // nothing to confirm
			say(red, "/report maybe") // not a result
			say(red, "/draw")
			say(red, "/draw") // the offer is open
			dm(black, "/decline")
			again := say(red, "/draw") // R-G-2
			if !cjk(again) {
				must(t, again, "Your draw offer was declined: offers alternate")
			}
			announce(red, "/report win")
			say(red, "/report win") // reported already
			if g.Board == 1 {
				dm(black, "/dispute")
				say(black, "/resign") // disputed: the arbiter decides
				if red != "ann" {
					say(red, "/result 1 1-0")
				} else {
					say(black, "/result 1 1-0")
				}
				recorded(t, say("ann", "/result 1 1-0"))
			} else {
				dm(black, "/confirm")
			}
			say(black, "/here") // the game is over
		}
	}
	s.heading("finish")
	must(t, say("ann", "/finish"), "is over!")
	say("bob", "/standings")
	say("li", "/standings")
	say("wang", "/leave")
	say("bob", "/leave")
	say("li", "/nonsense")
	say("bob", "/nonsense")
	if lines < 40 {
		t.Errorf("only %d lines were tried", lines)
	}
	s.golden("english.txt")
}
