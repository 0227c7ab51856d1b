package commands

import (
	"strconv"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/i18n"
)

// TestR_TM_1_SubstituteLineupsOfTheSeed: §12.2's own example — "比赛分四台
// 进行，另有两名替补队员，则出场顺序可以是1-2-3-4，也可以是1-2-3-5，直至3-4-5-6
// 共十五种顺序" — from the chat: of every line-up of the six registered
// players on four boards, exactly the fifteen in registered order are
// taken; each refused one is answered in both languages with a line-up to
// send instead, which the rule takes and which keeps the refused one's
// players where it can (an inverted 1-2-5-3 becomes 1-2-3-5).
func TestR_TM_1_SubstituteLineupsOfTheSeed(t *testing.T) {
	s := teamEventScript(t, 4, 2, "/event set 台次 分台换人")
	s.say("org", "/pair")
	s.say("org", "/publish")
	st := s.state()
	team := st.TeamNamed("A")
	members := st.TeamEvent().Teams[team-1].Members
	taken := 0
	for code := range 6 * 6 * 6 * 6 {
		places := []int{code/216 + 1, code/36%6 + 1, code/6%6 + 1, code%6 + 1}
		lineup := make([]int, 4)
		for i, k := range places {
			lineup[i] = members[k-1]
		}
		p := lineupRefused(st, team, lineup)
		if p == nil {
			taken++
			continue
		}
		zh, en := p.Text.In(i18n.Zh, p.Args...), p.Text.In(i18n.En, p.Args...)
		i := strings.LastIndex(zh, "/lineup ")
		if i < 0 || !strings.Contains(en, "Send instead: /lineup ") {
			t.Fatalf("%v refused without a line-up to send instead: %q / %q", places, zh, en)
		}
		var again []int
		for _, w := range strings.Fields(zh[i+len("/lineup "):]) {
			k, _ := strconv.Atoi(w)
			again = append(again, members[k-1])
		}
		if q := lineupRefused(st, team, again); q != nil {
			t.Fatalf("%v: the line-up offered instead, %v, is refused too: %q", places, again, q.Text.In(i18n.En, q.Args...))
		}
	}
	if taken != 15 {
		t.Errorf("%d line-ups of six players on four boards taken, want §12.2's fifteen", taken)
	}
	p := lineupRefused(st, team, []int{members[0], members[1], members[4], members[2]})
	if zh := p.Text.In(i18n.Zh, p.Args...); !strings.Contains(zh, "台次顺序不能前后颠倒") || !strings.HasSuffix(zh, "请改为：/lineup 1 2 3 5") {
		t.Errorf("1-2-5-3 refused with %q, want the rule and 1-2-3-5 instead", zh)
	}
}

// TestR_TM_1_SubstituteEmptyBoardsLast: under 分台换人 a team short of a
// player leaves the last board empty, its players moving up — §12.2's
// fifteen orders are all full line-ups, filled from board 1. A line-up with
// an empty board in the middle is refused with the rule in words and the
// same players moved up to send instead, which is taken.
func TestR_TM_1_SubstituteEmptyBoardsLast(t *testing.T) {
	s := teamEventScript(t, 4, 2, "/event set 台次 分台换人")
	s.say("org", "/pair")
	s.say("org", "/publish")
	must(t, s.dm("ca", "/lineup 1 - 3 4"), "空台只能是最后几台", "第 2 台空着", "A3（报名第 3）", "请改为：/lineup 1 3 4 -")
	st := s.state()
	members := st.TeamEvent().Teams[st.TeamNamed("A")-1].Members
	p := lineupRefused(st, st.TeamNamed("A"), []int{members[0], 0, members[4], 0})
	if p == nil {
		t.Fatal("1 - 5 - taken under 分台换人, want refused")
	}
	if en := p.Text.In(i18n.En, p.Args...); !strings.Contains(en, "the empty boards are the last ones") || !strings.HasSuffix(en, "Send instead: /lineup 1 5 - -") {
		t.Errorf("1 - 5 - refused with %q, want the rule and 1 5 - - instead", en)
	}
	must(t, s.dm("ca", "/lineup 1 3 4 -"), "已收到")
}

// TestExampleLineup: the example a captain is asked with is a line-up the
// event's rule takes: under 分台换人 a reserve on the last board, in order;
// under 临时定台 the first two boards swapped (§12.2, §12.3).
func TestExampleLineup(t *testing.T) {
	for _, c := range []struct {
		rule     string
		reserves int
		want     string
	}{
		{"分台换人", 2, "1 2 4"},
		{"分台换人", 0, "1 2 3"},
		{"临时定台", 1, "2 1 3"},
	} {
		s := teamEventScript(t, 3, c.reserves, "/event set 台次 "+c.rule)
		s.say("org", "/pair")
		s.say("org", "/publish")
		if got := exampleLineup(s.state().Teams.Rules); got != c.want {
			t.Errorf("%s with %d reserves: example %q, want %q", c.rule, c.reserves, got, c.want)
		}
		must(t, s.dm("ca", "/lineup "+c.want), "已收到")
	}
}
