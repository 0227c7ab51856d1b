package engine

import (
	"fmt"
)

// Withdraw records that player id leaves the event after round `after`
// (0 = before round 1). It applies R-W-1..3 for ev.Settings.System and
// returns an error (and changes nothing) when id is unknown, already
// withdrawn, or after is out of range.
//
// Nothing is deleted (R-W-4): games stay in their rounds, only their
// results change. For the rounds already in ev.Rounds after `after`:
//
//   - The player's pending games go to the opponent by forfeit
//     (RedForfeitWin or BlackForfeitWin); a forfeit win the player got from
//     an opponent who had left too becomes a DoubleForfeit. A game the player
//     played, or won by forfeit from an opponent still in the event, shows
//     they did not leave then: Withdraw refuses it.
//   - Swiss (R-W-3): results so far stand and each remaining round counts as
//     a forfeit loss: a bye of theirs, or a round without any entry, becomes
//     Bye{Kind: WithdrawnLoss}. The Swiss pairer does not pair them again.
//   - Round robin (R-W-2): the player keeps their place in the table and
//     their remaining games are forfeited to the opponents; a bye of theirs
//     becomes a ZeroBye. If they played fewer than half of the games the
//     table gives them (n−1 in a single cycle, byes not counted; twice that
//     in a double round robin; forfeits are not games played, R-T-0), all
//     their results are struck out: every game of theirs, past and paired,
//     is marked Void, so it counts for nobody — not for them, not for the
//     opponent — and their byes become ZeroByes.
//
// Rounds paired later go through AddRound, which settles the leaver's board
// or bye the same way.
//
// Before round 1 (R-W-1) the player is marked WithdrawnAfter = -1. A round
// robin then draws its table over the remaining players, renumbered 1, 2, …
// in ID order (the redraw of §20.2); once round 1 is paired the table is
// drawn, so a round robin refuses after == 0 and the player must be
// withdrawn after round 1 instead. A Swiss just does not pair them; the
// pairing bye fills the parity.
func Withdraw(ev *Event, id, after int) error {
	p, ok := ev.Player(id)
	if !ok {
		return fmt.Errorf("withdraw player %d: no such player (players are numbered 1 to %d)", id, len(ev.Players))
	}
	switch {
	case p.WithdrawnAfter == -1:
		return fmt.Errorf("withdraw player %d: already withdrew before round 1", id)
	case p.WithdrawnAfter != 0:
		return fmt.Errorf("withdraw player %d: already withdrew after round %d", id, p.WithdrawnAfter)
	}
	if err := checkWithdrawal(ev, id, after); err != nil {
		return fmt.Errorf("withdraw player %d after round %d: %w", id, after, err)
	}
	left := after
	if after == 0 {
		left = -1 // Player.WithdrawnAfter's "before round 1"
	}
	ev.Players[id-1].WithdrawnAfter = left
	for r := after; r < len(ev.Rounds); r++ {
		leaveRound(ev.Settings.System, &ev.Rounds[r], id)
	}
	if struckOut(ev, id) {
		for r := range ev.Rounds {
			strikeRound(&ev.Rounds[r], id)
		}
	}
	return nil
}

// WithdrawalError says why a player cannot withdraw after a round, so
// that an interface can say it in its user's language.
type WithdrawalError struct {
	Reason WithdrawalReason
	Round  int // the round the reason names (see WithdrawalReason)
}

// WithdrawalReason is why a withdrawal is refused.
type WithdrawalReason int8

const (
	// WithdrawNoRound: the round given is not one paired; Round is the
	// last paired.
	WithdrawNoRound WithdrawalReason = iota + 1
	// WithdrawTableDrawn: a round robin's table is drawn and round 1
	// paired: withdraw after round 1 (R-W-2), or clear round 1 to redraw
	// the table (R-W-1).
	WithdrawTableDrawn
	// WithdrawLastRound: Round is the event's last; a player who finished
	// it did not withdraw.
	WithdrawLastRound
	// WithdrawHasResult: they have a result in Round: withdraw them after
	// it, or correct that result first.
	WithdrawHasResult
)

func (e *WithdrawalError) Error() string {
	switch e.Reason {
	case WithdrawNoRound:
		return fmt.Sprintf("give a round from 0 (before round 1) to %d, the last round paired", e.Round)
	case WithdrawTableDrawn:
		return "the round robin table is drawn and round 1 paired: enter their round 1 game as a forfeit and withdraw them after round 1 (R-W-2), or clear round 1 to redraw the table without them (R-W-1)"
	case WithdrawLastRound:
		return fmt.Sprintf("round %d is the last of the event: a player who finished it did not withdraw", e.Round)
	}
	return fmt.Sprintf("they have a result in round %d: withdraw them after round %d or later, or correct that result first", e.Round, e.Round)
}

// checkWithdrawal says why player id cannot leave after round `after`.
func checkWithdrawal(ev *Event, id, after int) error {
	if after < 0 || after > len(ev.Rounds) {
		return &WithdrawalError{Reason: WithdrawNoRound, Round: len(ev.Rounds)}
	}
	last := ev.Settings.Rounds
	if isRoundRobin(ev.Settings.System) && len(ev.Rounds) > 0 {
		if after == 0 {
			return &WithdrawalError{Reason: WithdrawTableDrawn}
		}
		t, err := newBergerTable(ev)
		if err != nil {
			return err
		}
		last = t.rounds
	}
	if last > 0 && after >= last {
		return &WithdrawalError{Reason: WithdrawLastRound, Round: last}
	}
	for r := after; r < len(ev.Rounds); r++ {
		for _, g := range ev.Rounds[r].Games {
			if g.Red != id && g.Black != id {
				continue
			}
			opp, won := g.Black, RedForfeitWin
			if g.Black == id {
				opp, won = g.Red, BlackForfeitWin
			}
			o, ok := ev.Player(opp)
			if g.Result.Played() || g.Result == won && (!ok || o.Active(r+1)) {
				return &WithdrawalError{Reason: WithdrawHasResult, Round: r + 1}
			}
		}
	}
	return nil
}

// AddRound appends a pairing made by Pair to ev.Rounds: its boards become
// pending games and its byes pairing byes. Players who have left the event
// are settled as Withdraw settles the rounds already paired: in a round
// robin the leaver's board stays and the game goes to the opponent by
// forfeit (R-W-2), Void when their results are struck out, and a bye of
// theirs is worth nothing; in a Swiss each round after leaving counts as a
// forfeit loss (R-W-3). Players who withdrew before round 1 and never took
// part get nothing (R-W-1).
func AddRound(ev *Event, p Pairing) error {
	if next := ev.NextRound(); p.Round != next {
		return &RoundOrderError{Round: p.Round, Have: len(ev.Rounds), Next: next}
	}
	var rd Round
	if p.Round == len(ev.Rounds) {
		// The round had byes entered ahead of pairing: keep them.
		rd, ev.Rounds = ev.Rounds[p.Round-1], ev.Rounds[:p.Round-1]
	}
	for _, b := range p.Boards {
		rd.Games = append(rd.Games, Game{Board: b.Number, Red: b.Red, Black: b.Black})
	}
	for i, id := range p.Byes {
		b := Bye{Player: id, Kind: PairingBye}
		if i < len(p.ByeColours) {
			b.Colour = p.ByeColours[i]
		}
		rd.Byes = append(rd.Byes, b)
	}
	for _, pl := range ev.Players {
		if pl.Active(p.Round) || !tookPart(ev, pl.ID) {
			continue
		}
		leaveRound(ev.Settings.System, &rd, pl.ID)
		if struckOut(ev, pl.ID) {
			strikeRound(&rd, pl.ID)
		}
	}
	ev.Rounds = append(ev.Rounds, rd)
	return nil
}

// RoundOrderError refuses a pairing that is not of the event's next
// round (AddRound), so that an interface can say it in its user's
// language: the pairing is of Round, the event has Have rounds, and Next
// is due.
type RoundOrderError struct {
	Round, Have, Next int
}

func (e *RoundOrderError) Error() string {
	return fmt.Sprintf("add round %d: the event has %d rounds, so the next one is round %d", e.Round, e.Have, e.Next)
}

func isRoundRobin(s System) bool { return s == RoundRobin || s == DoubleRoundRobin }

// leaveRound settles one round after player id has left the event: their
// game goes to the opponent by forfeit, a bye of theirs is worth nothing
// (a forfeit loss in a Swiss), and a Swiss round without any entry for them
// counts as a forfeit loss (R-W-2, R-W-3). Decided results stay.
func leaveRound(sys System, rd *Round, id int) {
	for i := range rd.Games {
		g := &rd.Games[i]
		switch id {
		case g.Red:
			g.Result = forfeited(g.Result, Red)
			return
		case g.Black:
			g.Result = forfeited(g.Result, Black)
			return
		}
	}
	kind := WithdrawnLoss
	if isRoundRobin(sys) {
		kind = ZeroBye
	}
	for i := range rd.Byes {
		if rd.Byes[i].Player == id {
			rd.Byes[i].Kind = kind
			return
		}
	}
	if !isRoundRobin(sys) {
		rd.Byes = append(rd.Byes, Bye{Player: id, Kind: WithdrawnLoss})
	}
}

// forfeited is the result of a game whose player of colour c did not come:
// a pending game goes to the opponent, and a forfeit win of c's (from an
// opponent who left too) becomes a double forfeit.
func forfeited(r Result, c Colour) Result {
	win, loss := RedForfeitWin, BlackForfeitWin // c's forfeit win, c's forfeit loss
	if c == Black {
		win, loss = loss, win
	}
	switch r {
	case Pending:
		return loss
	case win:
		return DoubleForfeit
	}
	return r
}

// struckOut reports whether R-W-2 strikes out the results of player id: they
// left a round robin having played over the board fewer than half of the
// games the table gives them over the whole event.
func struckOut(ev *Event, id int) bool {
	p, ok := ev.Player(id)
	if !ok || p.WithdrawnAfter <= 0 || !isRoundRobin(ev.Settings.System) {
		return false
	}
	t, err := newBergerTable(ev)
	if err != nil {
		return false
	}
	played := 0
	for _, rd := range ev.Rounds[:min(p.WithdrawnAfter, len(ev.Rounds))] {
		for _, g := range rd.Games {
			if (g.Red == id || g.Black == id) && g.Result.Played() {
				played++
			}
		}
	}
	return 2*played < t.games(t.number(id))
}

// strikeRound voids player id's game in a round and empties a bye of
// theirs (R-W-2); both stay in the round (R-W-4).
func strikeRound(rd *Round, id int) {
	for i := range rd.Games {
		if g := &rd.Games[i]; g.Red == id || g.Black == id {
			g.Void = true
		}
	}
	for i := range rd.Byes {
		if rd.Byes[i].Player == id {
			rd.Byes[i].Kind = ZeroBye
		}
	}
}

// tookPart reports whether player id has a game or a bye in any round.
func tookPart(ev *Event, id int) bool {
	for _, rd := range ev.Rounds {
		for _, g := range rd.Games {
			if g.Red == id || g.Black == id {
				return true
			}
		}
		for _, b := range rd.Byes {
			if b.Player == id {
				return true
			}
		}
	}
	return false
}
