package commands

import (
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// TestButtonsPressedAmiss: every button a player is sent — 我胜/和棋/我负
// under the round's note, 签到 under the reminder, 接受 under a draw
// offer, 确认 under a report — pressed by a player of another board, by
// the one who caused it, twice, or after the result is in, changes
// nothing and says why in the presser's language (every player reads
// English here), with what to type instead.
func TestButtonsPressedAmiss(t *testing.T) {
	h := newHarness(t)
	before := 10 * time.Minute
	e := newPlayEvent(t, h, &action.InfoChanged{RemindBefore: &before}).enter()
	var typed []string // the players' names, as the organiser typed them
	for _, en := range entrants {
		h.dm(en.user, "/lang en")
		typed = append(typed, en.name)
	}
	h.say("org", "/pair")
	h.say("org", "/publish 18:00")
	red, black := e.board(1)
	other, otherBlack := e.board(2)
	last := func(user string) chat.Message {
		t.Helper()
		ms := h.outbox()["dm:"+user]
		if len(ms) == 0 || len(ms[len(ms)-1].Buttons) == 0 {
			t.Fatalf("no buttons in the last private message to %s: %+v", user, ms)
		}
		return ms[len(ms)-1]
	}
	amiss := func(what, user string, b chat.Button, want ...string) {
		t.Helper()
		n := len(e.logKinds())
		got := press(t, h, user, b).Text
		must(t, got, want...)
		languageRule(t, i18n.En, what, got, typed)
		if len(hintsIn(got)) == 0 {
			t.Errorf("%s: %q says nothing to type instead", what, got)
		}
		if after := len(e.logKinds()); after != n {
			t.Errorf("%s changed the log: %v", what, e.logKinds()[n:])
		}
	}
	notYours := "That button is not yours: it is for board 1, and you play on board 2"

	report := last(red).Buttons[0] // I won
	amiss("another board's player presses I won", other, report, notYours)

	h.watch(55 * time.Minute) // 17:55: the reminders are out
	checkIn := last(red).Buttons[0]
	amiss("another board's player presses Check in", other, checkIn, notYours)
	must(t, press(t, h, red, checkIn).Text, "Checked in: board 1")
	amiss("Check in pressed twice", red, checkIn, "checked in already")

	h.dm(red, "/draw")
	accept := last(black).Buttons[0]
	amiss("another board's player presses Accept", other, accept, notYours)
	amiss("the offerer presses Accept", red, accept, "There is no draw offer", "/draw")
	must(t, press(t, h, black, accept).Text, "Draw accepted")
	decided := "That button no longer applies: the result is in"
	amiss("Accept pressed twice", black, accept, decided, "decided by")
	amiss("I won pressed after the result", red, report, decided)
	amiss("Check in pressed after the result", red, checkIn, decided)

	h.say(other, "/report win")
	confirm := last(otherBlack).Buttons[0]
	amiss("the reporter presses Confirm", other, confirm, "cannot confirm their own report", "/me")
	amiss("another board's player presses Confirm", red, confirm, "it is for board 2, and you play on board 1")
	must(t, press(t, h, otherBlack, confirm).Text, "Confirmed")
	amiss("Confirm pressed twice", otherBlack, confirm, decided)
}
