package trf

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// TestParseMappedCutShort reads a mapped file after it has been cut to
// nothing, as another program might while qisai reads it: every page of
// the mapping is then a fault, which must be an error, not the end of the
// program.
func TestParseMappedCutShort(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cut.trf")
	data := "012 Cup\n" + strings.Repeat("001    1      A\n", 1000)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mapped, unmap, ok := mapFile(f)
	if !ok {
		t.Fatal("mapFile could not map a regular file")
	}
	defer unmap()
	if string(mapped) != data {
		t.Fatal("the mapping is not the file")
	}
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	ev, err := parseMapped(mapped, path)
	if want := path + ": the file changed while it was read; read it again"; err == nil || err.Error() != want {
		t.Fatalf("got %v, %v; want the error %q", ev, err, want)
	}
	// The program faults as before once the read is over.
	if debug.SetPanicOnFault(false) {
		t.Fatal("parseMapped left faults made panics")
	}
}
