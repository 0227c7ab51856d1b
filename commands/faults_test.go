package commands

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/testfs"
	"github.com/qisai/qisai/storage"
)

// faultChat is a group chat on a database of its own, for the fault tests:
// a Service built here, not the harness, since each test opens the file
// anew in a damaged state.
type faultChat struct {
	t      *testing.T
	group  chat.Chat
	update int
}

func (fc *faultChat) say(svc *Service, locale, text string) string {
	fc.t.Helper()
	fc.update++
	group := fc.group
	if locale == "en" {
		group.ID += "-en"
	}
	return svc.Handle(context.Background(), Request{
		Chat: group, User: User{ID: "org", Name: "王芳"}, Locale: locale,
		Text: text, UpdateID: fmt.Sprintf("console:update:%d", fc.update),
	}).Text
}

// open opens dsn with a service on it; closed when t ends.
func (fc *faultChat) open(dsn string) (*storage.Store, *Service) {
	fc.t.Helper()
	clock := func() time.Time { return time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC) }
	st, err := storage.Open(context.Background(), dsn, storage.WithClock(clock))
	if err != nil {
		fc.t.Fatal(err)
	}
	fc.t.Cleanup(func() { st.Close() })
	return st, New(st, WithClock(clock), WithLogger(slog.New(slog.DiscardHandler))) // the failures are the point
}

// setUp makes an event of one player in the file at path, in Chinese,
// and one in English in a group of its own (a group reads its event's
// language: say's English lines go there).
func (fc *faultChat) setUp(path string) {
	fc.t.Helper()
	st, svc := fc.open(path)
	for _, locale := range []string{"zh", "en"} {
		must(fc.t, fc.say(svc, locale, "/event new 秋季赛"), "秋季赛")
		must(fc.t, fc.say(svc, locale, "/player add 杨帆"), "杨帆")
	}
	st.Close()
}

// players is how many players the chat's event has, read anew from path.
func (fc *faultChat) players(path string) int {
	fc.t.Helper()
	st, _ := fc.open(path)
	id, err := st.EventOf(context.Background(), fc.group)
	if err != nil {
		fc.t.Fatal(err)
	}
	s, err := st.Load(context.Background(), id)
	if err != nil {
		fc.t.Fatal(err)
	}
	return len(s.Event.Players)
}

// TestReadOnlyDatabaseAnswered: a command on a database that cannot be
// written is answered with the cause, in the user's language, and changes
// nothing. Tests may run as root, whom a file's mode does not stop: the
// file is opened with SQLite's mode=ro (storage's TestReadOnlyFile also
// tries the mode bits when not root).
func TestReadOnlyDatabaseAnswered(t *testing.T) {
	fc := &faultChat{t: t, group: chat.Chat{Platform: "console", ID: "group"}}
	path := filepath.Join(t.TempDir(), "qisai.db")
	fc.setUp(path)
	_, svc := fc.open("file:" + path + "?mode=ro")
	zh := fc.say(svc, "zh", "/player add 赵六")
	must(t, zh, "不能保存", "数据库是只读的", "没有做任何改动", "运行机器人的人")
	en := fc.say(svc, "en", "/player add 赵六")
	must(t, en, "nothing can be saved now: the database is read-only", "changed nothing")
	for _, text := range []string{zh, en} {
		if strings.Contains(text, "稍后再试") || strings.Contains(text, "try again.") {
			t.Errorf("a fault answered with the apology: %q", text)
		}
	}
	if n := fc.players(path); n != 1 {
		t.Fatalf("the event has %d players after the refused commands, want 1", n)
	}
}

// TestFullDiskAnswered: the same on a full file system (a 1 MiB tmpfs,
// mounted when the test runs as root and may; else skipped, and storage's
// TestFullDatabase fills a database by its page limit instead).
func TestFullDiskAnswered(t *testing.T) {
	dir := testfs.Small(t, "storage's TestFullDatabase fills a database instead")
	fc := &faultChat{t: t, group: chat.Chat{Platform: "console", ID: "group"}}
	path := filepath.Join(dir, "qisai.db")
	fc.setUp(path)
	_, svc := fc.open(path)
	filler := filepath.Join(dir, "filler")
	testfs.Fill(t, filler)
	// The log's file may have room from earlier writes: add players until
	// a write needs more than the disk has.
	added, text := 0, ""
	for i := 0; i < 500 && !strings.Contains(text, "磁盘已满"); i++ {
		if text = fc.say(svc, "zh", fmt.Sprintf("/player add 选手%d", i)); strings.Contains(text, "已添加选手") {
			added++
		}
	}
	must(t, text, "不能保存", "数据库所在的磁盘已满", "没有做任何改动")
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	if n := fc.players(path); n != 1+added {
		t.Fatalf("after the full disk the event has %d players, want the %d added before it", n, 1+added)
	}
}
