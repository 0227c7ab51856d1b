package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/qisai/qisai/storage"
)

// backupCmd runs `qisai backup [--db FILE] BACKUP`: a consistent copy of
// the SQLite database --db names (else QISAI_DATABASE_URL, else qisai.db),
// taken while qisai may be running on it (storage.Backup). A PostgreSQL
// database is refused, pointing to pg_dump.
func backupCmd(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	db := fs.String("db", "", "")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("qisai backup 需要一个备份文件名：qisai backup [--db 数据库] 备份文件。", "backup takes the file to write: qisai backup [--db DATABASE] FILE.")
	}
	dsn := databaseDSN(*db)
	if err := checkDSN(dsn); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	file := pos[0]
	if err := storage.Backup(ctx, dsn, file); err != nil {
		return backupError{where: storage.RedactDSN(dsn), file: file, err: err}
	}
	fmt.Fprintf(stdout, "已把 %s 备份到 %s。\nBacked %s up to %s.\n", storage.RedactDSN(dsn), file, storage.RedactDSN(dsn), file)
	return nil
}

// backupError is why the database named where could not be backed up.
type backupError struct {
	where, file string
	err         error
}

func (e backupError) Unwrap() error { return e.err }

func (e backupError) Error() string {
	var refused *storage.DSNError
	if errors.As(e.err, &refused) {
		return refused.Text.Zh + "\n" + refused.Text.En
	}
	var f *storage.Fault
	if errors.As(e.err, &f) {
		return fmt.Sprintf("数据库 %s 不能备份：%s。\nThe database %s cannot be backed up: %s.", e.where, f.Zh, e.where, f.En)
	}
	return fmt.Sprintf("数据库 %s 不能备份到 %s，原因见下一行。\nThe database %s cannot be backed up to %s: %v", e.where, e.file, e.where, e.file, e.err)
}
