package storage

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dsnForms are the ways a database address carries a password, each with
// the address as printed (RedactDSN): the password gone, the rest as it
// was. The passwords all contain "S3cret".
var dsnForms = []struct{ dsn, shown string }{
	{"postgres://qisai:S3cret@db.example.org/qisai", "postgres://qisai:xxxxx@db.example.org/qisai"},
	{"postgresql://qisai:S3cret@db.example.org:5432/qisai?sslmode=require", "postgresql://qisai:xxxxx@db.example.org:5432/qisai?sslmode=require"},
	{"postgres://qisai:p%40S3cret%2F@db/qisai", "postgres://qisai:xxxxx@db/qisai"},
	{"postgres://qisai:p@S3cret@db/qisai", "postgres://qisai:xxxxx@db/qisai"},  // an unescaped @
	{"postgres://qisai:S3cret%zz@db/qisai", "postgres://qisai:xxxxx@db/qisai"}, // not a URL Go parses
	{"postgres://db.example.org/qisai?user=qisai&password=S3cret", "postgres://db.example.org/qisai?user=qisai&password=xxxxx"},
	{"postgres://db/qisai?sslmode=verify-full&sslpassword=S3cretKey&PASSWORD=S3cret#x", "postgres://db/qisai?sslmode=verify-full&sslpassword=xxxxx&PASSWORD=xxxxx#x"},
	{"postgres://qisai:S3cretA@db/qisai?password=S3cretB", "postgres://qisai:xxxxx@db/qisai?password=xxxxx"},
	{"host=db.example.org user=qisai password=S3cret dbname=qisai", "host=db.example.org user=qisai password=xxxxx dbname=qisai"},
	{"host=db password = S3cret dbname=qisai", "host=db password = xxxxx dbname=qisai"},
	{`host=db password='S3cret with \'spaces\'' sslpassword=S3cretKey`, "host=db password=xxxxx sslpassword=xxxxx"},
	{"password=S3cret", "password=xxxxx"},
	{"file:/srv/qisai.db?_auth=&_auth_user=admin&_auth_pass=S3cret", "file:/srv/qisai.db?_auth=&_auth_user=admin&_auth_pass=xxxxx"},
	{"/srv/qisai/club.db", "/srv/qisai/club.db"},
	{"sqlite:///srv/a@b:c.db", "sqlite:///srv/a@b:c.db"},
}

// TestRedactDSN: every form of address prints without its password and
// otherwise as it was.
func TestRedactDSN(t *testing.T) {
	for _, f := range dsnForms {
		if got := RedactDSN(f.dsn); got != f.shown {
			t.Errorf("RedactDSN(%q) = %q, want %q", f.dsn, got, f.shown)
		}
	}
}

// TestOpenErrorsHidePasswords: an address Open cannot use — a server that
// does not answer, settings the driver refuses, which make it quote the
// address — fails with an error that never shows the password.
func TestOpenErrorsHidePasswords(t *testing.T) {
	ctx := context.Background()
	for _, dsn := range []string{
		"postgres://qisai:S3cret@127.0.0.1:1/qisai?connect_timeout=5",
		"postgres://127.0.0.1:1/qisai?password=S3cret&connect_timeout=5",
		"postgres://qisai:S3cretA@127.0.0.1:1/qisai?password=S3cretB&sslmode=bogus",
		"postgres://127.0.0.1:1/qisai?sslpassword=S3cretKey&sslmode=bogus",
		"postgres://qisai:S3cret%zz@127.0.0.1:1/qisai",
		"postgres://127.0.0.1:1/qisai?password=S3cret&connect_timeout=never",
	} {
		s, err := Open(ctx, dsn)
		if err == nil {
			s.Close()
			t.Errorf("Open(%q) succeeded", RedactDSN(dsn))
			continue
		}
		if strings.Contains(err.Error(), "S3cret") {
			t.Errorf("Open(%q) fails with %q, which shows the password", RedactDSN(dsn), err)
		}
	}
}

// TestKeyValueDSNRefused: a libpq key=value string is refused, in both
// languages, naming the setting and never the password; no SQLite file
// of that name is made.
func TestKeyValueDSNRefused(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, dsn := range []string{
		"host=db.example.org user=qisai password=S3cret dbname=qisai",
		"dbname=qisai host=/var/run/postgresql",
		"  user=qisai password='S3cret x'",
	} {
		_, err := Open(context.Background(), dsn)
		var de *DSNError
		if !errors.Is(err, ErrKeyValueDSN) || !errors.As(err, &de) {
			t.Errorf("Open(%q): %v, want ErrKeyValueDSN", RedactDSN(dsn), err)
			continue
		}
		for _, want := range []string{"QISAI_DATABASE_URL", "--db", "postgres://", "键=值", "key=value"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("Open(%q): %q does not say %q", RedactDSN(dsn), err, want)
			}
		}
		if strings.Contains(err.Error(), "S3cret") {
			t.Errorf("Open(%q): %q shows the password", RedactDSN(dsn), err)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) > 0 {
		t.Errorf("files made: %q", files)
	}
	// A file name with an equals sign is still a file name.
	for _, name := range []string{"round=1.db", "./host=x.db", filepath.Join(dir, "password=x.db")} {
		if err := CheckDSN(name); err != nil {
			t.Errorf("CheckDSN(%q): %v, want a file name", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "qisai.db")); err == nil {
		t.Error("a qisai.db was made")
	}
}
