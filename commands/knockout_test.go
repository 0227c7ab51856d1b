package commands

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/testpainter"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// koEvent is a harness with a knockout of n players (numbered as entered:
// 1 is the top seed), started.
func koEvent(t *testing.T, n int, settings ...string) *harness {
	t.Helper()
	h := newHarness(t)
	must(t, h.say("org", "/event new 杯赛 knockout"), "已创建")
	for _, s := range append([]string{"numbering entered"}, settings...) {
		must(t, h.say("org", "/event set "+s), "已设置")
	}
	for i := range n {
		must(t, h.say("org", fmt.Sprintf("/player add P%d", i+1)), "P")
	}
	must(t, h.say("org", "/start"), "开赛")
	return h
}

// koRound pairs and publishes a round and sets every game: the lower
// number wins.
func koRound(t *testing.T, h *harness) {
	t.Helper()
	must(t, h.say("org", "/pair"), "预览")
	must(t, h.say("org", "/publish"), "对阵")
	st := h.state()
	rd := st.Event.Rounds[len(st.Event.Rounds)-1]
	for _, g := range rd.Games {
		code := "1-0"
		if g.Black < g.Red {
			code = "0-1"
		}
		recorded(t, h.say("org", fmt.Sprintf("/result %d %s", g.Board, code)))
	}
}

// The settings of a staged event, refused where they cannot be, and a
// Swiss again with format (R-F-4..6).
func TestStagedSettings(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("org", "/event new 春季赛"), "已创建")
	must(t, h.say("org", "/event set match bo3"), "先设赛制")
	must(t, h.say("org", "/event set format 淘汰赛"), "赛制 = 淘汰赛")
	for _, tt := range []struct{ set, want string }{
		{"match 0", "局制 不能设为「0」"},
		{"tie chess", "加赛规则 不能设为「chess」"},
		{"stages 淘汰 > 积分 5", "淘汰赛之后还有阶段时，请写出淘汰赛的轮数"},
		{"stages 积分 5", "积分编排阶段只能接在淘汰赛之后"},
		{"stages 淘汰 >", "阶段不能设为"},
		{"groups 4", "没有分组阶段"},
	} {
		must(t, h.say("org", "/event set "+tt.set), tt.want)
	}
	must(t, h.say("org", "/event set stages 淘汰 1 > 积分 5"), "阶段 = 淘汰 1轮 > 积分 5轮")
	must(t, h.say("org", "/event set match 五局三胜"), "局制 = 五局三胜")
	must(t, h.say("org", "/event set tie 加时赛、快棋，抽签"), "加赛规则 = 加时赛，快棋，抽签")
	if m := h.state().Stages.Plan.Match; m.Games != 5 || !m.BestOf || len(m.Tie) != 3 || m.Tie[2] != engine.TieLots {
		t.Errorf("match = %+v", m)
	}
	must(t, h.say("org", "/event set rounds 5"), "轮数由阶段决定")
	must(t, h.say("org", "/event set format swiss"), "赛制 = 积分编排")
	if st := h.state(); st.Stages != nil || st.Event.Settings.Rounds != 7 {
		t.Errorf("a Swiss again: stages %v, %d rounds; want none and /event new's 7", st.Stages, st.Event.Settings.Rounds)
	}
	must(t, h.say("org", "/event set format chess"), "赛制 不能设为「chess」", "淘汰赛|双淘汰|分组循环")
}

// R-F-4: /pair refuses while games are open, naming their matches.
func TestPairNamesOpenMatches_R_F_4(t *testing.T) {
	h := koEvent(t, 4)
	must(t, h.say("org", "/pair"), "M1 第 1 局", "M2 第 1 局")
	must(t, h.say("org", "/swap 1 2"), "R-F-4")
	must(t, h.say("org", "/publish"), "对阵")
	must(t, h.say("org", "/pair"), "第 1 轮还有 2 场没有结果", "第 1 台（M1 第 1 局）")
	must(t, h.say("org", "/event set format swiss"), "比赛已经开始")
}

// R-F-4: a correction that changes a played final's players asks first
// (a button), then strikes the final out to be played again; undoing the
// semi-final's result instead is refused.
func TestCorrectionAsks_R_F_4(t *testing.T) {
	h := koEvent(t, 4)
	koRound(t, h) // 1 beats 4, 2 beats 3
	koRound(t, h) // 1 beats 2
	st := h.state()
	var seq int64
	for _, r := range mustLog(t, h) {
		if a, ok := r.Action.(*action.ResultSet); ok && a.Round == 1 && a.Board == 1 {
			seq = r.Seq
		}
	}
	must(t, h.say("org", fmt.Sprintf("/undo %d", seq)), "会改变已进行的 M3 的对阵", "/result")
	r := h.send("org", "/result 1 0-1 1", false)
	must(t, r.Text, "会改变已进行的 M3 的对阵", "/result 1 0-1 1 confirm")
	if len(r.Buttons) != 1 || r.Buttons[0].Command != "/result 1 0-1 1 confirm" {
		t.Errorf("buttons %+v, want one that confirms", r.Buttons)
	}
	if g := h.state().Event.Rounds[0].Games[0]; g.Result != st.Event.Rounds[0].Games[0].Result {
		t.Fatal("asking changed the result")
	}
	must(t, h.say("org", "/result 1 0-1 1 confirm"), "对阵随之更新", "M3 的对局作废（R-F-4），由下一次 /pair 重新编排。")
	if g := h.state().Event.Rounds[1].Games[0]; !g.Void {
		t.Errorf("the final %+v was not struck out", g)
	}
	must(t, h.say("org", "/pair"), "M3 第 1 局：红 P4 — 黑 P2")
}

func mustLog(t *testing.T, h *harness) []action.Record {
	t.Helper()
	log, err := h.store.Log(t.Context(), h.eventID(), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	return log
}

// R-F-6: the standings while a knockout runs say who is still in and who
// went out in which round.
func TestStandingsMidEvent_R_F_6(t *testing.T) {
	h := koEvent(t, 8)
	koRound(t, h)
	text := h.say("hu", "/standings")
	must(t, text, "仍在比赛（4 人）：P1、P2、P3、P4", "第 1 轮 淘汰：")
	if strings.Contains(text, "最终") {
		t.Errorf("a final ranking mid-event: %s", text)
	}
}

// /bracket picture draws the bracket (picture.Painter.Bracket) as PNG
// pages named after the event; /standings picture draws the final
// ranking.
func TestBracketPicture(t *testing.T) {
	h := koEvent(t, 6)
	h.withPainter(testpainter.Open(t))
	koRound(t, h)
	r := h.send("hu", "/bracket 图片", false)
	if r.File == nil || !strings.HasSuffix(r.File.Name, ".png") || !bytes.HasPrefix(r.File.Data, []byte("\x89PNG")) {
		t.Fatalf("/bracket picture = %q with file %+v, want a PNG", r.Text, r.File)
	}
	must(t, r.Text, "对阵表：图片")
	h.advance(pictureSpacing) // a player's pictures in a group: once a minute
	must(t, h.say("hu", "/standings 图片"), "暂定名次（比赛进行中）")
	koRound(t, h)
	koRound(t, h)
	h.advance(pictureSpacing)
	if r := h.send("hu", "/standings 图片", false); r.File == nil || !bytes.HasPrefix(r.File.Data, []byte("\x89PNG")) {
		t.Errorf("/standings picture of a finished knockout = %q, want a PNG", r.Text)
	}
}

// koPlay plays rounds (the lower number wins) until every match is
// played, and returns the final ranking's names in order.
func koPlay(t *testing.T, h *harness) []string {
	t.Helper()
	for i := 0; ; i++ {
		if i > 60 {
			t.Fatal("no end after 60 rounds")
		}
		st := h.state()
		if st.Progress().Over(st.Stages.Plan) {
			break
		}
		koRound(t, h)
	}
	st := h.state()
	var names []string
	for _, p := range st.Progress().Ranking(st.Stages.Plan) {
		names = append(names, playerName(&st.Event, p.Entrant))
	}
	must(t, h.say("org", "/pair"), "全部对局已赛完")
	return names
}

// R-F-4: a double elimination of 9 drawn by lots (seed 000), from the
// chat: the strongest wins it, every player placed once.
func TestDoubleEliminationFromChat_R_F_4(t *testing.T) {
	h := koEvent(t, 9, "format 双淘汰", "seed-order 抽签", "reset on")
	must(t, h.say("hu", "/bracket"), "败者组")
	names := koPlay(t, h)
	if len(names) != 9 || names[0] != "P1" || names[1] != "P2" {
		t.Errorf("ranking %v, want 9 placed, P1 then P2", names)
	}
}

// R-F-6, seed 000: six players, 1–6, 2–5, 3–4, then the three winners'
// round robin; the first round's losers share 4th.
func TestKnockoutThenRoundRobinFromChat_R_F_6(t *testing.T) {
	h := koEvent(t, 6, "stages 淘汰 1 > 循环", "draw 首尾")
	must(t, h.say("org", "/pair"), "M1 第 1 局：红 P1 — 黑 P6", "M2 第 1 局：红 P2 — 黑 P5", "M3 第 1 局：红 P3 — 黑 P4")
	must(t, h.say("org", "/export csv"), "暂定名次表（比赛进行中）", "暂定名次.csv")
	koRound(t, h)
	kinds := func(p sheet.Page) []sheet.Kind {
		var ks []sheet.Kind
		for _, t := range p.Tables {
			ks = append(ks, t.Kind)
		}
		return ks
	}
	// The live page shows the stages as they are drawn: the knockout's
	// bracket, then the winners' round robin (R-F-6).
	if p := formatOf(h.state()).page(h.state(), i18n.Zh); !slices.Equal(kinds(p), []sheet.Kind{sheet.KindPairings, sheet.KindBracket, sheet.KindGroup}) {
		t.Errorf("the live page mid-event shows %v, want the pairings, the bracket and the round robin", kinds(p))
	}
	names := koPlay(t, h)
	if p := formatOf(h.state()).page(h.state(), i18n.Zh); len(p.Tables) != 4 || p.Tables[3].Title != "最终名次" {
		t.Errorf("the live page at the end shows %v, want the pairings, the stages and the final ranking", kinds(p))
	}
	must(t, h.say("org", "/export csv"), "排名")
	must(t, h.say("org", "/export trf"), "对阵和名次见 /bracket")
	if want := []string{"P1", "P2", "P3"}; !slices.Equal(names[:3], want) {
		t.Errorf("ranking %v, want %v first", names, want)
	}
	must(t, h.say("hu", "/standings"), "  4= P4")
	must(t, h.say("hu", "/crosstable"), "第 2 阶段 第 1 组")
}
