package engine

import (
	"fmt"
	"slices"
)

// Breach is a rule a pairing breaks on one board: what an arbiter's change
// by hand did to a preview, said so that the arbiter publishes knowingly.
type Breach struct {
	Rule    string // the rule's ID: "R-SW-9", "R-SW-4", "R-SW-12", "R-SW-10"
	Kind    BreachKind
	Board   int
	Players []int // those the rule is broken for; for BreachColours, the player the rules give red
}

// BreachKind says which part of a rule a board breaks, so that every
// interface can say it in its user's language.
type BreachKind int8

const (
	BreachRematch     BreachKind = iota + 1 // the two have met (R-SW-9)
	BreachSameUnit                          // one unit's players meet where the event avoids it (R-SW-3, R-SW-4)
	BreachThreeInARow                       // a third colour in a row (R-SW-12 禁连三)
	BreachImbalance                         // reds − blacks reaches ±3 (R-SW-12 禁多三)
	BreachColours                           // the colours are the other way round from R-SW-10/11's
)

// Check re-checks the boards of p changed by hand (PlacedByHand,
// ColourFlippedByHand) — a
// pairing of ev's next round — against every rule a change by hand can
// break, and returns what they break, board by board. Boards the engine
// placed keep their record (R-SW-13) and are not re-checked; a round
// robin's table is fixed (R-C-2) and has nothing to check.
func Check(ev *Event, p Pairing) ([]Breach, error) {
	if s := ev.Settings.System; s == RoundRobin || s == DoubleRoundRobin {
		return nil, nil
	}
	if !slices.ContainsFunc(p.Boards, byHand) {
		return nil, nil // nothing to re-check, and no histories to read for it
	}
	s, err := newSwiss(ev, p.Round)
	if err != nil {
		return nil, err
	}
	byID := make(map[int]*swissPlayer, len(s.players))
	for _, sp := range s.players {
		byID[sp.id] = sp
	}
	units := s.units || p.Round == 1 && ev.Settings.AvoidUnit != AvoidNever
	var out []Breach
	for _, b := range p.Boards {
		if !byHand(b) {
			continue
		}
		red, black := byID[b.Red], byID[b.Black]
		if red == nil || black == nil {
			return nil, fmt.Errorf("check round %d board %d: player %d or %d is not paired this round", p.Round, b.Number, b.Red, b.Black)
		}
		add := func(rule string, kind BreachKind, players ...int) {
			out = append(out, Breach{Rule: rule, Kind: kind, Board: b.Number, Players: players})
		}
		if s.met(red, black.id) {
			add("R-SW-9", BreachRematch, red.id, black.id)
		}
		if units && red.unit != 0 && red.unit == black.unit {
			add("R-SW-4", BreachSameUnit, red.id, black.id)
		}
		if ev.Settings.NoThreeInARow {
			var three, imbalance []int
			if !s.lastRound && red.run() >= 2 {
				three = append(three, red.id)
			}
			if !s.lastRound && black.run() <= -2 {
				three = append(three, black.id)
			}
			if red.balance() >= 2 {
				imbalance = append(imbalance, red.id)
			}
			if black.balance() <= -2 {
				imbalance = append(imbalance, black.id)
			}
			if len(three) > 0 {
				add("R-SW-12", BreachThreeInARow, three...)
			}
			if len(imbalance) > 0 {
				add("R-SW-12", BreachImbalance, imbalance...)
			}
		}
		// Round 1's colours follow the method the organiser chose (R-SW-5),
		// not a rule between two players: nothing to compare with.
		if p.Round > 1 {
			if want, _, why := s.colours(pair{p: [2]*swissPlayer{red, black}}); want != red {
				rule := "R-SW-10"
				if why == ColourHigherScore {
					rule = "R-SW-11"
				}
				add(rule, BreachColours, want.id)
			}
		}
	}
	return out, nil
}

// byHand reports whether b was changed by hand: placed, or its colours
// flipped (Check).
func byHand(b Board) bool { return b.Placed == PlacedByHand || b.ColourRule == ColourFlippedByHand }
