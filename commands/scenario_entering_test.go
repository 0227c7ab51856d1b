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
	if len(r.Buttons) > 0 {
		var bs []string
		for _, b := range r.Buttons {
			bs = append(bs, b.Label+" → "+b.Command)
		}
		s.write("  ", "[buttons: "+strings.Join(bs, " | ")+"]")
	}
	return r
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
	s := newScript(t)
	s.heading("组织者录入的选手先认领")
	must(t, s.say("org", "/event new 周赛 rounds 3"), "已创建比赛「周赛」")
	s.pinSeed(5)
	must(t, s.say("org", "/event set seeding entered"), "报名顺序")
	s.say("org", "/player add 陈静")
	s.say("org", "/player add 王芳")
	s.say("org", "/player add 李娜")
	s.say("org", "/player add 赵磊")
	s.say("org", "/start")
	s.say("org", "/pair")
	s.say("org", "/publish")
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
