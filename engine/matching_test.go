package engine

import (
	"math/rand/v2"
	"testing"
)

// TestMatcherPerfect compares the matcher's verdict (Edmonds' blossom
// algorithm) with the oracle's on random graphs, sparse and dense, odd
// cycles included, and checks that the matching it keeps is one.
func TestMatcherPerfect(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for iter := range 1500 {
		n := 2 + rng.IntN(30)
		p := []float64{0.05, 0.1, 0.2, 0.5, 0.9}[iter%5]
		has := make([][]bool, n)
		adj := make([][]int32, n)
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
			if n <= 16 {
				checkPartners(t, m, has, left, u)
			}
			if tries%3 == 0 {
				m.compact() // the lists keep their order and lose only committed vertices
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

// checkPartners compares partners(u) with the oracle: w is one exactly
// when the rest pairs once u meets w (Gallai–Edmonds); the matching is left
// as it was.
func checkPartners(t *testing.T, m *matcher, has [][]bool, left []bool, u int32) {
	t.Helper()
	before := append([]int32(nil), m.mate...)
	got := make(map[int32]bool)
	for _, w := range m.partners(u) {
		if got[w] {
			t.Fatalf("partners(%d) lists %d twice", u, w)
		}
		got[w] = true
	}
	for w := range left {
		if !left[w] || int32(w) == u {
			continue
		}
		want := false
		if has[u][w] {
			left[u], left[w] = false, false
			want = restPairable(left, func(i, j int) bool { return has[i][j] })
			left[u], left[w] = true, true
		}
		if got[int32(w)] != want && has[u][w] {
			t.Fatalf("partners(%d) has %d: %v, oracle says the rest pairs: %v", u, w, got[int32(w)], want)
		}
	}
	for v := range before {
		if m.mate[v] != before[v] {
			t.Fatalf("partners(%d) changed mate[%d] from %d to %d", u, v, before[v], m.mate[v])
		}
	}
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
