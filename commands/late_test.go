package commands

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
)

// downtimeEvent is an event of 8 players, late limit 15 minutes and a
// reminder 30 minutes ahead, round 1 published at 17:00 to start at
// 19:30 (the harness's zone): 4 boards. It returns the users of each
// board, red then black.
func downtimeEvent(t *testing.T, h *harness) [][2]string {
	t.Helper()
	must(t, h.say("org", "/event new 周赛"), "组织者")
	must(t, h.say("org", "/event set late 15"), "15")
	must(t, h.say("org", "/event set remind 30"), "30")
	must(t, h.say("org", "/signup open"), "报名已开放")
	for i := range 8 {
		u := fmt.Sprintf("p%d", i+1)
		must(t, h.say(u, "/join 选手"+u), "报名成功")
	}
	must(t, h.say("org", "/start"), "/pair")
	must(t, h.say("org", "/pair"), "/publish")
	must(t, h.say("org", "/publish 19:30"), "开始时间：19:30")
	st := h.state()
	user := map[int]string{}
	for _, p := range st.Event.Players {
		user[p.ID] = "p" + strings.TrimPrefix(p.Name, "选手p")
	}
	var boards [][2]string
	for _, g := range st.Event.Rounds[0].Games {
		boards = append(boards, [2]string{user[g.Red], user[g.Black]})
	}
	if len(boards) != 4 {
		t.Fatalf("%d boards, want 4", len(boards))
	}
	h.sent()
	return boards
}

// results are round 1's results by board.
func (h *harness) results() map[int]engine.Result {
	out := map[int]engine.Result{}
	for _, g := range h.state().Event.Rounds[0].Games {
		out[g.Board] = g.Result
	}
	return out
}

// wantResults fails the test unless round 1's results are want, by board.
func (h *harness) wantResults(when string, want map[int]engine.Result) {
	h.t.Helper()
	got := h.results()
	for b, res := range want {
		if got[b] != res {
			h.t.Errorf("board %d %s: %v, want %v", b, when, got[b], res)
		}
	}
}

// TestR_G_4_DowntimeLeftToArbiter: with 迟到 15 and the bot down from
// 18:50 to 19:50, past the 19:30 start and its 19:45 limit, nobody is
// forfeited when it comes back (it used to forfeit 3 of 4 boards at once):
// the group hears that the reminder was missed and that the arbiter
// decides, and the organiser gets, privately, the players not checked in
// with two buttons. Forfeit forfeits those still absent when pressed.
func TestR_G_4_DowntimeLeftToArbiter(t *testing.T) {
	h := newHarness(t)
	boards := downtimeEvent(t, h)
	h.watch(time.Hour) // 18:00
	for _, u := range boards[0] {
		must(t, h.say(u, "/here"), "已签到")
	}
	h.watch(50 * time.Minute) // 18:50, then down for an hour
	h.sent()
	h.advance(time.Hour) // 19:50
	tick(t, h.svc)
	if got := h.results(); got[1] != engine.Pending || got[2] != engine.Pending || got[3] != engine.Pending || got[4] != engine.Pending {
		t.Fatalf("results after the downtime %v, want every board pending", got)
	}
	out := h.outbox()
	group := texts(out[h.group.ID])
	must(t, group, "第 1 轮的开赛提醒没能按时发出：机器人当时没有运行。第 1 轮已于 19:30 开始。",
		"第 1 轮的迟到时限（19:45）已过，但机器人这段时间没有一直运行", "迟到的选手由裁判处理")
	if strings.Contains(group, "判负") && !strings.Contains(group, "没有自动判负") {
		t.Errorf("the group heard of forfeits:\n%s", group)
	}
	notes := out["dm:org"]
	if len(notes) != 1 {
		t.Fatalf("the organiser got %d private notes, want 1: %v", len(notes), notes)
	}
	note := notes[0]
	must(t, note.Text, "「周赛」第 1 轮：迟到时限（19:45）已过", "还没签到的：",
		"第 2 台 选手"+boards[1][0]+"（红）、选手"+boards[1][1]+"（黑）", "第 4 台 选手"+boards[3][0])
	if strings.Contains(note.Text, "第 1 台") {
		t.Errorf("board 1, both checked in, is listed:\n%s", note.Text)
	}
	if len(note.Buttons) != 2 || note.Buttons[0].Label != "判负" || note.Buttons[1].Label != "再等 15 分钟" ||
		!strings.HasPrefix(note.Buttons[0].Command, "/late forfeit ") || !strings.HasPrefix(note.Buttons[1].Command, "/late wait ") {
		t.Fatalf("buttons %v, want 判负 → /late forfeit, 再等 15 分钟 → /late wait", note.Buttons)
	}
	// Ticks go on: nothing more, however long.
	h.watch(10 * time.Minute)
	tick(t, h.svc)
	if got := h.drain(); len(got) != 0 {
		t.Errorf("later ticks said %v", got)
	}
	// Board 3's red arrives, late, and is told the arbiter decides.
	must(t, h.say(boards[2][0], "/here"), "迟到时限 19:45 已过：是否判负由裁判决定")

	r := h.press("org", "zh", note.Buttons[0])
	must(t, r.Text, "已判负：第 2 台、第 3 台、第 4 台。")
	if !r.Unbutton {
		t.Error("the pressed buttons stay")
	}
	h.wantResults("after the forfeit button", map[int]engine.Result{1: engine.Pending, 2: engine.DoubleForfeit, 3: engine.RedForfeitWin, 4: engine.DoubleForfeit})
	must(t, strings.Join(h.sent()["group"], "\n"), "第1轮对阵", " 3 选手"+boards[2][0]+" 选手"+boards[2][1]+" +-")
	log := h.say("org", "/log 6")
	must(t, log, "第 1 轮的开赛提醒未能按时发出", "第 1 轮迟到的选手交由裁判处理")
	// Pressed again, or typed once everyone is decided: nothing more.
	must(t, h.say("org", "/late forfeit"), "第 1 轮没有还没签到的选手了")
}

// TestR_G_4_WaitAfterDowntime: the arbiter's other button gives the late
// players another limit from now; the scheduler, watching now, forfeits
// at its end those still absent, and not the one who came.
func TestR_G_4_WaitAfterDowntime(t *testing.T) {
	h := newHarness(t)
	boards := downtimeEvent(t, h)
	h.watch(time.Hour) // 18:00, then the clock steps on to 19:50
	h.advance(110 * time.Minute)
	tick(t, h.svc)
	note := h.outbox()["dm:org"]
	if len(note) != 1 || len(note[0].Buttons) != 2 {
		t.Fatalf("the organiser's note: %v", note)
	}
	r := h.press("org", "en", note[0].Buttons[1])
	must(t, r.Text, "Done: round 1 waits until 20:05; whoever has not checked in by then loses by forfeit.")
	must(t, strings.Join(h.sent()["group"], "\n"), "裁判决定再等：第 1 轮还没签到的选手请在 20:05 前签到（/here），否则判负（R-G-4）。")
	h.watch(5 * time.Minute)
	must(t, h.say(boards[0][0], "/here"), "已签到")
	must(t, h.say(boards[0][1], "/here"), "已签到")
	must(t, h.say(boards[1][1], "/here"), "已签到")
	h.watch(9 * time.Minute) // 20:04
	tick(t, h.svc)
	if got := h.results(); got[1] != engine.Pending || got[2] != engine.Pending {
		t.Fatalf("before the new limit: %v", got)
	}
	h.advance(time.Minute) // 20:05
	tick(t, h.svc)
	h.wantResults("at the new limit", map[int]engine.Result{1: engine.Pending, 2: engine.BlackForfeitWin, 3: engine.DoubleForfeit, 4: engine.DoubleForfeit})
	must(t, strings.Join(h.sent()["group"], "\n"), "第1轮对阵", " 2 选手"+boards[1][0]+" 选手"+boards[1][1]+" -+")
}

// TestR_G_4_WatchedForfeits: a scheduler that ran the whole limit still
// forfeits the late players itself, as R-G-4 says; a gap after the limit
// changes nothing done.
func TestR_G_4_WatchedForfeits(t *testing.T) {
	h := newHarness(t)
	boards := downtimeEvent(t, h)
	h.watch(2 * time.Hour) // 19:00: the reminder
	tick(t, h.svc)
	must(t, strings.Join(h.drain()[h.group.ID], "\n"), "提醒：第 1 轮将于 19:30 开始（还有 30 分钟）。")
	must(t, h.say(boards[0][0], "/here"), "已签到")
	must(t, h.say(boards[0][1], "/here"), "已签到")
	h.watch(45 * time.Minute) // 19:45
	tick(t, h.svc)
	got := h.results()
	if got[1] != engine.Pending || got[2] != engine.DoubleForfeit || got[3] != engine.DoubleForfeit || got[4] != engine.DoubleForfeit {
		t.Errorf("results at the limit, watched: %v; want boards 2 to 4 forfeited", got)
	}
	if notes := h.drain()["dm:org"]; len(notes) != 0 {
		t.Errorf("the organiser was asked: %v", notes)
	}
}

// TestReminderAfterDowntime: a reminder whose time passed while the bot
// was down, and whose round has not started, goes out late with the
// minutes really left.
func TestReminderAfterDowntime(t *testing.T) {
	h := newHarness(t)
	downtimeEvent(t, h)
	h.watch(115 * time.Minute) // 18:55, then down until 19:12
	h.advance(17 * time.Minute)
	tick(t, h.svc)
	must(t, strings.Join(h.drain()[h.group.ID], "\n"), "提醒：第 1 轮将于 19:30 开始（还有 18 分钟）。")
}

// press is user pressing b under a private message of the bot's.
func (h *harness) press(user, locale string, b chat.Button) Reply {
	h.t.Helper()
	h.update++
	return h.svc.Handle(context.Background(), Request{Chat: chat.Private("console", user), User: User{ID: user, Name: user}, Locale: locale,
		Text: b.Command, UpdateID: fmt.Sprintf("console:update:%d", h.update), MessageID: "m1"})
}

// texts joins the texts of msgs.
func texts(msgs []chat.Message) string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Text)
	}
	return strings.Join(out, "\n")
}
