package engine

// shortCost is floaterCost's four weights in 64 bits each: the floater
// search's weights when their terms fit there with room for the sums, as
// they do in most searches (floaters a few steps above the group) — a
// third of floaterCost's words to add, compare and move through the
// flow's heaps.
type shortCost [4]int64

// shortMaxBits bounds a shortCost's numbers as wideMaxBits does
// floaterCost's: below 2^62, a sign bit and one spare.
const shortMaxBits = 62

// shortPowers is the most n (−1 for none) for which shortCost holds the
// terms 10^n of a search of the given terms with room for its sums.
func shortPowers(terms int) int { return powersIn(shortMaxBits, terms) }

func (a shortCost) add(b shortCost) shortCost {
	for i := range a {
		a[i] += b[i]
	}
	return a
}

func (a shortCost) sub(b shortCost) shortCost {
	for i := range a {
		a[i] -= b[i]
	}
	return a
}

func (a shortCost) less(b shortCost) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func (a shortCost) equal(b shortCost) bool { return a == b }

func (shortCost) power(w, n int) shortCost {
	var c shortCost
	c[w] = int64(powersOfTen[n][0])
	return c
}
