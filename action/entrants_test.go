package action_test

import (
	"errors"
	"maps"
	"testing"

	"github.com/qisai/qisai/action"
)

// entrantIDs maps each player's name to their entrant id.
func entrantIDs(st *action.State) map[string]int {
	ids := map[string]int{}
	for _, p := range st.Event.Players {
		ids[p.Name] = p.Entrant
	}
	return ids
}

// TestEntrantIDsStay: a player's entrant id is the number of the action
// that entered them, and it stays through the start's numbering by rating
// (R-SW-1), a removal before the start and an undo of an earlier entry,
// while the sequence numbers change; Numbered and EntrantOf map the two.
func TestEntrantIDsStay(t *testing.T) {
	s := entered(t)
	want := map[string]int{"Wang Tianyi": 2, "Li Hongbo": 3, "Zhao Xinxin": 4, "Chen Hanfeng": 5, "Liu Zonghan": 6}
	if got := entrantIDs(s.st); !maps.Equal(got, want) {
		t.Fatalf("entered: entrant ids %v, want %v", got, want)
	}
	s.do(&action.PlayerRemoved{Player: 2, Entrant: 3}) // Li Hongbo: the players after move up
	delete(want, "Li Hongbo")
	s.do(&action.Started{}) // by rating: Zhao is number 1 now
	if got := entrantIDs(s.st); !maps.Equal(got, want) {
		t.Errorf("after a removal and the start: entrant ids %v, want %v", got, want)
	}
	if n, ok := s.st.Numbered(4); !ok || s.st.Event.Players[n-1].Name != "Zhao Xinxin" || n != 1 {
		t.Errorf("Numbered(4) = %d, %v; want 1, Zhao Xinxin's number", n, ok)
	}
	if e := s.st.EntrantOf(1); e != 4 {
		t.Errorf("EntrantOf(1) = %d, want 4", e)
	}
	if _, ok := s.st.Numbered(3); ok {
		t.Error("Numbered(3): the removed entrant still has a number")
	}

	// Undoing an earlier entry, the log folded again, leaves the later
	// entrants their ids.
	log := append(s.log, record(int64(len(s.log)+1), &action.Undo{Seq: 2})) // Wang Tianyi's entry
	st, err := action.Fold(log)
	if err != nil {
		t.Fatal(err)
	}
	delete(want, "Wang Tianyi")
	if got := entrantIDs(st); !maps.Equal(got, want) {
		t.Errorf("after undoing an entry: entrant ids %v, want %v", got, want)
	}
}

// TestOldSnapshotRefolds: a state saved before entrant ids is not
// continued, so that its players get their ids from the log.
func TestOldSnapshotRefolds(t *testing.T) {
	st := entered(t).st
	st.Event.Players[2].Entrant = 0
	if _, err := action.FoldFrom(st, nil); !errors.Is(err, action.ErrRefold) {
		t.Errorf("FoldFrom(an old snapshot) = %v, want ErrRefold", err)
	}
}
