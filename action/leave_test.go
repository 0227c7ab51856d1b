package action_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// TestR_E_2_RequestedByeKeepsThePlayerOut: a player granted a bye for
// round 2 is not paired in it, scores a draw's value for it, and is not
// taken for the pairing bye (R-S-3); the request is refused once the round
// is paired, beyond the event's limit, and in a knockout; asking after the
// preview voids it.
func TestR_E_2_RequestedByeKeepsThePlayerOut(t *testing.T) {
	s := round1done(t)
	st := s.st
	// Five players: the pairing bye of round 1 went to the lowest; who
	// asks for round 2 is another.
	hadBye := st.Event.Rounds[0].Byes[0].Player
	asker := 1
	if asker == hadBye {
		asker = 2
	}
	entrant := st.EntrantOf(asker)
	pv, err := st.Format().Pair(st)
	if err != nil {
		t.Fatal(err)
	}
	s.do(pv)
	if st.PendingPreview() == nil {
		t.Fatal("fixture: no preview")
	}
	s.do(&action.LeaveAsked{Entrant: entrant, Round: 2})
	if st.PendingPreview() != nil {
		t.Error("a bye asked for the round previewed leaves the preview standing")
	}
	if len(st.Leaves) != 1 || st.Leaves[0].Granted {
		t.Fatalf("leaves %+v, want one request waiting for an organiser", st.Leaves)
	}
	s.do(&action.LeaveGranted{Entrant: entrant, Round: 2})
	pv, err = st.Format().Pair(st)
	if err != nil {
		t.Fatal(err)
	}
	s.do(pv)
	p := *st.PendingPreview()
	for _, b := range p.Boards {
		if b.Red == asker || b.Black == asker {
			t.Fatalf("player %d is paired on board %d of round 2 despite the bye granted", asker, b.Number)
		}
	}
	if slices.Contains(p.Byes, asker) {
		t.Errorf("the requested bye was taken for the pairing bye %v (R-S-3)", p.Byes)
	}
	s.do(&action.RoundPublished{Pairing: p})
	rd := st.Event.Rounds[1]
	i := slices.IndexFunc(rd.Byes, func(b engine.Bye) bool { return b.Player == asker })
	if i < 0 || rd.Byes[i].Kind != engine.HalfBye {
		t.Fatalf("round 2's byes %+v, want player %d's requested bye worth a draw", rd.Byes, asker)
	}
	if h := st.Histories()[asker]; engine.Score(h[1:2]) != st.Event.Settings.Draw {
		t.Errorf("the requested bye scores %v, want a draw's %v", engine.Score(h[1:2]), st.Event.Settings.Draw)
	}

	refused := func(a action.Action, why string) {
		t.Helper()
		var r *action.Refusal
		if err := a.Apply(st); !errors.As(err, &r) {
			t.Errorf("%s: %s accepted (%v)", why, a.Kind(), err)
		}
	}
	refused(&action.LeaveAsked{Entrant: entrant, Round: 2}, "round 2 is paired")
	refused(&action.LeaveDropped{Entrant: entrant, Round: 2}, "a played bye is dropped")
	refused(&action.LeaveAsked{Entrant: entrant, Round: 3}, "beyond the limit of one")
	refused(&action.LeaveAsked{Entrant: entrant, Round: 9}, "beyond the last round")
	refused(&action.LeaveGranted{Entrant: st.EntrantOf(3), Round: 3}, "granting what nobody asked")

	ko := newStaged(t, 4, action.NewPlan(action.KnockoutStage))
	if err := ko.try(&action.LeaveAsked{Entrant: 1, Round: 1}); err == nil {
		t.Error("a knockout took a requested bye")
	}
}

// TestR_E_2_LeaveSettings: the event sets the limit, the worth and who
// grants.
func TestR_E_2_LeaveSettings(t *testing.T) {
	s := running(t)
	two, win, auto := 2, engine.FullBye, true
	s.do(&action.InfoChanged{Leaves: &two, LeaveWorth: &win, LeaveAuto: &auto})
	e := s.st.EntrantOf(1)
	s.do(&action.LeaveAsked{Entrant: e, Round: 1}, &action.LeaveAsked{Entrant: e, Round: 2})
	if l := s.st.Leaves; len(l) != 2 || !l[0].Granted || !l[1].Granted {
		t.Errorf("leaves %+v, want two, granted by the event", l)
	}
	pv, err := s.st.Format().Pair(s.st)
	if err != nil {
		t.Fatal(err)
	}
	s.do(pv)
	s.do(&action.RoundPublished{Pairing: *s.st.PendingPreview()})
	if b := s.st.Event.Rounds[0].Byes; !slices.ContainsFunc(b, func(x engine.Bye) bool { return x.Player == 1 && x.Kind == engine.FullBye }) {
		t.Errorf("round 1's byes %+v, want player 1's worth a win", b)
	}
	s.do(&action.LeaveDropped{Entrant: e, Round: 2})
	if len(s.st.Leaves) != 1 {
		t.Errorf("leaves %+v after dropping round 2's", s.st.Leaves)
	}
}
