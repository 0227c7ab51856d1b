package engine

import (
	"math/rand/v2"
	"slices"
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

// UnitSpread says which player changes place when a unit crowds one half
// (R-SW-1: team-mates are spread over the two halves).
type UnitSpread int8

const (
	// SpreadFirst moves the first crowded player of a unit, however
	// strong: the top seed could lose his number to a weaker player. The
	// events numbered so keep it, so that their numbers replay as given.
	SpreadFirst UnitSpread = iota
	// SpreadKeepRank moves the unit's weakest player of the crowded half
	// (its strongest of the lower half, when that half is crowded), and
	// team-mates keep the order by gave them: a player never moves above a
	// lower-rated team-mate.
	SpreadKeepRank
)

// Spreading is what the spreading of units over the two halves changed
// in a numbering (R-SW-1), so that the start can say it in words: the
// units it spread and every player it numbered other than their rank by
// the numbering. The zero Spreading changed nothing.
type Spreading struct {
	// Units are the units whose players it spread more evenly over the
	// halves, in the order of their first player's rank.
	Units []string `json:"units,omitempty"`
	// Moves are the players it numbered other than their rank, by
	// sequence number.
	Moves []Move `json:"moves,omitempty"`
}

// Move is a player the spreading of units numbered Number where the
// numbering ranked them Rank.
type Move struct {
	Number int `json:"number"`
	Rank   int `json:"rank"`
}

// Moved reports whether the spreading changed the order the numbering gave.
func (s Spreading) Moved() bool { return len(s.Moves) > 0 }

// Number gives the players their sequence numbers (R-SW-1) as by says,
// the lots drawn from seed. Players of one unit are then spread over the two
// halves (R-SW-2) as evenly as swaps with the nearest player of the other
// half allow, as spread says — but for AsEntered, where the organiser's
// order stands. It returns the players in their new order with ID =
// sequence number, and what the spreading changed of the order by gave.
func Number(ps []Player, by Numbering, halves HalvesMethod, seed uint64, spread UnitSpread) ([]Player, Spreading) {
	out := append([]Player(nil), ps...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	switch by {
	case AsEntered:
		for i := range out {
			out[i].ID = i + 1
		}
		return out, Spreading{}
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
	for i := range out {
		out[i].ID = i + 1 // the rank by gave, until the spreading is done
	}
	ranked := slices.Clone(out)
	spreadUnits(out, halves, spread)
	var sp Spreading
	for i := range out {
		if out[i].ID != i+1 {
			sp.Moves = append(sp.Moves, Move{Number: i + 1, Rank: out[i].ID})
		}
		out[i].ID = i + 1
	}
	if sp.Moved() {
		sp.Units = spreadOnes(ranked, out, halves)
	}
	return out, sp
}

// spreadOnes are the units whose players stand more evenly over the halves
// in after than in before (the same players, in another order), in the
// order of their first player in before.
func spreadOnes(before, after []Player, halves HalvesMethod) []string {
	was, now := unitLean(before, halves), unitLean(after, halves)
	var out []string
	for _, p := range before {
		u := p.Unit
		if u != "" && !slices.Contains(out, u) && abs(now[u]) < abs(was[u]) {
			out = append(out, u)
		}
	}
	return out
}

// unitLean is, per unit, how many more of its players ps has in the upper
// half than in the lower.
func unitLean(ps []Player, halves HalvesMethod) map[string]int {
	c := map[string]int{}
	for i, p := range ps {
		if p.Unit == "" {
			continue
		}
		if inUpperHalf(i, len(ps), halves) {
			c[p.Unit]++
		} else {
			c[p.Unit]--
		}
	}
	return c
}

// inUpperHalf reports whether the i-th of n players is in the upper half
// (R-SW-2): odd numbers (OddEven), or the first n/2.
func inUpperHalf(i, n int, halves HalvesMethod) bool {
	if halves == OddEven {
		return i%2 == 0
	}
	return i < n/2
}

// draw shuffles ps by lot from seed.
func draw(ps []Player, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0x7365716e)) // "seqn"
	rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
}

// spreadUnits swaps players so that no unit has more than one player more
// in one half than in the other, when a swap can fix it: a player of the
// crowded half (which one, spread says) changes place with the nearest
// player of the other half whose unit the swap does not crowd in turn.
// The players' IDs are their ranks before it.
func spreadUnits(ps []Player, halves HalvesMethod, spread UnitSpread) {
	upper := func(i int) bool { return inUpperHalf(i, len(ps), halves) }
	count := func() map[string]int { return unitLean(ps, halves) } // upper minus lower, per unit
	crowded := func(c map[string]int, i int) bool {
		u := ps[i].Unit
		return u != "" && (c[u] > 1 && upper(i) || c[u] < -1 && !upper(i))
	}
	for pass := 0; pass < len(ps); pass++ {
		c := count()
		moved := false
		for _, i := range movers(len(ps), spread, upper, func(i int) bool { return crowded(c, i) }) {
			u := ps[i].Unit
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
			break
		}
	}
	if spread == SpreadKeepRank {
		keepUnitRanks(ps)
	}
}

// movers lists the crowded players (of n, crowded says which) in the order
// spreadUnits tries to move them: the first first (SpreadFirst); or each
// unit's player nearest the other half first — the weakest of a crowded
// upper half, the strongest of a crowded lower half (SpreadKeepRank), so
// that the strong keep their numbers.
func movers(n int, spread UnitSpread, upper func(int) bool, crowded func(int) bool) []int {
	var all, up, low []int
	for i := range n {
		if !crowded(i) {
			continue
		}
		all = append(all, i)
		if upper(i) {
			up = append(up, i)
		} else {
			low = append(low, i)
		}
	}
	if spread == SpreadFirst {
		return all
	}
	slices.Reverse(up)
	return append(up, low...)
}

// keepUnitRanks gives each unit's places back to its players in the order
// of their ranks (IDs): a swap moves a unit's places between the halves,
// never a player above a stronger team-mate.
func keepUnitRanks(ps []Player) {
	places := map[string][]int{}
	for i, p := range ps {
		if p.Unit != "" {
			places[p.Unit] = append(places[p.Unit], i)
		}
	}
	for _, at := range places {
		players := make([]Player, len(at))
		for k, i := range at {
			players[k] = ps[i]
		}
		slices.SortFunc(players, func(a, b Player) int { return a.ID - b.ID })
		for k, i := range at {
			ps[i] = players[k]
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
