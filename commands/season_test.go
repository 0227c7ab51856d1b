package commands

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/storage"
)

// The season of issue 10: one club group over several events — the
// spring event runs and finishes and stays readable, the next starts in
// the same chat, a students' and a teachers' section run at once
// (commands by name, /event use, /events, an ambiguous line answered), a
// roster the organiser entered (seeded by rating) and claimed by its
// players, who then play as anybody who joined.

// pinSeedOf fixes the seed of the group's event called name (pinSeed's,
// for an event that need not be the current one).
func (s *script) pinSeedOf(name string, seed uint64) {
	s.t.Helper()
	ctx := context.Background()
	evs, err := s.store.ChatEvents(ctx, s.group)
	if err != nil {
		s.t.Fatal(err)
	}
	for _, e := range evs {
		if e.Name != name {
			continue
		}
		st, err := s.store.Load(ctx, e.ID)
		if err != nil {
			s.t.Fatal(err)
		}
		set := st.Event.Settings
		set.Seed = seed
		if _, err := s.store.Update(ctx, e.ID, action.Actor{Platform: "console", User: "org"}, "",
			func(ch *storage.Change) error { return ch.Append(&action.SettingsChanged{Settings: set}) }); err != nil {
			s.t.Fatal(err)
		}
		s.note("test: the seed of %s pinned to %d", name, seed)
		return
	}
	s.t.Fatalf("the group has no event %s", name)
}

// dmButtons is dm that writes the reply's buttons down too.
func (s *script) dmButtons(user, text string) Reply {
	s.t.Helper()
	r := s.run(user, "zh", text, true)
	s.writeButtons(r)
	return r
}

// writeButtons writes down the buttons of reply r, if it has any.
func (s *script) writeButtons(r Reply) {
	if len(r.Buttons) > 0 {
		var bs []string
		for _, b := range r.Buttons {
			bs = append(bs, b.Label+" → "+b.Command)
		}
		fmt.Fprintf(&s.out, "  [buttons: %s]\n", strings.Join(bs, " | "))
	}
}

// lastButton is the command of button i of the last private message the
// last step sent user.
func (s *script) lastButton(user string, i int) string {
	s.t.Helper()
	ms := s.last["dm:"+user]
	if len(ms) == 0 || len(ms[len(ms)-1].Buttons) <= i {
		s.t.Fatalf("no button %d in %s's last private message: %v", i, user, ms)
	}
	return ms[len(ms)-1].Buttons[i].Command
}

// press is user pressing button i of the last private message the last
// step sent them.
func (s *script) press(user string, i int) string {
	s.t.Helper()
	return s.dm(user, s.lastButton(user, i))
}

func TestScenarioSeason(t *testing.T) {
	s := newScript(t)

	s.heading("春季赛：开赛、结束")
	must(t, s.say("org", "/event new 春季赛 rounds 1"), "已创建比赛「春季赛」")
	s.pinSeedOf("春季赛", 3)
	must(t, s.say("org", "/event set seeding entered"), "序号 = 报名顺序")
	s.say("org", "/signup open")
	s.say("wang", "/join 王五 一中")
	s.say("zhao", "/join 赵六 二中")
	must(t, s.say("org", "/players"), "报名", "王五", "✓")
	s.say("org", "/start")
	must(t, s.say("org", "/players"), "序号", "进行中")
	s.say("org", "/pair")
	s.say("org", "/publish")
	s.say("zhao", "/resign")
	must(t, s.say("org", "/finish"), "春季赛")
	must(t, s.say("org", "/standings"), "王五")

	s.heading("学生组：同一个群里的下一场")
	must(t, s.say("org", "/event new 学生组 rounds 1"), "已创建比赛「学生组」")
	s.pinSeedOf("学生组", 5)
	must(t, s.say("org", "/events"), "春季赛 — 已结束", "学生组 — 准备中（当前）")
	must(t, s.say("wang", "/standings #春季赛"), "王五")
	must(t, s.say("wang", "/crosstable #春季赛"), "赵六")
	if r := s.run("wang", "zh", "/export trf #春季赛", false); r.File == nil || !strings.Contains(string(r.File.Data), "王五") {
		t.Errorf("/export trf #春季赛: %q, file %v; want the finished event's TRF", r.Text, r.File)
	} else {
		s.note("the reply's file: %s", r.File.Name)
	}
	must(t, s.say("wang", "/standings"), "还没有")
	must(t, s.say("org", "/event new 春季赛"), "已经有叫「春季赛」的比赛")
	must(t, s.say("org", "/event set 序号 等级分"), "序号 = 等级分")
	must(t, s.say("org", "/event set late 15"), "15")
	for _, p := range []string{"小明 一中 1500", "小红 二中 1800", "小刚 一中 1600", "小丽 三中 1200"} {
		s.say("org", "/player add "+p)
	}
	// The organiser typed the roster in; its players claim their entries.
	must(t, s.say("xm", "/claim 小明"), "已请组织者确认")
	s.press("org", 0)
	// Two claim one entry: the organiser confirms one, and the other's
	// button is refused.
	must(t, s.say("xl", "/claim 4"), "已请组织者确认")
	xlButton := s.lastButton("org", 0)
	must(t, s.say("lin", "/claim 4"), "已请组织者确认")
	linButton := s.lastButton("org", 0)
	must(t, s.dm("org", xlButton), "已关联")
	must(t, s.dm("org", linButton), "已经有聊天用户")
	must(t, s.say("lin", "/claim 小丽"), "已请组织者确认") // R-E-4: the organisers decide
	must(t, s.press("org", 1), "已拒绝这次认领")
	must(t, s.say("xm", "/claim 小刚"), "已经是本赛的 小明")
	must(t, s.say("org", "/player link 小刚 @xg"), "已关联")
	must(t, s.say("org", "/player link 小红 @xg"), "已经是本赛的 小刚")
	s.say("org", "/signup open")
	s.say("wang", "/join 王五 一中")
	s.say("zhao", "/join 赵六 二中")

	s.heading("教师组：与学生组同时进行")
	must(t, s.say("tch", "/event new 教师组 rounds 1"), "还有未结束的比赛：学生组", "#教师组")
	s.pinSeedOf("教师组", 7)
	// Each organiser's commands go to the one section they run.
	must(t, s.say("tch", "/signup open"), "报名已开放")
	must(t, s.say("org", "/pair"), "比赛还没有开始") // 学生组's: org runs it alone
	// A member's line could be about either: named, or answered.
	must(t, s.say("lin", "/players"), "2 个未结束的比赛：学生组、教师组", "/players #学生组", "/event use")
	must(t, s.say("lin", "/players #教师组"), "还没有选手")
	must(t, s.say("lin", "/standings #秋季赛"), "没有叫「秋季赛」的比赛", "春季赛、学生组、教师组")
	// wang plays in both (a student who also teaches): /join names one.
	must(t, s.say("wang", "/join 王老师"), "2 个未结束的比赛")
	must(t, s.say("wang", "/join 王老师 #教师组"), "报名成功")
	must(t, s.say("lin", "/event use 教师组"), "只有「教师组」的组织者或裁判")
	must(t, s.say("tch", "/event use 教师组"), "当前比赛现在是「教师组」")
	must(t, s.say("li", "/join 李老师"), "报名成功")
	must(t, s.say("lin", "/players"), "王老师", "李老师")
	must(t, s.say("org", "/events"), "学生组 — 报名中", "教师组 — 报名中（当前）")

	s.heading("两个组开赛：学生组按等级分排序号")
	must(t, s.say("org", "/start"), "小红")
	s.say("org", "/players #学生组")
	s.say("org", "/pair")
	s.say("org", "/publish")
	s.say("tch", "/start")
	s.say("tch", "/pair")
	s.say("tch", "/publish")
	must(t, s.say("org", "/player add 小强 #学生组"), "迟到报名的选手没有可下的轮次了")
	must(t, s.say("xh", "/claim 小红 #学生组"), "已请组织者确认你认领 1 小红")
	// R-G-4: the clock forfeits only late players who could check in.
	for _, u := range []string{"zhao", "xg", "xm", "xl"} {
		must(t, s.say(u, "/here"), "已签到")
	}
	s.advance(16 * time.Minute)
	s.tick() // board 1: both late, but 小红 has no user: the clock decides nothing there
	must(t, s.say("org", "/here 小红"), "已为 小红 签到")
	s.tick() // checked in after the limit, 小红 is late still: the arbiter decides
	must(t, s.say("wang", "/resign #学生组"), "你已认输")
	// The players who claimed their entries play as anybody who joined.
	must(t, s.say("xm", "/report win"), "等待 小丽 确认")
	must(t, s.dm("xl", "/confirm"), "已确认")

	s.heading("王五在两个进行中的比赛里：私聊里用按钮问是哪一个")
	r := s.dmButtons("wang", "/me")
	must(t, r.Text, "2 个进行中的比赛", "学生组", "教师组")
	if len(r.Buttons) != 2 {
		t.Fatalf("buttons %v, want one an event", r.Buttons)
	}
	must(t, s.dm("wang", r.Buttons[1].Command), "王老师")
	// In the group, a player's line goes to the one event they play in
	// (li's); wang plays in both, so his goes to the current one, 教师组,
	// unless it names the other.
	s.say("li", "/resign")
	must(t, s.say("wang", "/resign"), "已有结果")
	s.say("org", "/result 2 1-0")
	// The finished section's chat passes on to the one still running, and
	// says so; /events and a line without #NAME agree on it.
	must(t, s.say("tch", "/finish"), "教师组", "当前比赛现在是「学生组」")
	must(t, s.say("org", "/events"), "学生组 — 进行中（当前）", "教师组 — 已结束")
	must(t, s.say("lin", "/standings"), "小红")
	s.say("org", "/finish")
	must(t, s.say("org", "/events"), "学生组 — 已结束（当前）", "教师组 — 已结束")
	must(t, s.say("lin", "/standings"), "小红")
	must(t, s.say("lin", "/standings #教师组"), "李老师")
	s.golden("season.txt")
}
