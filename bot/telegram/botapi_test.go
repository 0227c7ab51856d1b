package telegram

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/storage"
)

// tg is a Bot API server for what the emulator lacks: a group upgraded
// to a supergroup, forum topics, the bot removed from a group and added
// again (my_chat_member), edits, and Telegram failing a call (a 502, a
// 429, a 403). It keeps the updates the test posts until a getUpdates asks
// from past them, as Telegram does, and records what the bot sent.
type tg struct {
	*httptest.Server
	t *testing.T

	mu      sync.Mutex
	pending unconfirmed // updates not yet confirmed
	next    int64       // the next update's id
	msgID   int         // the last message id given out
	sent    []tgSent
	calls   map[string]int
	faults  map[string][]fault  // by method: answers to give instead, in order
	moved   map[string]int64    // chat id → the supergroup it became
	kicked  map[string]string   // chat id → the 403 a send gets
	deleted map[string]bool     // "chat/thread" of topics deleted
	edits   map[string][]string // method → "chat/message" of each call answered
}

// tgSent is a message the bot sent.
type tgSent struct {
	Chat    string
	Thread  string // message_thread_id, "" for none
	Text    string
	Buttons string // the inline keyboard's JSON, "" for none
}

// fault is an answer a call gets instead of success.
type fault struct {
	status int
	body   string
}

func newTG(t *testing.T) *tg { return newTGAt(t, "", nil) }

// newTGAt is a Bot API server listening on addr ("": any port), set up by
// setup before it takes a call.
func newTGAt(t *testing.T, addr string, setup func(*tg)) *tg {
	t.Helper()
	s := &tg{t: t, next: 1, calls: map[string]int{}, faults: map[string][]fault{}, moved: map[string]int64{},
		kicked: map[string]string{}, deleted: map[string]bool{}, edits: map[string][]string{}}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	if addr != "" {
		l, err := net.Listen("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		s.Server.Listener.Close()
		s.Server.Listener = l
	}
	if setup != nil {
		setup(s)
	}
	s.Server.Start()
	t.Cleanup(s.Close)
	return s
}

// fail makes the next n calls of method answer status with body.
func (s *tg) fail(method string, n, status int, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.faults[method] = append(s.faults[method], fault{status, body})
	}
}

func (s *tg) serve(w http.ResponseWriter, r *http.Request) {
	method := path.Base(r.URL.Path)
	w.Header().Set("Content-Type", "application/json")
	s.mu.Lock()
	s.calls[method]++
	if fs := s.faults[method]; len(fs) > 0 {
		s.faults[method] = fs[1:]
		s.mu.Unlock()
		w.WriteHeader(fs[0].status)
		io.WriteString(w, fs[0].body)
		return
	}
	s.mu.Unlock()
	if method == "getUpdates" {
		s.getUpdates(w, r)
		return
	}
	form := url.Values{}
	if r.ContentLength != 0 {
		if err := r.ParseMultipartForm(1 << 20); err == nil {
			form = url.Values(r.MultipartForm.Value)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch method {
	case "getMe":
		io.WriteString(w, meAnswer)
	case "sendMessage", "sendDocument", "sendPhoto":
		c, thread := form.Get("chat_id"), form.Get("message_thread_id")
		switch {
		case s.moved[c] != 0:
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprintf(w, `{"ok":false,"error_code":400,"description":"Bad Request: group chat was upgraded to a supergroup chat","parameters":{"migrate_to_chat_id":%d}}`, s.moved[c])
			return
		case s.kicked[c] != "":
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprintf(w, `{"ok":false,"error_code":403,"description":%q}`, s.kicked[c])
			return
		case thread != "" && s.deleted[c+"/"+thread]:
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"ok":false,"error_code":400,"description":"Bad Request: message thread not found"}`)
			return
		}
		s.msgID++
		s.sent = append(s.sent, tgSent{Chat: c, Thread: thread, Text: form.Get("text"), Buttons: form.Get("reply_markup")})
		fmt.Fprintf(w, `{"ok":true,"result":{"message_id":%d,"date":0,"chat":{"id":%s,"type":"supergroup"}}}`, s.msgID, c)
	case "editMessageReplyMarkup":
		s.edits[method] = append(s.edits[method], form.Get("chat_id")+"/"+form.Get("message_id"))
		io.WriteString(w, `{"ok":true,"result":true}`)
	case "answerCallbackQuery":
		s.edits[method] = append(s.edits[method], form.Get("callback_query_id"))
		io.WriteString(w, `{"ok":true,"result":true}`)
	default: // deleteWebhook, setWebhook, setMyCommands
		io.WriteString(w, `{"ok":true,"result":true}`)
	}
}

// getUpdates answers the updates from the offset on, confirming those
// before it; with none it holds the poll a little, as Telegram holds it.
func (s *tg) getUpdates(w http.ResponseWriter, r *http.Request) {
	var p struct {
		Offset int64 `json:"offset"`
		Limit  int   `json:"limit"`
	}
	json.NewDecoder(r.Body).Decode(&p)
	s.mu.Lock()
	s.pending.confirm(p.Offset)
	out := s.pending.batch(p.Limit)
	b, _ := json.Marshal(map[string]any{"ok": true, "result": out})
	s.mu.Unlock()
	if len(out) == 0 {
		time.Sleep(10 * time.Millisecond)
	}
	w.Write(b)
}

// post queues an update; fields are the update's own, but its id.
func (s *tg) post(fields map[string]any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fields["update_id"] = s.next
	b, err := json.Marshal(fields)
	if err != nil {
		s.t.Fatal(err)
	}
	s.pending.add(b, s.next)
	s.next++
}

// message is a message from p in chat with text; extra adds fields
// (message_thread_id, migrate_to_chat_id …). Its id is returned.
func (s *tg) message(p person, chatID int64, text string, extra map[string]any) int {
	s.mu.Lock()
	s.msgID++
	id := s.msgID
	s.mu.Unlock()
	m := map[string]any{"message_id": id, "date": time.Now().Unix(), "from": p.user(), "chat": chatJSON(chatID), "text": text}
	for k, v := range extra {
		m[k] = v
	}
	s.post(map[string]any{"message": m})
	return id
}

// say is message without extra fields.
func (s *tg) say(p person, chatID int64, text string) int { return s.message(p, chatID, text, nil) }

// sentTo lists what the bot sent to chat so far.
func (s *tg) sentTo(chatID int64) []tgSent {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []tgSent
	for _, m := range s.sent {
		if m.Chat == strconv.FormatInt(chatID, 10) {
			out = append(out, m)
		}
	}
	return out
}

// called is how often method was called.
func (s *tg) called(method string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls[method]
}

// await waits until the bot has sent chat a message containing want, and
// returns it; it fails the test after a minute (a guard against a bot
// that never answers, not a measure of its speed).
func (s *tg) await(chatID int64, want string) tgSent {
	s.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		for _, m := range s.sentTo(chatID) {
			if strings.Contains(m.Text, want) {
				return m
			}
		}
		if time.Now().After(deadline) {
			s.mu.Lock()
			all := fmt.Sprintf("%+v", s.sent)
			s.mu.Unlock()
			s.t.Fatalf("the bot sent chat %d no message with %q in a minute; it sent %s", chatID, want, all)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitUntil waits until cond holds, failing the test after a minute.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// running is an adapter running against a Bot API server, with its
// outbox delivered through its Sender.
type running struct {
	a      *Adapter
	store  *storage.Store
	svc    *commands.Service
	status chan bool // what WithStatus heard, in order
	// waits are the backoffs the adapter asked to sleep, which it sleeps a
	// millisecond each: no test waits for Telegram's real backoffs.
	mu    sync.Mutex
	waits []time.Duration
	stop  func()
}

// startBot runs the bot (Run and the outbox's delivery) against the Bot
// API at api, on a fresh database with the store's options.
func startBot(t *testing.T, api string, opts ...storage.Option) *running {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	store, err := storage.Open(ctx, filepath.Join(t.TempDir(), "qisai.db"), opts...)
	if err != nil {
		t.Fatal(err)
	}
	var logTo io.Writer = io.Discard
	if testing.Verbose() {
		logTo = os.Stderr
	}
	log := slog.New(slog.NewTextHandler(logTo, nil))
	r := &running{store: store, svc: commands.New(store, commands.WithLogger(log)), status: make(chan bool, 100)}
	r.a, err = New(r.svc, "42:test", WithServerURL(api), WithLogger(log),
		WithHTTPClient(&http.Client{Timeout: 5 * time.Second}),
		WithStatus(func(up bool, _ error) { r.status <- up }))
	if err != nil {
		t.Fatal(err)
	}
	r.a.sleep = func(ctx context.Context, d time.Duration) {
		r.mu.Lock()
		r.waits = append(r.waits, d)
		r.mu.Unlock()
		sleep(ctx, time.Millisecond)
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		if err := r.a.Run(ctx); err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	go func() {
		defer wg.Done()
		o := storage.DeliverOptions{Platform: Platform, Split: Split, Poll: 5 * time.Millisecond, Log: log,
			Undeliverable: r.svc.Undeliverable, Blocked: r.svc.Blocked}
		store.Deliver(ctx, "test", r.a.Sender(), o)
	}()
	var once sync.Once
	r.stop = func() { once.Do(func() { cancel(); wg.Wait(); store.Close() }) }
	t.Cleanup(r.stop)
	return r
}

// slept lists the waits the adapter asked for.
func (r *running) slept() []time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]time.Duration(nil), r.waits...)
}

// refusedPort is a local address nothing listens on: a connection to it
// is refused. The test may listen on it later.
func refusedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// topicMessage is the fields of a message in forum topic thread.
func topicMessage(thread int) map[string]any {
	return map[string]any{"message_thread_id": thread, "is_topic_message": true}
}

// forumJSON is a forum supergroup as updates carry it.
func forumJSON(id int64) map[string]any {
	return map[string]any{"id": id, "type": "supergroup", "title": "象棋俱乐部", "is_forum": true}
}

// groupJSON is a basic group (one that may be upgraded) as updates carry it.
func groupJSON(id int64) map[string]any {
	return map[string]any{"id": id, "type": "group", "title": "象棋俱乐部"}
}

// inGroup is a message's fields for a basic group: its chat.
func inGroup(id int64) map[string]any { return map[string]any{"chat": groupJSON(id)} }
