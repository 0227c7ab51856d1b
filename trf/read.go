package trf

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/qisai/qisai/engine"
)

// Read parses a TRF-16 file; name is used in error messages ("name:line: what is wrong").
func Read(r io.Reader, name string) (*engine.Event, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	p := &parser{file: name, ranks: map[int]int{}, points: map[string]engine.Points{}}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	for i, line := range splitLines(data) {
		if err := p.line(i+1, line); err != nil {
			return nil, err
		}
	}
	return p.event()
}

// splitLines splits at LF, CR LF and lone CR: TRF-16 ends lines with CR,
// and bbpPairings writes them so.
func splitLines(data []byte) [][]byte {
	var lines [][]byte
	for len(data) > 0 {
		i := bytes.IndexAny(data, "\r\n")
		if i < 0 {
			return append(lines, data)
		}
		lines = append(lines, data[:i])
		if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
			i++
		}
		data = data[i+1:]
	}
	return lines
}

type parser struct {
	file    string
	name    string
	players []*record   // in file order
	ranks   map[int]int // starting rank → line
	teams   []team

	rounds     int // XXR; 0 when absent
	roundsLine int
	roundsCode string
	firstCol   engine.FirstColourMethod
	points     map[string]engine.Points // BBW, BBD, BBL, BBU as given
}

// record is one 001 line.
type record struct {
	line    int
	player  engine.Player
	entries []entry // entries[r-1] is round r; trailing empty blocks dropped
}

// team is one 013 line.
type team struct {
	line    int
	name    string
	members []int
}

type entryKind int8

const (
	noEntry entryKind = iota // an all-blank block
	byeEntry
	gameEntry
)

// entry is one round block of a 001 line.
type entry struct {
	kind   entryKind
	raw    string // the block as written, for messages
	opp    int
	colour rune // 'w', 'b' or '-'
	code   rune // a game's result: '1', '0', '=', '+', '-' or ' ' (none yet)
	bye    engine.ByeKind
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return &Error{File: p.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) line(n int, b []byte) error {
	if !utf8.Valid(b) {
		return p.errorf(n, "not UTF-8 text; save the file as UTF-8")
	}
	line := []rune(string(b))
	if len(line) < 3 {
		return nil
	}
	code, rest := string(line[:3]), strings.TrimSpace(string(line[3:]))
	switch code {
	case "001":
		return p.player(n, line)
	case "013":
		return p.team(n, line)
	case "012":
		p.name = rest
	case "XXR", "142":
		v, ok := number(rest, maxRank)
		if !ok || v == 0 {
			return p.errorf(n, "%s %q: want the total number of rounds, e.g. %q", code, rest, code+" 9")
		}
		p.rounds, p.roundsLine, p.roundsCode = v, n, code
	case "XXC":
		for _, f := range strings.Fields(rest) {
			switch f {
			case "white1":
				p.firstCol = engine.AlternateBoards
			case "black1":
				p.firstCol = engine.AlternateBoardsHigherRed
			}
		}
	case "BBW", "BBD", "BBL", "BBU":
		v, err := engine.ParsePoints(rest)
		_, fits := pointsField(v)
		if err != nil || !fits {
			return p.errorf(n, "%s %q: want points such as 1.0 or 0.5", code, rest)
		}
		p.points[code] = v
	}
	return nil
}

// number reads a whole number of ASCII digits no greater than max.
func number(s string, max int) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	v, _ := strconv.Atoi(s)
	return v, v <= max
}

// field returns width runes from column from, blank-padded past the end.
func field(line []rune, from, width int) string {
	if from >= len(line) {
		return ""
	}
	return string(line[from:min(from+width, len(line))])
}

func at(line []rune, col int) rune {
	if col < len(line) {
		return line[col]
	}
	return ' '
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

func (p *parser) player(n int, line []rune) error {
	if i := strings.IndexRune(string(line), '\t'); i >= 0 {
		return p.errorf(n, "tab in a player line: TRF-16 is in fixed columns; use spaces")
	}
	for _, g := range gaps {
		if at(line, g.col-1) != ' ' {
			return p.errorf(n, "column %d should be blank, between %s; is the line shifted?", g.col, g.between)
		}
	}
	rank := strings.TrimSpace(field(line, colRank, 4))
	id, ok := number(rank, maxRank)
	if !ok || id == 0 {
		return p.errorf(n, "starting rank %q (columns 5-8) is not a number from 1 to %d", rank, maxRank)
	}
	if prev, dup := p.ranks[id]; dup {
		return p.errorf(n, "starting rank %d is given twice (also at line %d)", id, prev)
	}
	p.ranks[id] = n
	rating := 0
	if s := strings.TrimSpace(field(line, colRating, 4)); s != "" {
		if rating, ok = number(s, 9999); !ok {
			return p.errorf(n, "rating %q (columns 49-52) is not a number", s)
		}
	}
	rec := &record{line: n, player: engine.Player{
		ID:     id,
		Name:   strings.TrimSpace(field(line, colName, nameWidth)),
		Rating: rating,
	}}
	for k := 0; colRounds+k*blockWidth < len(line); k++ {
		e, err := p.block(n, line, k+1, id)
		if err != nil {
			return err
		}
		rec.entries = append(rec.entries, e)
	}
	for len(rec.entries) > 0 && rec.entries[len(rec.entries)-1].kind == noEntry {
		rec.entries = rec.entries[:len(rec.entries)-1]
	}
	if len(rec.entries) > maxRank {
		return p.errorf(n, "%d rounds: TRF holds at most %d", len(rec.entries), maxRank)
	}
	p.players = append(p.players, rec)
	return nil
}

// block reads round r's block of player id's 001 line.
func (p *parser) block(n int, line []rune, r, id int) (entry, error) {
	c := colRounds + (r-1)*blockWidth
	for _, gap := range []int{c + 4, c + 6, c + 8, c + 9} {
		if at(line, gap) != ' ' {
			return entry{}, p.errorf(n, "column %d should be blank: round %d is opponent, colour and result at columns %d-%d, %d and %d; is the line shifted?",
				gap+1, r, c+1, c+4, c+6, c+8)
		}
	}
	e := entry{raw: strings.TrimSpace(field(line, c, 8))}
	opp := strings.TrimSpace(field(line, c, 4))
	col, res := at(line, c+5), at(line, c+7)
	if opp == "" && col == ' ' && res == ' ' {
		return e, nil
	}
	if opp != "" {
		var ok bool
		if e.opp, ok = number(opp, maxRank); !ok {
			return e, p.errorf(n, "round %d opponent %q is not a starting rank (write 4 digits, 0000 for none)", r, opp)
		}
	}
	switch unicode.ToLower(col) {
	case 'w', 'b':
		e.colour = unicode.ToLower(col)
	case '-', ' ':
		e.colour = '-'
	default:
		return e, p.errorf(n, "round %d colour %q is not w, b or -", r, string(col))
	}
	code := unicode.ToUpper(res)
	switch code {
	case 'W', 'D', 'L': // played but not rated: the same outcome as 1 = 0
		code = map[rune]rune{'W': '1', 'D': '=', 'L': '0'}[code]
	case '1', '0', '=', '+', '-', ' ', 'H', 'F', 'U', 'Z':
	default:
		return e, p.errorf(n, "round %d result %q is not a TRF result code (use 1 0 = + - H F U Z W D L)", r, string(res))
	}
	if e.opp == 0 {
		return p.bye(n, r, e, code, res)
	}
	if e.opp == id {
		return e, p.errorf(n, "round %d: the player is paired against themself", r)
	}
	switch code {
	case 'H', 'F', 'U', 'Z':
		return e, p.errorf(n, "round %d: bye %q with opponent %d; a bye has opponent 0000", r, string(res), e.opp)
	case '1', '0', '=', ' ':
		if e.colour == '-' {
			what := fmt.Sprintf("result %q", string(res))
			if code == ' ' {
				what = "a game without a result"
			}
			return e, p.errorf(n, "round %d: %s needs colour w or b (only a forfeit + or - may have -)", r, what)
		}
	}
	e.kind, e.code = gameEntry, code
	return e, nil
}

// bye reads a block with opponent 0000 (or blank).
func (p *parser) bye(n, r int, e entry, code, res rune) (entry, error) {
	if e.colour != '-' {
		return e, p.errorf(n, "round %d: colour %c without an opponent; a bye has colour -", r, e.colour)
	}
	kinds := map[rune]engine.ByeKind{
		'U': engine.PairingBye, '+': engine.PairingBye, // "0000 - +": the old way to write U
		'F': engine.FullBye,
		'H': engine.HalfBye, '=': engine.HalfBye,
		'Z': engine.ZeroBye, ' ': engine.ZeroBye, '-': engine.ZeroBye, // not paired
	}
	k, ok := kinds[code]
	if !ok {
		return e, p.errorf(n, "round %d: result %q needs an opponent; without one use a bye: H, F, U or Z", r, string(res))
	}
	e.kind, e.bye = byeEntry, k
	return e, nil
}

func (p *parser) team(n int, line []rune) error {
	if strings.ContainsRune(string(line), '\t') {
		return p.errorf(n, "tab in a team line: TRF-16 is in fixed columns; use spaces")
	}
	t := team{line: n, name: strings.TrimSpace(field(line, colTeamName, teamNameWidth))}
	if t.name == "" {
		return p.errorf(n, "team line without a team name (columns 5-36)")
	}
	for _, f := range strings.Fields(field(line, colMembers, len(line))) {
		id, ok := number(f, maxRank)
		if !ok || id == 0 {
			return p.errorf(n, "team %q: member %q is not a starting rank (from column 37, 4 columns each with a blank between)", t.name, f)
		}
		t.members = append(t.members, id)
	}
	p.teams = append(p.teams, t)
	return nil
}

// event checks what needs the whole file and builds the event.
func (p *parser) event() (*engine.Event, error) {
	n := len(p.players)
	if n == 0 {
		return nil, p.errorf(1, "no player lines (001); is this a TRF-16 file?")
	}
	byID := make([]*record, n)
	for _, rec := range p.players {
		if rec.player.ID > n {
			missing := 1
			for p.ranks[missing] != 0 {
				missing++
			}
			return nil, p.errorf(rec.line, "starting rank %d, but there are %d players: starting ranks must run 1..%d without gaps (%d is missing)",
				rec.player.ID, n, n, missing)
		}
		byID[rec.player.ID-1] = rec
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
		if len(rec.entries) > played {
			played = len(rec.entries)
		}
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
	}
	for _, a := range byID {
		for r, e := range a.entries {
			switch e.kind {
			case byeEntry:
				ev.Rounds[r].Byes = append(ev.Rounds[r].Byes, engine.Bye{Player: a.player.ID, Kind: e.bye})
			case gameEntry:
				g, err := p.game(byID, a, r)
				if err != nil {
					return nil, err
				}
				if g != nil { // taken once, at the lower starting rank
					g.Board = len(ev.Rounds[r].Games) + 1
					ev.Rounds[r].Games = append(ev.Rounds[r].Games, *g)
				}
			}
		}
	}

	total := p.rounds
	if total == 0 {
		total = played
	}
	ev.Settings = engine.DefaultSettings(total)
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
	ev.Settings.Scoring = sc
	ev.Settings.ByeValue = sc.Win // R-S-3's default, and bbpPairings'
	if v, ok := p.points["BBU"]; ok {
		ev.Settings.ByeValue = v
	}
	ev.Settings.FirstColour = p.firstCol

	for id, h := range ev.Histories()[1:] {
		if s, ok := pointsField(engine.Score(h)); !ok {
			return nil, p.errorf(byID[id].line, "player %d scores %s under BBW/BBD/BBL/BBU, more than the 4-column points field holds", id+1, s)
		}
	}
	return ev, nil
}

// units sets Player.Unit from the 013 team lines (R-SW-4).
func (p *parser) units(players []engine.Player) error {
	from := map[int]team{} // player ID → the team that named them
	for _, t := range p.teams {
		for _, id := range t.members {
			if id > len(players) {
				return p.errorf(t.line, "team %q: player %d is not in the file (starting ranks run 1..%d)", t.name, id, len(players))
			}
			if prev, ok := from[id]; ok && prev.name != t.name {
				return p.errorf(t.line, "player %d is in two teams: %q (line %d) and %q", id, prev.name, prev.line, t.name)
			}
			from[id] = t
			players[id-1].Unit = t.name
		}
	}
	return nil
}

// game checks a's round r+1 block against its opponent's and returns the
// game, or nil when the opponent has the lower starting rank and so has
// already given it.
func (p *parser) game(byID []*record, a *record, r int) (*engine.Game, error) {
	e := a.entries[r]
	if e.opp > len(byID) {
		return nil, p.errorf(a.line, "round %d: opponent %d is not a player (starting ranks run 1..%d)", r+1, e.opp, len(byID))
	}
	b := byID[e.opp-1]
	var f entry
	if r < len(b.entries) {
		f = b.entries[r]
	}
	if f.kind != gameEntry || f.opp != a.player.ID {
		has := "no game"
		if f.raw != "" {
			has = fmt.Sprintf("%q", f.raw)
		}
		return nil, p.errorf(a.line, "round %d: player %d plays %d, but player %d (line %d) has %s in round %d",
			r+1, a.player.ID, b.player.ID, b.player.ID, b.line, has, r+1)
	}
	if a.player.ID > b.player.ID {
		return nil, nil
	}
	if e.colour == f.colour && e.colour != '-' {
		return nil, p.errorf(a.line, "round %d: player %d and player %d (line %d) both have colour %c",
			r+1, a.player.ID, b.player.ID, b.line, e.colour)
	}
	red, black := a, b // a forfeit without colours: the lower starting rank is red
	rc, bc := e.code, f.code
	if e.colour == 'b' || f.colour == 'w' {
		red, black, rc, bc = b, a, f.code, e.code
	}
	for _, c := range gameCodes {
		if c.red == rc && c.black == bc {
			return &engine.Game{Red: red.player.ID, Black: black.player.ID, Result: c.result}, nil
		}
	}
	return nil, p.errorf(a.line, "round %d: the results disagree: player %d has %q, player %d (line %d) has %q",
		r+1, a.player.ID, e.raw, b.player.ID, b.line, f.raw)
}
