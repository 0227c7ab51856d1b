package trf

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/qisai/qisai/engine"
)

// record is one 001 line; what the event keeps of it is in parser.roster.
type record struct {
	line  int // 0: none read yet
	start int // where the line starts in parser.data, for messages
	id    int
	n     int // its rounds in parser.grid, trailing empty blocks dropped
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
	opp    int16 // a starting rank, at most maxRank
	fouls  int16 // at most maxRank
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

// player reads 001 line n, b, which line views, column by column, or says
// what is wrong with it.
func (p *parser) player(n int, b []byte, line *columns) error {
	if bytes.IndexByte(b, '\t') >= 0 {
		return p.errorf(n, "tab in a player line: TRF-16 is in fixed columns; use spaces")
	}
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
	if id > len(p.records) {
		p.records = append(p.records, make([]record, id-len(p.records))...)
		p.roster = append(p.roster, make([]engine.Player, id-len(p.roster))...)
	}
	rec := &p.records[id-1]
	if rec.line != 0 {
		return p.errorf(n, "starting rank %d is given twice (also at line %d)", id, rec.line)
	}
	rating := 0
	if s := line.trimmed(colRating, 4); len(s) > 0 {
		if rating, ok = number(s, 9999); !ok {
			return p.errorf(n, "rating %q (columns 49-52) is not a number", s)
		}
	}
	if p.grid.e == nil { // guess every player has as many rounds as the first
		p.grid.grow(max(1, (line.len()-colRounds+blockWidth-1)/blockWidth))
	}
	rounds := 0 // up to the last block that is not empty
	tail := line.asciiTail(colRounds)
	for r := 1; blockStart(r) < line.len(); r++ {
		var e entry
		var err error
		opp, col, res, ok := plainBlock(tail, r)
		if !ok {
			opp, col, res, err = p.blockFields(n, r, line)
		}
		if err == nil {
			err = p.block(n, r, id, opp, col, res, &e)
		}
		if err != nil {
			return err
		}
		if e.kind != noEntry {
			// Past maxRank rounds the line is refused below, after its
			// blocks are checked. A starting rank above the file's lines
			// is refused once they are all read, unless a line before
			// then is wrong (parser.event).
			if r <= maxRank && id <= p.grid.players {
				*p.grid.cell(id, r-1) = e
			}
			rounds = r
		}
	}
	if rounds > maxRank {
		return p.errorf(n, "%d rounds: TRF holds at most %d", rounds, maxRank)
	}
	*rec = record{line: n, start: p.at, id: id, n: rounds}
	p.roster[id-1] = engine.Player{ID: id, Name: p.keep(line.trimmed(colName, nameWidth)), Rating: rating}
	p.players++
	return nil
}

// grid holds every player's round blocks, a column of players a round:
// player id's block of round r+1 is e[r*players+id-1]. A round's column of
// a big file fits in the processor's cache, so that checking each game
// against its opponent's block (fillRound) looks nowhere else.
type grid struct {
	e       []entry
	players int // a column's height: at least the number of 001 lines (parser.reserve)
	rounds  int
}

// grow makes room for rounds, keeping the blocks.
func (g *grid) grow(rounds int) {
	g.e = append(g.e, make([]entry, (rounds-g.rounds)*g.players)...)
	g.rounds = rounds
}

// cell is player id's block of round r+1, making room for it; id is at
// most g.players.
func (g *grid) cell(id, r int) *entry {
	if r >= g.rounds {
		g.grow(r + 1)
	}
	return &g.e[r*g.players+id-1]
}

// at is player id's block of round r+1, empty past the grid's rounds.
func (g *grid) at(id, r int) entry {
	if r >= g.rounds {
		return entry{}
	}
	return g.e[r*g.players+id-1]
}

// round is the blocks of round r+1 of players 1..n.
func (g *grid) round(r, n int) []entry { return g.e[r*g.players:][:n] }

// blockStart is the column (0-based) where round r's block begins.
func blockStart(r int) int { return colRounds + (r-1)*blockWidth }

// colourCodes is the colour Read keeps for each character of a block's
// colour column that is one (letters may be upper case); 0 for the rest.
var colourCodes = [256]byte{'w': 'w', 'W': 'w', 'b': 'b', 'B': 'b', '-': '-', ' ': '-'}

// resultCodes is the result code Read keeps for each character of a
// block's result column that is one: W D L (played, not rated) have the
// outcome of 1 = 0, and a bye's letter may be lower case; 0 for the rest.
var resultCodes = [256]byte{
	'1': '1', '0': '0', '=': '=', '+': '+', '-': '-', ' ': ' ', 'H': 'H', 'F': 'F', 'U': 'U', 'Z': 'Z',
	'W': '1', 'w': '1', 'D': '=', 'd': '=', 'L': '0', 'l': '0', 'h': 'H', 'f': 'F', 'u': 'U', 'z': 'Z',
}

// block reads round r's block of player id's 001 line into e, from its
// fields as blockFields gives them.
func (p *parser) block(n, r, id, opp int, col, res rune, e *entry) error {
	if opp < 0 && col == ' ' && res == ' ' {
		return nil
	}
	e.opp = int16(max(opp, 0))
	if col >= utf8.RuneSelf || colourCodes[col] == 0 {
		return p.errorf(n, "round %d colour %q is not w, b or -", r, string(col))
	}
	e.colour = colourCodes[col]
	if res >= utf8.RuneSelf || resultCodes[res] == 0 {
		return p.errorf(n, "round %d result %q is not a TRF result code (use 1 0 = + - H F U Z W D L)", r, string(res))
	}
	code := resultCodes[res]
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
	e.kind, e.code = gameEntry, code
	return nil
}

// plainBlock reads round r's block as blockFields does, when it is as
// nearly every block is — blanks and then digits (or four blanks), a
// blank, the colour, a blank, the result and blanks — from tail, the line's
// bytes from round 1 on when they are all ASCII (columns.asciiTail), so
// that a column is a byte. ok is false for any other block, which
// blockFields reads and says what is wrong with.
func plainBlock(tail []byte, r int) (opp int, col, res rune, ok bool) {
	k := (r - 1) * blockWidth
	if k+8 > len(tail) { // blank past the end of the line, but opponent, colour and result take 8 columns
		return 0, 0, 0, false
	}
	b := tail[k:]
	if b[4] != ' ' || b[6] != ' ' || len(b) > 8 && b[8] != ' ' || len(b) > 9 && b[9] != ' ' {
		return 0, 0, 0, false
	}
	i := 0
	for i < 4 && b[i] == ' ' {
		i++
	}
	if i == 4 {
		return -1, rune(b[5]), rune(b[7]), true
	}
	for ; i < 4; i++ {
		if b[i] < '0' || b[i] > '9' {
			return 0, 0, 0, false
		}
		opp = opp*10 + int(b[i]-'0')
	}
	return opp, rune(b[5]), rune(b[7]), true
}

// blockFields reads round r's block: the opponent (−1 when blank), the
// colour and the result, or what is wrong with them.
func (p *parser) blockFields(n, r int, line *columns) (opp int, col, res rune, err error) {
	c := blockStart(r)
	for _, gap := range [...]int{4, 6, 8, 9} {
		if line.at(c+gap) != ' ' {
			return 0, 0, 0, p.errorf(n, "column %d should be blank: round %d is opponent, colour and result at columns %d-%d, %d and %d; is the line shifted?",
				c+gap+1, r, c+1, c+4, c+6, c+8)
		}
	}
	col, res = line.at(c+5), line.at(c+7)
	digits := line.trimmed(c, 4)
	if len(digits) == 0 {
		return -1, col, res, nil
	}
	v, ok := number(digits, maxRank)
	if !ok {
		return 0, 0, 0, p.errorf(n, "round %d opponent %q is not a starting rank (write 4 digits, 0000 for none)", r, digits)
	}
	return v, col, res, nil
}

// bye reads a block with opponent 0000 (or blank). Match BP Online writes
// the colour it gives a pairing bye in the block ("0000 w U", R-S-3); TRF-16
// itself writes "-" for every bye, and so does Write (see ownLines).
func (p *parser) bye(n, r int, e *entry, code byte, res rune) error {
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
	if r > rec.n {
		return ""
	}
	b := p.data[rec.start:]
	if end := bytes.IndexAny(b, "\r\n"); end >= 0 { // where lineScanner ended the line
		b = b[:end]
	}
	var line columns
	line.set(b)
	return string(line.trimmed(blockStart(r), 8))
}
