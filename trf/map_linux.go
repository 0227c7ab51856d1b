package trf

import (
	"os"
	"syscall"
)

// mapFile maps regular file f into memory read-only, and returns its bytes
// and what unmaps them; ok is false when f cannot be mapped (not a regular
// file, empty, or the system refuses), and then it should be read.
func mapFile(f *os.File) (data []byte, unmap func(), ok bool) {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 || int64(int(fi.Size())) != fi.Size() {
		return nil, nil, false
	}
	conn, err := f.SyscallConn()
	if err != nil {
		return nil, nil, false
	}
	var merr error
	err = conn.Control(func(fd uintptr) {
		data, merr = syscall.Mmap(int(fd), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_PRIVATE)
	})
	if err != nil || merr != nil {
		return nil, nil, false
	}
	return data, func() { _ = syscall.Munmap(data) }, true
}
