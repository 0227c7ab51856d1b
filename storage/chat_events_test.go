package storage

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// TestChatEvents: a chat follows many events — the first bound is
// current, a second followed beside it leaves none current, /event use
// chooses one, and unbinding the current one leaves the others; every
// event a chat follows is announced there (Chats).
func TestChatEvents(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		group := chat.Chat{Platform: "telegram", ID: "-100"}
		other := chat.Chat{Platform: "discord", ID: "9"}
		change := func(id EventID, fn func(c *Change)) {
			t.Helper()
			if _, err := s.Update(ctx, id, evOrganiser, "", func(c *Change) error { fn(c); return nil }); err != nil {
				t.Fatalf("update event %d: %v", id, err)
			}
		}
		current := func(want EventID) {
			t.Helper()
			got, err := s.EventOf(ctx, group)
			if want == 0 {
				if !errors.Is(err, ErrNotFound) {
					t.Errorf("EventOf = %d, %v; want no current event", got, err)
				}
				return
			}
			if err != nil || got != want {
				t.Errorf("EventOf = %d, %v; want %d", got, err, want)
			}
		}
		if evs, err := s.ChatEvents(ctx, group); err != nil || len(evs) != 0 {
			t.Fatalf("ChatEvents of a new chat = %v, %v; want none", evs, err)
		}
		spring := evCreate(t, s, "春季赛", "Li", "Wang")
		change(spring, func(c *Change) { c.Bind(group); c.Bind(other) })
		current(spring)
		evUpdate(t, s, spring, &action.Started{}, &action.EventFinished{})

		students := evCreate(t, s, "学生组")
		change(students, func(c *Change) { c.Bind(group) })
		current(students)
		teachers := evCreate(t, s, "教师组")
		change(teachers, func(c *Change) { c.Follow(group) })
		current(0)

		want := []ChatEvent{
			{ID: spring, Name: "春季赛", Status: action.Finished},
			{ID: students, Name: "学生组", Status: action.Setup},
			{ID: teachers, Name: "教师组", Status: action.Setup},
		}
		if got, err := s.ChatEvents(ctx, group); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ChatEvents = %+v, %v;\nwant %+v", got, err, want)
		}
		if err := s.UseEvent(ctx, group, teachers); err != nil {
			t.Fatal(err)
		}
		current(teachers)
		want[2].Current = true
		if got, err := s.ChatEvents(ctx, group); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("after /event use: ChatEvents = %+v, %v;\nwant %+v", got, err, want)
		}
		if got, err := s.ChatEvents(ctx, other); err != nil || len(got) != 1 || got[0].ID != spring || !got[0].Current {
			t.Errorf("the other chat's events = %+v, %v; want 春季赛 alone, current", got, err)
		}
		if err := s.UseEvent(ctx, other, teachers); !errors.Is(err, ErrNotFound) {
			t.Errorf("UseEvent of an event the chat does not follow = %v, want ErrNotFound", err)
		}

		for id, wantChats := range map[EventID][]chat.Chat{spring: {other, group}, teachers: {group}} {
			if got, err := s.Chats(ctx, id); err != nil || !reflect.DeepEqual(got, wantChats) {
				t.Errorf("Chats(%d) = %v, %v; want %v", id, got, err, wantChats)
			}
		}
		change(teachers, func(c *Change) { c.Unbind(group) })
		current(0)
		if got, err := s.ChatEvents(ctx, group); err != nil || len(got) != 2 {
			t.Errorf("after unbinding 教师组: ChatEvents = %+v, %v; want 春季赛 and 学生组", got, err)
		}

		// A cancelled event is no chat's current event, and still followed.
		if err := s.UseEvent(ctx, group, students); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Update(ctx, students, evOrganiser, "", func(c *Change) error {
			c.Retire()
			return c.Append(&action.EventCancelled{})
		}); err != nil {
			t.Fatal(err)
		}
		current(0)
		got, err := s.ChatEvents(ctx, group)
		if err != nil || len(got) != 2 || got[1] != (ChatEvent{ID: students, Name: "学生组", Status: action.CalledOff}) {
			t.Errorf("after cancelling 学生组: ChatEvents = %+v, %v; want it cancelled, not current", got, err)
		}
	})
}

// TestMigrateChatEvents: a database of schema 8 (a chat followed one
// event) opens with each chat following its event, as its current one.
func TestMigrateChatEvents(t *testing.T) {
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) {
			old := openAtVersion(t, db.dsn, 8)
			mustExec(t, old, `INSERT INTO events (id, name, version, created_at, status) VALUES (1, 'Club Open', 0, ?, 'running')`, evStart)
			mustExec(t, old, `INSERT INTO chats (platform, chat_id, event_id) VALUES ('telegram', '-100', 1)`)
			if sqlDB, err := old.DB(); err == nil {
				sqlDB.Close()
			}
			s := openTest(t, db.dsn)
			group := chat.Chat{Platform: "telegram", ID: "-100"}
			want := []ChatEvent{{ID: 1, Name: "Club Open", Status: action.Running, Current: true}}
			if got, err := s.ChatEvents(context.Background(), group); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("ChatEvents = %+v, %v; want %+v", got, err, want)
			}
			if got, err := s.Chats(context.Background(), 1); err != nil || !reflect.DeepEqual(got, []chat.Chat{group}) {
				t.Errorf("Chats(1) = %v, %v; want the group", got, err)
			}
		})
	}
}

// TestHolders lists an event's users of one role, on every platform.
func TestHolders(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		id := evCreate(t, s, "Club Open")
		other := evCreate(t, s, "Junior Cup")
		for _, ev := range []EventID{id, other} {
			if _, err := s.Update(ctx, ev, evOrganiser, "", func(c *Change) error {
				c.Grant("telegram", "100", Organiser)
				c.Grant("discord", "7", Arbiter)
				if ev == id {
					c.Grant("discord", "8", Organiser)
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		want := []action.Actor{{Platform: "discord", User: "8"}, {Platform: "telegram", User: "100"}}
		if got, err := s.Holders(ctx, id, Organiser); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Holders = %v, %v; want %v", got, err, want)
		}
	})
}
