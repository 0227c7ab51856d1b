package commands

import (
	"testing"
)

// TestStaffForTheSeason: the club's staff carry over. The first event's
// creator organises the group's next event, made by someone else, and the
// arbiter added in the first runs the second; an arbiter for one event
// only ("本赛") does not; /arbiter remove takes the club's arbiter away
// from every event.
func TestStaffForTheSeason(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("org", "/event new 春季赛"), "你也是这个群（俱乐部）的组织者")
	h.say("ref", "大家好")
	h.say("temp", "我来帮忙")
	must(t, h.say("org", "/arbiter add @ref"), "ref 现在是俱乐部的裁判")
	must(t, h.say("org", "/arbiter add @temp 本赛"), "temp 现在是本赛裁判")
	for _, p := range []string{"甲", "乙"} {
		h.say("org", "/player add "+p)
	}
	h.say("org", "/start")
	must(t, h.say("temp", "/pair"), "第1轮编排预览")
	h.say("ref", "/publish")
	h.say("ref", "/result 1 1-0")
	must(t, h.say("org", "/finish"), "最终")

	must(t, h.say("wang", "/event new 秋季赛"), "这个群（俱乐部）的组织者和裁判也管理本赛")
	must(t, h.say("org", "/signup open"), "报名已开放")
	must(t, h.say("ref", "/player add 丙"), "只有组织者")
	must(t, h.say("ref", "/log"), "操作记录")
	must(t, h.say("temp", "/log"), "只有组织者或裁判")

	must(t, h.say("org", "/arbiter remove @ref"), "ref 不再是裁判")
	must(t, h.say("ref", "/log"), "只有组织者或裁判")
	must(t, h.say("org", "/arbiter remove @ref"), "ref 不是本赛的裁判")
}
