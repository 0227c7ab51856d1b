package engine

import (
	"fmt"
	"sync"
)

// readHistories makes the round's players (the active ones without a bye
// entered ahead) from the rounds before, as Histories has them but in
// entries of 8 bytes (entryRecord): each round is written into a row by
// id, then read along the row once — each paired player's colours, colour
// state and opponents into his places in the round's histories. The scores
// and the floats, which need every player's score before each round, are
// read by scoresAndFloats, on a second goroutine for a big field: the two
// read the same rounds into rows of their own and write nothing the other
// reads, so the players are the same whichever finishes first. Each pass
// walks the row and the players in order, and no block holds a pointer for
// the collector.
func (s *swiss) readHistories(ev *Event, round int) error {
	n, rounds := len(ev.Players), len(ev.Rounds)
	preset := ev.presetByes(round)
	at := make([]int32, n+1) // by id: 1 + the place among the round's players, 0 for none
	count := 0
	for i := range ev.Players {
		if p := &ev.Players[i]; p.Active(round) && !preset[p.ID] {
			count++
			at[p.ID] = int32(count)
		}
	}
	var score []Points
	floats := make([]int, count)
	var wg sync.WaitGroup
	if count*rounds >= parallelEntries {
		wg.Go(func() { score = scoresAndFloats(ev, at, floats) })
	} else {
		score = scoresAndFloats(ev, at, floats)
	}
	field := make([]swissPlayer, count) // one block, pointer-free: made zero, not scanned
	s.pastColours = make([]Colour, count*rounds)
	s.pastOpps = make([]int32, count*rounds)
	units := unitNumbers(ev, s.units || round == 1)
	for i := range ev.Players {
		p := &ev.Players[i] // a pointer: a Player is wide to copy for each
		if k := at[p.ID]; k > 0 {
			sp := &field[k-1]
			sp.id, sp.hist = p.ID, (k-1)*int32(rounds)
			if units != nil {
				sp.unit = units(p.Unit)
			}
		}
	}
	row := make([]entryRecord, n+1) // by id: his entry of the round read
	var missing []int32             // by place: 1 + his first round without a result, 0 for none
	forfeits, byeColours := s.set.CountForfeits, s.set.CountByeColour
	colours, opps := s.pastColours, s.pastOpps
	for r := range ev.Rounds {
		ev.roundRecords(r, row)
		for id, rec := range row {
			k := at[id]
			if k == 0 {
				continue
			}
			sp := &field[k-1]
			if rec.outcome == OutcomePending {
				if missing == nil {
					missing = make([]int32, count)
				}
				if missing[k-1] == 0 {
					missing[k-1] = int32(r + 1)
				}
			}
			// What counts by the settings (R-T-0, R-S-3): his colours
			// and opponents, his run of one colour and his byes. A
			// postponed game counts whatever they say: it is to be played
			// in its colours, and never paired again (R-E-3).
			counted := rec.outcome.played() || (forfeits && rec.opponent != 0) || rec.outcome == OutcomePostponed
			c := NoColour
			if counted {
				c = rec.colour
			}
			if rec.outcome == OutcomeBye {
				sp.hadBye = sp.hadBye || rec.bye == PairingBye
				if byeColours {
					c = rec.byeColour
				}
			}
			if c != NoColour {
				at := sp.hist + sp.nColours
				red := int32(oneIf(c == Red)) // a toss-up a game: no branch
				// The run goes on when the colour is his last one's, else
				// starts again: one more red (+1) or black (−1).
				same := sp.nColours > 0 && colours[at-1] == c
				sp.runLen = int32(oneIf(same))*sp.runLen + 2*red - 1
				colours[at] = c
				sp.nColours++
				sp.reds += red
			}
			if counted {
				opps[sp.hist+sp.nOpps] = rec.opponent
				sp.nOpps++
				b := uint(rec.opponent) % 256
				sp.metBits[b/64] |= 1 << (b % 64)
			}
		}
	}
	wg.Wait()
	for k, r := range missing {
		if r > 0 {
			return fmt.Errorf("round %d: the result of %s in round %d is missing; enter it before pairing round %d",
				round, describe(ev.Players[field[k].id-1]), r, round)
		}
	}
	s.players = make([]*swissPlayer, count)
	for k := range field {
		sp := &field[k]
		sp.score, sp.floats = score[sp.id], floats[k]
		sp.steps = float64(sp.score) / float64(s.step)
		// runLen held his current run while the rounds were read: the
		// state (R-SW-7) is 100·(reds − blacks) plus it.
		sp.setState(100*int(2*sp.reds-sp.nColours) + int(sp.runLen))
		s.players[k] = sp
	}
	return nil
}

// parallelEntries is the fewest entries (players × rounds) whose scores
// and floats readHistories reads on a second goroutine: for fewer,
// starting one costs more than it saves.
var parallelEntries = 1 << 14

// scoresAndFloats reads the rounds of ev for every player's score after
// them, by id, and the floats of each of the round's players (at: by id, 1
// + his place, 0 for none) into floats, by place: a float is a game
// against a player of another score before the round, up or down (R-SW-8),
// and a pairing bye floats the player down out of the field. The scores
// before and after a round are two tables by id that swap a round.
func scoresAndFloats(ev *Event, at []int32, floats []int) (score []Points) {
	n := len(ev.Players)
	row := make([]entryRecord, n+1)
	scores := make([]Points, 2*(n+1))
	score, next := scores[:n+1], scores[n+1:]
	pts := newEntryPoints(&ev.Settings)
	for r := range ev.Rounds {
		ev.roundRecords(r, row)
		for id, rec := range row {
			mine := score[id]
			next[id] = mine + pts.of(rec.outcome, rec.bye)
			k := at[id]
			if k == 0 {
				continue
			}
			if rec.outcome == OutcomeBye && rec.bye == PairingBye {
				floats[k-1]--
			}
			if opp := rec.opponent; opp != 0 {
				// Up or down by a compare, not a branch: who is higher
				// is a toss-up a game.
				theirs := score[opp]
				floats[k-1] += oneIf(mine < theirs) - oneIf(mine > theirs)
			}
		}
		score, next = next, score
	}
	return score
}
