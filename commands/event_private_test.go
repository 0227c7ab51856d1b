package commands

import "testing"

// TestPrivateEventLookup: a player's private chat finds their running
// event among finished ones; with none running, the last one played (a
// cancelled one was never played); a finished one by name. Wang enters
// each event under another name, which /me shows.
func TestPrivateEventLookup(t *testing.T) {
	h := newHarness(t)
	play := func(event, as string, finish bool) {
		h.say("org", "/event new "+event+" rounds 1")
		h.say("org", "/signup open")
		h.say("wang", "/join "+as)
		h.say("zhao", "/join 赵六")
		h.say("org", "/start")
		h.say("org", "/pair")
		h.say("org", "/publish")
		if finish {
			h.say("zhao", "/resign")
			h.say("org", "/finish")
		}
	}
	must(t, h.dm("wang", "/me"), "还没有参加或负责任何比赛")
	play("一月赛", "王一", true)
	play("二月赛", "王二", true)
	must(t, h.dm("wang", "/me"), "王二", "比赛已经结束")
	must(t, h.dm("wang", "/me #一月赛"), "王一")
	must(t, h.dm("wang", "/me #十月赛"), "没有叫「十月赛」的比赛", "一月赛、二月赛")

	h.say("org", "/event new 三月赛")
	h.say("org", "/signup open")
	h.say("wang", "/join 王三")
	h.say("org", "/event cancel confirm")
	must(t, h.dm("wang", "/me"), "王二") // not the cancelled 三月赛
	must(t, h.dm("wang", "/events"), "一月赛 — 已结束", "三月赛 — 已取消")

	play("四月赛", "王四", false)
	must(t, h.dm("wang", "/me"), "王四", "第 1 轮第 1 台")
}
