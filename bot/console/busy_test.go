package console

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/testbuf"
	"github.com/qisai/qisai/internal/testlock"
	"github.com/qisai/qisai/storage"
)

// TestBusyDatabase: while another program holds the database's write lock
// (a second connection in BEGIN IMMEDIATE), a command answers in the
// user's language that the database is busy and changed nothing, and the
// console goes on (it used to exit: "claim outbox messages … database is
// locked"); once the lock is let go, the same command works and the
// messages held back go out.
func TestBusyDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "qisai.db")
	// A short busy timeout, so that the test need not wait out 5 s.
	dsn := "file:" + path + "?_busy_timeout=50"
	st, err := storage.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc := commands.New(st)
	var setup bytes.Buffer
	if err := New(svc, strings.NewReader("王芳: /event new 周赛\nAnn: /lang en\n"), &setup, WithRunID("setup")).Run(context.Background()); err != nil {
		t.Fatal(err)
	}

	release := testlock.Hold(t, dsn)

	in, feed := io.Pipe()
	out := &testbuf.Buffer{}
	done := make(chan error, 1)
	go func() { done <- New(svc, in, out, WithRunID("busy")).Run(context.Background()) }()
	say := func(line, want string) {
		t.Helper()
		if _, err := io.WriteString(feed, line+"\n"); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(time.Minute); !out.Has(want); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) { // a guard, not a measure
				t.Fatalf("no %q after %q; the console printed:\n%s", want, line, out.String())
			}
			select {
			case err := <-done:
				t.Fatalf("the console stopped: %v; it printed:\n%s", err, out.String())
			default:
			}
		}
	}
	say("王芳: /signup open", "[group] 抱歉，数据库正忙：另一个程序正占用它，这次没有保存任何改动。请过一会儿再发一次这个命令。")
	say("Ann@dm: /lang zh", "Sorry, the database is busy: another program is holding it, so this command changed nothing. Send it again in a moment.")
	release()
	say("王芳: /signup open", "[group] 报名已开放")
	feed.Close()
	if err := <-done; err != nil {
		t.Fatalf("Run: %v; it printed:\n%s", err, out.String())
	}
	if n := strings.Count(out.String(), "报名已开放"); n != 1 {
		t.Errorf("sign-up opened %d times, want once:\n%s", n, out.String())
	}
}
