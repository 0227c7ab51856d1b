// Package testpainter gives a test a real painter with the system's CJK
// font, or skips the test where none is installed (scripts/test installs
// one). It is for tests only.
package testpainter

import (
	"errors"
	"testing"

	"github.com/qisai/qisai/picture"
)

// Open is a painter with the system's CJK font; t skips without one and
// fails on any other error.
func Open(t testing.TB) *picture.Painter {
	t.Helper()
	p, err := picture.Open("")
	if errors.Is(err, picture.ErrNoFont) {
		t.Skipf("no CJK font installed, so no pictures to test (scripts/test installs one): %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}
