package commands

import (
	"strings"
	"testing"
)

// Entering players from phones (issue 25): a player the organiser entered
// who acts before claiming is told to claim (R-E-4), and /undo alone asks
// before it undoes the last step and then says where the event stands.

// sayButtons is say that writes down the reply's buttons too, and returns
// the reply.
func (s *script) sayButtons(user, text string) Reply {
	s.t.Helper()
	r := s.run(user, "zh", text, false)
	s.writeButtons(r)
	return r
}

// enteringScript starts a transcript under heading with the event create
// makes, its lots pinned and its players numbered as entered.
func enteringScript(t *testing.T, heading, create string) *script {
	t.Helper()
	s := newScript(t)
	s.heading(heading)
	must(t, s.say("org", create), "已创建")
	s.pinSeed(5)
	must(t, s.say("org", "/event set seeding entered"), "报名顺序")
	return s
}

// pressIn is user pressing button i of reply r, which came to them alone.
func (s *script) pressIn(user string, r Reply, i int) string {
	s.t.Helper()
	if len(r.Buttons) <= i {
		s.t.Fatalf("no button %d in %q", i, r.Text)
	}
	return s.dm(user, r.Buttons[i].Command)
}

func TestScenarioEnteringClaimAndUndo(t *testing.T) {
	s := enteringScript(t, "组织者录入的选手先认领", "/event new 周赛 rounds 3")
	for _, line := range []string{"/player add 陈静", "/player add 王芳", "/player add 李娜", "/player add 赵磊", "/start", "/pair", "/publish"} {
		s.say("org", line)
	}
	must(t, s.say("陈静", "/report 胜"), "你还没有认领选手；如果你是 陈静，输入 /claim 陈静")
	must(t, s.say("陈静", "/me"), "/claim 陈静")
	must(t, s.say("陈静", "/claim 陈静"), "已请组织者确认你认领 1 陈静")
	must(t, s.press("org", 0), "已关联")
	must(t, s.say("陈静", "/report 胜"), "等待")
	must(t, s.say("stranger", "/report 胜"), "只有本赛选手才能这样做", "/claim")

	s.heading("/undo 单独输入：先确认，再说明现在的状态")
	r := s.sayButtons("org", "/undo")
	must(t, r.Text, "要撤销最后一步吗？", "陈静 报告第 1 台")
	if !r.Private {
		t.Errorf("the question %q is said to the group", r.Text)
	}
	must(t, s.pressIn("org", r, 1), "没有撤销")
	must(t, s.say("org", "/result 1 1-0"), "已记录第 1 轮第 1 台")
	r = s.sayButtons("org", "/undo")
	must(t, r.Text, "第 1 轮第 1 台结果 1-0")
	must(t, s.pressIn("org", r, 0), "已撤销", "现在：第 1 轮还有 2 台没有结果")
	r = s.sayButtons("org", "/undo")
	must(t, r.Text, "陈静 报告第 1 台") // the step before the one undone
	must(t, s.run("org", "en", "/undo", false).Text, "Undo the last step?")
	must(t, s.pressIn("org", r, 0), "已撤销")
	r = s.sayButtons("org", "/undo")
	must(t, s.pressIn("org", r, 0), "已撤销", "现在：")
	must(t, s.say("wang", "/undo"), "只有组织者")
	s.golden("entering-claim-undo.txt")
}

// Teams from phones (R-TM-1): a captain who has not joined registers a
// team and plays on its board 1; another says 不上场; a chat user who has
// not joined asks to join a team and is signed up on the way, the captain
// accepts by button and both are told; a player of one team who registers
// another captains it without playing; /start refuses a team with nobody,
// then asks about a short one before forfeiting its empty board.
func TestScenarioEnteringTeams(t *testing.T) {
	s := enteringScript(t, "队长注册队伍并上场", "/event new 团体周赛 团体赛 roundrobin")
	must(t, s.say("org", "/event set boards 2"), "台数 = 2")
	s.say("org", "/signup open")
	must(t, s.say("张伟", "/team new 甲队"), "你是队长", "报名成功：张伟", "你是第 1 台", "/team remove 甲队 张伟")
	must(t, s.say("李娜", "/team new 乙队 不上场"), "你是队长", "你不上场", "/team join 乙队")
	must(t, s.say("org", "/team new 丙队"), "你是组织者", "/team join 丙队")

	s.heading("聊天用户直接申请入队：先报名，再等队长确认")
	must(t, s.say("王芳", "/team join 甲队"), "报名成功：王芳", "已请「甲队」的队长确认")
	must(t, s.press("张伟", 0), "王芳 已加入「甲队」")
	must(t, s.say("赵磊", "/team join 乙队 赵磊磊"), "报名成功：赵磊磊", "已请「乙队」的队长确认")
	must(t, s.press("李娜", 1), "已拒绝 赵磊磊 入队")
	must(t, s.say("赵磊", "/team join 乙队"), "已请「乙队」的队长确认")
	must(t, s.press("李娜", 0), "赵磊磊 已加入「乙队」")
	must(t, s.say("王芳", "/team new 丁队"), "你已是「甲队」的队员", "只当队长")
	must(t, s.say("org", "/team delete 丁队"), "已删除队伍「丁队」")

	s.heading("开赛：空队不能开赛，缺人的队先确认")
	must(t, s.say("org", "/start"), "「丙队」还没有队员", "/team add 丙队", "/team delete 丙队")
	must(t, s.say("org", "/team add 丙队 陈静"), "加入")
	r := s.sayButtons("org", "/start")
	must(t, r.Text, "「乙队」1 人，缺 1 人（第 2 台）", "「丙队」1 人，缺 1 人（第 2 台）", "每场判负")
	must(t, s.pressIn("org", r, 0), "已开赛")
	s.golden("entering-teams.txt")
}

// Two people of one name (R-E-4): a name another user holds is refused
// with /claim and a distinguishing form (with the joiner's unit); both
// enter as 张伟 and 张伟(二中) and are listed so; a bare name that fits two
// players is asked about; a name taken by the wrong user is claimed by
// its bearer, the organiser confirms, and the one who held it is told.
func TestScenarioEnteringSameNames(t *testing.T) {
	s := enteringScript(t, "同名选手", "/event new 同名赛 rounds 3")
	s.say("org", "/signup open")
	must(t, s.say("wang", "/join 张伟 一中"), "报名成功：张伟（一中），第 1 位")
	must(t, s.say("li", "/join 张伟 二中"), "「张伟」已经是另一位用户报名的 1 号", "/claim 张伟", "/join 张伟(二中)")
	must(t, s.say("li", "/join 张伟(二中) 二中"), "报名成功：张伟(二中)（二中），第 2 位")
	must(t, s.say("org", "/players"), "张伟(二中)")
	must(t, s.say("org", "/player add 李明(一中)"), "已添加选手")
	must(t, s.say("org", "/player add 李明(二中)"), "已添加选手")
	must(t, s.say("org", "/player remove 李明"), "有 2 名选手叫「李明」", "3 李明(一中)", "4 李明(二中)")
	must(t, s.say("org", "/player remove 李明(二中)"), "已删除 4 号选手 李明(二中)")
	must(t, s.say("org", "/player edit 李明 李明(一中) 一中"), "已修改：3 李明(一中)（一中）")
	must(t, s.say("org", "/player remove 张伟"), "有 2 名选手叫「张伟」", "如 2 或 张伟(二中)")

	s.heading("名字被别人占用：本人认领，组织者确认")
	must(t, s.say("fake", "/join 陈静"), "报名成功：陈静")
	must(t, s.say("陈静", "/join 陈静"), "「陈静」已经是另一位用户报名的", "/claim 陈静")
	must(t, s.say("陈静", "/claim 陈静"), "已请组织者确认你认领")
	must(t, s.press("org", 0), "已关联：用户 陈静 现在是")
	must(t, s.dm("fake", "/me"), "还没有参加")
	must(t, s.say("陈静", "/me"), "陈静")
	s.golden("entering-same-names.txt")
}

// TestEnteringInEnglish: the entering lines in an English event, each in
// English alone (names typed by the users aside, which are ASCII here).
func TestEnteringInEnglish(t *testing.T) {
	s := newScript(t)
	en := func(user, text string) Reply {
		t.Helper()
		r := s.run(user, "en", text, false)
		if cjk(r.Text) || cjk(strings.Join(func() []string {
			var ls []string
			for _, b := range r.Buttons {
				ls = append(ls, b.Label)
			}
			return ls
		}(), " ")) {
			t.Errorf("%s: %s → %q has Chinese", user, text, r.Text)
		}
		return r
	}
	must(t, en("org", "/event new Cup teams roundrobin").Text, "Cup")
	s.pinSeed(5)
	en("org", "/event set boards 2")
	en("org", "/signup open")
	must(t, en("ann", "/team new Reds").Text, "Joined: ann", "You are its board 1", "/team remove Reds ann")
	must(t, en("bob", "/team new Blues no-play").Text, "You do not play", "/team join Blues")
	must(t, en("cat", "/team join Reds Cathy").Text, "Joined: Cathy", "Asked the captain of \"Reds\"")
	must(t, s.run("ann", "en", s.lastButton("ann", 0), true).Text, "Cathy is in team \"Reds\"")
	must(t, en("dan", "/join ann").Text, "\"ann\" is number 1, entered by another user", "/claim ann", "/join ann(UNIT)")
	must(t, en("org", "/start").Text, "\"Blues\" has no players yet", "/team add Blues", "/team delete Blues")
	en("org", "/team add Blues Eve")
	r := en("org", "/start")
	must(t, r.Text, "\"Blues\" has 1, 1 short (board 2)", "/start confirm")
	must(t, en("org", "/undo").Text, "Undo the last step?", "added 1 players to team 2")
}
