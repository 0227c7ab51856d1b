package engine

import (
	"math"
	"math/bits"
)

// wide is a whole number of 192 bits in two's complement, low limb first.
// The floater search's weights are powers of 100 — 100^k for a floater k
// steps above the group, 1/100^k for a colour imbalance of k — summed over
// thousands of floaters: float64 sums of them depend on the order of
// addition (and lose the low terms past 2^53), so the search scales them to
// whole numbers and adds them exactly.
type wide [3]uint64

func (a wide) add(b wide) wide {
	var c uint64
	a[0], c = bits.Add64(a[0], b[0], 0)
	a[1], c = bits.Add64(a[1], b[1], c)
	a[2], _ = bits.Add64(a[2], b[2], c)
	return a
}

func (a wide) sub(b wide) wide {
	var c uint64
	a[0], c = bits.Sub64(a[0], b[0], 0)
	a[1], c = bits.Sub64(a[1], b[1], c)
	a[2], _ = bits.Sub64(a[2], b[2], c)
	return a
}

// bitLen is the length in bits of a non-negative a.
func (a wide) bitLen() int {
	for i := 2; i >= 0; i-- {
		if a[i] != 0 {
			return 64*i + bits.Len64(a[i])
		}
	}
	return 0
}

// wideMaxBits bounds the numbers a search holds: a weight may take
// wideMaxBits less twice the bits of 16·(terms+8), as the flow's potentials
// grow to the square of the floaters' count times the largest weight.
const wideMaxBits = 190

// times10 is 10·a for a non-negative a, or false when it needs
// wideMaxBits or more.
func (a wide) times10() (wide, bool) {
	hi0, r0 := bits.Mul64(a[0], 10)
	hi1, lo1 := bits.Mul64(a[1], 10)
	hi2, lo2 := bits.Mul64(a[2], 10)
	r1, c := bits.Add64(lo1, hi0, 0)
	r2, c := bits.Add64(lo2, hi1, c)
	r := wide{r0, r1, r2}
	return r, hi2 == 0 && c == 0 && r.bitLen() < wideMaxBits
}

// exact is what the floater search asks of its weights: whole numbers
// added, subtracted and compared exactly, the four weights of a choice in
// order (floaterCost's). shortCost holds each in 64 bits, for the searches
// whose terms fit there (most: floaters a few steps above the group);
// floaterCost in 192 bits; longCost in as many bits as its terms take, for
// the rest (a floater dozens of steps above his group). The search is the
// same and exact for every weight, and the common one pays nothing for the
// rare (choose takes the narrowest that holds the search).
type exact[C any] interface {
	add(C) C
	sub(C) C
	less(C) bool
	equal(C) bool
	// power is 10^n in weight w and none in the others; the receiver is
	// not read.
	power(w, n int) C
}

// floaterCost weighs one choice of the floater search exactly, smaller
// better: the floaters left (leftValue), then the pairs' scoreSpread
// (larger better), colourSpread (larger better) and floatSpread (smaller
// better), each scaled to whole numbers. The spreads are held negated so
// that one lexicographic order and plain addition serve the whole search.
type floaterCost [4]wide

func (a floaterCost) add(b floaterCost) floaterCost {
	for i := range a {
		a[i] = a[i].add(b[i])
	}
	return a
}

func (a floaterCost) sub(b floaterCost) floaterCost {
	for i := range a {
		a[i] = a[i].sub(b[i])
	}
	return a
}

// less is the lexicographic order of the four weights, each a signed
// number of 192 bits, limb by limb from the top: the searches' heaps ask it
// most, and a difference mostly shows in a weight's top limbs.
func (a floaterCost) less(b floaterCost) bool {
	for i := range a {
		x, y := &a[i], &b[i]
		if x[2] != y[2] {
			return int64(x[2]) < int64(y[2])
		}
		if x[1] != y[1] {
			return x[1] < y[1]
		}
		if x[0] != y[0] {
			return x[0] < y[0]
		}
	}
	return false
}

func (a floaterCost) equal(b floaterCost) bool { return a == b }

func (floaterCost) power(w, n int) floaterCost {
	var c floaterCost
	c[w] = powersOfTen[n]
	return c
}

// powersOfTen holds 10^n for every n below wideMaxBits bits, made once.
var powersOfTen = func() []wide {
	t := []wide{{1}}
	for {
		next, ok := t[len(t)-1].times10()
		if !ok {
			return t
		}
		t = append(t, next)
	}
}()

// narrowPowers is the most n (−1 for none) for which floaterCost holds
// the terms 10^n of a search of the given terms with room for its sums.
func narrowPowers(terms int) int { return powersIn(wideMaxBits, terms) }

// powersIn is the most n (−1 for none) for which numbers of maxBits hold
// the terms 10^n of a search of the given terms with room for its sums: a
// term may take maxBits less twice the bits of 16·(terms+8).
func powersIn(maxBits, terms int) int {
	room := maxBits - 2*bits.Len(uint(16*(terms+8)))
	n := -1 // not even 10^0
	for n+1 < len(powersOfTen) && powersOfTen[n+1].bitLen() <= room {
		n++
	}
	return n
}

// powerScale turns weights 100^e into whole numbers: 100^(e−low) is
// 10^(2(e−low)), a whole power of ten when every e is a multiple of ½
// (scores in whole or half scoring steps), low the least e. ok is false
// when an e is not (a score off the scoring's steps): no whole numbers
// then weigh the terms exactly.
type powerScale struct {
	low float64
	ok  bool
}

func newPowerScale(exps []float64) powerScale {
	sc := powerScale{low: math.Inf(1), ok: true}
	for _, e := range exps {
		sc.low = min(sc.low, e)
		sc.ok = sc.ok && 2*e == math.Trunc(2*e)
	}
	return sc
}

// power is n of the term 100^e scaled: 10^n.
func (sc *powerScale) power(e float64) int { return int(2 * (e - sc.low)) }

// colourExponent is k of a pair's colourTerm, 1/100^k: how far the two
// colour balances together are from even.
func colourExponent(p pair) int {
	return abs(phpRound(float64(p.p[0].state+p.p[1].state) / 100))
}

// floatExponents are the k of a pair's floatTerm, 100^a + 100^b: the float
// balances the two would have after the game.
func floatExponents(p pair) (a, b int) {
	x, y := p.p[0], p.p[1]
	switch {
	case x.score > y.score:
		return abs(x.floats - 1), abs(y.floats + 1)
	case x.score < y.score:
		return abs(x.floats + 1), abs(y.floats - 1)
	}
	return abs(x.floats), abs(y.floats)
}
