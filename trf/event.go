package trf

import (
	"fmt"
	"slices"

	"github.com/qisai/qisai/engine"
)

// event checks what needs the whole file and builds the event.
func (p *parser) event() (*engine.Event, error) {
	n := p.players
	if n == 0 {
		return nil, p.errorf(1, "no player lines (001); is this a TRF-16 file?")
	}
	if len(p.records) > n { // a starting rank above n: name the first line with one
		first := 0
		for _, rec := range p.records[n:] {
			if rec.line != 0 && (first == 0 || rec.line < p.records[first-1].line) {
				first = rec.id
			}
		}
		missing := 1
		for p.records[missing-1].line != 0 {
			missing++
		}
		return nil, p.errorf(p.records[first-1].line, "starting rank %d, but there are %d players: starting ranks must run 1..%d without gaps (%d is missing)",
			first, n, n, missing)
	}
	byID := p.records
	if err := p.own.apply(p, byID); err != nil {
		return nil, err
	}
	ev := &engine.Event{Name: p.name, Players: p.roster[:n:n]}
	if cap(p.roster) > 2*n { // a file of many more lines than players: not kept whole by the event
		ev.Players = slices.Clone(ev.Players)
	}
	if err := p.units(ev.Players); err != nil {
		return nil, err
	}

	played := 0
	for _, rec := range byID {
		played = max(played, rec.n)
	}
	if p.rounds != 0 && p.rounds < played {
		for _, rec := range byID {
			if rec.n == played {
				return nil, p.errorf(p.roundsLine, "%s says %d rounds, but player %d (line %d) has %d",
					p.roundsCode, p.rounds, rec.id, rec.line, played)
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
// games. The rounds are filled one at a time, each from its own column of
// the grid. At the first thing amiss they are filled again in the order of
// the players, each block checked against its opponent's, for the error
// that names the first player at fault.
func (p *parser) fillRounds(rounds []engine.Round, byID []record) error {
	for r := range rounds {
		if !p.fillOne(&rounds[r], r, len(byID)) {
			for i := range rounds {
				rounds[i].Games, rounds[i].Byes = rounds[i].Games[:0], rounds[i].Byes[:0]
			}
			return p.fill(rounds, byID)
		}
	}
	return nil
}

// fillOne fills round r+1 of players 1..n from its column of the grid and
// reports whether its blocks agree. Its games and its byes are counted
// first and made room for at once, in arrays of their own capped at their
// number, so that no slice grows and a caller's append to a round cannot
// overwrite another's; the column is then still in the processor's cache
// for fillRound.
func (p *parser) fillOne(rd *engine.Round, r, n int) bool {
	column := p.grid.round(r, n)
	blocks, byes := 0, 0 // game blocks: twice the games, when they agree
	for _, e := range column {
		switch e.kind {
		case byeEntry:
			byes++
		case gameEntry:
			blocks++
		}
	}
	if blocks > 0 {
		rd.Games = make([]engine.Game, 0, blocks/2)
	}
	if byes > 0 {
		rd.Byes = make([]engine.Bye, 0, byes)
	}
	return fillRound(rd, column) && blocks == 2*len(rd.Games)
}

// fillRound adds a round's games and byes from its blocks, one a player in
// the order of starting rank, and reports whether they agree. Only the
// block of a game's lower starting rank is checked against its opponent's.
// Each game is written once, in place in the room fillOne made for the
// round's games: a round with more games than that disagrees.
func fillRound(rd *engine.Round, blocks []entry) bool {
	games, k := rd.Games[:cap(rd.Games)], len(rd.Games)
	for i, e := range blocks {
		id := i + 1
		switch {
		case e.kind == byeEntry:
			rd.Byes = append(rd.Byes, engine.Bye{Player: id, Kind: e.bye, Colour: colourOf(e.colour)})
		case e.kind == gameEntry && int(e.opp) > id:
			if int(e.opp) > len(blocks) || k == len(games) {
				return false
			}
			g := &games[k]
			k++
			g.Board = k
			if gameOf(id, &blocks[i], int(e.opp), &blocks[e.opp-1], g) != agreed {
				return false
			}
		}
	}
	rd.Games = games[:k]
	return true
}

// entry is player id's block of round r+1.
func (p *parser) entry(id, r int) entry { return p.grid.at(id, r) }

// fill adds each player's games and byes to the rounds, in the order of
// starting rank, checking each game block against its opponent's.
func (p *parser) fill(rounds []engine.Round, byID []record) error {
	for i := range byID {
		a := &byID[i]
		for r := range a.n {
			e, rd := p.entry(a.id, r), &rounds[r]
			switch e.kind {
			case byeEntry:
				rd.Byes = append(rd.Byes, engine.Bye{Player: a.id, Kind: e.bye, Colour: colourOf(e.colour)})
			case gameEntry:
				g, ok, err := p.game(byID, a, e, r)
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
func (p *parser) checkScores(ev *engine.Event, byID []record) error {
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

// units sets Player.Unit from the 013 team lines and qisai's unit lines
// (R-SW-4).
func (p *parser) units(players []engine.Player) error {
	from := make([]int, len(players)+1) // player ID → 1 + the index in p.teams of the team that named them
	for i, t := range p.teams {
		for _, id := range p.members[t.members.off:][:t.members.len] {
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

// mismatch is what is wrong with a game's two blocks.
type mismatch int8

const (
	agreed     mismatch = iota
	unpaired            // the opponent's block is not a game against the player
	sameColour          // both blocks have colour w, or both b
	disagree            // the results are not a game's
)

// gameOf sets g to the game of player a's block e, against b, with b's
// block f; a < b, or the game is b's to give and gameOf only checks the
// pairing. g is left as it is unless they agree. The blocks are passed by
// reference: two of them by value take more registers than there are.
func gameOf(a int, e *entry, b int, f *entry, g *engine.Game) mismatch {
	if f.kind != gameEntry || int(f.opp) != a {
		return unpaired
	}
	if a > b {
		return agreed
	}
	if e.colour == f.colour && e.colour != '-' {
		return sameColour
	}
	red, black := a, b // a forfeit without colours: the lower starting rank is red
	re, be := e, f
	if e.colour == 'b' || f.colour == 'w' {
		red, black, re, be = b, a, f, e
	}
	result, ok := resultOf(re.code, be.code)
	if !ok {
		return disagree
	}
	g.Red, g.Black, g.Result = red, black, result
	g.RedFouls, g.BlackFouls = int(re.fouls), int(be.fouls)
	return agreed
}

// game checks a's round r+1 block e against its opponent's and returns the
// game, or ok false when the opponent has the lower starting rank and so
// gives it.
func (p *parser) game(byID []record, a *record, e entry, r int) (g engine.Game, ok bool, err error) {
	opp := int(e.opp)
	if opp > len(byID) {
		return g, false, p.errorf(a.line, "round %d: opponent %d is not a player (starting ranks run 1..%d)", r+1, e.opp, len(byID))
	}
	b := &byID[opp-1]
	f := p.entry(opp, r)
	switch gameOf(a.id, &e, opp, &f, &g) {
	case unpaired:
		has := "no game"
		if raw := p.raw(b, r+1); raw != "" {
			has = fmt.Sprintf("%q", raw)
		}
		return g, false, p.errorf(a.line, "round %d: player %d plays %d, but player %d (line %d) has %s in round %d",
			r+1, a.id, opp, opp, b.line, has, r+1)
	case sameColour:
		return g, false, p.errorf(a.line, "round %d: player %d and player %d (line %d) both have colour %c",
			r+1, a.id, opp, b.line, e.colour)
	case disagree:
		return g, false, p.errorf(a.line, "round %d: the results disagree: player %d has %q, player %d (line %d) has %q",
			r+1, a.id, p.raw(a, r+1), opp, b.line, p.raw(b, r+1))
	}
	return g, a.id < opp, nil
}
