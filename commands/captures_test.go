package commands

import (
	"testing"

	"github.com/qisai/qisai/engine"
)

// R-F-5, seed 003 (按吃子数多少定胜负): the arbiter enters the pieces each
// side captured, red's first; the game's result follows from them, and the
// announcement and the bracket show them. Counts are refused on another
// game and without 吃子.
func TestCapturesFromChat_R_F_5(t *testing.T) {
	h := koEvent(t, 2, "tie 吃子数,抽签")
	must(t, h.say("org", "/pair"), "预览")
	must(t, h.say("org", "/publish"), "对阵")
	must(t, h.say("org", "/result 1 吃子 5:3"), "不是按吃子数定胜负的对局")
	must(t, h.say("org", "/result 1 1-0 5:3"), "只有按吃子数定胜负时才写吃子数")
	recorded(t, h.say("org", "/result 1 1/2"))
	h.drain()

	must(t, h.say("org", "/pair"), "吃子数定胜负", "/result 1 吃子 5:3")
	must(t, h.say("org", "/publish"), "对阵")
	g := h.state().Event.Rounds[1].Games[0]
	must(t, h.say("org", "/result 1 吃子 5/3"), "两个数，红方在前")
	must(t, h.say("org", "/result 1 吃子"), "请写出双方的吃子数")
	// Black captured more: black wins the match.
	must(t, h.say("org", "/result 1 吃子 3：5"), "第 2 轮全部结束", "胜出（0.5–0.5，吃子数")
	if got := h.state().Event.Rounds[1].Games[0].Result; got != engine.BlackWin {
		t.Fatalf("captures 3:5 gave %v, want black's win", got)
	}
	bracket := h.say("org", "/bracket")
	// The bracket lists the match first side first: P1 v P2.
	counts := "吃子数 5:3"
	if g.Red == 1 {
		counts = "吃子数 3:5"
	}
	must(t, bracket, counts)
	if rank := h.state().Progress().Ranking(h.state().Stages.Plan); len(rank) != 2 || rank[0].Entrant != g.Black {
		t.Errorf("ranking %v, want %d (black) first", rank, g.Black)
	}

	must(t, h.say("org", "/event set lang en"), "已设置")
	must(t, h.say("org", "/result 1 captures 6:1"), "(pieces captured: red 6, black 1; corrected by the arbiter, was 0-1)")
	if got := h.state().Event.Rounds[1].Games[0].Result; got != engine.RedWin {
		t.Fatalf("captures 6:1 gave %v, want red's win", got)
	}
	must(t, h.say("org", "/bracket"), "P2 wins by captures 1:6") // P1 first: he captured 1; the group reads its event's English
}

// A Swiss has no captures games.
func TestCapturesRefusedInSwiss_R_F_5(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("org", "/event new 周赛"), "已创建")
	for _, p := range []string{"甲", "乙"} {
		must(t, h.say("org", "/player add "+p), p)
	}
	must(t, h.say("org", "/start"), "开赛")
	must(t, h.say("org", "/pair"), "预览")
	must(t, h.say("org", "/publish"), "对阵")
	must(t, h.say("org", "/result 1 吃子 5:3"), "吃子数只用于淘汰赛")
}
