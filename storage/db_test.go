package storage

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the admin connection that makes test databases
)

// postgresEnv names the PostgreSQL server tests use: a URL of a database on
// it that the tests may connect to as a user who can create databases.
// scripts/test starts a throwaway server and sets it.
const postgresEnv = "QISAI_TEST_POSTGRES"

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
func freshPostgres(t testing.TB) string {
	t.Helper()
	admin := os.Getenv(postgresEnv)
	if admin == "" {
		t.Logf("PostgreSQL case skipped: %s is not set (scripts/test starts a server and sets it)", postgresEnv)
		return ""
	}
	db, err := sql.Open("pgx", admin)
	if err != nil {
		t.Fatalf("%s=%q: %v", postgresEnv, admin, err)
	}
	defer db.Close()
	name := fmt.Sprintf("qisai_test_%d", rand.Uint64()>>1)
	if _, err := db.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create test database on %s: %v", admin, err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", admin)
		if err != nil {
			return
		}
		defer db.Close()
		db.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("%s: %v", postgresEnv, err)
	}
	u.Path = "/" + name
	return u.String()
}
