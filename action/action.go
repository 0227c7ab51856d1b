// Package action is the vocabulary of an event's log: every change to an
// event is an Action, recorded with who made it and when, and the event as
// everybody sees it is the fold of its log (Fold). Nothing is ever deleted:
// an Undo is an action too, that cancels an earlier one (the audit trail
// stays, "who set board 3's result, and when").
//
// The package is pure, like engine: no I/O, no clock. Storage persists
// Records; commands create Actions.
package action

import (
	"encoding/json"
	"fmt"
	"sort"
	"time"
)

// Action is one change to an event. Apply changes the state or, when the
// change is not allowed in that state, returns an error and leaves the
// state as it was.
type Action interface {
	Kind() string
	Apply(*State) error
}

// Actor is who made a change: a platform ("telegram", "discord",
// "console") and the user's id there.
type Actor struct {
	Platform string `json:"platform"`
	User     string `json:"user"`
}

// Record is an action as the log holds it.
type Record struct {
	Seq    int64     // 1, 2, … within the event
	Actor  Actor     // who
	At     time.Time // when, as the caller's clock said
	Action Action
}

// registry maps kinds to fresh values for decoding.
var registry = map[string]func() Action{}

// register makes an action kind known to Decode.
func register(newAction func() Action) {
	k := newAction().Kind()
	if _, dup := registry[k]; dup {
		panic("action: kind registered twice: " + k)
	}
	registry[k] = newAction
}

// Kinds lists every registered action kind, sorted.
func Kinds() []string {
	out := make([]string, 0, len(registry))
	for k := range registry {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Encode turns an action into its kind and JSON payload.
//
// An action with a log form of its own (pairing_log.go) is a
// json.Marshaler whose output is encoding/json's, compact already: Encode
// takes it as it is, where json.Marshal would read a round's pairing
// through once more to compact it.
func Encode(a Action) (kind string, payload []byte, err error) {
	if a == nil {
		return "", nil, fmt.Errorf("encode action: no action")
	}
	if m, ok := a.(json.Marshaler); ok {
		payload, err = m.MarshalJSON()
	} else {
		payload, err = json.Marshal(a)
	}
	if err != nil {
		return "", nil, fmt.Errorf("encode %s: %w", a.Kind(), err)
	}
	return a.Kind(), payload, nil
}

// Decode reads an action written by Encode. An action with a log form of
// its own reads it itself (its UnmarshalJSON checks the payload through
// json.Unmarshal), not after json.Unmarshal has read it through twice
// more: once to check it, once to find where it ends.
func Decode(kind string, payload []byte) (Action, error) {
	mk, ok := registry[kind]
	if !ok {
		return nil, fmt.Errorf("decode action: unknown kind %q", kind)
	}
	a := mk()
	var err error
	if u, ok := a.(json.Unmarshaler); ok {
		err = u.UnmarshalJSON(payload)
	} else {
		err = json.Unmarshal(payload, a)
	}
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", kind, err)
	}
	return a, nil
}
