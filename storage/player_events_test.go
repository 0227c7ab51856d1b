package storage

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/qisai/qisai/action"
)

// TestPlayerEvents: the events a user plays in, by name and status — all
// of them, the unfinished ones, and the last one that is not cancelled —
// and none of another user's.
func TestPlayerEvents(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		event := func(name string, user string, acts ...action.Action) EventID {
			t.Helper()
			id := evCreate(t, s, name, "王五", "赵六")
			if _, err := s.Update(ctx, id, evOrganiser, "", func(c *Change) error {
				c.Identify("telegram", user, c.State.Event.Players[0].Entrant)
				return appendAll(acts...)(c)
			}); err != nil {
				t.Fatal(err)
			}
			return id
		}
		last := func(user string) (ChatEvent, error) { return s.LastPlayerEvent(ctx, "telegram", user) }
		if _, err := last("7"); !errors.Is(err, ErrNotFound) {
			t.Errorf("LastPlayerEvent of a user of none: %v, want ErrNotFound", err)
		}

		spring := event("春季赛", "7", &action.Started{}, &action.EventFinished{})
		if got, err := last("7"); err != nil || got.ID != spring {
			t.Errorf("LastPlayerEvent with every event finished = %+v, %v; want 春季赛", got, err)
		}
		summer := event("夏季赛", "7", &action.EventCancelled{})
		if got, err := last("7"); err != nil || got.ID != spring {
			t.Errorf("LastPlayerEvent after a cancelled one = %+v, %v; want 春季赛, not the cancelled one", got, err)
		}
		students := event("学生组", "7", &action.SignupOpened{})
		teachers := event("教师组", "7", &action.Started{})
		event("教师组", "8", &action.Started{}) // another user's

		all := []ChatEvent{
			{ID: spring, Name: "春季赛", Status: action.Finished},
			{ID: summer, Name: "夏季赛", Status: action.CalledOff},
			{ID: students, Name: "学生组", Status: action.Signup},
			{ID: teachers, Name: "教师组", Status: action.Running},
		}
		if got, err := s.PlayerEvents(ctx, "telegram", "7"); err != nil || !reflect.DeepEqual(got, all) {
			t.Errorf("PlayerEvents = %+v, %v;\nwant %+v", got, err, all)
		}
		if got, err := s.OpenPlayerEvents(ctx, "telegram", "7"); err != nil || !reflect.DeepEqual(got, all[2:]) {
			t.Errorf("OpenPlayerEvents = %+v, %v;\nwant %+v", got, err, all[2:])
		}
		if got, err := last("7"); err != nil || got != all[3] {
			t.Errorf("LastPlayerEvent = %+v, %v; want %+v", got, err, all[3])
		}
		if got, err := s.PlayerEvents(ctx, "discord", "7"); err != nil || len(got) != 0 {
			t.Errorf("the same id on another platform plays in %+v, %v; want none", got, err)
		}
	})
}
