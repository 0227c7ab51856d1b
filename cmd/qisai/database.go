package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/qisai/qisai/storage"
)

// databaseDSN is the database a command line names: --db's value, else
// $QISAI_DATABASE_URL, else the SQLite file beside qisai.
func databaseDSN(flag string) string {
	if flag != "" {
		return flag
	}
	if env := os.Getenv(databaseEnv); env != "" {
		return env
	}
	return storage.DefaultDSN
}

// openDatabase opens the chat's database (qisai console, qisai serve) and
// checks that it takes a write, so that a database qisai cannot use is
// said at the start, naming it, in Chinese and English, with what to do
// (databaseError) — not at the first command, to a player. A database
// another program holds (storage.ErrBusy) is waited for, said once on
// standard error: it frees itself.
func openDatabase(ctx context.Context, dsn string) (*storage.Store, error) {
	if err := checkDSN(dsn); err != nil {
		return nil, err
	}
	where := storage.RedactDSN(dsn)
	for said := false; ; said = true {
		store, err := storage.Open(ctx, dsn)
		if err == nil {
			if err = store.CheckWrite(ctx); err != nil {
				store.Close()
			}
		}
		if err == nil {
			return store, nil
		}
		if !errors.Is(err, storage.ErrBusy) || ctx.Err() != nil {
			return nil, databaseError{where: where, err: err}
		}
		if !said {
			fmt.Fprintf(os.Stderr, "数据库 %s 正忙：另一个程序正占用它，等它空出来。\nThe database %s is busy: another program is holding it; waiting for it.\n", where, where)
		}
		select {
		case <-ctx.Done():
			return nil, databaseError{where: where, err: err}
		case <-time.After(busyRetry):
		}
	}
}

// checkDSN refuses a database setting qisai will not open, as a mistake
// on the command line: the setting is wrong, not the database.
func checkDSN(dsn string) error {
	var refused *storage.DSNError
	if err := storage.CheckDSN(dsn); errors.As(err, &refused) {
		return usageError{said{text: refused.Text, err: err}}
	} else if err != nil {
		return usageError{err}
	}
	return nil
}

// busyRetry is how long openDatabase waits before trying a busy database
// again (on top of the busy timeout each try waits).
const busyRetry = time.Second

// databaseError is why the database named where cannot be used.
type databaseError struct {
	where string
	err   error
}

func (e databaseError) Unwrap() error { return e.err }

func (e databaseError) Error() string {
	var newer *storage.SchemaError
	if errors.As(e.err, &newer) {
		return fmt.Sprintf("数据库 %s 不能打开：%s。\nThe database %s cannot be opened: %s.", e.where, newer.Text().Zh, e.where, newer.Text().En)
	}
	var f *storage.Fault
	if errors.As(e.err, &f) {
		do := remedies[f]
		return fmt.Sprintf("数据库 %s 不能使用：%s。%s。\nThe database %s cannot be used: %s. %s.", e.where, f.Zh, do[0], e.where, f.En, do[1])
	}
	return fmt.Sprintf("数据库 %s 打不开，原因见下一行。\nThe database %s cannot be opened: %v", e.where, e.where, e.err)
}

// remedies say what to do about each fault, in Chinese and English.
var remedies = map[*storage.Fault][2]string{
	storage.ErrReadOnly: {"请让 qisai 能写这个文件和它所在的文件夹，或者用 --db（或 QISAI_DATABASE_URL）换一个数据库",
		"Let qisai write the file and its folder, or choose another database with --db (or QISAI_DATABASE_URL)"},
	storage.ErrFull: {"请腾出磁盘空间，再启动 qisai", "Free some disk space, then start qisai again"},
	storage.ErrCorrupt: {"请从备份恢复这个文件（备份用 qisai backup 备份文件 做成：停止 qisai，用备份替换这个文件并删除它的 -wal、-shm 文件，再启动），或者用 --db（或 QISAI_DATABASE_URL）换一个数据库",
		"Restore the file from a backup (made with qisai backup FILE: stop qisai, put the backup in the file's place, removing its -wal and -shm files, and start it again), or choose another database with --db (or QISAI_DATABASE_URL)"},
	storage.ErrUnavailable: {"请等数据库服务器准备好，再启动 qisai", "Start qisai again once the database server is ready"},
}
