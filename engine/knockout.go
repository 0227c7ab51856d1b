package engine

import (
	"cmp"
	"math/rand/v2"
	"slices"
)

// KnockoutDraw is how a knockout's first round is paired (R-F-4, R-F-6).
type KnockoutDraw int8

const (
	// DrawStandard is the standard bracket: the field is filled to a power
	// of two with byes, which go to the top seeds, and seeds 1 and 2 can
	// only meet in the final, 1–4 in the semi-finals, and so on.
	DrawStandard KnockoutDraw = iota
	// DrawFold pairs 1–N, 2–(N−1), … (seed 000: "抽到1者对阵6，抽到2者对阵5").
	DrawFold
	// DrawHalves pairs 1–(N/2+1), 2–(N/2+2), … (seed 003: group 1's winner
	// meets group 7's).
	DrawHalves
	// DrawAdjacent pairs 1–2, 3–4, … (entrants already listed in pairs).
	DrawAdjacent
)

var drawNames = enumNames[KnockoutDraw]{
	{DrawStandard, []string{"standard", "标准"}},
	{DrawFold, []string{"fold", "首尾"}},
	{DrawHalves, []string{"halves", "对半"}},
	{DrawAdjacent, []string{"adjacent", "相邻"}},
}

func (d KnockoutDraw) String() string { return drawNames.name(d) }

// Chinese is the draw's Chinese name (标准, 首尾 …).
func (d KnockoutDraw) Chinese() string { return drawNames.chinese(d) }

// ParseDraw reads a knockout draw by its English or Chinese name.
func ParseDraw(s string) (KnockoutDraw, error) { return drawNames.parse("draw", s) }

// KnockoutSettings are a single elimination's choices (R-F-4).
type KnockoutSettings struct {
	Draw   KnockoutDraw
	Format MatchFormat
	// Rounds, when > 0, ends the stage after that many rounds: the winners
	// of the last round go on to the next stage (R-F-6).
	Rounds int
	// ThirdPlace adds a match of the semi-finals' losers for 3rd place;
	// Playoffs adds the play-offs of the quarter-finals' losers for 5th–8th.
	// Without them the losers of one round share a place (R-F-4).
	ThirdPlace, Playoffs bool
	Unshared             int    // R-T-8: top places that may not be shared
	Seed                 uint64 // lots (R-F-5, R-T-8)
}

// Knockout builds a single elimination of the entrants, listed in seed
// order (R-F-4). Every match of every round is there from the start, its
// slots naming the matches its players come from.
func Knockout(entrants []int, s KnockoutSettings) *Bracket {
	return KnockoutOf(Entrants(entrants), nil, s)
}

// KnockoutOf builds a single elimination of seeds that may be places of
// pools still playing (GroupSlots, R-F-3, R-F-6).
func KnockoutOf(seeds []Slot, pools []*Field, s KnockoutSettings) *Bracket {
	b := &Bracket{Format: s.Format, Seed: s.Seed, Unshared: s.Unshared, Pools: pools}
	round := b.addRound(Winners, 1, knockoutFirstRound(seeds, s.Draw))
	var rounds [][]int
	for r := 2; len(round) > 1 && (s.Rounds == 0 || r <= s.Rounds); r++ {
		rounds = append(rounds, round)
		var pairs [][2]Slot
		for i := 0; i < len(round); i += 2 {
			p := [2]Slot{winnerOf(round[i]), {Kind: SlotBye}}
			if i+1 < len(round) {
				p[1] = winnerOf(round[i+1])
			}
			pairs = append(pairs, p)
		}
		round = b.addRound(Winners, r, pairs)
	}
	rounds = append(rounds, round)
	b.Tiers = append(b.Tiers, slotsOf(round, SlotWinner))
	if len(round) == 1 {
		b.Tiers = append(b.Tiers, slotsOf(round, SlotLoser))
	}
	last := len(rounds) - 1
	if len(round) == 1 {
		last-- // the final's loser is placed already
	}
	for r := last; r >= 0; r-- {
		ms := rounds[r]
		switch {
		case len(ms) == 2 && s.ThirdPlace && len(round) == 1:
			b.Tiers = append(b.Tiers, b.playoff(ThirdPlace, 1, ms)...)
		case len(ms) == 4 && s.Playoffs && len(round) == 1:
			b.Tiers = append(b.Tiers, b.playoffs58(ms)...)
		default:
			b.Tiers = append(b.Tiers, slotsOf(ms, SlotLoser))
		}
	}
	return b
}

// playoff adds a match of the losers of two matches and returns its tiers:
// winner, then loser.
func (b *Bracket) playoff(part Part, round int, ms []int) [][]Slot {
	m := b.addRound(part, round, [][2]Slot{{loserOf(ms[0]), loserOf(ms[1])}})
	return [][]Slot{slotsOf(m, SlotWinner), slotsOf(m, SlotLoser)}
}

// playoffs58 adds the play-offs for 5th–8th (R-F-4): the quarter-finals'
// losers in two matches, their winners for 5th, their losers for 7th.
func (b *Bracket) playoffs58(qf []int) [][]Slot {
	first := b.addRound(Playoff, 1, [][2]Slot{{loserOf(qf[0]), loserOf(qf[1])}, {loserOf(qf[2]), loserOf(qf[3])}})
	fifth := b.addRound(Playoff, 2, [][2]Slot{{winnerOf(first[0]), winnerOf(first[1])}})
	seventh := b.addRound(Playoff, 2, [][2]Slot{{loserOf(first[0]), loserOf(first[1])}})
	return [][]Slot{slotsOf(fifth, SlotWinner), slotsOf(fifth, SlotLoser), slotsOf(seventh, SlotWinner), slotsOf(seventh, SlotLoser)}
}

// knockoutFirstRound pairs the entrants by the draw.
func knockoutFirstRound(seeds []Slot, d KnockoutDraw) [][2]Slot {
	n := len(seeds)
	at := func(i int) Slot { // the i-th seed, from 0; past the field a bye
		if i < n {
			return seeds[i]
		}
		return Slot{Kind: SlotBye}
	}
	var pairs [][2]Slot
	switch d {
	case DrawStandard:
		order := bracketOrder(max(nextPow2(n), 2))
		for i := 0; i < len(order); i += 2 {
			pairs = append(pairs, [2]Slot{at(order[i] - 1), at(order[i+1] - 1)})
		}
	case DrawFold:
		for i := 0; i < (n+1)/2; i++ {
			pairs = append(pairs, [2]Slot{at(i), at(n - 1 - i)})
		}
		if n%2 == 1 { // the middle seed met himself: a bye
			pairs[len(pairs)-1][1] = Slot{Kind: SlotBye}
		}
	case DrawHalves:
		h := (n + 1) / 2
		for i := range h {
			pairs = append(pairs, [2]Slot{at(i), at(h + i)})
		}
	default:
		for i := 0; i < n; i += 2 {
			pairs = append(pairs, [2]Slot{at(i), at(i + 1)})
		}
	}
	return pairs
}

// bracketOrder is the standard seeding of a bracket of size p (a power of
// two), in bracket positions: 1, p, …; seeds s and p+1−s always meet in
// round one, and the top 2^k seeds are spread so none meets another before
// the round of 2^k.
func bracketOrder(p int) []int {
	order := []int{1}
	for size := 2; size <= p; size *= 2 {
		next := make([]int, 0, size)
		for _, s := range order {
			next = append(next, s, size+1-s)
		}
		order = next
	}
	return order
}

func nextPow2(n int) int {
	p := 1
	for p < n {
		p *= 2
	}
	return p
}

// addRound adds a round of matches and returns their IDs.
func (b *Bracket) addRound(part Part, round int, pairs [][2]Slot) []int {
	ids := make([]int, len(pairs))
	for i, p := range pairs {
		id := len(b.Matches) + 1
		b.Matches = append(b.Matches, Match{ID: id, Part: part, Round: round, Slots: p})
		ids[i] = id
	}
	return ids
}

func winnerOf(m int) Slot { return Slot{Kind: SlotWinner, Match: m} }
func loserOf(m int) Slot  { return Slot{Kind: SlotLoser, Match: m} }

func slotsOf(ms []int, k SlotKind) []Slot {
	s := make([]Slot, len(ms))
	for i, m := range ms {
		s[i] = Slot{Kind: k, Match: m}
	}
	return s
}

// Placing is an entrant's place in a stage.
type Placing struct {
	Entrant int
	Place   int
	Shared  bool // written "3=" (R-T-9)
}

// PlaceLabel prints the place the way standings show it: "3" or "3=" (R-T-9).
func (p Placing) PlaceLabel() string {
	return Standing{Place: p.Place, Shared: p.Shared}.PlaceLabel()
}

// Ranking places the entrants by the bracket's tiers once their matches
// are decided: the players of a tier share a place (R-F-4), except in the
// top Unshared places, where lots from the seed order them (R-T-8). A tier
// not yet decided ends the ranking.
//
// The two players of a double forfeit go on to nothing, so no tier names
// them: they are placed together after the players of the lowest tier the
// match's loser could have reached (the round's losers, or the last of
// the play-offs or the losers' bracket it led to). Both lost the match,
// and by forfeit: R-T-7 ranks a penalised player last among his equals,
// and nobody who lost that match by playing can rank below them. Their
// place is shared, or drawn by lots within the top Unshared (R-T-8).
func (b *Bracket) Ranking() []Placing {
	out := b.Outcomes()
	forfeited := b.forfeitedAfter(out)
	var rank []Placing
	for t, tier := range b.Tiers {
		var ids []int
		for _, s := range tier {
			p := b.resolve(s, out)
			if p == UnknownPlayer {
				return rank
			}
			if p > 0 {
				ids = append(ids, p)
			}
		}
		rank = appendTier(rank, ids, b.Unshared, b.Seed, t)
		if ids := forfeited[t]; len(ids) > 0 {
			rank = appendTier(rank, ids, b.Unshared, b.Seed, len(b.Tiers)+t)
		}
	}
	return rank
}

// forfeitedAfter lists the players of decided double forfeits by the tier
// they are placed after: the lowest tier the match's loser reaches.
func (b *Bracket) forfeitedAfter(out []MatchOutcome) map[int][]int {
	var after map[int][]int
	for i, o := range out {
		if !o.Decided || o.Winner != 0 || o.Players[0] <= 0 || o.Players[1] <= 0 {
			continue
		}
		if after == nil {
			after = map[int][]int{}
		}
		t := b.lowestTier(i + 1)
		after[t] = append(after[t], o.Players[0], o.Players[1])
	}
	return after
}

// lowestTier is the last tier the loser of match id may reach: its own, or
// one of the matches his slot leads to (slots name earlier matches only).
func (b *Bracket) lowestTier(id int) int {
	reached := make([]bool, len(b.Matches)+1)
	from := func(s Slot) bool {
		switch s.Kind {
		case SlotLoser:
			return s.Match == id || reached[s.Match]
		case SlotWinner:
			return reached[s.Match]
		}
		return false
	}
	for i := id; i < len(b.Matches); i++ {
		reached[i+1] = from(b.Matches[i].Slots[0]) || from(b.Matches[i].Slots[1])
	}
	lowest := len(b.Tiers) - 1
	for t, tier := range b.Tiers {
		if slices.ContainsFunc(tier, from) {
			lowest = t
		}
	}
	return lowest
}

// appendTier places ids, equal, after rank: one shared place, or, within
// the top unshared places, one place each in an order drawn by lots.
func appendTier(rank []Placing, ids []int, unshared int, seed uint64, tier int) []Placing {
	place := len(rank) + 1
	if len(ids) > 1 && place <= unshared {
		r := rand.New(rand.NewPCG(seed, lotsStream+uint64(tier)+1))
		ids = slices.Clone(ids)
		slices.Sort(ids)
		r.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		for i, id := range ids {
			rank = append(rank, Placing{Entrant: id, Place: place + i})
		}
		return rank
	}
	ids = slices.Clone(ids)
	slices.SortFunc(ids, cmp.Compare)
	for _, id := range ids {
		rank = append(rank, Placing{Entrant: id, Place: place, Shared: len(ids) > 1})
	}
	return rank
}
