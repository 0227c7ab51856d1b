package engine

import (
	"cmp"
	"math/rand/v2"
	"slices"
)

// An event of several stages (R-F-6) is a list of brackets and fields: each
// stage's Ranking seeds the next (Advance, Top), and FinalRanking puts the
// stages' rankings together.

// Seeding orders the entrants for a stage's draw (R-F-4, R-SW-1).
type Seeding int8

const (
	SeedByNumber Seeding = iota // by sequence number (序号)
	SeedByRating                // by rating, strong to weak; equal ratings by number
	SeedByLots                  // drawn by lots from the seed (抽签, seed 000: 9 players)
)

var seedingNames = enumNames[Seeding]{
	{SeedByNumber, []string{"number", "序号"}},
	{SeedByRating, []string{"rating", "等级分"}},
	{SeedByLots, []string{"lots", "抽签"}},
}

func (s Seeding) String() string { return seedingNames.name(s) }

// Chinese is the seeding's Chinese name (序号, 等级分, 抽签).
func (s Seeding) Chinese() string { return seedingNames.chinese(s) }

// ParseSeeding reads number, rating or lots, in English or Chinese.
func ParseSeeding(s string) (Seeding, error) { return seedingNames.parse("seeding", s) }

// seedStream is the PCG stream of drawn seedings.
const seedStream = 0x71697361692d7364 // "qisai-sd"

// SeedOrder lists the players' IDs in seed order.
func SeedOrder(players []Player, by Seeding, seed uint64) []int {
	ps := slices.Clone(players)
	switch by {
	case SeedByRating:
		slices.SortStableFunc(ps, func(a, b Player) int {
			if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
				return c
			}
			return cmp.Compare(a.ID, b.ID)
		})
	case SeedByLots:
		slices.SortFunc(ps, func(a, b Player) int { return cmp.Compare(a.ID, b.ID) })
		r := rand.New(rand.NewPCG(seed, seedStream))
		r.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	default:
		slices.SortFunc(ps, func(a, b Player) int { return cmp.Compare(a.ID, b.ID) })
	}
	out := make([]int, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

// DrawStage is a later stage's seed order drawn by lots (SeedByLots, R-F-4):
// the entrants the stage before sent on, shuffled with the event's seed on
// the stage's own stream, so that each stage's draw can be checked by
// itself and none repeats the first stage's.
func DrawStage(entrants []int, seed uint64, stage int) []int {
	out := slices.Clone(entrants)
	slices.Sort(out)
	r := rand.New(rand.NewPCG(seed, seedStream+uint64(stage)))
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// Top is the first k entrants of a ranking, in order: the players a stage
// sends on (R-F-6).
func Top(rank []Placing, k int) []int {
	var out []int
	for _, p := range rank[:min(k, len(rank))] {
		out = append(out, p.Entrant)
	}
	return out
}

// EarlierPlaces is how FinalRanking places the players a stage before the
// last one eliminated (R-F-6): the setting the rules leave open.
type EarlierPlaces int8

const (
	// ShareByStage: everyone out in one stage shares a place (seed 003: the
	// three losers of the pairs round are all third).
	ShareByStage EarlierPlaces = iota
	// KeepStagePlaces: they keep the order of their stage's ranking.
	KeepStagePlaces
)

// FinalRanking is the event's ranking from its stages' rankings, first
// stage first (R-F-6): the last stage's ranking, then the players each
// earlier stage eliminated, the later stage first, placed by rule.
func FinalRanking(stages [][]Placing, rule EarlierPlaces) []Placing {
	var out []Placing
	placed := map[int]bool{}
	for s := len(stages) - 1; s >= 0; s-- {
		var rest []Placing
		for _, p := range stages[s] {
			if !placed[p.Entrant] {
				rest = append(rest, p)
				placed[p.Entrant] = true
			}
		}
		if s < len(stages)-1 && rule == ShareByStage {
			out = appendTier(out, Top(rest, len(rest)), 0, 0, 0)
			continue
		}
		out = appendRanked(out, rest)
	}
	return out
}

// appendRanked adds rows after out, keeping their order and which of them
// share a place.
func appendRanked(out, rows []Placing) []Placing {
	for i, p := range rows {
		place := len(out) + 1
		shared := (i > 0 && rows[i-1].Place == p.Place) || (i+1 < len(rows) && rows[i+1].Place == p.Place)
		if i > 0 && rows[i-1].Place == p.Place {
			place = out[len(out)-1].Place
		}
		out = append(out, Placing{Entrant: p.Entrant, Place: place, Shared: shared})
	}
	return out
}

// unshareStream is the PCG stream of the lots that settle the places of an
// event's final ranking that may not be shared (Unshare).
const unshareStream = 0x71697361692d756e // "qisai-un"

// Unshare settles by lots the places of rank that may not be shared (R-T-8:
// the first n, "前八名名次不并列"; by default the champion, "决出第一名",
// seed 003): the players sharing a place that reaches into them each get a
// place of their own, in an order drawn from seed; the others keep theirs.
func Unshare(rank []Placing, n int, seed uint64) []Placing {
	out := make([]Placing, 0, len(rank))
	for i := 0; i < len(rank); {
		j := i + 1
		for j < len(rank) && rank[j].Place == rank[i].Place {
			j++
		}
		tie := rank[i:j]
		if len(tie) > 1 && tie[0].Place <= n {
			ids := entrantIDs(tie)
			r := rand.New(rand.NewPCG(seed, unshareStream+uint64(tie[0].Place)))
			r.Shuffle(len(ids), func(a, b int) { ids[a], ids[b] = ids[b], ids[a] })
			for k, id := range ids {
				out = append(out, Placing{Entrant: id, Place: tie[0].Place + k})
			}
		} else {
			out = append(out, tie...)
		}
		i = j
	}
	return out
}

// entrantIDs are the entrants of ps, in ascending order.
func entrantIDs(ps []Placing) []int {
	ids := make([]int, len(ps))
	for i, p := range ps {
		ids[i] = p.Entrant
	}
	slices.Sort(ids)
	return ids
}
