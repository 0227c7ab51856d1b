package commands

import (
	"strings"
	"testing"
)

// TestFullWidthNumbers: numbers typed on a Chinese keyboard in full width,
// and rounds and boards with their marks, read wherever a number is read.
func TestFullWidthNumbers(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil)
	must(t, h.say("org", "/event set 轮数 ７"), "已设置：轮数 = 7")
	must(t, h.say("org", "/event set 迟到 １５"), "已设置：迟到 = 15 分钟")
	e.start()
	must(t, h.say("org", "/result ５ １－０"), "没有第 5 台")
	must(t, h.say("org", "/result ２ １－０"), "第 1 轮第 2 台：", " 1-0 ", "裁判裁定")
	must(t, h.say("org", "/result 第２台 0-1 第１轮"), "第 1 轮第 2 台：", " 0-1 ", "原为 1-0")
	must(t, h.say("org", "/result B2 1/2 R1"), "第 1 轮第 2 台：", " 1/2 ", "原为 0-1")
	must(t, h.say("org", "/result board 2 1-0 round 1"), "第 1 轮第 2 台：", " 1-0 ", "原为 1/2")
	red, _ := e.board(1)
	foul := e.player[red]
	must(t, h.say("org", "/犯规 "+string(rune('０'+foul))), "犯规（本局第 1 次")
	must(t, h.say("org", "/犯规 "+string(rune('0'+foul))+"号"), "犯规（本局第 2 次")
	must(t, h.say("org", "/result 1 0-1"), "第 1 轮全部结束")
	h.say("org", "/pair")
	h.say("org", "/publish")
	for _, line := range []string{"/pairings 第2轮", "/pairings 2轮", "/pairings R2", "/pairings r2", "/pairings round 2", "/pairings ２", "/pairings 第二轮", "/pairings 第 2 轮"} {
		must(t, h.say("li", line), "第2轮对阵")
	}
	must(t, h.say("li", "/pairings 第1轮"), "第1轮对阵")
	must(t, h.say("li", "/pairings 第5台"), "轮次应是数字，如 2、第2轮，不是「第5台」")
	must(t, h.sendAs("li", "en", "/pairings 第5台").Text, `ROUND must be a number, as in 2, R2 or round 2, not "第5台"`)
	if st := e.state(); st.Event.Settings.Rounds != 7 {
		t.Errorf("rounds %d after /event set 轮数 ７, want 7", st.Event.Settings.Rounds)
	}
}

// TestOrdinals reads rounds and boards in their forms, and says how many
// words each took.
func TestOrdinals(t *testing.T) {
	for _, tt := range []struct {
		o     ordinal
		line  string
		want  string
		words int
	}{
		{roundNumber, "2", "2", 1}, {roundNumber, "２", "2", 1}, {roundNumber, "第2轮", "2", 1},
		{roundNumber, "2轮", "2", 1}, {roundNumber, "R2", "2", 1}, {roundNumber, "r12", "12", 1},
		{roundNumber, "Round 2", "2", 2}, {roundNumber, "round2", "2", 1}, {roundNumber, "第 2 轮", "2", 3},
		{roundNumber, "2 轮 图片", "2", 2}, {roundNumber, "第二轮", "2", 1}, {roundNumber, "第十轮", "10", 1},
		{roundNumber, "十二轮", "12", 1}, {roundNumber, "第二十三轮", "23", 1}, {roundNumber, "2 3", "2", 1},
		{roundNumber, "第5台", "", 0}, {roundNumber, "二", "", 0}, {roundNumber, "round", "", 0},
		{roundNumber, "第轮", "", 0}, {roundNumber, "十十轮", "", 0}, {roundNumber, "picture", "", 0},
		{boardNumber, "第5台", "5", 1}, {boardNumber, "5台", "5", 1}, {boardNumber, "B5", "5", 1},
		{boardNumber, "board 5", "5", 2}, {boardNumber, "第五台", "5", 1}, {boardNumber, "R5", "", 0},
		{playerNumber, "7号", "7", 1}, {playerNumber, "７", "7", 1}, {playerNumber, "七", "", 0},
	} {
		v, used, ok := tt.o.Read(strings.Fields(tt.line))
		if v != tt.want || used != tt.words || ok != (tt.words > 0) {
			t.Errorf("%q: %q, %d words, %v; want %q, %d words", tt.line, v, used, ok, tt.want, tt.words)
		}
	}
}
