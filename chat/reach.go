package chat

import "sync"

// Reach is whether a platform is reached, as its adapter finds out with
// each call: it tells a listener (the service's /healthz and /metrics)
// each change once. The zero value tells nobody until Listen; it is safe
// for concurrent use.
type Reach struct {
	mu       sync.Mutex
	listen   func(up bool, err error)
	up, told bool
}

// Listen has f hear the changes: up, or not with the error that says why.
func (r *Reach) Listen(f func(up bool, err error)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.listen = f
}

// Report says how a call to the platform went: err is nil when it
// answered.
func (r *Reach) Report(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	up := err == nil
	if r.listen == nil || r.told && r.up == up {
		return
	}
	r.told, r.up = true, up
	r.listen(up, err)
}
