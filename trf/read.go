package trf

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/qisai/qisai/engine"
)

// Read parses a TRF-16 file; name is used in error messages ("name:line: what is wrong").
func Read(r io.Reader, name string) (*engine.Event, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return parse(data, name)
}

// ReadFile reads the TRF-16 file at path, as Read reads it, with path in
// its messages.
func ReadFile(path string) (*engine.Event, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parse(data, path)
}

// parse reads the TRF-16 file data, named name, a line at a time. What
// the event holds is copied from data.
func parse(data []byte, name string) (*engine.Event, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	p := &parser{file: name, data: data}
	p.reserve(data)
	s := lineScanner{data: data, lf: -1, cr: -1}
	var cols columns // the line being read
	for n := 1; ; n++ {
		p.at = s.at
		line, ok := s.next()
		if !ok {
			break
		}
		// A file is UTF-8 when each of its lines is, since the line ends
		// are ASCII.
		if !cols.set(line) {
			return nil, p.errorf(n, "not UTF-8 text; save the file as UTF-8")
		}
		if err := p.line(n, line, &cols); err != nil {
			return nil, err
		}
	}
	return p.event()
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
	data []byte // the file
	at   int    // where in data the line being read starts
	name string
	// records[id-1] is the 001 line of starting rank id (line 0: none yet);
	// a file in rank order fills it front to back. roster[id-1] is the
	// player it names, as the event has them.
	records []record
	roster  []engine.Player
	players int  // 001 lines read
	grid    grid // every 001 line's round blocks
	// text holds every name and unit, one after another, so that the event
	// gets them all as substrings of one string (keep); a Builder, so that
	// the string is its memory, not a copy of it.
	text    strings.Builder
	teams   []team
	members []int // every team's members, one team after another (team.members)
	own     ownLines

	rounds     int // XXR; 0 when absent
	roundsLine int
	roundsCode string
	firstCol   engine.FirstColourMethod
	points     map[string]engine.Points // BBW, BBD, BBL, BBU as given
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
// LF, CR or both: counting both, the count is never too low, which the grid
// relies on.
func (p *parser) reserve(data []byte) {
	lines := bytes.Count(data, []byte{'\n'}) + bytes.Count(data, []byte{'\r'}) + 1
	players := min(lines, maxRank)
	p.records, p.roster = make([]record, 0, players), make([]engine.Player, 0, players)
	p.grid.players = players
	p.text.Grow(32 * players) // a Chinese name of six characters and four digits, a unit for some
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return &Error{File: p.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// line reads line n, b, which cols views.
func (p *parser) line(n int, b []byte, cols *columns) error {
	if len(b) < 3 {
		return nil
	}
	if isPlayer(b) {
		return p.player(n, b, cols)
	}
	code, rest := recordCode(b), bytes.TrimSpace(b[3:])
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
func (p *parser) addTeam(n int, name string, start int) {
	p.teams = append(p.teams, team{line: n, name: name, members: span{start, len(p.members) - start}})
}
