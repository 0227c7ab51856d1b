package action

import (
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/names"
)

// An event's administration: its creation, its end, undoing an action, and
// whether it still takes changes.

func init() {
	register(func() Action { return new(Created) })
	register(func() Action { return new(EventFinished) })
	register(func() Action { return new(EventCancelled) })
	register(func() Action { return new(WebLinkReplaced) })
	register(func() Action { return new(Undo) })
}

// Created starts an event's log.
type Created struct {
	Name     string          `json:"name"`
	Settings engine.Settings `json:"settings"`
	// Lang is the event's language (Info.Lang): its creator's.
	Lang string `json:"lang,omitempty"`
}

func (*Created) Kind() string { return "created" }

func (a *Created) Apply(st *State) error {
	if st.Through > 0 || st.Event.Name != "" {
		return refuse(Conflict, "比赛已经存在", "the event exists already")
	}
	// The name's form is admitted when it is given (Admit); a log stored
	// before a rule of form folds as it was, tidied for display.
	name := names.Clean(a.Name)
	if name == "" {
		return refuse(Invalid, "比赛需要一个名称", "an event needs a name")
	}
	st.Event.Name = name
	st.Event.Settings = a.Settings
	st.Info.Lang = a.Lang
	st.Status = Setup
	return nil
}

// EventFinished ends the event: nothing changes after it.
type EventFinished struct{}

func (*EventFinished) Kind() string { return "finished" }

func (*EventFinished) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	st.Status = Finished
	return nil
}

// EventCancelled calls the event off before its start: nothing changes
// after it, and it was never played (CalledOff). A started event is
// finished instead (EventFinished): its games stand.
type EventCancelled struct{}

func (*EventCancelled) Kind() string { return "cancelled" }

func (*EventCancelled) Apply(st *State) error {
	if err := st.MayCancel(); err != nil {
		return err
	}
	st.Status = CalledOff
	return nil
}

// MayCancel says why the event cannot be cancelled (EventCancelled), nil
// when it can: before its start only. The command asks it before it asks
// the organiser to confirm.
func (st *State) MayCancel() error {
	if err := open(st); err != nil {
		return err
	}
	if st.Status == Running {
		return refuse(Conflict, "比赛已经开始，不能取消", "the event has started: it cannot be cancelled").because(AlreadyBegun)
	}
	return nil
}

// WebLinkReplaced records that the event's live page got a new link, the
// old one revoked (storage.Change.ReplaceWebLink), so that the log says
// who did it and when. The link's token is its secret: no action holds
// it. It changes nothing in the state, and comes in any status: a
// finished event's page stays online.
type WebLinkReplaced struct{}

func (*WebLinkReplaced) Kind() string { return "web-link-replaced" }

func (*WebLinkReplaced) Apply(st *State) error {
	if st.Event.Name == "" {
		return refuse(Conflict, "还没有比赛", "there is no event yet").because(NoEvent)
	}
	st.leaveEvent()
	return nil
}

// Undo cancels the action with sequence number Seq; Fold skips it. An Undo
// of an Undo brings its target back.
type Undo struct {
	Seq int64 `json:"seq"`
}

func (*Undo) Kind() string { return "undo" }

// Apply does nothing: Fold handles undos over the whole log.
func (*Undo) Apply(*State) error { return nil }

// check refuses an undo, recorded as action seq, of anything but an
// earlier action other than the event's creation.
func (u *Undo) check(seq int64) error {
	switch {
	case u.Seq == 1:
		return refuse(Invalid, "不能撤销比赛的创建", "the event's creation cannot be undone")
	case u.Seq < 1 || u.Seq >= seq:
		return refuse(NotFound, "没有更早的第 %d 步可以撤销", "there is no earlier action %d to undo", u.Seq)
	}
	return nil
}

func open(st *State) error {
	switch {
	case st.Event.Name == "":
		return refuse(Conflict, "还没有比赛", "there is no event yet").because(NoEvent)
	case st.Status == Finished:
		return refuse(Conflict, "比赛已经结束", "the event has finished").because(EventOver)
	case st.Status == CalledOff:
		return refuse(Conflict, "比赛已经取消", "the event was cancelled").because(WasCalledOff)
	}
	return nil
}

// Cancelled returns the seqs of the log's records that an Undo cancels
// (an Undo of an Undo restores its target), as Fold skips them.
func Cancelled(log []Record) map[int64]bool { return cancelledSeqs(log) }
