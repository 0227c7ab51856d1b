package trf

import "testing"

// ReadInParallel makes Read fill the rounds of every file on two
// goroutines (fillEach), as only big files' are, until tb ends.
func ReadInParallel(tb testing.TB) {
	old := parallelBlocks
	parallelBlocks = 0
	tb.Cleanup(func() { parallelBlocks = old })
}
