package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/mattn/go-sqlite3" // to write a newer schema's row past storage

	"github.com/qisai/qisai/internal/testlock"
	"github.com/qisai/qisai/storage"
)

// TestDatabaseUnusableAtStart: a database qisai cannot use stops the
// console before the first line, with one line that names the file, the
// cause and what to do, in Chinese and English; the file is left as it was.
func TestDatabaseUnusableAtStart(t *testing.T) {
	for _, c := range []struct {
		what   string
		damage func(t *testing.T, path string) (dsn string)
		want   []string
	}{
		{"newer schema", func(t *testing.T, path string) string {
			db, err := sql.Open("sqlite3", path)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if _, err := db.Exec("INSERT INTO schema_versions (version, what, applied_at) VALUES (999, 'from a newer qisai', CURRENT_TIMESTAMP)"); err != nil {
				t.Fatal(err)
			}
			return path
		}, []string{"数据库的结构是第 999 版", "请升级 qisai", "schema is at version 999", "Upgrade qisai"}},
		{"corrupt file", func(t *testing.T, path string) string {
			f, err := os.OpenFile(path, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if _, err := f.WriteAt([]byte("not a database!!"), 0); err != nil {
				t.Fatal(err)
			}
			return path
		}, []string{"数据库文件已损坏", "请从备份恢复这个文件", "qisai backup", "is damaged", "Restore the file from a backup"}},
		// Tests may run as root, whom a file's mode does not stop: the file
		// is opened read-only with SQLite's mode=ro.
		{"read-only file", func(t *testing.T, path string) string {
			return "file:" + path + "?mode=ro"
		}, []string{"数据库是只读的", "请让 qisai 能写这个文件", "is read-only", "Let qisai write the file"}},
	} {
		t.Run(c.what, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "qisai.db")
			s, err := storage.Open(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			s.Close()
			dsn := c.damage(t, path)
			before, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			out, errOut, code := qisai(t, "console", "--db", dsn)
			if code != 1 || out != "" || strings.Count(errOut, "\n") != 2 {
				t.Fatalf("exit %d, stdout %q, stderr %q: want 1, nothing and a line in each language", code, out, errOut)
			}
			oneLanguageALine(t, "qisai console --db "+dsn, errOut)
			for _, want := range append(c.want, "数据库 "+dsn, "The database "+dsn) {
				if !strings.Contains(errOut, want) {
					t.Errorf("stderr %q does not say %q", errOut, want)
				}
			}
			if after, _ := os.ReadFile(path); string(after) != string(before) {
				t.Error("the file changed")
			}
		})
	}
}

// TestDatabasePasswordNeverShown: whichever form carries the database's
// password, neither the console's nor the service's messages show it —
// the start-up log line, the error when the server does not answer — and
// a key=value string is refused (exit 2) naming the setting, not taken
// for a SQLite file.
func TestDatabasePasswordNeverShown(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, dsn := range []string{
		"postgres://qisai:S3cret@127.0.0.1:1/qisai",
		"postgres://127.0.0.1:1/qisai?user=qisai&password=S3cret",
		"postgres://127.0.0.1:1/qisai?password=S3cret&sslmode=bogus",
		"postgres://qisai:S3cret%zz@127.0.0.1:1/qisai",
	} {
		out, errOut, code := qisai(t, "console", "--db", dsn)
		if code != 1 || strings.Contains(out+errOut, "S3cret") || !strings.Contains(errOut, "127.0.0.1:1") {
			t.Errorf("console --db %s: exit %d, %q %q; want 1 and the address without its password", storage.RedactDSN(dsn), code, out, errOut)
		}
		t.Setenv("QISAI_DATABASE_URL", dsn)
		out, errOut, code = qisai(t, "serve", "--telegram-token", "123:abc")
		// Exit 2: the settings refused before the start (an address Go
		// cannot parse); 1: started, and the server did not answer.
		if code == 0 || strings.Contains(out+errOut, "S3cret") || code == 1 && !strings.Contains(out, `"msg":"starting"`) {
			t.Errorf("serve on %s: exit %d, log %q, stderr %q; want a failure, without the password", storage.RedactDSN(dsn), code, out, errOut)
		}
	}
	t.Setenv("QISAI_DATABASE_URL", "")
	for _, args := range [][]string{
		{"console", "--db", "host=db.example.org user=qisai password=S3cret dbname=qisai"},
		{"serve", "--telegram-token", "123:abc", "--db", "host=db password=S3cret"},
	} {
		out, errOut, code := qisai(t, args...)
		if code != 2 || strings.Contains(out+errOut, "S3cret") || !strings.Contains(errOut, "QISAI_DATABASE_URL") ||
			!strings.Contains(errOut, "--db") || !strings.Contains(errOut, "postgres://") {
			t.Errorf("%s: exit %d, %q %q; want 2 and the setting named, without the password", args[0], code, out, errOut)
		}
	}
	if files, _ := filepath.Glob("*"); len(files) > 0 {
		t.Errorf("files made: %q", files)
	}
}

// TestBackupCommand: qisai backup copies the database the console uses
// (what a script stored is in the copy), says where, and
// refuses a PostgreSQL database pointing to pg_dump, and a missing file
// name as a wrong command line.
func TestBackupCommand(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "club.db")
	p := runProcess(t, dir, "王芳: /event new 周末快棋赛\n", nil, "console", "--db", db)
	if p.code != 0 {
		t.Fatalf("console: exit %d, %s", p.code, p.stderr)
	}
	copyPath := filepath.Join(dir, "club-backup.db")
	out, errOut, code := qisai(t, "backup", "--db", db, copyPath)
	if code != 0 || !strings.Contains(out, "备份到 "+copyPath) || !strings.Contains(out, "up to "+copyPath) {
		t.Fatalf("backup: exit %d, %q %q", code, out, errOut)
	}
	var n int
	if err := rawCount(copyPath, &n); err != nil || n != 1 {
		t.Errorf("events in the copy: %d, %v; want the one the console made", n, err)
	}
	out, errOut, code = qisai(t, "backup", "--db", "postgres://qisai:S3cret@db.example.org/qisai", copyPath)
	if code != 1 || !strings.Contains(errOut, "pg_dump") || !strings.Contains(errOut, "请用 pg_dump") || strings.Contains(errOut, "S3cret") {
		t.Errorf("backup of PostgreSQL: exit %d, %q %q; want 1 and pg_dump named", code, out, errOut)
	}
	if _, errOut, code = qisai(t, "backup", "--db", db); code != 2 || !strings.Contains(errOut, "qisai backup") {
		t.Errorf("backup without a file: exit %d, %q; want 2 and the usage", code, errOut)
	}
}

// rawCount counts the events in the SQLite file at path.
func rawCount(path string, n *int) error {
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		return err
	}
	defer db.Close()
	return db.QueryRow("SELECT COUNT(*) FROM events").Scan(n)
}

// TestConsoleWaitsForBusyDatabase: a console started while another
// program holds the database's write lock says so and waits, instead of
// exiting; once the lock is let go it runs its script.
func TestConsoleWaitsForBusyDatabase(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "club.db")
	dsn := "file:" + path + "?_busy_timeout=50"
	s, err := storage.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	release := testlock.Hold(t, dsn)
	cmd := mainCmd(t, dir, "console", "--db", dsn)
	cmd.Stdin = strings.NewReader("王芳: /event new 周末快棋赛\n")
	var out bytes.Buffer
	cmd.Stdout = &out
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	said := make(chan string, 1)
	var rest bytes.Buffer
	go func() {
		r := bufio.NewReader(stderr)
		zh, _ := r.ReadString('\n')
		en, _ := r.ReadString('\n')
		said <- zh + en
		rest.ReadFrom(r)
	}()
	select {
	case lines := <-said:
		if !strings.Contains(lines, "正忙") || !strings.Contains(lines, "is busy") || !strings.Contains(lines, path) {
			t.Errorf("the console said %q; want that the database is busy and it waits", lines)
		}
		oneLanguageALine(t, "the busy database", lines)
	case <-time.After(time.Minute): // a guard, not a measure
		t.Fatal("the console said nothing in a minute")
	}
	release()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the console: %v\n%s", err, rest.String())
	}
	if !strings.Contains(out.String(), "已创建比赛「周末快棋赛」") {
		t.Errorf("the console's script did not run once the database was free:\n%s", out.String())
	}
}
