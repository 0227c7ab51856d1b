package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/storage"
)

// tgGroup is a Telegram group: there user ids are numbers nobody sees.
var tgGroup = chat.Chat{Platform: "telegram", ID: "-1001"}

// tg sends req in the Telegram group, from the bot's point of view.
func tg(t *testing.T, h *harness, req Request) Reply {
	t.Helper()
	h.update++
	req.Chat, req.Bot, req.Locale = tgGroup, "qisai_bot", "zh"
	req.UpdateID = fmt.Sprintf("telegram:update:%d", h.update)
	return h.svc.Handle(context.Background(), req)
}

var (
	tgOrg = User{ID: "100", Name: "Org", Username: "org"}
	tgLi  = User{ID: "777", Name: "Li Wei", Username: "li_wei"}
)

// tgEvent is an event in tgGroup organised by tgOrg.
func tgEvent(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t)
	must(t, tg(t, h, Request{User: tgOrg, Text: "/event new 周赛"}).Text, "已创建比赛")
	return h
}

// isArbiter reports whether the Telegram user id is an arbiter of the
// group's event.
func isArbiter(t *testing.T, h *harness, id string) bool {
	t.Helper()
	ev, err := h.store.EventOf(context.Background(), tgGroup)
	if err != nil {
		t.Fatal(err)
	}
	roles, err := h.store.Roles(context.Background(), ev, "telegram", id)
	if err != nil {
		t.Fatal(err)
	}
	return slices.Contains(roles, storage.Arbiter)
}

// TestCommandForAnotherBot: in a group every bot reads "/join@otherbot";
// qisai runs only what names it, or no bot.
func TestCommandForAnotherBot(t *testing.T) {
	h := tgEvent(t)
	tg(t, h, Request{User: tgOrg, Text: "/signup open"})
	if r := tg(t, h, Request{User: tgLi, Text: "/join@otherbot 李伟"}); r.Text != "" {
		t.Errorf("/join@otherbot answered %q, want nothing", r.Text)
	}
	if r := tg(t, h, Request{User: tgLi, Text: "/start@OtherBot"}); r.Text != "" {
		t.Errorf("/start@OtherBot answered %q, want nothing", r.Text)
	}
	ev, err := h.store.EventOf(context.Background(), tgGroup)
	if err != nil {
		t.Fatal(err)
	}
	st, err := h.store.Load(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(st.Event.Players); n != 0 {
		t.Fatalf("%d players after commands for another bot, want 0", n)
	}
	must(t, tg(t, h, Request{User: tgLi, Text: "/join@Qisai_Bot 李伟"}).Text, "报名成功")
}

// TestAnonymousAdmin: every anonymous admin of a Telegram group is one
// user to the bot, so qisai refuses them, in both languages, and tells
// them to post as themselves; nothing changes.
func TestAnonymousAdmin(t *testing.T) {
	h := newHarness(t)
	r := tg(t, h, Request{User: User{ID: "1087968824", Name: "Group"}, Anonymous: true, Text: "/event new 匿名赛"})
	must(t, r.Text, "匿名管理员", "保持匿名", "anonymous admin", "Remain anonymous")
	if _, err := h.store.EventOf(context.Background(), tgGroup); err == nil {
		t.Errorf("an anonymous admin created an event")
	}
}

// TestArbiterNamed: an arbiter is named by a reply, a text mention, a
// handle qisai has seen, or the name of a user seen in the group in any
// script; what is stored is their id. A name nobody here has, or two
// users share, is answered with how to name them, and grants nothing.
func TestArbiterNamed(t *testing.T) {
	chen := User{ID: "888", Name: "老陈"}
	tests := []struct {
		name string
		req  Request
		seen []User // who wrote in the group before
		want string
		id   string // the arbiter made, "" none
	}{
		{"by a reply", Request{Text: "/arbiter add", ReplyTo: &tgLi}, nil, "Li Wei 现在是俱乐部的裁判", "777"},
		{"by a text mention", Request{Text: "/arbiter add Li Wei", Mentions: []Mention{{Text: "Li Wei", User: tgLi}}}, nil, "现在是俱乐部的裁判", "777"},
		{"by a seen handle", Request{Text: "/arbiter add @Li_Wei"}, []User{tgLi}, "@Li_Wei 现在是俱乐部的裁判", "777"},
		{"by a seen name with a space", Request{Text: "/arbiter add @li wei"}, []User{tgLi}, "Li Wei 现在是俱乐部的裁判", "777"},
		{"by a seen Chinese name", Request{Text: "/arbiter add @老陈"}, []User{tgLi, chen}, "老陈 现在是俱乐部的裁判", "888"},
		{"by a full-width at", Request{Text: "/arbiter add ＠老陈"}, []User{chen}, "老陈 现在是俱乐部的裁判", "888"},
		{"for this event only", Request{Text: "/arbiter add @老陈 本赛"}, []User{chen}, "老陈 现在是本赛裁判", "888"},
		{"by an unseen handle", Request{Text: "/arbiter add @li_wei"}, nil, "还没见过 @li_wei 发言", ""},
		{"by a name seen elsewhere", Request{Text: "/arbiter add @老陈"}, nil, "还没见过 @老陈 发言", ""},
		{"by a name two users share", Request{Text: "/arbiter add @老陈"}, []User{chen, {ID: "999", Name: "老陈"}}, "有 2 位用户叫 @老陈", ""},
		{"by a plain name", Request{Text: "/arbiter add 李伟"}, []User{tgLi}, "看不出", ""},
		{"by nobody", Request{Text: "/arbiter add"}, []User{tgLi}, "回复对方的消息", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := tgEvent(t)
			for _, u := range tt.seen {
				tg(t, h, Request{User: u, Text: "大家好"}) // not a command: seen all the same
			}
			if tt.name == "by a name seen elsewhere" {
				h.update++
				h.svc.Handle(context.Background(), Request{Chat: chat.Chat{Platform: "telegram", ID: "-2002"}, User: chen, Text: "你好"})
			}
			req := tt.req
			req.User = tgOrg
			must(t, tg(t, h, req).Text, tt.want)
			for _, id := range []string{"777", "888", "999"} {
				if got := isArbiter(t, h, id); got != (id == tt.id) {
					t.Errorf("user %s arbiter: %v, want %v", id, got, id == tt.id)
				}
			}
			if isArbiter(t, h, "li_wei") || isArbiter(t, h, "@li_wei") {
				t.Errorf("a handle was stored as a user id")
			}
		})
	}
}

// TestHelpArbiter: /help arbiter says how to name a user.
func TestHelpArbiter(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("org", "/help arbiter"), "/arbiter add", "回复对方的消息", "@用户名", "Discord 上用 user 选项")
	must(t, h.sendAs("org", "en", "/help arbiter").Text, "reply to one of their messages", "the user option")
}

// TestPostAsChannel: a post made as a channel acts as the channel (the
// adapter names it as the user): a member posting as another channel is
// not the event's organiser.
func TestPostAsChannel(t *testing.T) {
	h := newHarness(t)
	channel := User{ID: "-1002", Name: "象棋频道"}
	must(t, tg(t, h, Request{User: channel, Text: "/event new 频道赛"}).Text, "你是组织者")
	must(t, tg(t, h, Request{User: User{ID: "-1003", Name: "别的频道"}, Text: "/signup open"}).Text, "只有组织者")
	must(t, tg(t, h, Request{User: channel, Text: "/signup open"}).Text, "报名已开放")
}

// TestLogNamesPeople: /log names who acted by their player's name, else
// the name qisai saw them under — never by the platform's numeric id.
func TestLogNamesPeople(t *testing.T) {
	h := tgEvent(t)
	tg(t, h, Request{User: tgOrg, Text: "/signup open"})
	must(t, tg(t, h, Request{User: tgLi, Text: "/join 李伟"}).Text, "报名成功")
	log := tg(t, h, Request{User: tgOrg, Text: "/log"}).Text
	must(t, log, "Org 开放报名", "李伟 添加选手 李伟")
	for _, id := range []string{" 100 ", " 777 "} {
		if strings.Contains(log, id) {
			t.Errorf("the log names a user by id %q:\n%s", id, log)
		}
	}
}

// TestStatementStoredWithChange: where the adapter queues replies
// (Telegram), what a command says in a chat of the event is stored with
// its change under the reply's key: the chat hears it even when the
// service stopped before the reply was queued, and hears it once.
func TestStatementStoredWithChange(t *testing.T) {
	h := tgEvent(t)
	tg(t, h, Request{User: tgOrg, Text: "/player add 李伟"})
	tg(t, h, Request{User: tgOrg, Text: "/player add 王五"})
	h.drain()
	h.update++
	start := Request{Chat: tgGroup, Bot: "qisai_bot", User: tgOrg, Locale: "zh", RepliesQueued: true,
		Text: "/start", UpdateID: fmt.Sprintf("telegram:update:%d", h.update)}
	reply := h.svc.Handle(context.Background(), start)
	must(t, reply.Text, "开赛！", "/pair")
	if !reply.Queued {
		t.Error("the reply does not say it is in the outbox already (Reply.Queued): a Discord response would repeat it")
	}
	if got := h.drain()[tgGroup.ID]; len(got) != 1 || got[0] != reply.Text {
		t.Fatalf("the change stored %q for the group, want the reply: %q", got, reply.Text)
	}
	// The adapter queues the reply under the same key: nothing more is sent.
	if err := h.svc.Enqueue(context.Background(), chat.Message{Chat: tgGroup, Text: reply.Text, DedupKey: ReplyKey(start.UpdateID)}); err != nil {
		t.Fatal(err)
	}
	if got := h.drain()[tgGroup.ID]; len(got) != 0 {
		t.Errorf("the reply queued again sent %q", got)
	}

	// A round is the group's message of its own, stored with its change;
	// the publisher is answered privately.
	tg(t, h, Request{User: tgOrg, Text: "/pair"})
	h.drain()
	h.update++
	publish := start
	publish.Text, publish.UpdateID = "/publish", fmt.Sprintf("telegram:update:%d", h.update)
	reply = h.svc.Handle(context.Background(), publish)
	if !reply.Private || reply.Queued {
		t.Errorf("/publish answered %+v, want its publisher told privately", reply)
	}
	if got := h.drain()[tgGroup.ID]; len(got) != 1 || !strings.Contains(got[0], "第1轮对阵") {
		t.Errorf("the change stored %q for the group, want the round's message", got)
	}
}
