package action_test

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// The start kinds' samples join the round trip in action_test.go.
func init() {
	samples = append(samples, []struct {
		action  action.Action
		payload string
	}{
		{&action.RoundScheduled{Round: 2, Start: time.Date(2026, 3, 1, 11, 30, 0, 0, time.UTC)}, `{"round":2,"start":"2026-03-01T11:30:00Z"}`},
		{&action.RoundReminded{Round: 2, Missed: true}, `{"round":2,"missed":true}`},
		{&action.LateReferred{Round: 2}, `{"round":2}`},
		{&action.LateWaited{Round: 2}, `{"round":2}`},
	}...)
}

// published is when the fixture's round 1 was published.
func published(s *script) time.Time { return s.log[len(s.log)-1].At }

// scheduled is round 1 starting two hours after its publication.
func scheduled(t testing.TB) *script {
	s := round1(t)
	return s.do(&action.RoundScheduled{Round: 1, Start: published(s).Add(2 * time.Hour)})
}

func TestRoundScheduled(t *testing.T) {
	later := func(d time.Duration) func(testing.TB, *action.State) action.Action {
		return func(_ testing.TB, st *action.State) action.Action {
			return &action.RoundScheduled{Round: 1, Start: st.At.Add(d)}
		}
	}
	runApply(t, []applyCase{
		{name: "an hour ahead", from: round1, act: later(time.Hour),
			want: func(st *action.State) { st.Play.Starts = st.At.Add(time.Hour) }},
		{name: "now", from: round1, act: later(0),
			want: func(st *action.State) { st.Play.Starts = st.At }},
		{name: "moved", from: scheduled, act: later(3 * time.Hour),
			want: func(st *action.State) { st.Play.Starts = st.At.Add(3 * time.Hour) }},
		{name: "passed", from: round1, act: later(-time.Minute), err: "has passed"},
		{name: "no time", from: round1, act: is(&action.RoundScheduled{Round: 1}), err: "start time"},
		{name: "not the current round", from: round2, act: later(time.Hour), err: "not the current round"},
		{name: "no round yet", from: running, act: later(time.Hour), err: "not the current round"},
		{name: "not running", from: created, act: later(time.Hour), err: "not started"},
	})
}

func TestRoundReminded(t *testing.T) {
	runApply(t, []applyCase{
		{name: "scheduled", from: scheduled, act: is(&action.RoundReminded{Round: 1}),
			want: func(st *action.State) { st.Play.Reminded = true }},
		{name: "twice", from: func(t testing.TB) *script { return scheduled(t).do(&action.RoundReminded{Round: 1}) },
			act: is(&action.RoundReminded{Round: 1}), err: "reminded of already"},
		{name: "no start time", from: round1, act: is(&action.RoundReminded{Round: 1}), err: "no start time"},
		{name: "an older round", from: round2, act: is(&action.RoundReminded{Round: 1}), err: "not the current round"},
	})
}

// TestRemindDue: the reminder is due RemindBefore ahead of the start, not
// before, and once; at the start or after it, not sent (the scheduler was
// not running), it is due as missed — a note, never silence. An event
// without reminders, a round without a start time and a round published
// inside the reminder time have none.
func TestRemindDue(t *testing.T) {
	remind := func(st *action.State, now time.Time) string {
		for _, a := range action.DueActions(st, now, time.Time{}) {
			if r, ok := a.(*action.RoundReminded); ok {
				if r.Round != 1 {
					t.Errorf("reminder of round %d, want 1", r.Round)
				}
				if r.Missed {
					return "missed"
				}
				return "reminder"
			}
		}
		return ""
	}
	s := scheduled(t)
	start := s.st.Play.Starts
	if remind(s.st, start.Add(-time.Hour)) != "" {
		t.Errorf("due with reminders off")
	}
	s.st.Info.RemindBefore = 30 * time.Minute
	for _, c := range []struct {
		at   time.Duration // from the start
		want string
	}{{-31 * time.Minute, ""}, {-30*time.Minute - time.Second, ""}, {-30 * time.Minute, "reminder"}, {-time.Second, "reminder"}, {0, "missed"}, {time.Hour, "missed"}} {
		if got := remind(s.st, start.Add(c.at)); got != c.want {
			t.Errorf("due at start%+v: %q, want %q", c.at, got, c.want)
		}
	}
	want := []action.Action{&action.RoundReminded{Round: 1}}
	if due := action.DueActions(s.st, start.Add(-10*time.Minute), time.Time{}); !reflect.DeepEqual(due, want) {
		t.Errorf("due %v, want the reminder alone", due)
	}
	s.do(&action.RoundReminded{Round: 1})
	if remind(s.st, start.Add(-10*time.Minute)) != "" || remind(s.st, start.Add(time.Minute)) != "" {
		t.Errorf("due again after it went out")
	}

	s = round1(t)
	s.st.Info.RemindBefore = 30 * time.Minute
	if remind(s.st, published(s).Add(time.Minute)) != "" {
		t.Errorf("due for a round without a start time")
	}
	s.do(&action.RoundScheduled{Round: 1, Start: published(s).Add(20 * time.Minute)})
	if remind(s.st, published(s).Add(15*time.Minute)) != "" || remind(s.st, published(s).Add(time.Hour)) != "" {
		t.Errorf("due for a round published inside the reminder time")
	}
}

// TestR_G_4_StartMovesForfeits: with a start time, late arrival counts
// from the start, not from the publication; arriving before the start is
// in time.
func TestR_G_4_StartMovesForfeits(t *testing.T) {
	s := round1(t)
	s.st.Info.LateAfter = 15 * time.Minute
	pub := published(s)
	if d, ok := s.st.LateDeadline(); !ok || !d.Equal(pub.Add(15*time.Minute)) {
		t.Errorf("deadline without a start %v (%v), want 15 min after the publication %v", d, ok, pub)
	}
	start := pub.Add(2 * time.Hour)
	g := gameAt(s.st, 1, 1)
	s.do(&action.RoundScheduled{Round: 1, Start: start}, &action.CheckedIn{Round: 1, Board: 1, Player: g.Red})
	if d, ok := s.st.LateDeadline(); !ok || !d.Equal(start.Add(15*time.Minute)) {
		t.Errorf("deadline %v (%v), want 15 min after the start %v", d, ok, start)
	}
	if due := action.DueActions(s.st, pub.Add(time.Hour), time.Time{}); len(due) != 0 {
		t.Errorf("due an hour after the publication, before the start: %v", due)
	}
	if due := action.DueActions(s.st, start.Add(15*time.Minute-time.Second), time.Time{}); len(due) != 0 {
		t.Errorf("due before the limit after the start: %v", due)
	}
	want := []action.Action{
		&action.ResultSet{Round: 1, Board: 1, Result: engine.RedForfeitWin},
		&action.ResultSet{Round: 1, Board: 2, Result: engine.DoubleForfeit},
	}
	if due := action.DueActions(s.st, start.Add(15*time.Minute), time.Time{}); !reflect.DeepEqual(due, want) {
		t.Errorf("due at the limit after the start: %v, want %v (red checked in before the start)", due, want)
	}
}

// TestStartSnapshot: the start time and the reminder survive a store's
// snapshot, and a new round starts without them.
func TestStartSnapshot(t *testing.T) {
	s := scheduled(t).do(&action.RoundReminded{Round: 1})
	var back action.State
	if err := json.Unmarshal([]byte(snapshot(t, s.st)), &back); err != nil {
		t.Fatal(err)
	}
	if !back.Play.Starts.Equal(s.st.Play.Starts) || !back.Play.Reminded {
		t.Errorf("play after JSON %+v, want %+v", back.Play, s.st.Play)
	}
	s.results().publish()
	if p := s.st.Play; !p.Starts.IsZero() || p.Reminded {
		t.Errorf("round 2's play %+v carries round 1's start", p)
	}
}
