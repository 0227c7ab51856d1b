package storage

import (
	"sync"

	"github.com/qisai/qisai/action"
)

// cacheLimit bounds how many events' states a Store keeps in memory.
const cacheLimit = 512

// stateCache keeps the last state each event was folded to, so loading an
// event reads only the actions after it instead of decoding the snapshot
// and folding the tail again. It is safe across instances: whatever another
// instance appended is in the actions table and folds in on the next
// load, and an undo that reaches into the cached state makes that load
// fold from the database again. Cached states are never changed: loads
// return copies.
type stateCache struct {
	mu      sync.Mutex
	entries map[EventID]cacheEntry
}

type cacheEntry struct {
	st   *action.State
	snap snapshotInfo // the event's snapshot in the database
}

// undoReaches reports whether one of actions undoes an action at or before
// seq.
func undoReaches(actions []action.Action, seq int64) bool {
	for _, a := range actions {
		if u, ok := a.(*action.Undo); ok && u.Seq <= seq {
			return true
		}
	}
	return false
}

func (c *stateCache) get(id EventID) (cacheEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[id]
	return e, ok
}

// put keeps st (which the caller must not change afterwards) unless the
// cache holds a newer state of the event.
func (c *stateCache) put(id EventID, e cacheEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[EventID]cacheEntry{}
	}
	if old, ok := c.entries[id]; ok && old.st.Through > e.st.Through {
		return
	}
	if len(c.entries) >= cacheLimit {
		for k := range c.entries { // drop any one: a miss costs one full load
			delete(c.entries, k)
			break
		}
	}
	c.entries[id] = e
}

func (c *stateCache) drop(id EventID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.entries, id)
}

// eventLocks serialises this instance's writers to one event, so they do
// not conflict with each other on the event's version and retry; writers
// in other instances are still kept apart by the version check.
type eventLocks struct {
	mu    sync.Mutex
	locks map[EventID]*lockRef
}

type lockRef struct {
	sync.Mutex
	users int
}

func (l *eventLocks) lock(id EventID) func() {
	l.mu.Lock()
	if l.locks == nil {
		l.locks = map[EventID]*lockRef{}
	}
	r := l.locks[id]
	if r == nil {
		r = &lockRef{}
		l.locks[id] = r
	}
	r.users++
	l.mu.Unlock()
	r.Lock()
	return func() {
		r.Unlock()
		l.mu.Lock()
		if r.users--; r.users == 0 {
			delete(l.locks, id)
		}
		l.mu.Unlock()
	}
}
