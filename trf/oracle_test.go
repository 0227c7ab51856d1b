package trf_test

// The TRF reader as it stood before it was made fast (issue 8, item 6),
// kept word for word as the oracle that TestReadAgreesWithOracle and
// FuzzReadOracle hold the fast reader to: the same event, or the same
// error, for every input. Only its names differ (oracleRead for Read,
// trf.Error for Error) and trf.go's constants and codes are copied in.
// This file has the reading of lines and columns, oracle_player_test.go
// the 001 lines, oracle_event_test.go the event and qisai's own lines.

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"io/fs"
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
