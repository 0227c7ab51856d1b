// Package testchild runs the test binary again as a child process — a
// second writer on the database, a process to kill — and watches what it
// prints: the concurrency tests of storage and commands use it.
package testchild

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Start starts this test binary running only the test named test, with
// env added to the environment, and returns it with its output.
func Start(t testing.TB, test string, env ...string) (*exec.Cmd, io.ReadCloser) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, out
}

// Watch reads cmd's output out until it ends, failing t for every line
// that starts with "error" and for a failed exit; name says which child in
// the messages. Run it in a goroutine of its own, one per child.
func Watch(t testing.TB, name string, cmd *exec.Cmd, out io.Reader) {
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if l := sc.Text(); strings.HasPrefix(l, "error") {
			t.Errorf("%s: %s", name, l)
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("%s: %v", name, err)
	}
}
