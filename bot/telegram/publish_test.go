package telegram

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/storage"
)

// collect is a Sender that keeps what it is given.
type collect struct {
	mu   sync.Mutex
	msgs []chat.Message
}

func (c *collect) Send(_ context.Context, m chat.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.msgs = append(c.msgs, m)
	return nil
}

// TestPublish200 (issue 9: a round fits a group's budget): publishing a
// round of a 200-player event says it in the group in at most a few
// Telegram messages — one table, split at Telegram's length — whatever
// the field size.
func TestPublish200(t *testing.T) {
	ctx := context.Background()
	store, err := storage.Open(ctx, filepath.Join(t.TempDir(), "qisai.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	svc := commands.New(store)
	group := chat.Chat{Platform: Platform, ID: "-100"}
	n := 0
	say := func(text string) commands.Reply {
		n++
		return svc.Handle(ctx, commands.Request{Chat: group, User: commands.User{ID: "1", Name: "王芳"}, Locale: "zh", Text: text, UpdateID: fmt.Sprint("test:", n)})
	}
	say("/event new 二百人公开赛")
	for i := range 200 {
		say(fmt.Sprintf("/player add 选手%03d 第%d中学 %d", i+1, i%20+1, 2400-i))
	}
	say("/start")
	if r := say("/pair"); !strings.Contains(r.Text, "预览") {
		t.Fatalf("/pair: %q", r.Text)
	}
	before := &collect{}
	if err := svc.DeliverDue(ctx, "test", before); err != nil {
		t.Fatal(err)
	}
	reply := say("/publish")
	after := &collect{}
	if err := svc.DeliverDue(ctx, "test", after); err != nil {
		t.Fatal(err)
	}
	msgs := append(after.msgs, chat.Message{Chat: group, Text: reply.Text, Buttons: reply.Buttons})
	var parts []chat.Message
	for _, m := range msgs {
		if m.Chat == group {
			parts = append(parts, Split(m)...)
		}
	}
	t.Logf("publishing 100 boards: %d group messages, %d Telegram messages", len(msgs)-len(after.msgs)+countIn(after.msgs, group), len(parts))
	if len(parts) == 0 || len(parts) > chat.MaxParts {
		t.Errorf("publishing 100 boards took %d Telegram messages in the group, want 1 to %d", len(parts), chat.MaxParts)
	}
	boards := 0
	for _, p := range parts {
		if p.File != nil {
			boards += strings.Count(string(p.File.Data), "选手")
		}
		boards += strings.Count(p.Text, "选手")
		if _, ok := visible(HTML(p.Text)); !ok {
			t.Errorf("a part does not render: %.80q", p.Text)
		}
	}
	if boards < 200 {
		t.Errorf("the group saw %d of 200 players' names in the pairings", boards)
	}
}

// countIn counts the messages to chat.
func countIn(msgs []chat.Message, chat chat.Chat) int {
	n := 0
	for _, m := range msgs {
		if m.Chat == chat {
			n++
		}
	}
	return n
}
