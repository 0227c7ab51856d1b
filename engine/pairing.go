package engine

import (
	"errors"
)

// Pairing is the pairing of one round with its record (编排记录, R-SW-13).
type Pairing struct {
	Round  int
	Boards []Board
	// Byes are the players who get a pairing bye (轮空) this round.
	Byes []int
	// ByeColours, with Settings.CountByeColour, holds the colour recorded
	// with each bye (red for a player who needs red), parallel to Byes.
	ByeColours []Colour
	// Relaxed lists the rules given up to find a complete pairing (R-SW-9),
	// most important last; empty when every rule held.
	Relaxed []Relaxation
}

// Board is one pair and why it was made.
type Board struct {
	Number     int
	Red, Black int
	Placed     Placement // the move that placed the pair (R-SW-8)
	// Float is set when the pair joins players of different scores: the
	// higher scorer floated down to meet the lower (下调), or the reverse.
	// Most pairs do not float: the log leaves false out of the thousands
	// of boards a big event's pairing stores.
	Float      bool         `json:",omitempty"`
	ColourRule ColourReason // the criterion that chose the colours (R-SW-10, R-SW-11)
}

// Placement names the move that made a pair (R-SW-8, R-SW-3, R-C-2).
type Placement int8

const (
	PlacedSame       Placement = iota + 1 // 同位
	PlacedShifted                         // 错位
	PlacedSameRow                         // 同行
	PlacedFloat                           // 下调
	PlacedFirstRound                      // round 1 by the chosen method (R-SW-3)
	PlacedBerger                          // Berger table (R-C-2)
	PlacedSearch                          // found by search after the moves above failed (R-SW-9)
	PlacedByHand                          // an arbiter swapped opponents between boards (R-SW-9 still holds)
)

// ColourReason names the rule that decided who plays red.
type ColourReason int8

const (
	ColourFirstRound    ColourReason = iota + 1 // R-SW-5
	ColourFewerReds                             // R-SW-10 (1) 少先
	ColourBlackRun                              // (2) 连后 over 连先
	ColourLongerBlack                           // (3) longer black run
	ColourShorterRed                            // (4) shorter red run
	ColourRunOverLast                           // (5) 连后 over 上后
	ColourLastOverRun                           // (6) 上先 over 连先
	ColourBlackLast                             // (7) 上后 over 上先
	ColourTieNumbers                            // (8) all equal
	ColourEarlier                               // black in an earlier round (Settings.EarlierColours)
	ColourHigherScore                           // R-SW-11 higher score's need
	ColourBerger                                // R-C-2
	ColourSecondCycle                           // R-F-2 second cycle swaps
	ColourByHand                                // colours kept from the pair an arbiter broke up by hand
	ColourKeepsRule12                           // R-SW-12: the other order would give a third colour in a row or an imbalance of three
	ColourFlippedByHand                         // an arbiter gave the pair the other colours
)

// Relaxation is one rule given up for a round, and why.
type Relaxation struct {
	Rule   string // rule ID, e.g. "R-SW-12"
	Reason RelaxReason
	// Players are those for whom the rule was broken (the bye's taker for
	// R-S-3); empty when it names nobody.
	Players []int
	Why     string // the reason in English, for logs and the command line
}

// RelaxReason says why a rule was given up, so that every interface can
// say it in its user's language.
type RelaxReason int8

const (
	// RelaxedNoComplete: no complete pairing of the whole field keeps the
	// rule (R-SW-9, proved by maximum matching).
	RelaxedNoComplete RelaxReason = iota + 1
	// RelaxedSecondBye: every complete pairing gives somebody a second bye (R-S-3).
	RelaxedSecondBye
	// RelaxedHigherBye: no complete pairing gives the bye to a lower score
	// without one, or none that breaks R-SW-12 (or R-SW-4) for as few
	// players: R-SW-12 ranks above the bye's lowest score (R-S-3).
	RelaxedHigherBye
)

// ErrNoPairing is wrapped by errors that say why no legal pairing exists.
var ErrNoPairing = errors.New("no legal pairing")

// Pair pairs the next round of ev. That is round len(ev.Rounds)+1, or the
// last round when it holds byes but no games yet: byes entered ahead of
// pairing (a requested bye, an announced absence) keep those players out of
// the pairing. Results of the rounds before must be in. Pair never returns
// a pairing that breaks R-SW-9.
func Pair(ev *Event) (Pairing, error) {
	next := ev.NextRound()
	if ev.Settings.Rounds > 0 && next > ev.Settings.Rounds {
		return Pairing{}, &PairingError{Reason: PairPastLast, Round: next, Rounds: ev.Settings.Rounds}
	}
	switch ev.Settings.System {
	case RoundRobin, DoubleRoundRobin:
		return pairRoundRobin(ev, next)
	default:
		return pairSwiss(ev, next)
	}
}

// NextRound is the round Pair pairs: the last round if it has byes entered
// but no games, else the round after the last.
func (ev *Event) NextRound() int {
	if n := len(ev.Rounds); n > 0 && len(ev.Rounds[n-1].Games) == 0 && len(ev.Rounds[n-1].Byes) > 0 {
		return n
	}
	return len(ev.Rounds) + 1
}

// preset reports whether player id has a bye entered for round ahead of
// its pairing.
func (ev *Event) preset(id, round int) bool {
	if round > len(ev.Rounds) {
		return false
	}
	for _, b := range ev.Rounds[round-1].Byes {
		if b.Player == id {
			return true
		}
	}
	return false
}

// presetByes marks, by id, the players with a bye entered for round ahead
// of its pairing: preset for the whole field at once.
func (ev *Event) presetByes(round int) []bool {
	marked := make([]bool, len(ev.Players)+1)
	if round > len(ev.Rounds) {
		return marked
	}
	for _, b := range ev.Rounds[round-1].Byes {
		if valid(b.Player, len(ev.Players)) {
			marked[b.Player] = true
		}
	}
	return marked
}
