// Package shared finds, for tests, the data other projects lend qisai: the
// folder ../shared/testdata beside the repository. Tests read it from there
// and never copy it in; where it is absent they skip and say so.
package shared

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Path returns the path of a file or folder under ../shared/testdata, found
// from the repository root (the folder holding go.mod), and skips the test
// when it is absent.
func Path(t testing.TB, elem ...string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = up
	}
	path := filepath.Join(append([]string{dir, "..", "shared", "testdata"}, elem...)...)
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		t.Skipf("skipped: shared test data not found at %s (it lives beside the repository, not in it)", path)
	}
	return path
}
