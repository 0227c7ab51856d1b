package engine

import "math/bits"

// allowedSet answers allowedUnder for one player against every player of a
// list at once, as bits: what R-SW-12 asks of a pair depends only on two
// facts about each player (red would break it for him, black would), so the
// players of the list a player may meet are one of four sets of the list,
// less his opponents (R-SW-9) and his unit (R-SW-4). A field of n players
// asks n·n pair checks; this asks n sets and the players' few opponents.
type allowedSet struct {
	s     *swiss // the players' opponents
	c     completion
	three bool           // R-SW-12's third colour in a row is checked
	all   []uint64       // the whole list
	red   []uint64       // those red would break R-SW-12 for
	black []uint64       // those black would
	both  []uint64       // those either colour would
	units [][]uint64     // by unit number: its players, when c keeps R-SW-4
	at    []int32        // by id: 1 + the index in the list, 0 if not in it (made zero, not filled)
	list  []*swissPlayer // the players the set was made for: release clears their ids
}

// allowedIn prepares the checks of allowedUnder(c, p, list[j], threeInARow)
// for any p and every j.
func (s *swiss) allowedIn(c completion, list []*swissPlayer, threeInARow bool) *allowedSet {
	words := (len(list) + 63) / 64
	block := make([]uint64, 4*words)
	a := &allowedSet{
		s: s, c: c, three: threeInARow && !s.lastRound, list: list,
		all: block[:words], red: block[words : 2*words], black: block[2*words : 3*words], both: block[3*words:],
	}
	top := 0
	for _, p := range list {
		top = max(top, p.id)
	}
	// The round's table by id, when no other set holds it: a round asks
	// for a set a score group, and a table the field's size each time
	// was most of what the groups allocate.
	a.at, s.freeAt = s.freeAt, nil
	if len(a.at) <= top {
		size := top + 1
		if k := len(s.players); k > 0 {
			size = max(size, s.players[k-1].id+1) // the field's ids: they come in order
		}
		a.at = make([]int32, size)
	}
	for j, p := range list {
		w, bit := j/64, uint64(1)<<(j%64)
		a.at[p.id] = int32(j + 1)
		a.all[w] |= bit
		if !c.rule12 {
			continue
		}
		r, b := a.breaks(p)
		if r {
			a.red[w] |= bit
		}
		if b {
			a.black[w] |= bit
		}
		if r && b {
			a.both[w] |= bit
		}
	}
	if c.units {
		top := int32(0)
		for _, p := range list {
			top = max(top, p.unit)
		}
		a.units = make([][]uint64, top+1)
		for j, p := range list {
			if p.unit == 0 {
				continue
			}
			u := a.units[p.unit]
			if u == nil {
				u = make([]uint64, words)
				a.units[p.unit] = u
			}
			u[j/64] |= 1 << (j % 64)
		}
	}
	return a
}

// release gives the set's table by id back to the round, zero again, for
// the next set; the set is not used after.
func (a *allowedSet) release() {
	for _, p := range a.list {
		a.at[p.id] = 0
	}
	a.s.freeAt, a.at = a.at, nil
}

// breaks says whether red, and whether black, would break R-SW-12 for p
// (breaks12 for one player).
func (a *allowedSet) breaks(p *swissPlayer) (red, black bool) {
	return p.balance() >= 2 || a.three && p.run() >= 2, p.balance() <= -2 || a.three && p.run() <= -2
}

// of writes into dst the players of the list that p may meet, from word
// from of the list on (bit k of dst[i] is list[64·(from+i)+k]); dst may run
// past the list's end. p himself is left out.
func (a *allowedSet) of(p *swissPlayer, from int, dst []uint64) {
	// A pair is forbidden when both colour orders break R-SW-12: p's red
	// or the other's black, and the other's red or p's black.
	var forbid []uint64
	if a.c.rule12 {
		switch r, b := a.breaks(p); {
		case r && b:
			clear(dst)
			return
		case r:
			forbid = a.red
		case b:
			forbid = a.black
		default:
			forbid = a.both
		}
	}
	var unit []uint64 // nil when R-SW-4 is not kept or p has no unit
	if int(p.unit) < len(a.units) {
		unit = a.units[p.unit]
	}
	for i := range dst {
		w := from + i
		if w >= len(a.all) {
			dst[i] = 0
			continue
		}
		v := a.all[w]
		if forbid != nil {
			v &^= forbid[w]
		}
		if unit != nil {
			v &^= unit[w]
		}
		dst[i] = v
	}
	clearAt := func(id int) {
		if j := a.place(id); j >= 0 {
			if i := j/64 - from; i >= 0 && i < len(dst) {
				dst[i] &^= 1 << (uint(j) % 64)
			}
		}
	}
	for _, o := range a.s.oppsOf(p) {
		clearAt(int(o))
	}
	clearAt(p.id)
}

// place is player id's place in the set's list, −1 if he is not in it.
func (a *allowedSet) place(id int) int {
	if id < len(a.at) {
		return int(a.at[id]) - 1
	}
	return -1
}

// count is the number of players in bits.
func count(b []uint64) int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}
