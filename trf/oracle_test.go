package trf_test

// The TRF reader as it stood before it was made fast (issue 8, item 6),
// kept word for word as the oracle that TestReadAgreesWithOracle and
// FuzzReadOracle hold the fast reader to: the same event, or the same
// error, for every input. Only its names differ (oracleRead for Read,
// trf.Error for Error) and trf.go's constants and codes are copied in.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"unicode"
	"unicode/utf8"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/trf"
)

// Fixed columns, as 0-based offsets (TRF columns count characters).
const (
	colRank       = 4  // 5-8: starting rank
	colName       = 14 // 15-47
	nameWidth     = 33
	colRating     = 48 // 49-52
	colRounds     = 91 // 92: round 1's block; each block is 10 wide
	blockWidth    = 10
	colTeamName   = 4 // 013: 5-36
	teamNameWidth = 32
	colMembers    = 36 // 013: 37-40, 42-45, ...
	maxRank       = 9999
)

type gameCode struct {
	result     engine.Result
	red, black rune
}

// gameCodes pairs a game result with the result codes of its red and black
// players. Write uses it as it stands; Read looks the pair up in reverse.
var gameCodes = []gameCode{
	{engine.Pending, ' ', ' '},
	{engine.RedWin, '1', '0'},
	{engine.BlackWin, '0', '1'},
	{engine.Draw, '=', '='},
	{engine.RedForfeitWin, '+', '-'},
	{engine.BlackForfeitWin, '-', '+'},
	{engine.DoubleForfeit, '-', '-'},
}

// formatPoints writes points the way TRF does: "1.0", "0.5", "17.0".
func formatPoints(p engine.Points) string {
	if p%2 == 0 {
		return p.String() + ".0"
	}
	return p.String()
}

// pointsField formats points for the 4-column points field, dropping ".0"
// when that makes them fit; ok is false when they cannot fit.
func pointsField(p engine.Points) (s string, ok bool) {
	s = formatPoints(p)
	if len(s) > 4 && p%2 == 0 {
		s = p.String()
	}
	return s, len(s) <= 4
}

// oracleRead is the reader as it was before it was made fast; name is used in error messages ("name:line: what is wrong").
func oracleRead(r io.Reader, name string) (*engine.Event, error) {
	data, err := readAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	// Splitting at ASCII line ends keeps valid UTF-8 valid, so one look at
	// the whole file spares one per line; an invalid file is searched for
	// the line to name.
	valid := utf8.Valid(data)
	p := &parser{file: name}
	p.reserve(data)
	s := lineScanner{data: data, lf: -1}
	for n := 1; ; n++ {
		line, ok := s.next()
		if !ok {
			break
		}
		if !valid && !utf8.Valid(line) {
			return nil, p.errorf(n, "not UTF-8 text; save the file as UTF-8")
		}
		if err := p.line(n, line); err != nil {
			return nil, err
		}
	}
	return p.event()
}

// readAll is io.ReadAll, in one piece for a file or a reader that knows
// its length, instead of growing a buffer many times over a big file.
func readAll(r io.Reader) ([]byte, error) {
	size := 0
	switch r := r.(type) {
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := r.Stat(); err == nil && fi.Mode().IsRegular() {
			size = int(fi.Size())
		}
	case interface{ Len() int }:
		size = r.Len()
	}
	if size == 0 {
		return io.ReadAll(r)
	}
	var b bytes.Buffer
	b.Grow(size + bytes.MinRead) // ReadFrom wants room for one more read to see the end
	_, err := b.ReadFrom(r)
	return b.Bytes(), err
}

// lineScanner splits data at LF, CR LF and lone CR: TRF-16 ends lines with
// CR, and bbpPairings writes them so.
type lineScanner struct {
	data []byte
	lf   int // offset in data of the next LF, len(data) if there is none, -1 if not searched yet
}

func (s *lineScanner) next() ([]byte, bool) {
	if len(s.data) == 0 {
		return nil, false
	}
	if s.lf < 0 {
		if s.lf = bytes.IndexByte(s.data, '\n'); s.lf < 0 {
			s.lf = len(s.data)
		}
	}
	end, next := s.lf, s.lf+1
	if cr := bytes.IndexByte(s.data[:s.lf], '\r'); cr >= 0 {
		end, next = cr, cr+1
		if cr+1 == s.lf {
			next++ // CR LF
		}
	}
	line := s.data[:end]
	next = min(next, len(s.data))
	s.data = s.data[next:]
	if s.lf >= next {
		s.lf -= next
	} else {
		s.lf = -1
	}
	return line, true
}

type parser struct {
	file    string
	cols    columns // the line being read
	name    string
	players []record // in file order
	lineOf  []int    // lineOf[rank]: the line of that starting rank's 001 line, 0 if none
	blocks  []entry  // every 001 line's round blocks, one line after another
	teams   []team
	own     ownLines

	rounds     int // XXR; 0 when absent
	roundsLine int
	roundsCode string
	firstCol   engine.FirstColourMethod
	points     map[string]engine.Points // BBW, BBD, BBL, BBU as given
}

// reserve makes room for as many players as data has lines, so that a big
// file grows no slice.
func (p *parser) reserve(data []byte) {
	lines := bytes.Count(data, []byte{'\n'})
	if lines == 0 {
		lines = bytes.Count(data, []byte{'\r'})
	}
	lines++
	p.players = make([]record, 0, lines)
	p.lineOf = make([]int, 0, lines+1)
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return &trf.Error{File: p.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) line(n int, b []byte) error {
	if len(b) < 3 {
		return nil
	}
	if b[0] == '0' && b[1] == '0' && b[2] == '1' { // the most lines by far
		return p.player(n, b)
	}
	code, rest := string(b[:3]), bytes.TrimSpace(b[3:])
	switch code {
	case "013":
		return p.team(n, b)
	case "012":
		p.name = string(rest)
	case "XXR", "142":
		v, ok := number(rest, maxRank)
		if !ok || v == 0 {
			return p.errorf(n, "%s %q: want the total number of rounds, e.g. %q", code, rest, code+" 9")
		}
		p.rounds, p.roundsLine, p.roundsCode = v, n, code
	case "XXC":
		for _, f := range bytes.Fields(rest) {
			switch string(f) {
			case "white1":
				p.firstCol = engine.AlternateBoards
			case "black1":
				p.firstCol = engine.AlternateBoardsHigherRed
			}
		}
	case "BBW", "BBD", "BBL", "BBU":
		v, err := engine.ParsePoints(string(rest))
		_, fits := pointsField(v)
		if err != nil || !fits {
			return p.errorf(n, "%s %q: want points such as 1.0 or 0.5", code, rest)
		}
		if p.points == nil {
			p.points = map[string]engine.Points{}
		}
		p.points[code] = v
	case codeName, codeUnit, codePending, codeByeColour, codeFouls:
		return p.own.read(p, n, code, rest)
	}
	return nil
}

// number reads a whole number of ASCII digits no greater than max.
func number(s []byte, max int) (int, bool) {
	if len(s) == 0 || len(s) > 9 {
		return 0, false
	}
	v := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, v <= max
}

// team is one 013 line, or a unit line of qisai's own (one member).
type team struct {
	line    int
	name    string
	members []int
}

func (p *parser) team(n int, b []byte) error {
	if bytes.IndexByte(b, '\t') >= 0 {
		return p.errorf(n, "tab in a team line: TRF-16 is in fixed columns; use spaces")
	}
	p.cols.set(b)
	t := team{line: n, name: string(p.cols.trimmed(colTeamName, teamNameWidth))}
	if t.name == "" {
		return p.errorf(n, "team line without a team name (columns 5-36)")
	}
	for _, f := range bytes.Fields(p.cols.field(colMembers, p.cols.len())) {
		id, ok := number(f, maxRank)
		if !ok || id == 0 {
			return p.errorf(n, "team %q: member %q is not a starting rank (from column 37, 4 columns each with a blank between)", t.name, f)
		}
		t.members = append(t.members, id)
	}
	p.teams = append(p.teams, t)
	return nil
}

// columns is one line of a file seen in TRF's fixed columns, which count
// characters, not bytes: a Chinese name takes 3 bytes a column. Most lines
// are ASCII but for the name, so columns keeps the byte offset of each
// column only from the first non-ASCII byte to the last; before and after
// them, a column is a byte.
type columns struct {
	b      []byte
	lo, hi int     // bytes lo..hi-1 hold every non-ASCII character (lo == hi == len(b) when there is none)
	hiCol  int     // the column that starts at byte hi
	offs   []int32 // the byte offsets of columns lo..hiCol
}

// set makes c view line b, reusing the memory of c's offsets.
func (c *columns) set(b []byte) {
	c.b = b
	c.lo = firstNonASCII(b)
	c.hi, c.hiCol = len(b), len(b)
	if c.lo == len(b) {
		return
	}
	c.hi = lastNonASCII(b) + 1
	c.offs = c.offs[:0]
	for i := range string(b[c.lo:c.hi]) { // ranging over string(b) does not copy b
		c.offs = append(c.offs, int32(c.lo+i))
	}
	c.offs = append(c.offs, int32(c.hi))
	c.hiCol = c.lo + len(c.offs) - 1
}

// len is the number of columns.
func (c *columns) len() int { return c.hiCol + len(c.b) - c.hi }

// offset is the byte where column col starts; col is at most c.len().
func (c *columns) offset(col int) int {
	switch {
	case col <= c.lo:
		return col
	case col >= c.hiCol:
		return col - c.hiCol + c.hi
	}
	return int(c.offs[col-c.lo])
}

// field returns width columns from column from (0-based), cut short at the
// end of the line.
func (c *columns) field(from, width int) []byte {
	n := c.len()
	if from >= n {
		return nil
	}
	return c.b[c.offset(from):c.offset(min(from+width, n))]
}

// trimmed is field without blanks around it (unicode.IsSpace). The blanks
// that pad a field go first, byte by byte: bytes.TrimSpace alone would
// decode them one character at a time after a Chinese name.
func (c *columns) trimmed(from, width int) []byte {
	return bytes.TrimSpace(bytes.TrimRight(c.field(from, width), " "))
}

// at returns the character in column col (0-based), blank past the end.
func (c *columns) at(col int) rune {
	if col >= c.len() {
		return ' '
	}
	i := c.offset(col)
	if c.b[i] < utf8.RuneSelf {
		return rune(c.b[i])
	}
	r, _ := utf8.DecodeRune(c.b[i:])
	return r
}

// block copies the blockWidth columns from column from into dst, blank
// past the end of the line; most directly where the line is ASCII.
func (c *columns) block(from int, dst *[blockWidth]rune) {
	if from < c.hiCol {
		for i := range dst {
			dst[i] = c.at(from + i)
		}
		return
	}
	tail := c.b[min(from-c.hiCol+c.hi, len(c.b)):]
	if len(tail) >= blockWidth { // all but a line's last block
		for i := range dst {
			dst[i] = rune(tail[i])
		}
		return
	}
	for i := range dst {
		dst[i] = ' '
		if i < len(tail) {
			dst[i] = rune(tail[i])
		}
	}
}

// asciiBlock returns the blockWidth columns from column from, blank past
// the end of the line, when they lie after the line's last non-ASCII
// character (then a column is a byte); ok is false when they do not.
func (c *columns) asciiBlock(from int) (b [blockWidth]byte, ok bool) {
	if from < c.hiCol {
		return b, false
	}
	tail := c.b[min(from-c.hiCol+c.hi, len(c.b)):]
	if len(tail) >= blockWidth { // all but a line's last block
		return [blockWidth]byte(tail), true
	}
	for i := range b {
		b[i] = ' '
		if i < len(tail) {
			b[i] = tail[i]
		}
	}
	return b, true
}

const highBits = 0x8080808080808080

// firstNonASCII returns the index of b's first byte above 7 bits, or len(b),
// looking at 8 bytes at a time.
func firstNonASCII(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&highBits != 0 {
			break
		}
	}
	for ; i < len(b) && b[i] < utf8.RuneSelf; i++ {
	}
	return i
}

// lastNonASCII returns the index of b's last byte above 7 bits; b has one.
func lastNonASCII(b []byte) int {
	i := len(b)
	for ; i >= 8; i -= 8 {
		if binary.LittleEndian.Uint64(b[i-8:])&highBits != 0 {
			break
		}
	}
	for i--; b[i] < utf8.RuneSelf; i-- {
	}
	return i
}

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

// event checks what needs the whole file and builds the event.
func (p *parser) event() (*engine.Event, error) {
	n := len(p.players)
	if n == 0 {
		return nil, p.errorf(1, "no player lines (001); is this a TRF-16 file?")
	}
	byID := make([]*record, n)
	for i := range p.players {
		rec := &p.players[i]
		if rec.player.ID > n {
			missing := 1
			for p.lineOf[missing] != 0 {
				missing++
			}
			return nil, p.errorf(rec.line, "starting rank %d, but there are %d players: starting ranks must run 1..%d without gaps (%d is missing)",
				rec.player.ID, n, n, missing)
		}
		byID[rec.player.ID-1] = rec
	}
	if err := p.own.apply(p, byID); err != nil {
		return nil, err
	}
	ev := &engine.Event{Name: p.name, Players: make([]engine.Player, n)}
	for i, rec := range byID {
		ev.Players[i] = rec.player
	}
	if err := p.units(ev.Players); err != nil {
		return nil, err
	}

	played := 0
	for _, rec := range byID {
		played = max(played, len(rec.entries))
	}
	if p.rounds != 0 && p.rounds < played {
		for _, rec := range byID {
			if len(rec.entries) == played {
				return nil, p.errorf(p.roundsLine, "%s says %d rounds, but player %d (line %d) has %d",
					p.roundsCode, p.rounds, rec.player.ID, rec.line, played)
			}
		}
	}
	if played > 0 {
		ev.Rounds = make([]engine.Round, played)
		if err := p.fillRounds(ev.Rounds, byID); err != nil {
			return nil, err
		}
	}
	total := p.rounds
	if total == 0 {
		total = played
	}
	ev.Settings = p.settings(total)
	return ev, p.checkScores(ev, byID)
}

// fillRounds fills in the rounds' games and byes from the players' blocks.
//
// A game is taken from its lower starting rank's block, after checking the
// opponent's against it. That leaves unchecked only a block claiming a game
// its opponent does not: then a round has more game blocks than twice its
// games, and the blocks are checked again, each against its opponent, for
// the first to blame. Checking every block at once would look up each game
// twice in a big file's memory at random.
func (p *parser) fillRounds(rounds []engine.Round, byID []*record) error {
	blocks := make([]int, len(rounds)) // game blocks in each round
	byes := make([]int, len(rounds))
	for _, a := range byID {
		for r, e := range a.entries {
			switch e.kind {
			case byeEntry:
				byes[r]++
			case gameEntry:
				blocks[r]++
			}
		}
	}
	for r := range rounds { // room enough, so that no slice grows
		if blocks[r] > 0 {
			rounds[r].Games = make([]engine.Game, 0, blocks[r]/2)
		}
		if byes[r] > 0 {
			rounds[r].Byes = make([]engine.Bye, 0, byes[r])
		}
	}
	g := newGrid(byID, len(rounds))
	err := p.fill(rounds, byID, g, false)
	for r := range rounds {
		if err == nil && blocks[r] != 2*len(rounds[r].Games) {
			err = errUnpaired
		}
	}
	if err != nil {
		for r := range rounds {
			rounds[r].Games, rounds[r].Byes = rounds[r].Games[:0], rounds[r].Byes[:0]
		}
		return p.fill(rounds, byID, g, true) // for the error that names the first player at fault
	}
	return nil
}

// grid holds every player's round blocks in one array, a row of rounds per
// player, so that looking up an opponent's block is one read from memory,
// not two (the record, then its blocks).
type grid struct {
	e      []entry
	rounds int
}

func newGrid(byID []*record, rounds int) grid {
	g := grid{e: make([]entry, len(byID)*rounds), rounds: rounds}
	for i, rec := range byID {
		copy(g.e[i*rounds:], rec.entries)
	}
	return g
}

// at is player id's block of round r+1.
func (g grid) at(id, r int) entry { return g.e[(id-1)*g.rounds+r] }

// errUnpaired is an inconsistency fill finds only when it checks every block.
var errUnpaired = errors.New("a game block its opponent does not have")

// fill adds each player's games and byes to the rounds, in the order of
// starting rank. Unless all is set, the block of a game's higher starting
// rank is not checked against its opponent's.
func (p *parser) fill(rounds []engine.Round, byID []*record, blocks grid, all bool) error {
	for _, a := range byID {
		for r, e := range a.entries {
			rd := &rounds[r]
			switch {
			case e.kind == byeEntry:
				rd.Byes = append(rd.Byes, engine.Bye{Player: a.player.ID, Kind: e.bye, Colour: colourOf(e.colour)})
			case e.kind == gameEntry && (all || int(e.opp) > a.player.ID):
				g, ok, err := p.game(byID, blocks, a, r)
				if err != nil {
					return err
				}
				if ok { // taken once, at the lower starting rank
					g.Board = len(rd.Games) + 1
					rd.Games = append(rd.Games, g)
				}
			}
		}
	}
	return nil
}

func colourOf(c byte) engine.Colour {
	switch c {
	case 'w':
		return engine.Red
	case 'b':
		return engine.Black
	}
	return engine.NoColour
}

// settings are the event's settings from XXR, XXC and the BB lines.
func (p *parser) settings(rounds int) engine.Settings {
	s := engine.DefaultSettings(rounds)
	sc := engine.ScoringNational // TRF's own default (R-S-1)
	if v, ok := p.points["BBW"]; ok {
		sc.Win = v
	}
	if v, ok := p.points["BBD"]; ok {
		sc.Draw = v
	}
	if v, ok := p.points["BBL"]; ok {
		sc.Loss = v
	}
	s.Scoring = sc
	s.ByeValue = sc.Win // R-S-3's default, and bbpPairings'
	if v, ok := p.points["BBU"]; ok {
		s.ByeValue = v
	}
	s.FirstColour = p.firstCol
	return s
}

// checkScores refuses a scoring under which some score would not fit the
// 4-column points field, since Write could not write it. Every score from 0
// to 99.5 fits, so only when a player might score outside them are the
// scores counted.
func (p *parser) checkScores(ev *engine.Event, byID []*record) error {
	s := ev.Settings
	if min(s.Win, s.Draw, s.Loss, s.ByeValue) >= 0 &&
		max(s.Win, s.Draw, s.Loss, s.ByeValue)*engine.Points(len(ev.Rounds)) < engine.Pts(100) {
		return nil
	}
	for id, h := range ev.Histories()[1:] {
		if s, ok := pointsField(engine.Score(h)); !ok {
			return p.errorf(byID[id].line, "player %d scores %s under BBW/BBD/BBL/BBU, more than the 4-column points field holds", id+1, s)
		}
	}
	return nil
}

// units sets Player.Unit from the 013 team lines and qisai's unit lines (R-SW-4).
func (p *parser) units(players []engine.Player) error {
	from := make([]int, len(players)+1) // player ID → 1 + the index in p.teams of the team that named them
	for i, t := range p.teams {
		for _, id := range t.members {
			if id > len(players) {
				return p.errorf(t.line, "team %q: player %d is not in the file (starting ranks run 1..%d)", t.name, id, len(players))
			}
			if k := from[id]; k != 0 && p.teams[k-1].name != t.name {
				prev := p.teams[k-1]
				return p.errorf(t.line, "player %d is in two teams: %q (line %d) and %q", id, prev.name, prev.line, t.name)
			}
			from[id] = i + 1
			players[id-1].Unit = t.name
		}
	}
	return nil
}

// game checks a's round r+1 block against its opponent's and returns the
// game, or ok false when the opponent has the lower starting rank and so
// has already given it.
func (p *parser) game(byID []*record, blocks grid, a *record, r int) (g engine.Game, ok bool, err error) {
	e := blocks.at(a.player.ID, r)
	opp := int(e.opp)
	if opp > len(byID) {
		return g, false, p.errorf(a.line, "round %d: opponent %d is not a player (starting ranks run 1..%d)", r+1, e.opp, len(byID))
	}
	f := blocks.at(opp, r)
	if f.kind != gameEntry || int(f.opp) != a.player.ID {
		b := byID[opp-1]
		has := "no game"
		if raw := p.raw(b, r+1); raw != "" {
			has = fmt.Sprintf("%q", raw)
		}
		return g, false, p.errorf(a.line, "round %d: player %d plays %d, but player %d (line %d) has %s in round %d",
			r+1, a.player.ID, opp, opp, b.line, has, r+1)
	}
	if a.player.ID > opp {
		return g, false, nil
	}
	if e.colour == f.colour && e.colour != '-' {
		return g, false, p.errorf(a.line, "round %d: player %d and player %d (line %d) both have colour %c",
			r+1, a.player.ID, opp, byID[opp-1].line, e.colour)
	}
	red, black := a.player.ID, opp // a forfeit without colours: the lower starting rank is red
	re, be := e, f
	if e.colour == 'b' || f.colour == 'w' {
		red, black, re, be = opp, a.player.ID, f, e
	}
	for _, c := range gameCodes {
		if c.red == rune(re.code) && c.black == rune(be.code) {
			return engine.Game{
				Red: red, Black: black, Result: c.result,
				RedFouls: int(re.fouls), BlackFouls: int(be.fouls),
			}, true, nil
		}
	}
	b := byID[opp-1]
	return g, false, p.errorf(a.line, "round %d: the results disagree: player %d has %q, player %d (line %d) has %q",
		r+1, a.player.ID, p.raw(a, r+1), opp, b.line, p.raw(b, r+1))
}

// qisai's own lines carry what TRF-16 has no place for, under record codes
// that neither bbpPairings nor JaVaFo knows and so both skip. Each names a
// player by starting rank in columns 5-8, like a 001 line:
//
//	QSN rank name          the whole name, when the 001 line could not hold it
//	QSU rank unit          the player's unit (R-SW-4)
//	QSG rank round black   a game paired but not yet played: rank is red
//	QSB rank round w|b     the colour of a pairing-allocated bye (R-S-3)
//	QSF rank round fouls   the fouls in the player's game of that round (R-G-3)
const (
	codeName      = "QSN"
	codeUnit      = "QSU"
	codePending   = "QSG"
	codeByeColour = "QSB"
	codeFouls     = "QSF"
)

// ownLines holds qisai's own lines as read, until the 001 lines are all in.
type ownLines struct {
	names   []ownName
	marks   []ownMark // QSG, QSB and QSF
	members []int     // of the units' one-member teams
	strings map[string]string
}

type ownName struct {
	line, id int
	name     string
}

type ownMark struct {
	line             int
	code             string
	id, round, value int
}

func (o *ownLines) read(p *parser, n int, code string, rest []byte) error {
	var f [4][]byte
	nf := fields(rest, &f)
	var id int
	ok := nf > 0
	if ok {
		id, ok = number(f[0], maxRank)
	}
	if !ok || id == 0 {
		return p.errorf(n, "%s: want a starting rank from 1 to %d after the code, as in %q", code, maxRank, ownExample[code])
	}
	switch code {
	case codeName, codeUnit:
		text := bytes.TrimSpace(rest[len(f[0]):])
		if len(text) == 0 {
			return p.errorf(n, "%s %d: no text after the starting rank, as in %q", code, id, ownExample[code])
		}
		if code == codeName {
			o.names = append(o.names, ownName{n, id, string(text)})
			return nil
		}
		// A unit is a team of one. Its member is kept in one array for all
		// units, capped so that the next append cannot overwrite it.
		o.members = append(o.members, id)
		members := o.members[len(o.members)-1 : len(o.members) : len(o.members)]
		p.teams = append(p.teams, team{line: n, name: o.intern(text), members: members})
		return nil
	}
	m := ownMark{line: n, code: code, id: id}
	if nf == 3 {
		m.round, ok = number(f[1], maxRank)
		switch code {
		case codeByeColour:
			m.value = int(f[2][0])
			ok = ok && len(f[2]) == 1 && (m.value == 'w' || m.value == 'b')
		default:
			m.value, ok = number(f[2], maxRank)
		}
	}
	if nf != 3 || !ok || m.round == 0 {
		return p.errorf(n, "%s %q: want a starting rank, a round and %s, as in %q", code, rest, ownValue[code], ownExample[code])
	}
	o.marks = append(o.marks, m)
	return nil
}

// intern returns s as a string, the same string for every line that names
// the same unit.
func (o *ownLines) intern(s []byte) string {
	if v, ok := o.strings[string(s)]; ok { // the lookup does not copy s
		return v
	}
	if o.strings == nil {
		o.strings = map[string]string{}
	}
	v := string(s)
	o.strings[v] = v
	return v
}

// fields splits s at ASCII blanks into f, as far as f goes (the rest of s
// is the last field), and returns how many fields s has, up to len(f).
func fields(s []byte, f *[4][]byte) int {
	n := 0
	for n < len(f) {
		s = bytes.TrimLeft(s, " \t\v\f")
		if len(s) == 0 {
			break
		}
		end := bytes.IndexAny(s, " \t\v\f")
		if end < 0 || n == len(f)-1 {
			end = len(s)
		}
		f[n], s = s[:end], s[end:]
		n++
	}
	return n
}

var ownExample = map[string]string{
	codeName:      "QSN   12 Name",
	codeUnit:      "QSU   12 Unit",
	codePending:   "QSG   12    5   30",
	codeByeColour: "QSB   12    5 w",
	codeFouls:     "QSF   12    5    2",
}

var ownValue = map[string]string{
	codePending:   "the black player's starting rank",
	codeByeColour: "the colour w or b",
	codeFouls:     "the number of fouls",
}

// apply puts what qisai's own lines say into the players' records: the
// pending games first, so that fouls may be marked on them.
func (o *ownLines) apply(p *parser, byID []*record) error {
	player := func(line int, code string, id int) (*record, error) {
		if id > len(byID) {
			return nil, p.errorf(line, "%s: player %d is not in the file (starting ranks run 1..%d)", code, id, len(byID))
		}
		return byID[id-1], nil
	}
	named := map[int]int{} // player → the line that named them
	for _, nm := range o.names {
		rec, err := player(nm.line, codeName, nm.id)
		if err != nil {
			return err
		}
		if prev, ok := named[nm.id]; ok {
			return p.errorf(nm.line, "%s: player %d's name is given twice (also at line %d)", codeName, nm.id, prev)
		}
		named[nm.id] = nm.line
		rec.player.Name = nm.name
	}
	for _, pass := range []string{codePending, codeByeColour, codeFouls} {
		for _, m := range o.marks {
			if m.code != pass {
				continue
			}
			rec, err := player(m.line, m.code, m.id)
			if err != nil {
				return err
			}
			if err := p.mark(m, rec, byID); err != nil {
				return err
			}
		}
	}
	return nil
}

// mark applies one QSG, QSB or QSF line to player rec.
func (p *parser) mark(m ownMark, rec *record, byID []*record) error {
	r := m.round - 1
	var e entry
	if r < len(rec.entries) {
		e = rec.entries[r]
	}
	switch m.code {
	case codePending:
		if m.value == 0 || m.value > len(byID) || m.value == m.id {
			return p.errorf(m.line, "%s: player %d's opponent %d in round %d is not another player (starting ranks run 1..%d)",
				m.code, m.id, m.value, m.round, len(byID))
		}
		black := byID[m.value-1]
		for _, x := range []*record{rec, black} {
			if r < len(x.entries) && x.entries[r].kind != noEntry {
				return p.errorf(m.line, "%s: players %d and %d are paired in round %d, but player %d (line %d) has %q there",
					m.code, m.id, m.value, m.round, x.player.ID, x.line, p.raw(x, m.round))
			}
		}
		setEntry(rec, r, entry{kind: gameEntry, opp: int32(m.value), colour: 'w', code: ' '})
		setEntry(black, r, entry{kind: gameEntry, opp: int32(m.id), colour: 'b', code: ' '})
	case codeByeColour:
		if e.kind != byeEntry || e.bye != engine.PairingBye {
			return p.errorf(m.line, "%s: player %d has no pairing-allocated bye (U) in round %d to give a colour", m.code, m.id, m.round)
		}
		if e.colour != '-' && e.colour != byte(m.value) {
			return p.errorf(m.line, "%s: player %d's bye in round %d has colour %c in line %d, and %c here", m.code, m.id, m.round, e.colour, rec.line, m.value)
		}
		rec.entries[r].colour = byte(m.value)
	case codeFouls:
		if e.kind != gameEntry {
			return p.errorf(m.line, "%s: player %d has no game in round %d to count fouls in", m.code, m.id, m.round)
		}
		if e.fouls != 0 {
			return p.errorf(m.line, "%s: player %d's fouls in round %d are given twice", m.code, m.id, m.round)
		}
		rec.entries[r].fouls = int32(m.value)
	}
	return nil
}

// setEntry sets rec's block of round r+1, adding empty rounds before it as needed.
func setEntry(rec *record, r int, e entry) {
	for len(rec.entries) <= r {
		rec.entries = append(rec.entries, entry{})
	}
	rec.entries[r] = e
}
