package commands

import (
	"strings"
	"testing"
)

// TestR_T_7_PenaltyBeforeRound1: a penalty before round 1 is published is
// refused in the arbiter's language, saying why (R-T-7 counts the
// penalties of games played) and what to type instead; once round 1 is
// out it is recorded.
func TestR_T_7_PenaltyBeforeRound1(t *testing.T) {
	h := newHarness(t)
	h.say("org", "/event new 周赛 rounds 3")
	h.say("org", "/signup open")
	for _, p := range []string{"wang 王五", "zhao 赵六", "li 李四", "liu 刘七"} {
		user, name, _ := strings.Cut(p, " ")
		h.say(user, "/join "+name)
	}
	for _, tc := range []struct{ locale, want, hint string }{
		{"zh", "第 1 轮公布之前不能处罚", "再输入 /penalty 选手"},
		{"en", "No penalty before round 1 is published", "type /penalty PLAYER"},
	} {
		got := h.sendAs("org", tc.locale, "/penalty 1").Text
		must(t, got, tc.want, "R-T-7", tc.hint)
		if w := latinWords(got, nil); tc.locale == "zh" && len(w) > 0 {
			t.Errorf("English %q inside the Chinese: %q", w, got)
		}
	}
	h.say("org", "/start")
	must(t, h.say("org", "/penalty 1"), "第 1 轮公布之前不能处罚")
	h.say("org", "/pair")
	h.say("org", "/publish")
	must(t, h.say("org", "/penalty 1"), "受到处罚（第 1 次）")
}
