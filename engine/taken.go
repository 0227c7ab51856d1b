package engine

// taken marks which players of a list are paired already and finds the
// next one still free in near-constant time (union–find over "the next free
// index"), so that a partner search walks only the free players instead of
// rescanning the taken ones from the top of the list: a score group pairs in
// time linear in its size, not quadratic (R-SW-8's moves scan down a list).
type taken struct {
	used  []bool
	next  []int32 // next[h] ≥ h leads to the first free index ≥ h; len(used) when none
	count int     // how many are taken
}

func newTaken(n int) *taken {
	t := &taken{used: make([]bool, n), next: make([]int32, n+1)}
	for i := range t.next {
		t.next[i] = int32(i)
	}
	return t
}

// from is the first free index ≥ h, or len(t.used) when none is left.
func (t *taken) from(h int) int {
	root := int32(h)
	for t.next[root] != root {
		root = t.next[root]
	}
	for i := int32(h); t.next[i] != root; {
		i, t.next[i] = t.next[i], root
	}
	return int(root)
}

// take marks index h as paired.
func (t *taken) take(h int) {
	if !t.used[h] {
		t.count++
	}
	t.used[h] = true
	t.next[h] = int32(h + 1)
}
