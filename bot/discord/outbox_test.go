package discord

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/testclock"
	"github.com/qisai/qisai/storage"
)

// stopping is the ResponseWriter of a process that stops as it answers:
// nothing of the response reaches Discord.
type stopping struct{ http.ResponseWriter }

func (stopping) Write([]byte) (int, error) { panic(http.ErrAbortHandler) }

// TestStatementSurvivesCrash (issue 9, one way out): the statement a
// command makes in a channel of the event is stored with its change, not
// only answered. When the process stops between the commit and the
// interaction's response, the channel still hears it after the restart,
// from the outbox's Discord sender, once; a response that does go only
// acknowledges privately, so the channel is not told twice.
func TestStatementSurvivesCrash(t *testing.T) {
	e := newEndpoint(t)
	players := e.started(wang, 2, func(i int) string { return fmt.Sprintf("棋手%d", i) })
	e.send(e.slash(wang, "pair", ""))
	stops := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.handler.ServeHTTP(stopping{w}, r)
	}))
	defer stops.Close()
	if res, err := http.DefaultClient.Do(e.request(stops.URL, e.slash(wang, "publish", ""), e.priv, time.Now())); err == nil {
		res.Body.Close()
		t.Fatalf("/publish answered %s; the test needs a response that never arrives", res.Status)
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
	data := restarted.send(restarted.slash(players[0], "report", "", "result", "win"))
	if data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(data.Content, "已报告") {
		t.Errorf("/report's response %q (flags %d), want the reporter's account privately", data.Content, data.Flags)
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

// TestEditWaitsOutLongRetryAfter: Discord's 429 with a retry_after of 30
// s on the edit of a round's message holds the edit back for 30 s of the
// store's clock, and then it goes, once, with the latest text: nothing is
// lost, and the channel gets no new message for it.
func TestEditWaitsOutLongRetryAfter(t *testing.T) {
	clk := testclock.At(time.Date(2026, 3, 7, 9, 0, 0, 0, time.UTC))
	st := newStore(t, storage.WithClock(clk.Now))
	svc := commands.New(st, commands.WithClock(clk.Now))
	e := endpointOn(t, st, svc)
	players := e.started(wang, 2, func(i int) string { return fmt.Sprintf("棋手%d", i) })
	e.send(e.slash(wang, "pair", ""))
	e.send(e.slash(wang, "publish", ""))
	e.heard()
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
	players := e.started(wang, 2, func(i int) string { return fmt.Sprintf("棋手%d", i) })
	e.send(e.slash(wang, "pair", ""))
	e.send(e.slash(wang, "publish", ""))
	e.heard()
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
	status, resp := e.post(body, e.priv, time.Now())
	if status != http.StatusOK || resp.Type != discordgo.InteractionResponseUpdateMessage || resp.Data == nil {
		t.Fatalf("status %d, response %+v; want the pressed message updated", status, resp)
	}
	if resp.Data.Content != "确认吗？" || len(resp.Data.Components) != 0 {
		t.Errorf("updated message %q with %d components; want its text alone and no buttons", resp.Data.Content, len(resp.Data.Components))
	}
	if said := e.heard(); len(said) != 1 {
		t.Errorf("the channel heard %q of the confirmation, want its statement once", said)
	}
}
