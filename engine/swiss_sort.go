package engine

import (
	"cmp"
	"math/bits"
	"slices"
)

// sortPlayers orders players for pairing: score high to low; inside a
// score the larger colour imbalance first, then fewer floats up, then by
// number, lower first in odd rounds (R-SW-6, R-SW-7, R-SW-8).
func (s *swiss) sortPlayers(ps []*swissPlayer) {
	if len(ps) < 2 {
		return
	}
	k, ok := s.sortedKeys(ps)
	if !ok {
		s.sortPlayersBy(ps)
		return
	}
	sorted := make([]*swissPlayer, len(ps))
	for j := range k.keys {
		sorted[j] = ps[k.at(j)]
	}
	copy(ps, sorted)
}

// playerKeys are sortPlayers' order of a list of players, packed one
// integer a player and sorted: his four keys, each counted from its least
// value in the list, side by side above his place in the list and, lowest,
// whether he needs black — what a score group asks of him without a visit
// to the player (scoreGroups).
type playerKeys struct {
	keys    []uint64
	place   uint // the bits of a place
	scoreAt uint // where the score's field starts
}

// at is the place in the list of the j-th player in order.
func (k playerKeys) at(j int) int { return int(k.keys[j] >> 1 & (1<<k.place - 1)) }

// needsBlack is his list (split).
func (k playerKeys) needsBlack(j int) bool { return k.keys[j]&1 != 0 }

// score is his score's field: equal for equal scores.
func (k playerKeys) score(j int) uint64 { return k.keys[j] >> k.scoreAt }

// sortedKeys packs and sorts the keys of ps (one player or more); false
// when they take more than 64 bits (a late round of 100,000 players
// takes some 56), and then sortPlayersBy compares them field by field.
// Integers sort by their bits, without comparing four fields; the order
// is total, as numbers differ.
func (s *swiss) sortedKeys(ps []*swissPlayer) (playerKeys, bool) {
	var lo, hi [4]int
	for i, p := range ps {
		k := s.sortKey(p)
		for f := range k {
			if i == 0 || k[f] < lo[f] {
				lo[f] = k[f]
			}
			if i == 0 || k[f] > hi[f] {
				hi[f] = k[f]
			}
		}
	}
	place := uint(bits.Len(uint(len(ps) - 1)))
	var width [4]uint
	total := 1 + place
	for f := range width {
		width[f] = uint(bits.Len64(uint64(hi[f] - lo[f])))
		total += width[f]
	}
	if total > 64 {
		return playerKeys{}, false
	}
	keys := make([]uint64, len(ps))
	for i, p := range ps {
		k := s.sortKey(p)
		var key uint64
		for f := range k {
			key = key<<width[f] | uint64(k[f]-lo[f])
		}
		keys[i] = key<<(place+1) | uint64(i)<<1 | uint64(oneIf(p.needsBlack()))
	}
	radixSort(keys, place+1, total)
	return playerKeys{keys: keys, place: place, scoreAt: total - width[0]}, true
}

// sortKey is sortPlayers' order as four numbers, each lower first: score
// and colour imbalance negated (high first), floats, and the number,
// negated in even rounds (higher first, R-SW-6 c).
func (s *swiss) sortKey(p *swissPlayer) [4]int {
	number := p.id
	if !s.oddRound() {
		number = -number
	}
	return [4]int{-int(p.score), -abs(p.state), p.floats, number}
}

// sortPlayersBy is sortPlayers by comparing the keys, for keys too wide
// to pack into one integer.
func (s *swiss) sortPlayersBy(ps []*swissPlayer) {
	slices.SortFunc(ps, func(a, b *swissPlayer) int {
		ka, kb := s.sortKey(a), s.sortKey(b)
		for f := range ka {
			if c := cmp.Compare(ka[f], kb[f]); c != 0 {
				return c
			}
		}
		return 0
	})
}

// radixSort sorts keys by their bits from from up to width, a digit at a
// time from the lowest (a stable counting sort for each digit): linear in
// the keys, where comparing them costs n·log n. The bits below from are
// the keys' places (sortedKeys, boardOrder): the keys come in that order,
// and a stable sort of the bits above keeps it among equals, so those
// bits are not sorted again.
func radixSort(keys []uint64, from, width uint) {
	if len(keys) < 64 {
		slices.Sort(keys) // a few keys: not worth the counts
		return
	}
	// A digit of 8 bits, or of 11 for a long list: a late round of
	// 10,000 players sorts its 33 bits above the places in three passes,
	// and its counts (16 KB) pay for themselves.
	digit := uint(8)
	if len(keys) >= 1<<12 {
		digit = 11
	}
	count := make([]int, 1<<digit+1)
	mask := uint64(1)<<digit - 1
	buf := make([]uint64, len(keys))
	src, dst := keys, buf
	for shift := from; shift < width; shift += digit {
		clear(count)
		for _, k := range src {
			count[k>>shift&mask+1]++
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for _, k := range src {
			d := k >> shift & mask
			dst[count[d]] = k
			count[d]++
		}
		src, dst = dst, src
	}
	copy(keys, src) // no-op when an even number of passes left them in keys
}
