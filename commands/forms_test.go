package commands

import (
	"context"
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// In the tables below a result the line does not set: refused says no,
// asked asks which of two results the line means (askReading).
const (
	refused = engine.Pending
	asked   = engine.Result(-1)
)

// writtenForms are results as people write them, and what each means in
// /report from red, in /report from black, and in /result (R-G-1): red's
// forms (1-0, 红胜) mean the same from either side, the player's own
// (胜, won) mean their side, and /result takes red's only.
var writtenForms = []struct {
	form               string
	red, black, result engine.Result
}{
	// red wins, written as red's
	{"1-0", engine.RedWin, engine.RedWin, engine.RedWin},
	{"1:0", engine.RedWin, engine.RedWin, engine.RedWin},
	{"１－０", engine.RedWin, engine.RedWin, engine.RedWin},
	{"１：０", engine.RedWin, engine.RedWin, engine.RedWin},
	{"1–0", engine.RedWin, engine.RedWin, engine.RedWin},
	{"1—0", engine.RedWin, engine.RedWin, engine.RedWin},
	{"1−0", engine.RedWin, engine.RedWin, engine.RedWin},
	{"1 - 0", engine.RedWin, engine.RedWin, engine.RedWin},
	{"1比0", engine.RedWin, engine.RedWin, engine.RedWin},
	{"红胜", engine.RedWin, engine.RedWin, engine.RedWin},
	{"红方胜", engine.RedWin, engine.RedWin, engine.RedWin},
	{"红先胜", engine.RedWin, engine.RedWin, engine.RedWin},
	{"红胜了", engine.RedWin, engine.RedWin, engine.RedWin},
	{"黑负", engine.RedWin, engine.RedWin, engine.RedWin},
	{"红方获胜", engine.RedWin, engine.RedWin, engine.RedWin},
	{"red wins", engine.RedWin, engine.RedWin, engine.RedWin},
	{"Red won", engine.RedWin, engine.RedWin, engine.RedWin},
	// black wins, written as red's
	{"0-1", engine.BlackWin, engine.BlackWin, engine.BlackWin},
	{"0:1", engine.BlackWin, engine.BlackWin, engine.BlackWin},
	{"０－１", engine.BlackWin, engine.BlackWin, engine.BlackWin},
	{"0–1", engine.BlackWin, engine.BlackWin, engine.BlackWin},
	{"黑胜", engine.BlackWin, engine.BlackWin, engine.BlackWin},
	{"黑方胜", engine.BlackWin, engine.BlackWin, engine.BlackWin},
	{"黑赢", engine.BlackWin, engine.BlackWin, engine.BlackWin},
	{"红负", engine.BlackWin, engine.BlackWin, engine.BlackWin},
	{"红先负", engine.BlackWin, engine.BlackWin, engine.BlackWin},
	{"black wins", engine.BlackWin, engine.BlackWin, engine.BlackWin},
	// draws, the same from either side
	{"1/2", engine.Draw, engine.Draw, engine.Draw},
	{"１／２", engine.Draw, engine.Draw, engine.Draw},
	{"½", engine.Draw, engine.Draw, engine.Draw},
	{"½-½", engine.Draw, engine.Draw, engine.Draw},
	{"½:½", engine.Draw, engine.Draw, engine.Draw},
	{"0.5-0.5", engine.Draw, engine.Draw, engine.Draw},
	{"0.5:0.5", engine.Draw, engine.Draw, engine.Draw},
	{"1/2-1/2", engine.Draw, engine.Draw, engine.Draw},
	{"=", engine.Draw, engine.Draw, engine.Draw},
	{"和", engine.Draw, engine.Draw, engine.Draw},
	{"和棋", engine.Draw, engine.Draw, engine.Draw},
	{"和了", engine.Draw, engine.Draw, engine.Draw},
	{"和局", engine.Draw, engine.Draw, engine.Draw},
	{"平局", engine.Draw, engine.Draw, engine.Draw},
	{"红先和", engine.Draw, engine.Draw, engine.Draw},
	{"draw", engine.Draw, engine.Draw, engine.Draw},
	{"Draw", engine.Draw, engine.Draw, engine.Draw},
	{"drew", engine.Draw, engine.Draw, engine.Draw},
	{"we drew", engine.Draw, engine.Draw, engine.Draw},
	// the player's own words: their side; /result has no side to read them from
	{"胜", engine.RedWin, engine.BlackWin, refused},
	{"赢", engine.RedWin, engine.BlackWin, refused},
	{"赢了", engine.RedWin, engine.BlackWin, refused},
	{"赢了！", engine.RedWin, engine.BlackWin, refused},
	{"赢啦", engine.RedWin, engine.BlackWin, refused},
	{"胜了", engine.RedWin, engine.BlackWin, refused},
	{"我胜", engine.RedWin, engine.BlackWin, refused},
	{"我赢了", engine.RedWin, engine.BlackWin, refused},
	{"赢棋了", engine.RedWin, engine.BlackWin, refused},
	{"win", engine.RedWin, engine.BlackWin, refused},
	{"WIN", engine.RedWin, engine.BlackWin, refused},
	{"won", engine.RedWin, engine.BlackWin, refused},
	{"I won", engine.RedWin, engine.BlackWin, refused},
	{"ｗｏｎ", engine.RedWin, engine.BlackWin, refused},
	{"负", engine.BlackWin, engine.RedWin, refused},
	{"输", engine.BlackWin, engine.RedWin, refused},
	{"输了", engine.BlackWin, engine.RedWin, refused},
	{"我输了", engine.BlackWin, engine.RedWin, refused},
	{"输棋", engine.BlackWin, engine.RedWin, refused},
	{"loss", engine.BlackWin, engine.RedWin, refused},
	{"lost", engine.BlackWin, engine.RedWin, refused},
	{"I lost", engine.BlackWin, engine.RedWin, refused},
	// forfeits are the arbiter's (R-G-1)
	{"+-", refused, refused, engine.RedForfeitWin},
	{"＋－", refused, refused, engine.RedForfeitWin},
	{"+–", refused, refused, engine.RedForfeitWin},
	{"-+", refused, refused, engine.BlackForfeitWin},
	{"−+", refused, refused, engine.BlackForfeitWin},
	{"--", refused, refused, engine.DoubleForfeit},
	{"－－", refused, refused, engine.DoubleForfeit},
	{"—", refused, refused, refused}, // one dash is no result
	{"黑方弃权", refused, refused, engine.RedForfeitWin},
	{"红方弃权", refused, refused, engine.BlackForfeitWin},
	{"双方弃权", refused, refused, engine.DoubleForfeit},
	// two phrases: one result, or a question
	{"赢了 1-0", engine.RedWin, asked, refused},
	{"won 0-1", asked, engine.BlackWin, refused},
	{"赢 0-1", asked, engine.BlackWin, refused},
	{"胜 红胜", engine.RedWin, asked, refused},
	{"输了 黑胜", engine.BlackWin, asked, refused},
	{"和 1/2", engine.Draw, engine.Draw, refused},
	{"胜 负", asked, asked, refused},
	{"1-0 0-1", asked, asked, refused},
	{"赢 +-", refused, refused, refused},
	// no result
	{"maybe", refused, refused, refused},
	{"2-0", refused, refused, refused},
	{"1-1", refused, refused, refused},
	{"0-0", refused, refused, refused},
	{"10", refused, refused, refused},
	{"红", refused, refused, refused},
	{"赢了 maybe", refused, refused, refused},
}

// TestR_G_1_EveryWrittenForm sends every written form through the chat:
// /report from red and from black, /result from the organiser.
func TestR_G_1_EveryWrittenForm(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red, black := e.board(1)
	report := func(user, form string, want engine.Result) {
		t.Helper()
		before := h.logLen()
		r := h.send(user, "/report "+form, false)
		got := e.state().Underway(1, 1).Report
		switch {
		case want == asked:
			if h.logLen() != before || len(r.Buttons) < 2 {
				t.Errorf("%s: /report %s: %q with %d buttons, want a question and nothing changed", user, form, r.Text, len(r.Buttons))
			}
		case want == refused:
			if h.logLen() != before || r.Text == "" || len(r.Buttons) > 0 {
				t.Errorf("%s: /report %s: %q, log %d → %d: want a refusal and nothing changed", user, form, r.Text, before, h.logLen())
			}
		case got == nil || got.Result != want:
			t.Errorf("%s: /report %s: %q, report %+v: want %v", user, form, r.Text, got, want)
		}
		h.undoSince(before) // the next form is reported afresh
		h.sent()
	}
	for _, tt := range writtenForms {
		report(red, tt.form, tt.red)
		report(black, tt.form, tt.black)
		before, was := h.logLen(), e.game(2).Result
		r := h.say("org", "/result 2 "+tt.form)
		switch got := e.game(2).Result; {
		case tt.result == refused && (h.logLen() != before || got != was):
			t.Errorf("/result 2 %s: %q, %v → %v: want a refusal and nothing changed", tt.form, r, was, got)
		case tt.result != refused && got != tt.result:
			t.Errorf("/result 2 %s: %q, result %v: want %v", tt.form, r, got, tt.result)
		}
		h.sent()
	}
}

// undoSince undoes every action after the first n of the log: the event
// is as it was then.
func (h *harness) undoSince(n int) {
	h.t.Helper()
	last := h.logLen()
	if last == n {
		return
	}
	_, err := h.store.Update(context.Background(), h.eventID(), action.Actor{Platform: "console", User: "test"}, "", func(ch *storage.Change) error {
		for seq := n + 1; seq <= last; seq++ {
			if err := ch.Append(&action.Undo{Seq: int64(seq)}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		h.t.Fatal(err)
	}
}

// TestR_G_1_ContradictionAsked: a report that says two results is asked
// back privately with a button for each reading, each the explicit
// command; pressing one reports it.
func TestR_G_1_ContradictionAsked(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red, _ := e.board(1)
	r := h.send(red, "/report 赢 0-1", false)
	must(t, r.Text, "你的报告前后不一致（你执红）", "/report 1-0 或 /report 0-1")
	if !r.Private || len(r.Buttons) != 2 || r.Buttons[0].Command != "/report 1-0" || r.Buttons[1].Command != "/report 0-1" {
		t.Fatalf("question %+v: want two buttons, /report 1-0 and /report 0-1, said privately", r)
	}
	must(t, r.Buttons[0].Label, "胜（1-0）")
	en := h.sendAs(red, "en", "/report won 0-1")
	must(t, en.Text, "Your report says two different results (you play red)", "/report 1-0 or /report 0-1")
	must(t, en.Buttons[1].Label, "loss (0-1)")
	h.send(red, r.Buttons[1].Command, false)
	if got := e.state().Underway(1, 1).Report; got == nil || got.Result != engine.BlackWin {
		t.Errorf("after pressing %q: report %+v, want 0-1", r.Buttons[1].Label, got)
	}
}

// TestR_G_1_ForfeitNotReported: a player's forfeit is refused with what
// to do instead, in the player's language.
func TestR_G_1_ForfeitNotReported(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red, _ := e.board(1)
	must(t, h.say(red, "/report +-"), "弃权由裁判用 /result 台号 +-")
	must(t, h.sendAs(red, "en", "/report 双方弃权").Text, "an arbiter records a forfeit with /result BOARD +-")
}

// TestFullWidthNumbers: numbers typed on a Chinese keyboard in full width,
// and rounds and boards with their marks, read wherever a number is read.
func TestFullWidthNumbers(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil)
	must(t, h.say("org", "/event set 轮数 ７"), "已设置：轮数 = 7")
	must(t, h.say("org", "/event set 迟到 １５"), "已设置：迟到 = 15 分钟")
	e.start()
	must(t, h.say("org", "/result ５ １－０"), "没有第 5 台")
	must(t, h.say("org", "/result ２ １－０"), "已记录第 1 轮第 2 台：1-0")
	must(t, h.say("org", "/result 第２台 ０：１ 第１轮"), "已更正第 1 轮第 2 台：0-1（原为 1-0）")
	must(t, h.say("org", "/result B2 1/2 R1"), "已更正第 1 轮第 2 台：1/2（原为 0-1）")
	must(t, h.say("org", "/result board 2 1-0 round 1"), "已更正第 1 轮第 2 台：1-0（原为 1/2）")
	red, _ := e.board(1)
	foul := e.player[red]
	must(t, h.say("org", "/犯规 "+string(rune('０'+foul))), "犯规（本局第 1 次")
	must(t, h.say("org", "/犯规 "+string(rune('0'+foul))+"号"), "犯规（本局第 2 次")
	must(t, h.say("org", "/result 1 0-1"), "第 1 轮全部结束")
	h.say("org", "/pair")
	h.say("org", "/publish")
	for _, line := range []string{"/pairings 第2轮", "/pairings 2轮", "/pairings R2", "/pairings r2", "/pairings round 2", "/pairings ２", "/pairings 第二轮", "/pairings 第 2 轮"} {
		must(t, h.say("li", line), "第2轮对阵")
	}
	must(t, h.say("li", "/pairings 第1轮"), "第1轮对阵")
	must(t, h.dm("li", "/bye 第三轮"), "已申请第 3 轮请假")
	must(t, h.say("org", "/postpone 第１台 R2"), "第 2 轮第 1 台", "改为补赛")
	must(t, h.say("li", "/pairings 第5台"), "轮次应是数字，如 2、第2轮，不是「第5台」")
	must(t, h.sendAs("li", "en", "/pairings 第5台").Text, `ROUND must be a number, as in 2, R2 or round 2, not "第5台"`)
	if st := e.state(); st.Event.Settings.Rounds != 7 {
		t.Errorf("rounds %d after /event set 轮数 ７, want 7", st.Event.Settings.Rounds)
	}
}

// TestOrdinals reads rounds and boards in their forms, and says how many
// words each took.
func TestOrdinals(t *testing.T) {
	for _, tt := range []struct {
		o     ordinal
		line  string
		want  string
		words int
	}{
		{roundNumber, "2", "2", 1}, {roundNumber, "２", "2", 1}, {roundNumber, "第2轮", "2", 1},
		{roundNumber, "2轮", "2", 1}, {roundNumber, "R2", "2", 1}, {roundNumber, "r12", "12", 1},
		{roundNumber, "Round 2", "2", 2}, {roundNumber, "round2", "2", 1}, {roundNumber, "第 2 轮", "2", 3},
		{roundNumber, "2 轮 图片", "2", 2}, {roundNumber, "第二轮", "2", 1}, {roundNumber, "第十轮", "10", 1},
		{roundNumber, "十二轮", "12", 1}, {roundNumber, "第二十三轮", "23", 1}, {roundNumber, "2 3", "2", 1},
		{roundNumber, "第5台", "", 0}, {roundNumber, "二", "", 0}, {roundNumber, "round", "", 0},
		{roundNumber, "第轮", "", 0}, {roundNumber, "十十轮", "", 0}, {roundNumber, "picture", "", 0},
		{boardNumber, "第5台", "5", 1}, {boardNumber, "5台", "5", 1}, {boardNumber, "B5", "5", 1},
		{boardNumber, "board 5", "5", 2}, {boardNumber, "第五台", "5", 1}, {boardNumber, "R5", "", 0},
		{playerNumber, "7号", "7", 1}, {playerNumber, "７", "7", 1}, {playerNumber, "七", "", 0},
	} {
		v, used, ok := tt.o.Read(strings.Fields(tt.line))
		if v != tt.want || used != tt.words || ok != (tt.words > 0) {
			t.Errorf("%q: %q, %d words, %v; want %q, %d words", tt.line, v, used, ok, tt.want, tt.words)
		}
	}
}

// FuzzReport feeds any line to every command's argument parser, and as
// /report from red and /result from the organiser to Service.Handle: no
// line panics or fails, and a line that is refused — by the parser, as a
// question, as a forfeit a player may not report — changes nothing; one
// that changes the event sets what the line says (R-G-1).
func FuzzReport(f *testing.F) {
	for _, tt := range writtenForms {
		f.Add(tt.form)
	}
	for _, s := range []string{"", "第 2 轮", "round", "赢 0-1 #并发赛", `"1 - 0"`, "1-0 1 confirm", "吃子 5:3", "１－０ 第１轮", "十十", "r", "@", "0.5:0.5 B2"} {
		f.Add(s)
	}
	h := newHarness(f)
	id := newRaceEvent(f, h.store, 2) // in the harness's group
	if _, err := h.store.Update(context.Background(), id, action.Actor{Platform: "console", User: "test"}, "", func(ch *storage.Change) error {
		ch.Grant("console", "org", storage.Organiser)
		return nil
	}); err != nil {
		f.Fatal(err)
	}
	red := raceUser(h.state().Event.Rounds[0].Games[0].Red)
	cmds := h.svc.Commands()
	f.Fuzz(func(t *testing.T, line string) {
		h.t = t
		for _, cmd := range cmds {
			for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
				cmd.parseArgs(splitLine("/x " + line)[1:], lang) // does not panic
			}
		}
		for _, sent := range []struct{ user, text string }{{red, "/report " + line}, {"org", "/result 2 " + line}} {
			before := h.logLen()
			r := h.send(sent.user, sent.text, false)
			h.sent()
			if r.Text == "" || r.Text == apology(i18n.Zh).Text {
				t.Fatalf("%s: %q: %q", sent.user, sent.text, r.Text)
			}
			if h.logLen() == before {
				continue
			}
			// It changed the event: the line parses, as Handle reads it, to one result.
			_, words := takeRef(splitLine(sent.text))
			cmd, rest := h.svc.reg.Lookup(words)
			_, rest = takeEventWord(rest)
			args, err := cmd.parseArgs(rest, i18n.Zh)
			if err != nil {
				t.Fatalf("%q changed the event, yet the parser refuses it: %v", sent.text, err)
			}
			st := h.state()
			switch got, said := st.Underway(1, 1).Report, reportedAs(args["result"], engine.Red); {
			case sent.user == "org":
				if g, _ := gameOn(&st.Event, 1, 2); g.Result != resultCodes[args["result"]] {
					t.Fatalf("%q set %v, want %q", sent.text, g.Result, args["result"])
				}
			case len(said) != 1 || !said[0].Played() || got == nil || got.Result != said[0]:
				t.Fatalf("%q reported %+v; the line says %v", sent.text, got, said)
			default:
				h.undoSince(before) // red reports afresh
			}
		}
	})
}
