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
// undeliverable notes and held chats told through e's service), to e's
// REST fake until the test ends.
func (e *endpoint) delivering(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- e.store.Deliver(ctx, "discord@test", NewSender(newSession(t, e.out)), storage.DeliverOptions{
			Platform: Platform, Split: Split, Poll: 5 * time.Millisecond, Log: slog.New(slog.DiscardHandler),
			Undeliverable: e.svc.Undeliverable, Blocked: e.svc.Blocked,
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
// report asks of them privately: the channel is told so in Discord's
// words — where to allow them, never Telegram's "press Start" — and the
// question is asked there instead, with its buttons, by name, pinging
// nobody.
func TestClosedDirectMessages(t *testing.T) {
	e := newEndpoint(t)
	players := e.playing(wang, 2, numbered)
	closed := "/channels/DM-" + players[1].id + "/messages"
	e.fail(closed, 1<<20, http.StatusForbidden, discordgo.ErrCodeCannotSendMessagesToThisUser)
	from := len(e.posted("/channels/C1/messages"))
	e.delivering(t)
	e.send(e.slash(players[0], "report", "", "result", "win"))

	var note, ask *call
	eventually(t, "the note and the question in the channel", func() bool {
		for _, c := range e.posted("/channels/C1/messages")[from:] {
			content, _ := c.body["content"].(string)
			switch {
			case len(customIDs(t, c.body)) > 0:
				ask = &c
			case strings.Contains(content, "私信"):
				note = &c
			}
		}
		return note != nil && ask != nil
	})

	text := note.body["content"].(string)
	if !strings.Contains(text, allowDMs.Zh) || strings.Contains(text, "开始") || strings.Contains(text, "Start") {
		t.Errorf("the channel's note %q; want Discord's words %q, and no Start", text, allowDMs.Zh)
	}
	question := ask.body["content"].(string)
	if !strings.Contains(question, "确认吗") || strings.Contains(question, "<@") {
		t.Errorf("the question asked in the channel: %q; want the confirmation, naming nobody by a mention", question)
	}
	if ids := customIDs(t, ask.body); !strings.HasPrefix(ids[0], "/confirm") {
		t.Errorf("the question's buttons %q; want /confirm first", ids)
	}
	for _, c := range []*call{note, ask} {
		if m, ok := c.body["allowed_mentions"].(map[string]any); !ok || len(m["parse"].([]any)) != 0 {
			t.Errorf("allowed_mentions %v; want none parsed (nobody pinged)", c.body["allowed_mentions"])
		}
	}
}

// TestChannelWithoutRights (50013): a channel the bot may not post in is
// held — its message not tried again for a quarter of an hour, let alone
// counted towards giving it up — and the organiser is told once,
// privately, in Discord's words what to grant; once the rights are back,
// the held message goes, once.
func TestChannelWithoutRights(t *testing.T) {
	e, clk := clocked(t)
	e.playing(wang, 2, numbered)
	const channel = "/channels/C1/messages"
	e.fail(channel, 1<<20, http.StatusForbidden, discordgo.ErrCodeMissingPermissions)
	e.out.now = clk.Now
	before := len(e.posted(channel))
	e.delivering(t)
	// The round's last result: the round's end, with the standings, is a
	// new message in the channel (the round's own is edited).
	e.send(e.slash(wang, "result", "", "board", "1", "result", "1-0"))

	organiser := "/channels/DM-" + wang.id + "/messages"
	eventually(t, "the organiser told", func() bool { return len(e.posted(organiser)) > 0 })
	told := e.posted(organiser)[0].body["content"].(string)
	if !strings.Contains(told, grantChannel.Zh) {
		t.Errorf("the organiser was told %q; want Discord's words %q", told, grantChannel.Zh)
	}
	tries := func() int {
		n := 0
		for _, c := range e.out.await(t, 0) {
			if c.path == channel {
				n++
			}
		}
		return n
	}
	held := tries()
	for range 10 { // ten minutes
		clk.Advance(time.Minute)
		time.Sleep(20 * time.Millisecond)
	}
	if n := tries(); n != held {
		t.Errorf("the held channel was tried %d times more within ten minutes, want none", n-held)
	}

	// The rights come back: the next try finds them, and the message goes.
	e.out.mu.Lock()
	e.out.faults = nil
	e.out.mu.Unlock()
	eventually(t, "the held message sent once the rights are back", func() bool {
		clk.Advance(time.Minute)
		return len(e.posted(channel)) > before
	})
	time.Sleep(100 * time.Millisecond)
	var reports int
	for _, c := range e.posted(channel)[before:] {
		if content, _ := c.body["content"].(string); strings.Contains(content, "全部结束") {
			reports++
		}
	}
	if reports != 1 {
		t.Errorf("the round's end went %d times once the rights were back, want once", reports)
	}
	if n := len(e.posted(organiser)); n != 1 {
		t.Errorf("the organiser was told %d times, want once", n)
	}
}
