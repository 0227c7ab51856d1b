package commands

import (
	"strings"
	"testing"
)

// TestQuotedNamesInLists: a quoted name is one name in every list a
// command takes — /team add "Intl Team" Tom "Alice Wu" adds Tom and Alice
// Wu to the team Intl Team, not "Alice" and "Wu".
func TestQuotedNamesInLists(t *testing.T) {
	s := newScript(t)
	must(t, s.say("org", "/event new Cup 团体赛 roundrobin"), "已创建团体赛")
	must(t, s.say("org", "/event set boards 3"), "已设置")
	s.say("org", "/signup open")
	must(t, s.say("cap", `/join "Li Ming"`), "报名成功")
	must(t, s.say("cap", `/team new "Intl Team"`), "你是队长")
	must(t, s.say("org", `/team add "Intl Team" Tom "Alice Wu"`), "加入")
	list := s.say("org", "/players")
	for _, name := range []string{"Li Ming", "Tom", "Alice Wu"} {
		if !strings.Contains(list, name) {
			t.Errorf("/players lacks %q:\n%s", name, list)
		}
	}
	if strings.Contains(list, "| Alice |") || strings.Contains(list, " Wu ") {
		t.Errorf("Alice Wu was entered as two players:\n%s", list)
	}
	must(t, s.say("org", "/teams"), "Alice Wu")
}

// TestPlayerByName: /player remove and /player edit take a name, quoted
// when it has a space, as well as a number.
func TestPlayerByName(t *testing.T) {
	s := newScript(t)
	must(t, s.say("org", "/event new 周赛"), "已创建")
	must(t, s.say("org", `/player add "Alice Wu"`), "已添加")
	must(t, s.say("org", "/player add Tom"), "已添加")
	must(t, s.say("org", `/player edit tom "Tom Li" 一中`), "已修改：2 Tom Li（一中）")
	must(t, s.say("org", `/player remove "alice wu"`), "已删除 1 号选手 Alice Wu")
	must(t, s.say("org", "/player remove Bob"), "没有叫「Bob」的选手")
	must(t, s.say("org", "/player remove 1"), "已删除 1 号选手 Tom Li")
}
