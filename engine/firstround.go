package engine

import (
	"math/rand/v2"
)

// pairFirstRound pairs round 1 by the chosen method (R-SW-2..5).
func pairFirstRound(ev *Event) (Pairing, error) {
	set := ev.Settings
	var ids []int
	for _, p := range ev.Players {
		if p.Active(1) && !ev.preset(p.ID, 1) {
			ids = append(ids, p.ID)
		}
	}
	if len(ids) < 2 {
		return Pairing{}, &PairingError{Reason: PairTooFew, Round: 1, Players: len(ids)}
	}
	pg := Pairing{Round: 1}
	phantom := 0
	if len(ids)%2 == 1 {
		// An odd field is paired as if it had one more player, the bye,
		// numbered after the last: whoever the method pairs with it has the
		// bye, as in the round-robin tables (R-C-2) — the last number when
		// adjacent, the top seed when head–tail, the middle when folded.
		phantom = ids[len(ids)-1] + 1
		ids = append(ids, phantom)
	}
	rng := rand.New(rand.NewPCG(set.Seed, 0x71697361)) // "qisa"
	pairs := firstRoundPairs(ids, set, rng)
	upper := upperHalf(ids, set.Halves)
	for i, pr := range pairs {
		if pr[0] != phantom && pr[1] != phantom {
			continue
		}
		red, _ := firstRoundColours(pr, i+1, upper, set.FirstColour, rng)
		bye := pr[0] + pr[1] - phantom
		pg.Byes = []int{bye}
		if set.CountByeColour {
			c := Black
			if red == bye {
				c = Red
			}
			pg.ByeColours = []Colour{c}
		}
		pairs = append(pairs[:i], pairs[i+1:]...)
		break
	}
	if set.AvoidUnit != AvoidNever {
		separateUnits(pairs, ev)
	}
	for i, pr := range pairs {
		red, black := firstRoundColours(pr, i+1, upper, set.FirstColour, rng)
		pg.Boards = append(pg.Boards, Board{
			Number: i + 1, Red: red, Black: black,
			Placed: PlacedFirstRound, ColourRule: ColourFirstRound,
		})
	}
	return pg, nil
}

// firstRoundPairs lists the pairs, upper-half player first (R-SW-2, R-SW-3).
func firstRoundPairs(ids []int, set Settings, rng *rand.Rand) [][2]int {
	n := len(ids)
	var pairs [][2]int
	switch set.FirstRound {
	case Adjacent:
		for i := 0; i+1 < n; i += 2 {
			pairs = append(pairs, [2]int{ids[i], ids[i+1]})
		}
	case Random:
		sh := append([]int(nil), ids...)
		rng.Shuffle(len(sh), func(i, j int) { sh[i], sh[j] = sh[j], sh[i] })
		for i := 0; i+1 < n; i += 2 {
			pairs = append(pairs, [2]int{sh[i], sh[i+1]})
		}
	default: // Fold, HeadTail
		up, low := halves(ids, set.Halves)
		for i := range up {
			j := i
			if set.FirstRound == HeadTail {
				j = len(low) - 1 - i
			}
			pairs = append(pairs, [2]int{up[i], low[j]})
		}
	}
	return pairs
}

// halves splits sequence numbers into the upper and lower half (R-SW-2).
func halves(ids []int, m HalvesMethod) (up, low []int) {
	if m == OddEven {
		for i, id := range ids {
			if i%2 == 0 {
				up = append(up, id)
			} else {
				low = append(low, id)
			}
		}
		return up, low
	}
	return ids[:len(ids)/2], ids[len(ids)/2:]
}

func upperHalf(ids []int, m HalvesMethod) map[int]bool {
	up, _ := halves(ids, m)
	set := make(map[int]bool, len(up))
	for _, id := range up {
		set[id] = true
	}
	return set
}

// separateUnits keeps players of one unit apart in round 1 (R-SW-4): the
// second player of a same-unit pair swaps with the second player of the
// nearest following pair (the nearest before it when none follows) where
// the swap leaves both pairs mixed.
func separateUnits(pairs [][2]int, ev *Event) {
	unit := func(id int) string { return ev.Players[id-1].Unit }
	same := func(a, b int) bool { return unit(a) != "" && unit(a) == unit(b) }
	for i := range pairs {
		if !same(pairs[i][0], pairs[i][1]) {
			continue
		}
		for _, j := range nearest(i, len(pairs)) {
			if !same(pairs[i][0], pairs[j][1]) && !same(pairs[j][0], pairs[i][1]) {
				pairs[i][1], pairs[j][1] = pairs[j][1], pairs[i][1]
				break
			}
		}
	}
}

// nearest lists the other boards, following ones first, nearest first.
func nearest(i, n int) []int {
	out := make([]int, 0, n-1)
	for j := i + 1; j < n; j++ {
		out = append(out, j)
	}
	for j := i - 1; j >= 0; j-- {
		out = append(out, j)
	}
	return out
}

// firstRoundColours gives the colours of board b (R-SW-5).
func firstRoundColours(pr [2]int, b int, upper map[int]bool, m FirstColourMethod, rng *rand.Rand) (red, black int) {
	lo, hi := pr[0], pr[1]
	if hi < lo {
		lo, hi = hi, lo
	}
	switch m {
	case UpperRed:
		if upper[pr[0]] != upper[pr[1]] {
			if upper[pr[1]] {
				return pr[1], pr[0]
			}
			return pr[0], pr[1]
		}
		return lo, hi
	case OddNumberRed:
		if lo%2 != hi%2 && hi%2 == 1 {
			return hi, lo
		}
		return lo, hi
	case DrawnColour:
		if rng.IntN(2) == 0 {
			return hi, lo
		}
		return lo, hi
	case LowerNumberRed:
		return lo, hi
	case AlternateBoardsHigherRed:
		if b%2 == 0 {
			return lo, hi
		}
		return hi, lo
	}
	// AlternateBoards: odd boards lower number red, even boards higher.
	if b%2 == 0 {
		return hi, lo
	}
	return lo, hi
}
