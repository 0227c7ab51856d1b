package action

import (
	"sync"

	"github.com/qisai/qisai/engine"
)

// What commands show of an event — everyone's history, the standings — is
// computed from the whole event: at 5,000 players and 15 rounds a history
// takes milliseconds and the standings more, and one /publish asks for a
// player's score 5,000 times. A state computes each once. Every action
// applied moves Through on, and two states with the same Through hold the
// same event (copies of one another), so the views are kept for the
// Through they were computed at and shared by the state's copies: a state
// the store caches computes them once for every command that loads it.
// An action that leaves the event as it was (a draw offer, a preview)
// carries them on to its own Seq (leaveEvent).
type views struct {
	through   int64
	mu        sync.Mutex
	histories [][]engine.Entry
	scores    []engine.Points
	standings []engine.Standing
}

// viewsOf returns the views of st, made anew when st has moved on since.
func (st *State) viewsOf() *views {
	if v := st.views; v != nil && v.through == st.Through {
		return v
	}
	st.views = &views{through: st.Through}
	return st.views
}

// carryViews keeps the views st has computed for the action being applied
// (st.Seq), which leaves the event as it was (leaveEvent). The views may
// be shared with copies of st still at the record before: they get a
// views of their own, holding the same slices.
func (st *State) carryViews() {
	v := st.views
	if v == nil || v.through != st.Through {
		return
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	st.views = &views{through: st.Seq, histories: v.histories, scores: v.scores, standings: v.standings}
}

// Histories is st.Event.Histories(), computed once for the state; the
// caller must not change it.
func (st *State) Histories() [][]engine.Entry {
	v := st.viewsOf()
	return once(v, &v.histories, st.Event.Histories)
}

// Scores is st.Event.Scores(), each player's score so far by number,
// computed once for the state: a preview of thousands of boards shows two
// a board. The caller must not change it.
func (st *State) Scores() []engine.Points {
	v := st.viewsOf()
	return once(v, &v.scores, st.Event.Scores)
}

// Standings is engine.Standings(&st.Event), computed once for the state;
// the caller must not change it.
func (st *State) Standings() []engine.Standing {
	v := st.viewsOf()
	return once(v, &v.standings, func() []engine.Standing { return engine.Standings(&st.Event) })
}

// once is the view in slot, which compute makes the first time it is
// asked for, with v locked: the copies of a state that share v ask from
// many goroutines.
func once[T any](v *views, slot *[]T, compute func() []T) []T {
	v.mu.Lock()
	defer v.mu.Unlock()
	if *slot == nil {
		*slot = compute()
	}
	return *slot
}
