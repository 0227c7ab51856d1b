package engine

// Finals by place (同名次决赛, R-F-7; seed 000 范文三: "两个小组的第一名争夺冠
// 亚军，两个小组的第二名争夺季军"): after groups, the players who finished
// k-th in their groups meet for the places after the k−1 levels above them
// — a match between the two groups' k-ths for places 2k−1 and 2k, or a
// round robin of the k-ths of more groups.

// PlaceFinals is the finals by place of two pools (R-F-7): for k = 1 to
// places, a match of pool 1's k-th and pool 2's k-th, whose winner is
// placed 2k−1 and loser 2k. The matches are shown before the pools end,
// their slots naming the places (SlotRank); a pool too small to have a
// k-th gives its opponent a bye.
func PlaceFinals(pools []*Field, places int, s KnockoutSettings) *Bracket {
	b := &Bracket{Format: s.Format, Seed: s.Seed, Unshared: s.Unshared, Pools: pools}
	pairs := make([][2]Slot, places)
	for k := range places {
		pairs[k] = [2]Slot{{Kind: SlotRank, Group: 1, Rank: k + 1}, {Kind: SlotRank, Group: 2, Rank: k + 1}}
	}
	// One round: every place's final is played at once.
	for _, id := range b.addRound(PlaceFinal, 1, pairs) {
		b.Tiers = append(b.Tiers, []Slot{winnerOf(id)}, []Slot{loserOf(id)})
	}
	return b
}

// PlaceFields are the finals by place of more than two pools (R-F-7): for
// k = 1 to places, a round robin under s of the players who finished k-th,
// pool by pool. The pools must be over.
func PlaceFields(pools []*Field, places int, s Settings) []*Field {
	s.System = RoundRobin
	fields := make([]*Field, places)
	for k := range places {
		var ids []int
		for _, p := range pools {
			if rank := p.Ranking(); k < len(rank) {
				ids = append(ids, rank[k].Entrant)
			}
		}
		fields[k] = NewField(ids, s)
	}
	return fields
}

// PlaceRanking is the ranking of finals by place played as fields
// (PlaceFields): the first field's places, then the second's after them,
// and so on (R-F-7).
func PlaceRanking(fields []*Field) []Placing {
	var out []Placing
	for _, f := range fields {
		out = appendRanked(out, f.Ranking())
	}
	return out
}
