package commands

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// nineEntries players, entered out of rating order: by rating (R-SW-1) they
// number Zhao 1, Wang 2, Zheng 3, Xu 4, Hong 5, Lü 6, Jiang 7, Meng 8,
// Sun 9.
var nineEntries = []struct {
	name, unit string
	rating     int
}{
	{"王天一", "杭州", 2700}, {"郑惟桐", "四川", 2650}, {"赵鑫鑫", "浙江", 2720},
	{"许银川", "广东", 2600}, {"洪智", "湖北", 2550}, {"吕钦", "广东", 2500},
	{"蒋川", "北京", 2450}, {"孟辰", "四川", 2400}, {"孙勇征", "上海", 2350},
}

// eventID is the event the harness's group follows.
func (h *harness) eventID() storage.EventID {
	h.t.Helper()
	id, err := h.store.EventOf(context.Background(), h.group)
	if err != nil {
		h.t.Fatalf("the group follows no event: %v", err)
	}
	return id
}

// state loads the group's event.
func (h *harness) state() *action.State {
	h.t.Helper()
	st, err := h.store.Load(context.Background(), h.eventID())
	if err != nil {
		h.t.Fatal(err)
	}
	return st
}

// logLen is how many actions the event's log holds.
func (h *harness) logLen() int {
	h.t.Helper()
	log, err := h.store.Log(context.Background(), h.eventID(), 0, 0)
	if err != nil {
		h.t.Fatal(err)
	}
	return len(log)
}

// identify links a console user to a player, as /join does.
func (h *harness) identify(user string, player int) {
	h.t.Helper()
	_, err := h.store.Update(context.Background(), h.eventID(), action.Actor{Platform: "console", User: "test"}, "",
		func(ch *storage.Change) error { ch.Identify("console", user, ch.State.EntrantOf(player)); return nil })
	if err != nil {
		h.t.Fatal(err)
	}
}

// playerOf is the player a console user is.
func (h *harness) playerOf(user string) int {
	h.t.Helper()
	n, err := numberOf(h.svc.reading(context.Background(), h.eventID()), h.state(), "console", user)
	if err != nil || n == 0 {
		h.t.Fatalf("user %s: %v", user, err)
	}
	return n
}

// in sends text as user in another chat, on any platform.
func (h *harness) in(chat chat.Chat, user, text string) string {
	h.t.Helper()
	h.update++
	return h.svc.Handle(context.Background(), Request{
		Chat: chat, User: User{ID: user, Name: user}, Locale: "zh",
		Text: text, UpdateID: fmt.Sprintf("console:update:%d", h.update),
	}).Text
}

// setUp creates an event run by org with the nineEntries players entered.
func setUp(t *testing.T, spec string) *harness {
	h := newHarness(t)
	must(t, h.say("org", "/event new "+spec), "组织者")
	for _, p := range nineEntries {
		must(t, h.say("org", fmt.Sprintf("/player add %s %s %d", p.name, p.unit, p.rating)), "已添加", p.name)
	}
	return h
}

// resultsIn enters 1-0 on odd boards and 1/2 on even ones of the current
// round.
func (h *harness) resultsIn() {
	h.t.Helper()
	st := h.state()
	for _, g := range st.Event.Rounds[len(st.Event.Rounds)-1].Games {
		res := "1-0"
		if g.Board%2 == 0 {
			res = "1/2"
		}
		if !g.Result.Decided() {
			recorded(h.t, h.say("org", fmt.Sprintf("/result %d %s", g.Board, res)))
		}
	}
}

// TestOrganiserScenario runs a 9-player Swiss of 3 rounds from the
// organiser's side: settings, entries, start (R-SW-1), a preview with its
// record (R-SW-13), a swap, publishing with its announcements, results, an
// undo, the log and the finish (R-T-8).
func TestOrganiserScenario(t *testing.T) {
	h := setUp(t, "春季赛 swiss rounds 3")
	must(t, h.say("org", "/event set 用时 25分+5秒"), "已设置", "25分+5秒")
	must(t, h.say("org", "/event set late 15"), "15 分钟")
	must(t, h.say("org", "/event set fouls 2"), "犯规判负 = 2")
	must(t, h.say("org", "/event set tiebreaks 对手分,胜局,犯规"), "对手分,胜局,犯规")
	must(t, h.say("org", "/event set format chess"), "赛制 不能设为「chess」", "积分编排|单循环")
	must(t, h.say("org", "/event set colour red"), "没有「colour」这个设置项", "/event set")
	must(t, h.say("org", "/event set"), "用时 = 25分+5秒", "迟到 = 15 分钟", "轮数 = 3", "提和 = 轮流")
	st := h.state()
	if st.Info.TimeControl != "25分+5秒" || st.Info.LateAfter.Minutes() != 15 || st.Info.FoulLimit() != 2 {
		t.Errorf("info = %+v", st.Info)
	}

	// A user linked to 赵鑫鑫 (entered third) keeps her through the start.
	h.identify("zhao", 3)
	must(t, h.say("org", "/start"), "开赛！", "/pair")
	if got := h.playerOf("zhao"); got != 1 {
		t.Errorf("after the start the user of 赵鑫鑫 is player %d, want 1 (R-SW-1 by rating)", got)
	}
	out := h.sent()
	must(t, strings.Join(out["group"], "\n"), "开赛", "按等级分", "1 赵鑫鑫", "9 孙勇征")

	pv := h.say("org", "/pair")
	must(t, pv, "第1轮编排预览", "首轮 R-SW-3", "轮空", "/publish")
	before := *h.state().Preview
	must(t, h.say("org", "/swap 1 2"), "已交换第 1、2 台的黑方", "裁判换台")
	after := *h.state().Preview
	if after.Boards[0].Black != before.Boards[1].Black || after.Boards[1].Black != before.Boards[0].Black ||
		after.Boards[0].Red != before.Boards[0].Red || after.Boards[0].Placed != engine.PlacedByHand {
		t.Errorf("swap 1 2: boards %+v, were %+v", after.Boards[:2], before.Boards[:2])
	}
	must(t, h.say("org", "/swap 1 9"), "第 1 轮没有第 9 台")

	must(t, h.say("org", "/publish"), "第 1 轮已公布", "已私信通知 1 位选手")
	out = h.sent()
	must(t, strings.Join(out["group"], "\n"), "第1轮对阵", "用时：25分+5秒", "迟到 15 分钟")
	zhao := strings.Join(out["dm:zhao"], "\n")
	must(t, zhao, "第 1 轮：你在第", "25分+5秒")
	if st := h.state(); len(st.Event.Rounds) != 1 || st.PendingPreview() != nil {
		t.Errorf("after /publish: %d rounds, preview pending %v", len(st.Event.Rounds), st.PendingPreview() != nil)
	}
	must(t, h.say("org", "/publish"), "第 1 轮已经公布了", "/pair")
	must(t, h.say("org", "/pair"), "第 1 轮还有 4 台没有结果", "/result")

	h.resultsIn()
	out = h.sent()
	group := strings.Join(out["group"], "\n")
	must(t, group, "第1轮对阵", " 1 赵鑫鑫 王天一 1-0", "第 1 轮全部结束", "第1轮后排名", "/pair 编排第 2 轮")

	// A correction, then its undo: the result is back as it was.
	must(t, h.say("org", "/result 1 0-1"), "已更正第 1 轮第 1 台")
	must(t, strings.Join(h.sent()["group"], "\n"), "第 1 轮第 1 台：赵鑫鑫 0-1 王天一", "裁判更正，原为 1-0")
	n := h.logLen()
	must(t, h.say("org", fmt.Sprintf("/undo %d", n)), fmt.Sprintf("第 %d 步（第 1 轮第 1 台结果 0-1）已被 org 撤销", n))
	if g := h.state().Event.Rounds[0].Games[0]; g.Result != engine.RedWin {
		t.Errorf("after the undo board 1 is %v, want red's win back", g.Result)
	}
	log := h.say("org", "/log 3")
	must(t, log, "操作记录（最近 3 条", "（已撤销）", fmt.Sprintf("%d ", n+1), "撤销第", "org", "/undo")
	must(t, h.say("org", fmt.Sprintf("/undo %d", n)), fmt.Sprintf("第 %d 步已经被第 %d 步撤销了", n, n+1), fmt.Sprintf("/undo %d", n+1))

	for round := 2; round <= 3; round++ {
		must(t, h.say("org", "/pair"), fmt.Sprintf("第%d轮编排预览", round))
		must(t, h.published("org"), fmt.Sprintf("第%d轮对阵", round))
		h.resultsIn()
	}
	must(t, h.say("org", "/pair"), "全部 3 轮已赛完", "/finish")
	h.sent()
	must(t, h.say("org", "/finish"), "「春季赛」结束！", "/standings")
	final := strings.Join(h.sent()["group"], "\n")
	must(t, final, "「春季赛」结束！", "最终排名")
	if strings.Contains(final, "=") {
		t.Errorf("the final top 8 share a place (R-T-8):\n%s", final)
	}
	if rows := strings.Count(final, "\n") - 1; rows < 8 {
		t.Errorf("the final standings show %d rows, want the top 8:\n%s", rows, final)
	}
	if tb := h.state().Event.Settings.Tiebreaks; tb[len(tb)-1] != engine.Lots {
		t.Errorf("tiebreaks after the finish = %v, want lots last (R-T-8)", tb)
	}
	must(t, h.say("org", "/result 1 1-0"), "比赛已经结束")
}

// organiserLines is one line for every organiser and arbiter command, with
// arguments a real event takes.
var organiserLines = []string{
	"/event set rounds 5", "/signup open", "/player add 新人", "/player edit 1 新名字", "/player remove 1",
	"/arbiter add @p", "/link", "/start", "/pair", "/swap 1 2", "/exchange 1 2", "/flip 1", "/publish", "/result 1 1-0",
	"/foul 1", "/penalty 1", "/withdraw 1", "/undo 2", "/log", "/finish",
}

// TestPermissions: a player tries every organiser and arbiter command, in
// Chinese and in English; each is refused with the reason, and the log does
// not change. An arbiter may run the rounds, not the event.
func TestPermissions(t *testing.T) {
	h := setUp(t, "权限赛 swiss rounds 3")
	h.identify("p", 1)
	for _, cmd := range organiserCommands() {
		found := false
		for _, l := range organiserLines {
			found = found || strings.HasPrefix(l+" ", "/"+cmd.Name+" ")
		}
		if !found {
			t.Errorf("/%s is not tried: add a line for it to organiserLines", cmd.Name)
		}
	}
	n := h.logLen()
	for _, line := range organiserLines {
		zh := h.say("p", line)
		en := h.sendAs("p", "en", line).Text
		if !strings.Contains(zh, "只有组织者") {
			t.Errorf("player: %s → %q, want a refusal saying only organisers may", line, zh)
		}
		if !strings.Contains(en, "Only the organisers") && !strings.Contains(en, "Only organisers") {
			t.Errorf("player in English: %s → %q, want a refusal saying only organisers may", line, en)
		}
	}
	if got := h.logLen(); got != n {
		t.Errorf("the refused commands changed the log: %d actions, were %d", got, n)
	}
	if sent := h.drain(); len(sent) != 0 {
		t.Errorf("the refused commands announced %v", sent)
	}

	must(t, h.say("org", "/arbiter add @ref"), "ref 现在是俱乐部的裁判")
	must(t, h.say("org", "/arbiter add @ref"), "已经是俱乐部的裁判")
	for _, line := range []string{"/event set rounds 5", "/start", "/undo 2", "/finish", "/player add 新人", "/arbiter add x"} {
		must(t, h.say("ref", line), "只有组织者可以用")
	}
	must(t, h.say("org", "/start"), "开赛！")
	must(t, h.say("ref", "/pair"), "第1轮编排预览")
	must(t, h.published("ref"), "第1轮对阵")
	recorded(t, h.say("ref", "/result 1 1-0"))
	must(t, h.say("ref", "/log 1"), "第 1 轮第 1 台结果 1-0")
}

// TestRefusalInLanguage: what the rules refuse (action.Refusal) reaches
// the user in their language, never English in a Chinese chat.
func TestRefusalInLanguage(t *testing.T) {
	h := setUp(t, "语言赛")
	must(t, h.say("org", "/player add 王天一"), "「王天一」已经报名了（1 号）")
	must(t, h.sendAs("org", "en", "/player add 王天一").Text, `"王天一" has entered already (player 1)`)
	must(t, h.say("org", "/player edit 2 王天一"), "1 号选手已经叫「王天一」了")
	must(t, h.say("org", "/player edit 12 某人"), "没有 12 号选手", "1 到 9")
}

// TestR_SW_1_StartRenumbersUsers: shuffled numbers when a rating is
// missing, and every linked user follows their player; removing a player
// before the start moves the users after them up.
func TestR_SW_1_StartRenumbersUsers(t *testing.T) {
	h := newHarness(t)
	h.say("org", "/event new 混合赛")
	for _, name := range []string{"甲", "乙", "丙", "丁", "戊", "己"} {
		h.say("org", "/player add "+name)
	}
	for i, u := range []string{"a", "b", "c", "d", "e", "f"} {
		h.identify(u, i+1)
	}
	must(t, h.say("org", "/player remove 3"), "是用户 c 自己报名的", "/leave", "/withdraw 3")
	h.say("org", "/player add 庚")
	h.say("org", "/player remove 7")
	must(t, h.say("org", "/start"), "开赛！")
	must(t, strings.Join(h.sent()["group"], "\n"), "随机抽签")
	st := h.state()
	for i, u := range []string{"a", "b", "c", "d", "e", "f"} {
		want := []string{"甲", "乙", "丙", "丁", "戊", "己"}[i]
		if got := playerName(&st.Event, h.playerOf(u)); got != want {
			t.Errorf("user %s is player %d, %s; want %s", u, h.playerOf(u), got, want)
		}
	}
}

// TestR_W_3_Withdraw: a player who leaves during a round loses its game by
// forfeit and is not paired again; before the start they are removed.
func TestR_W_3_Withdraw(t *testing.T) {
	h := setUp(t, "退赛赛 swiss rounds 3")
	must(t, h.say("org", "/withdraw 1"), "/player remove")
	h.say("org", "/start")
	h.say("org", "/pair")
	h.say("org", "/publish")
	h.sent()
	_, g, ok := h.state().GameOf(1)
	if !ok {
		t.Fatal("player 1 has no game in round 1")
	}
	must(t, h.say("org", "/withdraw 赵鑫鑫"), "赵鑫鑫 退赛（未下第 1 轮）")
	must(t, strings.Join(h.sent()["group"], "\n"), "之后各轮记负", "R-W-3")
	st := h.state()
	if r := st.Event.Rounds[0].Games[g.Board-1].Result; !(r == engine.RedForfeitWin || r == engine.BlackForfeitWin) {
		t.Errorf("the leaver's pending game is %v, want a forfeit win for the opponent", r)
	}
	must(t, h.say("org", "/withdraw 1"), "已经退赛了")
	must(t, h.say("org", "/withdraw 无名"), "没有叫「无名」的选手")
}

// TestR_G_3_FoulsLoseGame: the foul that reaches the event's limit loses
// the game.
func TestR_G_3_FoulsLoseGame(t *testing.T) {
	h := setUp(t, "犯规赛 swiss rounds 3")
	h.say("org", "/event set fouls 2")
	h.say("org", "/start")
	must(t, h.say("org", "/foul 1"), "没有公布对阵")
	h.say("org", "/pair")
	h.say("org", "/publish")
	_, g, _ := h.state().GameOf(2)
	must(t, h.say("org", "/foul 2"), "本局第 1 次")
	must(t, h.say("org", "/foul 王天一"), "本局第 2 次", "王天一 犯规判负")
	want := engine.BlackWin
	if g.Black == 2 {
		want = engine.RedWin
	}
	st := h.state()
	got, _ := gameOn(&st.Event, 1, g.Board)
	if got.Result != want {
		t.Errorf("after 2 fouls by player 2 the game is %v, want %v", got.Result, want)
	}
	must(t, strings.Join(h.sent()["group"], "\n"), "王天一 犯规判负")
}

// TestUndoRefusals: each refused undo says why and what to type.
func TestUndoRefusals(t *testing.T) {
	h := setUp(t, "撤销赛 swiss rounds 3")
	must(t, h.say("org", "/undo 1"), "不能撤销比赛的创建")
	must(t, h.say("org", "/undo 99"), "没有第 99 步", "/log")
	h.say("org", "/start")
	start := h.logLen()
	h.say("org", "/pair")
	h.say("org", "/publish")
	must(t, h.say("org", fmt.Sprintf("/undo %d", start)), fmt.Sprintf("不能撤销第 %d 步", start), "先撤销")
	must(t, h.sendAs("org", "en", fmt.Sprintf("/undo %d", start)).Text, fmt.Sprintf("Action %d cannot be undone: later actions depend on it", start), "Undo those first")
}

// TestR_SW_13_PreviewStale: a preview made before a result changed is void.
func TestR_SW_13_PreviewStale(t *testing.T) {
	h := setUp(t, "预览赛 swiss rounds 3")
	must(t, h.say("org", "/swap 1 2"), "比赛还没有开始")
	h.say("org", "/start")
	must(t, h.say("org", "/publish"), "还没有编排预览", "/pair")
	h.say("org", "/pair")
	h.say("org", "/publish")
	h.resultsIn()
	h.say("org", "/pair")
	h.say("org", "/result 2 0-1 1")
	must(t, h.say("org", "/publish"), "预览作废", "/pair")
	must(t, h.say("org", "/swap 1 2"), "预览作废")
}

// TestR_T_7_PenaltyCommand: an arbiter's /penalty puts the player last
// among equal scores (R-T-7), announced to the group; a player may not.
func TestR_T_7_PenaltyCommand(t *testing.T) {
	h := newHarness(t)
	h.say("wang", "/event new 春季赛")
	for _, p := range []string{"甲", "乙", "丙", "丁"} {
		h.say("wang", "/player add "+p)
	}
	h.say("wang", "/start")
	h.say("wang", "/pair")
	h.say("wang", "/publish") // R-T-7 counts penalties of games played
	h.sent()
	must(t, h.say("li", "/penalty 1"), "只有组织者或裁判")
	must(t, h.say("wang", "/penalty 1"), "受到处罚（第 1 次）")
	must(t, strings.Join(h.sent()[h.group.ID], "\n"), "受到处罚（第 1 次）", "R-T-7")
	st, err := h.store.Load(context.Background(), mustEvent(t, h))
	if err != nil {
		t.Fatal(err)
	}
	rows := engine.Standings(&st.Event)
	if last := rows[len(rows)-1]; last.Player != 1 {
		t.Errorf("the last row is player %d, want the penalised player 1 (all scores equal)", last.Player)
	}
	must(t, h.say("wang", "/penalty 9"), "9")
}

func mustEvent(t *testing.T, h *harness) storage.EventID {
	t.Helper()
	id, err := h.store.EventOf(context.Background(), h.group)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
