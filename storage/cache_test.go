package storage

import (
	"fmt"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// cached is a state through seq with players players, for the cache.
func cached(seq int64, players int) cacheEntry {
	st := &action.State{Through: seq}
	for i := range players {
		st.Event.Players = append(st.Event.Players, engine.Player{ID: i + 1})
	}
	return cacheEntry{st: st}
}

// held checks that c's weights add up to what it says it holds, and
// returns the events it keeps.
func held(t *testing.T, c *stateCache) []EventID {
	t.Helper()
	sum := 0
	for _, e := range c.lru.Values() {
		sum += e.weight
	}
	if sum != c.held {
		t.Errorf("the cache says it holds %d bytes, its entries weigh %d", c.held, sum)
	}
	return c.lru.Keys() // oldest first
}

// The cache drops the least recently used event past its bound of events.
func TestCacheEvents(t *testing.T) {
	c := &stateCache{events: 3, bytes: 1 << 30}
	for id := EventID(1); id <= 3; id++ {
		c.put(id, cached(1, 2))
	}
	c.get(1) // 2 is the least recently used now
	c.put(4, cached(1, 2))
	if got := fmt.Sprint(held(t, c)); got != "[3 1 4]" {
		t.Errorf("events kept, oldest first: %s, want [3 1 4]", got)
	}
	if _, ok := c.get(2); ok {
		t.Error("event 2 is still cached")
	}
	// An older state of an event does not replace a newer one; a newer
	// one does, and weighs what it holds.
	c.put(3, cached(5, 2))
	c.put(3, cached(4, 100))
	if e, _ := c.get(3); e.st.Through != 5 {
		t.Errorf("event 3 is cached through %d, want 5", e.st.Through)
	}
	c.put(3, cached(6, 100))
	if e, _ := c.get(3); e.st.Through != 6 || e.weight != stateBytes(e.st) {
		t.Errorf("event 3 is cached through %d weighing %d, want 6 and %d", e.st.Through, e.weight, stateBytes(e.st))
	}
	held(t, c)
	c.drop(3)
	if got := fmt.Sprint(held(t, c)); got != "[1 4]" {
		t.Errorf("events kept after a drop: %s, want [1 4]", got)
	}
}

// The cache drops the least recently used events past its bound of bytes,
// but keeps the newest however big.
func TestCacheBytes(t *testing.T) {
	small, big := cached(1, 10), cached(1, 1000)
	c := &stateCache{events: 100, bytes: 3*stateBytes(small.st) + stateBytes(big.st)}
	for id := EventID(1); id <= 3; id++ {
		c.put(id, small)
	}
	c.put(4, big)
	if got := fmt.Sprint(held(t, c)); got != "[1 2 3 4]" {
		t.Fatalf("events kept: %s, want all four: they fit", got)
	}
	c.get(1)
	c.put(5, small) // over by one small state: 2 goes
	if got := fmt.Sprint(held(t, c)); got != "[3 4 1 5]" {
		t.Errorf("events kept: %s, want [3 4 1 5]", got)
	}
	huge := cached(1, 10000)
	c.put(6, huge)
	if got := fmt.Sprint(held(t, c)); got != "[6]" {
		t.Errorf("events kept after one bigger than the bound: %s, want [6]", got)
	}
}
