// Package testlock plays another program holding a SQLite database: a
// second connection in a write transaction, which every writer waits for
// (busy), to check what a program says and keeps while it waits. It is for
// tests only.
package testlock

import (
	"context"
	"database/sql"
	"sync"
	"testing"

	_ "github.com/mattn/go-sqlite3" // the driver of the second connection
)

// Hold takes the write lock of the SQLite database dsn (a file name or a
// file: URI) on a connection of its own and returns the function that lets
// it go; t's end lets it go too.
func Hold(t testing.TB, dsn string) (release func()) {
	t.Helper()
	db, err := sql.Open("sqlite3", dsn)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := db.Conn(context.Background())
	if err != nil {
		db.Close()
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(context.Background(), "BEGIN IMMEDIATE"); err != nil {
		conn.Close()
		db.Close()
		t.Fatalf("take the write lock of %s: %v", dsn, err)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			if _, err := conn.ExecContext(context.Background(), "ROLLBACK"); err != nil {
				t.Errorf("let go of the write lock of %s: %v", dsn, err)
			}
			conn.Close()
			db.Close()
		})
	}
	t.Cleanup(release)
	return release
}
