package commands

import (
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
)

// The sign-up rules and the schedule of issue 27 (R-E-5, R-G-4), as a club
// runs a weekend event: a maximum of four with a wait list that moves up
// when a player leaves, a quota of two a unit, a deadline the scheduler
// keeps, a check-in before round 1 whose no-shows are removed at the start
// (one kept by the organiser), and rounds that start as the schedule says,
// reminded of before and forfeited for lateness after it.

// jump moves the clock by d with the scheduler not running, then ticks
// once: what the clock made due on the way is done at the tick.
func (s *script) jump(d time.Duration) {
	s.t.Helper()
	s.harness.advance(d)
	s.tick()
}

// TestScenarioSignup: the harness's clock starts on Sunday 1 March 2026 at
// 17:00 in UTC+8; the event is the next weekend's.
func TestScenarioSignup(t *testing.T) {
	s := newScript(t)
	s.heading("报名规则与赛程")
	must(t, s.say("org", "/event new 周末赛 swiss rounds 3"), "已创建比赛「周末赛」")
	s.pinSeed(5)
	must(t, s.say("org", "/event set max 4"), "人数上限 = 4")
	must(t, s.say("org", "/event set 每单位限报 2"), "每单位限报 = 每单位 2 人")
	must(t, s.say("org", "/event set 报名截止 周五 20:00"), "报名截止 = 3月6日（周五）20:00", "报名开放（/signup open）后，到时自动截止")
	must(t, s.say("org", "/event set checkin 30"), "签到 = 第 1 轮开始前 30 分钟开放", "第 1 轮还没有计划开始时间")
	must(t, s.say("org", "/schedule 1 周六 09:00, 2 14:00, 3 周日 9点"), "赛程已更新", "第 1 轮  3月7日（周六）09:00", "第 2 轮  3月7日（周六）14:00",
		"第 3 轮  3月8日（周日）09:00", "报名截止：3月6日（周五）20:00", "签到：3月7日（周六）08:30 开放（R-E-5）")
	must(t, s.say("org", "/schedule 2 3月6日 14:00"), "第 2 轮（2026-03-06 14:00）不在第 1 轮（2026-03-07 09:00）之后")
	must(t, s.say("wang", "/schedule 3 周日 10:00"), "只有组织者可以设定赛程")
	must(t, s.say("org", "/event set remind 15"), "提醒 = 开始前 15 分钟")
	must(t, s.say("org", "/event set late 15"), "迟到 = 15 分钟")
	must(t, s.say("org", "/signup open"), "报名已开放")

	s.heading("人数上限、每单位限报、候补")
	must(t, s.say("wang", "/join 王天一 一中"), "报名成功：王天一（一中），第 1 位")
	must(t, s.say("zhao", "/join 赵鑫鑫 一中"), "报名成功：赵鑫鑫（一中），第 2 位")
	must(t, s.say("li", "/join 李来群 一中"), "每单位限报 2 人：「一中」已有 王天一、赵鑫鑫（R-E-5）")
	must(t, s.say("li", "/join 李来群 二中"), "报名成功：李来群（二中），第 3 位")
	must(t, s.say("sun", "/join 孙勇征 三中"), "报名成功：孙勇征（三中），第 4 位")
	must(t, s.say("hong", "/join 洪智 三中"), "人数已满（上限 4 人）：洪智 列入候补，第 1 位")
	s.dm("lu", "/lang en")
	must(t, s.run("lu", "en", "/join 吕钦 四中", false).Text, "人数已满（上限 4 人）：吕钦 列入候补，第 2 位")
	must(t, s.say("xu", "/join 许银川 三中"), "每单位限报 2 人：「三中」已有 孙勇征、洪智（候补）（R-E-5）")
	must(t, s.say("org", "/players"), "候补（人数上限 4）：1 洪智、2 吕钦。")
	must(t, s.say("org", "/waitlist"), "1 洪智（三中）", "2 吕钦（四中）")
	must(t, s.dm("hong", "/me"), "你在「周末赛」的候补名单上，第 1 位（人数上限 4 人）")
	must(t, s.say("zhao", "/leave"), "已取消报名")
	s.exactly("group", "已取消报名。", "候补递补（R-E-5）：4 洪智。")
	s.exactly("dm:hong", "「周末赛」有了空位：你已从候补递补为正式选手（第 4 位）。比赛开始前可以用 /leave 取消。")
	must(t, s.dm("lu", "/me"), "You are on the wait list of \"周末赛\", place 1")

	s.heading("报名截止")
	s.jump(5*24*time.Hour + 3*time.Hour) // Friday 20:00
	s.exactly("group", "报名已截止（3月6日（周五）20:00，R-E-5）：4 名选手，候补 1 人。组织者仍可用 /player add 添加选手；准备好后输入 /start 开赛。")
	must(t, s.say("xu", "/join 许银川 五中"), "报名已于 3月6日（周五）20:00 截止（R-E-5）")
	must(t, s.say("org", "/signup open"), "报名已于 2026-03-06 20:00 截止", "/event set 报名截止 周六 12:00")
	must(t, s.dm("wang", "/here"), "签到 3月7日（周六）08:30 开放（第 1 轮 3月7日（周六）09:00 开始）")

	s.heading("签到")
	s.jump(12*time.Hour + 30*time.Minute) // Saturday 08:30
	must(t, strings.Join(s.announced("group"), "\n"), "开始签到（R-E-5）：「周末赛」第 1 轮 3月7日（周六）09:00 开始")
	must(t, strings.Join(s.announced("dm:lu"), "\n"), "Check-in for \"周末赛\" is open, and you are place 1 on the wait list")
	must(t, s.press("wang", 0), "已签到：「周末赛」第 1 轮 3月7日（周六）09:00 开始")
	must(t, s.say("li", "/here"), "已签到")
	must(t, s.dm("lu", "/here"), "Checked in (place 1 on the wait list)")
	must(t, s.say("li", "/签到"), "已经在 08:30 签到了")
	must(t, s.say("org", "/players"), "已签到 2/4 人。未签到：3 孙勇征、4 洪智。")
	must(t, s.say("org", "/start"), "2 名选手没有签到，开赛时将被移出（R-E-5）：3 孙勇征、4 洪智。", "已签到的候补按顺序递补：吕钦。", "/here 名字")
	if st := s.state(); st.Status == action.Running {
		t.Fatal("/start started the event before the organiser confirmed the removal")
	}
	must(t, s.say("org", "/here 洪智"), "已为 洪智 签到：开赛时保留")
	must(t, s.say("org", "/start 确认"), "未签到，已移出（R-E-5）：3 孙勇征。", "候补递补（R-E-5）：4 吕钦。", "「周末赛」开赛！4 名选手")
	must(t, strings.Join(s.announced("dm:sun"), "\n"), "你没有在「周末赛」开赛前签到，已被移出（R-E-5）")
	must(t, strings.Join(s.announced("dm:lu"), "\n"), "\"周末赛\" starts, and a player did not check in: you have moved up from the wait list")
	must(t, s.dm("sun", "/me"), "你还没有参加或负责任何比赛")
	must(t, s.say("org", "/event set max 8"), "比赛已经开始", "报名规则（人数上限、报名截止、每单位限报、签到）只在开赛前设定")

	s.heading("按赛程开始")
	must(t, s.say("org", "/pair"), "第1轮编排预览")
	must(t, s.say("org", "/publish"), "第 1 轮已公布", "开始时间：09:00（按赛程）")
	must(t, strings.Join(s.announced("group"), "\n"), "第1轮对阵", "开始时间：09:00（按赛程）")
	s.advance(15 * time.Minute) // 08:45: the reminder
	s.tick()
	must(t, strings.Join(s.announced("group"), "\n"), "提醒：第 1 轮将于 09:00 开始（还有 15 分钟）。", "09:15 前未签到（/here）判负（R-G-4）。")
	red, black := s.weekendBoard(1)
	must(t, s.say(red, "/here"), "已签到")
	must(t, s.say(black, "/here"), "已签到")
	red2, _ := s.weekendBoard(2)
	must(t, s.say(red2, "/here"), "已签到")
	s.advance(30 * time.Minute) // 09:15: board 2's black is late
	s.tick()
	// The forfeit shows in the round's message, edited in place.
	must(t, strings.Join(s.announced("group"), "\n"), "第1轮对阵", " +-")
	must(t, s.say(red, "/resign"), "第 1 轮全部结束")
	must(t, s.say("org", "/pair"), "第2轮编排预览")
	must(t, s.say("org", "/publish"), "第 2 轮已公布", "开始时间：14:00")
	must(t, strings.Join(s.announced("group"), "\n"), "第2轮对阵", "开始时间：14:00")
	if got, want := s.state().Play.Starts, time.Date(2026, 3, 7, 6, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("round 2 starts at %v, want the schedule's %v", got, want)
	}
	must(t, s.say("org", "/schedule"), "第 1 轮  3月7日（周六）09:00（已公布）", "第 2 轮  3月7日（周六）14:00（已公布）", "第 3 轮  3月8日（周日）09:00")
	s.golden("signup.txt")
}

// weekendBoard is the users of board b of the weekend event's current
// round, red's first.
func (s *script) weekendBoard(b int) (red, black string) {
	s.t.Helper()
	st := s.state()
	g := st.Event.Rounds[len(st.Event.Rounds)-1].Games[b-1]
	user := func(id int) string {
		for _, u := range []string{"wang", "li", "hong", "lu"} {
			if s.playerOf(u) == id {
				return u
			}
		}
		s.t.Fatalf("no user plays player %d", id)
		return ""
	}
	return user(g.Red), user(g.Black)
}
