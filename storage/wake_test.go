package storage

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/testclock"
)

// TestWakingEvents: the events whose sign-up deadline or check-in opening
// has come (R-E-5) are listed from the index each change keeps; the
// deadline passed, or the event started, it is off the list again.
func TestWakingEvents(t *testing.T) {
	c := testclock.At(time.Date(2026, 12, 10, 9, 0, 0, 0, time.UTC))
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		waking := func(at time.Time) []EventID {
			t.Helper()
			ids, err := s.WakingEvents(ctx, at)
			if err != nil {
				t.Fatal(err)
			}
			return ids
		}
		deadline := c.Now().Add(2 * time.Hour)
		plain := evCreate(t, s, "no rules", "a", "b")
		signup := evCreate(t, s, "deadline", "a", "b")
		evUpdate(t, s, signup, &action.EntryRulesSet{Deadline: &deadline}, &action.SignupOpened{})
		checkIn := evCreate(t, s, "check-in", "a", "b")
		lead := 30 * time.Minute
		evUpdate(t, s, checkIn, &action.ScheduleSet{Plan: []action.Planned{{Round: 1, At: deadline.Add(time.Hour)}}}, &action.EntryRulesSet{CheckIn: &lead})

		if got := waking(deadline.Add(-time.Second)); len(got) != 0 {
			t.Errorf("before the deadline: %v waking", got)
		}
		if got, want := waking(deadline), []EventID{signup}; !reflect.DeepEqual(got, want) {
			t.Errorf("at the deadline: %v waking, want %v (not %v, which has no rules)", got, want, plain)
		}
		if got, want := waking(deadline.Add(time.Hour)), []EventID{signup, checkIn}; !reflect.DeepEqual(got, want) {
			t.Errorf("at the check-in: %v waking, want %v", got, want)
		}
		c.Advance(2 * time.Hour)
		evUpdate(t, s, signup, &action.SignupDeadlinePassed{At: deadline})
		c.Advance(30 * time.Minute)
		evUpdate(t, s, checkIn, &action.Started{})
		if got := waking(deadline.Add(24 * time.Hour)); len(got) != 0 {
			t.Errorf("sign-up closed and the check-in event started: %v still waking", got)
		}
	}, WithClock(c.Now))
}

// BenchmarkWakingEvents lists, as each scheduler tick does, the events
// whose sign-up deadline has come among 2,000 not started, 20 of them due:
// the index answers, whatever the number of events set up and waiting.
func BenchmarkWakingEvents(b *testing.B) {
	ctx := context.Background()
	const events, due = 2000, 20
	c := testclock.At(time.Date(2026, 12, 10, 9, 0, 0, 0, time.UTC))
	for _, db := range testDBs(b) {
		s := openTest(b, db.dsn, WithClock(c.Now))
		for e := range events {
			deadline := c.Now().Add(time.Duration(1+e%(events/due)) * time.Hour)
			_, _, err := s.Create(ctx, benchActor, "", appendAll(&action.Created{Name: fmt.Sprint("event ", e), Settings: engine.DefaultSettings(5)},
				&action.EntryRulesSet{Deadline: &deadline}, &action.SignupOpened{}))
			if err != nil {
				b.Fatal(err)
			}
		}
		at := c.Now().Add(90 * time.Minute) // the deadlines an hour on
		b.Run(db.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ids, err := s.WakingEvents(ctx, at)
				if err != nil || len(ids) != due {
					b.Fatal(len(ids), err)
				}
			}
		})
	}
}
