package discord

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/testpainter"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
)

// TestGroupBudgetRound, against the Discord test server: a 16-player
// round with every result reported in the channel and confirmed with the
// button in a direct message costs the channel at most 3 new messages —
// the round, edited in place as the results come in, and its end with
// the standings — and the round's message ends showing every result.
func TestGroupBudgetRound(t *testing.T) {
	e := newEndpoint(t)
	players := e.started(wang, 16, func(i int) string { return fmt.Sprintf("棋手%02d", i) })
	e.send(e.slash(wang, "pair", ""))
	e.heard()
	before := len(e.out.await(t, 0))
	news := 0 // messages the channel gained: posted, and responses it shows
	public := func(a answered) {
		if !a.Private() {
			news++
		}
	}
	public(e.send(e.slash(wang, "publish", "")))
	e.heard()

	st := e.state(t)
	user := e.users(t, players)
	for _, g := range st.Event.Rounds[0].Games {
		public(e.send(e.slash(user[g.Red], "report", "", "result", "win")))
	}
	e.heard()
	for _, g := range st.Event.Rounds[0].Games {
		black := user[g.Black]
		confirm := e.buttonTo(t, black, "确认吗？", "/confirm")
		black.dm = true
		e.send(e.click(black, confirm)) // answered in the direct message
	}
	e.heard()

	round := "" // the round's message: the first the channel got after the publication
	var posted []string
	for _, c := range e.out.await(t, 0)[before:] {
		if c.method == http.MethodPost && c.path == "/channels/C1/messages" {
			if round == "" {
				round = c.id
			}
			news++
			posted = append(posted, fmt.Sprintf("%.30q", c.body["content"]))
		}
	}
	last := ""
	for _, c := range e.out.await(t, 0) {
		if c.method == http.MethodPatch && c.path == "/channels/C1/messages/"+round {
			last, _ = c.body["content"].(string)
		}
	}
	t.Logf("a 16-player round cost the channel %d new messages: %s", news, strings.Join(posted, ", "))
	if news > 3 {
		t.Errorf("a 16-player round cost the channel %d new messages, want at most 3: %s", news, strings.Join(posted, ", "))
	}
	if n := strings.Count(last, "1-0"); n != 8 {
		t.Errorf("the round's message ends showing %d results, want 8:\n%s", n, last)
	}
}

// state is the state of channel C1's event.
func (e *endpoint) state(t *testing.T) *action.State {
	t.Helper()
	ctx := context.Background()
	id, err := e.store.EventOf(ctx, chat.Chat{Platform: Platform, ID: "C1"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := e.store.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// users are the players of channel C1's event by their numbers: who of
// players plays each.
func (e *endpoint) users(t *testing.T, players []who) map[int]who {
	t.Helper()
	ctx := context.Background()
	id, err := e.store.EventOf(ctx, chat.Chat{Platform: Platform, ID: "C1"})
	if err != nil {
		t.Fatal(err)
	}
	st := e.state(t)
	out := map[int]who{}
	for _, p := range players {
		entrant, err := e.store.PlayerOf(ctx, id, Platform, p.id)
		if err != nil {
			t.Fatalf("user %s: %v", p.id, err)
		}
		n, _ := st.Numbered(entrant)
		out[n] = p
	}
	return out
}

// buttonTo is the command of the button starting with prefix under the
// last message with text that u got in a direct message.
func (e *endpoint) buttonTo(t *testing.T, u who, text, prefix string) string {
	t.Helper()
	calls := e.out.await(t, 0)
	for i := len(calls) - 1; i >= 0; i-- {
		c := calls[i]
		if content, _ := c.body["content"].(string); c.path != "/channels/DM-"+u.id+"/messages" || !strings.Contains(content, text) {
			continue
		}
		for _, id := range customIDs(t, c.body) {
			if strings.HasPrefix(id, prefix) {
				return id
			}
		}
	}
	t.Fatalf("%s got no message %q with a button %s", u.name, text, prefix)
	return ""
}

// TestGroupBudgetPublication, against the Discord test server: publishing
// a round of 200 players, its pictures included, costs the channel at most
// 2 messages — the round (its progress where its table does not fit a
// message) and one message of its pictures.
func TestGroupBudgetPublication(t *testing.T) {
	painter := testpainter.Open(t)
	st := newStore(t)
	svc := commands.New(st, commands.WithPainter(painter))
	e := endpointOn(t, st, svc)
	e.send(e.slash(wang, "event", "new", "name", "二百人公开赛"))
	// The field entered at once, as an import would: what is measured is
	// the round.
	for i := range 200 {
		svc.Handle(context.Background(), commands.Request{
			Chat: chat.Chat{Platform: Platform, ID: "C1"}, User: commands.User{ID: wang.id, Name: wang.name}, Locale: "zh",
			Text: fmt.Sprintf("/player add 选手%03d 第%d中学 %d", i+1, i%20+1, 2400-i), UpdateID: fmt.Sprint("budget:fill:", i),
		})
	}
	e.send(e.slash(wang, "start", ""))
	e.send(e.slash(wang, "pair", ""))
	e.heard()
	before := len(e.out.await(t, 0))
	if a := e.send(e.slash(wang, "publish", "")); !a.Private() {
		t.Errorf("the publisher's account %q is shown in the channel", a.Content())
	}
	e.heard()
	posts, pictures := 0, 0
	for _, c := range e.out.await(t, 0)[before:] {
		if c.method == http.MethodPost && c.path == "/channels/C1/messages" {
			posts++
			if c.files > 0 {
				pictures++
			}
		}
	}
	t.Logf("publishing a 200-player round cost the channel %d messages (%d with pictures)", posts, pictures)
	if posts > 2 || pictures != 1 {
		t.Errorf("publishing a 200-player round cost the channel %d messages, %d with pictures; want at most 2, one with the pictures", posts, pictures)
	}
}
