package commands

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/internal/testpainter"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// TestRoundBrief: a round too big for one message shows its progress —
// how many boards have their result, which await a confirmation, which
// are disputed, and those still played once few are — in the event's
// language; and the boards it names are the round's.
func TestRoundBrief(t *testing.T) {
	h := newHarness(t)
	swissOf(t, h, field(60), 0, results)
	ctx := t.Context()
	org := action.Actor{Platform: "console", User: "org"}
	_, err := h.store.Update(ctx, h.eventID(), org, "", func(ch *storage.Change) error {
		p, err := engine.Pair(&ch.State.Event)
		if err != nil {
			return err
		}
		if err := ch.Append(&action.RoundPublished{Pairing: p}); err != nil {
			return err
		}
		for _, b := range p.Boards[:20] { // 20 results in
			if err := ch.Append(&action.ResultSet{Round: 1, Board: b.Number, Result: engine.RedWin}); err != nil {
				return err
			}
		}
		// Board 21 awaits its confirmation, boards 22 and 23 are disputed.
		if err := ch.Append(&action.ResultReported{Round: 1, Board: 21, Player: p.Boards[20].Red, Result: engine.RedWin}); err != nil {
			return err
		}
		for _, b := range p.Boards[21:23] {
			if err := ch.Append(&action.ResultReported{Round: 1, Board: b.Number, Player: b.Red, Result: engine.RedWin}); err != nil {
				return err
			}
			if err := ch.Append(&action.ReportDisputed{Round: 1, Board: b.Number, Player: b.Black}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	st := h.state()
	for _, tt := range []struct {
		lang i18n.Lang
		want []string
	}{
		{i18n.Zh, []string{"第1轮对阵", "共 30 台，已有结果 20 台。", "待确认 1 台：第 21 台", "有争议 2 台，由裁判裁决：第 22、23 台", "未出结果 7 台：第 24、25、26、27、28、29、30 台", "全表见图片或附件"}},
		{i18n.En, []string{"Round 1 pairings", "30 boards, 20 with a result.", "Awaiting confirmation, 1: boards 21", "Disputed, 2, for an arbiter: boards 22, 23", "Still playing, 7: boards 24, 25, 26, 27, 28, 29, 30", "the full table is in the pictures or the file"}},
	} {
		brief := roundBrief(st, 1, tt.lang)
		must(t, brief, tt.want...)
		languageRule(t, tt.lang, "the round's brief", brief, nil)
	}
	// The pairings say so on the boards, in /pairings as in the round's
	// message.
	must(t, h.say("li", "/pairings"), "待确认", "有争议")
	must(t, h.sendAs("li", "en", "/pairings").Text, "to confirm", "disputed")
}

// TestLiveLinesLanguage holds what the round's message, the private
// answers that replace the group's statements, the staff's notes and the
// picture budget say to the language rules, in an event of each language
// and with players of each.
func TestLiveLinesLanguage(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		h := newHarness(t)
		h.withPainter(testpainter.Open(t))
		e := newPlayEvent(t, h, &action.InfoChanged{Lang: new(string(lang)), ConfirmWithin: new(10 * time.Minute)}).start()
		typed := []string{"周赛", "org"}
		for _, en := range entrants {
			typed = append(typed, en.name, en.user)
		}
		red1, black1 := e.board(1)
		red2, black2 := e.board(2)
		var said []string
		run := func(user string, dm bool, text string) Reply {
			t.Helper()
			var r Reply
			if dm {
				r = h.send(user, text, true)
			} else {
				r = h.sendAs(user, string(lang), text)
			}
			said = append(said, r.Text)
			for _, ms := range h.outbox() {
				for _, m := range ms {
					said = append(said, m.Text)
				}
			}
			return r
		}
		for _, u := range append(typed[2:], "org") { // everybody reads lang: privately too
			h.dm(u, "/lang "+string(lang))
		}
		h.outbox()
		if r := run(red1, false, "/report win"); !r.Private {
			t.Errorf("%s: the report's answer in the group is public: %q", lang, r.Text)
		}
		run(black1, true, "/dispute")
		run("org", false, "/result 1 1-0")
		run("org", false, "/result 1 0-1 1")
		run(red2, false, "/report draw")
		run(black2, true, "/confirm")
		run("org", false, "/result 2 1-0 1")
		h.advance(pictureSpacing)
		run(red1, false, "/standings picture")
		run(red1, false, "/crosstable picture") // within the minute: refused
		for _, s := range said {
			languageRule(t, lang, fmt.Sprintf("%s event", lang), s, typed)
		}
		all := strings.Join(said, "\n")
		if lang == i18n.Zh {
			must(t, all, "待确认", "有争议", "结果有争议", "已更正第 1 轮第 1 台：0-1（原为 1-0）", "每分钟一次")
		} else {
			must(t, all, "to confirm", "disputed", "is disputed", "Corrected round 1 board 1: 0-1 (was 1-0)", "once a minute")
		}
	}
}
