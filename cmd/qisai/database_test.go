package main

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3" // to write a newer schema's row past storage

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
		}, []string{"数据库文件已损坏", "请从备份恢复这个文件", "is damaged", "Restore the file from a backup"}},
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
			if code != 1 || out != "" || strings.Count(errOut, "\n") != 1 {
				t.Fatalf("exit %d, stdout %q, stderr %q: want 1, nothing and one line", code, out, errOut)
			}
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
