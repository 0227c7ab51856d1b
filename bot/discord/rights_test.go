package discord

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/storage"
)

// delivering runs the outbox's Discord delivery of e, as serve does (the
// undeliverable notes told through e's service), to e's REST fake until
// the test ends.
func (e *endpoint) delivering(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- e.store.Deliver(ctx, "discord@test", NewSender(newSession(t, e.out)), storage.DeliverOptions{
			Platform: Platform, Split: Split, Poll: 5 * time.Millisecond, Log: slog.New(slog.DiscardHandler),
			Undeliverable: e.svc.Undeliverable,
		})
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Deliver: %v", err)
		}
	})
}

// fail has e's REST fake answer n requests for path with status and
// Discord's error code.
func (e *endpoint) fail(path string, n, status, code int) {
	e.out.mu.Lock()
	defer e.out.mu.Unlock()
	e.out.faults = append(e.out.faults, &fault{path: path, n: n, status: status, code: code})
}

// posted is what e's REST fake took at path (messages posted there, not
// refused), in order.
func (e *endpoint) posted(path string) []call {
	e.out.mu.Lock()
	defer e.out.mu.Unlock()
	var out []call
	for _, c := range e.out.calls {
		if c.path == path && c.method == http.MethodPost && !c.refused {
			out = append(out, c)
		}
	}
	return out
}

// TestClosedDirectMessages (50007): a player who allows no direct
// messages from the server's members does not get the confirmation a
// report asks of them privately: it is given up at once, and the channel
// is told in Discord's words — where to allow them, never Telegram's
// "press Start" — once, pinging nobody.
func TestClosedDirectMessages(t *testing.T) {
	e := newEndpoint(t)
	players := e.playing(wang, 2, numbered)
	closed := "/channels/DM-" + players[1].id + "/messages"
	e.fail(closed, 1<<20, http.StatusForbidden, discordgo.ErrCodeCannotSendMessagesToThisUser)
	from := len(e.posted("/channels/C1/messages"))
	e.delivering(t)
	e.send(e.slash(players[0], "report", "", "result", "win"))

	var notes []call
	eventually(t, "the note in the channel", func() bool {
		notes = nil
		for _, c := range e.posted("/channels/C1/messages")[from:] {
			if content, _ := c.body["content"].(string); strings.Contains(content, "私信") {
				notes = append(notes, c)
			}
		}
		return len(notes) > 0
	})
	text := notes[0].body["content"].(string)
	for _, want := range []string{allowDMs.Zh, allowDMs.En, players[1].name} {
		if !strings.Contains(text, want) {
			t.Errorf("the channel's note %q; want %q in it", text, want)
		}
	}
	if strings.Contains(text, "开始") || strings.Contains(text, "Start") || strings.Contains(text, "<@") {
		t.Errorf("the channel's note %q speaks of Start or mentions someone", text)
	}
	if m, ok := notes[0].body["allowed_mentions"].(map[string]any); !ok || len(m["parse"].([]any)) != 0 {
		t.Errorf("allowed_mentions %v; want none parsed (nobody pinged)", notes[0].body["allowed_mentions"])
	}
	time.Sleep(50 * time.Millisecond)
	tries := map[string]int{} // by text
	for _, c := range e.out.await(t, 0) {
		if c.path == closed {
			tries[c.body["content"].(string)]++
		}
	}
	for text, n := range tries {
		if n != 1 {
			t.Errorf("%q was tried %d times in the closed direct messages, want once: given up at once", text, n)
		}
	}
	if len(notes) != 1 {
		t.Errorf("the channel was told %d times, want once", len(notes))
	}
}
