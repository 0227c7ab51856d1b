package telegram

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/bot/pace"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/testclock"
	"github.com/qisai/qisai/storage"
)

// TestSoak plays a 16-player, 3-round Swiss in a Telegram group against
// the emulator, with Telegram's limits (pace.Telegram) and a 429 with
// retry_after 30 s on round 2's pairings in the group. The service stays
// up to the end; every message arrives once, and in order per chat; and
// the players' private notes of round 2 all arrive while the group's
// pairings are held back by the 429 — the platform keeps refusing the
// group until they have — so a group waiting never delays a private note.
func TestSoak(t *testing.T) {
	emu := startEmulator(t)
	emu.patience = 60 * time.Second
	api := newFront(t, emu)
	// The soak's time: the real time moved on by every wait the pacer asks
	// for (which returns at once) and by the test. Limits keep their real
	// values (pace.Telegram: 20 a minute to a group) and cost no real minutes.
	clock := testclock.Real()
	ctx, cancel := context.WithCancel(context.Background())
	store, err := storage.Open(ctx, filepath.Join(t.TempDir(), "qisai.db"), storage.WithClock(clock.Now))
	if err != nil {
		t.Fatal(err)
	}
	svc := commands.New(store, commands.WithClock(clock.Now))
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := New(svc, emu.token, WithServerURL(api.URL), WithLogger(log))
	if err != nil {
		t.Fatal(err)
	}
	// stopped is closed if a part of the service returns before the end.
	stopped := make(chan string, 2)
	var wg sync.WaitGroup
	t.Cleanup(func() { cancel(); wg.Wait(); store.Close() })
	wg.Add(2)
	go func() {
		defer wg.Done()
		if err := a.Run(ctx); err != nil || ctx.Err() == nil {
			stopped <- fmt.Sprintf("polling returned %v", err)
		}
	}()
	go func() {
		defer wg.Done()
		send := pace.New(a.Sender(), pace.Telegram, clock)
		o := storage.DeliverOptions{Platform: Platform, Undeliverable: svc.Undeliverable, Split: Split, Poll: 10 * time.Millisecond, Log: log}
		if err := store.Deliver(ctx, "soak", send, o); err != nil || ctx.Err() == nil {
			stopped <- fmt.Sprintf("delivery returned %v", err)
		}
	}()

	const group = -1009999
	org := person{300, "王芳", "zh"}
	var players []person
	for i := range 16 {
		lang := "zh"
		if i%4 == 3 {
			lang = "en"
		}
		players = append(players, person{int64(301 + i), fmt.Sprintf("棋手%02d", i+1), lang})
	}
	emu.say(t, org, org.id, "/start") // the organiser's previews come privately
	emu.say(t, org, group, "/event new 春季赛 rounds 3")
	_, at := emu.await(t, 0, group, "已创建比赛")
	emu.say(t, org, group, "/signup open")
	_, at = emu.await(t, at, group, "报名已开放")
	for _, p := range players {
		emu.say(t, p, group, "/join "+p.name)
	}
	for _, p := range players {
		_, at = emu.await(t, at, group, p.name) // in the order sent
	}
	emu.say(t, org, group, "/start")
	_, at = emu.await(t, at, group, "开赛！")

	for round := 1; round <= 3; round++ {
		emu.say(t, org, group, "/pair")
		_, at = emu.await(t, at, org.id, fmt.Sprintf("第%d轮编排预览", round))
		release := func() {}
		if round == 2 {
			release = refuseGroup(t, api, group, fmt.Sprintf("第%d轮对阵", round))
		}
		emu.say(t, org, group, "/publish")
		var reds, blacks []person
		for _, p := range players {
			want, red := fmt.Sprintf("第 %d 轮：你在", round), "执红"
			if p.lang == "en" {
				want, red = fmt.Sprintf("Round %d: you play", round), "with red"
			}
			m, _ := emu.await(t, at, p.id, want)
			if strings.Contains(m.Text, red) {
				reds = append(reds, p)
			} else {
				blacks = append(blacks, p)
			}
		}
		release() // every private note is in: the group may have its pairings
		clock.Advance(30 * time.Second)
		_, at = emu.await(t, at, group, fmt.Sprintf("第%d轮对阵", round))
		for _, p := range reds {
			emu.say(t, p, group, "/report win")
		}
		for _, p := range blacks {
			ask, yes := "确认吗？", "确认"
			if p.lang == "en" {
				ask, yes = "Do you confirm?", "Confirm"
			}
			m, _ := emu.await(t, at, p.id, ask)
			emu.press(t, p, p.id, m.ID, m.button(t, yes).CallbackData)
		}
		// In the event's language, its Chinese organiser's, whoever's
		// confirmation completed the round.
		_, at = emu.await(t, at, group, fmt.Sprintf("第 %d 轮全部结束", round))
	}

	select {
	case why := <-stopped:
		t.Fatalf("the service did not stay up: %s", why)
	default:
	}
	checkOnceInOrder(t, emu.sent(t), group, players)
}

// refuseGroup makes the platform answer the group's message containing
// first, and every message to the group after it, with a 429 asking to
// retry after 30 s, until the returned release is called; release waits
// for that message to have come (and been refused) first.
func refuseGroup(t *testing.T, api *front, group int64, first string) (release func()) {
	api.mu.Lock()
	defer api.mu.Unlock()
	refused := make(chan struct{})
	refusing := false
	api.onSend = func(form url.Values) ([]byte, func()) {
		if form.Get("chat_id") != fmt.Sprint(group) {
			return nil, nil
		}
		if !refusing && strings.Contains(form.Get("text"), first) {
			refusing = true
			close(refused)
		}
		if !refusing {
			return nil, nil
		}
		return []byte(`{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 30","parameters":{"retry_after":30}}`), nil
	}
	return func() {
		t.Helper()
		select {
		case <-refused:
		case <-time.After(60 * time.Second):
			t.Fatalf("the group's %q never came in 60 s", first)
		}
		api.mu.Lock()
		defer api.mu.Unlock()
		api.onSend = nil
	}
}

// checkOnceInOrder checks that no chat got a message twice, and that the
// rounds' messages came in the rounds' order in the group and in each
// player's private chat.
func checkOnceInOrder(t *testing.T, msgs []sent, group int64, players []person) {
	t.Helper()
	seen := map[[2]string]int{}
	for _, m := range msgs {
		k := [2]string{m.Chat, m.Text}
		if seen[k]++; seen[k] == 2 {
			t.Errorf("chat %s got this twice:\n%s", m.Chat, m.Text)
		}
	}
	order := func(chat int64, markers []string) {
		t.Helper()
		last, lastAt := "", -1
		for _, want := range markers {
			at := -1
			for i, m := range msgs {
				if m.Chat == fmt.Sprint(chat) && strings.Contains(m.Text, want) {
					at = i
					break
				}
			}
			if at <= lastAt {
				t.Errorf("chat %d: %q came at %d, not after %q at %d", chat, want, at, last, lastAt)
			}
			last, lastAt = want, at
		}
	}
	var inGroup []string
	for r := 1; r <= 3; r++ {
		inGroup = append(inGroup, fmt.Sprintf("第%d轮对阵", r))
	}
	order(group, inGroup)
	for _, p := range players {
		var notes []string
		for r := 1; r <= 3; r++ {
			note := fmt.Sprintf("第 %d 轮：你在", r)
			if p.lang == "en" {
				note = fmt.Sprintf("Round %d: you play", r)
			}
			notes = append(notes, note)
		}
		order(p.id, notes)
	}
}
