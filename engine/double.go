package engine

// DoubleSettings are a double elimination's choices (R-F-4).
type DoubleSettings struct {
	Format MatchFormat
	// Reset plays a second grand final when the losers' bracket winner wins
	// the first, so the champion is the one who lost least (seed 000:
	// "未输一局者为冠军，只输一局者为亚军").
	Reset    bool
	Unshared int    // R-T-8
	Seed     uint64 // lots (R-F-5, R-T-8)
}

// DoubleKnockout builds a double elimination of the entrants in seed order
// (R-F-4): a standard winners' bracket (byes to the top seeds); a losers'
// bracket whose first round pairs the winners' first-round losers and
// whose later rounds take the winners' bracket's losers, round by round,
// in reversed and then half-shifted order, as brackets-manager does, so
// that nobody meets at once the player he has just met; and a grand final
// of the two brackets' winners, with a reset if chosen.
func DoubleKnockout(entrants []int, s DoubleSettings) *Bracket {
	b := &Bracket{Format: s.Format, Seed: s.Seed, Unshared: s.Unshared}
	wb := [][]int{b.addRound(Winners, 1, knockoutFirstRound(Entrants(entrants), DrawStandard))}
	for r := 2; len(wb[len(wb)-1]) > 1; r++ {
		prev := wb[len(wb)-1]
		var pairs [][2]Slot
		for i := 0; i < len(prev); i += 2 {
			pairs = append(pairs, [2]Slot{winnerOf(prev[i]), winnerOf(prev[i+1])})
		}
		wb = append(wb, b.addRound(Winners, r, pairs))
	}
	var lb [][]int
	var alive []Slot // the losers' bracket's players going into the next round
	if first := wb[0]; len(first) > 1 {
		var pairs [][2]Slot
		for i := 0; i < len(first); i += 2 {
			pairs = append(pairs, [2]Slot{loserOf(first[i]), loserOf(first[i+1])})
		}
		lb = append(lb, b.addRound(Losers, 1, pairs))
		alive = slotsOf(lb[0], SlotWinner)
	} else {
		alive = slotsOf(first, SlotLoser)
	}
	for j := 1; j < len(wb); j++ {
		drop := dropOrder(slotsOf(wb[j], SlotLoser), j)
		var pairs [][2]Slot
		for i := range drop {
			pairs = append(pairs, [2]Slot{alive[i], drop[i]})
		}
		lb = append(lb, b.addRound(Losers, len(lb)+1, pairs))
		alive = slotsOf(lb[len(lb)-1], SlotWinner)
		if len(alive) > 1 {
			pairs = pairs[:0]
			for i := 0; i < len(alive); i += 2 {
				pairs = append(pairs, [2]Slot{alive[i], alive[i+1]})
			}
			lb = append(lb, b.addRound(Losers, len(lb)+1, pairs))
			alive = slotsOf(lb[len(lb)-1], SlotWinner)
		}
	}
	champion := winnerOf(wb[len(wb)-1][0])
	if len(lb) == 0 { // two players: the final's loser comes back for the grand final
		alive = slotsOf(wb[0], SlotLoser)
	}
	final := b.addRound(GrandFinal, 1, [][2]Slot{{champion, alive[0]}})
	last := final
	if s.Reset {
		last = b.addRound(GrandFinal, 2, [][2]Slot{{winnerOf(final[0]), loserOf(final[0])}})
		b.Matches[last[0]-1].Reset = true
	}
	b.Tiers = append(b.Tiers, slotsOf(last, SlotWinner), slotsOf(last, SlotLoser))
	for r := len(lb) - 1; r >= 0; r-- {
		b.Tiers = append(b.Tiers, slotsOf(lb[r], SlotLoser))
	}
	return b
}

// dropOrder orders the losers of winners' round j+1 as they drop into the
// losers' bracket: reversed in odd drops, shifted by half in even ones, so a
// dropped player meets someone from the other side of the bracket.
func dropOrder(losers []Slot, j int) []Slot {
	n := len(losers)
	out := make([]Slot, n)
	for i := range losers {
		if j%2 == 1 {
			out[i] = losers[n-1-i]
		} else {
			out[i] = losers[(i+n/2)%n]
		}
	}
	return out
}
