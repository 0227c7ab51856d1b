package action

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/qisai/qisai/engine"
)

// Status is where an event stands.
type Status string

const (
	Setup    Status = "setup"    // created, entries being prepared
	Signup   Status = "signup"   // players may join
	Running  Status = "running"  // started: sequence numbers fixed, rounds paired
	Finished Status = "finished" // over: nothing changes any more
	// CalledOff: cancelled before the start (EventCancelled); nothing
	// changes any more, and the event was never played.
	CalledOff Status = "cancelled"
)

// Over reports whether an event in status s takes no more changes: it
// finished, or was cancelled before the start.
func (s Status) Over() bool { return s == Finished || s == CalledOff }

// State is an event as its log builds it.
type State struct {
	Event  engine.Event
	Status Status
	// Through is the Seq of the last record folded in.
	Through int64
	// Info is the organiser's details of the event beyond the rules'
	// settings (settings.go); Preview a pairing shown but not yet published.
	Info    Info
	Preview *engine.Pairing `json:",omitempty"`
	// PreviewSeq is the Seq of the action that made Preview
	// (PairingPreviewed); PreviewHeld the Seq through which the event stayed
	// as the preview was paired on: the preview is pending while it is
	// Through (PendingPreview).
	PreviewSeq  int64 `json:",omitempty"`
	PreviewHeld int64 `json:",omitempty"`
	// Play is what is under way in the games: results reported and not yet
	// confirmed, draw offers, check-ins, 猜先 (play.go).
	Play Play
	// Stages is a knockout's, a groups stage's or a chain of stages' part
	// (stages.go); nil for a plain Swiss or round robin.
	Stages *Staged `json:",omitempty"`
	// Teams is a team event's part (team.go); nil for an individual event.
	Teams *Teamed `json:",omitempty"`
	// Leaves are the requested byes (请假, R-E-2), asked and granted, of
	// rounds to come and played (leave.go).
	Leaves []Leave `json:",omitempty"`
	// Spreading is what the spreading of units over the halves changed of
	// the order the numbering gave at the start (R-SW-1): the start says
	// so in words.
	Spreading engine.Spreading `json:",omitzero"`
	// Awards are the categories, prizes, place points and minimum games
	// the event ranks by beside its standings (awards.go).
	Awards Awards `json:",omitzero"`
	// Playoffs are the ties the organiser chose how to settle (R-T-8,
	// playoff.go).
	Playoffs []Playoff `json:",omitempty"`
	// Waiting is the wait list (候补, R-E-5), in order, each numbered by
	// place (ID) with an entrant id; Present the entrants checked in for
	// the event before round 1 (签到), and CheckInTold the planned start of
	// round 1 whose check-in was announced (signup.go).
	Waiting     []engine.Player `json:",omitempty"`
	Present     []Presence      `json:",omitempty"`
	CheckInTold time.Time       `json:",omitzero"`
	// At is when the action being applied was recorded (Record.At): rules
	// that count time (confirmation windows, late arrival) read it, so the
	// fold gives the same state whenever it runs.
	At time.Time `json:"-"`
	// Seq is the number of the action being applied (Record.Seq), set as
	// At is: what an action starts (a report, a draw offer) keeps it, so
	// that a button answering it can name it.
	Seq int64 `json:"-"`
	// views are what is computed from the event for showing it, once a
	// state (views.go).
	views *views
	// shared is what the state shares with the state it was copied from
	// (share.go).
	shared shared
}

// ErrRefold says a snapshot cannot be continued: an Undo in the records
// after it cancels an action the snapshot already holds, or it was saved
// before players had entrant ids (roster.go) or before a preview knew the
// action that made it (PreviewSeq). Fold the whole log instead.
var ErrRefold = errors.New("an undo reaches into the snapshot")

// Fold builds the state of an event from its whole log, oldest first.
func Fold(log []Record) (*State, error) {
	return FoldFrom(nil, log)
}

// FoldFrom continues a snapshot (a state folded through some record; nil
// for an empty event) with the records after it, oldest first, on a copy:
// the snapshot is left as it was, and is not to be changed afterwards,
// since the copy shares with it what the records do not change (clone).
// Actions cancelled by an Undo are skipped; an Undo of an Undo restores
// its target. It returns ErrRefold when an Undo cancels a record the
// snapshot holds.
func FoldFrom(snapshot *State, tail []Record) (*State, error) {
	if snapshot == nil {
		return fold(&State{Status: Setup}, tail)
	}
	if !snapshot.continuable() {
		return nil, ErrRefold
	}
	return fold(snapshot.clone(), tail)
}

// FoldOnto is FoldFrom on a snapshot nobody else holds (one just decoded):
// it goes on from the snapshot itself rather than from a copy, which at
// 5,000 players is megabytes. The caller gives snapshot up: whatever
// FoldOnto returns, snapshot is not to be used again.
func FoldOnto(snapshot *State, tail []Record) (*State, error) {
	if snapshot != nil && !snapshot.continuable() {
		return nil, ErrRefold
	}
	if snapshot == nil {
		snapshot = &State{Status: Setup}
	}
	return fold(snapshot, tail)
}

// continuable reports whether a snapshot can be continued (ErrRefold).
func (st *State) continuable() bool {
	return st.hasEntrants() && (st.Preview == nil || st.PreviewSeq != 0)
}

// fold applies tail to st, which it changes (FoldFrom).
func fold(st *State, tail []Record) (*State, error) {
	for _, r := range tail {
		if u, ok := r.Action.(*Undo); ok {
			if err := u.check(r.Seq); err != nil {
				return nil, fmt.Errorf("action %d (undo): %w", r.Seq, err)
			}
		}
	}
	cancelled := cancelledSeqs(tail)
	for seq := range cancelled {
		if seq <= st.Through {
			return nil, ErrRefold
		}
	}
	for _, r := range tail {
		if r.Seq <= st.Through {
			return nil, fmt.Errorf("fold: record %d comes after record %d", r.Seq, st.Through)
		}
		st.At, st.Seq = r.At, r.Seq
		if _, isUndo := r.Action.(*Undo); isUndo || cancelled[r.Seq] {
			st.passOver(r.Seq)
		} else if err := r.Action.Apply(st); err != nil {
			return nil, fmt.Errorf("action %d (%s): %w", r.Seq, r.Action.Kind(), err)
		}
		st.Through = r.Seq
	}
	// The views exist before anyone copies st (the store keeps a copy of
	// what it loads), so that copies compute them once between them.
	st.viewsOf()
	return st, nil
}

// cancelledSeqs walks the log from the newest record back: an Undo that is
// not itself cancelled cancels its target.
func cancelledSeqs(log []Record) map[int64]bool {
	cancelled := map[int64]bool{}
	for i := len(log) - 1; i >= 0; i-- {
		if u, ok := log[i].Action.(*Undo); ok && !cancelled[log[i].Seq] {
			cancelled[u.Seq] = true
		}
	}
	return cancelled
}

// clone copies a state deeply enough that applying actions to the copy
// leaves the original as it was. The copy shares the players and the
// rounds' games with st until it changes them (share.go), so st is not to
// be changed after; and it shares the preview, which actions replace and
// never change in place (clonePairing).
func (st *State) clone() *State {
	c := *st
	c.Event.Rounds = slices.Clone(st.Event.Rounds)
	c.share()
	c.Event.Settings.Tiebreaks = slices.Clone(st.Event.Settings.Tiebreaks)
	c.Info = st.Info.clone()
	c.Play = st.Play.clone()
	c.Stages = st.Stages.clone()
	c.Teams = st.Teams.clone()
	c.Leaves = slices.Clone(st.Leaves)
	c.Awards = st.Awards.clone()
	c.Playoffs = slices.Clone(st.Playoffs)
	for i := range c.Playoffs {
		c.Playoffs[i] = c.Playoffs[i].clone()
	}
	c.Waiting = slices.Clone(st.Waiting)
	c.Present = slices.Clone(st.Present)
	return &c
}
