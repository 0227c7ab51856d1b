package commands

import "testing"

// R-TM-1, R-E-5: a sign-up on the way to a team is all or nothing. Before
// sign-up opens, /team join by a chat user enters nobody and asks no
// captain; a captain's /team new still registers the team, without them,
// and says why and what to type to play; a captain on the wait list is
// told to ask for their place once they play.
func TestTeamJoinAllOrNothing_R_TM_1(t *testing.T) {
	s := newScript(t)
	must(t, s.say("org", "/event new 团体赛一 团体赛 roundrobin"), "已创建团体赛")
	must(t, s.say("org", "/event set boards 2"), "台数 = 2")
	must(t, s.say("cap", "/team new 甲队"), "已注册队伍「甲队」", "你暂不上场", "/team join 甲队 名字")
	must(t, s.say("wang", "/team join 甲队"), "报名")
	st := s.state()
	if len(st.Event.Players) != 0 || len(st.Teams.Teams[0].Asking) != 0 {
		t.Errorf("before sign-up: players %v, asking %v; want none", st.Event.Players, st.Teams.Teams[0].Asking)
	}
	if len(s.last["dm:cap"]) != 0 {
		t.Errorf("the captain was asked: %v", s.last["dm:cap"])
	}
	must(t, s.say("org", "/event set max 2"), "人数上限 = 2")
	s.say("org", "/signup open")
	must(t, s.say("cap", "/team join 甲队"), "你已加入「甲队」，第 1 台") // the captain needs nobody's yes
	must(t, s.say("org", "/team add 甲队 钱七"), "加入")
	must(t, s.say("li", "/team new 乙队"), "候补", "成为正式选手后再输入 /team join 乙队")
	must(t, s.say("zhao", "/team join 乙队 赵六"), "候补", "成为正式选手后再输入 /team join 乙队")
	if st := s.state(); len(st.Teams.Teams[1].Members) != 0 || len(st.Teams.Teams[1].Asking) != 0 {
		t.Errorf("乙队 has %v and asking %v; want nobody while they wait", st.Teams.Teams[1].Members, st.Teams.Teams[1].Asking)
	}
}
