package action

import "time"

// Late arrival when nobody watched (R-G-4). The clock forfeits a player
// not at the board by the late-arrival limit only when the scheduler ran
// the whole time from the round's start to the limit: while the bot was
// down, or its clock jumped, nobody could check in (/here), and the limit
// did not pass as the players lived it. Then the arbiter is asked instead
// (LateReferred), with the late players listed: they forfeit them by hand
// (ResultSet, /late forfeit) or give everyone another limit from now
// (LateWaited, /late wait), which the clock then keeps, watching again.

func init() {
	register(func() Action { return new(LateReferred) })
	register(func() Action { return new(LateWaited) })
}

// LateReferred records that the late players of the current round were
// left to the arbiter: the scheduler had not watched the whole late-arrival
// limit. The clock forfeits nobody for lateness in the round after it,
// until an arbiter restarts the limit (LateWaited).
type LateReferred struct {
	Round int `json:"round"`
}

func (*LateReferred) Kind() string { return "late-referred" }

func (a *LateReferred) Apply(st *State) error {
	if err := current(st, a.Round); err != nil {
		return err
	}
	if _, ok := st.LateDeadline(); !ok {
		return refuse(Conflict, "第 %d 轮没有迟到时限", "round %d has no late-arrival limit", a.Round)
	}
	if st.Play.LateReferred {
		return refuse(Conflict, "第 %d 轮的迟到已经交给裁判了", "round %d's late players are with the arbiter already", a.Round)
	}
	st.roundPlay(a.Round).LateReferred = true
	return nil
}

// LateWaited starts the late-arrival limit of the current round again,
// from the action's time: an arbiter's answer to LateReferred, or their
// choice to give the players more time. A player checked in by the new
// limit is in time.
type LateWaited struct {
	Round int `json:"round"`
}

func (*LateWaited) Kind() string { return "late-waited" }

func (a *LateWaited) Apply(st *State) error {
	if err := current(st, a.Round); err != nil {
		return err
	}
	if st.Info.LateAfter <= 0 {
		return refuse(Conflict, "本赛没有迟到时限", "the event has no late-arrival limit")
	}
	p := st.roundPlay(a.Round)
	p.LateFrom, p.LateReferred = st.At, false
	return nil
}

// lateFrom is when the current round's late-arrival limit started counting
// (R-G-4): an arbiter's restart (LateWaited), else the round's start time,
// else its publication; zero when unknown.
func (st *State) lateFrom() time.Time {
	switch p := st.Play; {
	case !p.LateFrom.IsZero():
		return p.LateFrom
	case !p.Starts.IsZero():
		return p.Starts
	}
	return st.Play.Since
}

// Late lists the current round's pending games with a player not checked
// in (R-G-4) — at any time, not only by the limit: what an arbiter asked
// to decide sees — and the result forfeiting the absent.
func (st *State) Late() []ResultSet {
	round := len(st.Event.Rounds)
	if st.Status != Running || round == 0 {
		return nil
	}
	var out []ResultSet
	for _, g := range st.Event.Rounds[round-1].Games {
		if g.Result.Decided() || g.Void {
			continue
		}
		gp := st.Underway(round, g.Board)
		_, red := gp.Arrived(g.Red)
		_, black := gp.Arrived(g.Black)
		if res := forfeit(red, black); res.Decided() {
			out = append(out, ResultSet{Round: round, Board: g.Board, Result: res})
		}
	}
	return out
}
