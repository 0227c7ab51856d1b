package action_test

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// TestR_SW_13_WhatVoidsThePreview: after /pair, a change to what the
// pairing was made from (a result, a player, a setting) voids the preview;
// a draw offer, the event's language, a check-in, a start time or a change
// to the preview itself leaves it pending. Each agrees with the event
// compared as a whole, as the preview used to be checked.
func TestR_SW_13_WhatVoidsThePreview(t *testing.T) {
	// Round 1 still in play, so that its games take offers, with round 2
	// previewed (as its results will be: commands pair a finished round
	// only, the action takes any pairing of the next round).
	inPlay := func(t testing.TB) *script {
		p, err := engine.Pair(&round1done(t).st.Event)
		if err != nil {
			t.Fatal(err)
		}
		return round1(t).do(&action.PairingPreviewed{Pairing: p})
	}
	done := func(t testing.TB) *script { return round1done(t).preview() }
	for _, tt := range []struct {
		name  string
		from  func(testing.TB) *script
		act   func(*action.State) action.Action
		voids bool
	}{
		{"a result corrected", done, func(*action.State) action.Action {
			return &action.ResultSet{Round: 1, Board: 1, Result: engine.BlackWin}
		}, true},
		{"a result entered", inPlay, func(*action.State) action.Action {
			return &action.ResultSet{Round: 1, Board: 1, Result: engine.Draw}
		}, true},
		{"a player's rating", done, func(st *action.State) action.Action {
			p := st.Event.Players[0]
			return &action.PlayerEdited{Player: p.ID, Name: p.Name, Unit: p.Unit, Rating: p.Rating + 50}
		}, true},
		{"a withdrawal", done, func(*action.State) action.Action { return &action.Withdrawn{Player: 2, After: 1} }, true},
		{"a penalty", done, func(*action.State) action.Action { return &action.PenaltyRecorded{Player: 1} }, true},
		{"the number of rounds", done, func(st *action.State) action.Action {
			s := st.Event.Settings
			s.Rounds++
			return &action.SettingsChanged{Settings: s}
		}, true},
		{"a draw offer", inPlay, func(st *action.State) action.Action {
			return &action.DrawOffered{Round: 1, Board: 1, Player: gameAt(st, 1, 1).Red}
		}, false},
		{"a report", inPlay, func(st *action.State) action.Action {
			return &action.ResultReported{Round: 1, Board: 1, Player: gameAt(st, 1, 1).Red, Result: engine.RedWin}
		}, false},
		{"a check-in", inPlay, func(st *action.State) action.Action {
			return &action.CheckedIn{Round: 1, Board: 1, Player: gameAt(st, 1, 1).Black}
		}, false},
		{"the event's language", done, func(*action.State) action.Action { return &action.InfoChanged{Lang: ptr("en")} }, false},
		{"a time control", done, func(*action.State) action.Action { return &action.InfoChanged{TimeControl: ptr("15+10")} }, false},
		{"a start time", inPlay, func(st *action.State) action.Action {
			return &action.RoundScheduled{Round: 1, Start: st.At.Add(time.Hour)}
		}, false},
		{"a flip", done, func(st *action.State) action.Action {
			return &action.BoardFlipped{Board: st.PendingPreview().Boards[0].Number}
		}, false},
		{"a swap", done, func(st *action.State) action.Action {
			bs := st.PendingPreview().Boards
			return &action.BoardsSwapped{A: bs[0].Number, B: bs[1].Number}
		}, false},
		{"an exchange", done, func(st *action.State) action.Action {
			bs := st.PendingPreview().Boards
			return &action.PlayersExchanged{A: bs[0].Red, B: bs[1].Red}
		}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.from(t)
			if s.st.PendingPreview() == nil {
				t.Fatal("fixture: no pending preview")
			}
			before := deepCopy(s.st)
			s.do(tt.act(s.st))
			if voided := s.st.PendingPreview() == nil; voided != tt.voids {
				t.Errorf("preview voided %v, want %v", voided, tt.voids)
			}
			if changed := !reflect.DeepEqual(norm(before).Event, norm(s.st).Event); changed != tt.voids {
				t.Errorf("the event changed %v, but the preview voided %v", changed, tt.voids)
			}
			// The fold of the log agrees with the state applied in turn.
			st, err := action.Fold(s.log)
			if err != nil {
				t.Fatal(err)
			}
			if (st.PendingPreview() == nil) != tt.voids {
				t.Errorf("folded: preview voided %v, want %v", st.PendingPreview() == nil, tt.voids)
			}
		})
	}
}

// TestR_SW_13_PreviewUndo: undoing what voided the preview brings it back,
// as if the undone action had never been recorded; an edit of the
// preview undone leaves it pending, unedited.
func TestR_SW_13_PreviewUndo(t *testing.T) {
	s := round1done(t).preview()
	paired := *s.st.PendingPreview()
	s.do(&action.ResultSet{Round: 1, Board: 1, Result: engine.BlackWin})
	n := int64(len(s.log))
	st, err := action.Fold(append(slices.Clone(s.log), action.Record{Seq: n + 1, Action: &action.Undo{Seq: n}}))
	if err != nil {
		t.Fatal(err)
	}
	if pv := st.PendingPreview(); pv == nil || !reflect.DeepEqual(*pv, paired) {
		t.Errorf("after the correction is undone: preview %+v, want %+v", pv, paired)
	}

	s = round1done(t).preview()
	s.do(&action.BoardFlipped{Board: paired.Boards[0].Number})
	n = int64(len(s.log))
	st, err = action.Fold(append(slices.Clone(s.log), action.Record{Seq: n + 1, Action: &action.Undo{Seq: n}}))
	if err != nil {
		t.Fatal(err)
	}
	if pv := st.PendingPreview(); pv == nil || !reflect.DeepEqual(*pv, paired) {
		t.Errorf("after the flip is undone: preview %+v, want %+v", pv, paired)
	}
}

// TestPreviewSnapshotWithoutSeq: a snapshot saved when the preview was
// checked against a digest of the event (no PreviewSeq) is not continued:
// the whole log is folded instead, which gives the preview its seq.
func TestPreviewSnapshotWithoutSeq(t *testing.T) {
	s := round1done(t).preview()
	old := deepCopy(s.st)
	old.PreviewSeq, old.PreviewHeld = 0, 0
	if _, err := action.FoldFrom(old, nil); err != action.ErrRefold {
		t.Fatalf("FoldFrom(a snapshot of a preview without its seq) = %v, want ErrRefold", err)
	}
	st, err := action.Fold(s.log)
	if err != nil {
		t.Fatal(err)
	}
	if st.PendingPreview() == nil {
		t.Error("the log folded again has no pending preview")
	}
}
