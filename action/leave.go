package action

import (
	"slices"

	"github.com/qisai/qisai/engine"
)

// Requested byes (请假, R-E-2): a player who will miss a round asks, before
// it is paired, to sit it out. An organiser grants the request, or the
// event grants every request (Info.LeaveAuto). A granted bye keeps the
// player out of the round's pairing — the engine pairs the round as one
// with a bye entered ahead (engine.Event.NextRound) — and scores what the
// event sets, a draw's value by default; it is never the pairing bye
// (R-S-3), which still goes to the lowest score who has had none. A player
// has at most Info.LeaveLimit of them in an event.

func init() {
	register(func() Action { return new(LeaveAsked) })
	register(func() Action { return new(LeaveGranted) })
	register(func() Action { return new(LeaveDropped) })
}

// Leave is one player's request for a round.
type Leave struct {
	Entrant int  `json:"entrant"`
	Round   int  `json:"round"`
	Granted bool `json:"granted,omitempty"`
	// Seq is the request's action, which the organisers' buttons name.
	Seq int64 `json:"seq"`
}

// DefaultLeaveLimit is how many requested byes a player has in an event
// when the event does not say.
const DefaultLeaveLimit = 1

// LeaveLimit is how many requested byes a player may have (R-E-2).
func (i Info) LeaveLimit() int {
	if i.Leaves == 0 {
		return DefaultLeaveLimit
	}
	return max(i.Leaves, 0)
}

// LeaveBye is what a requested bye scores (R-E-2): a draw's value unless
// the event sets a win's or nothing.
func (i Info) LeaveBye() engine.ByeKind {
	if i.LeaveWorth == engine.FullBye || i.LeaveWorth == engine.ZeroBye {
		return i.LeaveWorth
	}
	return engine.HalfBye
}

// LeaveAsked is a player's request to sit out round Round (granted at once
// when the event grants every request, or when an organiser makes it).
type LeaveAsked struct {
	Entrant int  `json:"entrant"`
	Round   int  `json:"round"`
	Granted bool `json:"granted,omitempty"`
}

func (*LeaveAsked) Kind() string { return "leave-asked" }

func (a *LeaveAsked) Apply(st *State) error {
	if err := mayLeave(st, a.Entrant, a.Round); err != nil {
		return err
	}
	if i := st.leave(a.Entrant, a.Round); i >= 0 {
		return refuse(Conflict, "已经申请过第 %d 轮请假", "a bye for round %d is asked already", a.Round)
	}
	n := 0
	for _, l := range st.Leaves {
		if l.Entrant == a.Entrant {
			n++
		}
	}
	if limit := st.Info.LeaveLimit(); n >= limit {
		return ruled("R-E-2", "每人最多请假 %d 轮", "a player may sit out %d rounds at most", limit)
	}
	st.Leaves = append(st.Leaves, Leave{Entrant: a.Entrant, Round: a.Round, Granted: a.Granted || st.Info.LeaveAuto, Seq: st.Seq})
	st.voidPreviewOf(a.Round)
	return nil
}

// LeaveGranted is an organiser granting a player's request.
type LeaveGranted struct {
	Entrant int `json:"entrant"`
	Round   int `json:"round"`
}

func (*LeaveGranted) Kind() string { return "leave-granted" }

func (a *LeaveGranted) Apply(st *State) error {
	if err := mayLeave(st, a.Entrant, a.Round); err != nil {
		return err
	}
	i := st.leave(a.Entrant, a.Round)
	switch {
	case i < 0:
		return refuse(NotFound, "没有第 %d 轮的请假申请", "there is no request for round %d", a.Round)
	case st.Leaves[i].Granted:
		return refuse(Conflict, "第 %d 轮请假已经批准了", "the bye for round %d is granted already", a.Round)
	}
	st.Leaves[i].Granted = true
	st.voidPreviewOf(a.Round)
	return nil
}

// LeaveDropped withdraws a request or a granted bye before its round is
// paired: the player asked to play after all, or an organiser refused.
type LeaveDropped struct {
	Entrant int `json:"entrant"`
	Round   int `json:"round"`
}

func (*LeaveDropped) Kind() string { return "leave-dropped" }

func (a *LeaveDropped) Apply(st *State) error {
	i := st.leave(a.Entrant, a.Round)
	if i < 0 {
		return refuse(NotFound, "没有第 %d 轮的请假", "there is no bye asked for round %d", a.Round)
	}
	if a.Round < st.Event.NextRound() {
		return refuse(Conflict, "第 %d 轮已经编排，不能再取消请假", "round %d is paired: its bye stands", a.Round).because(Published)
	}
	st.Leaves = slices.Delete(st.Leaves, i, i+1)
	st.voidPreviewOf(a.Round)
	return nil
}

// mayLeave refuses a request that cannot be: an event over or not played
// in rounds of players, a player who is not there, a round paired already
// or past the last.
func mayLeave(st *State, entrant, round int) error {
	if err := open(st); err != nil {
		return err
	}
	if !st.Format().PlaysBy(AbsenceRules) {
		return ruled("R-E-2", "只有积分编排和循环赛可以请假", "only a Swiss or a round robin has requested byes")
	}
	n, ok := st.Numbered(entrant)
	if !ok {
		return refuse(NotFound, "没有这名选手", "there is no such player").because(NoSuchPlayer)
	}
	if p := st.Event.Players[n-1]; !p.Active(round) {
		return refuse(Conflict, "%s 已经退赛", "%s has withdrawn", p.Name)
	}
	if round < st.Event.NextRound() {
		return refuse(Conflict, "第 %d 轮已经编排了，请假要在编排之前", "round %d is paired already: a bye is asked before its round is paired", round).because(NoSuchRound)
	}
	if last := st.Format().Rounds(st); last > 0 && round > last {
		return refuse(Invalid, "比赛只有 %d 轮", "the event has %d rounds", last).because(NoSuchRound)
	}
	return nil
}

// leave is the index of entrant's request for round, -1 for none.
func (st *State) leave(entrant, round int) int {
	return slices.IndexFunc(st.Leaves, func(l Leave) bool { return l.Entrant == entrant && l.Round == round })
}

// voidPreviewOf drops the pairing preview of round, which was paired
// without the bye just asked or dropped.
func (st *State) voidPreviewOf(round int) {
	if st.Preview != nil && st.Preview.Round == round {
		st.Preview = nil
	}
}

// leaveByes are round's granted requested byes, by player number.
func (st *State) leaveByes(round int) []engine.Bye {
	var byes []engine.Bye
	for _, l := range st.Leaves {
		if n, ok := st.Numbered(l.Entrant); ok && l.Round == round && l.Granted && st.Event.Players[n-1].Active(round) {
			byes = append(byes, engine.Bye{Player: n, Kind: st.Info.LeaveBye()})
		}
	}
	return byes
}

// withLeaves is the event as the engine pairs its next round: the round's
// granted requested byes entered ahead of its pairing (engine.Pair).
func (st *State) withLeaves() *engine.Event {
	round := st.Event.NextRound()
	byes := st.leaveByes(round)
	if len(byes) == 0 {
		return &st.Event
	}
	ev := st.Event
	ev.Rounds = slices.Clone(ev.Rounds)
	if round > len(ev.Rounds) {
		ev.Rounds = append(ev.Rounds, engine.Round{})
	}
	last := &ev.Rounds[round-1]
	last.Byes = append(slices.Clone(last.Byes), byes...)
	return &ev
}

// addLeaveByes enters round's granted requested byes into the round just
// published, beside its games: a player paired meanwhile keeps the game.
func (st *State) addLeaveByes(round int) {
	rd := st.ownRound(round)
	for _, b := range st.leaveByes(round) {
		if !slices.ContainsFunc(rd.Games, func(g engine.Game) bool { return g.Red == b.Player || g.Black == b.Player }) &&
			!slices.ContainsFunc(rd.Byes, func(x engine.Bye) bool { return x.Player == b.Player }) {
			rd.Byes = append(rd.Byes, b)
		}
	}
}
