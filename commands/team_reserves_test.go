package commands

import (
	"fmt"
	"strings"
	"testing"
)

// TestR_TM_1_ReservesUnderFixedBoards: under 分台定人 (§12.1) the first
// «boards» registered play every match, so whoever registers a reserve is
// told, in their language, that the reserve will not play and how to let
// reserves play; a reserve is told their place as a reserve, not as a
// board. Under 分台换人 (§12.2, which allows reserves) nobody is warned.
func TestR_TM_1_ReservesUnderFixedBoards(t *testing.T) {
	s := reservesEvent(t, 2, 2)
	must(t, s.say("org", "/team new A 不上场"), "你是队长")
	added := s.say("org", "/team add A A1 A2 A3")
	must(t, added, "「A」加入：A1、A2、A3", "分台定人", "替补（A3）不会上场", "/event set 台次 分台换人")
	if strings.Contains(added, "A1）") || strings.Contains(added, "A2）") {
		t.Errorf("the boards' players named as reserves: %q", added)
	}
	must(t, s.say("org", "/event set lang en"), "")
	en := s.say("org", "/team add A A4")
	must(t, en, "reserves (A4) will not play", "/event set board-order substitutes")
	if strings.ContainsAny(en, "替补台") {
		t.Errorf("an English reply with Chinese in it: %q", en)
	}

	s = reservesEvent(t, 2, 1, "/event set 台次 分台换人")
	must(t, s.say("org", "/team new A 不上场"), "你是队长")
	if got := s.say("org", "/team add A A1 A2 A3"); strings.Contains(got, "不会上场") {
		t.Errorf("a reserve under 分台换人 said not to play: %q", got)
	}
}

// TestR_TM_1_ReserveJoinsAsReserve: a player who joins a team past its
// boards is told they are its reserve, not a board beyond the match's.
func TestR_TM_1_ReserveJoinsAsReserve(t *testing.T) {
	s := reservesEvent(t, 1, 1)
	must(t, s.say("ca", "/join A1"), "报名成功")
	must(t, s.say("ca", "/team new A"), "你是队长")
	must(t, s.say("org", "/join B2"), "报名成功")
	must(t, s.say("org", "/team join A"), "你已加入「A」，第 1 替补（报名第 2）", "替补（B2）不会上场")
}

// reservesEvent is a team round robin of boards boards and reserves
// reserves, open for sign-up, with the settings set.
func reservesEvent(t *testing.T, boards, reserves int, set ...string) *script {
	s := newScript(t)
	must(t, s.say("org", "/event new 替补 团体赛 roundrobin"), "已创建团体赛")
	must(t, s.say("org", fmt.Sprintf("/event set boards %d", boards)), "已设置")
	must(t, s.say("org", fmt.Sprintf("/event set reserves %d", reserves)), "已设置")
	for _, line := range set {
		must(t, s.say("org", line), "已设置")
	}
	s.say("org", "/signup open")
	return s
}
