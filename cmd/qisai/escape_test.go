package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// TestFileControlsNeverReachTheTerminal: a TRF whose names hold a
// terminal's escape sequences (clear the screen, colours, a title) and
// direction overrides is printed without a control or format character,
// in every output; the names show, cleaned.
func TestFileControlsNeverReachTheTerminal(t *testing.T) {
	six, err := os.ReadFile(filepath.Join("testdata", "six.trf"))
	if err != nil {
		t.Fatal(err)
	}
	// The same width as the names they replace, so the columns stay.
	evil := strings.NewReplacer(
		"张三"+strings.Repeat(" ", 16), "\x1b[2J\x1b[31m张三\x1b[0m\x07  ",
		"李四"+strings.Repeat(" ", 11), "\u202e李四\x1b]0;pwned\x07",
		"六人积分编排", "六人\x1b[5m积分编排",
	).Replace(string(six))
	path := filepath.Join(t.TempDir(), "evil.trf")
	if err := os.WriteFile(path, []byte(evil), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out.trf")
	for _, args := range [][]string{
		{"standings", path},
		{"standings", "--format", "csv", path},
		{"standings", "--format", "json", path},
		{"pair", "--explain", path},
		{"pair", "--explain", "--lang", "en", path},
		{"pair", "--out", out, path},
	} {
		stdout := mustRun(t, args...)
		for _, r := range stdout {
			if r != '\n' && r != '\r' && unicode.In(r, unicode.Cc, unicode.Cf) {
				t.Errorf("qisai %s printed U+%04X:\n%s", strings.Join(args, " "), r, stdout)
				break
			}
		}
		if args[0] == "standings" && (!strings.Contains(stdout, "张三") || !strings.Contains(stdout, "李四")) {
			t.Errorf("qisai %s lost the names:\n%s", strings.Join(args, " "), stdout)
		}
	}
	written, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(string(written), "\x1b\x07\u202e") {
		t.Errorf("--out wrote the controls back:\n%s", written)
	}
}
