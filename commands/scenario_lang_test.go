package commands

import (
	"strings"
	"testing"
	"time"
)

// TestScenarioEnglishOrganiserChineseEvent: an English organiser runs an
// event whose language is Chinese (/event set lang 中文). Everything the
// group hears — the announcements his commands cause, his replies there
// (the settings' echo), the scheduler's reminder and forfeits, the
// standings — is in Chinese; what he alone reads (the preview) and his
// private chat are in English; the players' private notes in Chinese.
func TestScenarioEnglishOrganiserChineseEvent(t *testing.T) {
	s := newScript(t)
	locale := map[string]string{"ann": "en", "wang": "zh", "li": "zh", "zhao": "zh", "chen": "zh"}
	names := []string{"秋季赛", "王五", "李四", "赵六", "陈七"} // typed by the users: allowed in English text
	english := func(text string) bool {
		for _, n := range names {
			text = strings.ReplaceAll(text, n, "")
		}
		return !cjk(text)
	}
	chinese := func(step, what, text string) {
		t.Helper()
		if !cjk(text) || len(latinWords(text, nil)) > 0 {
			t.Errorf("%s: %s %q: want Chinese (English words %q)", step, what, text, latinWords(text, nil))
		}
	}
	// heard checks what the last step sent: the group in Chinese, ann's
	// private chat in English, the players' in Chinese.
	heard := func(step string) {
		t.Helper()
		for chat, ms := range s.last {
			for _, m := range ms {
				switch {
				case chat == s.group.ID:
					chinese(step, "the group heard", m.Text)
				case chat == "dm:ann" && !english(m.Text):
					t.Errorf("%s: ann's private chat got %q: want English", step, m.Text)
				case chat != "dm:ann" && chat != s.group.ID && !cjk(m.Text):
					t.Errorf("%s: %s got %q: want Chinese", step, chat, m.Text)
				}
			}
		}
	}
	// as runs a line and checks its reply: personal is a reply the sender
	// alone reads (private), in their language; otherwise the group reads
	// it, in the event's.
	as := func(user, text string, dm, personal bool) string {
		t.Helper()
		r := s.run(user, locale[user], text, dm)
		step := user + ": " + text
		switch {
		case r.Text == "":
			t.Errorf("%s: no reply", step)
		case personal && locale[user] == "en" && !english(r.Text):
			t.Errorf("%s → %q: want English", step, r.Text)
		case personal && locale[user] == "zh" && !cjk(r.Text):
			t.Errorf("%s → %q: want Chinese", step, r.Text)
		case !personal:
			chinese(step, "the group's announcement", r.Text)
		}
		heard(step)
		return r.Text
	}
	reply := func(user, text string) string { t.Helper(); return as(user, text, false, true) }
	announce := func(user, text string) string { t.Helper(); return as(user, text, false, false) }
	private := func(user, text string) string { t.Helper(); return as(user, text, true, true) }

	s.heading("set-up")
	must(t, reply("ann", "/event new 秋季赛 swiss rounds 1"), "Created the event")
	s.pinSeed(1)
	must(t, reply("ann", "/event set 语言 中文"), "lang = Chinese") // said in the event's English, before the change
	must(t, announce("ann", "/event set remind 10"), "开始前 10 分钟")
	must(t, announce("ann", "/event set late 15"), "15 分钟")
	must(t, announce("ann", "/event show"), "语言 = 中文")
	announce("ann", "/signup open")
	for i, user := range []string{"wang", "li", "zhao", "chen"} {
		must(t, announce(user, "/join "+names[i+1]), "报名成功")
	}
	must(t, announce("ann", "/start"), "开赛！")
	must(t, reply("ann", "/pair"), "Round 1 pairing preview")
	must(t, reply("ann", "/publish 19:30"), "Round 1 is published", "Private notes went to")
	must(t, strings.Join(s.announced(s.group.ID), "\n"), "第1轮对阵", "开始时间：19:30")
	must(t, private("ann", "/event show"), "Event: 秋季赛", "Status: running") // the event she runs, in her language

	s.heading("round 1")
	st := s.state()
	g1 := st.Event.Rounds[0].Games[0]
	users := map[int]string{}
	for _, u := range []string{"wang", "li", "zhao", "chen"} {
		users[s.playerOf(u)] = u
	}
	s.advance(19*time.Hour + 20*time.Minute - 17*time.Hour) // the script starts at 17:00 in the event's zone
	s.tick()
	heard("reminder")
	if got := s.announced(s.group.ID); len(got) != 1 || !strings.Contains(got[0], "提醒：第 1 轮") {
		t.Errorf("the group's reminder: %q", got)
	}
	announce(users[g1.Red], "/here")
	announce(users[g1.Black], "/here")
	s.advance(30 * time.Minute) // board 2 is late past the limit (R-G-4)
	s.tick()
	heard("late forfeits")
	must(t, strings.Join(s.announced(s.group.ID), "\n"), "第1轮对阵", " --")
	must(t, announce("ann", "/result 1 1-0"), "第 1 轮全部结束", "排名")

	s.heading("finish")
	must(t, announce("ann", "/finish"), "结束！")
	must(t, private("ann", "/standings"), "Final standings", "陈七")
	s.golden("english-organiser.txt")
}
