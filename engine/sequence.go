package engine

import (
	"math/rand/v2"
	"sort"
)

// Numbering says how sequence numbers (序号) are given before round 1 (R-SW-1).
type Numbering int8

const (
	// ByRating numbers strong to weak where ratings are known: the rated
	// players first, by rating (equal ratings by name), then the unrated
	// by lot — all of them by lot when nobody has a rating.
	ByRating  Numbering = iota
	Shuffled            // by lot from the event seed, for unrated amateur events
	AsEntered           // in the order the organiser entered the players
	// ByClubRating is ByRating on the ratings of the club's own list
	// (R-R-5): the caller gives the players those ratings at the start.
	ByClubRating
)

// Number gives the players their sequence numbers (R-SW-1) as by says,
// the lots drawn from seed. Players of one unit are then spread over the two
// halves (R-SW-2) as evenly as swaps with the nearest player of the other
// half allow — but for AsEntered, where the organiser's order stands. It
// returns the players in their new order with ID = sequence number.
func Number(ps []Player, by Numbering, halves HalvesMethod, seed uint64) []Player {
	out := append([]Player(nil), ps...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	switch by {
	case AsEntered:
		for i := range out {
			out[i].ID = i + 1
		}
		return out
	case Shuffled:
		draw(out, seed)
	default:
		rated := 0
		for i, p := range out {
			if p.Rating > 0 {
				out[rated], out[i] = out[i], out[rated]
				rated++
			}
		}
		sort.SliceStable(out[rated:], func(i, j int) bool { return out[rated+i].ID < out[rated+j].ID })
		sort.SliceStable(out[:rated], func(i, j int) bool {
			if out[i].Rating != out[j].Rating {
				return out[i].Rating > out[j].Rating
			}
			return out[i].Name < out[j].Name
		})
		draw(out[rated:], seed)
	}
	spreadUnits(out, halves)
	for i := range out {
		out[i].ID = i + 1
	}
	return out
}

// draw shuffles ps by lot from seed.
func draw(ps []Player, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0x7365716e)) // "seqn"
	rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
}

// spreadUnits swaps players so that no unit has more than one player more
// in one half than in the other, when a swap can fix it: a player of the
// crowded half changes place with the nearest player of the other half
// whose unit the swap does not crowd in turn.
func spreadUnits(ps []Player, halves HalvesMethod) {
	upper := func(i int) bool {
		if halves == OddEven {
			return i%2 == 0
		}
		return i < len(ps)/2
	}
	count := func() map[string]int { // upper minus lower, per unit
		c := map[string]int{}
		for i, p := range ps {
			if p.Unit == "" {
				continue
			}
			if upper(i) {
				c[p.Unit]++
			} else {
				c[p.Unit]--
			}
		}
		return c
	}
	for pass := 0; pass < len(ps); pass++ {
		c := count()
		moved := false
		for i := range ps {
			u := ps[i].Unit
			if u == "" || !(c[u] > 1 && upper(i) || c[u] < -1 && !upper(i)) {
				continue
			}
			for _, j := range nearestIndex(i, len(ps)) {
				v := ps[j].Unit
				if upper(j) == upper(i) || v == u {
					continue
				}
				// The swap moves v to i's half: it must not crowd v.
				if d := c[v]; v != "" && (upper(i) && d+2 > 1 || !upper(i) && d-2 < -1) {
					continue
				}
				ps[i], ps[j] = ps[j], ps[i]
				moved = true
				break
			}
			if moved {
				break
			}
		}
		if !moved {
			return
		}
	}
}

// nearestIndex lists the indexes of 0..n-1 other than i, nearest first,
// the later one first at equal distance.
func nearestIndex(i, n int) []int {
	out := make([]int, 0, n-1)
	for d := 1; d < n; d++ {
		if i+d < n {
			out = append(out, i+d)
		}
		if i-d >= 0 {
			out = append(out, i-d)
		}
	}
	return out
}
