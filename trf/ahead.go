package trf

import (
	"bytes"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// ahead reads the plain player lines of the second half of a big file on a
// second goroutine while parse reads the first half, into the same records,
// roster and grid (issue 8: a 9,999-player file's lines are most of what
// `qisai pair` does). The halves claim ranks of their own: the first half
// those below the rank of the second half's first line (from), the second
// half that rank and above, so that the two never write one player's place.
// What ahead reads is what parse would read of those lines, line for line:
// it reads only lines plainPlayer reads, in the same state, stops at the
// first other line, and parse goes on from there (join). Where the file is
// not as ahead assumed — a rank of the first half at or above from, a line
// the general path reads, rounds that would grow the grid — parse stops it,
// takes back what it wrote (cancel) and reads the second half itself. So
// the event and every message are those of reading the file in one pass.
type ahead struct {
	q     parser      // the second half's reader: parse's rooms, its own text
	start int         // where in the file the second half starts
	next  lineScanner // where it stopped: the first line it did not read
	n     int         // that line's number
	quit  atomic.Bool // set by cancel: stop at the next line
	ok    bool        // false: it panicked, and what it wrote is taken back
	done  sync.WaitGroup
}

// aheadBytes is the least of a file after its first player line for which
// parse reads the second half ahead: for less, starting a goroutine costs
// more than it saves.
var aheadBytes = 256 << 10

// aheadFirst makes parse wait for the second half to be read before it
// reads the first: a test's way to have it read all it can, so that what
// cancel takes back is the most it can be.
var aheadFirst = false

// readAhead starts reading the second half of the file ahead, once parse
// has read the first player line and the rest of the file is s; n is the
// number of the line s starts at. It returns nil, reading nothing, when the
// rest is small or does not split at a plain player line of a rank above
// every rank read so far.
func (p *parser) readAhead(s lineScanner, n int) *ahead {
	rest := s.data
	if len(rest) < aheadBytes {
		return nil
	}
	// The half starts after a line end: the first LF past the middle, or
	// a CR where the file has no LF there.
	mid := len(rest) / 2
	i := bytes.IndexByte(rest[mid:], '\n')
	if i < 0 {
		i = bytes.IndexByte(rest[mid:], '\r')
	}
	if i < 0 || mid+i+1 == len(rest) {
		return nil
	}
	at := mid + i + 1
	ends, _ := lineEnds(rest[:at])
	h := &ahead{start: s.at + at, n: n + ends}
	h.next = lineScanner{data: rest[at:], lf: -1, cr: -1, at: h.start}
	peek := h.next
	first, _ := peek.next()
	if len(first) <= colRounds || !isPlayer(first) {
		return nil
	}
	from, ok := plainRank(first[colRank : colRank+4])
	if !ok || from <= len(p.records) || from > p.grid.players {
		return nil // the first half has a rank as high already: one pass
	}
	h.q = parser{file: p.file, data: p.data, records: p.records[:0], roster: p.roster[:0], grid: p.grid,
		from: from, fixed: true}
	h.q.text.Grow(32 * (p.grid.players - from + 1))
	p.below, p.fixed = from, true
	h.done.Add(1)
	go h.run()
	if aheadFirst {
		h.done.Wait()
	}
	return h
}

// run reads lines while plainPlayer takes them.
func (h *ahead) run() {
	defer h.done.Done()
	// A file mapped and cut short faults where it is read (parseMapped);
	// on this goroutine too the fault is a panic, and any panic takes
	// back what was read: parse reads those lines again, and meets it.
	defer func() { _ = recover() }() // ok stays false
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	s, q := h.next, &h.q
	for n := h.n; !h.quit.Load(); n++ {
		h.next, h.n = s, n
		q.at = s.at
		line, ok := s.next()
		if !ok || !isPlayer(line) || !q.plainPlayer(n, line) {
			break
		}
	}
	h.ok = true
}

// join waits for the second half, once parse has read to its start (line
// n, which s is at), and makes what it read parse's: parse goes on at the
// line it returns, where the second half stopped. When that panicked, what
// it read is taken back and parse goes on where it is.
func (h *ahead) join(p *parser, n int, s lineScanner) (int, lineScanner) {
	h.done.Wait()
	if !h.ok {
		h.undo(p)
		return n, s
	}
	p.below, p.fixed = 0, false
	// Each line extends the records to its rank, as in one pass.
	if k := len(h.q.records); k > len(p.records) {
		p.records, p.roster = p.records[:k], p.roster[:k]
	}
	p.players += h.q.players
	return h.n, h.next
}

// cancel stops the second half and takes back what it read: parse reads
// the rest of the file itself.
func (h *ahead) cancel(p *parser) {
	h.quit.Store(true)
	h.done.Wait()
	h.undo(p)
}

// undo takes back what the second half wrote: the places of the ranks it
// reached (its records' length), which nothing else wrote. Its players
// stay in the roster: a rank's player is written again with its record,
// and the event has no rank without one.
func (h *ahead) undo(p *parser) {
	p.below, p.fixed = 0, false
	from, to := h.q.from, len(h.q.records)
	if to < from {
		return
	}
	clear(p.records[:to][from-1:])
	g := &p.grid
	for r := range g.rounds {
		clear(g.e[r*g.players+from-1 : r*g.players+to])
	}
}

// lineEnds is how many lines end in b, as lineScanner ends them (at LF,
// CR LF or a lone CR), and the offset of its first CR, len(b) if it has
// none: a file without CR is searched for one once.
func lineEnds(b []byte) (n, firstCR int) {
	n = bytes.Count(b, []byte{'\n'})
	firstCR = bytes.IndexByte(b, '\r')
	if firstCR < 0 {
		return n, len(b)
	}
	crs := b[firstCR:]
	return n + bytes.Count(crs, []byte{'\r'}) - bytes.Count(crs, []byte("\r\n")), firstCR
}
