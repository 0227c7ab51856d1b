package telegram

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"strings"
	"sync"
	"testing"
	"time"
)

// front is a Bot API server for a qisai process of its own: it passes the
// bot's calls on to the emulator and plays the parts of Telegram the
// emulator lacks and the crash and soak tests need.
//   - Confirmation: the emulator forgets an update once it has handed it
//     out; Telegram keeps it until a getUpdates asks from past it (the
//     offset). front keeps the updates handed out and not yet confirmed,
//     and hands them out again, as Telegram does after a bot's crash.
//   - Bodies: the emulator reads urlencoded bodies, the client sends
//     multipart ones; setMyCommands, which the emulator lacks, is agreed.
//   - onSend sees each sendMessage before it goes on, and may answer it
//     instead (a 429) or act after it went (kill the bot).
type front struct {
	*httptest.Server
	emu *emulator

	mu      sync.Mutex
	pending unconfirmed // handed out, not confirmed
	// onSend is called with each sendMessage's fields; a non-nil answer
	// is the Bot API's answer instead of the emulator's, and after, when
	// set, runs once the emulator has answered (the bot not yet told).
	onSend func(form url.Values) (answer []byte, after func())
	// onPoll is called with each getUpdates' offset and the ids of the
	// updates handed out and not confirmed; false keeps them unconfirmed
	// whatever the offset says.
	onPoll func(offset int64, pending []int64) (confirm bool)
	// sends, while not nil, holds sendMessage until it is closed; dropped
	// then says whether the messages held are dropped (never reach the
	// emulator) or go on.
	sends   chan struct{}
	dropped bool
	// held, while not nil, holds getUpdates until it is closed: updates
	// sent meanwhile are handed out in one batch.
	held chan struct{}
}

// holdSends holds sendMessage until the returned function is called,
// which drops the messages held (drop) or lets them go on.
func (f *front) holdSends() (release func(drop bool)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sends = make(chan struct{})
	return func(drop bool) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.dropped = drop
		close(f.sends)
		f.sends = nil
	}
}

// hold holds getUpdates until the returned function is called.
func (f *front) hold() (release func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.held = make(chan struct{})
	return func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		close(f.held)
		f.held = nil
	}
}

func newFront(t *testing.T, emu *emulator) *front {
	f := &front{emu: emu}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *front) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	method := path.Base(r.URL.Path)
	switch method {
	case "getUpdates":
		f.getUpdates(w, r)
		return
	case "getMe":
		io.WriteString(w, meAnswer)
		return
	}
	form, err := multipartValues(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var after func()
	switch method {
	case "setMyCommands":
		io.WriteString(w, `{"ok":true,"result":true}`)
		return
	case "sendMessage":
		f.mu.Lock()
		hook, held := f.onSend, f.sends
		f.mu.Unlock()
		if held != nil {
			select {
			case <-held:
			case <-r.Context().Done():
				return // the bot is gone
			}
			f.mu.Lock()
			drop := f.dropped
			f.mu.Unlock()
			if drop {
				http.Error(w, "dropped by the test", http.StatusBadGateway)
				return
			}
		}
		if hook != nil {
			var answer []byte
			if answer, after = hook(form); answer != nil {
				w.Write(answer)
				return
			}
		}
	}
	resp, err := http.PostForm(f.emu.url+r.URL.Path, form)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if after != nil {
		after()
	}
	w.WriteHeader(resp.StatusCode)
	w.Write(b)
}

// getUpdates answers from the offset on: the updates before it are
// confirmed and dropped, the emulator's new ones join those not confirmed.
func (f *front) getUpdates(w http.ResponseWriter, r *http.Request) {
	var p struct {
		Offset int64 `json:"offset"`
		Limit  int   `json:"limit"`
	}
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
		http.Error(w, "getUpdates: "+err.Error(), http.StatusBadRequest)
		return
	}
	// The emulator is asked under the lock hold takes: once hold has
	// returned, no getUpdates takes updates until release.
	f.mu.Lock()
	for f.held != nil {
		held := f.held
		f.mu.Unlock()
		select {
		case <-held:
		case <-r.Context().Done():
			return
		}
		f.mu.Lock()
	}
	fresh, err := f.fetch(r)
	if err != nil {
		f.mu.Unlock()
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	for _, u := range fresh {
		var id struct {
			ID int64 `json:"update_id"`
		}
		json.Unmarshal(u, &id)
		f.pending.add(u, id.ID)
	}
	confirm := true
	if f.onPoll != nil {
		confirm = f.onPoll(p.Offset, f.pending.ids)
	}
	if confirm {
		f.pending.confirm(p.Offset)
	}
	out := f.pending.batch(p.Limit)
	b, _ := json.Marshal(map[string]any{"ok": true, "result": out})
	f.mu.Unlock()
	if len(out) == 0 {
		// The emulator answers at once; Telegram would hold the poll.
		time.Sleep(20 * time.Millisecond)
	}
	w.Write(b)
}

// fetch takes the emulator's new updates for the bot.
func (f *front) fetch(r *http.Request) ([]json.RawMessage, error) {
	resp, err := http.Post(f.emu.url+r.URL.Path, "application/json", bytes.NewReader([]byte("{}")))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var a struct {
		OK     bool              `json:"ok"`
		Result []json.RawMessage `json:"result"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil || !a.OK {
		return nil, fmt.Errorf("emulator getUpdates: ok=%v %v", a.OK, err)
	}
	return a.Result, nil
}

// unconfirmed are the updates handed out and not yet confirmed, oldest
// first, as Telegram keeps them: a getUpdates confirms those before its
// offset, and gets the rest again.
type unconfirmed struct {
	updates []json.RawMessage
	ids     []int64 // their update ids
}

func (q *unconfirmed) add(u json.RawMessage, id int64) {
	q.updates, q.ids = append(q.updates, u), append(q.ids, id)
}

// confirm drops the updates before offset.
func (q *unconfirmed) confirm(offset int64) {
	for len(q.ids) > 0 && q.ids[0] < offset {
		q.updates, q.ids = q.updates[1:], q.ids[1:]
	}
}

// batch is the first limit updates (0: Telegram's default, all here).
func (q *unconfirmed) batch(limit int) []json.RawMessage {
	if limit > 0 && len(q.updates) > limit {
		return q.updates[:limit]
	}
	return q.updates
}

// count is how many of msgs chat got with text containing want.
func count(msgs []sent, chat int64, want string) int {
	n := 0
	for _, m := range msgs {
		if m.Chat == fmt.Sprint(chat) && strings.Contains(m.Text, want) {
			n++
		}
	}
	return n
}
