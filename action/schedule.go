package action

import (
	"slices"
	"time"
)

// The schedule (赛程): a multi-day event's planned start of each round. A
// round published without a start time of its own starts at its planned
// one while that is still ahead (the commands give it to RoundScheduled),
// so that the reminder and the late-arrival clock (R-G-4) follow the
// schedule; the check-in before round 1 opens by round 1's (R-E-5,
// signup.go); the programme (秩序册) prints it from Info.Schedule.

func init() {
	register(func() Action { return new(ScheduleSet) })
}

// Planned is a round's planned start.
type Planned struct {
	Round int       `json:"round"`
	At    time.Time `json:"at"`
}

// Planned returns round's planned start, and whether it has one.
func (st *State) Planned(round int) (time.Time, bool) {
	for _, p := range st.Info.Schedule {
		if p.Round == round {
			return p.At, true
		}
	}
	return time.Time{}, false
}

// ScheduleSet replaces the event's schedule with Plan, in the order of the
// rounds, each round at most once and each after the one before. A plan
// that changes must be ahead of the time it is set; a round published
// keeps the plan it had, which was announced (its start moves with the
// round's own start time, RoundScheduled).
type ScheduleSet struct {
	Plan []Planned `json:"plan"`
}

func (*ScheduleSet) Kind() string { return "schedule-set" }

func (a *ScheduleSet) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	loc := st.Info.Location()
	show := func(t time.Time) string { return t.In(loc).Format("2006-01-02 15:04") }
	published := len(st.Event.Rounds)
	var last Planned
	for _, p := range a.Plan {
		old, had := st.Planned(p.Round)
		changed := !had || !old.Equal(p.At)
		switch {
		case p.Round < 1:
			return refuse(Invalid, "轮次从 1 开始，不是 %d", "rounds count from 1, not %d", p.Round)
		case p.Round <= last.Round:
			return refuse(Invalid, "赛程按轮次排列，每轮一次：第 %d 轮排在第 %d 轮之后", "a schedule lists each round once, in order: round %d comes after round %d", p.Round, last.Round)
		case last.Round > 0 && !p.At.After(last.At):
			return refuse(Invalid, "第 %d 轮（%s）不在第 %d 轮（%s）之后", "round %d (%s) is not after round %d (%s)", p.Round, show(p.At), last.Round, show(last.At))
		case p.Round <= published && changed:
			return refuse(Conflict, "第 %d 轮已经公布，赛程不再改", "round %d is published: its plan stays as announced", p.Round).because(Published)
		case changed && !p.At.After(st.At):
			return refuse(Invalid, "第 %d 轮的时间 %s 已经过了", "round %d's time %s has passed", p.Round, show(p.At)).because(StartPassed)
		}
		if n := st.Format().Rounds(st); n > 0 && p.Round > n && (st.Status == Running || st.Event.Settings.Rounds > 0) {
			return refuse(Invalid, "本赛只有 %d 轮，没有第 %d 轮", "the event has %d rounds, not %d", n, p.Round).because(NoSuchRound)
		}
		last = p
	}
	for _, p := range st.Info.Schedule {
		kept := slices.ContainsFunc(a.Plan, func(q Planned) bool { return q.Round == p.Round && q.At.Equal(p.At) })
		if p.Round <= published && !kept {
			return refuse(Conflict, "第 %d 轮已经公布，赛程不再改", "round %d is published: its plan stays as announced", p.Round).because(Published)
		}
	}
	st.Info.Schedule = make([]Planned, len(a.Plan))
	for i, p := range a.Plan {
		st.Info.Schedule[i] = Planned{Round: p.Round, At: p.At.UTC()}
	}
	if len(a.Plan) == 0 {
		st.Info.Schedule = nil
	}
	st.leaveEvent()
	return nil
}
