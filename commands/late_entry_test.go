package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// fourStarted is an event made by line, set by the lines of set, that
// Zhang, Li, Wang and Zhao joined, started.
func fourStarted(t *testing.T, line string, set ...string) *script {
	t.Helper()
	s := newScript(t)
	must(t, s.say("org", line), "已创建")
	for _, l := range set {
		must(t, s.say("org", l), "已设置")
	}
	s.say("org", "/signup open")
	for _, u := range []string{"zhang", "li", "wang", "zhao"} {
		must(t, s.say(u, "/join "+strings.ToUpper(u[:1])+u[1:]), "报名成功")
	}
	must(t, s.say("org", "/start"), "开赛")
	return s
}

// lateEntryEvent is a Swiss of four players, started, round 1 published
// and decided, in the script's group, the event set by the lines given.
func lateEntryEvent(t *testing.T, set ...string) *script {
	t.Helper()
	s := fourStarted(t, "/event new 周赛 rounds 4", set...)
	s.say("org", "/pair")
	s.say("org", "/publish")
	for _, b := range openBoards(s.state().Event.Rounds[0]) {
		s.say("org", fmt.Sprintf("/result %d 1-0", b))
	}
	return s
}

// TestR_E_1_LateEntryFromTheChat: /player add after round 1 enters the
// player from round 2; the group is told what round 1 scores them; round
// 1 holds their missed round, scored as the event sets, and round 2
// pairs them.
func TestR_E_1_LateEntryFromTheChat(t *testing.T) {
	for _, c := range []struct {
		set   []string
		kind  engine.ByeKind
		worth string
	}{
		{nil, engine.LateZero, "0 分"},
		{[]string{"/event set 迟报分 和"}, engine.LateDraw, "1 分（和棋分）"},
	} {
		t.Run(c.worth, func(t *testing.T) {
			s := lateEntryEvent(t, c.set...)
			must(t, s.say("org", `/player add "Chen Qi" 一中`), "迟到报名：5 Chen Qi（一中） 从第 2 轮起参赛", "第 1 轮记 "+c.worth, "R-E-1")
			st := s.state()
			if !slices.Contains(st.Event.Rounds[0].Byes, engine.Bye{Player: 5, Kind: c.kind}) {
				t.Errorf("round 1's byes %+v, want player 5's missed round (%v)", st.Event.Rounds[0].Byes, c.kind)
			}
			s.say("org", "/pair")
			s.say("org", "/publish")
			rd := s.state().Event.Rounds[1]
			paired := slices.ContainsFunc(rd.Games, func(g engine.Game) bool { return g.Red == 5 || g.Black == 5 }) ||
				slices.ContainsFunc(rd.Byes, func(b engine.Bye) bool { return b.Player == 5 })
			if !paired {
				t.Errorf("round 2 leaves the late entrant out: %+v", rd)
			}
			must(t, s.say("org", `/player add "chen qi"`), "已经报名了")
			must(t, s.say("org", "/player add Dan"), "迟到报名：6 Dan 从第 3 轮起参赛", "第 1–2 轮各记 "+c.worth)
		})
	}
}

// TestR_E_1_LateEntryRefused: a round robin takes no late entry, and says
// why; nor does a Swiss whose last round is paired.
func TestR_E_1_LateEntryRefused(t *testing.T) {
	s := fourStarted(t, "/event new 循环 roundrobin")
	must(t, s.say("org", "/player add Chen"), "只有个人积分编排赛可以在开赛后报名", "R-E-1")

	s = fourStarted(t, "/event new 快棋 rounds 1")
	s.say("org", "/pair")
	s.say("org", "/publish")
	must(t, s.say("org", "/player add Chen"), "最后一轮（第 1 轮）已经编排")
}

// TestR_E_1_LateEntryLines: the late entry's lines in both languages,
// each in one language.
func TestR_E_1_LateEntryLines(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		s := lateEntryEvent(t)
		s.say("org", "/event set lang "+string(lang))
		s.dm("org", "/lang "+string(lang))
		said := []string{
			s.run("org", string(lang), "/player add Chen", false).Text,
			s.run("org", string(lang), "/player add Dan", false).Text,
			s.run("org", string(lang), "/event set late-entry half", false).Text,
		}
		for _, texts := range s.last {
			for _, m := range texts {
				said = append(said, m.Text)
			}
		}
		for _, text := range said {
			languageRule(t, lang, string(lang), text, []string{"Chen", "Dan", "周赛", "half"})
		}
		all := strings.Join(said, "\n")
		if lang == i18n.Zh {
			must(t, all, "迟到报名：5 Chen 从第 2 轮起参赛", "迟到报名：6 Dan 从第 2 轮起参赛", "迟报分应是 0 或 和")
		} else {
			must(t, all, "Late entry: 5 Chen plays from round 2; round 1, missed, scores 0 pts", "Late entry: 6 Dan plays from round 2", "late-entry is 0 or draw")
		}
	}
}

// TestR_E_1_EntryBeforeRoundOne: a player added after /start but before
// round 1 is paired misses nothing: they take the next number and play
// from round 1.
func TestR_E_1_EntryBeforeRoundOne(t *testing.T) {
	s := fourStarted(t, "/event new 周赛 rounds 3")
	must(t, s.say("org", "/player add Chen"), "开赛后报名：5 Chen 从第 1 轮起参赛")
	s.say("org", "/pair")
	s.say("org", "/publish")
	rd := s.state().Event.Rounds[0]
	if !slices.ContainsFunc(rd.Games, func(g engine.Game) bool { return g.Red == 5 || g.Black == 5 }) &&
		!slices.Contains(rd.Byes, engine.Bye{Player: 5, Kind: engine.PairingBye}) {
		t.Errorf("round 1 leaves player 5 out: %+v", rd)
	}
}

// TestR_E_1_LateEntryFromTheRoster: a roster member added after the start
// (R-E-1) enters as one added before it does (R-E-4): with the chat user
// linked to the member as the player, who gets the next round's private
// note and reports from it, and with the member's unit.
func TestR_E_1_LateEntryFromTheRoster(t *testing.T) {
	s := lateEntryEvent(t, "/event set seeding entered") // no lots: the transcript is the same every run
	must(t, s.say("chen", "/roster"), "")
	must(t, s.say("org", "/roster add 陈奇 一中"), "名册已添加：陈奇")
	must(t, s.say("org", "/roster link 陈奇 @chen"), "已关联")
	must(t, s.say("org", "/player add 陈奇"), "迟到报名：5 陈奇（一中） 从第 2 轮起参赛")
	s.say("org", "/pair")
	s.publishes("org", "/publish")
	notes := strings.Join(s.announced("dm:chen"), "\n")
	must(t, notes, "第 2 轮：你在第")
	st := s.state()
	board := 0
	for _, g := range st.Event.Rounds[1].Games {
		if g.Red == 5 || g.Black == 5 {
			board = g.Board
		}
	}
	if board == 0 {
		t.Fatalf("round 2 does not pair the late entrant: %+v", st.Event.Rounds[1])
	}
	must(t, s.dm("chen", "/report 胜"), "已报告", "负 陈奇", "等待 ")
	s.golden("late-roster.txt")
}
