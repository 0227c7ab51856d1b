package main

import (
	"bytes"
	"os"
	"testing"
)

// TestPrototypesAreGenerated: internal/names' prototypes.go is what
// gentable writes from the module go.mod requires, so it was not edited by
// hand, and a new version of the module (or of x/text's NFD, which picks
// the entries) did not go without go generate.
func TestPrototypesAreGenerated(t *testing.T) {
	want, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../prototypes.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("internal/names/prototypes.go is not what gentable writes: run go generate ./internal/names")
	}
}
