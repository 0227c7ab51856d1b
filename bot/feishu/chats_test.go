package feishu

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/storage"
)

// waitUntil waits for cond, failing the test after patience.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestRemovedFromGroup: the bot removed from a group while its messages
// wait. The reply Feishu refuses (230002, the bot outside the group) holds
// the group: the organiser hears privately, once, why and what to do in
// Feishu's words; the removal event (im.chat.member.bot.deleted_v1) holds
// it too; the private chat goes on; the bot added again
// (im.chat.member.bot.added_v1), the held messages go out in order.
func TestRemovedFromGroup(t *testing.T) {
	p := newOpenPlatform(t)
	p.names[wang.id], p.names[li.id] = wang.name, li.name
	r := startBot(t, p)
	r.say(wang, "", "/start")
	r.say(wang, club, "/event new 春季赛")
	_, at := p.await(club, 0, "已创建比赛")

	p.refuse(club, codeNotInGroup)
	r.say(wang, club, "/signup open") // delivered before the removal
	r.say(li, club, "/join 李四")
	note, _ := p.await(wang.id, 0, "我不能在「春季赛」所在的群里发消息了")
	if !strings.Contains(note.text(), "请把机器人重新加入该群") {
		t.Errorf("the note %q does not say what to do in Feishu", note.text())
	}
	ok(t, p.push(removed(club, false)), "the bot removed")
	r.say(wang, "", "/help") // the private chat is not held
	p.await(wang.id, 0, "/event")
	ctx := context.Background()
	waitUntil(t, "the group held", func() bool { n, _ := r.store.Blocked(ctx); return n[Platform] == 1 })
	told := 0
	for _, m := range sentTo(p, wang.id) {
		told += strings.Count(m.text(), "我不能在")
	}
	if told != 1 {
		t.Errorf("the organiser was told %d times; want once", told)
	}
	p.mu.Lock()
	tries := p.attempts[club]
	p.mu.Unlock()
	if tries > 4 {
		t.Errorf("%d requests to the held group: it is retried", tries)
	}

	p.refuse(club, 0)
	ok(t, p.push(removed(club, true)), "the bot added again")
	p.await(club, at, "报名成功：李四")
	var got []string
	for _, m := range sentTo(p, club)[1:] {
		got = append(got, m.text())
	}
	if len(got) != 2 || !strings.Contains(got[0], "报名已开放") || !strings.Contains(got[1], "报名成功：李四") {
		t.Errorf("the group got %q; want the signup opened, then 李四 joined", got)
	}
	waitUntil(t, "the group resumed", func() bool { n, _ := r.store.Blocked(ctx); return n[Platform] == 0 })
}

// TestMentionsNameUsers: a user @-mentioned in a message is named by
// their open_id (/arbiter add @李四, /player link), the bot's own mention
// left out, whatever the mention's key; a command typed as a reply to a
// message and naming nobody is about that message's author.
func TestMentionsNameUsers(t *testing.T) {
	p := newOpenPlatform(t)
	p.names[wang.id] = wang.name // 李四's name comes from the mention alone
	r := startBot(t, p)
	r.say(wang, club, "/event new 春季赛")
	_, at := p.await(club, 0, "已创建比赛")
	r.say(wang, club, "/arbiter add @李四", li)
	_, at = p.await(club, at, "李四 现在是俱乐部的裁判")
	zhao := person{"ou_zhao", "赵六"}
	r.say(wang, club, "/player add 赵六")
	r.say(wang, club, "/player link 赵六 @赵六", zhao)
	p.await(club, at, "已关联")
	// A reply to 孙七's message names 孙七.
	sun := person{"ou_sun", "孙七"}
	hello, id := message(sun, club, "大家好")
	p.mu.Lock()
	p.names[sun.id], p.authors[id] = sun.name, sun.id
	p.mu.Unlock()
	ok(t, p.push(hello), "孙七 says hello")
	added, _ := message(wang, club, "/arbiter add")
	ok(t, p.push(replying(added, id)), "/arbiter add as a reply")
	p.await(club, at, "孙七 现在是俱乐部的裁判")
	// 赵六 is the player, by open_id: his private chat knows him.
	r.say(zhao, "", "/me")
	if m, _ := p.await(zhao.id, 0, "春季赛"); !strings.Contains(m.text(), "赵六") {
		t.Errorf("/me of the linked user: %s; want his entry, 赵六", m.text())
	}
}

// TestLinkWithTelegram: one event followed from a Feishu group and a
// Telegram group (/link), one database: the link code the Feishu
// organiser gets privately, typed in the Telegram group, makes it follow
// the event, and what the event announces reaches both platforms, each
// through its own delivery.
func TestLinkWithTelegram(t *testing.T) {
	p := newOpenPlatform(t)
	p.names[wang.id] = wang.name
	r := startBot(t, p)
	telegram := &recorder{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.store.Deliver(ctx, "telegram-test", telegram, storage.DeliverOptions{Platform: "telegram", Poll: 20 * time.Millisecond})
	}()
	t.Cleanup(func() { cancel(); <-done })

	r.say(wang, "", "/start")
	r.say(wang, club, "/event new 春季赛")
	_, at := p.await(club, 0, "已创建比赛")
	r.say(wang, club, "/link")
	m, _ := p.await(wang.id, 0, "/link")
	code := regexp.MustCompile(`[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}`).FindString(m.text())
	if code == "" {
		t.Fatalf("/link gave no code:\n%s", m.text())
	}
	tg := chat.Chat{Platform: "telegram", ID: "-1001234"}
	reply := r.svc.Handle(ctx, commands.Request{Chat: tg, User: commands.User{ID: "4242", Name: "Tom"}, Text: "/link " + code,
		UpdateID: "telegram:update:1", Locale: "zh"})
	if !strings.Contains(reply.Text, "春季赛") {
		t.Fatalf("/link %s in the Telegram group: %q, want the event followed", code, reply.Text)
	}
	r.say(wang, club, "/signup open")
	p.await(club, at, "报名已开放")
	waitUntil(t, "the Telegram group told", func() bool { return strings.Contains(telegram.text(tg), "报名已开放") })
}

// recorder is a chat.Sender that keeps what it is given.
type recorder struct {
	mu   sync.Mutex
	sent []chat.Message
}

func (r *recorder) Send(_ context.Context, m chat.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent = append(r.sent, m)
	return nil
}

// text is all that chat c got.
func (r *recorder) text(c chat.Chat) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var b strings.Builder
	for _, m := range r.sent {
		if m.Chat == c {
			b.WriteString(m.Text + "\n")
		}
	}
	return b.String()
}

// TestMenu: a bot menu item whose event key names a command runs it in
// the user's private chat; one that names none runs nothing, and the
// event is answered as done all the same.
func TestMenu(t *testing.T) {
	p := newOpenPlatform(t)
	r := startBot(t, p)
	menu := func(key string) []byte {
		return envelope("application.bot.menu_v6", "", map[string]any{"event_key": key, "timestamp": time.Now().Unix(),
			"operator": map[string]any{"operator_name": wang.name, "operator_id": map[string]any{"open_id": wang.id}}})
	}
	ok(t, p.push(menu("no_such_command")), "an unknown menu item")
	ok(t, p.push(menu("help")), "the help menu item")
	m, _ := p.await(wang.id, 0, "/event")
	if len(sentTo(p, wang.id)) != 1 {
		t.Errorf("the menu items sent %d messages; want 1, /help's", len(sentTo(p, wang.id)))
	}
	if !strings.Contains(m.text(), "/report") {
		t.Errorf("/help from the menu: %s", m.text())
	}
	keys := menuKeys(r.svc.Commands())
	found := false
	for _, k := range keys {
		if strings.Contains(k, " ") {
			t.Errorf("menu key %q has a space", k)
		}
		if c, ok := menuCommand(r.svc.Commands(), k); !ok || strings.ReplaceAll(c, " ", "_") != k {
			t.Errorf("menu key %q runs %q, %v", k, c, ok)
		}
		found = found || k == "me"
	}
	if !found {
		t.Errorf("the menu keys %v lack me", keys)
	}
}
