//go:build !linux

package trf

import "os"

// mapFile maps f into memory on Linux only; elsewhere ReadFile reads it.
func mapFile(*os.File) (data []byte, unmap func(), ok bool) { return nil, nil, false }
