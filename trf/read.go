package trf

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"github.com/qisai/qisai/engine"
)

// Read parses a TRF-16 file; name is used in error messages ("name:line: what is wrong").
func Read(r io.Reader, name string) (*engine.Event, error) {
	data, err := readAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return parse(data, name)
}

// parse reads the TRF-16 file data, named name. It never writes to data,
// which may be a file mapped read-only (ReadFile), and keeps no piece of
// it: what the event holds is copied.
func parse(data []byte, name string) (*engine.Event, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	p := &parser{file: name, data: data}
	s := lineScanner{data: data, lf: -1, cr: p.reserve(data)}
	var cols columns // the line being read; not in p, so that setting it is not a write to the heap
	var half *ahead  // the file's second half, read ahead
	defer func() {
		if half != nil { // an error or a panic in the first half
			half.cancel(p)
		}
	}()
	tried := false
	for n := 1; ; n++ {
		if half != nil && s.at == half.start {
			n, s = half.join(p, n, s)
			half = nil
		}
		p.at = s.at
		line, ok := s.next()
		if !ok {
			break
		}
		if isPlayer(line) {
			if p.plainPlayer(n, line) { // nearly every line of a big file
				if !tried {
					tried, half = true, p.readAhead(s, n+1)
				}
				continue
			}
			if half != nil { // not as the second half's reader assumed: one pass
				half.cancel(p)
				half = nil
				if p.plainPlayer(n, line) {
					continue
				}
			}
		}
		if p.plainUnit(n, line) { // a third of a big file's lines
			continue
		}
		// A file is UTF-8 when each of its lines is, since the line ends
		// are ASCII; columns checks a line's characters beyond ASCII as it
		// finds them.
		if !cols.set(line) {
			return nil, p.errorf(n, "not UTF-8 text; save the file as UTF-8")
		}
		if err := p.line(n, line, &cols); err != nil {
			return nil, err
		}
	}
	return p.event()
}

// readAll is io.ReadAll, in one piece for a file or a reader that knows
// its length, instead of growing a buffer many times over a big file.
// (A file qisai names is mapped instead: ReadFile.)
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
	data   []byte // the rest of the file
	lf, cr int    // offsets in data of the next LF and CR, len(data) if there is none, -1 if not searched yet
	at     int    // the offset in the file of data, and so of the line next returns
}

func (s *lineScanner) next() ([]byte, bool) {
	if len(s.data) == 0 {
		return nil, false
	}
	// Each end is searched for in the rest of the file, not the line: a
	// file with LF alone is searched for a CR once.
	s.lf = nextByte(s.data, '\n', s.lf)
	s.cr = nextByte(s.data, '\r', s.cr)
	end, next := s.lf, s.lf+1
	if s.cr < s.lf {
		end, next = s.cr, s.cr+1
		if s.cr+1 == s.lf {
			next++ // CR LF
		}
	}
	line := s.data[:end]
	next = min(next, len(s.data))
	s.data = s.data[next:]
	s.at += next
	s.lf, s.cr = s.lf-next, s.cr-next // below 0 when passed: search again
	return line, true
}

// nextByte is the offset of the next c in data, len(data) if there is
// none, given the last answer less what has been passed since (below 0:
// passed, or not searched yet).
func nextByte(data []byte, c byte, last int) int {
	if last >= 0 {
		return min(last, len(data))
	}
	if i := bytes.IndexByte(data, c); i >= 0 {
		return i
	}
	return len(data)
}

type parser struct {
	file string
	data []byte // the file, never changed while it is read
	at   int    // where in data the line being read starts
	name string
	// records[id-1] is the 001 line of starting rank id (line 0: none yet);
	// a file in rank order fills it front to back. roster[id-1] is the
	// player it names, as the event has them.
	records []record
	roster  []engine.Player
	players int  // 001 lines read
	lines   int  // the file's lines, never too few (reserve)
	grid    grid // every 001 line's round blocks
	// text holds every name and unit, one after another, so that the event
	// gets them all as substrings of one string (keep); a Builder, so that
	// the string is its memory, not a copy of it.
	text    strings.Builder
	teams   []team
	members []int // every team's members, one team after another (team.members)
	own     ownLines
	// While the second half of the file is read ahead, the ranks each
	// half reads: from and above for it, below below for parse (0: any);
	// and neither grows the grid (fixed). See ahead.
	from, below int
	fixed       bool

	rounds     int // XXR; 0 when absent
	roundsLine int
	roundsCode string
	firstCol   engine.FirstColourMethod
	points     map[string]engine.Points // BBW, BBD, BBL, BBU as given
}

// linesFrom is the most lines the file can have from line n on.
func (p *parser) linesFrom(n int) int { return max(p.lines-n+1, 1) }

// roomForOne makes room in s for one more of what a line adds one of,
// doubling s, but to no more than rest more: the lines left in the file.
// An empty s is made room for want at once, when that is more than 16.
func roomForOne[S ~[]E, E any](s S, want, rest int) S {
	if len(s) < cap(s) {
		return s
	}
	return slices.Grow(s, min(max(len(s), want, 16), rest))
}

// span is a piece of parser.members.
type span struct{ off, len int }

// keep adds b to the text and returns it as a string, a piece of the
// text's memory: the text is never written over, only added to, and when
// it grows, the strings taken before keep the memory they are in.
func (p *parser) keep(b []byte) string {
	p.text.Write(b)
	s := p.text.String()
	return s[len(s)-len(b):]
}

// reserve makes room for as many players as data has lines, up to the most
// TRF numbers, so that a big file grows no slice but the text. Lines end in
// LF, CR or both: the count is never too low, which the grid relies on. It
// returns the offset of the first CR, len(data) if there is none, which
// lineScanner would search for: a file without CR is searched for one once.
func (p *parser) reserve(data []byte) (firstCR int) {
	lines, firstCR := lineEnds(data)
	p.lines = lines + 1
	players := min(p.lines, maxRank)
	p.records, p.roster = make([]record, 0, players), make([]engine.Player, 0, players)
	p.grid.players = players
	p.text.Grow(32 * players) // a Chinese name of six characters and four digits, a unit for some
	return firstCR
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return &Error{File: p.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// line reads line n, b, which cols views.
func (p *parser) line(n int, b []byte, cols *columns) error {
	if len(b) < 3 {
		return nil
	}
	if isPlayer(b) { // not plain (Read tried plainPlayer)
		return p.anyPlayer(n, b, cols)
	}
	code, rest := recordCode(b), trimBlanks(b[3:])
	switch code {
	case "013":
		return p.team(n, b, cols)
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

// isPlayer reports whether line b is a 001 line.
func isPlayer(b []byte) bool { return len(b) >= 3 && b[0] == '0' && b[1] == '0' && b[2] == '1' }

// recordCode is the record code that starts line b, as a constant string
// (a string made of b would be made again for every line), or "" for a code
// Read skips.
func recordCode(b []byte) string {
	for _, c := range [...]string{codeUnit, codePending, codeByeColour, codeFouls, codeName,
		"013", "012", "XXR", "142", "XXC", "BBW", "BBD", "BBL", "BBU"} { // qisai's own lines first: a big file has thousands
		if string(b[:3]) == c {
			return c
		}
	}
	return ""
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
	members span // in parser.members
}

func (p *parser) team(n int, b []byte, cols *columns) error {
	if bytes.IndexByte(b, '\t') >= 0 {
		return p.errorf(n, "tab in a team line: TRF-16 is in fixed columns; use spaces")
	}
	name := cols.trimmed(colTeamName, teamNameWidth)
	if len(name) == 0 {
		return p.errorf(n, "team line without a team name (columns 5-36)")
	}
	start := len(p.members)
	for _, f := range bytes.Fields(cols.field(colMembers, cols.len())) {
		id, ok := number(f, maxRank)
		if !ok || id == 0 {
			return p.errorf(n, "team %q: member %q is not a starting rank (from column 37, 4 columns each with a blank between)", name, f)
		}
		p.members = append(p.members, id)
	}
	p.addTeam(n, p.keep(name), start)
	return nil
}

// addTeam adds the team of line n whose members are p.members[start:].
// The first makes room for a team a player read so far, and the teams grow
// to twice their number at a time after, but never beyond one a line for
// the rest of the file: a big file has a unit line for thousands of
// players, written after the player lines, so that its first unit line
// makes room for them all at once.
func (p *parser) addTeam(n int, name string, start int) {
	p.teams = roomForOne(p.teams, p.players, p.linesFrom(n))
	p.teams = append(p.teams, team{line: n, name: name, members: span{start, len(p.members) - start}})
}
