package commands

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
)

// press presses the first button of the last note to user, in their
// private chat, as the adapters send a button's command.
func press(t *testing.T, h *harness, user string, button chat.Button) Reply {
	t.Helper()
	h.update++
	return h.svc.Handle(context.Background(), Request{
		Chat: chat.Private("console", user),
		User: User{ID: user, Name: user}, Locale: "zh", Text: button.Command,
		UpdateID: fmt.Sprintf("console:update:%d", h.update), MessageID: "note",
	})
}

// confirmButton reports red's win on board 1 and returns black's
// confirm button.
func confirmButton(t *testing.T, h *harness, e *playEvent) chat.Button {
	t.Helper()
	red, black := e.board(1)
	h.say(red, "/report win")
	notes := h.outbox()["dm:"+black]
	if len(notes) != 1 || len(notes[0].Buttons) != 2 {
		t.Fatalf("the note to black: %+v, want one with two buttons", notes)
	}
	return notes[0].Buttons[0]
}

// TestButtonStale: a button answers one report of one game of one round
// (R-G-1): pressed after the result is in, after the round moved on, or
// after the report was undone and made again, it changes nothing, says
// what happened instead in the presser's language, and asks the adapter
// to remove it. Pressed while it holds, it confirms and is removed too.
func TestButtonStale(t *testing.T) {
	tests := []struct {
		name   string
		before func(h *harness, e *playEvent)
		want   []string
		result engine.Result // board 1's result after the press
	}{
		{"still good", func(*harness, *playEvent) {}, []string{"已确认"}, engine.RedWin},
		{"decided by the arbiter", func(h *harness, e *playEvent) { h.say("org", "/result 1 1/2") },
			[]string{"已失效", "结果已经确定", "由 org 确定"}, engine.Draw},
		{"the round moved on", func(h *harness, e *playEvent) {
			h.say("org", "/result 1 1/2")
			h.say("org", "/result 2 1-0")
			h.say("org", "/pair")
			h.say("org", "/publish")
		}, []string{"已失效", "它是第 1 轮的，现在是第 2 轮"}, engine.Draw},
		{"the report was undone and made again", func(h *harness, e *playEvent) {
			red, _ := e.board(1)
			h.say("org", fmt.Sprintf("/undo %d", e.state().Underway(1, 1).Report.Seq))
			h.say(red, "/report win")
		}, []string{"已失效", "报告已被取代或撤销"}, engine.Pending},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			e := newPlayEvent(t, h, nil).start()
			b := confirmButton(t, h, e)
			tt.before(h, e)
			h.sent()
			_, black := e.board(1)
			if tt.name == "the round moved on" {
				black = e.user[e.state().Event.Rounds[0].Games[0].Black]
			}
			r := press(t, h, black, b)
			must(t, r.Text, tt.want...)
			if !r.Unbutton {
				t.Errorf("the press's reply keeps the buttons: want them removed")
			}
			if g := e.state().Event.Rounds[0].Games[0]; g.Result != tt.result {
				t.Errorf("board 1 of round 1 is %v after the press, want %v", g.Result, tt.result)
			}
		})
	}
}

// TestButtonInEnglish: a stale press is answered in the presser's
// language.
func TestButtonInEnglish(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	b := confirmButton(t, h, e)
	h.say("org", "/result 1 1-0")
	_, black := e.board(1)
	h.dm(black, "/lang en")
	must(t, press(t, h, black, b).Text, "That button no longer applies: the result is in", "decided by org")
}

// TestButtonFitsTelegram: the longest button command fits Telegram's 64
// bytes of callback data.
func TestButtonFitsTelegram(t *testing.T) {
	r := ref{event: 9_999_999, round: 99, board: 9999, seq: 99_999_999}
	for _, cmd := range []string{"/confirm", "/dispute", "/accept", "/decline", "/guess choose black", "/guess black"} {
		s := r.answering(cmd)
		if len(s) > chat.MaxCommand || s == cmd {
			t.Errorf("%q: %d bytes, want the ref within %d", s, len(s), chat.MaxCommand)
		}
		if got, _ := takeRef(splitLine(s)); got == nil || *got != r {
			t.Errorf("%q reads back as %+v, want %+v", s, got, r)
		}
	}
}

// TestRefWord: a ref's word is its letter and 1 to 18 digits, as the
// pattern it replaced said; 18 digits always fit an int64.
func TestRefWord(t *testing.T) {
	pattern := regexp.MustCompile(`^([erba])([0-9]{1,18})$`)
	for _, w := range []string{"e1", "e0", "r007", "b999999999999999999", "b1000000000000000000", "a12", "e",
		"", "x1", "E1", "e-1", "e+1", "e1a", "e 1", "e１", "ee1", "r1.0", "a9223372036854775807"} {
		for _, letter := range []byte("erba") {
			got, ok := refWord(w, letter)
			m := pattern.FindStringSubmatch(w)
			want, wantOK := int64(0), m != nil && m[1] == string(letter)
			if wantOK {
				want, _ = strconv.ParseInt(m[2], 10, 64)
			}
			if ok != wantOK || got != want {
				t.Errorf("refWord(%q, %c) = %d, %v; want %d, %v", w, letter, got, ok, want, wantOK)
			}
		}
	}
}

// TestRoundNoteButtons: the round's private note carries 我胜 / 和棋 / 我负
// with the event, round and board inside (R-G-1). Pressed, a button
// reports from the presser's side; pressed twice, or by a player of
// another board, it changes nothing and says why, in the presser's
// language.
func TestRoundNoteButtons(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).enter()
	h.say("org", "/pair")
	h.say("org", "/publish")
	red, black := e.board(1)
	other, _ := e.board(2)
	notes := h.outbox()
	note := notes["dm:"+red][0]
	if got := buttons(note); !strings.Contains(got, "我胜 → /report win e") || !strings.Contains(got, "和棋 → /report draw") ||
		!strings.Contains(got, "我负 → /report loss") || !strings.Contains(got, " r1 b1 ") {
		t.Fatalf("red's note on board 1 has the buttons %q, want 我胜/和棋/我负 for round 1 board 1", got)
	}
	n := len(e.logKinds())
	h.dm(other, "/lang en")
	must(t, press(t, h, other, note.Buttons[0]).Text, "That button is not yours: it is for board 1")
	if got := len(e.logKinds()); got != n {
		t.Errorf("the wrong player's press changed the log: %d actions, were %d", got, n)
	}
	must(t, press(t, h, red, note.Buttons[0]).Text, "已报告", "胜")
	if r := e.state().Underway(1, 1).Report; r == nil || r.Result != engine.RedWin {
		t.Fatalf("board 1's report after 我胜 from red: %+v, want red's win", r)
	}
	n = len(e.logKinds())
	must(t, press(t, h, red, note.Buttons[2]).Text, "已经报告过第 1 台的结果")
	if r := e.state().Underway(1, 1).Report; r.Result != engine.RedWin || len(e.logKinds()) != n {
		t.Errorf("a second press changed the report or the log: %+v", r)
	}
	// 我负 from black agrees with red's report: it confirms it.
	blackNote := notes["dm:"+black][0]
	must(t, press(t, h, black, blackNote.Buttons[2]).Text, "已确认")
	if g := e.game(1); g.Result != engine.RedWin {
		t.Errorf("board 1 is %v after black's 我负, want red's win", g.Result)
	}
	must(t, press(t, h, black, blackNote.Buttons[0]).Text, "已失效", "结果已经确定")
}

// TestReminderCheckInButton: the reminder before a round's start carries
// 签到 (R-G-4); pressed it checks the player in, pressed again it changes
// nothing and says when they checked in.
func TestReminderCheckInButton(t *testing.T) {
	h := newHarness(t)
	before := 10 * time.Minute
	e := newPlayEvent(t, h, &action.InfoChanged{RemindBefore: &before}).enter()
	h.say("org", "/pair")
	h.say("org", "/publish 18:00")
	h.sent()
	h.watch(55 * time.Minute) // 17:55: the reminder is due
	red, _ := e.board(1)
	var reminder chat.Message
	for _, m := range h.outbox()["dm:"+red] {
		if strings.Contains(m.Text, "提醒") {
			reminder = m
		}
	}
	if len(reminder.Buttons) != 1 || reminder.Buttons[0].Label != "签到" || !strings.HasPrefix(reminder.Buttons[0].Command, "/here e") {
		t.Fatalf("red's reminder %+v, want one button 签到 → /here with the game's ref", reminder)
	}
	must(t, press(t, h, red, reminder.Buttons[0]).Text, "已签到：第 1 台")
	n := len(e.logKinds())
	must(t, press(t, h, red, reminder.Buttons[0]).Text, "已经在", "签到了")
	if len(e.logKinds()) != n {
		t.Error("a second press of 签到 changed the log")
	}
}

// TestRoundPageButton: where the live page is served (WithPublicURL), the
// round's message carries a link to it in the group, in each of its
// versions — an edit as a result comes in keeps it; the publisher's own
// account goes to them privately, without it.
func TestRoundPageButton(t *testing.T) {
	h := newHarness(t)
	h.svc = New(h.seen(), WithClock(h.clock), WithPublicURL("https://qisai.example.org/"))
	newPlayEvent(t, h, nil).enter()
	h.say("org", "/pair")
	h.update++
	r := h.svc.Handle(context.Background(), Request{Chat: h.group, User: User{ID: "org", Name: "org"}, Locale: "zh",
		Text: "/publish", UpdateID: fmt.Sprintf("console:update:%d", h.update), RepliesQueued: true})
	if !r.Private || len(r.Buttons) != 0 {
		t.Errorf("the publisher's account %+v, want it private, without the link", r)
	}
	link := func(what string, ms []chat.Message) string {
		t.Helper()
		if len(ms) == 0 || len(ms[0].Buttons) != 1 || ms[0].Buttons[0].Label != "实时网页" || !strings.HasPrefix(ms[0].Buttons[0].URL, "https://qisai.example.org/e/") || ms[0].Buttons[0].Command != "" {
			t.Fatalf("%s %+v, want one link to the live page under it", what, ms)
		}
		return ms[0].Buttons[0].URL
	}
	url := link("the round's message", h.outbox()[h.group.ID])
	h.advance(time.Minute) // past the coalescing of edits
	recorded(t, h.say("org", "/result 1 1-0"))
	h.advance(time.Minute)
	var edits []chat.Message
	for _, m := range h.outbox()[h.group.ID] {
		if m.DedupKey == edited {
			edits = append(edits, m)
		}
	}
	if got := link("the round's message edited", edits); got != url {
		t.Errorf("the edit links to %s, the first version to %s", got, url)
	}
}
