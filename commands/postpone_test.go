package commands

import (
	"fmt"
	"strings"
	"testing"
)

// TestR_E_3_PostponedGameFromTheChat: an arbiter postpones a board
// (/postpone 2); the round completes without it; /pair asks whether to
// pair with it pending, /pair 带补赛 does, without pairing its two players
// together again; the standings say it is pending; its result entered
// later counts without the correction's question; /finish waits for it.
func TestR_E_3_PostponedGameFromTheChat(t *testing.T) {
	s := newScript(t)
	must(t, s.say("org", "/event new 周赛 rounds 3"), "已创建")
	s.pinSeed(2)
	for i := 1; i <= 6; i++ {
		must(t, s.say("org", fmt.Sprintf("/player add P%d", i)), "P")
	}
	must(t, s.say("org", "/start"), "开赛")
	s.say("org", "/pair")
	s.say("org", "/publish")
	must(t, s.say("org", "/result 1 1-0"), "第 1 轮第 1 台")
	must(t, s.say("org", "/result 3 0-1"), "第 1 轮第 3 台")
	put := s.say("org", "/postpone 2")
	must(t, put, "改为补赛（R-E-3）", "第 1 轮全部结束", "补赛未下（R-E-3）：第 1 轮第 2 台")
	g, _ := gameOn(&s.state().Event, 1, 2)

	must(t, s.say("org", "/pair"), "补赛还没有结果", "/pair 带补赛")
	if s.state().PendingPreview() != nil {
		t.Fatal("/pair paired without the organiser's choice")
	}
	s.say("org", "/pair 带补赛")
	pv := s.state().PendingPreview()
	if pv == nil {
		t.Fatal("/pair 带补赛 made no preview")
	}
	for _, b := range pv.Boards {
		if b.Red == g.Red && b.Black == g.Black || b.Red == g.Black && b.Black == g.Red {
			t.Errorf("the postponed game's players meet again on board %d", b.Number)
		}
	}
	s.say("org", "/publish")
	for _, b := range openBoards(s.state().Event.Rounds[1]) {
		s.say("org", fmt.Sprintf("/result %d 1-0", b))
	}
	must(t, s.say("org", "/finish"), "补赛还没有结果")
	late := s.say("org", "/result 2 1-0 1")
	must(t, strings.Join(s.announced("group"), "\n"), "补赛结果")
	if g, _ := gameOn(&s.state().Event, 1, 2); !g.Result.Decided() {
		t.Errorf("the postponed game's result was not entered: %+v (reply %q)", g, late)
	}
	if put := s.state().Postponed(); len(put) != 0 {
		t.Errorf("still pending after its result: %v", put)
	}
}
