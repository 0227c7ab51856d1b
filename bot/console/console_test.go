package console

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/storage"
)

// session is a console on a database file, run from a script.
type session struct {
	t     *testing.T
	path  string
	store *storage.Store
	svc   *commands.Service
}

func newSession(t *testing.T, path string) *session {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "qisai.db")
	}
	st, err := storage.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return &session{t: t, path: path, store: st, svc: commands.New(st)}
}

// run runs script and returns the transcript.
func (s *session) run(script string, opts ...Option) string {
	s.t.Helper()
	var out bytes.Buffer
	if err := New(s.svc, strings.NewReader(script), &out, opts...).Run(context.Background()); err != nil {
		s.t.Fatalf("Run: %v\ntranscript:\n%s", err, out.String())
	}
	return out.String()
}

// has fails t unless the transcript has every line of want (each one
// whole, in this order, others may come between).
func has(t *testing.T, transcript string, want ...string) {
	t.Helper()
	lines := strings.Split(transcript, "\n")
	i := 0
	for _, w := range want {
		for i < len(lines) && !strings.Contains(lines[i], w) {
			i++
		}
		if i == len(lines) {
			t.Errorf("transcript lacks %q (in order); it is:\n%s", w, transcript)
			return
		}
		i++
	}
}

// TestRunScript: lines go to their speaker's chat, replies print with the
// chat's label on every line, a line without NAME: is the previous
// speaker's, and a script's first line must name its speaker.
func TestRunScript(t *testing.T) {
	s := newSession(t, "")
	out := s.run(`/help
王芳: /event new 周赛 rounds 5

/event show
李四@dm: /event show
李四: hello everyone
Ann: /lang en
/event show
`, WithRunID("t1"))
	has(t, out,
		"[console] 请先写说话人，例如：王芳: /help",
		"[console] Start with who speaks",
		"[group] 已创建比赛「周赛」",
		"[group] 下一步：", // the second line of the reply carries the label too
		"[group] 比赛：周赛",
		"[group] 赛制 = 积分编排",
		"[group] 轮数 = 5",
		"[dm 李四] 你还没有参加或负责任何比赛", // a private chat is about the events its user plays in or runs
		"OK, I will answer you in English",
		"[group] 比赛：周赛", // the group reads its event's Chinese whoever asks
	)
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if !strings.HasPrefix(l, "[group] ") && !strings.HasPrefix(l, "[dm 李四] ") && !strings.HasPrefix(l, "[dm Ann] ") && !strings.HasPrefix(l, "[console] ") {
			t.Errorf("line without a chat label: %q", l)
		}
	}
	if strings.Contains(out, "hello everyone") {
		t.Errorf("plain chat was answered or echoed:\n%s", out)
	}
}

// TestRunEcho: with Echo the transcript shows each line as NAME: TEXT,
// continuation lines with their speaker, before the answer.
func TestRunEcho(t *testing.T) {
	s := newSession(t, "")
	out := s.run("王芳：/event new 周赛\n/event show\n李四@dm: /help help\n", WithEcho())
	has(t, out, "王芳: /event new 周赛", "[group] 已创建比赛", "王芳: /event show", "[group] 比赛：周赛", "李四@dm: /help help", "[dm 李四] /help")
}

// TestRunOutbox: messages in the outbox print after the line, in the
// order they were stored across chats, with their buttons, once.
func TestRunOutbox(t *testing.T) {
	s := newSession(t, "")
	ctx := context.Background()
	err := s.store.Enqueue(ctx,
		chat.Message{Chat: DM("李四"), Text: "王芳 报告第 1 台：红胜。\n请确认。", DedupKey: "a",
			Buttons: []chat.Button{{Label: "确认", Command: "/confirm"}, {Label: "异议", Command: "/dispute"}}},
		chat.Message{Chat: Group, Text: "第 1 轮对阵", DedupKey: "b"},
		chat.Message{Chat: DM("李四"), Text: "第二条", DedupKey: "c"},
		chat.Message{Chat: chat.Chat{Platform: "telegram", ID: "-100"}, Text: "linked", DedupKey: "d"},
	)
	if err != nil {
		t.Fatal(err)
	}
	out := s.run("王芳: hi\n")
	want := `[dm 李四] 王芳 报告第 1 台：红胜。
[dm 李四] 请确认。
[dm 李四] [buttons: 确认 → /confirm | 异议 → /dispute]
[group] 第 1 轮对阵
[dm 李四] 第二条
[telegram -100] linked
`
	if out != want {
		t.Errorf("transcript:\n%s\nwant:\n%s", out, want)
	}
	if out := s.run("王芳: hi\n"); out != "" {
		t.Errorf("the outbox printed again:\n%s", out)
	}
}

// TestRunRestart: the event outlives the process, and a script run again
// is run again (its update ids are the run's).
func TestRunRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "club.db")
	first := newSession(t, path)
	has(t, first.run("王芳: /event new 春季赛\n"), "[group] 已创建比赛「春季赛」")
	first.store.Close()

	again := newSession(t, path)
	has(t, again.run("李四: /event show\n王芳: /event new 春季赛\n"),
		"[group] 比赛：春季赛", "[group] 这个聊天已经有叫「春季赛」的比赛了")
}

// TestRunLang: --lang en makes English the console's locale.
func TestRunLang(t *testing.T) {
	s := newSession(t, "")
	has(t, s.run("Ann: /nonsense\nAnn: /lang zh\nAnn: /nonsense\n", WithLang("en")),
		"[group] There is no command /nonsense", "[dm Ann] 好的", "[group] 没有 /nonsense 这个命令")
}

// TestRunInput: CRLF line ends, a byte-order mark, invalid UTF-8 and a
// last line without its newline are read as a person means them.
func TestRunInput(t *testing.T) {
	s := newSession(t, "")
	out := s.run("\uFEFF王芳: /event new Cup\xff\r\n/event show")
	has(t, out, "[group] 已创建比赛「Cup\uFFFD」", "[group] 比赛：Cup\uFFFD")
}

// TestRunInteractive: a person is greeted with an example and prompted
// with the speaker's name.
func TestRunInteractive(t *testing.T) {
	s := newSession(t, "")
	out := s.run("王芳: /lang\n李四@dm:\n", Interactive(), WithDatabase("qisai.db"))
	has(t, out, "控制台聊天（数据：qisai.db）", "console chat (data: qisai.db)", "NAME@dm: TEXT", "例如：王芳: /event new", "Example:  Wang: /event new")
	if !strings.Contains(out, "> [group] 现在用中文") || !strings.Contains(out, "王芳> 李四@dm> ") {
		t.Errorf("prompts missing:\n%s", out)
	}
}

// TestRunStops: Run returns when its context ends, even while the input
// has nothing to read.
func TestRunStops(t *testing.T) {
	s := newSession(t, "")
	r, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- New(s.svc, r, &bytes.Buffer{}, WithTick(time.Millisecond)).Run(ctx) }()
	time.Sleep(20 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run after cancel: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return when its context ended")
	}
}

// TestConsoleFilesAndTables (issue 9): tables print as their plain lines
// (no monospace marks), and an export is written to the files folder and
// shown as "[file: PATH]".
func TestConsoleFilesAndTables(t *testing.T) {
	s := newSession(t, "")
	dir := filepath.Join(t.TempDir(), "files")
	out := s.run(`王芳: /event new 春季赛
/player add 张三
/player add 李四
/start
/export csv
`, WithFiles(dir))
	if strings.Contains(out, chat.Fence) {
		t.Errorf("the transcript shows monospace marks:\n%s", out)
	}
	path := filepath.Join(dir, "春季赛_排名.csv")
	has(t, out, "[group] 序号 姓名", "[group] [file: "+path+"]", "[group] [file: "+filepath.Join(dir, "春季赛_成绩表.csv")+"]")
	b, err := os.ReadFile(path)
	if err != nil || !strings.HasPrefix(string(b), "\ufeff名次,号,姓名") { // the byte order mark Excel needs
		t.Errorf("the export file: %q, %v; want the standings as CSV", b, err)
	}
}
