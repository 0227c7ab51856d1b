package commands

import (
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// The harness's clock starts at 09:00 UTC: 17:00 in the events' zone,
// UTC+8.

// pairedEvent is the play tests' event with its entrants in and round 1
// paired as a preview, not yet published; info sets the event's details.
func pairedEvent(t *testing.T, h *harness, info *action.InfoChanged) *playEvent {
	t.Helper()
	e := newPlayEvent(t, h, info).enter()
	must(t, h.say("org", "/pair"), "/publish")
	return e
}

// TestPublishStartTime: /publish HH:MM sets the round's start in the
// event's zone — today, or tomorrow when it has passed today, said in the
// reply — and refuses a time that passed within the hour or is no time.
func TestPublishStartTime(t *testing.T) {
	tests := []struct {
		arg, lang string
		want      []string
		start     time.Time // UTC; zero: refused, nothing published
	}{
		{"19:30", "zh", []string{"第 1 轮已公布", "开始时间：19:30", "已私信通知"}, time.Date(2026, 3, 1, 11, 30, 0, 0, time.UTC)},
		{"19：30", "zh", []string{"开始时间：19:30"}, time.Date(2026, 3, 1, 11, 30, 0, 0, time.UTC)},
		{"19:30", "en", []string{"Round 1 is published", "Starts: 19:30", "Private notes went to"}, time.Date(2026, 3, 1, 11, 30, 0, 0, time.UTC)},
		{"08:00", "zh", []string{"开始时间：明天 08:00", "今天的 08:00 已过，所以是明天"}, time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)},
		{"08:00", "en", []string{"Starts: 08:00 tomorrow", "Today's 08:00 has passed, so it is tomorrow"}, time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)},
		{"16:30", "zh", []string{"16:30 已经过了（现在 17:00）", "直接输入 /publish"}, time.Time{}},
		{"16:30", "en", []string{"16:30 has passed (it is 17:00 now)", "type /publish alone"}, time.Time{}},
		{"17:00", "zh", []string{"17:00 已经过了"}, time.Time{}},
		{"25:00", "zh", []string{"「25:00」不是开始时间", "/publish 19:30"}, time.Time{}},
		{"7点", "en", []string{`"7点" is not a start time`, "HH:MM"}, time.Time{}},
	}
	for _, tt := range tests {
		t.Run(tt.arg+"/"+tt.lang, func(t *testing.T) {
			h := newHarness(t)
			e := pairedEvent(t, h, &action.InfoChanged{Lang: &tt.lang}) // the pairings are in the event's language
			h.sent()
			must(t, h.sendAs("org", tt.lang, "/publish "+tt.arg).Text, tt.want...)
			st := e.state()
			if tt.start.IsZero() {
				if sent := h.sent(); len(st.Event.Rounds) != 0 || len(sent) != 1 || len(sent["group"]) != 1 {
					t.Errorf("a refused /publish published %d rounds or announced something", len(st.Event.Rounds))
				}
				return
			}
			if !st.Play.Starts.Equal(tt.start) {
				t.Errorf("round 1 starts %v, want %v", st.Play.Starts, tt.start)
			}
		})
	}
}

// TestPublishAnnouncesStart: the group's pairing table and the note of
// each player with a game show the start time (the bye's note needs
// none); without one they show none.
func TestPublishAnnouncesStart(t *testing.T) {
	h := newHarness(t)
	e := pairedEvent(t, h, nil)
	red := e.user[e.state().Preview.Boards[0].Red]
	h.dm(red, "/lang en")
	h.sent()
	h.say("org", "/publish 19:30")
	sent := h.sent()
	must(t, sent["group"][0], "第1轮对阵", "开始时间：19:30")
	must(t, sent["dm:"+red][0], "Round 1: you play on board 1", "Starts: 19:30")
	bye := e.user[e.state().Event.Rounds[0].Byes[0].Player]
	for chat, texts := range sent {
		if chat != "group" && chat != "dm:"+red && chat != "dm:"+bye {
			must(t, texts[0], "开始时间：19:30")
		}
	}

	h = newHarness(t)
	pairedEvent(t, h, nil)
	h.say("org", "/publish")
	for chat, texts := range h.sent() {
		if strings.Contains(texts[0], "开始时间") {
			t.Errorf("%s told a start time nobody set: %q", chat, texts[0])
		}
	}
}

// TestR_G_4_LateCountsFromStart: with a start time, the late-arrival limit
// runs from the start, not from the publication; the announcement, /me and
// the forfeits agree on the deadline.
func TestR_G_4_LateCountsFromStart(t *testing.T) {
	h := newHarness(t)
	late := 15 * time.Minute
	e := pairedEvent(t, h, &action.InfoChanged{LateAfter: &late})
	h.say("org", "/publish 19:30")
	must(t, h.sent()["group"][0], "开始时间：19:30", "19:45 前未签到（/here）判负（R-G-4）")
	red, black := e.board(1)
	must(t, h.dm(red, "/me"), "本轮 19:30 开始", "19:45 前，否则判负")
	must(t, h.sendAs(red, "en", "/me").Text, "The round starts at 19:30.", "by 19:45")

	h.advance(time.Hour) // 18:00: the limit after the publication is long past
	tick(t, h.svc)
	if got := schedulerActions(t, h, e.id); len(got) != 0 {
		t.Fatalf("before the start the scheduler did %v", got)
	}
	h.dm(red, "/here")
	h.watch(104 * time.Minute) // 19:44, the scheduler running
	tick(t, h.svc)
	if got := schedulerActions(t, h, e.id); len(got) != 0 {
		t.Fatalf("inside the limit after the start the scheduler did %v", got)
	}
	h.dm(black, "/here") // 19:44: in time
	h.advance(time.Minute)
	h.sent()
	tick(t, h.svc)
	got := map[int]engine.Result{}
	for _, g := range e.state().Event.Rounds[0].Games {
		got[g.Board] = g.Result
	}
	if got[1] != engine.Pending || got[2] != engine.DoubleForfeit {
		t.Errorf("results %v at 19:45; want board 1 pending (both came before 19:45), board 2 -- (nobody came)", got)
	}
	must(t, strings.Join(h.sent()["group"], "\n"), "第1轮对阵", " 2 "+e.name(e.user[e.state().Event.Rounds[0].Games[1].Red]), " --")
}

// remindEvent is round 1 published to start at 19:30 in an event that
// reminds 30 minutes ahead, with a late limit of 15 minutes; the red
// player of board 1 reads English.
func remindEvent(t *testing.T, h *harness) (e *playEvent, english string) {
	t.Helper()
	before, late := 30*time.Minute, 15*time.Minute
	e = pairedEvent(t, h, &action.InfoChanged{RemindBefore: &before, LateAfter: &late})
	must(t, h.say("org", "/publish 19:30"), "开始时间：19:30")
	english, _ = e.board(1)
	h.dm(english, "/lang en")
	h.sent()
	return e, english
}

// TestRemindBeforeStart: the reminder goes out RemindBefore ahead of the
// start — not before, and once, however often and by whichever service
// the scheduler ticks — to the group and to each player with a game, in
// their language.
func TestRemindBeforeStart(t *testing.T) {
	h := newHarness(t)
	e, english := remindEvent(t, h)
	h.advance(119 * time.Minute) // 18:59
	tick(t, h.svc)
	if got := h.sent(); len(got) != 0 {
		t.Errorf("31 minutes before the start the scheduler said %v", got)
	}
	h.advance(time.Minute) // 19:00
	tick(t, h.svc)
	sent := h.sent()
	if n := len(sent["group"]); n != 1 {
		t.Fatalf("%d reminders in the group, want 1: %q", n, sent["group"])
	}
	must(t, sent["group"][0], "提醒：第 1 轮将于 19:30 开始（还有 30 分钟）。", "19:45 前未签到（/here）判负")
	st := e.state()
	for _, g := range st.Event.Rounds[0].Games {
		for _, p := range []int{g.Red, g.Black} {
			user := e.user[p]
			msgs := sent["dm:"+user]
			if len(msgs) != 1 {
				t.Errorf("%d reminders to %s, want 1: %q", len(msgs), user, msgs)
				continue
			}
			opp := g.Red + g.Black - p
			if user == english {
				must(t, msgs[0], "Reminder: round 1 starts at 19:30: you play on board 1 with red (you move first) against", playerName(&st.Event, opp),
					"Not checked in (/here) by 19:45")
				continue
			}
			must(t, msgs[0], "提醒：第 1 轮将于 19:30 开始，你在第", "对手", playerName(&st.Event, opp), "19:45 前未签到")
		}
	}
	if msgs := sent["dm:"+e.byeUser()]; len(msgs) != 0 {
		t.Errorf("the player with the bye was reminded: %q", msgs)
	}

	h.advance(time.Minute)
	tick(t, h.svc)
	tick(t, New(h.store, WithClock(h.clock))) // a restarted bot
	if got := h.sent(); len(got) != 0 {
		t.Errorf("later ticks said %v again", got)
	}
	if got := schedulerActions(t, h, e.id); strings.Join(got, ",") != "round-reminded" {
		t.Errorf("the scheduler did %v, want one round-reminded", got)
	}
	log := h.say("org", "/log 1")
	must(t, log, "提醒第 1 轮即将开始")
}

// TestRemindTwoInstances: services ticking one database at once send one
// reminder.
func TestRemindTwoInstances(t *testing.T) {
	h := newHarness(t)
	e, _ := remindEvent(t, h)
	h.advance(140 * time.Minute) // 19:20
	tickTwice(t, h)
	if got := schedulerActions(t, h, e.id); strings.Join(got, ",") != "round-reminded" {
		t.Errorf("the scheduler did %v, want one round-reminded", got)
	}
	sent := h.sent()
	if n := len(sent["group"]); n != 1 {
		t.Errorf("%d reminders in the group, want 1: %q", n, sent["group"])
	}
	must(t, sent["group"][0], "还有 10 分钟")
	for chat, msgs := range sent {
		if len(msgs) != 1 {
			t.Errorf("%s got %d messages, want 1", chat, len(msgs))
		}
	}
}

// TestRemindOff: without /event set remind, or for a round published
// without a start time, nothing reminds; /event set remind sets and
// clears it.
func TestRemindOff(t *testing.T) {
	h := newHarness(t)
	e := pairedEvent(t, h, nil)
	h.say("org", "/publish 19:30")
	h.advance(150 * time.Minute) // 19:29
	tick(t, h.svc)
	if got := schedulerActions(t, h, e.id); len(got) != 0 {
		t.Errorf("with reminders off the scheduler did %v", got)
	}

	h = newHarness(t)
	e = pairedEvent(t, h, nil)
	must(t, h.say("org", "/event set remind 30"), "提醒 = 开始前 30 分钟")
	must(t, h.sendAs("org", "en", "/event set remind 20").Text, "remind = 20 min before the start")
	h.say("org", "/publish")
	h.advance(24 * time.Hour)
	tick(t, h.svc)
	if got := schedulerActions(t, h, e.id); len(got) != 0 {
		t.Errorf("a round without a start time was reminded of: %v", got)
	}
	must(t, h.say("org", "/event set 提醒 off"), "提醒 = 不提醒")
	if d := e.state().Info.RemindBefore; d != 0 {
		t.Errorf("reminder %v after off", d)
	}
}
