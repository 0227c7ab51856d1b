package commands

import (
	"strings"
	"testing"
)

// TestNamesInTheChat: the name rules (internal/names) as the chat meets
// them — the limit said in the refusal in each language, a look-alike of
// an entrant refused as the entrant, a name that would forge a line.
func TestNamesInTheChat(t *testing.T) {
	h := newHarness(t)
	h.say("org", "/event new 秋季赛")
	must(t, h.say("org", "/player add Wang"), "Wang")
	for _, c := range []struct{ say, lang, want string }{
		{"/player add " + strings.Repeat("王", 12), "zh", "已添加选手"},
		{"/player add " + strings.Repeat("王", 13), "zh", "选手的名字最长 24 个半角字符（一个汉字算两个，最多 12 个汉字），这个有 26 个"},
		{"/player add " + strings.Repeat("王", 13), "en", "A player's name is at most 24 columns wide (a Chinese character takes two, so 12 of them); this one takes 26"},
		{"/player add Wang", "zh", "「Wang」已经报名了（1 号）"},
		{"/player add W\u0430ng", "zh", "「W\u0430ng」和 1 号选手「Wang」看起来一样，请换一个能区分的名字"}, // Cyrillic а
		{"/player add Ｗａｎｇ", "en", `"Ｗａｎｇ" looks the same as "Wang" (player 1): choose a name that tells them apart`},
		{"/player add Wa\u200bng", "zh", "第 3 个字符是 U+200B（零宽字符）"},
	} {
		got := h.sendAs("org", c.lang, c.say).Text
		if !strings.Contains(got, c.want) {
			t.Errorf("%s (%s): %q, want it to say %q", c.say, c.lang, got, c.want)
		}
	}
	must(t, h.say("org", "/player add 杨帆"), "杨帆")
}
