package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// roundOneDone is the play tests' event with round 1 published and every
// game 1-0, what it said drained.
func roundOneDone(t *testing.T) (*harness, *playEvent) {
	t.Helper()
	h := newHarness(t)
	e := pairedEvent(t, h, nil)
	h.say("org", "/publish")
	for _, g := range e.state().Event.Rounds[0].Games {
		h.say("org", fmt.Sprintf("/result %d 1-0", g.Board))
	}
	h.sent()
	return h, e
}

// TestCorrectionRepostsStandings: a result corrected after its round is
// complete re-posts the standings once, marked as a correction, and does
// not announce the round complete again.
func TestCorrectionRepostsStandings(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		t.Run(lang, func(t *testing.T) {
			h, e := roundOneDone(t)
			h.say("org", "/event set lang "+lang) // the group hears the event's language
			h.sent()
			h.sendAs("org", lang, "/result 1 0-1")
			group := h.sent()["group"]
			if len(group) != 2 {
				t.Fatalf("the group heard %d messages, want 2 (the correction, the round's message edited): %q", len(group), group)
			}
			must(t, group[1], " 1 ", " 0-1") // the round's message shows it
			if lang == "zh" {
				must(t, group[0], "裁判更正，原为 1-0", "成绩更正，排名随之更新", "第1轮后排名")
			} else {
				must(t, group[0], "corrected by the arbiter, was 1-0", "A corrected result: the standings now read", "Standings after round 1")
			}
			if strings.Contains(group[0], "全部结束") || strings.Contains(group[0], "is complete") {
				t.Errorf("the round was announced complete again: %q", group[0])
			}
			red, black := e.board(1)
			_ = red
			st := e.state()
			if got := st.Event.Rounds[0].Games[0].Result; got != engine.BlackWin {
				t.Errorf("board 1 is %v after the correction, want 0-1", got)
			}
			must(t, group[0], playerName(&st.Event, playerOf(e, black)))
		})
	}
}

// playerOf is the player number of a user of the play event.
func playerOf(e *playEvent, user string) int {
	for p, u := range e.user {
		if u == user {
			return p
		}
	}
	return 0
}

// TestCorrectionOfPairedRoundAsks: changing a round that later rounds were
// paired on asks the arbiter to confirm, naming those rounds, and changes
// nothing until confirmed — by the button or by typing confirm; the
// announcement then says the later rounds stand as paired.
func TestCorrectionOfPairedRoundAsks(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		t.Run(lang, func(t *testing.T) {
			h, e := roundOneDone(t)
			h.say("org", "/event set lang "+lang)
			h.say("org", "/pair")
			h.say("org", "/publish")
			h.sent()
			before := e.state().Seq

			r := h.sendAs("org", lang, "/result 1 0-1 1")
			if lang == "zh" {
				must(t, r.Text, "第 1 轮第 1 台由 1-0 改为 0-1", "第 2 轮已按原结果编排", "/result 1 0-1 1 confirm")
			} else {
				must(t, r.Text, "Round 1 board 1 from 1-0 to 0-1", "round 2 was paired on the old result and stands as paired", "/result 1 0-1 1 confirm")
			}
			if len(r.Buttons) != 1 || r.Buttons[0].Command != "/result 1 0-1 1 confirm" {
				t.Fatalf("buttons %+v, want one that confirms", r.Buttons)
			}
			if got := e.state().Seq; got != before {
				t.Fatalf("asking changed the log: %d actions, was %d", got, before)
			}
			if got := e.state().Event.Rounds[0].Games[0].Result; got != engine.RedWin {
				t.Fatalf("board 1 is %v before confirming, want 1-0", got)
			}
			for chat, msgs := range h.sent() {
				if chat != "group" || len(msgs) != 1 {
					t.Errorf("asking said %q to %s", msgs, chat)
				}
			}

			h.sendAs("org", lang, r.Buttons[0].Command)
			if got := e.state().Event.Rounds[0].Games[0].Result; got != engine.BlackWin {
				t.Fatalf("board 1 is %v after confirming, want 0-1", got)
			}
			group := strings.Join(h.sent()["group"], "\n")
			if lang == "zh" {
				must(t, group, "裁判更正，原为 1-0；第 2 轮已按原结果编排，不重新编排", "成绩更正，排名随之更新")
			} else {
				must(t, group, "corrected by the arbiter, was 1-0; round 2 stands as paired on the old result", "A corrected result")
			}
		})
	}
}

// TestPairedOnOld names one later round or a range, in both languages.
func TestPairedOnOld(t *testing.T) {
	for _, tt := range []struct {
		from, to int
		asked    i18n.T
		told     i18n.T
	}{
		{2, 2, i18n.T{Zh: "第 2 轮已按原结果编排，改动后不重新编排", En: "round 2 was paired on the old result and stands as paired"}, i18n.T{Zh: "第 2 轮已按原结果编排，不重新编排", En: "round 2 stands as paired on the old result"}},
		{2, 4, i18n.T{Zh: "第 2–4 轮已按原结果编排，改动后不重新编排", En: "rounds 2–4 were paired on the old result and stand as paired"}, i18n.T{Zh: "第 2–4 轮已按原结果编排，不重新编排", En: "rounds 2–4 stand as paired on the old result"}},
	} {
		if asked, told := pairedOnOld(tt.from, tt.to); asked != tt.asked || told != tt.told {
			t.Errorf("pairedOnOld(%d, %d) = %q, %q; want %q, %q", tt.from, tt.to, asked, told, tt.asked, tt.told)
		}
	}
}

// TestCorrectionsInARowRepostStandingsOnce: corrections in a row, before
// the next round, show the standings in one message the later ones edit
// in place — the group gets one new message, not one for each.
func TestCorrectionsInARowRepostStandingsOnce(t *testing.T) {
	h, _ := roundOneDone(t)
	var news, standingsEdits int
	for _, line := range []string{"/result 1 0-1", "/result 2 0-1", "/result 1 1/2"} {
		h.say("org", line)
		h.advance(time.Minute) // past the live message's pause between edits
		for _, m := range h.outbox()["group"] {
			isStandings := strings.Contains(m.Text, "成绩更正，排名随之更新")
			switch {
			case m.DedupKey != edited:
				news++
				if !isStandings {
					t.Errorf("a new group message other than the corrected standings: %q", m.Text)
				}
			case isStandings:
				standingsEdits++
			}
		}
	}
	if news != 1 || standingsEdits != 2 {
		t.Errorf("three corrections in a row: %d new group messages and %d edits of the standings; want 1 and 2", news, standingsEdits)
	}
	h.say("org", "/pair")
	h.say("org", "/publish")
	h.outbox()
	// After the next round, a correction of the round before is news again.
	h.say("org", "/result 1 1-0 1 confirm")
	h.advance(time.Minute)
	if ms := h.outbox()["group"]; !slices.ContainsFunc(ms, func(m chat.Message) bool {
		return m.DedupKey != edited && strings.Contains(m.Text, "成绩更正，排名随之更新")
	}) {
		t.Errorf("a correction after the next round's publication: %d group messages, none new with the standings", len(ms))
	}
}
