// Package storage keeps qisai's events: each event is an append-only log of
// actions (package action) with a snapshot for fast loading, the chats and
// users bound to it, and an outbox of messages waiting to go out. It runs on
// SQLite (one file, the default) or PostgreSQL (by DSN) through gorm, and
// several bot instances may share one database: writes to an event check
// its version and retry on a conflict.
package storage

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3"
	"github.com/qisai/qisai/internal/i18n"
	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Store is an open database.
type Store struct {
	db            *gorm.DB
	dialect       string // "sqlite" or "postgres"
	now           func() time.Time
	snapshotEvery int64
	cache         stateCache
	tail          tailCache // LogTail's decoded records
	writers       eventLocks
	// write is SQLite's write lock as this instance queues for it (gate);
	// nil on PostgreSQL.
	write chan struct{}
}

// Option changes how Open sets up a Store.
type Option func(*Store)

// WithClock sets the clock that stamps actions and schedules deliveries;
// tests move it by hand.
func WithClock(now func() time.Time) Option { return func(s *Store) { s.now = now } }

// WithSnapshotEvery sets how many actions may pile up after an event's
// snapshot before a new one is written (default 100); a big event's
// snapshot waits for more (see snapshotBytesPerAction).
func WithSnapshotEvery(n int64) Option {
	return func(s *Store) {
		if n > 0 {
			s.snapshotEvery = n
		}
	}
}

// Errors that callers tell apart.
var (
	ErrNotFound = errors.New("not found")
)

// DefaultDSN is the SQLite file qisai uses when nothing else is named.
const DefaultDSN = "qisai.db"

// Open opens (and creates, for SQLite) the database dsn names and brings
// its schema up to date. dsn is a PostgreSQL URL (postgres://…), or a
// SQLite file name, sqlite://PATH, sqlite:PATH or file: URI; "" is
// DefaultDSN. SQLite gets WAL, foreign keys, a busy timeout and immediate
// transactions unless the URI sets them.
func Open(ctx context.Context, dsn string, opts ...Option) (*Store, error) {
	s := &Store{now: time.Now, snapshotEvery: 100}
	for _, o := range opts {
		o(s)
	}
	cfg := &gorm.Config{
		Logger:                 logger.Discard,
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return s.now().UTC() },
		TranslateError:         true, // errors name their fault (faultNaming)
	}
	if err := CheckDSN(dsn); err != nil {
		return nil, err
	}
	s, err := open(ctx, s, cfg, dsn)
	// A driver may quote the address it could not use, password and all.
	return s, scrub(err, dsn)
}

// open is Open past the options and the address's check.
func open(ctx context.Context, s *Store, cfg *gorm.Config, dsn string) (*Store, error) {
	var dial gorm.Dialector
	if isPostgres(dsn) {
		s.dialect = "postgres"
		dial = postgres.Open(dsn)
	} else {
		s.dialect = "sqlite"
		dial = sqlite.Open(SQLiteDSN(dsn))
	}
	db, err := openDB(dial, cfg)
	if err != nil {
		return nil, fmt.Errorf("open %s database: %w", s.dialect, named(err))
	}
	s.db = db
	if s.dialect == "sqlite" {
		s.write = make(chan struct{}, 1)
	}
	if err := s.pool(); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.fillStatuses(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// openTries is how often openDB tries a SQLite file that is busy.
const openTries = 20

// openDB opens the database. Instances starting at once on a new SQLite
// file race to switch it to WAL (the DSN's journal mode), which needs the
// file to itself, and SQLite answers the losers "database is locked" at
// once, without waiting out the busy timeout: they try again, a little
// later each time, until the winner is done.
func openDB(dial gorm.Dialector, cfg *gorm.Config) (*gorm.DB, error) {
	for try := 1; ; try++ {
		db, err := gorm.Open(faultNaming{dial}, cfg)
		var lite sqlite3.Error
		if err == nil || try == openTries || !errors.As(err, &lite) || lite.Code != sqlite3.ErrBusy {
			return db, err
		}
		time.Sleep(time.Duration(try) * 10 * time.Millisecond)
	}
}

// The pool's connections. SQLite in WAL mode lets readers run beside the
// one writer; the transactions here begin immediate, taking the write lock
// at BEGIN, so a second writer waits in SQLite's busy handler (which
// sleeps between tries, up to the busy timeout) and holds its connection
// meanwhile. Without a bound a burst of commands opened a connection each
// (every open sets the DSN's pragmas) and the pool closed all but a few
// again after it. So the pool is bounded, callers beyond it queue in
// database/sql (in turn, without SQLite's sleeps), and the connections
// stay open between bursts.
// A PostgreSQL connection is a server process: the bound leaves room on a
// server's default 100 for a few instances.
const (
	maxConns  = 16
	idleConns = maxConns
)

// idleTime is how long an idle connection is kept: less than the idle
// timeouts of the proxies in front of managed PostgreSQL servers
// (PgBouncer's and cloud load balancers' are 5–10 minutes), which close it
// under the pool's feet and fail the next query on it. For SQLite it gives
// back the connections' page caches after a quiet while.
const idleTime = 4 * time.Minute

// pool sets the connection pool's limits.
func (s *Store) pool() error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return fmt.Errorf("open %s database: %w", s.dialect, err)
	}
	sqlDB.SetMaxOpenConns(maxConns)
	sqlDB.SetMaxIdleConns(idleConns)
	sqlDB.SetConnMaxIdleTime(idleTime)
	return nil
}

// gate waits for this instance's turn to write to SQLite and returns the
// function that ends it; on PostgreSQL, whose writers to different events
// do not wait for each other, it returns at once. SQLite has one writer
// at a time: a transaction that finds the write lock taken waits in
// SQLite's busy handler, which sleeps between tries (up to 100 ms), while
// the lock may have been free long since. Queued here, the next writer
// starts as the last one commits. Other instances on the same file still
// meet in the busy handler.
func (s *Store) gate(ctx context.Context) (func(), error) {
	if s.write == nil {
		return func() {}, nil
	}
	select {
	case s.write <- struct{}{}:
		return func() { <-s.write }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Close closes the database.
func (s *Store) Close() error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}

// Dialect is "sqlite" or "postgres".
func (s *Store) Dialect() string { return s.dialect }

func isPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// CheckDSN says whether dsn is of a kind Open opens: a PostgreSQL URL, a
// SQLite file name, or a SQLite URL (sqlite://PATH, sqlite:PATH, a file:
// URI). Another scheme ("mysql://…") is refused here rather than taken for
// a strange file name, and so is libpq's key=value form ("host=h
// password=PW"), a *DSNError naming the setting (QISAI_DATABASE_URL, --db)
// and never the password.
func CheckDSN(dsn string) error {
	if isKeyValueDSN(dsn) {
		return &DSNError{Kind: ErrKeyValueDSN, Text: i18n.F(
			"QISAI_DATABASE_URL（或 --db）%q 是 PostgreSQL 的「键=值」连接串，qisai 不会把它当作 SQLite 文件名：请写成网址 postgres://用户:密码@主机:端口/库名（密码中的特殊字符用 %%XX 转义）。",
			"QISAI_DATABASE_URL (or --db) %q is a PostgreSQL key=value connection string, which qisai does not take for a SQLite file name: write it as a URL, postgres://USER:PASSWORD@HOST:PORT/DBNAME (special characters of the password %%-escaped).",
			RedactDSN(dsn))}
	}
	scheme, _, found := strings.Cut(dsn, "://")
	if !found || isPostgres(dsn) || strings.EqualFold(scheme, "sqlite") || !urlScheme.MatchString(scheme) {
		return nil // not a URL: a file name (a folder's may hold "://")
	}
	return fmt.Errorf("数据库地址的类型 %q 不支持：请用 SQLite 文件（路径、sqlite://路径、file:路径）或 postgres:// 网址 "+
		"database URL of kind %q: give a SQLite file (PATH, sqlite://PATH or file:PATH) or a postgres:// URL", scheme, scheme)
}

// urlScheme is what a URL's scheme looks like (RFC 3986, less the dots,
// which a file name has rather).
var urlScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+-]*$`)

// sqlitePrefixes are the URL forms of a SQLite file name, cut off before
// opening: the path follows as it is (sqlite:///srv/qisai.db is
// /srv/qisai.db, sqlite://qisai.db the file in the working folder).
var sqlitePrefixes = []string{"sqlite://", "sqlite:"}

// sqliteParams are the settings every SQLite connection needs: WAL so
// readers do not wait for the writer, a busy timeout, foreign keys,
// synchronous FULL so that a change acknowledged survives a power loss
// (in WAL, NORMAL syncs only at checkpoints: the last transactions before
// a power cut may be gone though their users were told "saved"; see
// BenchmarkSynchronous for the cost), and immediate transactions so a
// read-then-write transaction takes the write lock at its start instead
// of failing at once with "database is locked".
var sqliteParams = [][2]string{
	{"_journal_mode", "WAL"},
	{"_busy_timeout", "5000"},
	{"_foreign_keys", "on"},
	{"_synchronous", "FULL"},
	{"_txlock", "immediate"},
}

// SQLiteDSN turns a file name or file: URI into the DSN qisai opens: the
// URI's own parameters as they are, then those of sqliteParams it does
// not set, in that order.
func SQLiteDSN(dsn string) string {
	for _, p := range sqlitePrefixes {
		if rest, ok := strings.CutPrefix(dsn, p); ok {
			dsn = rest
			break
		}
	}
	if dsn == "" {
		dsn = DefaultDSN
	}
	var path, query string
	if uri, ok := strings.CutPrefix(dsn, "file:"); ok {
		path, query, _ = strings.Cut(uri, "?")
	} else {
		// A file name is a name, not a URI: its %, ? and # must reach
		// SQLite as themselves (a directory "round #1" is a directory).
		path = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(dsn)
	}
	var params []string
	set := map[string]bool{}
	for kv := range strings.SplitSeq(query, "&") {
		if kv == "" {
			continue
		}
		params = append(params, kv)
		k, _, _ := strings.Cut(kv, "=")
		if k, err := url.QueryUnescape(k); err == nil {
			set[k] = true
		}
	}
	for _, p := range sqliteParams {
		if !set[p[0]] {
			params = append(params, p[0]+"="+p[1])
		}
	}
	return "file:" + path + "?" + strings.Join(params, "&")
}
