package storage

import (
	"sync"

	"github.com/hashicorp/golang-lru/v2/simplelru"

	"github.com/qisai/qisai/action"
)

// The cache's bounds: the states of cacheEvents events and about
// cacheBytes of them (stateBytes), whichever is reached first; the least
// recently used goes. A club's group runs an event or two at a time, so
// 1,000 live events are some hundreds of groups, and a miss costs the
// event's snapshot and the actions after it (a cold load). A club's event
// holds some tens of kilobytes, a 5,000-player one some megabytes: the
// bytes bound keeps a few dozen of those from taking the memory of the
// thousand small ones.
const (
	cacheEvents = 1000
	cacheBytes  = 256 << 20
)

// stateCache keeps the last state each event was folded to, so loading an
// event reads only the actions after it instead of decoding the snapshot
// and folding the tail again. It is safe across instances: whatever another
// instance appended is in the actions table and folds in on the next
// load, and an undo that reaches into the cached state makes that load
// fold from the database again. Cached states are never changed: loads
// return copies (action.FoldFrom), which share with them what they do not
// change.
type stateCache struct {
	mu sync.Mutex
	// lru is made at the first put; events and bytes are its bounds (the
	// constants, but for tests).
	lru    *simplelru.LRU[EventID, cacheEntry]
	events int
	bytes  int
	held   int // the sum of the entries' weights
}

type cacheEntry struct {
	st     *action.State
	snap   snapshotInfo // the event's snapshot in the database
	weight int          // stateBytes(st)
}

// stateBytes is about how much memory st takes: its players and games, and
// the histories and standings computed from them (views.go). It is a
// weight for the cache's bound, not a measure: 5,000 players and 35,000
// games take 2.2 MB, their views 3.9 MB more, and weigh 6.1 MB.
func stateBytes(st *action.State) int {
	games := 0
	for _, r := range st.Event.Rounds {
		games += len(r.Games) + len(r.Byes)
	}
	if p := st.Preview; p != nil {
		games += len(p.Boards)
	}
	return 4<<10 + 256*len(st.Event.Players) + 128*games
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

// get returns event id's entry, now the most recently used.
func (c *stateCache) get(id EventID) (cacheEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lru == nil {
		return cacheEntry{}, false
	}
	return c.lru.Get(id)
}

// put keeps e.st (which the caller must not change afterwards) unless the
// cache holds a newer state of the event, then drops the least recently
// used entries beyond the bounds.
func (c *stateCache) put(id EventID, e cacheEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lru == nil {
		if c.events == 0 {
			c.events, c.bytes = cacheEvents, cacheBytes
		}
		// Only a size below 1 is an error.
		c.lru, _ = simplelru.NewLRU(c.events, func(_ EventID, e cacheEntry) { c.held -= e.weight })
	}
	if old, ok := c.lru.Peek(id); ok {
		if old.st.Through > e.st.Through {
			return
		}
		c.held -= old.weight // Add replaces it without a word
	}
	e.weight = stateBytes(e.st)
	c.lru.Add(id, e)
	c.held += e.weight
	for c.held > c.bytes && c.lru.Len() > 1 {
		c.lru.RemoveOldest()
	}
}

func (c *stateCache) drop(id EventID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lru != nil {
		c.lru.Remove(id)
	}
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
