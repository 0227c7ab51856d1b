package storage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/testfs"
	"github.com/qisai/qisai/internal/testlock"
)

// faultEvent makes an event of three players in a SQLite file at path and
// closes the store, for a test to damage.
func faultEvent(t *testing.T, path string) EventID {
	t.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	return evCreate(t, s, "秋季赛", "王芳", "杨帆", "李娜")
}

// addAPlayer is a change that would store an action and a message; a
// fault must leave neither.
func addAPlayer(text string) func(*Change) error {
	return func(c *Change) error {
		c.Send(chat.Message{Chat: chat.Chat{Platform: "console", ID: "group"}, Text: text})
		return c.Append(&action.PlayerAdded{Name: "赵六"})
	}
}

// unchanged fails t unless the event at path holds what want held and no
// message waits: the faulty change left nothing behind.
func unchanged(t *testing.T, dsn string, id EventID, want *action.State) {
	t.Helper()
	s := openTest(t, dsn)
	got, err := s.Load(context.Background(), id)
	if err != nil {
		t.Fatalf("load after the fault: %v", err)
	}
	if got.Through != want.Through || !reflect.DeepEqual(got.Event.Players, want.Event.Players) {
		t.Fatalf("after the fault the event is at action %d with %d players, want %d with %d",
			got.Through, len(got.Event.Players), want.Through, len(want.Event.Players))
	}
	pending, err := s.Pending(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for platform, n := range pending {
		if n > 0 {
			t.Fatalf("after the fault %d messages wait for %s", n, platform)
		}
	}
}

func stateOf(t *testing.T, s *Store, id EventID) *action.State {
	t.Helper()
	st, err := s.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// wantFault fails t unless err names fault, in both languages.
func wantFault(t *testing.T, err error, fault *Fault) {
	t.Helper()
	if !errors.Is(err, fault) {
		t.Fatalf("err = %v, want the fault %q", err, fault.En)
	}
	var f *Fault
	if !errors.As(err, &f) || f.Zh == "" || f.En == "" {
		t.Fatalf("err = %v: no fault with both texts", err)
	}
}

// TestReadOnlyFile: a database file qisai may not write is found at the
// start (CheckWrite) and refuses a change whole. A file's mode binds
// everyone but root, and tests may run as root: then the file is opened
// read-only by SQLite's mode=ro instead of by its mode bits.
func TestReadOnlyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "qisai.db")
	id := faultEvent(t, path)
	dsn := path
	if os.Geteuid() == 0 {
		t.Log("running as root, whom a file's mode does not stop: opening the file with mode=ro")
		dsn = "file:" + path + "?mode=ro"
	} else {
		for _, p := range []string{path, path + "-wal", path + "-shm"} {
			if err := os.Chmod(p, 0o444); err != nil && !errors.Is(err, os.ErrNotExist) {
				t.Fatal(err)
			}
		}
		t.Cleanup(func() { os.Chmod(path, 0o644) })
	}
	s, err := Open(context.Background(), dsn)
	if err != nil {
		// With its files read-only SQLite may refuse already what Open writes.
		wantFault(t, err, ErrReadOnly)
		return
	}
	defer s.Close()
	before := stateOf(t, s, id)
	wantFault(t, s.CheckWrite(context.Background()), ErrReadOnly)
	_, err = s.Update(context.Background(), id, evOrganiser, "", addAPlayer("赵六报名了"))
	wantFault(t, err, ErrReadOnly)
	if after := stateOf(t, s, id); after.Through != before.Through || len(after.Event.Players) != 3 {
		t.Fatalf("the store's own view moved: action %d, %d players", after.Through, len(after.Event.Players))
	}
	s.Close()
	if os.Geteuid() != 0 {
		for _, p := range []string{path, path + "-wal", path + "-shm"} {
			os.Chmod(p, 0o644)
		}
	}
	unchanged(t, path, id, before)
}

// TestQueryOnly: PRAGMA query_only is SQLite's read-only switch for a
// connection; Open, which brings the schema up to date, is refused with
// the fault.
func TestQueryOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "qisai.db")
	faultEvent(t, path)
	_, err := Open(context.Background(), "file:"+path+"?_query_only=true")
	wantFault(t, err, ErrReadOnly)
}

func TestWritableDatabase(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		if err := s.CheckWrite(context.Background()); err != nil {
			t.Fatalf("CheckWrite on a fresh database: %v", err)
		}
		v, err := s.SchemaVersion(context.Background())
		if err != nil || v != migrations[len(migrations)-1].version {
			t.Fatalf("CheckWrite changed the schema's version: %d, %v", v, err)
		}
	})
}

// TestFullDatabase: SQLite says SQLITE_FULL, for real, when a database may
// grow no further (PRAGMA max_page_count, per connection: the store is cut
// to one), and the change is stored not at all.
func TestFullDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "qisai.db")
	id := faultEvent(t, path)
	s := openTest(t, path)
	before := stateOf(t, s, id)
	sqlDB, err := s.db.DB()
	if err != nil {
		t.Fatal(err)
	}
	sqlDB.SetMaxOpenConns(1)
	var pages int64
	if err := s.db.Raw("PRAGMA page_count").Scan(&pages).Error; err != nil {
		t.Fatal(err)
	}
	if err := s.db.Exec(fmt.Sprintf("PRAGMA max_page_count = %d", pages)).Error; err != nil {
		t.Fatal(err)
	}
	_, err = s.Update(context.Background(), id, evOrganiser, "", addAPlayer(strings.Repeat("赵六报名了。", 20000)))
	wantFault(t, err, ErrFull)
	if after := stateOf(t, s, id); after.Through != before.Through {
		t.Fatalf("the store's own view moved to action %d", after.Through)
	}
	s.Close()
	unchanged(t, path, id, before)
}

// TestFullDisk: the same on a file system that is really full, a small
// tmpfs. Mounting one needs root and a system that lets us; elsewhere the
// test says so and skips (TestFullDatabase stands in).
func TestFullDisk(t *testing.T) {
	dir := testfs.Small(t, "TestFullDatabase fills a database instead")
	path := filepath.Join(dir, "qisai.db")
	id := faultEvent(t, path)
	s := openTest(t, path)
	before := stateOf(t, s, id)
	testfs.Fill(t, filepath.Join(dir, "filler"))
	_, err := s.Update(context.Background(), id, evOrganiser, "", addAPlayer(strings.Repeat("赵六报名了。", 20000)))
	wantFault(t, err, ErrFull)
	s.Close()
	if err := os.Remove(filepath.Join(dir, "filler")); err != nil {
		t.Fatal(err)
	}
	unchanged(t, path, id, before)
}

// TestCorruptFile: a file whose header is overwritten is no database;
// Open says so and writes nothing into it.
func TestCorruptFile(t *testing.T) {
	for _, c := range []struct {
		what string
		at   int64
	}{
		{"the magic string", 0},    // "SQLite format 3\0"
		{"the page size", 16},      // two bytes of the header
		{"the schema's page", 100}, // sqlite_schema's b-tree
	} {
		t.Run(c.what, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "qisai.db")
			faultEvent(t, path)
			f, err := os.OpenFile(path, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteAt([]byte("\xde\xad\xbe\xef\xde\xad\xbe\xef"), c.at); err != nil {
				t.Fatal(err)
			}
			f.Close()
			damaged, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			s, err := Open(context.Background(), path)
			if err == nil {
				s.Close()
				t.Fatal("Open took a damaged file")
			}
			wantFault(t, err, ErrCorrupt)
			if now, _ := os.ReadFile(path); string(now) != string(damaged) {
				t.Fatal("Open wrote into the damaged file")
			}
		})
	}
}

// TestNewerSchema: a database a newer qisai migrated is refused, on both
// databases, with its version, and left as it was.
func TestNewerSchema(t *testing.T) {
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) {
			s := openTest(t, db.dsn)
			id := evCreate(t, s, "秋季赛", "王芳")
			known := migrations[len(migrations)-1].version
			if err := s.db.Exec("INSERT INTO schema_versions (version, what, applied_at) VALUES (?, ?, ?)",
				known+1, "from a newer qisai", s.now()).Error; err != nil {
				t.Fatal(err)
			}
			s.Close()
			_, err := Open(context.Background(), db.dsn)
			var se *SchemaError
			if !errors.As(err, &se) || se.Version != known+1 || se.Known != known {
				t.Fatalf("Open of a newer schema: %v, want a SchemaError of version %d (known %d)", err, known+1, known)
			}
			for _, text := range []string{se.Text().Zh, se.Text().En} {
				if !strings.Contains(text, fmt.Sprint(known+1)) || !strings.Contains(text, fmt.Sprint(known)) {
					t.Errorf("%q does not say both versions", text)
				}
			}
			if !strings.Contains(se.Text().Zh, "升级 qisai") || !strings.Contains(se.Text().En, "Upgrade qisai") {
				t.Errorf("the refusal does not say what to do: %q / %q", se.Text().Zh, se.Text().En)
			}
			// Nothing was written: the version is still the newer one, the
			// event's log as it was (read past Open, which refuses it).
			if v, actions := rawCounts(t, db.dsn, id); v != known+1 || actions != 2 {
				t.Fatalf("after the refusal: schema version %d and %d actions, want %d and 2", v, actions, known+1)
			}
		})
	}
}

// rawCounts reads a database's schema version and an event's number of
// actions without Open.
func rawCounts(t *testing.T, dsn string, id EventID) (version, actions int) {
	t.Helper()
	dial := sqlite.Open(SQLiteDSN(dsn))
	if isPostgres(dsn) {
		dial = postgres.Open(dsn)
	}
	db, err := gorm.Open(dial, &gorm.Config{Logger: logger.Discard})
	if err != nil {
		t.Fatal(err)
	}
	if sqlDB, err := db.DB(); err == nil {
		defer sqlDB.Close()
	}
	if err := db.Raw("SELECT MAX(version) FROM schema_versions").Scan(&version).Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Raw("SELECT COUNT(*) FROM actions WHERE event_id = ?", id).Scan(&actions).Error; err != nil {
		t.Fatal(err)
	}
	return version, actions
}

// TestBusyFile: while a second connection holds the write lock past the
// busy timeout, a change fails with ErrBusy, having been tried a few times
// only (a person waits for the answer), and stores nothing; once the lock
// is let go the same change goes through.
func TestBusyFile(t *testing.T) {
	dsn := "file:" + filepath.Join(t.TempDir(), "q.db") + "?_busy_timeout=20"
	s := openTest(t, dsn)
	id := newPairedEvent(t, s, 1)
	release := testlock.Hold(t, dsn)
	report := func(c *Change) error { return c.Append(&action.ResultSet{Round: 1, Board: 1, Result: engine.RedWin}) }
	actor := action.Actor{Platform: "test", User: "arbiter"}
	_, err := s.Update(context.Background(), id, actor, "busy:1", report)
	wantFault(t, err, ErrBusy)
	if !strings.Contains(err.Error(), fmt.Sprintf("after %d tries", maxBusy)) {
		t.Errorf("%v: want it given up after %d tries", err, maxBusy)
	}
	release()
	if _, err := s.Update(context.Background(), id, actor, "busy:1", report); err != nil {
		t.Fatalf("after the lock was let go: %v", err)
	}
}

// TestReadOnlyServer: a PostgreSQL server whose sessions are read-only (a
// hot standby, or default_transaction_read_only) is refused at Open.
func TestReadOnlyServer(t *testing.T) {
	dsn := freshPostgres(t)
	if dsn == "" {
		t.Skip("no PostgreSQL server")
	}
	openTest(t, dsn).Close()
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	_, err := Open(context.Background(), dsn+sep+"default_transaction_read_only=on")
	wantFault(t, err, ErrReadOnly)
}

func TestPostgresFaultCodes(t *testing.T) {
	// The codes PostgreSQL reports (Appendix A of its manual) and the fault
	// each is; the SQLite ones are met for real above.
	for code, want := range map[string]*Fault{
		"53100": ErrFull, "25006": ErrReadOnly, "XX001": ErrCorrupt, "XX002": ErrCorrupt, "57P03": ErrUnavailable,
		"55P03": ErrBusy,
	} {
		err := named(fmt.Errorf("commit: %w", pgError(code)))
		wantFault(t, err, want)
		if !strings.Contains(err.Error(), want.En) {
			t.Errorf("%s: %q does not say the fault", code, err)
		}
	}
	if err := named(pgError("23505")); errors.As(err, new(*Fault)) {
		t.Errorf("a unique violation is no fault: %v", err)
	}
}

func pgError(code string) error {
	return &pgconn.PgError{Severity: "ERROR", Code: code, Message: "as the server says"}
}
