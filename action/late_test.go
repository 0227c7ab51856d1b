package action_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// TestR_G_4_LateNeedsWatching: the clock forfeits late players only when
// the scheduler watched the whole limit, from the round's start to the
// deadline; after a gap (the bot down, the clock stepped) the late players
// are left to the arbiter, once, and the clock forfeits nobody for
// lateness in that round until the arbiter starts the limit again.
func TestR_G_4_LateNeedsWatching(t *testing.T) {
	s := round1(t)
	s.st.Info.LateAfter = 15 * time.Minute
	start := published(s).Add(2 * time.Hour)
	deadline := start.Add(15 * time.Minute)
	g := gameAt(s.st, 1, 1)
	s.do(&action.RoundScheduled{Round: 1, Start: start}, &action.CheckedIn{Round: 1, Board: 1, Player: g.Red})
	forfeits := []action.Action{
		&action.ResultSet{Round: 1, Board: 1, Result: engine.RedForfeitWin},
		&action.ResultSet{Round: 1, Board: 2, Result: engine.DoubleForfeit},
	}
	referred := []action.Action{&action.LateReferred{Round: 1}}
	for _, c := range []struct {
		name    string
		watched time.Time
		want    []action.Action
	}{
		{"watched since before the start", start.Add(-time.Hour), forfeits},
		{"watched since the start", start, forfeits},
		{"down at the start", start.Add(time.Second), referred},
		{"down at the deadline", deadline, referred},
		{"the clock stepped past the deadline", deadline.Add(time.Minute), referred},
	} {
		if due := action.DueActions(s.st, deadline.Add(time.Minute), c.watched); !reflect.DeepEqual(due, c.want) {
			t.Errorf("%s: due %v, want %v", c.name, due, c.want)
		}
	}
	if due := action.DueActions(s.st, deadline.Add(-time.Second), deadline); len(due) != 0 {
		t.Errorf("before the deadline, after a gap: due %v, want nothing", due)
	}

	s.do(&action.LateReferred{Round: 1})
	if due := action.DueActions(s.st, deadline.Add(time.Hour), time.Time{}); len(due) != 0 {
		t.Errorf("after the referral: due %v, want nothing (the arbiter decides)", due)
	}
	if got, want := s.st.Late(), []action.ResultSet{{Round: 1, Board: 1, Result: engine.RedForfeitWin}, {Round: 1, Board: 2, Result: engine.DoubleForfeit}}; !reflect.DeepEqual(got, want) {
		t.Errorf("Late() = %v, want %v", got, want)
	}
	s.do(&action.CheckedIn{Round: 1, Board: 1, Player: g.Black}) // late, but here
	if got, want := s.st.Late(), []action.ResultSet{{Round: 1, Board: 2, Result: engine.DoubleForfeit}}; !reflect.DeepEqual(got, want) {
		t.Errorf("Late() after black came = %v, want %v", got, want)
	}

	// The arbiter waits: a new limit from now, which the clock keeps.
	s.do(&action.LateWaited{Round: 1})
	waited := s.log[len(s.log)-1].At
	again, ok := s.st.LateDeadline()
	if !ok || !again.Equal(waited.Add(15*time.Minute)) || s.st.Play.LateReferred {
		t.Fatalf("after the wait: deadline %v (%v), referred %v; want 15 minutes from %v", again, ok, s.st.Play.LateReferred, waited)
	}
	want := []action.Action{&action.ResultSet{Round: 1, Board: 2, Result: engine.DoubleForfeit}}
	if due := action.DueActions(s.st, again, waited); !reflect.DeepEqual(due, want) {
		t.Errorf("at the new deadline, watched since the wait: due %v, want %v", due, want)
	}
	if due := action.DueActions(s.st, again, waited.Add(time.Second)); !reflect.DeepEqual(due, referred) {
		t.Errorf("at the new deadline after another gap: due %v, want the referral again", due)
	}
}

func TestLateReferredAndWaited(t *testing.T) {
	late := func(t testing.TB) *script {
		s := round1(t)
		m := 15 * time.Minute
		return s.do(&action.InfoChanged{LateAfter: &m})
	}
	runApply(t, []applyCase{
		{name: "referred", from: late, act: is(&action.LateReferred{Round: 1}),
			want: func(st *action.State) { st.Play.LateReferred = true }},
		{name: "referred twice", from: func(t testing.TB) *script { return late(t).do(&action.LateReferred{Round: 1}) },
			act: is(&action.LateReferred{Round: 1}), err: "with the arbiter already"},
		{name: "referred without a limit", from: round1, act: is(&action.LateReferred{Round: 1}), err: "no late-arrival limit"},
		{name: "referred, an older round", from: round2, act: is(&action.LateReferred{Round: 1}), err: "not the current round"},
		{name: "waited", from: func(t testing.TB) *script { return late(t).do(&action.LateReferred{Round: 1}) },
			act:  is(&action.LateWaited{Round: 1}),
			want: func(st *action.State) { st.Play.LateReferred, st.Play.LateFrom = false, st.At }},
		{name: "waited without a limit", from: round1, act: is(&action.LateWaited{Round: 1}), err: "no late-arrival limit"},
	})
}

// TestRemindSetAfterStart: reminders asked for once the round has started
// owe it none: no missed reminder is due.
func TestRemindSetAfterStart(t *testing.T) {
	s := round1(t)
	start := s.log[len(s.log)-1].At.Add(2 * time.Minute)
	g := gameAt(s.st, 1, 1)
	s.do(&action.RoundScheduled{Round: 1, Start: start},
		&action.CheckedIn{Round: 1, Board: 1, Player: g.Red}, &action.CheckedIn{Round: 1, Board: 1, Player: g.Black})
	remind := 30 * time.Minute
	s.do(&action.InfoChanged{RemindBefore: &remind})
	if due := action.DueActions(s.st, start.Add(time.Minute), time.Time{}); len(due) != 0 {
		t.Errorf("due %v, want nothing", due)
	}
}
