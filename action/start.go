package action

import "time"

// A round's start time and the reminder before it. An organiser may
// publish a round ahead of its start ("/publish 19:30"): the players are
// told when to be at the board, late arrival counts from the start rather
// than from the publication (R-G-4), and the scheduler reminds the event's
// chats and players a while before it (Info.RemindBefore, DueActions).

func init() {
	register(func() Action { return new(RoundScheduled) })
	register(func() Action { return new(RoundReminded) })
}

// RoundScheduled sets when the current round starts (Play.Starts): late
// arrival counts from then (R-G-4). It is appended with the round's
// RoundPublished, or later to move the start; a start that has passed is
// refused. The reminder follows the start: a start set inside the
// reminder's lead time is announced with the minutes left, and that
// announcement is the reminder (so none is skipped and none comes twice);
// a start set further ahead is reminded of again before it.
type RoundScheduled struct {
	Round int       `json:"round"`
	Start time.Time `json:"start"`
}

func (*RoundScheduled) Kind() string { return "round-scheduled" }

func (a *RoundScheduled) Apply(st *State) error {
	if err := current(st, a.Round); err != nil {
		return err
	}
	switch {
	case a.Start.IsZero():
		return refuse("请给出第 %d 轮的开始时间", "give round %d a start time", a.Round)
	case a.Start.Before(st.At):
		at := a.Start.In(st.Info.Location()).Format("2006-01-02 15:04")
		return refuse("第 %d 轮的开始时间 %s 已经过了", "round %d's start time %s has passed", a.Round, at)
	}
	p := st.roundPlay(a.Round)
	p.Starts = a.Start
	p.Reminded = st.Info.RemindBefore > 0 && !st.At.Before(a.Start.Add(-st.Info.RemindBefore))
	return nil
}

// RoundReminded records that the scheduler reminded the event's chats and
// players of the current round's start: once a round, however many
// instances tick (DueActions makes it due only while Play.Reminded is
// false).
type RoundReminded struct {
	Round int `json:"round"`
}

func (*RoundReminded) Kind() string { return "round-reminded" }

func (a *RoundReminded) Apply(st *State) error {
	if err := current(st, a.Round); err != nil {
		return err
	}
	switch {
	case st.Play.Round != a.Round || st.Play.Starts.IsZero():
		return refuse("第 %d 轮没有开始时间，无从提醒", "round %d has no start time to remind of", a.Round)
	case st.Play.Reminded:
		return refuse("第 %d 轮已经提醒过了", "round %d has been reminded of already", a.Round)
	}
	st.Play.Reminded = true
	return nil
}

// remindDue reports whether the current round's reminder is due at now:
// the event reminds (Info.RemindBefore), the round has a start time, the
// reminder has not gone out, its time has come and the start has not (a
// reminder after the start, when the bot was down, would only confuse).
// A start set inside the lead time was its own reminder (RoundScheduled).
func (st *State) remindDue(now time.Time) bool {
	p, before := st.Play, st.Info.RemindBefore
	return before > 0 && p.Round == len(st.Event.Rounds) && !p.Starts.IsZero() && !p.Reminded &&
		!now.Before(p.Starts.Add(-before)) && now.Before(p.Starts)
}

// LateDeadline is when a player must be at the board in the current round
// (R-G-4): the late-arrival limit after the round's start time or, without
// one, after its publication. False when the event sets no limit or the
// round's start is unknown.
func (st *State) LateDeadline() (time.Time, bool) {
	from := st.Play.Starts
	if from.IsZero() {
		from = st.Play.Since
	}
	if st.Info.LateAfter <= 0 || st.Play.Round != len(st.Event.Rounds) || from.IsZero() {
		return time.Time{}, false
	}
	return from.Add(st.Info.LateAfter), true
}

// current refuses unless the event runs and round is its current one, the
// last published.
func current(st *State, round int) error {
	if st.Status != Running {
		return refuse("比赛不在进行中", "the event is not running")
	}
	if round < 1 || round != len(st.Event.Rounds) {
		return refuse("第 %d 轮不是当前轮次", "round %d is not the current round", round)
	}
	return nil
}
