package action

import (
	"slices"
	"strings"
	"time"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/names"
)

// Sign-up rules (R-E-5): a maximum number of players, past which entrants
// wait (候补) and move up in order when a player leaves before the start; a
// sign-up deadline (报名截止) at which the scheduler closes sign-up; a quota
// of entrants per unit (每单位限报 N 人); and a check-in before round 1
// (签到), opening a while before round 1's planned start (schedule.go),
// after which the players who did not check in are removed at the start.
//
// A waiting entrant has an entrant id from the action that listed them,
// as a player has (roster.go): the chat user who joined stays bound to it,
// and moving up keeps it.

func init() {
	register(func() Action { return new(EntryRulesSet) })
	register(func() Action { return new(WaitListed) })
	register(func() Action { return new(WaitingRemoved) })
	register(func() Action { return new(SignupDeadlinePassed) })
	register(func() Action { return new(CheckInOpened) })
	register(func() Action { return new(EventCheckedIn) })
	register(func() Action { return new(NoShowsRemoved) })
}

// Entry is an event's sign-up rules (R-E-5); the zero Entry has none.
type Entry struct {
	// Max is the most players the event takes (人数上限); 0: no limit.
	Max int `json:"max,omitempty"`
	// Deadline is when sign-up closes (报名截止); zero: when an organiser
	// closes it.
	Deadline time.Time `json:"deadline,omitzero"`
	// Quota is the most entrants, playing or waiting, of one unit
	// (每单位限报); 0: no quota.
	Quota int `json:"quota,omitempty"`
	// CheckIn is how long before round 1's planned start the check-in
	// opens (签到); 0: no check-in.
	CheckIn time.Duration `json:"checkIn,omitempty"`
}

// Presence is an entrant checked in for the event, and since when.
type Presence struct {
	Entrant int       `json:"entrant"`
	At      time.Time `json:"at"`
}

// EntryRulesSet sets some of the sign-up rules (Entry) before the start;
// the fields left nil stay as they were. A maximum raised or lifted moves
// the wait list up.
type EntryRulesSet struct {
	Max      *int           `json:"max,omitempty"`
	Deadline *time.Time     `json:"deadline,omitempty"`
	Quota    *int           `json:"quota,omitempty"`
	CheckIn  *time.Duration `json:"checkIn,omitempty"`
}

func (*EntryRulesSet) Kind() string { return "entry-rules-set" }

func (a *EntryRulesSet) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	switch {
	case a.Max == nil && a.Deadline == nil && a.Quota == nil && a.CheckIn == nil:
		return refuse(Invalid, "没有要修改的内容", "nothing to change")
	case a.Max != nil && (*a.Max < 0 || *a.Max == 1):
		return refuse(Invalid, "人数上限至少是 2，或 0 表示不限", "a maximum is at least 2, or 0 for none")
	case a.Max != nil && *a.Max > 0 && *a.Max < entered(st.Event.Players):
		return refuse(Conflict, "已有 %d 名选手，人数上限不能少于 %d", "%d players have entered: the maximum cannot be below %d", entered(st.Event.Players), entered(st.Event.Players)).because(OverMax)
	case a.Quota != nil && *a.Quota < 0:
		return refuse(Invalid, "每单位限报人数不能是负数", "a quota cannot be negative")
	case a.CheckIn != nil && *a.CheckIn < 0:
		return refuse(Invalid, "签到时间不能是负数", "a check-in time cannot be negative")
	case a.Deadline != nil && !a.Deadline.IsZero() && !a.Deadline.After(st.At):
		at := a.Deadline.In(st.Info.Location()).Format("2006-01-02 15:04")
		return refuse(Invalid, "报名截止时间 %s 已经过了", "the sign-up deadline %s has passed", at).because(StartPassed)
	}
	e := &st.Info.Entry
	set(&e.Max, a.Max)
	set(&e.Quota, a.Quota)
	set(&e.CheckIn, a.CheckIn)
	if a.Deadline != nil {
		e.Deadline = a.Deadline.UTC()
	}
	if st.moveUp(false) == 0 {
		st.leaveEvent()
	}
	return nil
}

// room reports whether the event takes another player (Entry.Max).
func (st *State) room() bool {
	m := st.Info.Entry.Max
	return m == 0 || entered(st.Event.Players) < m
}

// Full reports whether the event has as many players as it takes: an
// entrant waits (WaitListed).
func (st *State) Full() bool { return !st.room() }

// moveUp moves waiting entrants up, in order, while there is room (R-E-5);
// when present, only those checked in (NoShowsRemoved). It returns how
// many moved.
func (st *State) moveUp(present bool) int {
	moved := 0
	var kept []engine.Player
	for _, w := range st.Waiting {
		if st.room() && (!present || st.isPresent(w.Entrant)) {
			w.ID = len(st.Event.Players) + 1
			st.Event.Players = append(st.Event.Players, w)
			moved++
			continue
		}
		w.ID = len(kept) + 1
		kept = append(kept, w)
	}
	st.Waiting = kept
	return moved
}

// WaitingPlace returns entrant's place on the wait list, and whether they
// are on it.
func (st *State) WaitingPlace(entrant int) (int, bool) {
	for _, w := range st.Waiting {
		if w.Entrant == entrant && entrant > 0 {
			return w.ID, true
		}
	}
	return 0, false
}

// waitingSpelled finds a waiting entrant whose name is name but for
// letter case, as playerSpelled does a player.
func waitingSpelled(st *State, name string) *engine.Player {
	for i := range st.Waiting {
		if strings.EqualFold(st.Waiting[i].Name, name) {
			return &st.Waiting[i]
		}
	}
	return nil
}

// waitingNamed finds a waiting entrant whose name looks like name
// (names.Key), as playerNamed does a player.
func waitingNamed(st *State, name string) *engine.Player {
	key := names.Key(name)
	for i := range st.Waiting {
		if names.Key(st.Waiting[i].Name) == key {
			return &st.Waiting[i]
		}
	}
	return nil
}

// entryRefused refuses name when an entrant has it, playing or waiting;
// self is the entrant who may keep their own name (0: none).
func entryRefused(st *State, name string, self int) *Refusal {
	if other := playerSpelled(st, name); other != nil && other.Entrant != self {
		return refuse(Conflict, "「%[1]s」已经报名了（%[2]d 号）", "%[1]q has entered already (player %[2]d)", name, other.ID)
	}
	if w := waitingSpelled(st, name); w != nil && w.Entrant != self {
		return refuse(Conflict, "「%[1]s」已在候补名单上（第 %[2]d 位）", "%[1]q is on the wait list already (place %[2]d)", name, w.ID)
	}
	return nil
}

// lookAlikeRefused is entryRefused for names that look alike (Admit).
func lookAlikeRefused(st *State, name string, self int) *Refusal {
	if other := playerNamed(st, name); other != nil && other.Entrant != self {
		return nameTaken(name, other, "「%[1]s」已经报名了（%[2]d 号）", "%[1]q has entered already (player %[2]d)")
	}
	if w := waitingNamed(st, name); w != nil && w.Entrant != self {
		if !strings.EqualFold(w.Name, name) {
			return refuse(Conflict, "「%[1]s」和候补名单上的「%[2]s」看起来一样，请换一个能区分的名字", "%[1]q looks the same as %[2]q on the wait list: choose a name that tells them apart", name, w.Name)
		}
		return refuse(Conflict, "「%[1]s」已在候补名单上（第 %[2]d 位）", "%[1]q is on the wait list already (place %[2]d)", name, w.ID)
	}
	return nil
}

// quotaRefused refuses another entrant of unit, but for entrant self,
// when the unit has its quota (R-E-5), naming the unit's entrants.
func (st *State) quotaRefused(unit string, self int) *Refusal {
	q := st.Info.Entry.Quota
	if q <= 0 || strings.TrimSpace(unit) == "" {
		return nil
	}
	key := names.Key(unit)
	var zh, en []string
	for _, p := range st.Event.Players {
		if p.Entrant != self && names.Key(p.Unit) == key {
			zh, en = append(zh, p.Name), append(en, p.Name)
		}
	}
	for _, w := range st.Waiting {
		if w.Entrant != self && names.Key(w.Unit) == key {
			zh, en = append(zh, w.Name+"（候补）"), append(en, w.Name+" (waiting)")
		}
	}
	if len(zh) < q {
		return nil
	}
	return &Refusal{Kind: Rule, Rule: "R-E-5", Reason: QuotaFull, T: i18n.T{
		Zh: i18n.T{Zh: "每单位限报 %d 人：「%s」已有 %s"}.In(i18n.Zh, q, unit, strings.Join(zh, "、")),
		En: i18n.T{En: "each unit enters at most %d: %s has %s already"}.In(i18n.En, q, unit, strings.Join(en, ", ")),
	}}
}

// WaitListed enters a player while the event is full (R-E-5): they wait,
// and move up when a player leaves before the start. When there is room
// after all (the log folded again after an undo), they enter at once.
type WaitListed struct {
	Name   string `json:"name"`
	Unit   string `json:"unit,omitempty"`
	Rating int    `json:"rating,omitempty"`
	// Categories are the entrant's, as PlayerAdded's (R-T-10).
	Categories []string `json:"categories,omitempty"`
}

func (*WaitListed) Kind() string { return "wait-listed" }

func (a *WaitListed) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	name, unit := names.Clean(a.Name), names.Clean(a.Unit)
	if name == "" {
		return refuse(Invalid, "选手需要一个名字", "a player needs a name")
	}
	if r := entryRefused(st, name, 0); r != nil {
		return r
	}
	if r := st.quotaRefused(unit, 0); r != nil {
		return r
	}
	cats, err := st.categoryNames(a.Categories)
	if err != nil {
		return err
	}
	st.Awards.declare(cats)
	p := engine.Player{Name: name, Unit: unit, Rating: a.Rating, Entrant: st.nextEntrant(), Categories: cats}
	if st.room() {
		p.ID = len(st.Event.Players) + 1
		st.Event.Players = append(st.Event.Players, p)
		return nil
	}
	p.ID = len(st.Waiting) + 1
	st.Waiting = append(st.Waiting, p)
	st.leaveEvent()
	return nil
}

// Admit is PlayerAdded's: a name names.Player refuses, or one that looks
// like an entrant's, playing or waiting.
func (a *WaitListed) Admit(st *State) error { return admitEntrant(st, a.Name) }

// WaitingRemoved takes a waiting entrant off the wait list: they leave,
// or an organiser removes them. Those after them move up a place.
type WaitingRemoved struct {
	Entrant int `json:"entrant"`
}

func (*WaitingRemoved) Kind() string { return "waiting-removed" }

func (a *WaitingRemoved) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	i := slices.IndexFunc(st.Waiting, func(w engine.Player) bool { return w.Entrant == a.Entrant })
	if i < 0 || a.Entrant < 1 {
		return refuse(NotFound, "候补名单上没有这名选手", "that entrant is not on the wait list").because(NoSuchPlayer)
	}
	st.Waiting = slices.Delete(slices.Clone(st.Waiting), i, i+1)
	for j := range st.Waiting {
		st.Waiting[j].ID = j + 1
	}
	if len(st.Waiting) == 0 {
		st.Waiting = nil
	}
	st.leaveEvent()
	return nil
}

// SignupDeadlinePassed closes sign-up at the deadline At (Entry.Deadline):
// the scheduler appends it. Organisers may still add players, as after
// SignupClosed.
type SignupDeadlinePassed struct {
	At time.Time `json:"at"`
}

func (*SignupDeadlinePassed) Kind() string { return "signup-deadline-passed" }

func (a *SignupDeadlinePassed) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	switch d := st.Info.Entry.Deadline; {
	case st.Status != Signup:
		return refuse(Conflict, "报名没有开放", "sign-up is not open").because(SignupShut)
	case d.IsZero() || !d.Equal(a.At):
		return refuse(Conflict, "报名截止时间不是这个时间", "that is not the sign-up deadline")
	case st.At.Before(d):
		return refuse(Conflict, "报名截止时间还没到", "the sign-up deadline has not come")
	}
	st.Status = Setup
	return nil
}

// deadlinePassed refuses sign-up at the state's time once the deadline has
// passed (SignupOpened).
func (st *State) deadlinePassed() *Refusal {
	d := st.Info.Entry.Deadline
	if d.IsZero() || st.At.Before(d) {
		return nil
	}
	at := d.In(st.Info.Location()).Format("2006-01-02 15:04")
	return ruled("R-E-5", "报名已于 %s 截止", "sign-up closed at its deadline, %s", at).because(DeadlinePassed)
}

// CheckInOpens returns when the check-in before round 1 opens (R-E-5):
// Entry.CheckIn before round 1's planned start; false when the event has
// no check-in or round 1 no planned start.
func (st *State) CheckInOpens() (time.Time, bool) {
	lead := st.Info.Entry.CheckIn
	start, planned := st.Planned(1)
	if lead <= 0 || !planned {
		return time.Time{}, false
	}
	return start.Add(-lead), true
}

// checkInOpen refuses unless the check-in before round 1 is open at the
// state's time.
func (st *State) checkInOpen() error {
	if err := beforeStart(st); err != nil {
		return err
	}
	opens, ok := st.CheckInOpens()
	switch {
	case st.Info.Entry.CheckIn <= 0:
		return refuse(Conflict, "本赛开赛前不签到", "the event has no check-in before round 1").because(NoCheckIn)
	case !ok:
		return refuse(Conflict, "第 1 轮还没有计划开始时间，签到没有开放", "round 1 has no planned start: the check-in is not open").because(NoCheckIn)
	case st.At.Before(opens):
		at := opens.In(st.Info.Location()).Format("2006-01-02 15:04")
		return refuse(Conflict, "签到 %s 开放", "the check-in opens at %s", at).because(CheckInShut)
	}
	return nil
}

// CheckInOpened records that the check-in before round 1, whose planned
// start is Start, was announced: the scheduler appends it once the check-in
// opens (dueBeforeStart), once a start.
type CheckInOpened struct {
	Start time.Time `json:"start"`
}

func (*CheckInOpened) Kind() string { return "check-in-opened" }

func (a *CheckInOpened) Apply(st *State) error {
	if err := st.checkInOpen(); err != nil {
		return err
	}
	start, _ := st.Planned(1)
	switch {
	case !start.Equal(a.Start):
		return refuse(Conflict, "第 1 轮的计划开始时间已经改了", "round 1's planned start has changed")
	case st.CheckInTold.Equal(a.Start):
		return refuse(Conflict, "签到已经通知过了", "the check-in was announced already")
	}
	st.CheckInTold = a.Start
	st.leaveEvent()
	return nil
}

// EventCheckedIn checks an entrant in for the event, before round 1
// (R-E-5): a player, or a waiting entrant, who then moves up in order of
// the wait list in a no-show's place (NoShowsRemoved).
type EventCheckedIn struct {
	Entrant int `json:"entrant"`
}

func (*EventCheckedIn) Kind() string { return "event-checked-in" }

func (a *EventCheckedIn) Apply(st *State) error {
	if err := st.checkInOpen(); err != nil {
		return err
	}
	_, playing := st.Numbered(a.Entrant)
	if _, waiting := st.WaitingPlace(a.Entrant); !playing && !waiting {
		return refuse(NotFound, "这名选手已经不在比赛中了", "that player is no longer in the event").because(NoSuchPlayer)
	}
	if at, ok := st.CheckedInAt(a.Entrant); ok {
		return refuse(Conflict, "已经在 %s 签到了", "checked in already, at %s", at.In(st.Info.Location()).Format("15:04"))
	}
	st.Present = append(st.Present, Presence{Entrant: a.Entrant, At: st.At})
	st.leaveEvent()
	return nil
}

// CheckedInAt returns when entrant checked in for the event, and whether
// they have.
func (st *State) CheckedInAt(entrant int) (time.Time, bool) {
	for _, p := range st.Present {
		if p.Entrant == entrant {
			return p.At, true
		}
	}
	return time.Time{}, false
}

func (st *State) isPresent(entrant int) bool {
	_, ok := st.CheckedInAt(entrant)
	return ok
}

// NoShows are the players not checked in for the event at now, by
// number; none while the check-in is not open.
func (st *State) NoShows(now time.Time) []engine.Player {
	if !st.CheckingIn(now) {
		return nil
	}
	var out []engine.Player
	for _, p := range st.Event.Players {
		if !st.isPresent(p.Entrant) {
			out = append(out, p)
		}
	}
	return out
}

// CheckingIn reports whether the check-in before round 1 is open at t:
// it has opened, and the event has not started.
func (st *State) CheckingIn(t time.Time) bool {
	opens, ok := st.CheckInOpens()
	return ok && !t.Before(opens) && (st.Status == Setup || st.Status == Signup)
}

// NoShowsRemoved removes the players who did not check in before round 1
// (R-E-5), Entrants by entrant id: the commands append it with the start,
// once the check-in has opened. The checked-in entrants of the wait list
// then move up, in order, as far as there is room.
type NoShowsRemoved struct {
	Entrants []int `json:"entrants"`
}

func (*NoShowsRemoved) Kind() string { return "no-shows-removed" }

func (a *NoShowsRemoved) Apply(st *State) error {
	if err := st.checkInOpen(); err != nil {
		return err
	}
	if len(a.Entrants) == 0 {
		return refuse(Invalid, "没有要移出的选手", "no players to remove")
	}
	for _, e := range a.Entrants {
		if _, ok := st.Numbered(e); !ok {
			return refuse(NotFound, "这名选手已经不在比赛中了", "that player is no longer in the event").because(NoSuchPlayer)
		}
		if st.isPresent(e) {
			n, _ := st.Numbered(e)
			return refuse(Conflict, "%d 号选手已经签到了", "player %d has checked in", n)
		}
	}
	st.Event.Players = slices.DeleteFunc(slices.Clone(st.Event.Players), func(p engine.Player) bool { return slices.Contains(a.Entrants, p.Entrant) })
	for i := range st.Event.Players {
		st.Event.Players[i].ID = i + 1
	}
	st.moveUp(true)
	return nil
}

// WakeAt is when the clock next has work in the event before its start
// (dueBeforeStart): the sign-up deadline while sign-up is open, the
// opening of the check-in until it is announced; zero for none. The store
// keeps it with the event, so that the scheduler loads only the events
// due.
func (st *State) WakeAt() time.Time {
	var at time.Time
	if d := st.Info.Entry.Deadline; st.Status == Signup && !d.IsZero() {
		at = d
	}
	if opens, ok := st.CheckInOpens(); ok && (st.Status == Setup || st.Status == Signup) {
		if start, _ := st.Planned(1); !st.CheckInTold.Equal(start) && (at.IsZero() || opens.Before(at)) {
			at = opens
		}
	}
	return at
}

// dueBeforeStart is what the clock makes due at now in an event before its
// start (DueActions): the close of sign-up at its deadline, then the
// announcement that the check-in is open.
func (st *State) dueBeforeStart(now time.Time) []Action {
	if st.Status != Setup && st.Status != Signup {
		return nil
	}
	var due []Action
	if d := st.Info.Entry.Deadline; st.Status == Signup && !d.IsZero() && !now.Before(d) {
		due = append(due, &SignupDeadlinePassed{At: d})
	}
	if start, _ := st.Planned(1); st.CheckingIn(now) && !st.CheckInTold.Equal(start) {
		due = append(due, &CheckInOpened{Start: start})
	}
	return due
}
