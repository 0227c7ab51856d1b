package action

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/qisai/qisai/engine"
)

// A round's life: the start gives the sequence numbers (R-SW-1); each
// round is previewed (preview.go), published, and given a start time with
// a reminder before it. An organiser may publish a round ahead of its start ("/publish 19:30"): the players are
// told when to be at the board, late arrival counts from the start rather
// than from the publication (R-G-4), and the scheduler reminds the event's
// chats and players a while before it (Info.RemindBefore, DueActions).
// Players check in at the board (R-G-4).

func init() {
	register(func() Action { return new(Started) })
	register(func() Action { return new(RoundPublished) })
	register(func() Action { return new(RoundScheduled) })
	register(func() Action { return new(RoundReminded) })
	register(func() Action { return new(CheckedIn) })
}

// Started closes the entries and gives the sequence numbers (R-SW-1).
// Spread is how team-mates were spread over the halves: the zero value is
// the rule of the events started before it was recorded.
type Started struct {
	Numbering engine.Numbering  `json:"numbering"`
	Spread    engine.UnitSpread `json:"spread,omitempty"`
}

func (*Started) Kind() string { return "started" }

func (a *Started) Apply(st *State) error {
	if st.Status == Running {
		return refuse(Conflict, "比赛已经开始了", "the event has started already").because(AlreadyBegun)
	}
	if err := beforeStart(st); err != nil {
		return err
	}
	if len(st.Event.Players) < 2 {
		return refuse(Conflict, "比赛至少要有 2 名选手才能开始，现在有 %d 名", "an event needs at least 2 players to start, it has %d", len(st.Event.Players)).because(TooFewPlayers)
	}
	s := st.Event.Settings
	if err := st.numberTeams(a.Numbering, a.Spread); err != nil {
		return err
	}
	st.Event.Players, st.Spreading = engine.Number(st.Event.Players, a.Numbering, s.Halves, s.Seed, a.Spread)
	st.Status = Running
	return nil
}

// RoundPublished makes a pairing the next round, its results pending.
type RoundPublished struct {
	Pairing engine.Pairing `json:"pairing"`
	// Matches, in a staged event, say what each board plays (BoardOf).
	Matches []BoardOf `json:"matches,omitempty"`
}

func (*RoundPublished) Kind() string { return "round-published" }

func (a *RoundPublished) Apply(st *State) error {
	if err := running(st); err != nil {
		return err
	}
	if err := individual(st); err != nil {
		return err
	}
	if r := a.Pairing.Round; r >= 1 && r <= len(st.Event.Rounds) {
		st.ownRound(r) // byes entered ahead of the pairing, which the engine completes
	}
	if err := engine.AddRound(&st.Event, a.Pairing); err != nil {
		var o *engine.RoundOrderError
		if errors.As(err, &o) {
			// A pairing made before the rounds changed (an undo, another
			// arbiter's publication): pair again.
			return refuse(Conflict, "这是第 %d 轮的编排，但下一轮是第 %d 轮", "this pairing is of round %d, but round %d is next", o.Round, o.Next).because(NoPreview)
		}
		return fmt.Errorf("publish round %d: %w", a.Pairing.Round, err)
	}
	if s := st.Stages; s != nil {
		s.Rounds = append(s.Rounds[:min(len(s.Rounds), a.Pairing.Round-1)], slices.Clone(a.Matches))
	}
	st.addLeaveByes(a.Pairing.Round)
	st.startPlay() // the round's clock starts: late arrival counts from here (R-G-4)
	return nil
}

// PairingRefused says in both languages why the engine found no legal
// pairing (engine.Pair): the commands that pair ask the engine and show
// this.
func PairingRefused(e *engine.PairingError) *Refusal {
	switch e.Reason {
	case engine.PairTooFew:
		return refuse(Conflict, "无法编排第 %d 轮：可编排的选手只有 %d 名，至少要 2 名", "round %d cannot be paired: it has %d players to pair, and at least 2 are needed", e.Round, e.Players).because(NoPairingLeft)
	case engine.PairPastLast:
		return refuse(Conflict, "无法编排第 %d 轮：本赛只有 %d 轮", "round %d cannot be paired: the event has %d rounds only", e.Round, e.Rounds).because(NoPairingLeft)
	case engine.PairTableShort:
		return refuse(Conflict, "设置要求 %[1]d 轮，但 %[2]d 名选手的循环赛只有 %[3]d 轮：请把轮数设为 %[3]d，或设为 0 赛满一个循环",
			"the settings ask for %[1]d rounds, but a round robin of %[2]d players has %[3]d: set rounds to %[3]d, or to 0 for the whole cycle", e.Asked, e.Players, e.Rounds)
	case engine.PairRematchesNear:
		return ruled("R-SW-9", "无法编排第 %d 轮：在 %d 名选手各自编排顺序最近的 %d 名对手中，找不到不重复对阵的编排",
			"round %d cannot be paired: no pairing of the %d players without a rematch was found among each player's %d nearest in pairing order", e.Round, e.Players, e.Window).because(NoPairingLeft)
	}
	return ruled("R-SW-9", "无法编排第 %d 轮：%d 名选手无论怎样配对都会重复对阵，本赛的轮数多于选手能下的轮数",
		"round %d cannot be paired: every way to pair the %d players would repeat a game; the event has more rounds than its players can play", e.Round, e.Players).because(NoPairingLeft)
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
		return refuse(Invalid, "请给出第 %d 轮的开始时间", "give round %d a start time", a.Round)
	case a.Start.Before(st.At):
		at := a.Start.In(st.Info.Location()).Format("2006-01-02 15:04")
		return refuse(Invalid, "第 %d 轮的开始时间 %s 已经过了", "round %d's start time %s has passed", a.Round, at).because(StartPassed)
	}
	p := st.roundPlay(a.Round)
	p.Starts = a.Start
	p.Reminded = st.Info.RemindBefore > 0 && !st.At.Before(a.Start.Add(-st.Info.RemindBefore))
	st.leaveEvent()
	return nil
}

// RoundReminded records that the scheduler reminded the event's chats and
// players of the current round's start: once a round, however many
// instances tick (DueActions makes it due only while Play.Reminded is
// false). Missed says the start came before the reminder could go out
// (the scheduler was not running): the chats are told so instead.
type RoundReminded struct {
	Round  int  `json:"round"`
	Missed bool `json:"missed,omitempty"`
}

func (*RoundReminded) Kind() string { return "round-reminded" }

func (a *RoundReminded) Apply(st *State) error {
	if err := current(st, a.Round); err != nil {
		return err
	}
	switch {
	case st.Play.Round != a.Round || st.Play.Starts.IsZero():
		return refuse(Conflict, "第 %d 轮没有开始时间，无从提醒", "round %d has no start time to remind of", a.Round)
	case st.Play.Reminded:
		return refuse(Conflict, "第 %d 轮已经提醒过了", "round %d has been reminded of already", a.Round)
	}
	st.Play.Reminded = true
	st.leaveEvent()
	return nil
}

// remindDue reports whether the current round's reminder is due at now:
// the event reminds (Info.RemindBefore), the round has a start time, the
// reminder has not gone out and its time has come. Once the start has come
// too (the scheduler was not running), it is due as missed: a note
// instead, never silence. A start set inside the lead time was its own
// reminder (RoundScheduled).
func (st *State) remindDue(now time.Time) bool {
	p, before := st.Play, st.Info.RemindBefore
	return before > 0 && p.Round == len(st.Event.Rounds) && !p.Starts.IsZero() && !p.Reminded &&
		!now.Before(p.Starts.Add(-before))
}

// LateDeadline is when a player must be at the board in the current round
// (R-G-4): the late-arrival limit after the round's start time or, without
// one, after its publication — or after an arbiter started it again
// (LateWaited). False when the event sets no limit or the round's start
// is unknown.
func (st *State) LateDeadline() (time.Time, bool) {
	from := st.lateFrom()
	if st.Info.LateAfter <= 0 || st.Play.Round != len(st.Event.Rounds) || from.IsZero() {
		return time.Time{}, false
	}
	return from.Add(st.Info.LateAfter), true
}

// running refuses unless the event has started and not finished.
func running(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	if st.Status != Running {
		return refuse(Conflict, "比赛还没有开始", "the event has not started").because(NotRunning)
	}
	return nil
}

// current refuses unless the event runs and round is its current one, the
// last published.
func current(st *State, round int) error {
	if err := running(st); err != nil {
		return err
	}
	if round < 1 || round != len(st.Event.Rounds) {
		return refuse(Conflict, "第 %d 轮不是当前轮次", "round %d is not the current round", round).because(NoSuchRound)
	}
	return nil
}

// CheckedIn records a player at the board (R-G-4): a player not at the
// board by the event's late-arrival limit loses by forfeit (DueActions).
type CheckedIn struct {
	Round  int `json:"round"`
	Board  int `json:"board"`
	Player int `json:"player"`
}

func (*CheckedIn) Kind() string { return "checked-in" }

func (a *CheckedIn) Apply(st *State) error {
	if _, _, err := playing(st, a.Round, a.Board, a.Player); err != nil {
		return err
	}
	if at, here := st.Underway(a.Round, a.Board).Arrived(a.Player); here {
		clock := at.In(st.Info.Location()).Format("15:04")
		return refuse(Conflict, "%d 号选手已经在 %s 签到了", "player %d checked in already, at %s", a.Player, clock)
	}
	st.gamePlay(a.Round, a.Board).arrive(a.Player, st.At)
	st.leaveEvent()
	return nil
}
