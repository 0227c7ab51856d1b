package engine

// Entry is one player's round as the rules see it.
type Entry struct {
	Opponent int    // 0 when there was no game
	Colour   Colour // NoColour when there was no game
	Outcome  Outcome
	Points   Points
	Fouls    int
	Bye      ByeKind // meaningful when Outcome is OutcomeBye
	// ByeColour is the colour recorded with a pairing bye (R-S-3: red for a
	// player who needed red, else black); Settings.CountByeColour counts it.
	ByeColour Colour
}

// Outcome of one round for one player.
type Outcome int8

const (
	OutcomeNone        Outcome = iota // not paired in that round (yet)
	OutcomePending                    // paired, no result yet
	OutcomeWin                        // won over the board
	OutcomeDraw                       // drew over the board
	OutcomeLoss                       // lost over the board
	OutcomeForfeitWin                 // + : opponent did not play
	OutcomeForfeitLoss                // − : did not play
	OutcomeBye                        // no game; see Entry.Bye
	// OutcomePostponed: paired, the game put off with no result yet (补赛,
	// R-E-3); a later round is paired without waiting for it.
	OutcomePostponed
)

// Played reports whether the game was played over the board (R-T-0).
func (e Entry) Played() bool { return e.Outcome.played() }

// played: win, draw and loss follow each other, so one unsigned compare
// asks it (a round's history reader asks it of every entry).
func (o Outcome) played() bool { return uint8(o-OutcomeWin) <= uint8(OutcomeLoss-OutcomeWin) }

// PlayedColour is the colour of a game played over the board, else NoColour.
func (e Entry) PlayedColour() Colour {
	if e.Played() {
		return e.Colour
	}
	return NoColour
}

// Won reports a win, a forfeit win included (胜局 counts forfeit wins, R-T-0).
func (e Entry) Won() bool { return e.Outcome == OutcomeWin || e.Outcome == OutcomeForfeitWin }

// Histories returns, for every player, one Entry per round in ev.Rounds
// (index 0 is round 1). A player absent from a round, or whose game there
// was struck out (Game.Void, R-W-2), has OutcomeNone there.
func (ev *Event) Histories() [][]Entry {
	n := len(ev.Players)
	h := make([][]Entry, n+1) // indexed by player ID; h[0] unused
	rounds := len(ev.Rounds)
	all := make([]Entry, n*rounds) // one block: one allocation, not one a player
	for id := 1; id <= n; id++ {
		h[id] = all[(id-1)*rounds : id*rounds : id*rounds]
	}
	// One reading of which games and byes count, and which wins when a
	// player is named twice in a round: roundRecords, as pairing reads it.
	row := make([]entryRecord, n+1)
	pts := newEntryPoints(&ev.Settings)
	for r, rd := range ev.Rounds {
		ev.roundRecords(r, row)
		for id := 1; id <= n; id++ {
			if rec := row[id]; rec.outcome != OutcomeNone {
				h[id][r] = Entry{Opponent: int(rec.opponent), Colour: rec.colour, Outcome: rec.outcome,
					Points: pts.of(rec.outcome, rec.bye), Bye: rec.bye, ByeColour: rec.byeColour}
			}
		}
		// The fouls of the game each entry came from (the records leave
		// them out): a later game of the same two in the same colours is
		// the one recorded, and it comes later here too.
		for i := range rd.Games {
			g := &rd.Games[i]
			if !gameCounts(g, n) {
				continue
			}
			if e := &h[g.Red][r]; e.Outcome != OutcomeBye && e.Opponent == g.Black && e.Colour == Red {
				e.Fouls = g.RedFouls
			}
			if e := &h[g.Black][r]; e.Outcome != OutcomeBye && e.Opponent == g.Red && e.Colour == Black {
				e.Fouls = g.BlackFouls
			}
		}
	}
	return h
}

// gameCounts reports whether a game of an event of n players counts for
// anybody: a struck-out game does not (R-W-2), nor one with a player not
// in the event.
func gameCounts(g *Game, n int) bool { return !g.Void && valid(g.Red, n) && valid(g.Black, n) }

// roundRecords writes round r+1's entries into row, indexed by player id
// and zero where the player has none, as Histories has them — a player's
// bye replacing his game, the later game the earlier — less the points
// and the fouls.
func (ev *Event) roundRecords(r int, row []entryRecord) {
	clear(row)
	n := len(ev.Players)
	games := ev.Rounds[r].Games
	for i := range games {
		g := &games[i] // a Game is wide to copy for each
		if !gameCounts(g, n) {
			continue
		}
		o := outcomes[uint8(g.Result)]
		if g.Postponed && g.Result == Pending {
			o = [2]Outcome{OutcomePostponed, OutcomePostponed}
		}
		row[g.Red] = entryRecord{opponent: int32(g.Black), outcome: o[0], colour: Red}
		row[g.Black] = entryRecord{opponent: int32(g.Red), outcome: o[1], colour: Black}
	}
	for _, b := range ev.Rounds[r].Byes {
		if valid(b.Player, n) {
			row[b.Player] = entryRecord{outcome: OutcomeBye, bye: b.Kind, byeColour: b.Colour}
		}
	}
}

// entryPoints is what an entry scores by its outcome, and a bye's by its
// kind, as Histories scores them: a table, so that reading a round's
// entry back (entryRecord) asks no Settings.
type entryPoints struct{ game, bye [256]Points }

func newEntryPoints(set *Settings) *entryPoints {
	t := &entryPoints{}
	for i := range 256 {
		t.game[i] = set.Scoring.points(Outcome(int8(i)))
		t.bye[i] = set.byePoints(ByeKind(int8(i)))
	}
	return t
}

func (t *entryPoints) of(o Outcome, bye ByeKind) Points {
	if o == OutcomeBye {
		return t.bye[uint8(bye)]
	}
	return t.game[uint8(o)]
}

// entryRecord is an Entry as pairing reads it, in 8 bytes: no points (they
// follow from the outcome, entryPoints) and no fouls.
type entryRecord struct {
	opponent  int32
	outcome   Outcome
	colour    Colour
	bye       ByeKind
	byeColour Colour
}

// outcomes is gameOutcomes as a table by result, red's then black's: a
// round's results are mixed, so a lookup, not a branch to mispredict a game.
var outcomes = func() (t [256][2]Outcome) {
	for i := range t {
		t[i][0], t[i][1] = gameOutcomes(Result(int8(i)))
	}
	return t
}()

// valid reports 1 ≤ id ≤ n by one unsigned compare (a round's reading
// asks it twice a game).
func valid(id, n int) bool { return uint(id-1) < uint(n) }

func gameOutcomes(r Result) (red, black Outcome) {
	switch r {
	case RedWin:
		return OutcomeWin, OutcomeLoss
	case BlackWin:
		return OutcomeLoss, OutcomeWin
	case Draw:
		return OutcomeDraw, OutcomeDraw
	case RedForfeitWin:
		return OutcomeForfeitWin, OutcomeForfeitLoss
	case BlackForfeitWin:
		return OutcomeForfeitLoss, OutcomeForfeitWin
	case DoubleForfeit:
		return OutcomeForfeitLoss, OutcomeForfeitLoss
	}
	return OutcomePending, OutcomePending
}

// points scores one outcome: forfeit wins as wins, forfeit losses as losses (R-S-1).
func (s Scoring) points(o Outcome) Points {
	switch o {
	case OutcomeWin, OutcomeForfeitWin:
		return s.Win
	case OutcomeDraw:
		return s.Draw
	case OutcomeLoss, OutcomeForfeitLoss:
		return s.Loss
	}
	return 0
}

// byePoints values a round without a game (R-S-3, R-W-3).
func (s Settings) byePoints(k ByeKind) Points {
	switch k {
	case PairingBye:
		return s.ByeValue
	case FullBye:
		return s.Win
	case HalfBye, LateDraw:
		return s.Draw
	case WithdrawnLoss:
		return s.Loss
	}
	return 0
}

// Score is the sum of a history's points.
func Score(h []Entry) Points {
	var p Points
	for _, e := range h {
		p += e.Points
	}
	return p
}

// Scores is every player's Score, by player ID (index 0 unused), read as
// Histories reads the rounds but without making the histories: a
// fraction of their cost, for a table of thousands of players' scores.
func (ev *Event) Scores() []Points {
	n := len(ev.Players)
	scores := make([]Points, n+1)
	row := make([]entryRecord, n+1)
	pts := newEntryPoints(&ev.Settings)
	for r := range ev.Rounds {
		ev.roundRecords(r, row)
		for id := 1; id <= n; id++ {
			if rec := row[id]; rec.outcome != OutcomeNone {
				scores[id] += pts.of(rec.outcome, rec.bye)
			}
		}
	}
	return scores
}

// Met reports whether players a and b have met in a game that R-SW-9
// forbids repeating: a game played over the board, or any pairing when
// Settings.CountForfeits counts forfeits (the pairer's own test, for
// checking a pairing changed by hand).
func (ev *Event) Met(a, b int) bool {
	for _, rd := range ev.Rounds {
		for _, g := range rd.Games {
			if g.Void || !(g.Red == a && g.Black == b || g.Red == b && g.Black == a) {
				continue
			}
			if g.Result.Played() || ev.Settings.CountForfeits {
				return true
			}
		}
	}
	return false
}
