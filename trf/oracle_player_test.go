package trf_test

// Part of the oracle, the reader as it was: see oracle_test.go.

import (
	"bytes"
	"fmt"
	"unicode"

	"github.com/qisai/qisai/engine"
)

// record is one 001 line.
type record struct {
	line    int
	text    []byte // the line, for messages
	player  engine.Player
	entries []entry // entries[r-1] is round r; trailing empty blocks dropped
}

type entryKind int8

const (
	noEntry entryKind = iota // an all-blank block
	byeEntry
	gameEntry
)

// entry is one round block of a 001 line, with what qisai's own lines add
// to it (a pending game, a bye's colour, fouls).
type entry struct {
	opp    int32
	fouls  int32
	kind   entryKind
	colour byte // 'w', 'b' or '-'
	code   byte // a game's result: '1', '0', '=', '+', '-' or ' ' (none yet)
	bye    engine.ByeKind
}

// gaps are the columns (1-based) of a 001 line before the rounds that must
// be blank; a character there means the line is shifted or a field overflows.
var gaps = []struct {
	col     int
	between string
}{
	{4, "the record code and the starting rank"},
	{9, "the starting rank and the sex"},
	{14, "the title and the name"},
	{48, "the name (columns 15-47) and the rating"},
	{53, "the rating (columns 49-52) and the federation"},
	{90, "the rank and round 1"},
	{91, "the rank and round 1"},
}

func (p *parser) player(n int, b []byte) error {
	if bytes.IndexByte(b, '\t') >= 0 {
		return p.errorf(n, "tab in a player line: TRF-16 is in fixed columns; use spaces")
	}
	line := &p.cols
	line.set(b)
	for _, g := range gaps {
		if line.at(g.col-1) != ' ' {
			return p.errorf(n, "column %d should be blank, between %s; is the line shifted?", g.col, g.between)
		}
	}
	rank := line.trimmed(colRank, 4)
	id, ok := number(rank, maxRank)
	if !ok || id == 0 {
		return p.errorf(n, "starting rank %q (columns 5-8) is not a number from 1 to %d", rank, maxRank)
	}
	if id >= len(p.lineOf) {
		p.lineOf = append(p.lineOf, make([]int, id+1-len(p.lineOf))...)
	}
	if prev := p.lineOf[id]; prev != 0 {
		return p.errorf(n, "starting rank %d is given twice (also at line %d)", id, prev)
	}
	p.lineOf[id] = n
	rating := 0
	if s := line.trimmed(colRating, 4); len(s) > 0 {
		if rating, ok = number(s, 9999); !ok {
			return p.errorf(n, "rating %q (columns 49-52) is not a number", s)
		}
	}
	rec := record{line: n, text: b, player: engine.Player{
		ID:     id,
		Name:   string(line.trimmed(colName, nameWidth)),
		Rating: rating,
	}}
	if p.blocks == nil { // guess every player has as many rounds as the first
		rounds := max(1, (line.len()-colRounds+blockWidth-1)/blockWidth)
		p.blocks = make([]entry, 0, rounds*cap(p.players))
	}
	start := len(p.blocks)
	for r := 1; blockStart(r) < line.len(); r++ {
		p.blocks = append(p.blocks, entry{})
		if err := p.block(n, r, id, &p.blocks[len(p.blocks)-1]); err != nil {
			return err
		}
	}
	end := len(p.blocks)
	for end > start && p.blocks[end-1].kind == noEntry {
		end--
	}
	if end-start > maxRank {
		return p.errorf(n, "%d rounds: TRF holds at most %d", end-start, maxRank)
	}
	// Capped, so that growing one player's rounds never writes into the next's.
	rec.entries = p.blocks[start:end:end]
	p.blocks = p.blocks[:end]
	p.players = append(p.players, rec)
	return nil
}

// blockStart is the column (0-based) where round r's block begins.
func blockStart(r int) int { return colRounds + (r-1)*blockWidth }

// block reads round r's block of player id's 001 line, in p.cols, into e.
func (p *parser) block(n, r, id int, e *entry) error {
	opp, col, res, err := p.blockFields(n, r)
	if err != nil {
		return err
	}
	if opp < 0 && col == ' ' && res == ' ' {
		return nil
	}
	e.opp = int32(max(opp, 0))
	switch col { // letters may be upper case; no other character lowers to w or b
	case 'w', 'W':
		e.colour = 'w'
	case 'b', 'B':
		e.colour = 'b'
	case '-', ' ':
		e.colour = '-'
	default:
		return p.errorf(n, "round %d colour %q is not w, b or -", r, string(col))
	}
	code := res
	switch code {
	case 'W', 'w': // played but not rated: the same outcome as 1 = 0
		code = '1'
	case 'D', 'd':
		code = '='
	case 'L', 'l':
		code = '0'
	case 'h', 'f', 'u', 'z': // no other character uppers to a result code
		code -= 'a' - 'A'
	case '1', '0', '=', '+', '-', ' ', 'H', 'F', 'U', 'Z':
	default:
		return p.errorf(n, "round %d result %q is not a TRF result code (use 1 0 = + - H F U Z W D L)", r, string(res))
	}
	if e.opp == 0 {
		return p.bye(n, r, e, code, res)
	}
	if int(e.opp) == id {
		return p.errorf(n, "round %d: the player is paired against themself", r)
	}
	switch code {
	case 'H', 'F', 'U', 'Z':
		return p.errorf(n, "round %d: bye %q with opponent %d; a bye has opponent 0000", r, string(res), e.opp)
	case '1', '0', '=', ' ':
		if e.colour == '-' {
			what := fmt.Sprintf("result %q", string(res))
			if code == ' ' {
				what = "a game without a result"
			}
			return p.errorf(n, "round %d: %s needs colour w or b (only a forfeit + or - may have -)", r, what)
		}
	}
	e.kind, e.code = gameEntry, byte(code)
	return nil
}

// blockFields reads round r's block: the opponent (−1 when blank), the
// colour and the result. A block of ASCII digits and blanks in their
// places — nearly every block — is read from its bytes; any other is read
// rune by rune, for what is wrong with it.
func (p *parser) blockFields(n, r int) (opp int, col, res rune, err error) {
	c := blockStart(r)
	if b, ok := p.cols.asciiBlock(c); ok && b[4] == ' ' && b[6] == ' ' && b[8] == ' ' && b[9] == ' ' {
		if opp, ok := plainRank(b[:4]); ok {
			return opp, rune(b[5]), rune(b[7]), nil
		}
	}
	var blk [blockWidth]rune
	p.cols.block(c, &blk)
	if blk[4] != ' ' || blk[6] != ' ' || blk[8] != ' ' || blk[9] != ' ' {
		for _, gap := range [...]int{4, 6, 8, 9} {
			if blk[gap] != ' ' {
				return 0, 0, 0, p.errorf(n, "column %d should be blank: round %d is opponent, colour and result at columns %d-%d, %d and %d; is the line shifted?",
					c+gap+1, r, c+1, c+4, c+6, c+8)
			}
		}
	}
	digits := trimRunes(blk[:4])
	if len(digits) == 0 {
		return -1, blk[5], blk[7], nil
	}
	v, ok := runeNumber(digits, maxRank)
	if !ok {
		return 0, 0, 0, p.errorf(n, "round %d opponent %q is not a starting rank (write 4 digits, 0000 for none)", r, string(digits))
	}
	return v, blk[5], blk[7], nil
}

// plainRank reads an opponent field of digits with blanks only around
// them: the number, −1 when it is all blank; ok false for anything else.
func plainRank(b []byte) (v int, ok bool) {
	i := 0
	for i < len(b) && b[i] == ' ' {
		i++
	}
	if i == len(b) {
		return -1, true
	}
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		v = v*10 + int(b[i]-'0')
	}
	for ; i < len(b); i++ {
		if b[i] != ' ' {
			return 0, false
		}
	}
	return v, true
}

// trimRunes is s without blanks around it.
func trimRunes(s []rune) []rune {
	for len(s) > 0 && isBlank(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isBlank(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// isBlank is unicode.IsSpace, without a call for a blank or a digit, of
// which blocks are made.
func isBlank(r rune) bool { return r == ' ' || (r < '0' || r > '9') && unicode.IsSpace(r) }

// runeNumber is number for runes.
func runeNumber(s []rune, max int) (int, bool) {
	v := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, len(s) > 0 && v <= max
}

// bye reads a block with opponent 0000 (or blank). Match BP Online writes
// the colour it gives a pairing bye in the block ("0000 w U", R-S-3); TRF-16
// itself writes "-" for every bye, and so does Write (see ownLines).
func (p *parser) bye(n, r int, e *entry, code, res rune) error {
	switch code {
	case 'U', '+': // "0000 - +": the old way to write U
		e.bye = engine.PairingBye
	case 'F':
		e.bye = engine.FullBye
	case 'H', '=':
		e.bye = engine.HalfBye
	case 'Z', ' ', '-': // not paired
		e.bye = engine.ZeroBye
	default:
		return p.errorf(n, "round %d: result %q needs an opponent; without one use a bye: H, F, U or Z", r, string(res))
	}
	if e.colour != '-' && e.bye != engine.PairingBye {
		return p.errorf(n, "round %d: colour %c with bye %q; only a pairing-allocated bye (U) has a colour", r, e.colour, string(res))
	}
	e.kind = byeEntry
	return nil
}

// raw is round r's block of rec as written, blanks trimmed, for messages.
func (p *parser) raw(rec *record, r int) string {
	if r > len(rec.entries) {
		return ""
	}
	var line columns
	line.set(rec.text)
	return string(line.trimmed(blockStart(r), 8))
}
