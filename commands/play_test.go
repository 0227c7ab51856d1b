package commands

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// entrants of the player tests: console users and their names, rated so
// that the sequence numbers (R-SW-1) follow this order. Five players:
// round 1 has two boards and a bye.
var entrants = []struct{ user, name string }{
	{"wang", "王五"}, {"zhao", "赵六"}, {"li", "李四"}, {"zhang", "张三"}, {"chen", "陈七"},
}

// playEvent is an event in the harness's group, organised by "org", built
// through the store as the organiser's commands would build it.
type playEvent struct {
	t      *testing.T
	h      *harness
	id     storage.EventID
	player map[string]int // user → player
	user   map[int]string // player → user
}

// newPlayEvent creates the event with the entrants, sign-up open; info,
// when given, sets the event's details. start starts it and publishes
// round 1.
func newPlayEvent(t *testing.T, h *harness, info *action.InfoChanged) *playEvent {
	t.Helper()
	e := &playEvent{t: t, h: h, player: map[string]int{}, user: map[int]string{}}
	org := action.Actor{Platform: "console", User: "org"}
	id, _, err := h.store.Create(context.Background(), org, "", func(ch *storage.Change) error {
		if err := ch.Append(&action.Created{Name: "周赛", Settings: engine.DefaultSettings(5)}); err != nil {
			return err
		}
		if info != nil {
			if err := ch.Append(info); err != nil {
				return err
			}
		}
		if err := ch.Append(&action.SignupOpened{}); err != nil {
			return err
		}
		ch.Bind(h.group)
		ch.Grant(org.Platform, org.User, storage.Organiser)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	e.id = id
	return e
}

// enter adds every entrant, starts the event and links the users to
// their players; no round is published.
func (e *playEvent) enter() *playEvent {
	e.t.Helper()
	e.update(func(ch *storage.Change) error {
		for i, en := range entrants {
			if err := ch.Append(&action.PlayerAdded{Name: en.name, Rating: 2000 - 100*i}); err != nil {
				return err
			}
		}
		if err := ch.Append(&action.Started{}); err != nil {
			return err
		}
		for _, en := range entrants {
			for _, pl := range ch.State.Event.Players {
				if pl.Name == en.name {
					ch.Identify("console", en.user, pl.Entrant)
					e.player[en.user], e.user[pl.ID] = pl.ID, en.user
				}
			}
		}
		return nil
	})
	e.h.sent() // setting up is not under test
	return e
}

// start enters the entrants and publishes round 1.
func (e *playEvent) start() *playEvent {
	e.t.Helper()
	e.enter().update(func(ch *storage.Change) error {
		p, err := engine.Pair(&ch.State.Event)
		if err != nil {
			return err
		}
		return ch.Append(&action.RoundPublished{Pairing: p})
	})
	e.h.sent()
	return e
}

func (e *playEvent) update(fn func(ch *storage.Change) error) {
	e.t.Helper()
	if _, err := e.h.store.Update(context.Background(), e.id, action.Actor{Platform: "console", User: "org"}, "", fn); err != nil {
		e.t.Fatal(err)
	}
}

func (e *playEvent) state() *action.State {
	e.t.Helper()
	st, err := e.h.store.Load(context.Background(), e.id)
	if err != nil {
		e.t.Fatal(err)
	}
	return st
}

// board returns the users playing red and black on board b of the
// current round.
func (e *playEvent) board(b int) (red, black string) {
	e.t.Helper()
	st := e.state()
	for _, g := range st.Event.Rounds[len(st.Event.Rounds)-1].Games {
		if g.Board == b {
			return e.user[g.Red], e.user[g.Black]
		}
	}
	e.t.Fatalf("no board %d", b)
	return "", ""
}

// byeUser is the user with a bye in the current round.
func (e *playEvent) byeUser() string {
	st := e.state()
	return e.user[st.Event.Rounds[len(st.Event.Rounds)-1].Byes[0].Player]
}

func (e *playEvent) game(b int) engine.Game {
	e.t.Helper()
	st := e.state()
	return st.Event.Rounds[len(st.Event.Rounds)-1].Games[b-1]
}

func (e *playEvent) name(user string) string { return entrants[e.entrant(user)].name }

func (e *playEvent) entrant(user string) int {
	for i, en := range entrants {
		if en.user == user {
			return i
		}
	}
	e.t.Fatalf("no entrant %q", user)
	return 0
}

// logKinds lists the kinds of the event's log.
func (e *playEvent) logKinds() []string {
	e.t.Helper()
	log, err := e.h.store.Log(context.Background(), e.id, 0, 0)
	if err != nil {
		e.t.Fatal(err)
	}
	var kinds []string
	for _, r := range log {
		kinds = append(kinds, r.Action.Kind())
	}
	return kinds
}

// outbox drains the outbox, keeping whole messages: by chat ID, in order.
func (h *harness) outbox() map[string][]chat.Message {
	h.t.Helper()
	seen := &seer{out: map[string][]chat.Message{}}
	if err := h.store.DeliverDue(context.Background(), "test", seen); err != nil {
		h.t.Fatal(err)
	}
	return seen.out
}

// edited marks, in DedupKey, a message the harness saw as an edit of a live
// message (chat.Live): the group sees the message it was sent as change.
const edited = "✎"

// seer is the chat the harness's outbox delivers to: it keeps every
// message by chat, and every edit of a live message as a message marked
// edited.
type seer struct {
	out  map[string][]chat.Message
	sent int
}

func (s *seer) Send(ctx context.Context, m chat.Message) error {
	s.out[m.Chat.ID] = append(s.out[m.Chat.ID], m)
	s.sent++
	chat.Posted(ctx, fmt.Sprint(s.sent))
	return nil
}

func (s *seer) Edit(_ context.Context, _ string, m chat.Message) error {
	m.DedupKey = edited
	s.out[m.Chat.ID] = append(s.out[m.Chat.ID], m)
	return nil
}

// buttons writes a message's buttons as "Label → /command | …".
func buttons(m chat.Message) string {
	var bs []string
	for _, b := range m.Buttons {
		bs = append(bs, b.Label+" → "+b.Command)
	}
	return strings.Join(bs, " | ")
}

// only checks that the outbox holds exactly one message for each chat of
// want, containing its texts, and nothing for other chats.
func only(t *testing.T, got map[string][]chat.Message, want map[string][]string) {
	t.Helper()
	for chat, msgs := range got {
		if _, ok := want[chat]; !ok {
			t.Errorf("unexpected message to %s: %q", chat, msgs[0].Text)
		}
	}
	for chat, texts := range want {
		if len(got[chat]) != 1 {
			t.Errorf("%d messages to %s, want 1: %v", len(got[chat]), chat, got[chat])
			continue
		}
		must(t, got[chat][0].Text, texts...)
	}
}

func TestJoinAndLeave(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil)
	must(t, h.say("wang", "/join 王五 一中"), "报名成功", "王五（一中）", "第 1 位")
	must(t, h.say("wang", "/join 王五二"), "你已经以「王五」报名了", "/leave")
	must(t, h.say("li", "/报名 李四"), "第 2 位")
	must(t, h.say("zhang", "/join 王五"), "「王五」已经是另一位用户报名的 1 号", "/claim 王五", "/join 王五(单位)")
	must(t, h.say("zhang", "/join 王五 二中"), "/join 王五(二中)")
	must(t, h.sendAs("zhang", "en", "/join 张三").Text, "Joined", "number 3")
	must(t, h.dm("zhang", "/me"), "张三（第 3 位）", "还没有开始")

	// Wang leaves: Li and Zhang move up a number and stay who they are.
	must(t, h.say("wang", "/leave"), "已取消报名")
	ctx := context.Background()
	for user, want := range map[string]int{"li": 1, "zhang": 2} {
		if got, err := numberOf(h.svc.reading(ctx, e.id), e.state(), "console", user); err != nil || got != want {
			t.Errorf("after Wang left, %s is player %d (%v), want %d", user, got, err, want)
		}
	}
	if p, err := h.store.PlayerOf(ctx, e.id, "console", "wang"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("Wang left but is still player %d (%v)", p, err)
	}
	must(t, h.say("li", "/me"), "李四（第 1 位）")
	must(t, h.say("wang", "/me"), "只有本赛选手")
	must(t, h.say("wang", "/join 王五"), "第 3 位")

	e.update(func(ch *storage.Change) error { return ch.Append(&action.SignupClosed{}) })
	must(t, h.say("chen", "/join 陈七"), "报名还没有开放")
	e.update(func(ch *storage.Change) error { return ch.Append(&action.Started{}) })
	must(t, h.say("chen", "/join 陈七"), "比赛已经开始")
	must(t, h.say("li", "/leave"), "比赛已经开始", "/withdraw")
	if n := len(e.state().Event.Players); n != 3 {
		t.Errorf("%d players, want 3", n)
	}
}

func TestR_G_1_ReportConfirmed(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, &action.InfoChanged{ConfirmWithin: new(30 * time.Minute)}).start()
	red, black := e.board(1)
	rn, bn := e.name(red), e.name(black)
	// In the group the reporter's own account goes to them privately; the
	// round's message shows the board awaiting confirmation, and the
	// question is the opponent's alone.
	r := h.send(red, "/report win", false)
	if !r.Private {
		t.Errorf("the report's answer in the group is public: %q", r.Text)
	}
	must(t, r.Text, "已报告：第1台 "+rn+" 胜 "+bn+"。等待 "+bn+" 确认。", "30 分钟")
	only(t, h.outbox(), map[string][]string{
		"dm:" + black: {rn + " 报告：第1台 " + rn + " 胜 " + bn + "。确认吗？", "30 分钟"},
		"group":       {" 1 " + rn + " " + bn + " 待确认"},
	})
	must(t, h.dm(black, "/me"), rn+" 报告", "/confirm", "/dispute")
	must(t, h.dm(red, "/me"), "等待 "+bn+" 确认")
	must(t, h.say(red, "/confirm"), "不能确认自己的报告", "要由对手确认")
	must(t, h.dm(black, "/confirm"), "已确认：第1台 "+rn+" 胜 "+bn) // in private, their own account
	only(t, h.outbox(), map[string][]string{"group": {" 1 " + rn + " " + bn + " 1-0"}})
	if g := e.game(1); g.Result != engine.RedWin {
		t.Errorf("board 1 result %v, want a red win", g.Result)
	}
	must(t, h.dm(black, "/me"), "结果：负")
	must(t, h.dm(black, "/confirm"), "已有结果：负")
}

// TestR_G_1_NoteInReadersLanguage: the opponent's private note, buttons
// and all, is in the language they chose.
func TestR_G_1_NoteInReadersLanguage(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red, black := e.board(2)
	h.dm(red, "/lang en")
	h.dm(black, "/report draw")
	m := h.outbox()["dm:"+red]
	if len(m) != 1 {
		t.Fatalf("%d notes to red, want 1", len(m))
	}
	must(t, m[0].Text, e.name(black)+" reports: Board 2: "+e.name(red)+" drew with "+e.name(black)+". Do you confirm?")
	ref := fmt.Sprintf("e%d r1 b2 a%d", e.id, e.state().Underway(1, 2).Report.Seq)
	if b, want := buttons(m[0]), "Confirm → /confirm "+ref+" | Dispute → /dispute "+ref; b != want {
		t.Errorf("buttons %q, want %q", b, want)
	}
}

func TestR_G_1_ReportDisputed(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, &action.InfoChanged{ConfirmWithin: new(30 * time.Minute)}).start()
	red, black := e.board(1)
	h.say(red, "/report win")
	h.outbox()
	must(t, h.dm(black, "/dispute"), "已提出异议")
	only(t, h.outbox(), map[string][]string{
		"group":  {" 1 " + e.name(red) + " " + e.name(black) + " 有争议"},
		"dm:org": {"第 1 轮第 1 台结果有争议", e.name(black) + " 不同意", "/result 1"},
	})
	must(t, h.dm(black, "/confirm"), "有争议", "/result")
	must(t, h.say(red, "/report draw"), "有争议")
	must(t, h.dm(black, "/me"), "等待裁判裁决")
	if d := action.DueActions(e.state(), h.now.Add(time.Hour), time.Time{}); len(d) != 0 {
		t.Errorf("a disputed report became due: %v", d)
	}
	if g := e.game(1); g.Result != engine.Pending {
		t.Errorf("a disputed result became %v", g.Result)
	}
}

func TestR_G_1_ContradictingReports(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red, black := e.board(1)
	rn, bn := e.name(red), e.name(black)
	h.say(red, "/report win")
	h.outbox()
	must(t, h.say(black, "/report win"), "与对手的不同：结果有争议")
	only(t, h.outbox(), map[string][]string{
		"group":  {" 1 " + rn + " " + bn + " 有争议"},
		"dm:org": {"结果有争议：" + rn + " 与 " + bn + " 的报告不同", "/result 1"},
	})
	must(t, h.dm(black, "/me"), "结果有争议")
	gp := e.state().Underway(1, 1)
	if gp.Dispute == nil || gp.Dispute.Result != engine.BlackWin {
		t.Errorf("play %+v: want black's contradicting report as the dispute", gp)
	}
}

// TestR_G_1_AgreeingReports: the opponent reporting the same result
// confirms it.
func TestR_G_1_AgreeingReports(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red, black := e.board(2)
	h.say(black, "/report 胜")
	must(t, h.say(red, "/report loss"), "已确认：第2台 "+e.name(red)+" 负 "+e.name(black))
	if g := e.game(2); g.Result != engine.BlackWin {
		t.Errorf("board 2 result %v, want a black win", g.Result)
	}
}

func TestResign(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red, black := e.board(1)
	rn, bn := e.name(red), e.name(black)
	// An English player of a Chinese event: their own account in English,
	// the group's round message in Chinese.
	must(t, h.sendAs(black, "en", "/resign").Text, "You resigned: Board 1: "+rn+" beat "+bn)
	only(t, h.outbox(), map[string][]string{"group": {"第1轮对阵", " 1 " + rn + " " + bn + " 1-0"}})
	if g := e.game(1); g.Result != engine.RedWin {
		t.Errorf("after black resigned: %v", g.Result)
	}
	must(t, h.say(red, "/resign"), "已有结果")
}

func TestR_G_2_DrawAccepted(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red, black := e.board(1)
	rn, bn := e.name(red), e.name(black)
	must(t, h.say(red, "/draw"), "已向 "+bn+" 提和", "不能撤回")
	out := h.outbox()
	only(t, out, map[string][]string{"dm:" + black: {rn + " 向你提和。"}})
	ref := fmt.Sprintf("e%d r1 b1 a%d", e.id, e.state().Underway(1, 1).Offer.Seq)
	if b := buttons(out["dm:"+black][0]); b != "接受 → /accept "+ref+" | 拒绝 → /decline "+ref {
		t.Errorf("offer buttons %q", b)
	}
	must(t, h.dm(black, "/me"), rn+" 提和", "/accept")
	must(t, h.say(red, "/draw"), "不能撤回")
	must(t, h.say(red, "/accept"), "没有需要", "回应的提和", "/draw")
	must(t, h.dm(black, "/accept"), "已接受提和：第1台 "+rn+" 和 "+bn)
	only(t, h.outbox(), map[string][]string{"group": {" 1 " + rn + " " + bn + " 1/2"}})
	if g := e.game(1); g.Result != engine.Draw {
		t.Errorf("result %v after the draw was accepted", g.Result)
	}
}

func TestR_G_2_OfferDeclinedThenRefused(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red, black := e.board(1)
	rn, bn := e.name(red), e.name(black)
	h.say(red, "/draw")
	h.outbox()
	must(t, h.dm(black, "/decline"), "已拒绝提和")
	only(t, h.outbox(), map[string][]string{"dm:" + red: {bn + " 拒绝了你的提和", "R-G-2"}})
	before := e.logKinds()
	must(t, h.say(red, "/draw"), "提和须轮流", "下一次应由对手提出", "R-G-2")
	must(t, h.sendAs(red, "en", "/draw").Text, "offers alternate", "the opponent offers next")
	if after := e.logKinds(); len(after) != len(before) {
		t.Errorf("a refused offer changed the log: %v", after[len(before):])
	}
	if out := h.outbox(); len(out) != 0 {
		t.Errorf("a refused offer sent %v", out)
	}
	// The opponent offers, red declines: now red may offer again, and
	// black may not.
	must(t, h.dm(black, "/draw"), "已向 "+rn+" 提和")
	must(t, h.say(red, "/decline"), "已拒绝提和")
	must(t, h.dm(black, "/draw"), "提和须轮流")
	must(t, h.say(red, "/draw"), "已向 "+bn+" 提和")
}

// TestR_G_2_SecondOfferFoul: where the event says so, the second offer is
// refused and recorded as a foul; enough fouls lose the game (R-G-3).
func TestR_G_2_SecondOfferFoul(t *testing.T) {
	for _, tt := range []struct {
		name  string
		limit int
		reply string
		want  engine.Result
	}{
		{"a foul", 0, "记犯规一次（第 1 次，R-G-2）", engine.Pending},
		{"the foul that loses", 1, "犯规判负", engine.BlackWin},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			e := newPlayEvent(t, h, &action.InfoChanged{OfferFoul: new(true), FoulsToLose: new(tt.limit)}).start()
			red, black := e.board(1)
			h.say(red, "/draw")
			h.dm(black, "/decline")
			h.outbox()
			must(t, h.say(red, "/draw"), "被拒绝后再次提和", tt.reply)
			g := e.game(1)
			if g.RedFouls != 1 || g.Result != tt.want {
				t.Errorf("red's fouls %d, result %v; want 1 and %v", g.RedFouls, g.Result, tt.want)
			}
			must(t, strings.Join(h.sent()["group"], "\n"), e.name(red)+" 被拒绝后再次提和：记犯规一次")
		})
	}
}

// TestMe: what /me says in each situation.
func TestMe(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil)
	h.say("wang", "/join 王五")
	must(t, h.say("wang", "/me"), "王五（第 1 位）", "报名中", "还没有开始")
	h.say("wang", "/leave")
	e.start()
	red, black := e.board(1)
	rn, bn := e.name(red), e.name(black)
	must(t, h.dm(red, "/me"), "积分 0", "第 1 轮第 1 台：你执红，对手 "+bn, "/here")
	must(t, h.dm(e.byeUser(), "/me"), "轮空")
	h.dm(red, "/here")
	must(t, h.dm(red, "/me"), "/report")
	h.dm(black, "/draw")
	must(t, h.dm(red, "/me"), bn+" 提和", "/accept")
	must(t, h.dm(black, "/me"), "等待 "+rn+" 回应")
	h.dm(red, "/decline")
	h.dm(red, "/report draw")
	must(t, h.dm(black, "/me"), rn+" 报告：第1台 "+rn+" 和 "+bn, "/confirm")
	must(t, h.sendAs(black, "en", "/me").Text, "Round 1, board 1: you play black against "+rn, "Confirm with /confirm")
	h.dm(black, "/confirm")
	must(t, h.dm(red, "/me"), "积分 1", "结果：和")
	e.update(func(ch *storage.Change) error { return ch.Append(&action.EventFinished{}) })
	must(t, h.dm(red, "/me"), "比赛已经结束")
}

// TestR_G_4_Here: checking in records the time; a second time says when.
func TestR_G_4_Here(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red, black := e.board(1)
	must(t, h.say(red, "/here"), "已签到：第 1 台，17:00")
	h.advance(5 * time.Minute)
	must(t, h.say(red, "/签到"), "已经在 17:00 签到了", "/me")
	if at, ok := e.state().Underway(1, 1).Arrived(e.player[red]); !ok || !at.Equal(h.now.Add(-5*time.Minute)) {
		t.Errorf("red at the board since %v (%v), want %v", at, ok, h.now.Add(-5*time.Minute))
	}
	// Acting in the game is being at the board.
	h.dm(black, "/draw")
	must(t, h.dm(black, "/here"), "已经在 17:05 签到了")
	must(t, h.dm(e.byeUser(), "/here"), "轮空")
}

func TestR_C_4_Guess(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red, black := e.board(1)
	rn, bn := e.name(red), e.name(black)
	must(t, h.say(red, "/guess"), "不需要猜先", "你执红")
	must(t, h.say(red, "/guess call"), "只有组织者或裁判")
	must(t, h.say("org", "/guess call"), "第 1 轮猜先定先后手")

	must(t, h.say(black, "/guess hide red"), "请私聊我藏子")
	r := h.dm(black, "/guess hide red")
	must(t, r, "你藏了红", "承诺")
	out := h.outbox()
	hidden := out["group"][0].Text // the hider is in private: the group is told
	commit := regexp.MustCompile(`SHA-256 ([0-9a-f]{64})`).FindStringSubmatch(hidden)
	if commit == nil || strings.ContainsAny(hidden, "红黑") || strings.Contains(hidden, "red") || strings.Contains(hidden, "black") {
		t.Fatalf("the group read %q: want the commitment and not the colour", hidden)
	}
	ref := fmt.Sprintf("e%d r1 b1 a%d", e.id, e.state().Underway(1, 1).Guess.Seq)
	if b := buttons(out["dm:"+red][0]); b != "猜红 → /guess red "+ref+" | 猜黑 → /guess black "+ref {
		t.Errorf("guess buttons %q", b)
	}
	must(t, h.dm(black, "/guess red"), "是藏子的一方，由对手来猜", "/me")
	must(t, h.say(red, "/guess choose red"), "猜先还没有结果")

	// Red guesses black, wrong: black wins and chooses.
	must(t, h.say(red, "/guess black"), rn+" 猜黑，"+bn+" 藏的是红，"+bn+" 赢得猜先")
	reveal := strings.Join(h.sent()["group"], "\n")
	m := regexp.MustCompile(`SHA-256\("(red|black):([0-9a-f]+)"\) = ([0-9a-f]{64})`).FindStringSubmatch(reveal)
	if m == nil {
		t.Fatalf("the reveal %q shows no nonce to check", reveal)
	}
	sum := sha256.Sum256([]byte(m[1] + ":" + m[2]))
	if m[1] != "red" || hex.EncodeToString(sum[:]) != commit[1] || m[3] != commit[1] {
		t.Errorf("SHA-256(%s:%s) = %x, the commitment published before was %s", m[1], m[2], sum, commit[1])
	}
	must(t, h.say(red, "/guess choose red"), "赢得了第 1 台的猜先，由他选择")
	must(t, h.dm(black, "/guess choose red"), "你执红", "红方 "+bn+"，黑方 "+rn)
	if g := e.game(1); g.Red != e.player[black] || g.Black != e.player[red] {
		t.Errorf("after "+bn+" chose red: red %d black %d", g.Red, g.Black)
	}
	must(t, h.say(red, "/me"), "你执黑")
}

// TestPlayerOthersGame: a player cannot act on a game that is not theirs
// or answer what nobody asked them; nothing changes in the log.
func TestPlayerOthersGame(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red1, _ := e.board(1)
	red2, black2 := e.board(2)
	h.say(red1, "/report win")
	h.say(red1, "/draw")
	h.outbox()
	before := e.logKinds()
	for _, tt := range []struct{ user, text, want string }{
		{red2, "/confirm", "第 2 台还没有人报告结果"},
		{black2, "/dispute", "第 2 台还没有人报告结果"},
		{red2, "/accept", "回应的提和"},
		{black2, "/decline", "回应的提和"},
		{e.byeUser(), "/confirm", "轮空"},
		{e.byeUser(), "/resign", "轮空"},
		{"stranger", "/report win", "只有本赛选手"},
		{"stranger", "/confirm", "只有本赛选手"},
		{"org", "/resign", "只有本赛选手"},
		{red1, "/guess hide red", "请私聊我藏子"}, // where to hide comes first
		{red1, "/guess red", "由编排决定"},
	} {
		must(t, h.say(tt.user, tt.text), tt.want)
	}
	must(t, h.dm("stranger", "/me"), "你还没有参加或负责任何比赛")
	if after := e.logKinds(); len(after) != len(before) {
		t.Errorf("refused commands changed the log: %v", after[len(before):])
	}
	if out := h.outbox(); len(out) != 0 {
		t.Errorf("refused commands sent %v", out)
	}
}

// TestR_G_1_LastConfirmationCompletesRound: the confirmation that gives
// the round its last result announces the standings.
func TestR_G_1_LastConfirmationCompletesRound(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red1, black1 := e.board(1)
	red2, black2 := e.board(2)
	h.say(red1, "/resign")
	h.say(red2, "/report draw")
	h.outbox()
	h.dm(black2, "/confirm")
	group := strings.Join(h.sent()["group"], "\n")
	must(t, group, "第 1 轮全部结束", e.name(black1), " 2 "+e.name(red2)+" "+e.name(black2)+" 1/2")
}

// TestR_G_1_WindowEndsThroughTick: the scheduler confirms an unanswered
// report with the rules' own DueActions and the event's window.
func TestR_G_1_WindowEndsThroughTick(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, &action.InfoChanged{ConfirmWithin: new(30 * time.Minute)}).start()
	red, _ := e.board(1)
	h.say(red, "/report draw")
	for _, step := range []struct {
		after time.Duration
		want  engine.Result
	}{{29 * time.Minute, engine.Pending}, {time.Minute, engine.Draw}} {
		h.advance(step.after)
		if err := h.svc.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
		if g := e.game(1); g.Result != step.want {
			t.Errorf("%v after the report: result %v, want %v", h.now.Sub(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)), g.Result, step.want)
		}
	}
}

func TestR_C_4_GuessUsage(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red, _ := e.board(1)
	h.say("org", "/guess call")
	must(t, h.dm(red, "/guess hide"), "请写颜色：/guess hide 红 或 黑")
	must(t, h.dm(red, "/guess green"), "看不懂「green」")
	must(t, h.dm(red, "/guess"), "/guess hide red")
	must(t, h.say("org", "/guess call"), "已经要求猜先")
}

// TestPrivateChatFindsRunningEvent: a private chat follows no event; its
// commands are about the running event the sender plays in, else the
// newest one.
func TestPrivateChatFindsRunningEvent(t *testing.T) {
	h := newHarness(t)
	older := newPlayEvent(t, h, nil).start()
	newer := newPlayEvent(t, h, nil) // the group follows it now
	newer.update(func(ch *storage.Change) error {
		if err := ch.Append(&action.PlayerAdded{Name: "王五"}); err != nil {
			return err
		}
		ch.Identify("console", "wang", ch.State.EntrantOf(1))
		return nil
	})
	must(t, h.dm("wang", "/me"), "第 1 轮第")
	must(t, h.say("wang", "/me"), "王五（第 1 位）", "还没有开始")
	older.update(func(ch *storage.Change) error { return ch.Append(&action.EventFinished{}) })
	must(t, h.dm("wang", "/me"), "还没有开始")
}
