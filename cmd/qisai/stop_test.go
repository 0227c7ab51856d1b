package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/storage"
)

// botAPI is a Telegram Bot API server for a qisai serve process: it has
// no updates to give, and counts each sendMessage by its text as it
// arrives (a message the platform took is delivered, whether or not its
// answer reaches the bot). While holding, it answers no sendMessage until
// release.
type botAPI struct {
	mu      sync.Mutex
	count   map[string]int
	held    int           // sendMessage requests waiting for release
	release chan struct{} // nil: answer at once
	arrived chan struct{} // signalled on each sendMessage's arrival
}

func (b *botAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	switch path.Base(r.URL.Path) {
	case "getUpdates":
		select { // a long poll with nothing to give
		case <-r.Context().Done():
		case <-time.After(200 * time.Millisecond):
		}
		io.WriteString(w, `{"ok":true,"result":[]}`)
	case "sendMessage":
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		b.mu.Lock()
		b.count[r.FormValue("text")]++
		release := b.release
		if release != nil {
			b.held++
		}
		b.mu.Unlock()
		select {
		case b.arrived <- struct{}{}:
		default:
		}
		if release != nil {
			select {
			case <-release:
			case <-r.Context().Done():
				return // the bot gave up on the answer; the message is in
			}
		}
		fmt.Fprintf(w, `{"ok":true,"result":{"message_id":1,"date":0,"chat":{"id":%s,"type":"private"}}}`, r.FormValue("chat_id"))
	default: // deleteWebhook, setMyCommands
		io.WriteString(w, `{"ok":true,"result":true}`)
	}
}

// hold makes sendMessage wait for the function it returns.
func (b *botAPI) hold() (release func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	ch := make(chan struct{})
	b.release, b.held = ch, 0
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.release = nil
		close(ch)
	}
}

func (b *botAPI) heldNow() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.held
}

func (b *botAPI) times(text string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.count[text]
}

// served is a qisai serve process and its log (standard output).
type served struct {
	cmd  *exec.Cmd
	mu   sync.Mutex
	log  strings.Builder
	seen chan struct{} // signalled on each log line
	done chan struct{}
}

func startStoppable(t *testing.T, api, db string) *served {
	t.Helper()
	s := &served{seen: make(chan struct{}, 1), done: make(chan struct{})}
	s.cmd = mainCmd(t, t.TempDir(), "serve")
	s.cmd.Env = append(s.cmd.Env, "QISAI_TELEGRAM_TOKEN=123:test", "QISAI_TELEGRAM_API_URL="+api, "QISAI_DATABASE_URL="+db)
	out, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s.cmd.Stderr = os.Stderr
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			s.mu.Lock()
			s.log.WriteString(sc.Text() + "\n")
			s.mu.Unlock()
			select {
			case s.seen <- struct{}{}:
			default:
			}
		}
		s.cmd.Wait()
		close(s.done)
	}()
	t.Cleanup(func() {
		s.cmd.Process.Kill()
		<-s.done
	})
	// Polling means the signals are handled: a SIGTERM before would kill
	// it outright.
	until(t, "qisai serve polling", s.seen, func() bool { return s.logged("telegram: polling for updates") })
	return s
}

func (s *served) logged(text string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Contains(s.log.String(), text)
}

func (s *served) exited() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// stop sends SIGTERM and waits for the process to end.
func (s *served) stop(t *testing.T) {
	t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil && !s.exited() {
		t.Fatal(err)
	}
	select {
	case <-s.done:
	case <-time.After(time.Minute): // a guard, not a measure
		t.Fatalf("qisai serve did not stop a minute after SIGTERM; it logged:\n%s", s.log.String())
	}
	if code := s.cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("qisai serve exited %d after SIGTERM; it logged:\n%s", code, s.log.String())
	}
}

// until waits for cond, checked on every event of wake, failing after a
// minute (a guard against a hang, not a measure).
func until(t *testing.T, what string, wake <-chan struct{}, cond func() bool) {
	t.Helper()
	guard := time.After(time.Minute)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-wake:
		case <-tick.C:
		case <-guard:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// TestStopMidBurstSendsOnce: qisai serve is stopped with SIGTERM while it
// sends a round's 40 private notes, some of them handed to Telegram and
// not yet answered, and started again; five times over. Every note
// arrives exactly once: the stop lets the requests under way finish and
// records them, and the restart sends only the rest (a SIGTERM used to
// release them as unsent, and 16 to 25 came twice).
func TestStopMidBurstSendsOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("runs qisai serve as a process; skipped with -short")
	}
	const notes, runs, heldAtStop = 40, 5, 8
	api := &botAPI{count: map[string]int{}, arrived: make(chan struct{}, 1)}
	srv := httptest.NewServer(api)
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "qisai.db")
	ctx := context.Background()
	for run := 1; run <= runs; run++ {
		texts := make([]string, notes)
		store, err := storage.Open(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		var msgs []chat.Message
		for i := range texts {
			texts[i] = fmt.Sprintf("第 %d 轮：你在第 %d 台执红。", run, i+1)
			to := chat.Private("telegram", fmt.Sprint(1001+i))
			msgs = append(msgs, chat.Message{Chat: to, Text: texts[i], DedupKey: fmt.Sprintf("round:%d:%d", run, i)})
		}
		if err := store.Enqueue(ctx, msgs...); err != nil {
			t.Fatal(err)
		}
		store.Close()

		release := api.hold()
		first := startStoppable(t, srv.URL, db)
		until(t, "the first notes handed to Telegram", api.arrived, func() bool { return api.heldNow() >= heldAtStop })
		first.cmd.Process.Signal(syscall.SIGTERM)
		// Telegram answers once the service is stopping (or gone), not
		// before.
		until(t, "the service stopping", first.seen, func() bool { return first.logged("outbox: stopping") || first.exited() })
		release()
		first.stop(t)

		second := startStoppable(t, srv.URL, db)
		until(t, "every note sent and recorded", api.arrived, func() bool {
			for _, text := range texts {
				if api.times(text) == 0 {
					return false
				}
			}
			return pendingNone(t, db)
		})
		second.stop(t)
		doubled, lost := 0, 0
		for _, text := range texts {
			switch n := api.times(text); {
			case n == 0:
				lost++
			case n > 1:
				doubled++
			}
		}
		if doubled > 0 || lost > 0 {
			t.Errorf("run %d: %d of %d notes sent twice, %d lost; the stopped run logged:\n%s", run, doubled, notes, lost, first.log.String())
		}
	}
}

// pendingNone says whether db's outbox has nothing left to send.
func pendingNone(t *testing.T, db string) bool {
	t.Helper()
	store, err := storage.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	n, err := store.Pending(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return len(n) == 0
}
