package web

import (
	"strconv"
	"sync"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/page"
)

// cacheLimit bounds how many rendered pages the handler keeps: each
// event's page in each language and view, and the players' pages looked
// at since the event last changed.
const cacheLimit = 512

// key names one page: the event's, or a player's, in a language and view.
type key struct {
	token  string
	player int
	lang   i18n.Lang
	view   page.View
}

// etag names the page of k at version v, in this build's layout.
func (k key) etag(v int64) string {
	return `"` + page.Revision() + "-" + strconv.FormatInt(v, 10) + "-" + string(k.lang) + "-" + string(k.view) + `"`
}

// entry is a rendered page: the HTML as it is and gzipped.
type entry struct {
	version  int64
	body, gz []byte
}

// cache keeps rendered pages by key, each for the version it shows. A
// page is rendered once per version however many browsers ask for it at
// once: the first renders, the others wait for it.
type cache struct {
	mu      sync.Mutex
	entries map[key]*entry
	flights map[key]*flight
}

// flight is a page being rendered.
type flight struct {
	done chan struct{}
	e    *entry
	ok   bool
	err  error
}

// get returns k's page at version v (or newer), rendering it with render
// when the cache has an older one or none.
func (c *cache) get(k key, v int64, render func() (*entry, bool, error)) (*entry, bool, error) {
	c.mu.Lock()
	if e, ok := c.entries[k]; ok && e.version >= v {
		c.mu.Unlock()
		return e, true, nil
	}
	if f, ok := c.flights[k]; ok {
		c.mu.Unlock()
		<-f.done
		return f.e, f.ok, f.err
	}
	if c.flights == nil {
		c.entries, c.flights = map[key]*entry{}, map[key]*flight{}
	}
	f := &flight{done: make(chan struct{})}
	c.flights[k] = f
	c.mu.Unlock()
	defer c.land(k, f) // a render that panics lets its waiters go too
	f.e, f.ok, f.err = render()
	return f.e, f.ok, f.err
}

// land ends k's flight f, keeping the page it rendered.
func (c *cache) land(k key, f *flight) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.flights, k)
	close(f.done)
	if !f.ok || f.err != nil {
		return
	}
	if len(c.entries) >= cacheLimit {
		for old := range c.entries { // drop any one: a miss costs one render
			delete(c.entries, old)
			break
		}
	}
	c.entries[k] = f.e
}
