package action

import (
	"slices"

	"github.com/qisai/qisai/engine"
)

// A copy of a state (clone) shares with the state it was copied from what
// is big and seldom changed: the players, and the games and byes of every
// round. At 5,000 players and 15 rounds they are 35,000 games, and the
// store copies the event it caches for every command that loads it; an
// action changes at most a round or two of them, the last one mostly. So
// the copy copies a round, or the players, only when an action is about
// to change them: every change to them goes through ownRound, ownPlayers
// or ownEvent, and the state copied from is never changed again (FoldFrom:
// the store keeps it and hands out copies).
//
// Appending needs none of that: clone clips the shared slices, so an
// append to one makes a new array and never writes into the shared one.

// shared says which of a state's players and rounds it shares with the
// state it was copied from. The zero value shares nothing: a state folded
// from the log, or read from a snapshot, owns all of it.
type shared struct {
	players bool
	rounds  []bool // by index into Event.Rounds; rounds past its end are the state's own
}

// share marks st's players and rounds as shared with the state st was
// copied from, and clips them (above). st.Event.Rounds is a slice of st's
// own, holding the other state's games and byes.
func (st *State) share() {
	st.Event.Players = slices.Clip(st.Event.Players)
	st.shared = shared{players: true, rounds: make([]bool, len(st.Event.Rounds))}
	for i := range st.Event.Rounds {
		rd := &st.Event.Rounds[i]
		rd.Games, rd.Byes = slices.Clip(rd.Games), slices.Clip(rd.Byes)
		st.shared.rounds[i] = true
	}
}

// ownPlayers makes st's players its own to change.
func (st *State) ownPlayers() {
	if st.shared.players {
		st.Event.Players = slices.Clone(st.Event.Players)
		st.shared.players = false
	}
}

// ownRound returns round r (from 1) of st's event with its games and byes
// st's own to change. r must be a round of the event.
func (st *State) ownRound(r int) *engine.Round {
	rd := &st.Event.Rounds[r-1]
	if r <= len(st.shared.rounds) && st.shared.rounds[r-1] {
		rd.Games, rd.Byes = slices.Clone(rd.Games), slices.Clone(rd.Byes)
		st.shared.rounds[r-1] = false
	}
	return rd
}

// ownEvent makes all of st's event its own: for the engine's changes,
// which may reach any round and any player (engine.Withdraw).
func (st *State) ownEvent() {
	st.ownPlayers()
	for r := range st.Event.Rounds {
		st.ownRound(r + 1)
	}
}
