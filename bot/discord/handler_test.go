package discord

import (
	"bytes"
	"cmp"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/testclock"
	"github.com/qisai/qisai/storage"
)

// endpoint is an interactions endpoint on a fresh database, and the key
// that signs for Discord; the REST fake out hears the edits of its
// responses, its follow-ups and, through heard, its outbox.
type endpoint struct {
	maker
	srv     *httptest.Server
	handler *Handler
	svc     *commands.Service
	store   *storage.Store
	priv    ed25519.PrivateKey
	out     *rest
	heardOf int // calls to out that heard has seen
}

func newEndpoint(t testing.TB) *endpoint {
	t.Helper()
	st := newStore(t)
	return endpointOn(t, st, commands.New(st))
}

// endpointOn is an endpoint of svc, which runs on st, as application 77.
func endpointOn(t testing.TB, st *storage.Store, svc *commands.Service) *endpoint {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	key, err := ParsePublicKey(hex.EncodeToString(pub))
	if err != nil {
		t.Fatal(err)
	}
	out := &rest{}
	h := newHandler(newCore(svc, slog.Default()), key, newSession(t, out), "77")
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &endpoint{maker: maker{t: t}, srv: srv, handler: h, svc: svc, store: st, priv: priv, out: out}
}

func newStore(t testing.TB, opts ...storage.Option) *storage.Store {
	t.Helper()
	st, err := storage.Open(context.Background(), filepath.Join(t.TempDir(), "qisai.db"), opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// heard sends the outbox's due messages through a Sender to the REST test
// server out, as serve's Discord delivery does, and returns what channel
// C1 was told since the last call.
func (e *endpoint) heard() []string {
	e.t.Helper()
	if err := e.svc.DeliverDue(context.Background(), "test", NewSender(newSession(e.t, e.out))); err != nil {
		e.t.Fatal(err)
	}
	calls := e.out.await(e.t, 0)
	var said []string
	for _, c := range calls[e.heardOf:] {
		if content, _ := c.body["content"].(string); c.path == "/channels/C1/messages" {
			said = append(said, content) // "" for pictures alone
		}
	}
	e.heardOf = len(calls)
	return said
}

// post sends body signed with key at time at, and returns the status and
// the response.
func (e *endpoint) post(body string, key ed25519.PrivateKey, at time.Time) (int, discordgo.InteractionResponse) {
	e.t.Helper()
	res, err := http.DefaultClient.Do(e.request(e.srv.URL, body, key, at))
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var resp discordgo.InteractionResponse
	if res.StatusCode == http.StatusOK {
		if err := json.Unmarshal(b, &resp); err != nil {
			e.t.Fatalf("response %s: %v", b, err)
		}
	}
	return res.StatusCode, resp
}

// request is body posted to url, signed with key at time at.
func (e *endpoint) request(url, body string, key ed25519.PrivateKey, at time.Time) *http.Request {
	e.t.Helper()
	ts := strconv.FormatInt(at.Unix(), 10)
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, []byte(ts+body))))
	return req
}

// who is a Discord user in a guild channel, or in their DM with the bot;
// their client speaks locale, zh-CN if "".
type who struct {
	id, name string
	dm       bool
	locale   string
}

// maker makes the JSON Discord sends for interactions, numbering them.
type maker struct {
	t   testing.TB
	ids int
}

// interaction is the JSON of an interaction of type typ with data from u;
// its id is 1000 and the number of interactions made, its token "tok" and
// the id.
func (m *maker) interaction(typ discordgo.InteractionType, data any, u who) string {
	m.ids++
	locale := cmp.Or(u.locale, "zh-CN")
	in := map[string]any{
		"id": fmt.Sprint(1000 + m.ids), "application_id": "42", "type": typ, "token": fmt.Sprint("tok", 1000+m.ids),
		"version": 1, "locale": locale, "data": data,
	}
	user := map[string]any{"id": u.id, "username": u.name}
	if u.dm {
		in["channel_id"] = "dm-channel-" + u.id
		in["user"] = user
	} else {
		in["guild_id"], in["channel_id"] = "G1", "C1"
		in["member"] = map[string]any{"user": user, "nick": u.name}
	}
	b, err := json.Marshal(in)
	if err != nil {
		m.t.Fatal(err)
	}
	return string(b)
}

// slash is a slash command's interaction; sub is "" for none, options
// alternate names and values.
func (m *maker) slash(u who, name, sub string, options ...any) string {
	var opts []map[string]any
	for i := 0; i+1 < len(options); i += 2 {
		typ := discordgo.ApplicationCommandOptionString
		if _, ok := options[i+1].(int); ok {
			typ = discordgo.ApplicationCommandOptionInteger
		}
		opts = append(opts, map[string]any{"name": options[i], "type": typ, "value": options[i+1]})
	}
	data := map[string]any{"id": "9", "name": name, "type": discordgo.ChatApplicationCommand, "options": opts}
	if sub != "" {
		data["options"] = []map[string]any{{"name": sub, "type": discordgo.ApplicationCommandOptionSubCommand, "options": opts}}
	}
	return m.interaction(discordgo.InteractionApplicationCommand, data, u)
}

func (m *maker) click(u who, command string) string {
	return m.interaction(discordgo.InteractionMessageComponent,
		map[string]any{"custom_id": command, "component_type": discordgo.ButtonComponent}, u)
}

// complete is an autocomplete interaction: u has typed typed into option
// opt of command name.
func (m *maker) complete(u who, name, opt, typed string) string {
	return m.interaction(discordgo.InteractionApplicationCommandAutocomplete, map[string]any{
		"id": "9", "name": name, "type": discordgo.ChatApplicationCommand,
		"options": []map[string]any{{"name": opt, "type": discordgo.ApplicationCommandOptionString, "value": typed, "focused": true}},
	}, u)
}

// answered is how an interaction was answered: its first response, and
// what its webhook was told after (the edit of the response, the
// follow-ups), as the REST fake heard them.
type answered struct {
	first   discordgo.InteractionResponse
	edit    map[string]any   // the edit's body; nil for none
	follows []map[string]any // the follow-ups' bodies
}

// Content is what the asker sees as the answer: the edit's text, else the
// first response's.
func (a answered) Content() string {
	if a.edit != nil {
		s, _ := a.edit["content"].(string)
		return s
	}
	if a.first.Data != nil {
		return a.first.Data.Content
	}
	return ""
}

// Private reports whether the answer shows to the asker alone.
func (a answered) Private() bool {
	return a.first.Data != nil && a.first.Data.Flags&discordgo.MessageFlagsEphemeral != 0
}

// send posts body signed now, waits until its command has run and its
// outcome is told, and returns how it was answered.
func (e *endpoint) send(body string) answered {
	e.t.Helper()
	status, resp := e.post(body, e.priv, time.Now())
	if status != http.StatusOK {
		e.t.Fatalf("got status %d, response %+v; want 200", status, resp)
	}
	e.handler.Wait()
	return e.answerOf(body, resp)
}

// answerOf is how the interaction body was answered, its first response
// being first: what the REST fake heard at its webhook so far.
func (e *endpoint) answerOf(body string, first discordgo.InteractionResponse) answered {
	e.t.Helper()
	var in struct{ Token string }
	if err := json.Unmarshal([]byte(body), &in); err != nil {
		e.t.Fatal(err)
	}
	a := answered{first: first}
	hook := "/webhooks/77/" + in.Token
	for _, c := range e.out.await(e.t, 0) {
		switch {
		case c.path == hook+"/messages/@original" && c.method == http.MethodPatch:
			a.edit = c.body
		case c.path == hook && c.method == http.MethodPost:
			a.follows = append(a.follows, c.body)
		}
	}
	return a
}

var (
	wang = who{id: "111", name: "王芳"}
	li   = who{id: "222", name: "李四"}
)

func TestHandlerPing(t *testing.T) {
	e := newEndpoint(t)
	status, resp := e.post(`{"id":"1","application_id":"42","type":1,"token":"t","version":1}`, e.priv, time.Now())
	if status != http.StatusOK || resp.Type != discordgo.InteractionResponsePong {
		t.Errorf("PING: status %d, response type %d; want 200 and PONG", status, resp.Type)
	}
}

func TestHandlerRefuses(t *testing.T) {
	e := newEndpoint(t)
	_, other, _ := ed25519.GenerateKey(nil)
	ping := `{"id":"1","application_id":"42","type":1,"token":"t","version":1}`
	for _, tt := range []struct {
		name string
		key  ed25519.PrivateKey
		at   time.Time
		want int
	}{
		{"another key's signature", other, time.Now(), http.StatusUnauthorized},
		{"6 minutes old", e.priv, time.Now().Add(-6 * time.Minute), http.StatusUnauthorized},
		{"2 minutes ahead", e.priv, time.Now().Add(2 * time.Minute), http.StatusUnauthorized},
		{"4 minutes old", e.priv, time.Now().Add(-4 * time.Minute), http.StatusOK},
	} {
		if status, _ := e.post(ping, tt.key, tt.at); status != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, status, tt.want)
		}
	}
	// A body changed after signing.
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL, strings.NewReader(ping+" "))
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(e.priv, []byte(ts+ping))))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusUnauthorized {
		t.Errorf("tampered body: status %d, want 401", res.StatusCode)
	}
}

func TestHandlerCommands(t *testing.T) {
	e := newEndpoint(t)
	ctx := context.Background()
	group := chat.Chat{Platform: Platform, ID: "C1"}

	// A public reply is the channel's, from the outbox; the deferred
	// response says so to the asker alone.
	a := e.send(e.slash(wang, "event", "new", "name", "周末快棋赛"))
	if a.first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || !a.Private() || a.Content() != posted.In(i18n.Zh) {
		t.Errorf("/event new: response %d (private %v) edited to %q; want an ephemeral deferral, then %q", a.first.Type, a.Private(), a.Content(), posted.In(i18n.Zh))
	}
	if said := e.heard(); len(said) != 1 || !strings.Contains(said[0], "周末快棋赛") {
		t.Errorf("/event new: the channel heard %q; want the event's name", said)
	}
	id, err := e.store.EventOf(ctx, group)
	if err != nil || id == 0 {
		t.Fatalf("the channel follows event %d (%v); want the new event", id, err)
	}
	st, err := e.store.Load(ctx, id)
	if err != nil || st.Event.Name != "周末快棋赛" {
		t.Fatalf("event name %q (%v), want 周末快棋赛", st.Event.Name, err)
	}

	e.send(e.slash(wang, "signup", "", "state", "open"))
	// 李四 joins by a button: the clicker is the user, not the message's author.
	e.send(e.click(li, `/join "Li Si"`))
	st, _ = e.store.Load(ctx, id)
	if n, err := e.store.PlayerOf(ctx, id, Platform, li.id); err != nil || n != st.EntrantOf(1) {
		t.Errorf("李四 is entrant %d (%v) after the button, want player 1's", n, err)
	}
	if len(st.Event.Players) != 1 || st.Event.Players[0].Name != "Li Si" {
		t.Errorf("players %+v, want Li Si", st.Event.Players)
	}

	// A word with a space is quoted: it stays one argument.
	e.send(e.slash(wang, "player", "add", "name", "Wang Tianyi", "unit", "一中"))
	st, _ = e.store.Load(ctx, id)
	if len(st.Event.Players) != 2 || st.Event.Players[1].Name != "Wang Tianyi" {
		t.Errorf("players %+v, want Wang Tianyi second", st.Event.Players)
	}

	// The arguments are positional: RATING without UNIT cannot be said.
	// It is answered at once: there is no command to run.
	a = e.send(e.slash(wang, "player", "add", "name", "赵六", "rating", 1500))
	if a.first.Type != discordgo.InteractionResponseChannelMessageWithSource || !a.Private() || !strings.Contains(a.Content(), "UNIT") || a.edit != nil {
		t.Errorf("rating without unit: response %d %q (private %v); want an ephemeral word about UNIT, at once", a.first.Type, a.Content(), a.Private())
	}
	if st, _ = e.store.Load(ctx, id); len(st.Event.Players) != 2 {
		t.Errorf("%d players after a refused /player add, want 2", len(st.Event.Players))
	}

	// In the bot's DM the chat is "dm:<user id>" and the user's own.
	e.send(e.slash(who{id: li.id, name: li.name, dm: true}, "lang", "", "language", "en"))
	if l, err := e.store.Lang(ctx, Platform, li.id); err != nil || l != "en" {
		t.Errorf("李四's language %q (%v) after /lang en in DM, want en", l, err)
	}
}

// Discord may deliver an interaction twice: the update id makes the
// second a no-op.
func TestHandlerSameInteractionTwice(t *testing.T) {
	e := newEndpoint(t)
	e.send(e.slash(wang, "event", "new", "name", "春季赛"))
	ctx := context.Background()
	id, err := e.store.EventOf(ctx, chat.Chat{Platform: Platform, ID: "C1"})
	if err != nil {
		t.Fatal(err)
	}
	before, err := e.store.Log(ctx, id, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	body := e.slash(wang, "event", "set", "key", "rounds", "value", "5")
	e.send(body)
	e.send(body)
	after, err := e.store.Log(ctx, id, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(after) - len(before); n != 1 {
		t.Errorf("%d actions after the same /event set twice, want 1", n)
	}
}

func TestResponse(t *testing.T) {
	for _, tt := range []struct {
		name      string
		reply     commands.Reply
		ephemeral bool
		buttons   int
	}{
		{"plain", commands.Reply{Text: "好"}, false, 0},
		{"private", commands.Reply{Text: "好", Private: true}, true, 0},
		{"buttons", commands.Reply{Text: "请确认", Buttons: []chat.Button{
			{Label: "确认", Command: "/confirm"}, {Label: "异议", Command: "/dispute"},
			{Label: "too long", Command: "/" + strings.Repeat("x", 100)},
		}}, false, 2},
	} {
		d := response(tt.reply).Data
		if got := d.Flags&discordgo.MessageFlagsEphemeral != 0; got != tt.ephemeral {
			t.Errorf("%s: ephemeral %v, want %v", tt.name, got, tt.ephemeral)
		}
		if d.Content != tt.reply.Text {
			t.Errorf("%s: %q, want %q", tt.name, d.Content, tt.reply.Text)
		}
		b, _ := json.Marshal(d.Components)
		if got := bytes.Count(b, []byte(`"custom_id"`)); got != tt.buttons {
			t.Errorf("%s: %d buttons in %s, want %d", tt.name, got, b, tt.buttons)
		}
	}
}

// TestHandlerLongReplies (issue 9, one way out): a public reply goes
// through the outbox to the channel, a long one in parts that make it
// again, and the deferred response says so privately: a follow-up would
// be lost to a long 429. A private one can only be the interaction's: its
// first part is the deferred response, the rest ephemeral follow-ups.
func TestHandlerLongReplies(t *testing.T) {
	e := newEndpoint(t)
	help := longList(t, e.store, ann)

	a := e.send(e.slash(ann, "players", ""))
	if !a.Private() || a.Content() != follows.In(i18n.En) {
		t.Errorf("long /players: response %q (private %v), want the private note %q", a.Content(), a.Private(), follows.In(i18n.En))
	}
	parts := e.heard()
	if len(parts) < 2 {
		t.Fatalf("the channel heard %d messages of the long /help, want its parts", len(parts))
	}
	for i, content := range parts {
		if n := chat.Length(content); n > chat.LimitDiscord {
			t.Errorf("part %d: %d characters", i, n)
		}
		if i < len(parts)-1 && !strings.Contains(help, content+"\n") {
			t.Errorf("part %d does not end at the end of a line: …%q", i, content[max(0, len(content)-40):])
		}
	}
	flat := func(s string) string { return strings.ReplaceAll(s, "\n", "") }
	if flat(strings.Join(parts, "")) != flat(help) {
		t.Errorf("the %d parts do not make the reply again", len(parts))
	}

	// A public reply that fits goes the same way, in one message.
	a = e.send(e.slash(wang, "help", ""))
	if !a.Private() || a.Content() != posted.In(i18n.Zh) {
		t.Errorf("/help in Chinese: %q (private %v), want the private note %q", a.Content(), a.Private(), posted.In(i18n.Zh))
	}
	if said := e.heard(); len(said) != 1 || !strings.Contains(said[0], "/help") {
		t.Errorf("the short /help: the channel heard %.80q, want it once", said)
	}

	// A private reply too long for a message: /pair's preview of a large
	// field, of another event (the long list's is called off first).
	e.svc.Handle(context.Background(), commands.Request{Chat: chat.Chat{Platform: Platform, ID: "C1"},
		User: commands.User{ID: ann.id, Name: ann.name}, Locale: ann.locale, Text: "/event cancel confirm", UpdateID: "test:cancel"})
	e.started(ann, 60, func(i int) string { return fmt.Sprintf("Long-Named Player %02d", i) })
	a = e.send(e.slash(ann, "pair", ""))
	if a.first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || !a.Private() {
		t.Fatalf("long preview: response %+v; want an ephemeral deferred message (5)", a.first)
	}
	if a.edit == nil || len(a.follows) == 0 {
		t.Fatalf("long preview: edit %v and %d follow-ups, want its first part as the response and the rest as follow-ups", a.edit != nil, len(a.follows))
	}
	for i, m := range append([]map[string]any{a.edit}, a.follows...) {
		content, _ := m["content"].(string)
		if chat.Length(content) > chat.LimitDiscord || content == "" {
			t.Errorf("part %d has %d characters", i, chat.Length(content))
		}
		if i > 0 && m["flags"] != float64(discordgo.MessageFlagsEphemeral) {
			t.Errorf("follow-up %d has flags %v, want ephemeral", i, m["flags"])
		}
	}
	if said := e.heard(); len(said) != 0 {
		t.Errorf("the private preview was said in the channel: %.80q", said)
	}
}

// started makes org the organiser of an event in channel C1 that n players
// named name(1)…name(n) joined, starts it and returns the players; the
// start's announcement is heard already.
func (e *endpoint) started(org who, n int, name func(int) string) []who {
	e.t.Helper()
	e.send(e.slash(org, "event", "new", "name", "并发赛"))
	e.send(e.slash(org, "signup", "", "state", "open"))
	players := make([]who, n)
	for i := range players {
		players[i] = who{id: fmt.Sprint(5000 + i), name: name(i + 1)}
		e.send(e.slash(players[i], "join", "", "name", players[i].name))
	}
	e.send(e.slash(org, "start", ""))
	e.heard()
	return players
}

// playing is started with the first round paired and published, heard
// already: it returns the players.
func (e *endpoint) playing(org who, n int, name func(int) string) []who {
	e.t.Helper()
	players := e.started(org, n, name)
	e.send(e.slash(org, "pair", ""))
	e.send(e.slash(org, "publish", ""))
	e.heard()
	return players
}

// clocked is an endpoint whose database and service run on a test clock
// at 7 March 2026, 9:00 UTC, and the clock.
func clocked(t testing.TB) (*endpoint, *testclock.Clock) {
	t.Helper()
	clk := testclock.At(time.Date(2026, 3, 7, 9, 0, 0, 0, time.UTC))
	st := newStore(t, storage.WithClock(clk.Now))
	return endpointOn(t, st, commands.New(st, commands.WithClock(clk.Now))), clk
}

// numbered is player's name in the events of the tests: 棋手1, 棋手2….
func numbered(i int) string { return fmt.Sprintf("棋手%d", i) }

// ann's client speaks English.
var ann = who{id: "333", name: "Ann", locale: "en-US"}

// longList enters enough players in channel C1's event, as its organiser
// org (making the event first when the channel has none), that /players
// there is longer than a message, and returns that reply as the channel
// reads it.
func longList(t *testing.T, st *storage.Store, org who) string {
	t.Helper()
	svc := commands.New(st)
	n := 0
	say := func(text string) string {
		n++
		return svc.Handle(context.Background(), commands.Request{
			Chat: chat.Chat{Platform: Platform, ID: "C1"}, User: commands.User{ID: org.id, Name: org.name},
			Locale: org.locale, Text: text, UpdateID: fmt.Sprintf("test:long:%d", n),
		}).Text
	}
	if evs, err := st.ChatEvents(context.Background(), chat.Chat{Platform: Platform, ID: "C1"}); err == nil && len(evs) == 0 {
		say("/event new Long List")
	}
	for i := range 150 {
		say(fmt.Sprintf("/player add Player%03d", i+1))
	}
	list := say("/players")
	if chat.Length(list) <= chat.LimitDiscord {
		t.Fatalf("/players has %d characters; the test needs a reply longer than a message", chat.Length(list))
	}
	return list
}

// The PLAYER of /withdraw completes the channel's players: up to 25,
// numbered, their number the value.
func TestHandlerAutocomplete(t *testing.T) {
	e := newEndpoint(t)
	e.send(e.slash(wang, "event", "new", "name", "周末快棋赛"))
	e.send(e.slash(wang, "signup", "", "state", "open"))
	e.send(e.slash(wang, "player", "add", "name", "Li Si", "unit", "一中"))
	e.send(e.slash(wang, "player", "add", "name", "Wang Li"))
	for i := range 28 {
		e.send(e.slash(wang, "player", "add", "name", fmt.Sprintf("选手%02d", i+3)))
	}
	choices := func(body string) []string {
		t.Helper()
		status, resp := e.post(body, e.priv, time.Now())
		if status != http.StatusOK || resp.Type != discordgo.InteractionApplicationCommandAutocompleteResult || resp.Data == nil {
			t.Fatalf("status %d, response %+v; want 200 and autocomplete choices (8)", status, resp)
		}
		var out []string
		for _, c := range resp.Data.Choices {
			out = append(out, fmt.Sprintf("%s=%v", c.Name, c.Value))
		}
		return out
	}
	for _, tt := range []struct {
		name, body string
		want       []string
	}{
		{"li", e.complete(wang, "withdraw", "player", "li"), []string{"1 Li Si (一中)=1", "2 Wang Li=2"}},
		{"number", e.complete(wang, "foul", "player", "30"), []string{"30 选手30=30"}},
		{"not a player option", e.complete(wang, "lang", "language", ""), nil},
		{"a DM follows no event", e.complete(who{id: wang.id, name: wang.name, dm: true}, "withdraw", "player", "li"), nil},
	} {
		if got := choices(tt.body); !slices.Equal(got, tt.want) {
			t.Errorf("%s: choices %q, want %q", tt.name, got, tt.want)
		}
	}
	if got := choices(e.complete(wang, "withdraw", "player", "")); len(got) != maxChoices || got[0] != "1 Li Si (一中)=1" {
		t.Errorf("nothing typed: %d choices from %q, want the first 25 of 30", len(got), got[:min(len(got), 1)])
	}
}
