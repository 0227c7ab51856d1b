package engine

import (
	"math/bits"
	"math/rand/v2"
)

// The oracle of the completeness tests (R-SW-9): does a complete pairing of
// a set of players exist under a rule? It shares nothing with the engine's
// matcher: brute force for a dozen players, a subset table up to twenty,
// and beyond that the rank of a Tutte matrix with random entries, whose
// determinant is non-zero exactly when a perfect matching exists (with an
// error only one way, and negligible: a zero by chance).

// oracleCan says whether players a and b may meet; a bye vertex is 0.
type oracleCan func(a, b int) bool

// completePairing reports whether ids can all be paired under can, one of
// them taking the bye (vertex 0) when their number is odd — only a player
// with can(0, id).
func completePairing(ids []int, can oracleCan) bool {
	vs := append([]int(nil), ids...)
	if len(vs)%2 == 1 {
		vs = append(vs, 0)
	}
	edge := func(i, j int) bool {
		a, b := vs[i], vs[j]
		if b == 0 {
			a, b = b, a
		}
		return can(a, b)
	}
	switch n := len(vs); {
	case n <= 12:
		return bruteForce(n, edge)
	case n <= 20:
		return subsetTable(n, edge)
	default:
		return tutte(n, edge, 1) || tutte(n, edge, 2)
	}
}

// bruteForce tries every way to pair the n vertices.
func bruteForce(n int, edge func(i, j int) bool) bool {
	used := make([]bool, n)
	var rec func() bool
	rec = func() bool {
		i := 0
		for i < n && used[i] {
			i++
		}
		if i == n {
			return true
		}
		used[i] = true
		for j := i + 1; j < n; j++ {
			if !used[j] && edge(i, j) {
				used[j] = true
				if rec() {
					return true
				}
				used[j] = false
			}
		}
		used[i] = false
		return false
	}
	return rec()
}

// subsetTable decides, for every set of vertices, whether it can be paired:
// its lowest vertex with some other of the set, the rest recursively.
func subsetTable(n int, edge func(i, j int) bool) bool {
	known := make([]int8, 1<<n) // 0 unknown, 1 yes, 2 no
	known[0] = 1
	var can func(mask uint32) bool
	can = func(mask uint32) bool {
		if k := known[mask]; k != 0 {
			return k == 1
		}
		i := bits.TrailingZeros32(mask)
		rest := mask &^ (1 << i)
		ok := false
		for m := rest; m != 0 && !ok; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			ok = edge(i, j) && can(rest&^(1<<j))
		}
		known[mask] = 2
		if ok {
			known[mask] = 1
		}
		return ok
	}
	return can(1<<n - 1)
}

// tutteP is the prime 2^61 − 1 the Tutte matrix is evaluated modulo.
const tutteP = 1<<61 - 1

func mulMod(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi, lo, tutteP)
	return r
}

func powMod(a, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = mulMod(r, a)
		}
		a = mulMod(a, a)
	}
	return r
}

// tutte evaluates the Tutte matrix (x_ij for an edge i<j, −x_ij below) at
// random points and reports whether its determinant is non-zero.
func tutte(n int, edge func(i, j int) bool, seed uint64) bool {
	rng := rand.New(rand.NewPCG(seed, 0x7475747465))
	m := make([][]uint64, n)
	for i := range m {
		m[i] = make([]uint64, n)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if edge(i, j) {
				x := 1 + rng.Uint64N(tutteP-1)
				m[i][j], m[j][i] = x, tutteP-x
			}
		}
	}
	for c := range n {
		p := -1
		for r := c; r < n; r++ {
			if m[r][c] != 0 {
				p = r
				break
			}
		}
		if p < 0 {
			return false
		}
		m[c], m[p] = m[p], m[c]
		inv := powMod(m[c][c], tutteP-2)
		for r := c + 1; r < n; r++ {
			if m[r][c] == 0 {
				continue
			}
			f := mulMod(m[r][c], inv)
			for k := c; k < n; k++ {
				m[r][k] = (m[r][k] + tutteP - mulMod(f, m[c][k])) % tutteP
			}
		}
	}
	return true
}

// fewestBroken is the least total cost of a complete pairing of n vertices
// whose pairs cost cost(i, j) (−1: not allowed), by a subset table; −1 when
// none exists. The completeness tests use it to check that R-SW-12 is broken
// for as few players as possible.
func fewestBroken(n int, cost func(i, j int) int) int {
	best := make([]int16, 1<<n) // −2 unknown, −1 impossible
	for i := range best {
		best[i] = -2
	}
	best[0] = 0
	var f func(mask uint32) int16
	f = func(mask uint32) int16 {
		if b := best[mask]; b != -2 {
			return b
		}
		i := bits.TrailingZeros32(mask)
		rest := mask &^ (1 << i)
		out := int16(-1)
		for m := rest; m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			c := cost(i, j)
			if c < 0 {
				continue
			}
			if sub := f(rest &^ (1 << j)); sub >= 0 && (out < 0 || sub+int16(c) < out) {
				out = sub + int16(c)
			}
		}
		best[mask] = out
		return out
	}
	return int(f(1<<n - 1))
}
