package commands

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
)

// TestMoveStart: /publish HH:MM on a published round moves its start with
// one announcement in the group and one note to each player still to play
// (none to the bye); the round is not published again, and the late limit
// (R-G-4) follows the new start.
func TestMoveStart(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		t.Run(lang, func(t *testing.T) {
			h := newHarness(t)
			late := 15 * time.Minute
			e := pairedEvent(t, h, &action.InfoChanged{LateAfter: &late, Lang: &lang}) // the group hears the event's language
			h.say("org", "/publish 19:30")
			h.sent()
			reply := h.sendAs("org", lang, "/publish 20:00").Text
			sent := h.sent()
			// In the event's chat the reply is the announcement, with whom
			// the notes reached.
			if len(sent["group"]) != 1 {
				t.Fatalf("the group heard %d messages, want 1: %q", len(sent["group"]), sent["group"])
			}
			if lang == "zh" {
				must(t, reply, "第 1 轮开始时间改为 20:00（原为 19:30）", "20:15 前未签到（/here）判负", "已私信通知 4 位选手")
			} else {
				must(t, reply, "Round 1 now starts at 20:00 (was 19:30)", "Not checked in (/here) by 20:15", "Private notes went to 4 players")
			}
			for _, m := range sent["group"] {
				if strings.Contains(m, "对阵") || strings.Contains(m, "pairings") {
					t.Errorf("the pairings were published again: %q", m)
				}
			}
			st := e.state()
			if want := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC); !st.Play.Starts.Equal(want) {
				t.Errorf("round 1 starts %v, want %v", st.Play.Starts, want)
			}
			if d, _ := st.LateDeadline(); !d.Equal(st.Play.Starts.Add(late)) {
				t.Errorf("late deadline %v, want 15 minutes after %v", d, st.Play.Starts)
			}
			for _, g := range st.Event.Rounds[0].Games {
				for _, p := range []int{g.Red, g.Black} {
					if msgs := sent["dm:"+e.user[p]]; len(msgs) != 1 {
						t.Errorf("%s got %d notes, want 1: %q", e.user[p], len(msgs), msgs)
					} else {
						must(t, msgs[0], "20:00", "19:30")
					}
				}
			}
			if msgs := sent["dm:"+e.byeUser()]; len(msgs) != 0 {
				t.Errorf("the bye was told of the move: %q", msgs)
			}
		})
	}
}

// TestMoveStartOver: a round whose games are all decided has no start to
// move; the refusal says so and changes nothing.
func TestMoveStartOver(t *testing.T) {
	h := newHarness(t)
	e := pairedEvent(t, h, nil)
	h.say("org", "/publish 19:30")
	for _, g := range e.state().Event.Rounds[0].Games {
		h.say("org", fmt.Sprintf("/result %d 1-0", g.Board))
	}
	must(t, h.say("org", "/publish 20:00"), "第 1 轮已经公布了", "/pair")
	if got := e.state().Play.Starts; got.Hour() != 11 || got.Minute() != 30 {
		t.Errorf("the start moved to %v", got)
	}
}

// TestRemindFollowsMovedStart: a reminder that went out for the old start
// goes out again before the new one; a start moved inside the lead time
// says the minutes left and is not reminded of a second time.
func TestRemindFollowsMovedStart(t *testing.T) {
	h := newHarness(t)
	e, _ := remindEvent(t, h)
	h.advance(120 * time.Minute) // 19:00: reminded for 19:30
	tick(t, h.svc)
	h.sent()
	h.say("org", "/publish 21:00")
	h.sent()
	h.advance(60 * time.Minute) // 20:00: nothing yet
	tick(t, h.svc)
	for _, m := range h.sent()["group"] {
		t.Errorf("an hour before the moved start the group heard %q", m)
	}
	h.advance(30 * time.Minute) // 20:30
	tick(t, h.svc)
	sent := h.sent()
	if len(sent["group"]) != 1 {
		t.Fatalf("%d reminders for the moved start, want 1: %q", len(sent["group"]), sent["group"])
	}
	must(t, sent["group"][0], "提醒：第 1 轮将于 21:00 开始（还有 30 分钟）")

	must(t, h.say("org", "/publish 20:50"), "20:50")
	must(t, strings.Join(h.sent()["group"], "\n"), "第 1 轮开始时间改为 20:50（还有 20 分钟）（原为 21:00）")
	h.advance(10 * time.Minute)
	tick(t, h.svc)
	if got := h.sent()["group"]; len(got) != 0 {
		t.Errorf("a start moved inside the lead time was reminded of again: %q", got)
	}
	if got := schedulerActions(t, h, e.id); strings.Join(got, ",") != "round-reminded,round-reminded" {
		t.Errorf("the scheduler did %v, want two reminders (19:30, 21:00)", got)
	}
}

// TestRemindPublishedInsideLead: a round published 4 minutes before its
// start in an event that reminds 5 minutes ahead says the minutes left in
// its announcement — the reminder is not skipped, and not sent twice.
func TestRemindPublishedInsideLead(t *testing.T) {
	h := newHarness(t)
	before := 5 * time.Minute
	e := pairedEvent(t, h, &action.InfoChanged{RemindBefore: &before})
	h.sent()
	h.say("org", "/publish 17:04")
	must(t, h.sent()["group"][0], "开始时间：17:04（还有 4 分钟）")
	h.advance(time.Minute)
	tick(t, h.svc)
	if got := h.sent()["group"]; len(got) != 0 {
		t.Errorf("the scheduler reminded again: %q", got)
	}
	if got := schedulerActions(t, h, e.id); len(got) != 0 {
		t.Errorf("the scheduler did %v", got)
	}
}

// TestRemindMinutesRoundUp: a reminder less than a minute ahead says 1
// minute, never 0.
func TestRemindMinutesRoundUp(t *testing.T) {
	tests := []struct {
		left time.Duration
		want int
	}{{30 * time.Minute, 30}, {29*time.Minute + time.Second, 30}, {time.Minute, 1}, {15 * time.Second, 1}, {time.Second, 1}}
	now := time.Date(2026, 3, 1, 11, 0, 0, 0, time.UTC)
	for _, tt := range tests {
		if got := minutesLeft(now.Add(tt.left), now); got != tt.want {
			t.Errorf("minutesLeft(%v) = %d, want %d", tt.left, got, tt.want)
		}
	}
}
