package storage

import (
	"sync"

	"github.com/qisai/qisai/action"
)

// tailCache keeps the records of the logs' tails that LogTail decoded. A
// record never changes once stored (the log is append-only; an undo is a
// record of its own), so a decoded one stays right whatever any instance
// appends later. It spares /log the decoding of the same records again —
// a published round of 5,000 players is 200 KB of JSON — since the tail
// it shows moves on by a record or two between calls.
type tailCache struct {
	mu   sync.Mutex
	recs map[tailKey]action.Record
}

type tailKey struct {
	event EventID
	seq   int64
}

// tailCacheLimit bounds the records kept: 50 (the most /log shows) for
// each of some 80 busy events.
const tailCacheLimit = 4096

// cached returns the records of event id from seq from on that the cache
// holds without a gap, oldest first.
func (c *tailCache) cached(id EventID, from, through int64) []action.Record {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []action.Record
	for seq := from; seq <= through; seq++ {
		r, ok := c.recs[tailKey{id, seq}]
		if !ok {
			break
		}
		out = append(out, r)
	}
	return out
}

// keep adds event id's records.
func (c *tailCache) keep(id EventID, recs []action.Record) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.recs == nil || len(c.recs)+len(recs) > tailCacheLimit {
		c.recs = make(map[tailKey]action.Record, tailCacheLimit) // start again: a miss costs one read
	}
	for _, r := range recs {
		c.recs[tailKey{id, r.Seq}] = r
	}
}
