package engine

import "math/big"

// longCost is floaterCost's four weights in as many bits as they take:
// the floater search's weights when 192 bits cannot hold its terms (a
// floater dozens of scoring steps above his group, 100^k for each). A
// weight is never changed once made, so costs share them as values do; nil
// is zero.
type longCost [4]*big.Int

func (a longCost) add(b longCost) longCost {
	for i, y := range b {
		switch {
		case y == nil || y.Sign() == 0:
		case a[i] == nil:
			a[i] = y
		default:
			a[i] = new(big.Int).Add(a[i], y)
		}
	}
	return a
}

func (a longCost) sub(b longCost) longCost {
	for i, y := range b {
		if y != nil && y.Sign() != 0 {
			a[i] = new(big.Int).Sub(weightOf(a[i]), y)
		}
	}
	return a
}

func (a longCost) less(b longCost) bool {
	for i := range a {
		if c := weightOf(a[i]).Cmp(weightOf(b[i])); c != 0 {
			return c < 0
		}
	}
	return false
}

func (a longCost) equal(b longCost) bool {
	for i := range a {
		if weightOf(a[i]).Cmp(weightOf(b[i])) != 0 {
			return false
		}
	}
	return true
}

func (longCost) power(w, n int) longCost {
	var c longCost
	c[w] = new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
	return c
}

var bigZero = new(big.Int)

// weightOf is a weight, nil read as zero.
func weightOf(x *big.Int) *big.Int {
	if x == nil {
		return bigZero
	}
	return x
}
