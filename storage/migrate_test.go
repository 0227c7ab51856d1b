package storage

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// TestMigrateConcurrently: several instances starting at once on a new
// database all come up, and the schema is migrated once.
func TestMigrateConcurrently(t *testing.T) {
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) {
			const instances = 4
			var wg sync.WaitGroup
			stores := make([]*Store, instances)
			errs := make([]error, instances)
			for i := range instances {
				wg.Add(1)
				go func() {
					defer wg.Done()
					stores[i], errs[i] = Open(context.Background(), db.dsn)
				}()
			}
			wg.Wait()
			for i, err := range errs {
				if err != nil {
					t.Fatalf("instance %d: %v", i, err)
				}
				defer stores[i].Close()
			}
			var rows int
			if err := stores[0].db.Raw("SELECT COUNT(*) FROM schema_versions").Scan(&rows).Error; err != nil {
				t.Fatal(err)
			}
			if want := len(migrations); rows != want {
				t.Errorf("schema_versions has %d rows, want %d: a migration ran twice or not at all", rows, want)
			}
			if v, err := stores[1].SchemaVersion(context.Background()); err != nil || v != migrations[len(migrations)-1].version {
				t.Errorf("schema version %d (%v), want %d", v, err, migrations[len(migrations)-1].version)
			}
		})
	}
}

// TestSQLiteDSN adds what SQLite needs and keeps what the caller set.
// TestOpenOddFileName opens a database whose directory has a # and a ?
// in its name: the file is made there, with its parameters in force (WAL).
func TestOpenOddFileName(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "round #1?")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "q.db")
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := os.Stat(path); err != nil {
		t.Errorf("no database at %s: %v", path, err)
	}
	if _, err := os.Stat(path + "-wal"); err != nil {
		t.Errorf("no WAL file beside %s (the parameters were lost): %v", path, err)
	}
}

func TestSQLiteDSN(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "file:qisai.db?_journal_mode=WAL&_busy_timeout=5000&_foreign_keys=on&_synchronous=FULL&_txlock=immediate"},
		{"club.db", "file:club.db?_journal_mode=WAL&_busy_timeout=5000&_foreign_keys=on&_synchronous=FULL&_txlock=immediate"},
		{"file:/data/q.db?_busy_timeout=100", "file:/data/q.db?_busy_timeout=100&_journal_mode=WAL&_foreign_keys=on&_synchronous=FULL&_txlock=immediate"},
		// A file name is no URI: its ?, # and % are part of the name.
		{"/srv/round #1/q?.db", "file:/srv/round %231/q%3f.db?_journal_mode=WAL&_busy_timeout=5000&_foreign_keys=on&_synchronous=FULL&_txlock=immediate"},
		{"100%.db", "file:100%25.db?_journal_mode=WAL&_busy_timeout=5000&_foreign_keys=on&_synchronous=FULL&_txlock=immediate"},
	} {
		if got := SQLiteDSN(tt.in); got != tt.want {
			t.Errorf("SQLiteDSN(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
