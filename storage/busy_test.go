package storage

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// TestOpenEvents: a change sees how many unfinished events each chat
// follows and each user plays in or runs (of the event or of its club),
// finished events aside; a round's notes to more users than one query
// asks about are counted all the same.
func TestOpenEvents(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		club := chat.Chat{Platform: "telegram", ID: "-100"}
		quiet := chat.Chat{Platform: "telegram", ID: "-200"}
		students := evCreate(t, s, "学生组", "Li", "Wang")
		teachers := evCreate(t, s, "教师组")
		old := evCreate(t, s, "春季赛", "Li", "Wang")
		if _, err := s.Update(ctx, students, evOrganiser, "", func(c *Change) error {
			c.Bind(club)
			c.MakeHome(club)
			c.GrantClub(club, "9", Arbiter)
			c.Identify("telegram", "1", c.State.Event.Players[0].Entrant)
			c.Identify("telegram", "2", c.State.Event.Players[1].Entrant)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Update(ctx, teachers, evOrganiser, "", func(c *Change) error {
			c.Follow(club)
			c.Grant("telegram", "1", Arbiter)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Update(ctx, old, evOrganiser, "", func(c *Change) error {
			c.Bind(quiet)
			c.Identify("telegram", "2", c.State.Event.Players[0].Entrant)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		evUpdate(t, s, old, &action.Started{}, &action.EventFinished{})
		users := []string{"1", "2", "9", "nobody"}
		for i := range openBatch {
			users = append(users, fmt.Sprint("x", i))
		}
		_, err := s.Update(ctx, students, evOrganiser, "", func(c *Change) error {
			chats, err := c.OpenEvents([]chat.Chat{club, {Platform: "telegram", ID: "-100", Thread: "5"}, quiet})
			if want := map[chat.Chat]int{club: 2, quiet: 0}; err != nil || !reflect.DeepEqual(chats, want) {
				t.Errorf("OpenEvents = %v, %v; want %v", chats, err, want)
			}
			byUser, err := c.UsersOpenEvents("telegram", users)
			if want := map[string]int{"1": 2, "2": 1, "9": 1}; err != nil || !reflect.DeepEqual(byUser, want) {
				t.Errorf("UsersOpenEvents = %v, %v; want %v", byUser, err, want)
			}
			c.Send(chat.Message{Chat: club, Text: "a"})
			c.EachMessage(func(m *chat.Message) { m.Text += "b" })
			c.EachMessage(func(m *chat.Message) {
				if m.Text != "ab" {
					t.Errorf("EachMessage left %q, want ab", m.Text)
				}
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

// TestPassOn: a chat whose current event finishes takes its one other
// unfinished event as current, none when it has several, and keeps the
// finished one when it has none; a cancelled event (Retire) passes on the
// same way but leaves no current event behind it.
func TestPassOn(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		current := func(c chat.Chat) EventID {
			t.Helper()
			id, err := s.EventOf(ctx, c)
			if errors.Is(err, ErrNotFound) {
				return 0
			}
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		end := func(id EventID, acts ...action.Action) {
			t.Helper()
			if _, err := s.Update(ctx, id, evOrganiser, "", func(c *Change) error {
				for _, a := range acts {
					if err := c.Append(a); err != nil {
						return err
					}
				}
				if _, ok := acts[len(acts)-1].(*action.EventCancelled); ok {
					c.Retire()
				} else {
					c.PassOn()
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		follow := func(c chat.Chat, bind bool, names ...string) []EventID {
			var ids []EventID
			for _, n := range names {
				id := evCreate(t, s, n, "Li", "Wang")
				if _, err := s.Update(ctx, id, evOrganiser, "", func(ch *Change) error {
					if bind {
						ch.Bind(c)
					} else {
						ch.Follow(c)
					}
					return nil
				}); err != nil {
					t.Fatal(err)
				}
				ids = append(ids, id)
			}
			return ids
		}
		finish := []action.Action{&action.Started{}, &action.EventFinished{}}

		two := chat.Chat{Platform: "telegram", ID: "-2"}
		a := follow(two, true, "A")[0]
		b := follow(two, false, "B")[0]
		if _, err := s.Update(ctx, a, evOrganiser, "", func(ch *Change) error { ch.Bind(two); return nil }); err != nil {
			t.Fatal(err)
		}
		end(a, finish...)
		if got := current(two); got != b {
			t.Errorf("after A finished, the current event is %d, want B (%d)", got, b)
		}

		three := chat.Chat{Platform: "telegram", ID: "-3"}
		x := follow(three, true, "X")[0]
		follow(three, false, "Y", "Z")
		if _, err := s.Update(ctx, x, evOrganiser, "", func(ch *Change) error { ch.Bind(three); return nil }); err != nil {
			t.Fatal(err)
		}
		end(x, finish...)
		if got := current(three); got != 0 {
			t.Errorf("after X finished beside two, the current event is %d, want none", got)
		}

		one := chat.Chat{Platform: "telegram", ID: "-1"}
		solo := follow(one, true, "Solo")[0]
		end(solo, finish...)
		if got := current(one); got != solo {
			t.Errorf("after the only event finished, the current event is %d, want it still (%d)", got, solo)
		}

		called := chat.Chat{Platform: "telegram", ID: "-4"}
		off := follow(called, true, "Off")[0]
		next := follow(called, false, "Next")[0]
		if _, err := s.Update(ctx, off, evOrganiser, "", func(ch *Change) error { ch.Bind(called); return nil }); err != nil {
			t.Fatal(err)
		}
		end(off, &action.EventCancelled{})
		if got := current(called); got != next {
			t.Errorf("after Off was cancelled, the current event is %d, want Next (%d)", got, next)
		}
		end(next, &action.EventCancelled{})
		if got := current(called); got != 0 {
			t.Errorf("after every event was cancelled, the current event is %d, want none", got)
		}
	})
}
