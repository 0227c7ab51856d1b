package trf

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"unsafe"
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

// TestFaultIn: only a fault inside the mapped bytes is the file cut short;
// any other panic, a nil pointer's among them, is not parseMapped's to
// make an error of.
func TestFaultIn(t *testing.T) {
	data := make([]byte, 16)
	start := uintptr(unsafe.Pointer(&data[0]))
	for _, c := range []struct {
		r    any
		want bool
	}{
		{fault(start), true},
		{fault(start + 15), true},
		{fault(start + 16), false},
		{fault(0), false},
		{"not a fault", false},
	} {
		if got := faultIn(c.r, data); got != c.want {
			t.Errorf("faultIn(%v) = %v, want %v", c.r, got, c.want)
		}
	}
}

// fault is a panic value as debug.SetPanicOnFault makes one, at its address.
type fault uintptr

func (f fault) Addr() uintptr { return uintptr(f) }
