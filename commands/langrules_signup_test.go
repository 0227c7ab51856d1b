package commands

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// TestLanguageRulesSignup: everything the sign-up rules and the schedule
// say (R-E-5) — replies, the group's announcements, the private notes
// and their buttons — is in one language, in an event and among players of
// that language, Chinese or English: the wait list and its moving up, the
// quota, the deadline, the check-in and its no-shows, the schedule.
func TestLanguageRulesSignup(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		t.Run(string(lang), func(t *testing.T) {
			h := newHarness(t)
			names := map[string]string{"u1": "王一", "u2": "张二", "u3": "李三", "u4": "赵四", "u5": "孙五"}
			event, unit, other := "周末赛", "一中", "二中"
			if lang == i18n.En {
				names = map[string]string{"u1": "Ann", "u2": "Bob", "u3": "Cai", "u4": "Dee", "u5": "Eve"}
				event, unit, other = "Weekend", "North", "South"
			}
			typed := []string{event, unit, other, "zzz", "org", "x"} // and the users' ids, which /log shows for want of names
			for u := range names {
				typed = append(typed, other+u, u)
			}
			for _, n := range names {
				typed = append(typed, n)
			}
			var said []string
			keep := func(r Reply) {
				said = append(said, r.Text)
				for _, b := range r.Buttons {
					said = append(said, b.Label)
				}
			}
			say := func(user, line string) { keep(h.sendAs(user, string(lang), line)) }
			dm := func(user, line string) {
				h.update++
				keep(h.svc.Handle(context.Background(), Request{
					Chat: chat.Private("console", user), User: User{ID: user, Name: user}, Locale: string(lang),
					Text: line, UpdateID: fmt.Sprintf("console:update:%d", h.update),
				}))
			}
			drain := func() {
				for _, ms := range h.outbox() {
					for _, m := range ms {
						said = append(said, m.Text)
						for _, b := range m.Buttons {
							said = append(said, b.Label)
						}
					}
				}
			}

			say("org", "/event new "+event+" swiss rounds 3")
			for _, line := range []string{"/event set max 3", "/event set quota 1", "/event set deadline Fri 20:00", "/event set checkin 30",
				"/event set checkin zzz", "/event set deadline zzz", "/event set max zzz", "/event set quota zzz", "/event set deadline 08:00 today",
				"/schedule 1 Sat 09:00, 2 14:00, 3 Sun 09:00", "/schedule 2 zzz", "/schedule 1 Mon 09:00", "/schedule", "/signup open", "/start"} {
				say("org", line)
			}
			say("u1", "/join "+names["u1"]+" "+unit)
			say("u2", "/join "+names["u2"]+" "+unit) // the quota
			for _, u := range []string{"u2", "u3", "u4", "u5"} {
				say(u, "/join "+names[u]+" "+other+u)
			}
			say("org", "/players")
			say("org", "/waitlist")
			dm("u4", "/me")
			dm("u5", "/here")
			say("u2", "/leave") // u4 moves up
			dm("u5", "/me")
			h.advance(5*24*time.Hour + 3*time.Hour) // Friday 20:00: sign-up closes
			tick(t, h.svc)
			say("x", "/join zzz")
			say("org", "/signup open")
			say("org", "/start")
			h.advance(12*time.Hour + 30*time.Minute) // Saturday 08:30: the check-in opens
			tick(t, h.svc)
			dm("u1", "/here")
			dm("u5", "/here")
			say("org", "/here "+names["u3"])
			say("org", "/players")
			say("org", "/start")
			say("org", "/start confirm")
			say("org", "/pair")
			say("org", "/publish")
			say("org", "/schedule")
			say("org", "/log 30")
			drain()
			for _, text := range said {
				languageRule(t, lang, "sign-up", text, typed)
			}
		})
	}
}
