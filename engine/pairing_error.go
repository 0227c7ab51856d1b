package engine

import "fmt"

// PairingError says why Pair found no legal pairing, so that an interface
// can say it in its user's language. It wraps ErrNoPairing.
type PairingError struct {
	Reason  PairingReason
	Round   int // the round asked for
	Players int // the players there were to pair
	// Rounds is the rounds the event has (PairPastLast) or a round robin
	// of Players has (PairTableShort); Asked the rounds the settings ask
	// for (PairTableShort); Window the nearest players each was tried
	// against (PairRematchesNear).
	Rounds, Asked, Window int
}

// PairingReason is why no legal pairing exists.
type PairingReason int8

const (
	// PairTooFew: fewer than 2 players to pair.
	PairTooFew PairingReason = iota + 1
	// PairPastLast: Round is past the event's last, Rounds.
	PairPastLast
	// PairTableShort: the settings ask for Asked rounds, more than a
	// round robin of Players has (Rounds).
	PairTableShort
	// PairRematchesNear: no pairing without a rematch (R-SW-9) among each
	// player's Window nearest in pairing order, a field too big to search
	// whole.
	PairRematchesNear
	// PairRematches: every way to pair the players repeats a game (R-SW-9),
	// as a maximum matching proves.
	PairRematches
)

// Error is the reason, then ErrNoPairing's text, as the CLI prints it.
func (e *PairingError) Error() string { return e.why() + ": " + ErrNoPairing.Error() }

func (e *PairingError) why() string {
	switch e.Reason {
	case PairTooFew:
		return fmt.Sprintf("round %d needs at least 2 players and has %d to pair", e.Round, e.Players)
	case PairPastLast:
		return fmt.Sprintf("round %d: the event has %d rounds", e.Round, e.Rounds)
	case PairTableShort:
		return fmt.Sprintf("the settings ask for %d rounds but a round robin of %d players has %d: set rounds to %d or to 0 for the whole cycle", e.Asked, e.Players, e.Rounds, e.Rounds)
	case PairRematchesNear:
		return fmt.Sprintf("round %d: no pairing of the %d players without a rematch was found among each player's %d nearest in pairing order (R-SW-9)", e.Round, e.Players, e.Window)
	}
	return fmt.Sprintf("round %d: every way to pair the %d players would repeat a game (R-SW-9), as a maximum matching proves; the event has more rounds than its players can play", e.Round, e.Players)
}

// Unwrap makes every PairingError an ErrNoPairing.
func (e *PairingError) Unwrap() error { return ErrNoPairing }
