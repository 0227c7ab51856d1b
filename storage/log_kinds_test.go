package storage

import (
	"context"
	"testing"

	"github.com/qisai/qisai/action"
)

// TestLogOf: the records of the kinds asked for, in order, as Log has
// them, on both databases; through a change, those committed before it;
// no kind, no records.
func TestLogOf(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		id := evCreate(t, s, "Club Open", "Li", "Wang", "Zhao")
		if _, err := s.Update(ctx, id, evArbiter, "", appendAll(&action.Started{})); err != nil {
			t.Fatal(err)
		}
		all := evLog(t, s, id)
		got, err := s.LogOf(ctx, id, "started", "created")
		if err != nil {
			t.Fatal(err)
		}
		var want []action.Record
		for _, r := range all {
			if k := r.Action.Kind(); k == "started" || k == "created" {
				want = append(want, r)
			}
		}
		if len(got) != 2 || len(want) != 2 || got[0].Seq != want[0].Seq || got[1].Seq != want[1].Seq || got[1].At != want[1].At {
			t.Errorf("LogOf(started, created) = %+v, want %+v", got, want)
		}
		if none, err := s.LogOf(ctx, id); err != nil || len(none) != 0 {
			t.Errorf("LogOf() = %v, %v; want nothing", none, err)
		}
		_, err = s.Update(ctx, id, evArbiter, "", func(ch *Change) error {
			if err := ch.Append(&action.EventFinished{}); err != nil {
				return err
			}
			inside, err := ch.LogOf("player-added", "finished")
			if err != nil {
				return err
			}
			if len(inside) != 3 {
				t.Errorf("inside a change: %d records, want the 3 players added (the finish is not a record yet)", len(inside))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
