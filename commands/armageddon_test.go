package commands

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/internal/i18n"
)

// armageddonScript is a two-player knockout of one game a match whose
// draw goes to 和棋黑胜 (R-F-5), the players joined with chat users, game
// 1 published: hu has red by the pairing (no 猜先), liu black.
func armageddonScript(t *testing.T) *script {
	s := newScript(t)
	s.heading("两人淘汰赛：一局定胜负，和棋则和棋黑胜")
	s.say("org", "/event new 加赛杯 淘汰赛")
	s.pinSeed(3)
	s.say("org", "/event set numbering entered")
	s.say("org", "/event set tie 和棋黑胜")
	s.say("org", "/signup open")
	s.say("hu", "/join 胡荣华")
	s.say("liu", "/join 柳大华")
	s.say("org", "/start")
	s.heading("第 1 局：按钮报告和棋")
	s.say("org", "/pair")
	s.say("org", "/publish")
	if g := s.state().Event.Rounds[0].Games[0]; g.Red != 1 || g.Black != 2 {
		t.Fatalf("game 1 %+v, want 胡荣华 red, 柳大华 black", g)
	}
	return s
}

// armageddonChoice plays game 1 to a draw and publishes game 2, to start
// at 19:30: it returns the script and the chooser's (柳大华's) 执红 button.
func armageddonChoice(t *testing.T) (*script, string) {
	t.Helper()
	s := armageddonScript(t)
	s.say("hu", "/report draw")
	s.dm("liu", "/confirm")
	s.say("org", "/pair")
	s.say("org", "/publish 19:30")
	return s, s.lastButton("liu", 0)
}

// TestScenarioArmageddonChoice_R_F_5: the round notes carry 我胜/和棋/我负;
// a draw leads to 和棋黑胜, whose chooser — the player who had no choice
// at game 1 (no 猜先: black in game 1) — is asked privately with 执红/执黑,
// and the round's message says what happens without a choice by the start.
// The opponent pressing the chooser's button, and the chooser pressing
// twice, change nothing and are told why in their language.
func TestScenarioArmageddonChoice_R_F_5(t *testing.T) {
	s := armageddonScript(t)
	must(t, s.press("hu", 1), "已报告", "等待 柳大华 确认") // 和棋
	must(t, s.press("liu", 0), "已确认")             // Confirm

	s.heading("第 2 局：和棋黑胜，柳大华选先后手")
	must(t, s.say("org", "/pair"), "由 柳大华 选择先后手")
	must(t, s.publishes("org", "/publish 19:30"), "由 柳大华 选择执红或执黑", "19:30 开始前未选，则按上表：红 柳大华，黑 胡荣华")
	red, black := s.lastButton("liu", 0), s.lastButton("liu", 1)
	must(t, s.dm("hu", black), "由 2 号选手选择")
	if g := s.state().Event.Rounds[1].Games[0]; g.Red != 2 {
		t.Errorf("the opponent's press changed the colours: %+v", g)
	}
	must(t, s.run("liu", "en", black, true).Text, "You play black", "red 胡荣华, black 柳大华")
	must(t, s.dm("liu", red), "已经选定")
	if g := s.state().Event.Rounds[1].Games[0]; g.Red != 1 || g.Black != 2 {
		t.Errorf("game 2 %+v, want 胡荣华 red, 柳大华 black as chosen", g)
	}
	must(t, s.dm("hu", "/me"), "第 2 轮第 1 台：你执红，对手 柳大华")

	s.heading("和棋：黑方柳大华胜出")
	s.advance(9 * time.Hour)
	s.say("hu", "/report draw")
	must(t, s.dm("liu", "/confirm"), "已确认")
	must(t, s.say("org", "/bracket"), "柳大华")
	s.golden("armageddon.txt")
}

// TestArmageddonNoChoiceByTheStart_R_F_5: without a choice by the round's
// start the pairing's colours stand: the chooser's button pressed after
// the start changes nothing, and /me no longer asks for a choice.
func TestArmageddonNoChoiceByTheStart_R_F_5(t *testing.T) {
	s, red := armageddonChoice(t)
	must(t, s.dm("liu", "/me"), "和棋黑胜由你选择先后手", "19:30 开始前")
	s.advance(10 * time.Hour)
	must(t, s.dm("liu", red), "第 2 轮已经开始", "按对阵表不变")
	if g := s.state().Event.Rounds[1].Games[0]; g.Red != 2 || g.Black != 1 {
		t.Errorf("game 2 %+v, want the pairing's colours: 柳大华 red", g)
	}
	me := s.dm("liu", "/me")
	must(t, me, "第 2 轮第 1 台：你执红")
	if strings.Contains(me, "选择先后手") {
		t.Errorf("/me after the start still asks for a choice: %q", me)
	}
}

// TestArmageddonChoiceButtonsAmiss_R_F_5: the chooser's 执红/执黑 pressed
// by the opponent, or by the chooser after the start, change nothing and
// say why in the presser's language (English here), with what to type.
func TestArmageddonChoiceButtonsAmiss_R_F_5(t *testing.T) {
	s, red := armageddonChoice(t)
	typed := []string{"胡荣华", "柳大华", "加赛杯"}
	for _, tt := range []struct {
		what, user string
		later      time.Duration
		want       []string
	}{
		{"the opponent presses Red", "hu", 0, []string{"player 2's to choose", "/me"}},
		{"the chooser presses Red after the start", "liu", 10 * time.Hour, []string{"Round 2 has started", "/me"}},
	} {
		s.advance(tt.later)
		n := logLen(t, s.harness)
		got := s.run(tt.user, "en", red, true).Text
		must(t, got, tt.want...)
		languageRule(t, i18n.En, tt.what, got, typed)
		if logLen(t, s.harness) != n {
			t.Errorf("%s changed the log", tt.what)
		}
		if g := s.state().Event.Rounds[1].Games[0]; g.Red != 2 || g.Black != 1 {
			t.Errorf("%s: game 2 %+v, want the pairing's colours", tt.what, g)
		}
	}
}

// logLen is the number of actions in the log of the group's event.
func logLen(t *testing.T, h *harness) int {
	t.Helper()
	log, err := h.store.Log(context.Background(), h.eventID(), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	return len(log)
}

// R-F-5: with no 猜先 before game 1, the armageddon's colours are chosen by
// the player who had black in game 1, named in the preview; /flip gives
// him the other colours, and the round's message names him as the chooser.
func TestArmageddonChooserWithoutGuess_R_F_5(t *testing.T) {
	h := koEvent(t, 2, "tie 和棋黑胜")
	must(t, h.say("org", "/pair"), "预览")
	must(t, h.published("org"), "对阵")
	if g := h.state().Event.Rounds[0].Games[0]; g.Black != 2 {
		t.Fatalf("game 1 %+v, want P2 black (no 猜先: the pairing's colours)", g)
	}
	recorded(t, h.say("org", "/result 1 1/2"))
	must(t, h.say("org", "/pair"), "由 P2 选择先后手", "未猜先则为第 1 局执黑的一方")
	must(t, h.say("org", "/flip 1"), "P2")
	must(t, h.published("org"), "由 P2 选择执红或执黑")
}
