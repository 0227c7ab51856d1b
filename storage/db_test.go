package storage

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/qisai/qisai/internal/pgtest"
)

// postgresEnv names the PostgreSQL server tests use (pgtest.Env).
const postgresEnv = pgtest.Env

// testDB is one database a test runs against.
type testDB struct {
	name string // "sqlite" or "postgres"
	dsn  string
}

// testDBs makes a fresh SQLite file and, when postgresEnv is set, a fresh
// PostgreSQL database for t; both go away when t ends. Without a server
// the PostgreSQL case is skipped with a clear message.
func testDBs(t testing.TB) []testDB {
	t.Helper()
	dbs := []testDB{{"sqlite", filepath.Join(t.TempDir(), "qisai.db")}}
	if dsn := freshPostgres(t); dsn != "" {
		dbs = append(dbs, testDB{"postgres", dsn})
	}
	return dbs
}

// forEachDB runs test once per database of testDBs, each with its own Store.
func forEachDB(t *testing.T, test func(t *testing.T, s *Store), opts ...Option) {
	t.Helper()
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) {
			test(t, openTest(t, db.dsn, opts...))
		})
	}
}

// openTest opens dsn for t and closes it when t ends.
func openTest(t testing.TB, dsn string, opts ...Option) *Store {
	t.Helper()
	s, err := Open(context.Background(), dsn, opts...)
	if err != nil {
		t.Fatalf("open %s: %v", dsn, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// freshPostgres creates an empty database on the test server and returns
// its URL, or "" (having logged why) when there is no server.
func freshPostgres(t testing.TB) string { return pgtest.Fresh(t) }
