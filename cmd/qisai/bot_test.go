package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The console tests run qisai as a separate process, as a person does:
// this test binary again, as TestMainProcess, which runs the program with
// the arguments in mainArgsEnv (one a line) and exits.
const mainArgsEnv = "QISAI_TEST_MAIN_ARGS"

// TestMainProcess is not a test of its own: it is the qisai process of the
// console tests, and does nothing when run directly.
func TestMainProcess(t *testing.T) {
	args, ok := os.LookupEnv(mainArgsEnv)
	if !ok {
		t.Skip("runs only as the qisai process of the console tests")
	}
	var list []string
	if args != "" {
		list = strings.Split(args, "\n")
	}
	os.Exit(run(list, os.Stdout, os.Stderr))
}

// mainCmd is qisai with args, run in dir as this test binary
// (TestMainProcess), in an environment without any of the variables
// qisai reads.
func mainCmd(t *testing.T, dir string, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestMainProcess$", "-test.count=1")
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "QISAI_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, mainArgsEnv+"="+strings.Join(args, "\n"))
	return cmd
}

// process is the outcome of one qisai process.
type process struct {
	stdout, stderr string
	code           int
}

// runProcess runs qisai with args in dir, stdin as its input, and env
// added to an environment without any of the variables qisai reads.
func runProcess(t *testing.T, dir, stdin string, env []string, args ...string) process {
	t.Helper()
	cmd := mainCmd(t, dir, args...)
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	p := process{stdout: out.String(), stderr: errOut.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		p.code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return p
}

// lines fails t unless text has each of want in a line of its own,
// in order (other lines may come between).
func lines(t *testing.T, text string, want ...string) {
	t.Helper()
	got := strings.Split(text, "\n")
	i := 0
	for _, w := range want {
		for i < len(got) && got[i] != w {
			i++
		}
		if i == len(got) {
			t.Errorf("no line %q (in order) in:\n%s", w, text)
			return
		}
		i++
	}
}

// linesWith counts the lines of text that start with prefix and contain
// every one of words.
func linesWith(text, prefix string, words ...string) int {
	n := 0
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, prefix) {
			continue
		}
		all := true
		for _, w := range words {
			all = all && strings.Contains(l, w)
		}
		if all {
			n++
		}
	}
	return n
}

const eventScript = `王芳: /event new 周赛 rounds 3
/signup open
李四: /join 李四 一中
张三：/join 张三
赵六: /join 赵六
王芳: /join 王芳
/start
/pair
/publish
李四@dm: /me
/report win
`

// TestConsoleEvent types a short event into `qisai console` through a
// pipe: the transcript echoes each line, then what the bot says where,
// every line of a message with its chat, buttons as commands to type.
func TestConsoleEvent(t *testing.T) {
	dir := t.TempDir()
	p := runProcess(t, dir, eventScript, nil, "console", "--db", "club.db")
	if p.code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", p.code, p.stderr)
	}
	out := p.stdout
	lines(t, out,
		"王芳: /event new 周赛 rounds 3",
		"[group] 已创建比赛「周赛」（积分编排，3 轮）。你是组织者。",
		"王芳: /signup open",
		"张三: /join 张三", // the full-width colon read as the speaker's
		"王芳: /start",
		"王芳: /pair",
		"王芳: /publish",
		"李四@dm: /me",
		"李四@dm: /report win",
	)
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		// A blank line between a message's paragraphs is its label alone.
		// "[group ✎] ": the round's message, edited.
		if !strings.HasPrefix(l, "[group] ") && !strings.HasPrefix(l, "[group ✎] ") && l != "[group]" && !strings.HasPrefix(l, "[dm ") && !strings.Contains(l, ": /") {
			t.Errorf("line neither echoed input nor labelled with its chat: %q", l)
		}
	}
	for _, who := range []string{"王芳", "李四", "张三", "赵六"} {
		// Round 1 published: every player hears their board in private.
		if linesWith(out, "[dm "+who+"] ", "1") == 0 {
			t.Errorf("%s got no private note of their board:\n%s", who, out)
		}
		if linesWith(out, "[group] ", who) < 2 {
			t.Errorf("the group did not see %s join and paired:\n%s", who, out)
		}
	}
	if linesWith(out, "[dm 李四] ", "李四") == 0 {
		t.Errorf("/me in 李四's private chat was not answered there:\n%s", out)
	}
	// 李四 plays 张三 (the draw of numbers is the event's seed): the
	// opponent is asked to confirm with buttons.
	if linesWith(out, "[dm ", "[buttons: ", " → /confirm", " | ", " → /dispute") != 1 {
		t.Errorf("no confirm/dispute buttons in a private chat:\n%s", out)
	}
	if p.stderr != "" {
		t.Errorf("stderr: %s", p.stderr)
	}
}

// TestConsoleRestart: the event outlives the process, and the same
// script run again is run again (not taken for updates seen before).
func TestConsoleRestart(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "club.db")
	first := runProcess(t, dir, "王芳: /event new 周赛\n/player add 李四\n", nil, "console", "--db", db)
	if first.code != 0 {
		t.Fatalf("first run: exit %d: %s", first.code, first.stderr)
	}
	again := runProcess(t, dir, "王芳: /event new 周赛\n/player add 李四\n李四: /event show\n", nil, "console", "--db", db)
	if again.code != 0 {
		t.Fatalf("second run: exit %d: %s", again.code, again.stderr)
	}
	lines(t, again.stdout, "[group] 这个聊天已经有叫「周赛」的比赛了（/events 列出）。请换一个名称。")
	if linesWith(again.stdout, "[group] ", "李四") == 0 || linesWith(again.stdout, "[group] 比赛：周赛") != 1 {
		t.Errorf("second run:\n%s", again.stdout)
	}
	if linesWith(again.stdout, "[group] 选手：1 人") != 1 {
		t.Errorf("the second run's /player add 李四 was not refused as a duplicate, or the first was lost:\n%s", again.stdout)
	}
}

// TestConsoleNoArguments: qisai alone is the console on qisai.db in the
// current directory, or on QISAI_DATABASE_URL; --db wins over both.
func TestConsoleNoArguments(t *testing.T) {
	dir := t.TempDir()
	p := runProcess(t, dir, "ann: /event new Cup\n", nil)
	if p.code != 0 {
		t.Fatalf("exit %d: %s", p.code, p.stderr)
	}
	lines(t, p.stdout, "ann: /event new Cup")
	if _, err := os.Stat(filepath.Join(dir, "qisai.db")); err != nil {
		t.Errorf("qisai without arguments made no qisai.db in the current directory: %v", err)
	}

	env := []string{databaseEnv + "=" + filepath.Join(dir, "env.db")}
	p = runProcess(t, dir, "ann: /event show\n", env, "console", "--lang", "en")
	lines(t, p.stdout, "[group] This chat follows no event yet. An organiser can create one with /event new NAME, or link an existing one with /link CODE.")
	if _, err := os.Stat(filepath.Join(dir, "env.db")); err != nil {
		t.Errorf("%s was not used: %v", databaseEnv, err)
	}
	p = runProcess(t, dir, "ann: /event show\n", env, "--db", "qisai.db")
	if p.code != 2 {
		t.Errorf("qisai --db without console: exit %d, want 2 (a subcommand's flag)", p.code)
	}
	p = runProcess(t, dir, "ann: /event show\n", env, "console", "--db", "qisai.db")
	lines(t, p.stdout, "[group] 比赛：Cup")
}

// TestConsoleToken: with a platform token set, qisai alone is the bot
// service: a bad token is refused before anything runs, with a message
// that names it; qisai console still opens the console.
func TestConsoleToken(t *testing.T) {
	dir := t.TempDir()
	p := runProcess(t, dir, "ann: /help\n", []string{telegramEnv + "=not-a-token"})
	if p.code != 2 || p.stdout != "" {
		t.Errorf("exit %d, stdout %q; want 2 and nothing", p.code, p.stdout)
	}
	for _, w := range []string{telegramEnv, "BotFather"} {
		if !strings.Contains(p.stderr, w) {
			t.Errorf("stderr %q lacks %q", p.stderr, w)
		}
	}
	if strings.Contains(p.stderr, "not-a-token") {
		t.Errorf("stderr shows the token: %q", p.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "qisai.db")); err == nil {
		t.Error("a database was made although nothing ran")
	}
	p = runProcess(t, dir, "ann: /help\n", []string{discordEnv + "=x"}, "console")
	if p.code != 0 || linesWith(p.stdout, "[group] ", "/help") == 0 {
		t.Errorf("qisai console with a token: exit %d\n%s%s", p.code, p.stdout, p.stderr)
	}
}

// TestConsoleUsageErrors: mistakes on the console's command line are
// usage errors, before any database is opened.
func TestConsoleUsageErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"console", "--lang", "fr"}, `--lang takes zh or en, not "fr"`},
		{[]string{"console", "script.txt"}, "qisai console < script.txt"},
		{[]string{"console", "--db"}, "flag needs an argument: -db"},
	} {
		out, errOut, code := qisai(t, tt.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tt.want) || strings.Count(errOut, "\n") != 2 {
			t.Errorf("qisai %v: exit %d, stdout %q, stderr %q; want 2, nothing and a line in each language with %q", tt.args, code, out, errOut, tt.want)
		}
	}
	if !strings.Contains(usage, "qisai console [--db FILE] [--lang zh|en]") || !strings.Contains(usage, "[dm NAME]") {
		t.Error("the usage does not explain the console")
	}
}
