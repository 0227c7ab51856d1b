package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/qisai/qisai/action"
)

// TestBackupWhileWriting: a backup taken while another goroutine stores
// one acknowledged action after another holds every action acknowledged
// before the backup began; the copy, restored as the database (the file
// put in the old one's place), passes SQLite's integrity check and opens.
// Writes go on while the copy is made, and the copy is one moment's: the
// actions in it are a prefix of those acknowledged.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := openTest(t, filepath.Join(dir, "qisai.db"))
	id := newPairedEvent(t, s, 1)
	actor := action.Actor{Platform: "test", User: "writer"}
	for range 50 { // a database the copy takes a while over
		if _, err := s.Update(ctx, id, actor, "", func(c *Change) error {
			for range 100 {
				if err := c.Append(&action.PenaltyRecorded{Player: 2}); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	var acked atomic.Int64 // the actions stored and acknowledged
	stop := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		for i := int64(1); ; i++ {
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			if _, err := s.Update(ctx, id, actor, fmt.Sprintf("write:%d", i), func(c *Change) error {
				return c.Append(&action.PenaltyRecorded{Player: 1 + int(i%2)})
			}); err != nil {
				done <- err
				return
			}
			acked.Store(i)
		}
	}()
	waitFor(t, "the first writes", func() bool { return acked.Load() >= 200 })
	backup := filepath.Join(dir, "backups", "qisai-backup.db")
	if err := os.Mkdir(filepath.Dir(backup), 0o755); err != nil {
		t.Fatal(err)
	}
	var before, after int64
	for range 3 { // backups over backups, the writes going on
		before = acked.Load()
		if err := Backup(ctx, filepath.Join(dir, "qisai.db"), backup); err != nil {
			t.Fatalf("Backup: %v", err)
		}
		after = acked.Load()
	}
	close(stop)
	if err := <-done; err != nil {
		t.Fatalf("the writer: %v", err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "backups", ".*")); len(files) > 0 {
		t.Errorf("temporary files left: %q", files)
	}

	// Restore: the copy becomes the database of a fresh start.
	restored := filepath.Join(t.TempDir(), "qisai.db")
	data, err := os.ReadFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(restored, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkIntegrity(ctx, restored); err != nil {
		t.Fatal(err)
	}
	r := openTest(t, restored)
	var keys []string
	if err := r.db.Raw("SELECT update_key FROM actions WHERE event_id = ? AND update_key LIKE 'write:%'", int64(id)).
		Scan(&keys).Error; err != nil {
		t.Fatal(err)
	}
	in := map[string]bool{}
	for _, k := range keys {
		in[k] = true
	}
	for i := int64(1); i <= before; i++ {
		if !in[fmt.Sprintf("write:%d", i)] {
			t.Errorf("action %d, acknowledged before the backup began, is not in the copy", i)
		}
	}
	n := int64(len(keys))
	for i := int64(1); i <= n; i++ {
		if !in[fmt.Sprintf("write:%d", i)] {
			t.Errorf("the copy holds %d actions but not action %d: not one moment's", n, i)
		}
	}
	if n > after+1 { // the one being written as the copy finished may be in
		t.Errorf("the copy holds %d actions, more than the %d acknowledged when it was done", n, after)
	}
	if _, err := r.Load(ctx, id); err != nil {
		t.Errorf("the restored event does not load: %v", err)
	}
	t.Logf("%d actions acknowledged before the last backup began, %d in the copy, %d when it was done", before, n, after)
}

// TestBackupRefusals: a PostgreSQL database is refused, pointing to
// pg_dump, in both languages; a missing database, a file that is no qisai
// database and the database itself as the target are refused, and a
// damaged copy never takes the backup's place.
func TestBackupRefusals(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	err := Backup(ctx, "postgres://qisai:S3cret@db.example.org/qisai", filepath.Join(dir, "b.db"))
	if !errors.Is(err, ErrBackupPostgres) || !strings.Contains(err.Error(), "pg_dump") || !strings.Contains(err.Error(), "备份") ||
		strings.Contains(err.Error(), "S3cret") {
		t.Errorf("Backup of PostgreSQL: %v, want a refusal pointing to pg_dump", err)
	}
	if err := Backup(ctx, filepath.Join(dir, "missing.db"), filepath.Join(dir, "b.db")); err == nil {
		t.Error("Backup of a missing database succeeded")
	}
	if _, err := os.Stat(filepath.Join(dir, "missing.db")); err == nil {
		t.Error("Backup made the missing database")
	}
	other := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite3", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE notes (x TEXT)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := Backup(ctx, other, filepath.Join(dir, "b.db")); err == nil || !strings.Contains(err.Error(), "not a qisai database") {
		t.Errorf("Backup of another program's database: %v, want a refusal", err)
	}
	live := filepath.Join(dir, "qisai.db")
	openTest(t, live)
	if err := Backup(ctx, live, live); err == nil {
		t.Error("Backup onto the database itself succeeded")
	}
	if err := Backup(ctx, "sqlite://"+live, filepath.Join(dir, "ok.db")); err != nil {
		t.Errorf("Backup of sqlite://PATH: %v", err)
	}
}

// BenchmarkSynchronous is the cost of synchronous FULL, which makes an
// acknowledged action survive a power loss, against NORMAL (in WAL: synced
// at checkpoints only): one action stored and acknowledged per operation,
// on a file in the temporary folder (run it on the disk the database will
// live on: go test ./storage -run '^$' -bench Synchronous -benchmem).
func BenchmarkSynchronous(b *testing.B) {
	for _, mode := range []string{"FULL", "NORMAL"} {
		b.Run(mode, func(b *testing.B) {
			s := openTest(b, "file:"+filepath.Join(b.TempDir(), "qisai.db")+"?_synchronous="+mode)
			id := newPairedEvent(b, s, 1)
			ctx := context.Background()
			actor := action.Actor{Platform: "bench", User: "b"}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Update(ctx, id, actor, benchKeys.next(), func(c *Change) error {
					return c.Append(&action.PenaltyRecorded{Player: 1})
				}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
