package trf

import (
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
