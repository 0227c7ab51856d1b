package trf_test

// Part of the oracle, the reader as it was: see oracle_test.go.

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/qisai/qisai/engine"
)

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
