package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/storage"
)

// stopping is the ResponseWriter of a process that stops as it answers:
// nothing of the response reaches Discord.
type stopping struct{ http.ResponseWriter }

func (stopping) Write([]byte) (int, error) { panic(http.ErrAbortHandler) }

// tokenOf is the token of interaction body.
func tokenOf(t testing.TB, body string) string {
	t.Helper()
	var in struct{ Token string }
	if err := json.Unmarshal([]byte(body), &in); err != nil {
		t.Fatal(err)
	}
	return in.Token
}

// TestStatementSurvivesCrash (issue 9, one way out): the statement a
// command makes in a channel of the event is stored with its change, not
// only answered. When the process stops between the commit and the edit
// of the interaction's response (here: the edit never reaches Discord),
// the channel still hears it after the restart, from the outbox's Discord
// sender, once; a response that does go only acknowledges privately, so
// the channel is not told twice.
func TestStatementSurvivesCrash(t *testing.T) {
	e := newEndpoint(t)
	players := e.started(wang, 2, func(i int) string { return fmt.Sprintf("棋手%d", i) })
	e.send(e.slash(wang, "pair", ""))
	publish := e.slash(wang, "publish", "")
	e.out.mu.Lock()
	e.out.faults = []*fault{{path: "/webhooks/77/" + tokenOf(t, publish) + "/messages/@original", n: 100,
		status: http.StatusNotFound, code: discordgo.ErrCodeUnknownWebhook}}
	e.out.mu.Unlock()
	if a := e.send(publish); a.first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("/publish: first response %+v, want a deferral", a.first)
	}

	// The restart: a new service on the same database, its own delivery.
	restarted := endpointOn(t, e.store, commands.New(e.store))
	restarted.maker = e.maker // interaction ids go on
	said := restarted.heard()
	if len(said) != 1 || !strings.Contains(said[0], "第1轮对阵") {
		t.Fatalf("after the restart the channel heard %q, want the round's pairings once", said)
	}
	if again := restarted.heard(); len(again) != 0 {
		t.Errorf("delivered again: %q", again)
	}

	// A report: the reporter's own account, privately; the channel's
	// round message edited, no message of its own.
	a := restarted.send(restarted.slash(players[0], "report", "", "result", "win"))
	if !a.Private() || !strings.Contains(a.Content(), "已报告") {
		t.Errorf("/report's response %q (private %v), want the reporter's account privately", a.Content(), a.Private())
	}
	if said := restarted.heard(); len(said) != 0 {
		t.Errorf("the channel heard %q of the report, want no message", said)
	}
	edited := 0
	for _, c := range restarted.out.await(t, 0) {
		if content, _ := c.body["content"].(string); c.method == http.MethodPatch && strings.HasPrefix(c.path, "/channels/C1/messages/") && strings.Contains(content, "待确认") {
			edited++
		}
	}
	if edited != 1 {
		t.Errorf("the round's message was edited to show the report %d times, want once", edited)
	}
}

// TestUnansweredNotRun: when the first response never reaches Discord
// (the process stops as it answers), Discord shows the user that the
// command failed, and so it is not run: nothing changes, nothing is said.
func TestUnansweredNotRun(t *testing.T) {
	e := newEndpoint(t)
	e.started(wang, 2, func(i int) string { return fmt.Sprintf("棋手%d", i) })
	e.send(e.slash(wang, "pair", ""))
	ctx := context.Background()
	id, err := e.store.EventOf(ctx, chat.Chat{Platform: Platform, ID: "C1"})
	if err != nil {
		t.Fatal(err)
	}
	before, err := e.store.Log(ctx, id, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	stops := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.handler.ServeHTTP(stopping{w}, r)
	}))
	defer stops.Close()
	if res, err := http.DefaultClient.Do(e.request(stops.URL, e.slash(wang, "publish", ""), e.priv, time.Now())); err == nil {
		res.Body.Close()
		t.Fatalf("/publish answered %s; the test needs a response that never arrives", res.Status)
	}
	e.handler.Wait()
	after, err := e.store.Log(ctx, id, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) {
		t.Errorf("%d actions after an unanswered /publish, want none", len(after)-len(before))
	}
	if said := e.heard(); len(said) != 0 {
		t.Errorf("the channel heard %q of an unanswered /publish, want nothing", said)
	}
}

// TestEditWaitsOutLongRetryAfter: Discord's 429 with a retry_after of 30
// s on the edit of a round's message holds the edit back for 30 s of the
// store's clock, and then it goes, once, with the latest text: nothing is
// lost, and the channel gets no new message for it.
func TestEditWaitsOutLongRetryAfter(t *testing.T) {
	e, clk := clocked(t)
	st := e.store
	players := e.playing(wang, 2, numbered)
	round := "" // the round's message: the last posted to the channel
	for _, c := range e.out.await(t, 0) {
		if c.method == http.MethodPost && c.path == "/channels/C1/messages" {
			round = c.path + "/" + c.id
		}
	}

	api := &rest{limited: []float64{30}, limitPath: "PATCH " + round, now: clk.Now}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- st.Deliver(ctx, "discord@test", NewSender(newSession(t, api)),
			storage.DeliverOptions{Platform: Platform, Split: Split, Poll: 5 * time.Millisecond})
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Deliver: %v", err)
		}
	}()
	e.send(e.slash(players[0], "report", "", "result", "win"))

	// The clock moves a second at a time until the edit is tried again;
	// the real wait is a guard against a delivery that never tries, not
	// part of what is checked.
	tries := func() (edits []call, posts int) {
		for _, c := range api.await(t, 0) {
			switch {
			case c.method == http.MethodPatch && c.path == round:
				edits = append(edits, c)
			case c.method == http.MethodPost && c.path == "/channels/C1/messages":
				posts++
			}
		}
		return edits, posts
	}
	guard := time.Now().Add(time.Minute)
	for edits, _ := tries(); len(edits) < 2; edits, _ = tries() {
		if time.Now().After(guard) {
			t.Fatalf("the round's message was edited %d times in a minute, with the clock at %v", len(edits), clk.Now())
		}
		clk.Advance(time.Second)
		time.Sleep(5 * time.Millisecond)
	}
	got, posts := tries()
	if len(got) != 2 || posts != 0 {
		t.Fatalf("the round's message was edited %d times and %d messages posted, want the edit twice (the 429 and its retry) and no message", len(got), posts)
	}
	if wait := got[1].at.Sub(got[0].at); wait < 30*time.Second {
		t.Errorf("tried again %v after the 429, want no sooner than its retry_after of 30 s", wait)
	}
	if content, _ := got[1].body["content"].(string); !strings.Contains(content, "待确认") {
		t.Errorf("the retry sent %q, want the board awaiting confirmation", content)
	}
}

// TestQueuedButtonPress: a button pressed in the channel whose statement
// the outbox says (the opponent confirming a report from the channel)
// loses its buttons, the message's text as it was, and the statement is
// said in the channel once, not in the updated message as well.
func TestQueuedButtonPress(t *testing.T) {
	e := newEndpoint(t)
	players := e.playing(wang, 2, numbered)
	e.send(e.slash(players[0], "report", "", "result", "win"))
	e.heard()
	var confirm string
	for _, c := range e.out.await(t, 0) {
		for _, id := range customIDs(t, c.body) {
			if strings.HasPrefix(id, "/confirm ") && c.path == "/channels/DM-"+players[1].id+"/messages" {
				confirm = id
			}
		}
	}
	if confirm == "" {
		t.Fatalf("no confirmation button reached %s privately", players[1].name)
	}
	body := e.interaction(discordgo.InteractionMessageComponent, map[string]any{
		"custom_id": confirm, "component_type": discordgo.ButtonComponent,
	}, players[1])
	body = strings.Replace(body, `"data":`, `"message":{"id":"M1","channel_id":"C1","content":"确认吗？"},"data":`, 1)
	a := e.send(body)
	if a.first.Type != discordgo.InteractionResponseDeferredMessageUpdate || a.edit == nil {
		t.Fatalf("response %+v, edit %v; want a deferred update (6), then the pressed message edited", a.first, a.edit)
	}
	if rows, ok := a.edit["components"].([]any); a.Content() != "确认吗？" || !ok || len(rows) != 0 {
		t.Errorf("updated message %q with components %v; want its text alone and no buttons", a.Content(), a.edit["components"])
	}
	if said := e.heard(); len(said) != 1 {
		t.Errorf("the channel heard %q of the confirmation, want its statement once", said)
	}
}
