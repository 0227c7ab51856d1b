package commands

import (
	"testing"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// TestStaffMe: an organiser and an arbiter who do not play ask /me in
// their private chats as the event goes on; each answer says their part,
// where the event stands and what to type next, in the asker's language
// (the arbiter reads English), and every hint in it works there (the
// hint-runner).
func TestStaffMe(t *testing.T) {
	h := newHarness(t)
	h.say("org", "/event new 春季赛 rounds 1")
	h.say("li", "你好") // seen in the group, so that @li names him
	must(t, h.say("org", "/arbiter add @li"), "裁判")
	h.dm("li", "/lang en")
	k := newHints(t, h)
	k.spoke("org")
	k.spoke("li")
	for _, step := range []struct {
		by      []string // what the organiser types in the group first
		org, li string
	}{
		{nil, "/signup open", "wait for an organiser to start it"},
		{[]string{"/signup open", "/player add 甲"}, "已有 1 名选手；至少 2 名才能开赛", "wait for an organiser"},
		{[]string{"/player add 乙"}, "准备好后输入 /start 开赛", "wait for an organiser"},
		{[]string{"/start"}, "用 /pair 编排第 1 轮", "pair round 1 with /pair"},
		{[]string{"/pair"}, "第 1 轮已编排，待公布：/publish", "round 1 is paired and waits to be published: /publish"},
		{[]string{"/publish"}, "还有 1 台没有结果（第 1 台），用 /result 台次 结果 录入", "enter them with /result BOARD RESULT"},
		{[]string{"/result 1 1-0"}, "全部对局已赛完：/finish 结束比赛", "every game is played; an organiser finishes the event"},
		{[]string{"/finish"}, "比赛已经结束，最终名次用 /standings 查看", "/standings shows the final standings"},
	} {
		for _, line := range step.by {
			h.say("org", line)
		}
		org, li := h.dm("org", "/me"), h.dm("li", "/me")
		must(t, org, "你是「春季赛」的组织者", step.org)
		must(t, li, "You are an arbiter of \"春季赛\"", step.li)
		languageRule(t, i18n.Zh, "/me (organiser)", org, []string{"春季赛"})
		languageRule(t, i18n.En, "/me (arbiter)", li, []string{"春季赛"})
		k.check(chat.Private("console", "org"), "org", org)
		k.check(chat.Private("console", "li"), "li", li)
	}
	must(t, h.dm("stranger", "/me"), "你还没有参加或负责任何比赛")
}
