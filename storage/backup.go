package storage

// Backups of a SQLite database in use. Copying the file (cp) while qisai
// runs copies pages from before and after a write, and leaves the WAL's
// acknowledged changes behind: the copy may be damaged or old. VACUUM INTO
// writes a consistent snapshot instead — one read transaction, which in
// WAL mode neither waits for the writers nor holds them back — holding
// every change committed before it began.

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/qisai/qisai/internal/i18n"
)

// ErrBackupPostgres refuses to back up a PostgreSQL database, which
// pg_dump does (the server's own consistent dump).
var ErrBackupPostgres = errors.New("backup of a PostgreSQL database")

// Backup writes a consistent copy of the SQLite database dsn names to
// file, while qisai may be using it: every change committed before the
// backup began is in the copy, which passes SQLite's integrity check
// before it takes file's place (an existing file is replaced whole, never
// left half written). It neither changes nor migrates the database. A
// PostgreSQL dsn is refused (a *DSNError wrapping ErrBackupPostgres) with
// what to run instead.
func Backup(ctx context.Context, dsn, file string) (err error) {
	if err := CheckDSN(dsn); err != nil {
		return err
	}
	if isPostgres(dsn) {
		return &DSNError{Kind: ErrBackupPostgres, Text: i18n.T{
			Zh: "qisai backup 只备份 SQLite 数据库文件。PostgreSQL 数据库请用 pg_dump 备份，例如 pg_dump --format=custom --file=qisai.dump \"$QISAI_DATABASE_URL\"，恢复用 pg_restore。",
			En: "qisai backup copies SQLite database files only. Back a PostgreSQL database up with pg_dump, e.g. pg_dump --format=custom --file=qisai.dump \"$QISAI_DATABASE_URL\", and restore it with pg_restore.",
		}}
	}
	defer func() { err = scrub(err, dsn) }()
	if file == "" {
		return errors.New("backup: name the file to write")
	}
	// mode=rw: a database that is not there is an error, not a new one.
	src, err := sql.Open("sqlite3", SQLiteDSN(dsn)+"&mode=rw")
	if err != nil {
		return fmt.Errorf("backup: open the database: %w", named(err))
	}
	defer src.Close()
	if err := checkQisai(ctx, src); err != nil {
		return err
	}
	if same, err := sameFile(ctx, src, file); err != nil || same {
		if err == nil {
			err = fmt.Errorf("backup: %s is the database itself; name another file", file)
		}
		return err
	}
	// Written beside file and renamed onto it: a backup cut short leaves
	// the last good one in place.
	var b [6]byte
	rand.Read(b[:])
	tmp := filepath.Join(filepath.Dir(file), "."+filepath.Base(file)+".tmp-"+hex.EncodeToString(b[:]))
	defer os.Remove(tmp) // gone once renamed
	if _, err := src.ExecContext(ctx, "VACUUM INTO ?", tmp); err != nil {
		return fmt.Errorf("backup: copy the database to %s: %w", tmp, named(err))
	}
	if err := checkIntegrity(ctx, tmp); err != nil {
		return err
	}
	if err := syncFile(tmp); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := os.Rename(tmp, file); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := syncFile(filepath.Dir(file)); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}

// checkQisai refuses a file that is no qisai database.
func checkQisai(ctx context.Context, db *sql.DB) error {
	var v int
	err := db.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_versions").Scan(&v)
	switch {
	case err != nil && strings.Contains(err.Error(), "no such table"):
		return errors.New("backup: this is not a qisai database (it has no schema_versions table)")
	case err != nil:
		return fmt.Errorf("backup: read the database: %w", named(err))
	}
	return nil
}

// sameFile says whether file is the database db has open.
func sameFile(ctx context.Context, db *sql.DB, file string) (bool, error) {
	var seq int
	var name, path string
	if err := db.QueryRowContext(ctx, "PRAGMA database_list").Scan(&seq, &name, &path); err != nil {
		return false, fmt.Errorf("backup: %w", err)
	}
	a, err := os.Stat(path)
	if err != nil {
		return false, nil // the database is not a file we can see: no clash
	}
	b, err := os.Stat(file)
	if err != nil {
		return false, nil
	}
	return os.SameFile(a, b), nil
}

// checkIntegrity runs SQLite's integrity check on the copy at path.
func checkIntegrity(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite3", "file:"+strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)+"?mode=ro")
	if err != nil {
		return fmt.Errorf("backup: check the copy: %w", err)
	}
	defer db.Close()
	var result string
	if err := db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&result); err != nil {
		return fmt.Errorf("backup: check the copy: %w", named(err))
	}
	if result != "ok" {
		return fmt.Errorf("backup: the copy fails SQLite's integrity check: %s", result)
	}
	return nil
}

// syncFile makes what was written to path (a file, or a folder's
// entries) reach the disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
