package trf

import (
	"encoding/binary"
	"sync"
	"unicode/utf8"

	"github.com/qisai/qisai/engine"
)

// The player lines of nearly every file are plain: ASCII but for the name,
// every field where TRF puts it, every round block digits, a letter and
// blanks. plainPlayer reads such a line straight from its bytes; any other
// line, and any line with something wrong in it, is read by the general
// path (parser.anyPlayer), which says what is wrong. So plainPlayer never
// fails: it reads a line exactly as the general path would, or not at all
// (TestPlainPlayer, and the oracle tests, hold it to that).

// plainPlayer reads 001 line n, b, when it is plain, and reports whether it
// did. It looks at every byte of a line it reads, each in its place, and so
// knows the line is UTF-8 without columns: Read asks it first, before
// setting columns for the general path.
func (p *parser) plainPlayer(n int, b []byte) bool {
	if len(b) <= colRounds {
		return false
	}
	// Columns before the name are bytes, and so are those after it once
	// shifted by the name's bytes beyond its columns.
	nameEnd, ok := plainName(b)
	if !ok {
		return false
	}
	shift := nameEnd - (colName + nameWidth)
	if len(b)-shift <= colRounds || len(b)-colRounds-shift > maxRank*blockWidth {
		return false
	}
	if b[3] != ' ' || b[8] != ' ' || b[13] != ' ' || !plainASCII(b[9:colName]) { // the gaps before the name, and the sex and title
		return false
	}
	after := b[shift:] // after[col] is column col, for col from 47 on
	if after[47] != ' ' || after[52] != ' ' || after[89] != ' ' || after[90] != ' ' || !plainASCII(after[53:89]) {
		return false
	}
	id, ok := plainRank(b[colRank : colRank+4])
	if !ok || id <= 0 || id > p.grid.players || id < p.from || p.below > 0 && id >= p.below {
		return false
	}
	rating, ok := plainRank(after[colRating : colRating+4])
	if !ok {
		return false
	}
	if id > len(p.records) {
		// Within the room parser.reserve made (id is at most
		// grid.players), never written, so blank: no need to clear it.
		p.records, p.roster = p.records[:id], p.roster[:id]
	}
	rec := &p.records[id-1]
	if rec.line != 0 {
		return false
	}
	if p.grid.e == nil { // as the general path guesses: every player has as many rounds as the first
		p.grid.grow(max(1, (len(b)-shift-colRounds+blockWidth-1)/blockWidth))
	}
	rounds := 0
	kinds := blockKinds()
	tail := after[colRounds:]
	for k, r := 0, 0; k < len(tail); k, r = k+blockWidth, r+1 {
		blk := tail[k:]
		if len(blk) < 8 {
			return false
		}
		// The block's first 8 bytes read at once: opponent, blank,
		// colour, blank, result; then the blanks after it, if there.
		x := binary.LittleEndian.Uint64(blk)
		if x&blockGaps != blockBlanks || len(blk) > 8 && blk[8] != ' ' || len(blk) > 9 && blk[9] != ' ' {
			return false
		}
		opp, ok := plainRank4(uint32(x))
		if !ok {
			opp, ok = plainRankBytes(blk[:4])
		}
		if !ok || opp == id {
			return false
		}
		kind := kinds.of(opp, byte(x>>40), byte(x>>56))
		if !kind.ok {
			return false
		}
		if kind.e.kind != noEntry {
			if r >= p.grid.rounds {
				if p.fixed {
					return false
				}
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
	*rec = record{line: n, start: p.at, id: id, n: rounds}
	p.roster[id-1] = engine.Player{ID: id, Name: p.keep(trimBlanks(b[colName : colName+nameWidth+shift])), Rating: max(rating, 0)}
	p.players++
	return true
}

// blockGaps are the bytes of a block's first 8 that must be blank, the
// 5th and the 7th (between opponent, colour and result); blockBlanks is
// them blank.
const (
	blockGaps   = 0x00FF00FF00000000
	blockBlanks = blanks8 & blockGaps
)

// kindTable is plainKind by the class of a block's opponent (blank, 0 or
// a player), colour and result.
type kindTable [3][8][16]plainKind

// of is how parser.block reads the block of opponent opp (−1: blank),
// colour col and result res for a player other than opp: ok false where
// it refuses it, else the entry but for its opponent.
func (t *kindTable) of(opp int, col, res byte) *plainKind {
	return &t[min(opp+1, 2)][colClass[col]][resClass[res]] // opp blank, 0 or a player
}

// plainKind is how parser.block reads a kind of block.
type plainKind struct {
	e  entry // but for the opponent
	ok bool  // false: block refuses it
}

// colClass and resClass sort the characters of a block's colour and
// result columns into those parser.block reads alike (0: those it
// refuses); blockKinds is what block makes of each class, worked out by
// block itself, so that kindTable.of cannot read a block otherwise; worked
// out when a file is first read, not as every command of the program
// starts.
var (
	colClass, colChar = classes(&colourCodes)
	resClass, resChar = classes(&resultCodes)
	blockKinds        = sync.OnceValue(func() *kindTable {
		t := new(kindTable)
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
	})
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

// plainName is the byte where the name's columns end in 001 line b, when
// each of them is a character plainPlayer knows to be one column of valid
// UTF-8 from its lead byte and the continuation bytes after it: ASCII but a
// tab, or a character of 2 or 3 bytes other than those whose second byte
// has a narrower range (lead bytes E0 and ED). ok is false for any other
// name, which the general path reads.
func plainName(b []byte) (end int, ok bool) {
	i := colName
	for col := 0; col < nameWidth; col++ {
		if col+8 <= nameWidth && i+8 <= len(b) && ascii8(binary.LittleEndian.Uint64(b[i:])) { // a name's padding
			i, col = i+8, col+7
			continue
		}
		if i >= len(b) {
			return 0, false
		}
		switch c := b[i]; {
		case c < utf8.RuneSelf && c != '\t':
			i++
		case c >= 0xC2 && c <= 0xDF && i+1 < len(b) && b[i+1]&0xC0 == 0x80:
			i += 2
		case c >= 0xE1 && c <= 0xEF && c != 0xED && i+2 < len(b) && b[i+1]&0xC0 == 0x80 && b[i+2]&0xC0 == 0x80:
			i += 3
		default:
			return 0, false
		}
	}
	return i, true
}

// plainASCII reports whether b is ASCII without a tab, 8 bytes at a time.
func plainASCII(b []byte) bool {
	for ; len(b) >= 8; b = b[8:] {
		if !ascii8(binary.LittleEndian.Uint64(b)) {
			return false
		}
	}
	for _, c := range b {
		if c >= utf8.RuneSelf || c == '\t' {
			return false
		}
	}
	return true
}

// ascii8 reports whether the 8 bytes of x are ASCII without a tab: no high
// bit set, and no byte 0 once each is XORed with a tab.
func ascii8(x uint64) bool {
	const tabs, ones = 0x0909090909090909, 0x0101010101010101
	t := x ^ tabs
	return (x|(t-ones)&^t)&highBits == 0
}
