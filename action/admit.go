package action

import "github.com/qisai/qisai/internal/names"

// An Admitter is an action with checks on what a user gives it — the form
// of a name, a penalty before any game — that apply when it is appended,
// not when a stored log is folded again: rules of form get stricter over
// time, and a log stored under the old ones must still fold to the event
// it was. What the event's
// rules require (no two entrants of one name, the number of rounds) stays
// in Apply, checked on every fold.
type Admitter interface {
	Action
	Admit(st *State) error
}

// Admit runs a's admission checks on st, the state it is to be applied
// to; an action without any is admitted.
func Admit(st *State, a Action) error {
	if ad, ok := a.(Admitter); ok {
		return ad.Admit(st)
	}
	return nil
}

// Admit refuses an event name names.Event refuses (too wide, controls).
func (a *Created) Admit(*State) error {
	if _, fault := names.Event(a.Name); fault != nil {
		return refuseName(fault)
	}
	return nil
}

// Admit refuses a name names.Player refuses, and one that looks like an
// entrant's, playing or waiting (look-alike letters, width, case:
// names.Key).
func (a *PlayerAdded) Admit(st *State) error { return admitEntrant(st, a.Name) }

// admitEntrant is the admission of a new entrant's name (PlayerAdded,
// WaitListed).
func admitEntrant(st *State, given string) error {
	name, fault := names.Player(given)
	if fault != nil {
		return refuseName(fault)
	}
	if beforeStart(st) != nil {
		return nil // Apply refuses it, saying why
	}
	if r := lookAlikeRefused(st, name, 0); r != nil {
		return r
	}
	return nil
}

// Admit is PlayerAdded's Admit for the new name, the player's own aside.
func (a *PlayerEdited) Admit(st *State) error {
	name, fault := names.Player(a.Name)
	if fault != nil {
		return refuseName(fault)
	}
	if open(st) != nil {
		return nil // Apply refuses it, saying why
	}
	if other := playerNamed(st, name); other != nil && other.ID != a.Player {
		return nameTaken(name, other, "%[2]d 号选手已经叫「%[1]s」了", "%[1]q is the name of player %[2]d already")
	}
	if w := waitingNamed(st, name); w != nil {
		return refuse(Conflict, "「%[1]s」和候补名单上的「%[2]s」看起来一样，请换一个能区分的名字", "%[1]q looks the same as %[2]q on the wait list: choose a name that tells them apart", name, w.Name)
	}
	return nil
}
