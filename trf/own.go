package trf

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/qisai/qisai/engine"
)

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
	names []ownName
	marks []ownMark // QSG, QSB and QSF
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
			o.names = append(o.names, ownName{n, id, p.keep(text)})
			return nil
		}
		p.addUnit(n, id, text)
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

// addUnit records unit line n: player id's unit is text.
func (p *parser) addUnit(n, id int, text []byte) {
	// A unit is a team of one.
	p.members = append(p.members, id)
	p.addTeam(n, p.keep(text), len(p.members)-1)
}

// fields splits s at ASCII blanks into f, as far as f goes (the rest of s
// is the last field), and returns how many fields s has, up to len(f).
func fields(s []byte, f *[4][]byte) int {
	const blanks = " \t\v\f"
	n := 0
	for n < len(f) {
		s = bytes.TrimLeft(s, blanks)
		if len(s) == 0 {
			break
		}
		end := bytes.IndexAny(s, blanks)
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
func (o *ownLines) apply(p *parser, byID []record) error {
	player := func(line int, code string, id int) (*record, error) {
		if id > len(byID) {
			return nil, p.errorf(line, "%s: player %d is not in the file (starting ranks run 1..%d)", code, id, len(byID))
		}
		return &byID[id-1], nil
	}
	named := map[int]int{} // player → the line that named them
	for _, nm := range o.names {
		if _, err := player(nm.line, codeName, nm.id); err != nil {
			return err
		}
		if prev, ok := named[nm.id]; ok {
			return p.errorf(nm.line, "%s: player %d's name is given twice (also at line %d)", codeName, nm.id, prev)
		}
		named[nm.id] = nm.line
		p.roster[nm.id-1].Name = nm.name
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
func (p *parser) mark(m ownMark, rec *record, byID []record) error {
	r := m.round - 1
	e := p.entry(rec.id, r)
	switch m.code {
	case codePending:
		if m.value == 0 || m.value > len(byID) || m.value == m.id {
			return p.errorf(m.line, "%s: player %d's opponent %d in round %d is not another player (starting ranks run 1..%d)",
				m.code, m.id, m.value, m.round, len(byID))
		}
		black := &byID[m.value-1]
		for _, x := range []*record{rec, black} {
			if p.entry(x.id, r).kind != noEntry {
				return p.errorf(m.line, "%s: players %d and %d are paired in round %d, but player %d (line %d) has %q there",
					m.code, m.id, m.value, m.round, x.id, x.line, p.raw(x, m.round))
			}
		}
		p.setEntry(rec, r, entry{kind: gameEntry, opp: int16(m.value), colour: 'w', code: ' '})
		p.setEntry(black, r, entry{kind: gameEntry, opp: int16(m.id), colour: 'b', code: ' '})
	case codeByeColour:
		if e.kind != byeEntry || e.bye != engine.PairingBye {
			return p.errorf(m.line, "%s: player %d has no pairing-allocated bye (U) in round %d to give a colour", m.code, m.id, m.round)
		}
		if e.colour != '-' && e.colour != byte(m.value) {
			return p.errorf(m.line, "%s: player %d's bye in round %d has colour %c in line %d, and %c here", m.code, m.id, m.round, e.colour, rec.line, m.value)
		}
		p.grid.cell(rec.id, r).colour = byte(m.value)
	case codeFouls:
		if e.kind != gameEntry {
			return p.errorf(m.line, "%s: player %d has no game in round %d to count fouls in", m.code, m.id, m.round)
		}
		if e.fouls != 0 {
			return p.errorf(m.line, "%s: player %d's fouls in round %d are given twice", m.code, m.id, m.round)
		}
		p.grid.cell(rec.id, r).fouls = int16(m.value)
	}
	return nil
}

// setEntry sets rec's block of round r+1.
func (p *parser) setEntry(rec *record, r int, e entry) {
	*p.grid.cell(rec.id, r) = e
	rec.n = max(rec.n, r+1)
}

// writeOwn writes qisai's own lines for ev (see ownLines); names[id] is the
// name the 001 line of player id holds.
func writeOwn(b *strings.Builder, ev *engine.Event, names []string, o options) {
	for _, pl := range ev.Players {
		if name := cleanText(pl.Name); name != names[pl.ID-1] {
			fmt.Fprintf(b, "%s %4d %s\n", codeName, pl.ID, name)
		}
	}
	if !o.withoutUnits {
		for _, pl := range ev.Players {
			if unit := cleanText(pl.Unit); unit != "" {
				fmt.Fprintf(b, "%s %4d %s\n", codeUnit, pl.ID, unit)
			}
		}
	}
	for r, rd := range ev.Rounds {
		for _, g := range rd.Games {
			if g.Result == engine.Pending {
				fmt.Fprintf(b, "%s %4d %4d %4d\n", codePending, g.Red, r+1, g.Black)
			}
		}
	}
	for r, rd := range ev.Rounds {
		for _, by := range rd.Byes {
			if c, ok := colourCode[by.Colour]; ok && by.Kind == engine.PairingBye {
				fmt.Fprintf(b, "%s %4d %4d %c\n", codeByeColour, by.Player, r+1, c)
			}
		}
	}
	for r, rd := range ev.Rounds {
		for _, g := range rd.Games {
			for _, side := range [...]struct{ id, fouls int }{{g.Red, g.RedFouls}, {g.Black, g.BlackFouls}} {
				if side.fouls > 0 {
					fmt.Fprintf(b, "%s %4d %4d %4d\n", codeFouls, side.id, r+1, side.fouls)
				}
			}
		}
	}
}

var colourCode = map[engine.Colour]byte{engine.Red: 'w', engine.Black: 'b'}
