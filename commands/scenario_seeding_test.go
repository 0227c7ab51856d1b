package commands

import (
	"fmt"
	"strings"
	"testing"
)

// schoolField are six players rated 1800 down to 1550, two a school, the
// two strongest of one school: console user, name, unit, rating.
var schoolField = []struct {
	user, name, unit string
	rating           int
}{
	{"zw", "张伟", "一中", 1800}, {"lm", "李明", "一中", 1750}, {"wq", "王强", "二中", 1700},
	{"zl", "赵磊", "二中", 1650}, {"yf", "杨帆", "三中", 1600}, {"cj", "陈静", "三中", 1550},
}

// enterSchools has the organiser enter schoolField.
func enterSchools(s *script) {
	for _, p := range schoolField {
		s.say("org", fmt.Sprintf("/player add %s %s %d", p.name, p.unit, p.rating))
	}
}

// TestScenarioKnockoutSeeding_R_SW_1: a rated knockout seeds by rating by
// default, so the two strongest have the byes of a six-player bracket;
// the numbers spread 一中 over the halves by moving its weaker player, not
// the favourite, and the start says units changed the order (R-SW-1,
// R-F-4).
func TestScenarioKnockoutSeeding_R_SW_1(t *testing.T) {
	s := newScript(t)
	s.heading("淘汰赛")
	s.say("org", "/event new 校际杯 淘汰赛")
	s.pinSeed(5)
	enterSchools(s)
	must(t, s.say("org", "/event set"), "种子排序 = 等级分")
	started := s.say("org", "/start")
	must(t, started, "同单位分开（R-SW-1）：为把一中、三中的选手分到上下两个半区", "杨帆（三中）由 5 号改为 2 号、李明（一中）由 2 号改为 5 号", "同单位选手之间的先后不变")
	if i, j := strings.Index(started, "张伟"), strings.Index(started, "李明"); i < 0 || j < i {
		t.Errorf("the start lists 李明 above 张伟:\n%s", started)
	}
	if p := s.state().Event.Players[0]; p.Name != "张伟" {
		t.Errorf("number 1 is %s, want 张伟 (1800)", p.Name)
	}
	must(t, s.say("org", "/pair"), "轮空直接晋级（R-F-4）：M1 张伟", "李明")
	s.say("org", "/publish")
	for _, g := range s.state().Event.Rounds[0].Games {
		for _, p := range []int{g.Red, g.Black} {
			if n := playerName(&s.state().Event, p); n == "张伟" || n == "李明" {
				t.Errorf("%s plays round 1, want a bye for the two strongest", n)
			}
		}
	}

	s.heading("积分编排")
	s.say("org", "/event new 校际积分赛")
	s.say("org", "/event use 校际积分赛")
	s.pinSeed(5)
	enterSchools(s)
	must(t, s.say("org", "/start"), "为把一中、三中的选手分到上下两个半区", "李明（一中）由 2 号改为 5 号")
	for i, want := range []string{"张伟", "杨帆", "王强", "赵磊", "李明", "陈静"} {
		if got := s.state().Event.Players[i].Name; got != want {
			t.Errorf("Swiss number %d is %s, want %s (一中's weaker player moves down)", i+1, got, want)
		}
	}

	s.golden("knockout-seeding.txt")
}

// TestScenarioKnockoutSeedingEnglish_R_SW_1: an English event's start says
// in English which units the numbers spread and whom they moved.
func TestScenarioKnockoutSeedingEnglish_R_SW_1(t *testing.T) {
	s := newScript(t)
	en := func(line string) string { t.Helper(); return s.run("org", "en", line, false).Text }
	must(t, en("/event new Schools Cup knockout"), "Created the event")
	s.pinSeed(5)
	for _, p := range schoolField {
		en(fmt.Sprintf("/player add %s %s %d", p.name, p.unit, p.rating))
	}
	must(t, en("/start"), "Units spread (R-SW-1): to put the players of 一中, 三中 in both halves, numbers changed:",
		"杨帆 (三中) from 5 to 2, 李明 (一中) from 2 to 5; team-mates keep their order.")
	s.golden("knockout-seeding-en.txt")
}
