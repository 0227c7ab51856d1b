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
	// The four keys, each counted from its least value in the list, fit
	// one integer side by side with the player's place in the list (a
	// late round of 100,000 players takes some 55 bits of 64), and
	// integers sort by their bytes, without comparing four fields. The
	// order is total: numbers differ.
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
	total := place
	for f := range width {
		width[f] = uint(bits.Len64(uint64(hi[f] - lo[f])))
		total += width[f]
	}
	if total > 64 {
		s.sortPlayersBy(ps)
		return
	}
	keys := make([]uint64, len(ps))
	for i, p := range ps {
		k := s.sortKey(p)
		var key uint64
		for f := range k {
			key = key<<width[f] | uint64(k[f]-lo[f])
		}
		keys[i] = key<<place | uint64(i)
	}
	radixSort(keys, total)
	sorted := make([]*swissPlayer, len(ps))
	for j, key := range keys {
		sorted[j] = ps[key&(1<<place-1)]
	}
	copy(ps, sorted)
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

// radixSort sorts keys whose values take width bits, a byte at a time
// from the lowest (a stable counting sort for each byte): linear in the
// keys, where comparing them costs n·log n.
func radixSort(keys []uint64, width uint) {
	if len(keys) < 64 {
		slices.Sort(keys) // a few keys: not worth the counts
		return
	}
	buf := make([]uint64, len(keys))
	from, to := keys, buf
	for shift := uint(0); shift < width; shift += 8 {
		var count [257]int
		for _, k := range from {
			count[k>>shift&0xff+1]++
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for _, k := range from {
			b := k >> shift & 0xff
			to[count[b]] = k
			count[b]++
		}
		from, to = to, from
	}
	copy(keys, from) // no-op when an even number of passes left them in keys
}
