package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qisai/qisai/engine"
)

// TestR_E_2_ByeFromTheChat: a player asks for a bye (/bye 2); the
// organiser is asked privately with buttons and grants it; the group hears
// it; round 2 is paired without the player, who scores a draw's value for
// it; a second request is refused over the event's limit, and a request
// for a round paired already is refused with what to do.
func TestR_E_2_ByeFromTheChat(t *testing.T) {
	s := fourStarted(t, "/event new 周赛 rounds 3")
	s.say("org", "/pair")
	s.say("org", "/publish")
	must(t, s.dm("li", "/bye 1"), "第 1 轮已经编排了")

	asked := s.run("li", "zh", "/bye 2", false)
	must(t, asked.Text, "已申请第 2 轮请假", "/bye 取消 2")
	if !asked.Private {
		t.Error("the request's answer is said in the group, not to the player")
	}
	var grant string
	for _, m := range s.last["dm:org"] {
		for _, b := range m.Buttons {
			if b.Label == "批准" {
				grant = b.Command
			}
		}
	}
	if grant == "" {
		t.Fatalf("the organiser got no button to grant: %v", s.last)
	}
	must(t, s.dm("org", grant), "Li 第 2 轮请假，计1 分（和棋分）")
	var told []string
	for _, m := range s.last["dm:li"] {
		told = append(told, m.Text)
	}
	must(t, strings.Join(told, "\n"), "你第 2 轮请假已批准")
	must(t, s.dm("li", "/bye 3"), "每人最多请假 1 轮")

	st := s.state()
	for _, b := range openBoards(st.Event.Rounds[0]) {
		s.say("org", fmt.Sprintf("/result %d 1-0", b))
	}
	s.say("org", "/pair")
	s.say("org", "/publish")
	st = s.state()
	li := slices.IndexFunc(st.Event.Players, func(p engine.Player) bool { return p.Name == "Li" }) + 1
	rd := st.Event.Rounds[1]
	for _, g := range rd.Games {
		if g.Red == li || g.Black == li {
			t.Fatalf("Li is paired on board %d of round 2 despite the bye", g.Board)
		}
	}
	if !slices.ContainsFunc(rd.Byes, func(b engine.Bye) bool { return b.Player == li && b.Kind == engine.HalfBye }) {
		t.Errorf("round 2's byes %+v, want Li's requested bye worth a draw", rd.Byes)
	}
}

// TestR_E_2_NoByesInAKnockout: a knockout has no requested byes, and says so.
func TestR_E_2_NoByesInAKnockout(t *testing.T) {
	h := koEvent(t, 4)
	h.identify("p1", 1)
	must(t, h.dm("p1", "/bye 2"), "只有积分编排和循环赛可以请假")
}
