package telegram

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/internal/testpainter"

	"github.com/go-telegram/bot/models"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/storage"
)

// The group's budget, measured against the telegram-test-api emulator
// (Telegram allows a bot about 20 messages a minute in a group): a round
// lives in the group as one message edited in place, its pictures go as
// one album, and questions go to the player they are for.

// albums counts what the bot sent that the emulator does not keep
// (sendMediaGroup, sendPhoto, sendDocument), by chat; the test's
// transport records them (transport.media).
func (tr *transport) sentMedia(chat int64) int {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.media[strconv.FormatInt(chat, 10)]
}

// budgetBot runs the adapter against the emulator, its outbox delivered
// with edits coalesced every 50 ms (a test need not wait 5 s between two
// of them), with the service's options.
func budgetBot(t *testing.T, emu *emulator, tr *transport, opts ...commands.Option) (*commands.Service, *storage.Store) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	store, err := storage.Open(ctx, filepath.Join(t.TempDir(), "qisai.db"))
	if err != nil {
		t.Fatal(err)
	}
	svc := commands.New(store, opts...)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := New(svc, emu.token, WithServerURL(emu.url+"/"), WithHTTPClient(&http.Client{Transport: tr}), WithLogger(log))
	if err != nil {
		t.Fatal(err)
	}
	runEmulated(t, ctx, cancel, a, store, storage.DeliverOptions{Platform: Platform, Split: Split, Poll: 20 * time.Millisecond, EditEvery: 50 * time.Millisecond, Log: log})
	return svc, store
}

// TestGroupBudgetRound: a 16-player round with every result reported in
// the group and confirmed with the button costs the group at most 3 new
// messages (the round, edited as results come in, and its end with the
// standings), and the round's message ends showing every result.
func TestGroupBudgetRound(t *testing.T) {
	emu := startEmulator(t)
	tr := &transport{menus: map[string][]models.BotCommand{}, blocked: map[string]bool{}, media: map[string]int{}}
	budgetBot(t, emu, tr)
	const group = -1002468
	org := person{200, "王芳", "zh"}
	var players []person
	for i := range 16 {
		players = append(players, person{int64(201 + i), fmt.Sprintf("棋手%02d", i+1), "zh"})
	}
	emu.say(t, org, org.id, "/start") // the organiser's private chat: the preview goes there
	emu.say(t, org, group, "/event new 周三快棋")
	_, at := emu.await(t, 0, group, "已创建比赛「周三快棋」")
	emu.say(t, org, group, "/signup open")
	_, at = emu.await(t, at, group, "报名已开放")
	for _, p := range players {
		emu.say(t, p, group, "/join "+p.name)
		_, at = emu.await(t, at, group, "报名成功："+p.name)
	}
	emu.say(t, org, group, "/start")
	_, at = emu.await(t, at, group, "开赛！")
	emu.say(t, org, group, "/pair")
	_, at = emu.await(t, at, org.id, "第1轮编排预览")

	before := len(groupMessages(t, emu, group))
	emu.say(t, org, group, "/publish")
	round, at := emu.await(t, at, group, "第1轮对阵")
	var reds, blacks []person
	for _, p := range players {
		m, _ := emu.await(t, 0, p.id, "第 1 轮：你在")
		if strings.Contains(m.Text, "执红") {
			reds = append(reds, p)
		} else {
			blacks = append(blacks, p)
		}
	}
	for _, p := range reds {
		emu.say(t, p, group, "/report win")
	}
	for _, p := range blacks {
		m, _ := emu.await(t, 0, p.id, "确认吗？")
		emu.press(t, p, p.id, m.ID, m.button(t, "确认").CallbackData)
	}
	emu.await(t, at, group, "第 1 轮全部结束")
	// The last edits follow within EditEvery: the round's message shows
	// all 8 results.
	waitUntil(t, "the round's message to show every result", func() bool {
		for _, m := range emu.sent(t) {
			if m.ID == round.ID {
				return strings.Count(m.Text, "1-0") == 8
			}
		}
		return false
	})
	news := groupMessages(t, emu, group)[before:]
	var said []string
	for _, m := range news {
		said = append(said, fmt.Sprintf("%.40q", m.Text))
	}
	t.Logf("a 16-player round cost the group %d new messages: %s", len(news)+tr.sentMedia(group), strings.Join(said, ", "))
	if n := len(news) + tr.sentMedia(group); n > 3 {
		t.Errorf("a 16-player round cost the group %d new messages, want at most 3: %s", n, strings.Join(said, ", "))
	}
}

// TestGroupBudgetPublication: publishing a round of 200 players, its
// pictures included, costs the group at most 2 messages: the round and
// one album.
func TestGroupBudgetPublication(t *testing.T) {
	painter := testpainter.Open(t)
	emu := startEmulator(t)
	tr := &transport{menus: map[string][]models.BotCommand{}, blocked: map[string]bool{}, media: map[string]int{}}
	svc, store := budgetBot(t, emu, tr, commands.WithPainter(painter))
	const group = -1003579
	org := person{300, "王芳", "zh"}
	emu.say(t, org, org.id, "/start")
	emu.say(t, org, group, "/event new 二百人公开赛")
	_, at := emu.await(t, 0, group, "已创建比赛「二百人公开赛」")
	// The field entered at once, as an import would: what is measured is
	// the round.
	for i := range 200 {
		fill(t, svc, group, org, i, fmt.Sprintf("/player add 选手%03d 第%d中学 %d", i+1, i%20+1, 2400-i))
	}
	emu.say(t, org, group, "/start")
	_, at = emu.await(t, at, group, "开赛！")
	emu.say(t, org, group, "/pair")
	emu.await(t, 0, org.id, "第1轮编排预览")

	before := len(groupMessages(t, emu, group))
	emu.say(t, org, group, "/publish")
	emu.await(t, at, group, "第1轮对阵")
	waitUntil(t, "the outbox to be empty", func() bool {
		pending, err := store.Pending(context.Background())
		return err == nil && pending[Platform] == 0
	})
	news := len(groupMessages(t, emu, group)[before:]) + tr.sentMedia(group)
	t.Logf("publishing a 200-player round cost the group %d messages (%d of them albums)", news, tr.sentMedia(group))
	if news > 2 {
		t.Errorf("publishing a 200-player round cost the group %d messages, want at most 2", news)
	}
}

// fill has the service run text as org's in group directly, not through
// the emulator: setting up a field is not what is measured.
func fill(t *testing.T, svc *commands.Service, group int64, org person, n int, text string) {
	t.Helper()
	r := svc.Handle(context.Background(), commands.Request{
		Chat: chat.Chat{Platform: Platform, ID: strconv.FormatInt(group, 10)}, User: commands.User{ID: strconv.FormatInt(org.id, 10), Name: org.name},
		Locale: org.lang, Text: text, UpdateID: fmt.Sprint("budget:fill:", n),
	})
	if strings.Contains(r.Text, "抱歉") {
		t.Fatalf("%.40q: %q", text, r.Text)
	}
}

// groupMessages are the messages the bot sent to chat, oldest first.
func groupMessages(t *testing.T, emu *emulator, chat int64) []sent {
	t.Helper()
	var out []sent
	for _, m := range emu.sent(t) {
		if m.Chat == strconv.FormatInt(chat, 10) {
			out = append(out, m)
		}
	}
	return out
}
