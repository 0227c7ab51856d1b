package commands

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/storage"
)

// harness drives a Service as several users in one group chat and their
// private chats, on a real SQLite file, with a clock the test moves.
type harness struct {
	t      testing.TB
	path   string // the SQLite file
	store  *storage.Store
	svc    *Service
	now    time.Time
	group  chat.Chat
	update int
	// speaks is the language sendAs's line is in while it is handled: the
	// group's, which is its event's (chatLang).
	speaks string
	// heard holds the replies said in the group since sent last drained
	// it: the group sees them as it sees the outbox's messages.
	heard []string
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	h := &harness{t: t, path: filepath.Join(t.TempDir(), "qisai.db"), now: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), group: chat.Chat{Platform: "console", ID: "group"}}
	st, err := storage.Open(context.Background(), h.path, storage.WithClock(h.clock))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h.store = st
	h.svc = New(h.seen(), WithClock(h.clock))
	return h
}

// seen is the store as the harness's service sees it: speaking the
// group's language, its reads checked (readsChecked).
func (h *harness) seen() Store {
	return checkingReads(h.t, speaking{h.store, &h.speaks})
}

// speaking is the store as a group that speaks one language sees it: with
// speaks set, every event loads speaking it (sendAs). The log is the
// store's: nothing is written for it.
type speaking struct {
	*storage.Store
	speaks *string
}

func (s speaking) Load(ctx context.Context, id storage.EventID) (*action.State, error) {
	st, err := s.Store.Load(ctx, id)
	if err == nil && *s.speaks != "" && st.Info.Lang != "" {
		st.Info.Lang = *s.speaks
	}
	return st, err
}

func (h *harness) clock() time.Time { return h.now }

// advance moves the clock.
func (h *harness) advance(d time.Duration) { h.now = h.now.Add(d) }

// watch moves the clock on by d with the scheduler running all the while,
// as a service's does: a tick now and every minute until the end (not at
// it), what it says left in the outbox. The late-arrival forfeits need a
// scheduler that watched the whole limit (R-G-4).
func (h *harness) watch(d time.Duration) {
	h.t.Helper()
	for ; d > 0; d -= min(d, time.Minute) {
		if err := h.svc.Tick(context.Background()); err != nil {
			h.t.Fatal(err)
		}
		h.advance(min(d, time.Minute))
	}
}

// say sends text as user in the group chat and returns the reply's text.
func (h *harness) say(user, text string) string {
	h.t.Helper()
	return h.send(user, text, false).Text
}

// dm sends text as user in their private chat with the bot.
func (h *harness) dm(user, text string) string {
	h.t.Helper()
	return h.send(user, text, true).Text
}

// send runs one request; each gets a fresh update id.
func (h *harness) send(user, text string, dm bool) Reply {
	h.t.Helper()
	h.update++
	c := h.group
	if dm {
		c = chat.Private("console", user)
	}
	r := h.svc.Handle(context.Background(), Request{
		Chat: c, User: User{ID: user, Name: user}, Locale: "zh",
		Text: text, UpdateID: fmt.Sprintf("console:update:%d", h.update),
	})
	h.hear(r, dm)
	return r
}

// hear notes a reply said in the group.
func (h *harness) hear(r Reply, dm bool) {
	if !dm && !r.Private && r.Text != "" {
		h.heard = append(h.heard, r.Text)
	}
}

// sendAs is send with a language: the user's, and the group's for this
// line — what a group hears is in its event's language (chatLang), so the
// event speaks locale while the line is handled.
func (h *harness) sendAs(user, locale, text string) Reply {
	h.t.Helper()
	h.speaks = locale
	defer func() { h.speaks = "" }()
	h.update++
	r := h.svc.Handle(context.Background(), Request{
		Chat: h.group, User: User{ID: user, Name: user}, Locale: locale,
		Text: text, UpdateID: fmt.Sprintf("console:update:%d", h.update),
	})
	h.hear(r, false)
	return r
}

// sent is what each chat saw since the last call, by chat ID then in
// order: the group's replies, and every message due in the outbox, which
// it drains.
func (h *harness) sent() map[string][]string {
	h.t.Helper()
	out := h.drain()
	if len(h.heard) > 0 {
		out[h.group.ID], h.heard = append(h.heard, out[h.group.ID]...), nil
	}
	return out
}

// drain drains the outbox: the texts of every message due, by chat ID
// then in order.
func (h *harness) drain() map[string][]string {
	h.t.Helper()
	out := map[string][]string{}
	for chat, ms := range h.outbox() {
		for _, m := range ms {
			out[chat] = append(out[chat], m.Text)
		}
	}
	return out
}

// must fails the test unless got contains every want.
func must(t testing.TB, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("reply %q does not contain %q", got, w)
		}
	}
}

// recorded checks the reply to a result entered or played: the sender's own
// account ("已记录…", "已确认…"), or, where it completed the round, the
// group's announcement of that.
func recorded(t testing.TB, reply string) {
	t.Helper()
	for _, w := range []string{"已记录", "Recorded", "已确认", "Confirmed", "全部结束", "is complete", "你已认输", "You resigned"} {
		if strings.Contains(reply, w) {
			return
		}
	}
	t.Errorf("reply %q says neither that the result is recorded nor that the round is complete", reply)
}

// published has user publish the next round in the group and returns what
// the group sees of it, the outbox drained: the round's message
// (liveRound). The publisher's own account goes to them privately.
func (h *harness) published(user string) string {
	h.t.Helper()
	r := h.send(user, "/publish", false)
	if !r.Private || !strings.Contains(r.Text, "已公布") && !strings.Contains(r.Text, "is published") {
		h.t.Errorf("/publish answered %q (private %v), want the publisher told privately", r.Text, r.Private)
	}
	return strings.Join(h.drain()[h.group.ID], "\n")
}
