package engine

// bitRow is one vertex's neighbours as bits: bit k of words[i] is vertex
// 64·(from+i)+k. A row spans only the words from the vertex's first
// neighbour to its last, so the windowed graph of a big field stays small.
type bitRow struct {
	from  int
	words []uint64
}

// has reports whether vertex w is in the row.
func (r bitRow) has(w int) bool {
	i := w/64 - r.from
	return i >= 0 && i < len(r.words) && r.words[i]&(1<<(uint(w)%64)) != 0
}

// set puts vertex w, inside the row's span, in the row or takes it out.
func (r bitRow) set(w int, in bool) {
	bit := uint64(1) << (uint(w) % 64)
	if in {
		r.words[w/64-r.from] |= bit
	} else {
		r.words[w/64-r.from] &^= bit
	}
}

// keep takes out of the row every vertex outside lo..hi.
func (r bitRow) keep(lo, hi int) {
	for i := range r.words {
		first := (r.from + i) * 64 // the word's vertices: first..first+63
		switch {
		case first+63 < lo || first > hi:
			r.words[i] = 0
			continue
		case first < lo:
			r.words[i] &^= 1<<uint(lo-first) - 1
		}
		if first+63 > hi {
			r.words[i] &= 1<<(uint(hi-first)+1) - 1
		}
	}
}

// has reports whether vertex v is in set, a set of vertices as bits.
func has(set []uint64, v int32) bool { return set[v/64]&(1<<(uint(v)%64)) != 0 }
