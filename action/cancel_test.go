package action_test

import (
	"testing"

	"github.com/qisai/qisai/action"
)

// TestEventCancelled: an event is called off before its start only; after
// it nothing changes.
func TestEventCancelled(t *testing.T) {
	cancel := is(&action.EventCancelled{})
	calledOff := func(st *action.State) { st.Status = action.CalledOff }
	cancelled := func(t testing.TB) *script { return signup(t).do(&action.EventCancelled{}) }
	runApply(t, []applyCase{
		{name: "being set up", from: created, act: cancel, want: calledOff},
		{name: "with entries", from: entered, act: cancel, want: calledOff},
		{name: "in sign-up", from: signup, act: cancel, want: calledOff},
		{name: "started", from: running, act: cancel, err: "the event has started: it cannot be cancelled"},
		{name: "round 1 paired", from: round1, act: cancel, err: "cannot be cancelled"},
		{name: "finished", from: finished, act: cancel, err: "the event has finished"},
		{name: "twice", from: cancelled, act: cancel, err: "the event was cancelled"},
		{name: "no entries after it", from: cancelled, act: is(&action.PlayerAdded{Name: "Sun Yue"}), err: "the event was cancelled"},
		{name: "no start after it", from: cancelled, act: is(&action.Started{}), err: "the event was cancelled"},
		{name: "no finish after it", from: cancelled, act: is(&action.EventFinished{}), err: "the event was cancelled"},
	})
	if !action.CalledOff.Over() || !action.Finished.Over() || action.Signup.Over() || action.Running.Over() {
		t.Error("Over: want true for finished and cancelled events only")
	}
}
