package action

import (
	"slices"
	"time"

	"github.com/qisai/qisai/engine"
)

// Play is what is under way in the games of the current round: results
// reported and not yet confirmed (R-G-1), draw offers (R-G-2), check-ins
// at the board (R-G-4) and 猜先 (R-C-4). The play actions (results.go,
// draws.go, guess.go, CheckedIn) build it; results become final through
// ResultSet only.
//
// Play belongs to one round: the first play action of a newer round starts
// it afresh, so nothing carries over once a round is published. A game
// whose result is in has nothing under way: Underway hides it and the next
// play action drops it.
type Play struct {
	Round int `json:"round,omitempty"`
	// Since is when Round was published (startPlay); zero when unknown.
	Since time.Time `json:"since,omitzero"`
	// Starts is when Round starts, when an organiser said so
	// (RoundScheduled); late arrivals count from it, else from Since
	// (R-G-4, LateDeadline). Reminded says the reminder before it went out
	// (RoundReminded).
	Starts   time.Time `json:"starts,omitzero"`
	Reminded bool      `json:"reminded,omitempty"`
	// LateFrom is when an arbiter started the late-arrival limit again
	// (LateWaited): it counts from then. LateReferred says the late players
	// were left to the arbiter (LateReferred): the clock forfeits nobody
	// for lateness until the limit is started again.
	LateFrom     time.Time `json:"lateFrom,omitzero"`
	LateReferred bool      `json:"lateReferred,omitempty"`
	// Guessing says an arbiter called for 猜先 in this round: the winner of
	// each game's guess chooses their colour (R-C-3, GuessCalled).
	Guessing bool `json:"guessing,omitempty"`
	// Seq is the number of the action that published Round (startPlay):
	// the buttons of the round's notes name it. 0 in states saved before.
	Seq   int64      `json:"seq,omitempty"`
	Games []GamePlay `json:"games,omitempty"` // by board, only boards with something under way
}

// GamePlay is what is under way on one board.
type GamePlay struct {
	Board int `json:"board"`
	// Report is a result one player reported; it is pending until the
	// opponent confirms, an arbiter sets the result or the confirmation
	// window ends (R-G-1).
	Report *Report `json:"report,omitempty"`
	// Dispute is the opponent's answer to Report when they disagree: a
	// contradicting report, or a plain dispute (Result Pending). Only an
	// arbiter decides the game then.
	Dispute *Report `json:"dispute,omitempty"`
	// Offer is an open draw offer; it cannot be withdrawn (R-G-2).
	Offer *Offer `json:"offer,omitempty"`
	// Declined is the player whose draw offer was declined last: they may
	// not offer again until the opponent has offered (R-G-2). 0: nobody.
	Declined int `json:"declined,omitempty"`
	// Here are the players at the board (R-G-4), from their check-in or
	// their first play action, whichever came first.
	Here []CheckIn `json:"here,omitempty"`
	// Guess is the 猜先 of the game (R-C-4), nil before it starts.
	Guess *Guess `json:"guess,omitempty"`
	// Chose is the colour an armageddon game's chooser took (R-F-5,
	// ColourChosen); NoColour until they choose.
	Chose engine.Colour `json:"chose,omitempty"`
}

// Report is a result as a player reported it, red's view (RedWin, BlackWin
// or Draw), and when. Seq is the number of the action that made it: a
// button that answers this report names it (0 in states saved before).
type Report struct {
	Player int           `json:"player"`
	Result engine.Result `json:"result"`
	At     time.Time     `json:"at"`
	Seq    int64         `json:"seq,omitempty"`
}

// Offer is a draw offer: who made it, when, and the number of the action
// that made it (as Report's Seq).
type Offer struct {
	Player int       `json:"player"`
	At     time.Time `json:"at"`
	Seq    int64     `json:"seq,omitempty"`
}

// CheckIn is a player at the board, and since when (R-G-4).
type CheckIn struct {
	Player int       `json:"player"`
	At     time.Time `json:"at"`
}

// Arrived returns when player checked in at the board, and whether they
// have (R-G-4).
func (gp GamePlay) Arrived(player int) (time.Time, bool) {
	for _, h := range gp.Here {
		if h.Player == player {
			return h.At, true
		}
	}
	return time.Time{}, false
}

// Underway returns what is under way on board of round: the zero GamePlay
// (with Board set) when play belongs to another round or the game's result
// is in.
func (st *State) Underway(round, board int) GamePlay {
	g, err := gameAt(st, round, board)
	if err != nil || g.Result.Decided() || st.Play.Round != round {
		return GamePlay{Board: board}
	}
	if i := st.Play.find(board); i >= 0 {
		return st.Play.Games[i]
	}
	return GamePlay{Board: board}
}

// GameOf returns player's game in the current (last published) round, and
// whether they have one there (not: a bye, no round yet, no such player).
func (st *State) GameOf(player int) (round int, g engine.Game, ok bool) {
	round = len(st.Event.Rounds)
	if round == 0 || player < 1 {
		return round, engine.Game{}, false
	}
	for _, g := range st.Event.Rounds[round-1].Games {
		if g.Red == player || g.Black == player {
			return round, g, true
		}
	}
	return round, engine.Game{}, false
}

// DueActions returns the actions the clock makes due at now, for the
// scheduler (commands.Service.Tick) to append. watched is since when the
// scheduler has run without a break (no gap, no step of the clock; zero:
// always):
//
//   - before the start, R-E-5: the close of sign-up at its deadline
//     (SignupDeadlinePassed) and the announcement that the check-in before
//     round 1 is open (CheckInOpened); nothing else is due then;
//   - the reminder of the current round's start (RoundReminded), once,
//     Info.RemindBefore before it (remindDue); once the start has come
//     without it (the scheduler was not running), a note that it was
//     missed instead (RoundReminded.Missed);
//   - in a team event, at the round's start the line-ups still waiting,
//     the registered order for a team that sent none (LineupsRevealed,
//     R-TM-1);
//   - R-G-4: once the late-arrival limit (Info.LateAfter) has passed since
//     the round started — its start time, else its publication, or an
//     arbiter's restart (LateDeadline) — a pending game with a player not
//     at the board by then is lost by that player by forfeit (both absent:
//     a double forfeit). Only when the scheduler watched the whole limit:
//     otherwise nobody could check in meanwhile, and the late players are
//     left to the arbiter (LateReferred), once, instead;
//   - R-G-1: a reported result the opponent neither confirmed nor disputed
//     within the confirmation window (Info.ConfirmWithin) stands as
//     reported.
//
// The reminder comes first, then the referral, then the results: ResultSet
// actions, at most one a game, late arrival first. It is pure: the
// scheduler calls it again on the state inside its Update, so a report
// confirmed or disputed meanwhile is not overtaken and a reminder goes out
// once. A limit, a window or a reminder time of 0 makes nothing due;
// neither does an event that is not running, but for the sign-up rules.
func DueActions(st *State, now, watched time.Time) []Action {
	if due := st.dueBeforeStart(now); due != nil {
		return due // R-E-5: the sign-up deadline, the check-in's opening
	}
	round := len(st.Event.Rounds)
	if st.Status != Running || round == 0 {
		return nil
	}
	var due []Action
	if st.remindDue(now) {
		due = append(due, &RoundReminded{Round: round, Missed: !now.Before(st.Play.Starts)})
	}
	if st.revealDue(now) {
		due = append(due, &LineupsRevealed{Round: round}) // team_rounds.go
	}
	deadline, late := st.LateDeadline()
	lateDue := late && !now.Before(deadline) && !st.Play.LateReferred
	if lateDue && watched.After(st.lateFrom()) {
		// Not watched from the limit's start: the arbiter decides.
		if len(st.lateBy(deadline)) > 0 {
			due = append(due, &LateReferred{Round: round})
		}
		lateDue = false
	}
	window := st.Info.ConfirmWithin
	for _, g := range st.Event.Rounds[round-1].Games {
		if g.Result.Decided() || g.Void {
			continue
		}
		gp := st.Underway(round, g.Board)
		if lateDue {
			if res := forfeit(gp.arrivedBy(g.Red, deadline), gp.arrivedBy(g.Black, deadline)); res != engine.Pending {
				due = append(due, &ResultSet{Round: round, Board: g.Board, Result: res})
				continue
			}
		}
		if r := gp.Report; window > 0 && r != nil && gp.Dispute == nil && !now.Before(r.At.Add(window)) {
			due = append(due, &ResultSet{Round: round, Board: g.Board, Result: r.Result})
		}
	}
	return due
}

// lateBy is the current round's pending games with a player not at the
// board by deadline.
func (st *State) lateBy(deadline time.Time) []int {
	round := len(st.Event.Rounds)
	var boards []int
	for _, g := range st.Event.Rounds[round-1].Games {
		if g.Result.Decided() || g.Void {
			continue
		}
		gp := st.Underway(round, g.Board)
		if forfeit(gp.arrivedBy(g.Red, deadline), gp.arrivedBy(g.Black, deadline)) != engine.Pending {
			boards = append(boards, g.Board)
		}
	}
	return boards
}

// forfeit is the result of a game whose players were at the board in time
// or not (R-G-4): Pending when both were.
func forfeit(red, black bool) engine.Result {
	switch {
	case !red && !black:
		return engine.DoubleForfeit
	case !red:
		return engine.BlackForfeitWin
	case !black:
		return engine.RedForfeitWin
	}
	return engine.Pending
}

// arrivedBy reports whether player was at the board by deadline.
func (gp GamePlay) arrivedBy(player int, deadline time.Time) bool {
	at, ok := gp.Arrived(player)
	return ok && !at.After(deadline)
}

// startPlay begins the play of the round just published, at st.At: late
// arrivals count from then (R-G-4) unless the round is given a start time
// (RoundScheduled). RoundPublished.Apply calls it.
func (st *State) startPlay() {
	st.Play = Play{Round: len(st.Event.Rounds), Since: st.At, Seq: st.Seq}
}

// roundPlay returns the play of round for a play action to change,
// started afresh when it belonged to an older round.
func (st *State) roundPlay(round int) *Play {
	if st.Play.Round != round {
		st.Play = Play{Round: round}
	}
	return &st.Play
}

// find returns the index of board's play, or -1.
func (p *Play) find(board int) int {
	return slices.IndexFunc(p.Games, func(gp GamePlay) bool { return gp.Board == board })
}

// gamePlay returns board's play in round for a play action to change, after
// starting afresh when play belonged to an older round and dropping the
// play of games whose result is in.
func (st *State) gamePlay(round, board int) *GamePlay {
	st.roundPlay(round)
	st.Play.Games = slices.DeleteFunc(st.Play.Games, func(gp GamePlay) bool {
		g, err := gameAt(st, round, gp.Board)
		return err != nil || g.Result.Decided()
	})
	i := st.Play.find(board)
	if i < 0 {
		st.Play.Games = append(st.Play.Games, GamePlay{Board: board})
		slices.SortFunc(st.Play.Games, func(a, b GamePlay) int { return a.Board - b.Board })
		i = st.Play.find(board)
	}
	return &st.Play.Games[i]
}

// playing checks that player may act in their game on board of round: the
// event runs, round is the current one, the game is theirs and has no
// result yet. It returns the game, to read (an action that changes it puts
// it back: putGame), and the opponent.
func playing(st *State, round, board, player int) (engine.Game, int, error) {
	if err := current(st, round); err != nil {
		return engine.Game{}, 0, err
	}
	g, err := gameAt(st, round, board)
	if err != nil {
		return engine.Game{}, 0, err
	}
	var opponent int
	switch player {
	case g.Red:
		opponent = g.Black
	case g.Black:
		opponent = g.Red
	default:
		return engine.Game{}, 0, refuse(Forbidden, "%d 号选手不在第 %d 台下棋", "player %d does not play on board %d", player, board).because(NotYourBoard)
	}
	if r := st.unplayed(round, board); g.Void && r != nil {
		return engine.Game{}, 0, r
	}
	if g.Result.Decided() || g.Void {
		return engine.Game{}, 0, refuse(Conflict, "第 %d 台的结果已经确定", "the result of board %d is in already", board).because(ResultIn)
	}
	return g, opponent, nil
}

// arrive records player at the board at st.At unless they are there
// already: whoever acts in their game is at the board (R-G-4).
func (gp *GamePlay) arrive(player int, at time.Time) {
	if _, ok := gp.Arrived(player); !ok {
		gp.Here = append(gp.Here, CheckIn{Player: player, At: at})
	}
}

func (p Play) clone() Play {
	c := p
	c.Games = make([]GamePlay, len(p.Games))
	for i, gp := range p.Games {
		gp.Report = clonePtr(gp.Report)
		gp.Dispute = clonePtr(gp.Dispute)
		gp.Offer = clonePtr(gp.Offer)
		gp.Guess = clonePtr(gp.Guess)
		gp.Here = slices.Clone(gp.Here)
		c.Games[i] = gp
	}
	if p.Games == nil {
		c.Games = nil
	}
	return c
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}
