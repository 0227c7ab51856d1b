// Package pgtest gives a test a PostgreSQL database of its own on the
// throwaway server scripts/postgres starts (scripts/test sets Env), so
// that the storage and commands tests run against a real server.
package pgtest

import (
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the admin connection that makes test databases
)

// Env names the PostgreSQL server tests use: a URL of a database on it
// that the tests may connect to as a user who can create databases.
const Env = "QISAI_TEST_POSTGRES"

// Fresh creates an empty database on the test server, dropped when t ends,
// and returns its URL; or "" (having logged why) when there is no server.
func Fresh(t testing.TB) string {
	t.Helper()
	admin := os.Getenv(Env)
	if admin == "" {
		t.Logf("PostgreSQL case skipped: %s is not set (scripts/test starts a server and sets it)", Env)
		return ""
	}
	db, err := sql.Open("pgx", admin)
	if err != nil {
		t.Fatalf("%s=%q: %v", Env, admin, err)
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
		t.Fatalf("%s: %v", Env, err)
	}
	u.Path = "/" + name
	return u.String()
}
