package storage

import (
	"context"
	"maps"
	"reflect"
	"strconv"
	"testing"

	"github.com/qisai/qisai/action"
)

// TestLang: a user's language is per platform and user, replaced by the
// next choice, and "" until they choose.
func TestLang(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		steps := []struct{ platform, user, set string }{
			{"telegram", "1", "en"},
			{"discord", "1", "zh"},  // the same id on another platform is another user
			{"telegram", "1", "zh"}, // a new choice replaces the old
			{"console", "王芳", "en"},
		}
		for _, st := range steps {
			if err := s.SetLang(ctx, st.platform, st.user, st.set); err != nil {
				t.Fatal(err)
			}
		}
		for _, tt := range []struct{ platform, user, want string }{
			{"telegram", "1", "zh"},
			{"discord", "1", "zh"},
			{"console", "王芳", "en"},
			{"console", "李四", ""},
			{"telegram", "2", ""},
		} {
			got, err := s.Lang(ctx, tt.platform, tt.user)
			if err != nil || got != tt.want {
				t.Errorf("Lang(%s, %s) = %q, %v; want %q", tt.platform, tt.user, got, err, tt.want)
			}
		}
		if err := s.SetLang(ctx, "telegram", "", "en"); err == nil {
			t.Error("SetLang without a user: no error")
		}
	})
}

// TestLangs reads many users' languages at once, across query chunks, as
// Lang reads each: a user who chose none is left out, another platform's
// user of the same id is not mixed in.
func TestLangs(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		var users []string
		want := map[string]string{}
		for i := range 2*langChunk + 7 {
			u := strconv.Itoa(i)
			users = append(users, u)
			if i%3 == 0 {
				continue // chose none
			}
			lang := map[bool]string{true: "en", false: "zh"}[i%2 == 0]
			if err := s.SetLang(ctx, "telegram", u, lang); err != nil {
				t.Fatal(err)
			}
			want[u] = lang
		}
		if err := s.SetLang(ctx, "discord", "0", "en"); err != nil {
			t.Fatal(err)
		}
		got, err := s.Langs(ctx, "telegram", users)
		if err != nil {
			t.Fatal(err)
		}
		if !maps.Equal(got, want) {
			t.Errorf("Langs: %d users with a language, want %d", len(got), len(want))
		}
		for _, u := range users[:20] {
			if one, _ := s.Lang(ctx, "telegram", u); one != got[u] {
				t.Errorf("user %s: Langs says %q, Lang %q", u, got[u], one)
			}
		}
	})
}

// TestRunningEvents lists the events that started and did not finish, and
// an event whose finish was undone.
func TestRunningEvents(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		setup := evCreate(t, s, "not started", "a", "b")
		running := evCreate(t, s, "running", "a", "b")
		evUpdate(t, s, running, &action.Started{})
		finished := evCreate(t, s, "finished", "a", "b")
		evUpdate(t, s, finished, &action.Started{}, &action.EventFinished{})
		reopened := evCreate(t, s, "finish undone", "a", "b")
		res := evUpdate(t, s, reopened, &action.Started{}, &action.EventFinished{})
		evUpdate(t, s, reopened, &action.Undo{Seq: res.Seqs[1]})

		got, err := s.RunningEvents(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := []EventID{running, reopened}; !reflect.DeepEqual(got, want) {
			t.Errorf("RunningEvents = %v, want %v (not %v: not started, nor %v: finished)", got, want, setup, finished)
		}
		st, err := s.Load(ctx, reopened)
		if err != nil || st.Status != action.Running {
			t.Errorf("event %d after undoing its finish: %v, %v; want running", reopened, st.Status, err)
		}
	})
}
