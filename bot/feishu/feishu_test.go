package feishu

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/storage"
)

// running is the adapter against an openPlatform, delivering its outbox.
type running struct {
	a     *Adapter
	p     *openPlatform
	svc   *commands.Service
	store *storage.Store
}

// startBot runs the adapter against p on a fresh SQLite database until
// the test ends: Run (the long connection, unless opts say the callback)
// and the outbox's delivery of Feishu's messages through the Sender.
func startBot(t *testing.T, p *openPlatform, opts ...Option) *running {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	store, err := storage.Open(ctx, filepath.Join(t.TempDir(), "qisai.db"))
	if err != nil {
		t.Fatal(err)
	}
	svc := commands.New(store)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := New(svc, testAppID, testSecret, append([]Option{WithServerURL(p.srv.URL), WithLogger(log)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	t.Cleanup(func() { cancel(); wg.Wait(); store.Close() })
	wg.Add(2)
	go func() {
		defer wg.Done()
		if err := a.Run(ctx); err != nil {
			t.Errorf("run: %v", err)
		}
	}()
	go func() {
		defer wg.Done()
		err := store.Deliver(ctx, "feishu-test", a.Sender(), storage.DeliverOptions{Platform: Platform, Poll: 20 * time.Millisecond, Split: Split,
			Undeliverable: svc.Undeliverable, Blocked: svc.Blocked, Log: log})
		if err != nil {
			t.Errorf("deliver: %v", err)
		}
	}()
	return &running{a: a, p: p, svc: svc, store: store}
}

// say pushes a message of who's in chat (a group, or "" for who's private
// chat) and waits until the bot has handled it.
func (r *running) say(who person, chatID, text string, mentioned ...person) {
	r.p.t.Helper()
	payload, _ := message(who, chatID, text, mentioned...)
	ok(r.p.t, r.p.push(payload), text)
}

const club = "oc_club"

var (
	wang = person{"ou_wang", "王芳"}
	li   = person{"ou_li", "李四"}
)

// players are 16 club members, the last four with English names.
func players() []person {
	names := []string{"张三", "李雷", "王五", "赵六", "孙七", "周八", "吴九", "郑十", "钱一", "冯二", "陈三", "褚四", "Ann", "Ben", "Cat", "Dan"}
	out := make([]person, len(names))
	for i, n := range names {
		out[i] = person{fmt.Sprintf("ou_p%02d", i+1), n}
	}
	return out
}

// TestSwissFromAGroup runs a 16-player Swiss of four rounds to the end
// from a Feishu group, over the SDK's long connection: players join, the
// organiser pairs and publishes each round, the red players report in the
// group — half in Chinese command words — and each opponent confirms with
// the button on the card the bot sent them privately, whose callback
// removes its buttons in place. Along the way: a redelivered event changes
// nothing and is answered as done, a 429 is waited out for its reset, a
// button pressed again after its result is in says so, and the last
// round's /pair points to /finish.
func TestSwissFromAGroup(t *testing.T) {
	p := newOpenPlatform(t)
	ps := players()
	for _, x := range append([]person{wang}, ps...) {
		p.names[x.id] = x.name
	}
	r := startBot(t, p)

	r.say(wang, "", "/start") // the organiser's private chat
	r.say(wang, club, "/event new 周末快棋赛 rounds 4")
	_, at := p.await(club, 0, "已创建比赛「周末快棋赛」")
	r.say(wang, club, "/signup open")
	_, at = p.await(club, at, "报名已开放")

	// A 429 for the first join's reply: the outbox waits out its reset.
	p.limit(club, 1, 1)
	var joined []byte
	for i, x := range ps {
		cmd := "/join " + x.name
		if i%2 == 1 {
			cmd = "/报名 " + x.name // the command's Chinese word
		}
		payload, _ := message(x, club, cmd)
		ok(t, p.push(payload), cmd)
		if i == 0 {
			joined = payload
		}
	}
	// Feishu delivers an event again when its answer was lost: it is
	// answered as done and changes nothing.
	ok(t, p.push(joined), "the first join again")
	for _, x := range ps {
		_, at = p.await(club, at, "报名成功："+x.name)
	}
	p.mu.Lock()
	// A send repeated with its uuid (an answer that came too late on a
	// loaded machine) sends nothing: it is not a request of its own here.
	joins, attempts := 0, p.attempts[club]-p.repeats[club]
	for _, m := range p.sent {
		if strings.Contains(m.text(), "报名成功："+ps[0].name) {
			joins++
		}
	}
	p.mu.Unlock()
	if joins != 1 {
		t.Errorf("%s's join was answered %d times; want once, the redelivered event changing nothing", ps[0].name, joins)
	}
	if sentThere := len(sentTo(p, club)); attempts != sentThere+1 {
		t.Errorf("%d requests for the group's %d messages; want one more, the one answered 429", attempts, sentThere)
	}

	r.say(wang, club, "/start")
	_, at = p.await(club, at, "开赛！")

	type card struct {
		who  person
		m    sent
		cmd  string
		priv bool
	}
	var used []card
	for round := 1; round <= 4; round++ {
		r.say(wang, club, "/pair")
		p.await(wang.id, 0, fmt.Sprintf("第%d轮编排预览", round))
		published := p.count()
		r.say(wang, club, "/publish")
		_, at = p.await(club, at, fmt.Sprintf("第%d轮对阵", round))
		var reds, blacks []person
		for _, x := range ps {
			want := fmt.Sprintf("第 %d 轮：你在", round)
			m, _ := p.await(x.id, published, want)
			if strings.Contains(m.text(), "执红") {
				reds = append(reds, x)
			} else {
				blacks = append(blacks, x)
			}
		}
		if len(reds) != len(ps)/2 {
			t.Fatalf("round %d: %d of %d players play red; want half", round, len(reds), len(ps))
		}
		asked := p.count()
		for i, x := range reds {
			cmd := "/report win"
			if i%2 == 1 {
				cmd = "/报告 胜"
			}
			r.say(x, club, cmd)
		}
		for _, x := range blacks {
			m, _ := p.await(x.id, asked, "确认吗？")
			cmd, priv := m.button("确认")
			if cmd == "" || !priv {
				t.Fatalf("round %d: the question to %s has no private 确认 button:\n%s", round, x.name, m.Content)
			}
			answer := p.push(press(x, m, cmd, priv))
			ok(t, answer, "确认")
			var cb struct {
				Card struct {
					Type string          `json:"type"`
					Data json.RawMessage `json:"data"`
				} `json:"card"`
			}
			if err := json.Unmarshal(answer.Data, &cb); err != nil || cb.Card.Type != "raw" || strings.Contains(string(cb.Card.Data), "button") ||
				!strings.Contains(string(cb.Card.Data), "确认吗？") {
				t.Errorf("round %d: the callback's answer %s; want the card again, its question kept and its buttons gone", round, answer.Data)
			}
			p.await(x.id, asked, "已确认")
			used = append(used, card{x, m, cmd, priv})
		}
		_, at = p.await(club, at, fmt.Sprintf("第 %d 轮全部结束", round))
	}

	// A button pressed again, after its result is in, changes nothing and
	// says so.
	stale := used[0]
	before := p.count()
	ok(t, p.push(press(stale.who, stale.m, stale.cmd, stale.priv)), "a used button")
	p.await(stale.who.id, before, "这个按钮已失效")

	r.say(wang, club, "/pair")
	m, _ := p.await(club, at, "/finish")
	if strings.Contains(m.text(), "/publish") {
		t.Errorf("after the fourth round /pair offers another round:\n%s", m.text())
	}
	r.say(wang, club, "/finish")
	_, at = p.await(club, at, "「周末快棋赛」结束！")
	r.say(wang, club, "/standings")
	standings, _ := p.await(club, at, "积分")
	for _, x := range ps {
		if !strings.Contains(standings.text(), x.name) {
			t.Errorf("the final standings lack %s:\n%s", x.name, standings.text())
		}
	}
	if standings.Kind != "post" || !strings.Contains(standings.Content, `"code_block"`) {
		t.Errorf("the standings went as %s %s; want a rich-text message with the table in a code block", standings.Kind, standings.Content)
	}
}

// sentTo is what p's chat to got.
func sentTo(p *openPlatform, to string) []sent {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []sent
	for _, m := range p.sent {
		if m.To == to {
			out = append(out, m)
		}
	}
	return out
}
