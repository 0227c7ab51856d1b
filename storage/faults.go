package storage

import (
	"context"
	"errors"
	"fmt"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
	"github.com/qisai/qisai/internal/i18n"
	"gorm.io/gorm"
)

// A Fault is trouble with the database itself, not with what was asked of
// it: the disk is full, the file is read-only or damaged, another program
// holds it. Whoever asked is told the cause (in both languages) rather
// than a bare "try again": for most faults trying again does not help
// until someone mends it; a busy database (ErrBusy) frees itself. The errors Store returns name their
// fault: errors.Is(err, storage.ErrFull), or errors.As for any *Fault. The
// transaction that met it is rolled back: nothing of the change is stored.
type Fault struct{ i18n.T }

func (f *Fault) Error() string { return f.En }

// The faults a database reports. SQLite's result codes and PostgreSQL's
// SQLSTATEs are sorted into them by faultOf.
var (
	ErrFull     = &Fault{i18n.T{Zh: "数据库所在的磁盘已满", En: "the database's disk is full"}}
	ErrReadOnly = &Fault{i18n.T{Zh: "数据库是只读的，不能写入", En: "the database is read-only"}}
	ErrCorrupt  = &Fault{i18n.T{Zh: "数据库文件已损坏，或者不是数据库", En: "the database file is damaged, or is not a database"}}
	// ErrUnavailable is a PostgreSQL server starting, stopping or in
	// recovery (57P03): it will take connections again by itself.
	ErrUnavailable = &Fault{i18n.T{Zh: "数据库服务器暂时不接受连接（正在启动、关闭或恢复）", En: "the database server takes no connections now (it is starting, stopping or recovering)"}}
	// ErrBusy is a database another connection holds longer than qisai
	// waits (SQLite's busy timeout; a PostgreSQL lock timeout): a backup
	// tool, a second program writing, a transaction left open. It passes
	// when they let go.
	ErrBusy = &Fault{i18n.T{Zh: "数据库正忙：另一个程序正占用它", En: "the database is busy: another program is holding it"}}
)

// faulty is a database's error with its fault: both are in its chain, so
// that errors.Is finds the fault and errors.As the driver's error (which
// transient and the tests read).
type faulty struct {
	fault *Fault
	err   error
}

func (e *faulty) Error() string   { return e.fault.En + ": " + e.err.Error() }
func (e *faulty) Unwrap() []error { return []error{e.fault, e.err} }

// named is err with its fault, when it has one; other errors pass as they
// are.
func named(err error) error {
	if err == nil {
		return nil
	}
	var f *Fault
	if errors.As(err, &f) {
		return err // named already
	}
	if f := faultOf(err); f != nil {
		return &faulty{f, err}
	}
	return err
}

// faultOf sorts a driver's error into a fault, or nil.
func faultOf(err error) *Fault {
	var lite sqlite3.Error
	if errors.As(err, &lite) {
		switch lite.Code {
		case sqlite3.ErrFull:
			return ErrFull
		case sqlite3.ErrReadonly:
			return ErrReadOnly
		case sqlite3.ErrCorrupt, sqlite3.ErrNotADB:
			return ErrCorrupt
		case sqlite3.ErrBusy, sqlite3.ErrLocked:
			return ErrBusy
		case sqlite3.ErrIoErr, sqlite3.ErrCantOpen:
			// A write the system refused: the errno says why.
			switch lite.SystemErrno {
			case syscall.ENOSPC, syscall.EDQUOT:
				return ErrFull
			case syscall.EROFS, syscall.EACCES, syscall.EPERM:
				return ErrReadOnly
			}
		}
		return nil
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch pg.Code {
		case "53100": // disk_full
			return ErrFull
		case "25006": // read_only_sql_transaction
			return ErrReadOnly
		case "XX001", "XX002": // data_corrupted, index_corrupted
			return ErrCorrupt
		case "57P03": // cannot_connect_now
			return ErrUnavailable
		case "55P03": // lock_not_available: a lock_timeout ran out
			return ErrBusy
		}
	}
	return nil
}

// faultNaming is a gorm dialect whose errors name their fault: gorm passes
// every error of a statement, a begin and a commit through Translate
// (gorm.Config.TranslateError). It forwards savepoints, which gorm looks
// for on the dialect, to the dialect it wraps (both of ours have them).
type faultNaming struct{ gorm.Dialector }

func (faultNaming) Translate(err error) error { return named(err) }

func (d faultNaming) SavePoint(tx *gorm.DB, name string) error {
	return d.Dialector.(gorm.SavePointerDialectorInterface).SavePoint(tx, name)
}

func (d faultNaming) RollbackTo(tx *gorm.DB, name string) error {
	return d.Dialector.(gorm.SavePointerDialectorInterface).RollbackTo(tx, name)
}

// errRolledBack ends CheckWrite's transaction after its write.
var errRolledBack = errors.New("rolled back")

// CheckWrite says whether the database takes writes: it changes a row in a
// transaction and rolls it back, so a read-only file or server is found at
// the start rather than at the first command. (A full disk shows only when
// a write reaches it: commands say so then.)
func (s *Store) CheckWrite(ctx context.Context) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("UPDATE schema_versions SET what = what WHERE version = (SELECT MAX(version) FROM schema_versions)").Error; err != nil {
			return err
		}
		return errRolledBack
	})
	if errors.Is(err, errRolledBack) {
		return nil
	}
	return fmt.Errorf("write to the database: %w", named(err))
}

// SchemaError is a database written by a newer qisai: its schema is at a
// version this one does not know, so it is neither read nor written (an
// older program would misread it, or undo what the newer one relies on).
type SchemaError struct {
	Version int // the database's
	Known   int // the newest this qisai knows
}

// Text says what is wrong and what to do, in both languages.
func (e *SchemaError) Text() i18n.T {
	return i18n.F("数据库的结构是第 %d 版，这个版本的 qisai 只认识到第 %d 版：它是较新的 qisai 写的。请升级 qisai，再打开它",
		"the database's schema is at version %d, and this qisai knows versions up to %d only: a newer qisai wrote it. Upgrade qisai, then open it", e.Version, e.Known)
}

func (e *SchemaError) Error() string { return e.Text().En }
