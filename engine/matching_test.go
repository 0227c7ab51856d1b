package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomGraph is a graph of n vertices with each edge there with
// probability p, as a table and as lists.
func randomGraph(rng *rand.Rand, n int, p float64) (has [][]bool, adj [][]int32) {
	has, adj = make([][]bool, n), make([][]int32, n)
	for i := range has {
		has[i] = make([]bool, n)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if rng.Float64() < p {
				has[i][j], has[j][i] = true, true
				adj[i] = append(adj[i], int32(j))
				adj[j] = append(adj[j], int32(i))
			}
		}
	}
	return has, adj
}

// TestMatcherPerfect compares the matcher's verdict (Edmonds' blossom
// algorithm) with the oracle's on random graphs, sparse and dense, odd
// cycles included, and checks that the matching it keeps is one.
func TestMatcherPerfect(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for iter := range 1500 {
		n := 2 + rng.IntN(30)
		p := []float64{0.05, 0.1, 0.2, 0.5, 0.9}[iter%5]
		has, adj := randomGraph(rng, n, p)
		m := newMatcher(adj)
		m.maximise()
		checkMatching(t, m, has)
		edge := func(i, j int) bool { return has[i][j] }
		var want bool
		switch {
		case n%2 == 1:
			want = false
		case n <= 12:
			want = bruteForce(n, edge)
		case n <= 20:
			want = subsetTable(n, edge)
		default:
			want = tutte(n, edge, 1) || tutte(n, edge, 2)
		}
		if got := m.perfect(); got != want {
			t.Fatalf("graph %d (%d vertices, p %.2f): matcher says perfect %v, oracle %v", iter, n, p, got, want)
		}
		// matchPerfect stops at the first vertex left exposed, and must
		// answer as the whole maximisation does.
		fresh := newMatcher(adj)
		if got := fresh.matchPerfect(); got != want {
			t.Fatalf("graph %d (%d vertices, p %.2f): matchPerfect says %v, oracle %v", iter, n, p, got, want)
		}
		if want {
			checkMatching(t, fresh, has)
		}
		if !want {
			continue
		}
		// Committing edges in random order keeps a perfect matching of the
		// rest exactly when the oracle says the rest can still be paired.
		left := make([]bool, n)
		for i := range left {
			left[i] = true
		}
		for tries := 0; tries < 4*n; tries++ {
			u, v := int32(rng.IntN(n)), int32(rng.IntN(n))
			if u == v || !left[u] || !left[v] || !has[u][v] {
				continue
			}
			if n <= 16 && tries%2 == 0 {
				checkPairFirst(t, rng, m, has, left, u)
				checkMatching(t, m, has)
				continue
			}
			left[u], left[v] = false, false
			rest := func(i, j int) bool { return has[i][j] }
			ok := restPairable(left, rest)
			if got := m.commit(u, v); got != ok {
				t.Fatalf("graph %d: commit(%d, %d) = %v, oracle says the rest pairs: %v", iter, u, v, got, ok)
			}
			if !ok {
				left[u], left[v] = true, true
			}
			checkMatching(t, m, has)
			if !m.perfect() {
				t.Fatalf("graph %d: after commit(%d, %d) the matching is not perfect", iter, u, v)
			}
		}
	}
}

// checkPairFirst compares pairFirst(u, order), for u's neighbours split at
// random into up to three sets tried in turn, with the oracle: it pairs u
// with the first of them with whom the rest still pairs (Gallai–Edmonds),
// keeping the matching perfect, and with none, leaving the matching as it
// was, when there is none.
func checkPairFirst(t *testing.T, rng *rand.Rand, m *matcher, has [][]bool, left []bool, u int32) {
	t.Helper()
	sets := make([][]int32, 1+rng.IntN(3))
	for w := range left {
		if left[w] && has[u][w] {
			k := rng.IntN(len(sets))
			sets[k] = append(sets[k], int32(w))
		}
	}
	cands := slices.Concat(sets...) // in the order tried
	if len(cands) == 0 {
		return
	}
	order := make([]bitRow, len(sets))
	for k, set := range sets {
		order[k] = rowOf(len(left), set...)
	}
	want := int32(-1)
	for _, w := range cands {
		left[u], left[w] = false, false
		ok := restPairable(left, func(i, j int) bool { return has[i][j] })
		left[u], left[w] = true, true
		if ok {
			want = w
			break
		}
	}
	before := append([]int32(nil), m.mate...)
	got := m.pairFirst(u, order...)
	if got != want {
		t.Fatalf("pairFirst(%d, %v) = %d, oracle says the first whom the rest pairs with is %d", u, cands, got, want)
	}
	if got < 0 {
		for v := range before {
			if m.mate[v] != before[v] || m.removed[v] != !left[v] {
				t.Fatalf("pairFirst(%d) found none but changed vertex %d", u, v)
			}
		}
		return
	}
	if m.mate[u] != got || m.mate[got] != u || !m.removed[u] || !m.removed[got] {
		t.Fatalf("pairFirst(%d) = %d, but mate %d, %d and removed %v, %v", u, got, m.mate[u], m.mate[got], m.removed[u], m.removed[got])
	}
	left[u], left[got] = false, false
	if !m.perfect() {
		t.Fatalf("after pairFirst(%d) = %d the matching is not perfect", u, got)
	}
}

// rowOf is a row of bits of a graph of n vertices holding vs.
func rowOf(n int, vs ...int32) bitRow {
	r := bitRow{words: make([]uint64, (n+63)/64)}
	for _, v := range vs {
		r.set(int(v), true)
	}
	return r
}

// restPairable asks the oracle whether the vertices still left pair.
func restPairable(left []bool, edge func(i, j int) bool) bool {
	var vs []int
	for i, l := range left {
		if l {
			vs = append(vs, i)
		}
	}
	sub := func(i, j int) bool { return edge(vs[i], vs[j]) }
	if len(vs) <= 12 {
		return bruteForce(len(vs), sub)
	}
	return subsetTable(len(vs), sub)
}

// checkMatching fails unless m's mates are symmetric edges of the graph.
func checkMatching(t *testing.T, m *matcher, has [][]bool) {
	t.Helper()
	for v, w := range m.mate {
		if w < 0 || m.removed[v] {
			continue
		}
		if m.mate[w] != int32(v) || !has[v][w] || m.removed[w] {
			t.Fatalf("mate[%d] = %d, but mate[%d] = %d (edge %v, removed %v)", v, w, w, m.mate[w], has[v][w], m.removed[w])
		}
	}
}

// TestMatcherBarriers pairs random graphs with a perfect matching as steer
// does — each vertex in order with its first neighbour with whom the rest
// still pairs — and checks after every pair that each pair a kept barrier
// rules out lies on no perfect matching of what is left (the brute-force
// oracle), and that the pairs are the oracle's.
func TestMatcherBarriers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	learnt := 0
	for iter := range 600 {
		n := 2 * (1 + rng.IntN(8))
		p := []float64{0.2, 0.35, 0.5, 0.7}[iter%4]
		has, adj := randomGraph(rng, n, p)
		m := newMatcher(adj)
		if !m.matchPerfect() {
			continue
		}
		left := make([]bool, n)
		for i := range left {
			left[i] = true
		}
		edge := func(i, j int) bool { return has[i][j] }
		for u := range int32(n) {
			if !left[u] {
				continue
			}
			var cands []int32
			for w := u + 1; w < int32(n); w++ {
				if left[w] && has[u][w] {
					cands = append(cands, w)
				}
			}
			want := int32(-1)
			for _, w := range cands {
				left[u], left[w] = false, false
				ok := restPairable(left, edge)
				left[u], left[w] = true, true
				if ok {
					want = w
					break
				}
			}
			if got := m.pairFirst(u, rowOf(n, cands...)); got != want {
				t.Fatalf("graph %d: pairFirst(%d, %v) = %d, oracle %d", iter, u, cands, got, want)
			}
			left[u], left[want] = false, false
			learnt = max(learnt, len(m.barriers))
			for x := range int32(n) {
				for y := x + 1; y < int32(n); y++ {
					if !left[x] || !left[y] || !has[x][y] || m.firstAllowed(x, []bitRow{rowOf(n, y)}) == y {
						continue
					}
					left[x], left[y] = false, false
					if restPairable(left, edge) {
						t.Fatalf("graph %d, after pairing %d: a barrier rules out %d–%d, but the rest pairs without them", iter, u, x, y)
					}
					left[x], left[y] = true, true
				}
			}
		}
	}
	if learnt == 0 {
		t.Fatal("no search proved a barrier: the test tests nothing")
	}
}
