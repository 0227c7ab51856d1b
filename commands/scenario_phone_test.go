package commands

import (
	"testing"

	"github.com/qisai/qisai/internal/i18n"
)

// TestScenarioOrganiserPhone: a club evening run from the organiser's and
// the arbiter's phones. Two events run at once in the club's group; the
// club's arbiter, added for the first, runs the second too. In private,
// a staff command acts on the events the sender runs — with a button
// each where it could be either, or named by #名称 or as its last words —
// and /me says where each stands; the players answer with buttons. Every
// hint the bot gives is run where it is given (the hint-runner).
func TestScenarioOrganiserPhone(t *testing.T) {
	s := newScript(t)

	s.heading("快棋：俱乐部的裁判")
	s.say("org", "/event new 快棋赛 rounds 1")
	s.pinSeedOf("快棋赛", 3)
	s.say("ref", "我来当裁判")
	must(t, s.say("org", "/arbiter add @ref"), "俱乐部的裁判")
	s.say("org", "/signup open")
	for _, p := range []struct{ user, name string }{{"wang", "王五"}, {"zhao", "赵六"}, {"li", "李四"}, {"zhang", "张三"}} {
		s.say(p.user, "/join "+p.name)
	}
	s.say("org", "/start")

	s.heading("慢棋：同一个群，同一个裁判")
	must(t, s.say("org", "/event new 慢棋赛 rounds 1"), "已创建比赛「慢棋赛」")
	s.pinSeedOf("慢棋赛", 5)
	s.say("org", "/signup open #慢棋赛")
	s.say("chen", "/join 陈七 #慢棋赛")
	s.say("liu", "/join 刘八 #慢棋赛")
	s.say("org", "/start #慢棋赛")

	s.heading("组织者的私聊")
	r := s.dmButtons("org", "/me")
	if len(r.Buttons) != 2 {
		t.Fatalf("/me in private with two events: buttons %v, want one an event", r.Buttons)
	}
	must(t, s.dm("org", r.Buttons[0].Command), "快棋赛", "/pair")
	r = s.dmButtons("org", "/pair")
	if len(r.Buttons) != 2 {
		t.Fatalf("/pair in private with two events: buttons %v, want one an event", r.Buttons)
	}
	must(t, s.dm("org", r.Buttons[0].Command), "第1轮编排预览")
	must(t, s.dm("org", "/publish 快棋赛"), "已公布")
	wangWon := s.lastButton("wang", 0) // 我胜
	must(t, s.dm("ref", "/pair #慢棋赛"), "第1轮编排预览")
	must(t, s.dm("ref", "/publish #慢棋赛"), "已公布")
	liuDrew := s.lastButton("liu", 1) // 和棋

	s.heading("选手按按钮报告，组织者在私聊里录入、查看、结束")
	must(t, s.dm("wang", wangWon), "已报告")
	must(t, s.press("zhao", 0), "已确认") // 确认
	must(t, s.dm("liu", liuDrew), "已报告")
	must(t, s.press("chen", 0), "已确认")
	must(t, s.dm("org", "/result 2 1-0 #快棋赛"), "第 1 轮第 2 台：1-0")
	must(t, s.dm("org", "/standings 快棋赛"), "王五", "李四")
	must(t, s.dm("ref", "/me #慢棋赛"), "裁判", "全部对局已赛完，等组织者结束比赛")
	must(t, s.dm("org", "/finish 快棋赛"), "比赛已结束", "/standings #快棋赛")
	// The group's lines go to the one event left, as its finish said.
	must(t, s.say("liu", "/standings"), "刘八")
	// One event left unfinished: a line without a name acts on it.
	must(t, s.dm("ref", "/me"), "慢棋赛")
	must(t, s.dm("org", "/finish"), "比赛已结束")
	must(t, s.dm("org", "/events"), "你参加或负责的比赛", "快棋赛 — 已结束", "慢棋赛 — 已结束")
	en := s.run("org", "en", "/events", true).Text
	must(t, en, "The events you play in or run", "Add #NAME to a command")
	languageRule(t, i18n.En, "/events in English", en, []string{"快棋赛", "慢棋赛"})
	s.golden("organiser-phone.txt")
}
