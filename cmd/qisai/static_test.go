package main

import (
	"bufio"
	"context"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// dockerBuild returns the "go build" command of the Dockerfile at path,
// without its RUN.
func dockerBuild(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("read the Dockerfile: %v", err)
	}
	defer f.Close()
	var found []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if cmd, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "RUN "); ok && strings.Contains(cmd, "go build") {
			found = append(found, cmd)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(found) != 1 {
		t.Fatalf("%s has %d RUN lines with \"go build\", want one: %q", path, len(found), found)
	}
	return found[0]
}

// TestStaticBuild runs the Dockerfile's build line (issue 5: no Docker
// engine runs here, so the same command runs in the test) and checks that
// it makes a statically linked program that runs, also alone in an empty
// root as the image holds it (chroot_test.go).
func TestStaticBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the static binary (about a minute the first time); skipped with -short")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	line := dockerBuild(t, filepath.Join(root, "Dockerfile"))
	out := filepath.Join(t.TempDir(), "qisai")
	const dockerOut = " -o /qisai "
	if strings.Count(line, dockerOut) != 1 {
		t.Fatalf("the Dockerfile's build line %q must write its program with %q once", line, dockerOut)
	}
	cmd := strings.Replace(line, dockerOut, " -o '"+out+"' ", 1)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	build := exec.CommandContext(ctx, "sh", "-c", cmd) // as Docker runs RUN
	build.Dir = root
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cmd, err, msg)
	}

	f, err := elf.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("the program has an interpreter (PT_INTERP): it is dynamically linked")
		}
	}
	if libs, err := f.ImportedLibraries(); err != nil || len(libs) > 0 {
		t.Errorf("the program needs shared libraries %v (%v), want none", libs, err)
	}

	msg, err := exec.CommandContext(ctx, out, "version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(msg), "qisai ") {
		t.Errorf("qisai version: %v, %q; want \"qisai VERSION\"", err, msg)
	}
	t.Run("empty root", func(t *testing.T) { playInEmptyRoot(t, out) })
}
