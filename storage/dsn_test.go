package storage

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSQLiteURLs: sqlite://PATH and sqlite:PATH name the file PATH (issue
// 9 item 12: a sqlite:// URL was refused).
func TestSQLiteURLs(t *testing.T) {
	const params = "?_journal_mode=WAL&_busy_timeout=5000&_foreign_keys=on&_synchronous=FULL&_txlock=immediate"
	for _, tt := range []struct{ in, want string }{
		{"sqlite://club.db", "file:club.db" + params},
		{"sqlite:///srv/qisai/club.db", "file:/srv/qisai/club.db" + params},
		{"sqlite:club.db", "file:club.db" + params},
		{"sqlite://", "file:qisai.db" + params},
		{"file:q.db?mode=rwc&_synchronous=NORMAL", "file:q.db?mode=rwc&_synchronous=NORMAL&_journal_mode=WAL&_busy_timeout=5000&_foreign_keys=on&_txlock=immediate"},
	} {
		if got := SQLiteDSN(tt.in); got != tt.want {
			t.Errorf("SQLiteDSN(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	path := filepath.Join(t.TempDir(), "club.db")
	s, err := Open(context.Background(), "sqlite://"+path)
	if err != nil {
		t.Fatalf("Open(sqlite://%s): %v", path, err)
	}
	s.Close()
	if _, err := os.Stat(path); err != nil {
		t.Errorf("Open(sqlite://PATH) made no file PATH: %v", err)
	}
}

// TestCheckDSN: a URL of a kind storage does not open is refused, in both
// languages, naming its kind; file names and the known URLs pass.
func TestCheckDSN(t *testing.T) {
	for _, ok := range []string{"", "qisai.db", "/srv/q.db", "sqlite://q.db", "sqlite:q.db", "file:q.db?mode=rwc",
		"postgres://u:p@h/db", "postgresql://h/db", "data/a://b.db", `C:\qisai\q.db`} {
		if err := CheckDSN(ok); err != nil {
			t.Errorf("CheckDSN(%q): %v, want nil", ok, err)
		}
	}
	for _, bad := range []string{"mysql://u@h/db", "sqlite3://q.db", "http://h/q.db"} {
		err := CheckDSN(bad)
		scheme, _, _ := strings.Cut(bad, "://")
		if err == nil || !strings.Contains(err.Error(), scheme) || !strings.Contains(err.Error(), "不支持") ||
			!strings.Contains(err.Error(), "postgres://") {
			t.Errorf("CheckDSN(%q) = %v, want a refusal naming %q in Chinese and English", bad, err, scheme)
		}
		if _, err := Open(context.Background(), bad); err == nil {
			t.Errorf("Open(%q) succeeded, want the refusal", bad)
		}
	}
}

// TestSQLiteSynchronousFull: every connection runs in WAL with
// synchronous FULL, so that an action acknowledged survives a power loss
// (NORMAL in WAL syncs at checkpoints only).
func TestSQLiteSynchronousFull(t *testing.T) {
	s := openTest(t, filepath.Join(t.TempDir(), "q.db"))
	db, err := s.db.DB()
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(3)
	for i := range 3 { // each connection of the pool sets them itself
		conn, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var sync int
		var journal string
		if err := conn.QueryRowContext(context.Background(), "PRAGMA synchronous").Scan(&sync); err != nil {
			t.Fatal(err)
		}
		if err := conn.QueryRowContext(context.Background(), "PRAGMA journal_mode").Scan(&journal); err != nil {
			t.Fatal(err)
		}
		if sync != 2 || journal != "wal" {
			t.Errorf("connection %d: synchronous %d, journal_mode %s; want 2 (FULL) and wal", i, sync, journal)
		}
	}
}
