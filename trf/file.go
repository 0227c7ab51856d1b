package trf

import (
	"fmt"
	"os"
	"runtime/debug"
	"unsafe"

	"github.com/qisai/qisai/engine"
)

// ReadFile reads the TRF-16 file at path, as Read reads it, with path in
// its messages. Where the system can (mapFile), the file is read where the
// system already holds it, mapped into memory read-only, rather than
// copied: the 1.8 MB of a 9,999-player file are then neither allocated,
// cleared and copied, nor a page fault every 4 KB (issue 8).
func ReadFile(path string) (*engine.Event, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if data, unmap, ok := mapFile(f); ok {
		defer unmap()
		return parseMapped(data, path)
	}
	return Read(f, path)
}

// parseMapped is parse of a mapped file. A file cut short while it is read
// leaves pages of the mapping with nothing behind them, and reading one is
// a fault that would end the program; made a panic for the time of the
// read, it is an error instead.
func parseMapped(data []byte, name string) (ev *engine.Event, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if !faultIn(r, data) {
			panic(r)
		}
		ev, err = nil, fmt.Errorf("%s: the file changed while it was read; read it again", name)
	}()
	return parse(data, name)
}

// faultIn reports whether r, recovered from a panic, is a fault at an
// address in data (debug.SetPanicOnFault), as reading a mapped file cut
// short makes, and not some other fault, such as a nil pointer's.
func faultIn(r any, data []byte) bool {
	f, ok := r.(interface{ Addr() uintptr })
	if !ok || len(data) == 0 {
		return false
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	return f.Addr() >= start && f.Addr()-start < uintptr(len(data))
}
