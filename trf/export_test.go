package trf

import "testing"

// ReadInParallel makes Read fill the rounds of every file on two
// goroutines (fillEach) and read the second half of its player lines ahead
// on another (ahead), as only big files' are, until tb ends.
func ReadInParallel(tb testing.TB) {
	blocks, bytes := parallelBlocks, aheadBytes
	parallelBlocks, aheadBytes = 0, 0
	tb.Cleanup(func() { parallelBlocks, aheadBytes = blocks, bytes })
}

// ReadAheadFirst is ReadInParallel with the second half of the player
// lines read whole before the first half is: what parse then takes back,
// when the file is not as the second half's reader assumed, is all it read.
func ReadAheadFirst(tb testing.TB) {
	ReadInParallel(tb)
	aheadFirst = true
	tb.Cleanup(func() { aheadFirst = false })
}
