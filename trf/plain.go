package trf

import "bytes"

// The player lines of nearly every file are plain: ASCII but for the name,
// every field where TRF puts it, every round block digits, a letter and
// blanks. plainPlayer reads such a line straight from its bytes; any other
// line, and any line with something wrong in it, is read by the general
// path (parser.anyPlayer), which says what is wrong. So plainPlayer never
// fails: it reads a line exactly as the general path would, or not at all
// (TestPlainPlayer, and the oracle tests, hold it to that).

// plainPlayer reads 001 line n, b, which line views, when it is plain, and
// reports whether it did.
func (p *parser) plainPlayer(n int, b []byte, line *columns) bool {
	// Columns before the name are bytes, and so are those after it once
	// shifted by the name's bytes beyond its columns.
	shift := 0
	if line.lo < len(b) {
		if line.lo < colName || line.hiCol > colName+nameWidth {
			return false
		}
		shift = line.hi - line.hiCol
	}
	if line.len() <= colRounds || len(b)-colRounds-shift > maxRank*blockWidth || bytes.IndexByte(b, '\t') >= 0 {
		return false
	}
	if b[3] != ' ' || b[8] != ' ' || b[13] != ' ' { // the gaps before the name
		return false
	}
	after := b[shift:] // after[col] is column col, for col from 47 on
	if after[47] != ' ' || after[52] != ' ' || after[89] != ' ' || after[90] != ' ' {
		return false
	}
	id, ok := plainRank(b[colRank : colRank+4])
	if !ok || id <= 0 || id > p.grid.players {
		return false
	}
	rating, ok := plainRank(after[colRating : colRating+4])
	if !ok {
		return false
	}
	if id > len(p.records) {
		// Within the room parser.reserve made (id is at most
		// grid.players), never written, so blank: no need to clear it.
		p.records = p.records[:id]
	}
	rec := &p.records[id-1]
	if rec.line != 0 {
		return false
	}
	if p.grid.e == nil { // as the general path guesses: every player has as many rounds as the first
		p.grid.grow(max(1, (line.len()-colRounds+blockWidth-1)/blockWidth))
	}
	rounds := 0
	tail := after[colRounds:]
	for k, r := 0, 0; k < len(tail); k, r = k+blockWidth, r+1 {
		blk := tail[k:]
		if len(blk) < 8 || blk[4] != ' ' || blk[6] != ' ' || len(blk) > 8 && blk[8] != ' ' || len(blk) > 9 && blk[9] != ' ' {
			return false
		}
		opp, ok := plainRank(blk[:4])
		if !ok || opp == id {
			return false
		}
		kind := plainEntry(opp, blk[5], blk[7])
		if !kind.ok {
			return false
		}
		if kind.e.kind != noEntry {
			if r >= p.grid.rounds {
				p.grid.grow(r + 1)
			}
			// Written in place, not built on the stack and copied: a
			// block's fields set one by one there are slow to read back
			// whole.
			c := &p.grid.e[r*p.grid.players+id-1]
			*c = kind.e
			c.opp = int16(max(opp, 0))
			rounds = r + 1
		}
	}
	*rec = record{line: n, start: p.at, id: id,
		name: p.keep(trimBlanks(b[colName : colName+nameWidth+shift])), rating: max(rating, 0), n: rounds}
	p.players++
	return true
}

// plainEntry is how parser.block reads the block of opponent opp (−1:
// blank), colour col and result res for a player other than opp: ok false
// where it refuses it, else the entry but for its opponent.
func plainEntry(opp int, col, res byte) *plainKind {
	return &blockKinds[min(opp+1, 2)][colClass[col]][resClass[res]] // opp blank, 0 or a player
}

// plainKind is how parser.block reads a kind of block.
type plainKind struct {
	e  entry // but for the opponent
	ok bool  // false: block refuses it
}

// colClass and resClass sort the characters of a block's colour and
// result columns into those parser.block reads alike (0: those it
// refuses); blockKinds is what block makes of each class, worked out by
// block itself, so that plainEntry cannot read a block otherwise.
var (
	colClass, colChar = classes(&colourCodes)
	resClass, resChar = classes(&resultCodes)
	blockKinds        = func() (t [3][8][16]plainKind) {
		var p parser
		for oc, opp := range [...]int{-1, 0, 2} { // blank, a bye and a game against player 2
			for ci, col := range colChar {
				for ri, res := range resChar {
					k := &t[oc][ci][ri]
					k.ok = ci > 0 && ri > 0 && p.block(1, 1, 1, opp, rune(col), rune(res), &k.e) == nil
				}
			}
		}
		return t
	}()
)

// classes sorts the characters codes knows by the code each stands for,
// but for a blank, which block tells apart from "-" (a block all blank is
// no block), and returns the class of each character and one character of
// each class (none for class 0, the characters codes does not know).
func classes(codes *[256]byte) (class [256]uint8, chars []byte) {
	chars = []byte{0}
	for c := range 256 {
		if codes[c] == 0 {
			continue
		}
		k := 0
		for i, d := range chars[1:] {
			if codes[d] == codes[c] && d != ' ' && c != ' ' {
				k = i + 1
			}
		}
		if k == 0 {
			chars = append(chars, byte(c))
			k = len(chars) - 1
		}
		class[c] = uint8(k)
	}
	return class, chars
}
