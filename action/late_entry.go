package action

import (
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/names"
)

// Late entries (R-E-1): a player entered after the start is paired from
// the next round. Every round already paired is one they missed, scored
// as the event sets — nothing by default, or a draw's value — and no game:
// the engine gives it no opponent, no colour and no tiebreak weight
// (engine.LateZero, engine.LateDraw). Only a Swiss takes them: a round
// robin's table and a knockout's bracket are drawn for the field at the
// start, and a team's players enter through their team.

func init() {
	register(func() Action { return new(LateEntered) })
}

// LateEntered enters a player after the start. They take the next
// sequence number; their entrant id is this action's number in the log,
// as PlayerAdded's.
type LateEntered struct {
	Name   string `json:"name"`
	Unit   string `json:"unit,omitempty"`
	Rating int    `json:"rating,omitempty"`
}

func (*LateEntered) Kind() string { return "late-entered" }

// Admit refuses a name names.Player refuses, or one like an entrant's.
func (a *LateEntered) Admit(st *State) error {
	name, fault := names.Player(a.Name)
	if fault != nil {
		return refuseName(fault)
	}
	if r := lookAlikeRefused(st, name, 0); r != nil {
		return r
	}
	return nil
}

func (a *LateEntered) Apply(st *State) error {
	if err := MayEnterLate(st); err != nil {
		return err
	}
	name := names.Clean(a.Name)
	if name == "" {
		return refuse(Invalid, "选手需要一个名字", "a player needs a name")
	}
	if other := playerSpelled(st, name); other != nil {
		return refuse(Conflict, "「%[1]s」已经报名了（%[2]d 号）", "%[1]q has entered already (player %[2]d)", name, other.ID)
	}
	id := len(st.Event.Players) + 1
	st.Event.Players = append(st.Event.Players, engine.Player{
		ID: id, Name: name, Unit: names.Clean(a.Unit), Rating: a.Rating, Entrant: st.nextEntrant(),
	})
	missed := st.Info.LateBye()
	for r := range st.Event.Rounds {
		rd := st.ownRound(r + 1)
		rd.Byes = append(rd.Byes, engine.Bye{Player: id, Kind: missed})
	}
	// A previewed next round was paired without them: it is paired again.
	st.voidPreviewOf(st.Event.NextRound())
	return nil
}

// MayEnterLate refuses a late entry the event cannot take (R-E-1): one not
// under way, or not a Swiss of players, or past its last round's pairing.
func MayEnterLate(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	if st.Status != Running {
		return refuse(Conflict, "比赛还没开始", "the event has not started")
	}
	if st.Format().Kind() != IndividualFormat || RoundRobin(st.Event.Settings.System) {
		return ruled("R-E-1", "只有个人积分编排赛可以在开赛后报名：循环赛的对阵表、淘汰赛的对阵图开赛时已排定，团体赛的队员随队报名",
			"only an individual Swiss takes entries after the start: a round robin's table and a knockout's bracket are drawn at the start, and a team's players enter with their team")
	}
	if rounds := st.Format().Rounds(st); rounds > 0 && len(st.Event.Rounds) >= rounds {
		return ruled("R-E-1", "最后一轮（第 %d 轮）已经编排，迟到报名的选手没有可下的轮次了", "the last round (%d) is paired: a late entrant would have no round left to play", rounds)
	}
	return nil
}

// LateBye is what a round a late entrant missed scores (R-E-1): nothing
// unless the event sets a draw's value.
func (i Info) LateBye() engine.ByeKind {
	if i.LateWorth == engine.LateDraw {
		return engine.LateDraw
	}
	return engine.LateZero
}
