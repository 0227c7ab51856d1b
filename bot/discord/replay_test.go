package discord

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
)

// TestReplayedInteraction: Discord delivering an interaction again (an
// HTTP retry; a second instance of qisai after a restart) gets the first
// delivery's answer, the command carried out once: /event new replayed is
// not refused as a name taken by the event it made.
func TestReplayedInteraction(t *testing.T) {
	e := newEndpoint(t)
	body := e.slash(wang, "event", "new", "name", "春季赛")
	first := e.send(body)
	if first.Content() != posted.In(i18n.Zh) {
		t.Fatalf("/event new: %q, want %q", first.Content(), posted.In(i18n.Zh))
	}
	calls := len(e.out.await(t, 0))
	replay := e.send(body)
	if replay.first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Errorf("replayed /event new: first response %+v, want a deferral", replay.first)
	}
	if later := e.out.await(t, 0)[calls:]; len(later) != 0 {
		t.Errorf("replayed /event new told Discord %+v, want nothing: the first answer stands", later)
	}
	if said := e.heard(); len(said) != 1 || !strings.Contains(said[0], "已创建比赛") {
		t.Errorf("the channel heard %q, want the event made, once", said)
	}

	// A restart, or another instance: the database says it was done.
	other := endpointOn(t, e.store, commands.New(e.store))
	a := other.send(body)
	if !a.Private() || a.Content() != again.In(i18n.Zh) {
		t.Errorf("/event new replayed after a restart: %q (private %v), want %q", a.Content(), a.Private(), again.In(i18n.Zh))
	}
	if said := other.heard(); len(said) != 0 {
		t.Errorf("the channel heard %q of the replay, want nothing", said)
	}
	events, err := e.store.ChatEvents(context.Background(), chat.Chat{Platform: Platform, ID: "C1"})
	if err != nil || len(events) != 1 {
		t.Errorf("channel C1 follows %d events (%v), want the one", len(events), err)
	}
}

// TestReplayedGateway: the gateway delivering an interaction again (after
// a resume) finds it answered already (Discord refuses a second callback,
// 40060): its command is not run again and its answer stands.
func TestReplayedGateway(t *testing.T) {
	g := newGateway(t)
	st := newStore(t)
	a, err := New(commands.New(st), "test-token", WithServerURL(g.srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	running(t, g, a)
	m := &maker{t: t}
	body := m.slash(wang, "event", "new", "name", "春季赛")
	var in struct{ ID, Token string }
	json.Unmarshal([]byte(body), &in)
	edit := "/webhooks/42/" + in.Token + "/messages/@original"
	g.dispatch <- body
	g.rest.awaitCall(t, "the edit of /event new's response", func(c call) bool { return c.path == edit })
	g.dispatch <- body // the resume's
	callback := "/interactions/" + in.ID + "/" + in.Token + "/callback"
	eventually(t, "the second callback", func() bool { return countCalls(t, g.rest, callback) == 2 })
	time.Sleep(100 * time.Millisecond) // time to run it, were it run
	if n := countCalls(t, g.rest, edit); n != 1 {
		t.Errorf("the response was edited %d times, want once", n)
	}
	events, err := st.ChatEvents(context.Background(), chat.Chat{Platform: Platform, ID: "C1"})
	if err != nil || len(events) != 1 {
		t.Errorf("channel C1 follows %d events (%v), want the one", len(events), err)
	}
}

// countCalls is how many calls f has had to path.
func countCalls(t testing.TB, f *rest, path string) int {
	t.Helper()
	n := 0
	for _, c := range f.await(t, 0) {
		if c.path == path {
			n++
		}
	}
	return n
}

// TestUpdateIDEveryPath: a slash command and a button press each change
// the event under their interaction's id, which the database keeps: so
// either, delivered again, is known as done.
func TestUpdateIDEveryPath(t *testing.T) {
	e := newEndpoint(t)
	ctx := context.Background()
	for _, body := range []string{
		e.slash(wang, "event", "new", "name", "春季赛"),
		e.slash(wang, "signup", "", "state", "open"),
		e.click(li, `/join "Li Si"`),
	} {
		if a := e.send(body); a.first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource &&
			a.first.Type != discordgo.InteractionResponseDeferredMessageUpdate {
			t.Fatalf("response %+v, want a deferral", a.first)
		}
		var in struct{ ID string }
		json.Unmarshal([]byte(body), &in)
		if done, err := e.svc.Handled(ctx, "discord:interaction:"+in.ID); err != nil || !done {
			t.Errorf("interaction %s: handled %v (%v), want its id stored with its change", in.ID, done, err)
		}
	}
}
