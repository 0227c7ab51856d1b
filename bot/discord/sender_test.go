package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/chat"
)

// call is a REST request the test server received.
type call struct {
	method, path string
	id           string // the message's id, of a message posted
	files        int    // the files attached
	body         map[string]any
	at           time.Time
	refused      bool // answered with an error (a fault, a 429, a path not of v10)
}

// rest is a fake of Discord's REST API (v10): it opens DM channel
// "DM-<user>", accepts messages, takes an interaction's first response
// once (a second callback is refused with 40060, as Discord does), and
// answers 429 with limited's
// retry_after (seconds) while limited has some left, to requests for
// limitPath ("PATCH /channels/…") only when that is set. Faults answer
// requests for their path (every path for "") with their error while
// they have some left, in order. A call's time is now's (the test's
// clock), time.Now without.
type rest struct {
	mu        sync.Mutex
	calls     []call
	posted    int // messages posted: each gets id M<n>
	limited   []float64
	limitPath string
	faults    []*fault
	now       func() time.Time
	acked     map[string]bool // interactions' callbacks answered
}

// fault is an error the REST fake answers n requests with: an HTTP
// status and Discord's JSON error code.
type fault struct {
	path   string // "" for any
	n      int    // how many more requests it answers
	status int
	code   int // Discord's error code (50013 …), 0 for none
}

// fault is the first of f's faults that answers a request for path, used
// up by one; nil when none does.
func (f *rest) fault(path string) *fault {
	for _, x := range f.faults {
		if x.n > 0 && (x.path == "" || x.path == path) {
			x.n--
			return x
		}
	}
	return nil
}

func (f *rest) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, files := requestBody(r)
	path, v10 := strings.CutPrefix(r.URL.Path, apiPath)
	f.mu.Lock()
	now := time.Now
	if f.now != nil {
		now = f.now
	}
	f.calls = append(f.calls, call{method: r.Method, path: path, body: body, files: files, at: now()})
	last := &f.calls[len(f.calls)-1]
	var wait []float64
	if len(f.limited) > 0 && (f.limitPath == "" || f.limitPath == r.Method+" "+path) {
		wait, f.limited = f.limited[:1], f.limited[1:]
	}
	fail := f.fault(path)
	if r.Method == http.MethodPost && strings.HasSuffix(path, "/callback") && fail == nil {
		// As Discord: an interaction is answered once.
		if f.acked[path] {
			fail = &fault{status: http.StatusBadRequest, code: discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged}
		}
		if f.acked == nil {
			f.acked = map[string]bool{}
		}
		f.acked[path] = true
	}
	last.refused = !v10 || len(wait) > 0 || fail != nil
	id := ""
	if !last.refused && r.Method == http.MethodPost {
		f.posted++
		id = fmt.Sprint("M", f.posted)
		last.id = id
	}
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	switch {
	case !v10: // the call's path, as it came, shows in the test's failure
		w.WriteHeader(http.StatusNotFound)
		json.NewEncoder(w).Encode(map[string]any{"code": 0, "message": "404: Not Found"})
	case fail != nil:
		w.WriteHeader(fail.status)
		json.NewEncoder(w).Encode(map[string]any{"code": fail.code, "message": http.StatusText(fail.status)})
	case r.Method == http.MethodPut: // commands registered
		w.Write([]byte("[]"))
	case len(wait) > 0:
		w.WriteHeader(http.StatusTooManyRequests)
		json.NewEncoder(w).Encode(map[string]any{"message": "You are being rate limited.", "retry_after": wait[0], "global": false})
	case path == "/users/@me/channels":
		json.NewEncoder(w).Encode(map[string]any{"id": "DM-" + body["recipient_id"].(string), "type": 1})
	case r.Method == http.MethodPatch: // an edit: the message as it reads now
		json.NewEncoder(w).Encode(map[string]any{"id": strings.TrimPrefix(path[strings.LastIndex(path, "/"):], "/"), "channel_id": "x", "content": body["content"]})
	default:
		json.NewEncoder(w).Encode(map[string]any{"id": id, "channel_id": "x", "content": body["content"]})
	}
}

// requestBody reads a request's JSON, a multipart one's from its
// payload_json, and counts its files; their names go in body["files"].
func requestBody(r *http.Request) (body map[string]any, files int) {
	if _, params, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err == nil && params["boundary"] != "" {
		form, err := multipart.NewReader(r.Body, params["boundary"]).ReadForm(32 << 20)
		if err != nil {
			return nil, 0
		}
		if p := form.Value["payload_json"]; len(p) > 0 {
			json.Unmarshal([]byte(p[0]), &body)
		}
		if body == nil {
			body = map[string]any{}
		}
		var names []any
		for _, fs := range form.File {
			for _, f := range fs {
				names = append(names, f.Filename)
			}
			files += len(fs)
		}
		body["files"] = names
		return body, files
	}
	b, _ := io.ReadAll(r.Body)
	json.Unmarshal(b, &body)
	return body, 0
}

// newSession is a bot's session whose REST requests go to f, as they
// would to Discord: to /api/v10/….
func newSession(t testing.TB, f http.Handler) *discordgo.Session {
	t.Helper()
	srv := newServer(t, f)
	s, err := makeSession("test-token", srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	s.Client.Timeout = 5 * time.Second
	return s
}

// newServer is a test server of f, closed when the test ends.
func newServer(t testing.TB, f http.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return srv
}

func newSender(t testing.TB, f *rest) *Sender {
	t.Helper()
	return NewSender(newSession(t, f))
}

// awaitFor returns the calls once ok accepts them, failing the test with
// what when it does not in 5 seconds: an interaction's answers and
// follow-ups go from other goroutines.
func (f *rest) awaitFor(t testing.TB, what string, ok func([]call) bool) []call {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		f.mu.Lock()
		calls := slices.Clone(f.calls)
		f.mu.Unlock()
		if ok(calls) {
			return calls
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s after 5 s: %d REST calls: %+v", what, len(calls), calls)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// await returns the calls once there are n.
func (f *rest) await(t testing.TB, n int) []call {
	t.Helper()
	return f.awaitFor(t, fmt.Sprint(n, " REST calls"), func(calls []call) bool { return len(calls) >= n })
}

// awaitCall returns the first call that match accepts.
func (f *rest) awaitCall(t testing.TB, what string, match func(call) bool) call {
	t.Helper()
	calls := f.awaitFor(t, what, func(calls []call) bool { return slices.ContainsFunc(calls, match) })
	return calls[slices.IndexFunc(calls, match)]
}

func customIDs(t *testing.T, body map[string]any) []string {
	t.Helper()
	var ids []string
	rows, _ := body["components"].([]any)
	for _, r := range rows {
		for _, b := range r.(map[string]any)["components"].([]any) {
			ids = append(ids, b.(map[string]any)["custom_id"].(string))
		}
	}
	return ids
}

func TestSenderChannel(t *testing.T) {
	f := &rest{}
	s := newSender(t, f)
	err := s.Send(context.Background(), chat.Message{
		Chat: chat.Chat{Platform: Platform, ID: "C1"}, Text: "王芳 报告第 1 台：红胜。请确认。",
		Buttons: []chat.Button{{Label: "确认", Command: "/confirm"}, {Label: "异议", Command: "/dispute"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.calls) != 1 || f.calls[0].path != "/channels/C1/messages" {
		t.Fatalf("calls %+v, want one message to channel C1", f.calls)
	}
	b := f.calls[0].body
	if b["content"] != "王芳 报告第 1 台：红胜。请确认。" {
		t.Errorf("content %q", b["content"])
	}
	if ids := customIDs(t, b); strings.Join(ids, " ") != "/confirm /dispute" {
		t.Errorf("buttons %q, want /confirm /dispute", ids)
	}
	if m, ok := b["allowed_mentions"].(map[string]any); !ok || len(m["parse"].([]any)) != 0 {
		t.Errorf("allowed_mentions %v, want parse: [] (nobody pinged)", b["allowed_mentions"])
	}
}

// TestSenderLink: a round's announcement with a link to the live page
// reaches Discord's REST API as a link button (style 5) with its url.
func TestSenderLink(t *testing.T) {
	f := &rest{}
	s := newSender(t, f)
	err := s.Send(context.Background(), chat.Message{
		Chat: chat.Chat{Platform: Platform, ID: "C1"}, Text: "第1轮对阵",
		Buttons: []chat.Button{{Label: "实时网页", URL: "https://qisai.example.org/e/abc/"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.calls[0].body["components"].([]any)
	if len(rows) != 1 {
		t.Fatalf("components %v, want one row", f.calls[0].body["components"])
	}
	b := rows[0].(map[string]any)["components"].([]any)[0].(map[string]any)
	if b["style"] != float64(discordgo.LinkButton) || b["url"] != "https://qisai.example.org/e/abc/" || b["label"] != "实时网页" || b["custom_id"] != nil {
		t.Errorf("button %v, want a link button to the live page with no custom_id", b)
	}
}

func TestSenderDM(t *testing.T) {
	f := &rest{}
	s := newSender(t, f)
	ctx := context.Background()
	for _, text := range []string{"一", "二"} {
		if err := s.Send(ctx, chat.Message{Chat: chat.Private(Platform, "222"), Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"/users/@me/channels", "/channels/DM-222/messages", "/channels/DM-222/messages"}
	var got []string
	for _, c := range f.calls {
		got = append(got, c.path)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("calls %q, want %q (the DM channel opened once)", got, want)
	}
	if f.calls[0].body["recipient_id"] != "222" {
		t.Errorf("DM opened for %v, want 222", f.calls[0].body["recipient_id"])
	}
}

func TestSenderLong(t *testing.T) {
	f := &rest{}
	s := newSender(t, f)
	text := strings.Repeat("王天一 1-0 许银川\n", 200) // 2,800 characters
	err := s.Send(context.Background(), chat.Message{Chat: chat.Chat{Platform: Platform, ID: "C1"}, Text: text,
		Buttons: []chat.Button{{Label: "排名", Command: "/standings"}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.calls) != 2 {
		t.Fatalf("%d messages, want 2", len(f.calls))
	}
	var joined []string
	for i, c := range f.calls {
		content := c.body["content"].(string)
		if chat.Length(content) > chat.LimitDiscord {
			t.Errorf("message %d: %d characters", i, chat.Length(content))
		}
		joined = append(joined, content)
		if ids := customIDs(t, c.body); (i == 1) != (len(ids) == 1) {
			t.Errorf("message %d: buttons %q; want them on the last message only", i, ids)
		}
	}
	if strings.Join(joined, "\n") != strings.TrimSuffix(text, "\n") {
		t.Errorf("the parts do not make the text again")
	}
}

func TestSenderRateLimited(t *testing.T) {
	c := chat.Chat{Platform: Platform, ID: "C1"}
	// A short retry_after is waited out, then the message goes.
	f := &rest{limited: []float64{0.2}}
	if err := newSender(t, f).Send(context.Background(), chat.Message{Chat: c, Text: "hi"}); err != nil {
		t.Fatalf("after a 429 of 0.2 s: %v", err)
	}
	if len(f.calls) != 2 || f.calls[1].at.Sub(f.calls[0].at) < 200*time.Millisecond {
		t.Errorf("calls %+v; want a retry at least 0.2 s after the 429", f.calls)
	}
	// A long one goes back to the outbox as an error, at once.
	f = &rest{limited: []float64{60}}
	start := time.Now()
	if err := newSender(t, f).Send(context.Background(), chat.Message{Chat: c, Text: "hi"}); err == nil {
		t.Error("a 429 of 60 s: no error, want one for the outbox to retry")
	}
	if d := time.Since(start); d > 5*time.Second || len(f.calls) != 1 {
		t.Errorf("a 429 of 60 s: %d calls in %v, want 1 and no waiting", len(f.calls), d)
	}
	// Another platform's chat is refused.
	if err := newSender(t, &rest{}).Send(context.Background(), chat.Message{Chat: chat.Chat{Platform: "telegram", ID: "1"}, Text: "x"}); err == nil {
		t.Error("a telegram chat: no error")
	}
}

// refuser is a REST server that opens DM channels and refuses every
// message with status and Discord's error code.
func refuser(status, code int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/users/@me/channels") {
			json.NewEncoder(w).Encode(map[string]any{"id": "DM-7", "type": 1})
			return
		}
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(map[string]any{"code": code, "message": "refused"})
	})
}

// TestSenderForbiddenDM: Discord's 403 to a user's direct messages is
// undeliverable (no retries); a 403 in a channel is an ordinary failure.
func TestSenderForbiddenDM(t *testing.T) {
	s := NewSender(newSession(t, refuser(http.StatusForbidden, discordgo.ErrCodeCannotSendMessagesToThisUser)))
	err := s.Send(context.Background(), chat.Message{Chat: chat.Private(Platform, "7"), Text: "hi"})
	if !errors.Is(err, chat.ErrUndeliverable) {
		t.Errorf("403 to dm:7: %v, want ErrUndeliverable", err)
	}
	err = s.Send(context.Background(), chat.Message{Chat: chat.Chat{Platform: Platform, ID: "55"}, Text: "hi"})
	if err == nil || errors.Is(err, chat.ErrUndeliverable) {
		t.Errorf("403 in a channel: %v, want an ordinary error", err)
	}
}

// TestSenderRendersAndAttaches (issue 9): a message goes as Discord
// markdown that pings nobody (allowed_mentions parses nothing, so
// "@everyone" in a name stays text), and its file as an attachment.
func TestSenderRendersAndAttaches(t *testing.T) {
	type post struct {
		payload    map[string]any
		file, data string
		multipart  bool
	}
	var (
		mu    sync.Mutex
		posts []post
	)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var p post
		if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
			p.multipart = true
			if err := r.ParseMultipartForm(1 << 20); err != nil {
				t.Error(err)
			}
			json.Unmarshal([]byte(r.FormValue("payload_json")), &p.payload)
			for _, fs := range r.MultipartForm.File {
				f, _ := fs[0].Open()
				b, _ := io.ReadAll(f)
				p.file, p.data = fs[0].Filename, string(b)
			}
		} else {
			json.NewDecoder(r.Body).Decode(&p.payload)
		}
		mu.Lock()
		posts = append(posts, p)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"id": "M1", "channel_id": "C1"})
	})
	s := NewSender(newSession(t, h))
	m := chat.Message{Chat: chat.Chat{Platform: Platform, ID: "C1"}, Text: "@everyone *赢*\n" + chat.Mono("1 `x`"),
		File: &chat.File{Name: "春季赛.csv", Data: []byte("名次,姓名\n")}}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if len(posts) != 2 {
		t.Fatalf("%d posts, want the text and the file", len(posts))
	}
	if got, want := posts[0].payload["content"], "@everyone \\*赢\\*\n```\n1 ˋxˋ\n```"; got != want {
		t.Errorf("content %q, want %q", got, want)
	}
	for i, p := range posts {
		am, _ := p.payload["allowed_mentions"].(map[string]any)
		if parse, ok := am["parse"].([]any); !ok || len(parse) != 0 {
			t.Errorf("post %d: allowed_mentions %v, want parse: [] (nobody pinged)", i, p.payload["allowed_mentions"])
		}
	}
	if p := posts[1]; !p.multipart || p.file != "春季赛.csv" || p.data != "名次,姓名\n" {
		t.Errorf("the file went as %+v, want an attachment 春季赛.csv with its bytes", p)
	}
}

// TestFollowUpRetried: a follow-up Discord's side failed (a 500) is sent
// again, its file read again from the start.
func TestFollowUpRetried(t *testing.T) {
	var (
		mu    sync.Mutex
		tries int
		files []string
	)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		tries++
		if err := r.ParseMultipartForm(1 << 20); err == nil {
			for _, fs := range r.MultipartForm.File {
				f, _ := fs[0].Open()
				b, _ := io.ReadAll(f)
				files = append(files, string(b))
			}
		}
		w.Header().Set("Content-Type", "application/json")
		if tries == 1 {
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, `{"message":"internal error","code":0}`)
			return
		}
		fmt.Fprint(w, `{"id":"M1","channel_id":"C1"}`)
	})
	hook := &discordgo.Interaction{ID: "9", AppID: "42", Token: "tok"}
	file := &discordgo.WebhookParams{Files: []*discordgo.File{attachment(&chat.File{Name: "e.trf", Data: []byte("012 e\n")})}}
	if err := followUp(context.Background(), newSession(t, h), hook, []*discordgo.WebhookParams{file}); err != nil {
		t.Fatal(err)
	}
	if tries != 2 || !slices.Equal(files, []string{"012 e\n", "012 e\n"}) {
		t.Errorf("%d tries with files %q, want 2, the whole file each time", tries, files)
	}
}

// TestSenderRefusedForGood: a message Discord refuses for good (400: it
// cannot take it; 404: the channel is gone) is undeliverable, so the
// outbox gives it up instead of retrying it for hours; a 500 is not.
func TestSenderRefusedForGood(t *testing.T) {
	for _, tt := range []struct {
		code    int
		forGood bool
	}{{http.StatusBadRequest, true}, {http.StatusNotFound, true}, {http.StatusInternalServerError, false}} {
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(tt.code)
			json.NewEncoder(w).Encode(map[string]any{"code": 0, "message": http.StatusText(tt.code)})
		})
		err := NewSender(newSession(t, h)).Send(context.Background(), chat.Message{Chat: chat.Chat{Platform: Platform, ID: "55"}, Text: "hi"})
		if err == nil || errors.Is(err, chat.ErrUndeliverable) != tt.forGood {
			t.Errorf("%d: %v, want undeliverable %v", tt.code, err, tt.forGood)
		}
	}
}

// TestSenderRights: a channel the bot cannot see (50001), may not post in
// (50013) or that is gone (10003) is chat.ErrNoRights, with what to grant;
// a user's closed direct messages (50007, or a 403 without the code) are
// undeliverable, worded for Discord — where to allow them — never
// Telegram's "press Start".
func TestSenderRights(t *testing.T) {
	group, dm := chat.Chat{Platform: Platform, ID: "55"}, chat.Private(Platform, "7")
	for _, tt := range []struct {
		to           chat.Chat
		status, code int
		kind         error
		fix          string
	}{
		{group, http.StatusForbidden, discordgo.ErrCodeMissingAccess, chat.ErrNoRights, "查看频道"},
		{group, http.StatusForbidden, discordgo.ErrCodeMissingPermissions, chat.ErrNoRights, "Send Messages"},
		{group, http.StatusNotFound, discordgo.ErrCodeUnknownChannel, chat.ErrNoRights, "/link"},
		{dm, http.StatusForbidden, discordgo.ErrCodeCannotSendMessagesToThisUser, chat.ErrUndeliverable, "User Settings → Privacy & Safety"},
		{dm, http.StatusForbidden, 0, chat.ErrUndeliverable, "用户设置 → 隐私与安全"},
	} {
		f := &rest{faults: []*fault{{path: "/channels/" + strings.Replace(tt.to.ID, "dm:", "DM-", 1) + "/messages", n: 1, status: tt.status, code: tt.code}}}
		err := newSender(t, f).Send(context.Background(), chat.Message{Chat: tt.to, Text: "hi"})
		var r *chat.Refusal
		if !errors.As(err, &r) || !errors.Is(err, tt.kind) {
			t.Errorf("%d %d to %v: %v; want a refusal of %v", tt.status, tt.code, tt.to, err, tt.kind)
			continue
		}
		if fix := r.Fix.Zh + " " + r.Fix.En; !strings.Contains(fix, tt.fix) || strings.Contains(fix, "Start") {
			t.Errorf("%d %d: the fix %q; want Discord's words with %q", tt.status, tt.code, fix, tt.fix)
		}
	}
}
