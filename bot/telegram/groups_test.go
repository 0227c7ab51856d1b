package telegram

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/testclock"
	"github.com/qisai/qisai/storage"
)

var (
	wang = person{100, "王芳", "zh"}
	li   = person{101, "李四", "zh"}
	ann  = person{104, "Ann", "en"}
)

// TestMigration: a group upgraded to a supergroup while messages for it
// wait. The reply to a command typed just before the upgrade is refused
// at the old id with migrate_to_chat_id: the group's event, its messages
// waiting and the rest move to the new id in one transaction, and the
// reply goes there; the service messages saying so change nothing more;
// a later command in the supergroup finds the event. Nothing more is sent
// to the old id.
func TestMigration(t *testing.T) {
	api := newTG(t)
	bot := startBot(t, api.URL)
	const old, super = -4001, -1004001
	api.message(wang, old, "/event new 春季赛", inGroup(old))
	api.await(old, "已创建比赛「春季赛」")
	before := len(api.sentTo(old))

	// The upgrade: the old id takes nothing more.
	api.mu.Lock()
	api.moved["-4001"] = super
	api.mu.Unlock()
	api.message(wang, old, "/signup open", inGroup(old))
	api.message(li, old, "/join 李四", inGroup(old)) // typed just before, delivered after
	api.await(super, "报名已开放")
	api.await(super, "报名成功：李四")
	// Telegram's service messages, in the old group and in the new one.
	api.message(wang, old, "", map[string]any{"chat": groupJSON(old), "migrate_to_chat_id": super})
	api.message(wang, super, "", map[string]any{"migrate_from_chat_id": old})
	api.say(ann, super, "/join Ann")
	api.await(super, "报名成功：Ann") // the group reads its event's Chinese

	if n := len(api.sentTo(old)); n != before {
		t.Errorf("%d messages went to the old id after the upgrade; want none", n-before)
	}
	ctx := context.Background()
	evs, err := bot.store.ChatEvents(ctx, chat.Chat{Platform: Platform, ID: "-1004001"})
	if err != nil || len(evs) != 1 || evs[0].Name != "春季赛" {
		t.Errorf("the supergroup follows %+v (%v); want 春季赛", evs, err)
	}
	// The old id is a forwarding to the new one, nothing of its own.
	if to, err := bot.store.MovedTo(ctx, chat.Chat{Platform: Platform, ID: "-4001"}); err != nil || to.ID != "-1004001" {
		t.Errorf("the old group moved to %v (%v); want -1004001", to, err)
	}
	// The last reply reached the server before the outbox marked it sent.
	waitUntil(t, "no message waiting", func() bool {
		n, err := bot.store.Pending(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return n[Platform] == 0
	})
}

// TestMigrationMessage: the service message alone (the old group said
// nothing since) moves the group, and a command in the supergroup finds
// its event.
func TestMigrationMessage(t *testing.T) {
	api := newTG(t)
	startBot(t, api.URL)
	const old, super = -4002, -1004002
	api.message(wang, old, "/event new 秋季赛", inGroup(old))
	api.await(old, "已创建比赛「秋季赛」")
	api.message(wang, old, "", map[string]any{"chat": groupJSON(old), "migrate_to_chat_id": super})
	api.say(wang, super, "/event show")
	api.await(super, "秋季赛")
}

// TestKicked: the bot removed from a group. A send there is refused (403):
// the group is held, not retried for hours, and its organiser hears once,
// privately, what to grant — also when my_chat_member says the same — while
// the organiser's private chat goes on. my_chat_member showing the bot a
// member again resumes the group: its messages go out, in order.
func TestKicked(t *testing.T) {
	api := newTG(t)
	bot := startBot(t, api.URL)
	const group = -100777
	api.say(wang, wang.id, "/start") // the organiser's private chat
	api.await(wang.id, "")
	api.say(wang, group, "/event new 春季赛")
	api.await(group, "已创建比赛")

	api.mu.Lock()
	api.kicked["-100777"] = "Forbidden: bot was kicked from the supergroup chat"
	api.mu.Unlock()
	api.say(wang, group, "/signup open") // delivered before the removal
	api.say(li, group, "/join 李四")
	note := api.await(wang.id, "我不能在「春季赛」所在的群里发消息了")
	if !strings.Contains(note.Text, "请把我重新加入该群") {
		t.Errorf("the note %q does not say what to grant", note.Text)
	}
	api.post(map[string]any{"my_chat_member": memberUpdate(group, "kicked")})
	api.say(wang, wang.id, "/help") // the private chat is not held
	api.await(wang.id, "/event")
	ctx := context.Background()
	waitUntil(t, "the group held", func() bool { n, _ := bot.store.Blocked(ctx); return n[Platform] == 1 })
	if n := strings.Count(strings.Join(texts(api.sentTo(wang.id)), "\n"), "我不能在"); n != 1 {
		t.Errorf("the organiser was told %d times; want once", n)
	}
	if n := api.called("sendMessage"); n > 10 {
		t.Errorf("%d sends: the held group is retried", n)
	}

	// Added back.
	api.mu.Lock()
	delete(api.kicked, "-100777")
	api.mu.Unlock()
	api.post(map[string]any{"my_chat_member": memberUpdate(group, "member")})
	api.await(group, "报名成功：李四")
	got := texts(api.sentTo(group))
	open, joined := slices.IndexFunc(got, has("报名已开放")), slices.IndexFunc(got, has("报名成功：李四"))
	if open < 0 || joined < open {
		t.Errorf("the group got %q; want the signup opened, then 李四 joined", got)
	}
	waitUntil(t, "the group resumed", func() bool { n, _ := bot.store.Blocked(ctx); return n[Platform] == 0 })
}

// TestKickedProbe: a held group resumes by itself when a later send gets
// through (its rights came back unannounced), after the probe's wait on
// the store's clock.
func TestKickedProbe(t *testing.T) {
	api := newTG(t)
	clock := testclock.Real()
	bot := startBot(t, api.URL, storage.WithClock(clock.Now))
	const group = -100778
	api.say(wang, group, "/event new 春季赛")
	api.await(group, "已创建比赛")
	api.mu.Lock()
	api.kicked["-100778"] = "Forbidden: bot is not a member of the supergroup chat"
	api.mu.Unlock()
	api.say(wang, group, "/signup open")
	ctx := context.Background()
	waitUntil(t, "the group held", func() bool { n, _ := bot.store.Blocked(ctx); return n[Platform] == 1 })
	api.mu.Lock()
	delete(api.kicked, "-100778")
	api.mu.Unlock()
	clock.Advance(time.Hour)
	api.await(group, "报名已开放")
	waitUntil(t, "the group resumed", func() bool { n, _ := bot.store.Blocked(ctx); return n[Platform] == 0 })
}

// TestTopics: in a forum, the reply goes to the topic the command was
// typed in, and the event's announcements to the topic it lives in (where
// it was created), whatever topic a later command came from; the messages
// of a topic deleted meanwhile go to the group's main thread.
func TestTopics(t *testing.T) {
	api := newTG(t)
	startBot(t, api.URL)
	const forum = -100555
	inTopic := func(p person, thread int, text string) {
		extra := topicMessage(thread)
		extra["chat"] = forumJSON(forum)
		api.message(p, forum, text, extra)
	}
	inTopic(wang, 7, "/event new 春季赛")
	if m := api.await(forum, "已创建比赛"); m.Thread != "7" {
		t.Errorf("the reply went to topic %q; want 7, where the command was typed", m.Thread)
	}
	inTopic(wang, 7, "/signup open")
	api.await(forum, "报名已开放")
	// An organiser's /undo typed in topic 9: its announcement goes to
	// topic 7, where the event lives, the reply to topic 9.
	inTopic(wang, 9, "/undo 2")
	var reply, announced bool
	defer func() {
		if t.Failed() {
			t.Logf("sent: %+v", api.sentTo(forum))
		}
	}()
	waitUntil(t, "the reply in topic 9 and the announcement in topic 7", func() bool {
		for _, m := range api.sentTo(forum) {
			reply = reply || m.Thread == "9" && strings.Contains(m.Text, "已撤销")
			announced = announced || m.Thread == "7" && strings.Contains(m.Text, "已被 王芳 撤销")
		}
		return reply && announced
	})
	api.mu.Lock()
	api.deleted["-100555/7"] = true
	api.mu.Unlock()
	inTopic(wang, 9, "/signup open")
	inTopic(wang, 9, "/undo 4")
	waitUntil(t, "the announcement in the main thread", func() bool {
		n := 0
		for _, m := range api.sentTo(forum) {
			if m.Thread == "" && strings.Contains(m.Text, "已被 王芳 撤销") {
				n++
			}
		}
		return n == 1
	})
}

// TestStartRefused: Telegram refusing its first calls — no server at all
// (connection refused), then 502s on deleteWebhook and getMe — does not
// stop the adapter: it tries again with a growing backoff, says it is not
// reached meanwhile (WithStatus), and runs commands once Telegram answers.
func TestStartRefused(t *testing.T) {
	addr := refusedPort(t)
	bot := startBot(t, "http://"+addr)
	if up := <-bot.status; up {
		t.Fatal("the status says up before Telegram answered")
	}
	waitUntil(t, "a few tries", func() bool { return len(bot.slept()) >= 3 })
	waits := bot.slept()
	if waits[0] != time.Second || waits[1] < waits[0] {
		t.Errorf("backoffs %v; want 1 s, growing", waits)
	}
	// Telegram comes up at that address, answering 502 at first.
	api := newTGAt(t, addr, func(api *tg) {
		api.fail("deleteWebhook", 2, 502, "<html>502 Bad Gateway</html>")
		api.fail("getMe", 2, 502, "<html>502 Bad Gateway</html>")
	})
	waitUntil(t, "the status up", func() bool {
		for {
			select {
			case up := <-bot.status:
				if up {
					return true
				}
			default:
				return false
			}
		}
	})
	waitUntil(t, "the bot's name, once getMe is answered", func() bool { return bot.a.botName() == "qisai_bot" })
	api.say(wang, -100, "/event@qisai_bot new 春季赛")
	api.await(-100, "已创建比赛")
}

// TestGetMeFailing: until Telegram has said the bot's own name, a command
// addressed to a bot is left alone — it may be another bot's — and a
// command addressed to none runs; getMe is asked again in the background,
// and then the bot's own commands run and another's still do not.
func TestGetMeFailing(t *testing.T) {
	api := newTG(t)
	api.fail("getMe", 1000, 502, "<html>502 Bad Gateway</html>")
	bot := startBot(t, api.URL)
	const group = -100
	api.say(wang, group, "/event@OtherBot new 他人的比赛")
	api.say(wang, group, "/event@qisai_bot new 春季赛")
	api.say(wang, group, "/event new 秋季赛")
	api.await(group, "已创建比赛「秋季赛」")
	for _, m := range api.sentTo(group) {
		if strings.Contains(m.Text, "他人的比赛") || strings.Contains(m.Text, "春季赛") {
			t.Errorf("a command addressed to a bot ran before its name was known: %q", m.Text)
		}
	}
	api.mu.Lock()
	delete(api.faults, "getMe")
	api.mu.Unlock()
	waitUntil(t, "the bot's name", func() bool { return bot.a.botName() == "qisai_bot" })
	api.say(wang, group, "/event@OtherBot new 他人的比赛")
	api.say(wang, group, "/events@qisai_bot")
	api.await(group, "秋季赛")
	for _, m := range api.sentTo(group) {
		if strings.Contains(m.Text, "他人的比赛") {
			t.Errorf("another bot's command ran: %q", m.Text)
		}
	}
}

// TestDirect429: removing a pressed button's keyboard and answering the
// press are retried on 429, after the retry_after Telegram asked for;
// an edit answered "message is not modified" is done.
func TestDirect429(t *testing.T) {
	api := newTG(t)
	bot := startBot(t, api.URL)
	const tooMany = `{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 3","parameters":{"retry_after":3}}`
	api.fail("answerCallbackQuery", 1, 429, tooMany)
	api.fail("editMessageReplyMarkup", 1, 429, tooMany)
	press := func(id string) {
		api.post(map[string]any{"callback_query": map[string]any{"id": id, "from": wang.user(), "data": "/me e1 r1 b1 a1",
			"message": map[string]any{"message_id": 5, "date": 0, "chat": chatJSON(wang.id)}}})
	}
	press("q1")
	waitUntil(t, "the press answered and its buttons removed", func() bool {
		api.mu.Lock()
		defer api.mu.Unlock()
		return len(api.edits["answerCallbackQuery"]) == 1 && len(api.edits["editMessageReplyMarkup"]) == 1
	})
	if n := api.called("answerCallbackQuery"); n != 2 {
		t.Errorf("answerCallbackQuery called %d times; want 2 (the 429, then again)", n)
	}
	if got := bot.slept(); slices.Index(got, 3*time.Second) < 0 {
		t.Errorf("waits %v; want the 3 s retry_after", got)
	}
	// An edit that changes nothing is no failure, and not retried.
	api.fail("editMessageReplyMarkup", 1, 400, `{"ok":false,"error_code":400,"description":"Bad Request: message is not modified"}`)
	press("q2")
	waitUntil(t, "the second press answered", func() bool { return api.called("editMessageReplyMarkup") == 3 })
	err := bot.a.direct(context.Background(), func(context.Context) error { return nil })
	if err != nil {
		t.Error(err)
	}
}

// TestEdited: a command edited is not run again, and gets a short note
// once, in the editor's language; a message that was no command, edited
// into one, runs once.
func TestEdited(t *testing.T) {
	api := newTG(t)
	startBot(t, api.URL)
	const group = -100
	id := api.say(wang, group, "/event new 春季赛")
	api.await(group, "已创建比赛「春季赛」")
	edit := func(p person, id int, text string) {
		api.post(map[string]any{"edited_message": map[string]any{"message_id": id, "date": time.Now().Unix(), "edit_date": time.Now().Unix(),
			"from": p.user(), "chat": chatJSON(group), "text": text}})
	}
	edit(wang, id, "/event new 秋季赛")
	edit(wang, id, "/event new 冬季赛")
	api.await(group, "编辑过的命令不会再执行")
	typo := api.say(ann, group, "event list") // no command: not answered
	edit(ann, typo, "/events")
	edit(ann, typo, "/events")
	api.await(group, "I do not run an edited command again")
	var notes, created int
	for _, m := range api.sentTo(group) {
		if strings.Contains(m.Text, "编辑过的命令") {
			notes++
		}
		if strings.Contains(m.Text, "秋季赛") || strings.Contains(m.Text, "冬季赛") {
			created++
		}
	}
	if notes != 1 || created != 0 {
		t.Errorf("%d notes and %d events made by edits; want one note and none", notes, created)
	}
	if n := strings.Count(strings.Join(texts(api.sentTo(group)), "\n"), "春季赛"); n < 2 {
		t.Errorf("the edited-in /events was not answered: %q", texts(api.sentTo(group)))
	}
}

// memberUpdate is a my_chat_member update: the bot's status in chat is now
// status.
func memberUpdate(chatID int64, status string) map[string]any {
	me := map[string]any{"id": 666, "is_bot": true, "first_name": "qisai", "username": "qisai_bot"}
	return map[string]any{"chat": chatJSON(chatID), "from": wang.user(), "date": time.Now().Unix(),
		"old_chat_member": map[string]any{"status": "member", "user": me},
		"new_chat_member": map[string]any{"status": status, "user": me}}
}

func texts(ms []tgSent) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Text
	}
	return out
}

func has(want string) func(string) bool {
	return func(s string) bool { return strings.Contains(s, want) }
}

// TestStartUnauthorized: a token Telegram does not know is a
// configuration error: Run says so at once instead of waiting.
func TestStartUnauthorized(t *testing.T) {
	api := newTG(t)
	api.fail("deleteWebhook", 1, 401, `{"ok":false,"error_code":401,"description":"Unauthorized"}`)
	a, err := New(nil, "42:wrong", WithServerURL(api.URL))
	if err != nil {
		t.Fatal(err)
	}
	a.sleep = func(context.Context, time.Duration) { t.Error("Run waited for a token Telegram refuses") }
	if err := a.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "QISAI_TELEGRAM_TOKEN") {
		t.Errorf("Run = %v; want the token named", err)
	}
}
