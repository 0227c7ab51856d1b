package storage

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// TestClubStaff: a chat's organisers and arbiters run every event made
// there — the one of the season and those created after — beside each
// event's own roles, each role once; they run no event made elsewhere,
// not even one their chat follows by /link; a role taken from the club
// goes from its events; StaffEvents lists the events a user runs either
// way, OpenStaffEvents the unfinished ones.
func TestClubStaff(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		club := chat.Chat{Platform: "telegram", ID: "-100", Thread: "7"}
		other := chat.Chat{Platform: "telegram", ID: "-200"}
		change := func(id EventID, fn func(c *Change)) {
			t.Helper()
			if _, err := s.Update(ctx, id, evOrganiser, "", func(c *Change) error { fn(c); return nil }); err != nil {
				t.Fatalf("update event %d: %v", id, err)
			}
		}
		roles := func(id EventID, user string, want ...Role) {
			t.Helper()
			got, err := s.Roles(ctx, id, "telegram", user)
			if err != nil || len(got) != len(want) || len(want) > 0 && !reflect.DeepEqual(got, want) {
				t.Errorf("Roles(%d, %s) = %v, %v; want %v", id, user, got, err, want)
			}
		}
		spring := evCreate(t, s, "春季赛", "Li", "Wang")
		change(spring, func(c *Change) {
			c.Bind(club)
			c.MakeHome(club)
			c.Grant("telegram", "1", Organiser)
			c.GrantClub(club, "1", Organiser)
			c.GrantClub(club, "2", Arbiter)
			c.GrantClub(club, "2", Arbiter) // twice is once
		})
		if home, err := s.HomeChat(ctx, spring); err != nil || home != club {
			t.Errorf("HomeChat = %v, %v; want %v", home, err, club)
		}
		autumn := evCreate(t, s, "秋季赛") // a later event of the club
		change(autumn, func(c *Change) { c.Bind(club); c.MakeHome(club); c.Grant("telegram", "3", Arbiter) })
		visitor := evCreate(t, s, "邀请赛") // another club's, linked in
		change(visitor, func(c *Change) { c.Bind(other); c.MakeHome(other); c.Follow(club) })

		roles(spring, "1", Organiser)
		roles(autumn, "1", Organiser)
		roles(autumn, "2", Arbiter)
		roles(autumn, "3", Arbiter)
		roles(spring, "3")
		roles(visitor, "1")
		roles(visitor, "2")
		if own, err := s.OwnRoles(ctx, autumn, "telegram", "2"); err != nil || len(own) != 0 {
			t.Errorf("OwnRoles(autumn, 2) = %v, %v; want none: the club's arbiter holds no role of the event itself", own, err)
		}
		want := []action.Actor{{Platform: "telegram", User: "2"}, {Platform: "telegram", User: "3"}}
		if got, err := s.Holders(ctx, autumn, Arbiter); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Holders(autumn, arbiter) = %v, %v; want %v", got, err, want)
		}
		if got, err := s.ClubHolders(ctx, club, Arbiter); err != nil || !reflect.DeepEqual(got, want[:1]) {
			t.Errorf("ClubHolders(arbiter) = %v, %v; want %v", got, err, want[:1])
		}

		evUpdate(t, s, spring, &action.Started{}, &action.EventFinished{})
		evs, err := s.OpenStaffEvents(ctx, "telegram", "2")
		if wantEvs := []ChatEvent{{ID: autumn, Name: "秋季赛", Status: action.Setup}}; err != nil || !reflect.DeepEqual(evs, wantEvs) {
			t.Errorf("OpenStaffEvents(2) = %+v, %v; want %+v", evs, err, wantEvs)
		}
		evs, err = s.StaffEvents(ctx, "telegram", "2")
		if wantEvs := []ChatEvent{{ID: spring, Name: "春季赛", Status: action.Finished}, {ID: autumn, Name: "秋季赛", Status: action.Setup}}; err != nil || !reflect.DeepEqual(evs, wantEvs) {
			t.Errorf("StaffEvents(2) = %+v, %v; want %+v", evs, err, wantEvs)
		}

		change(autumn, func(c *Change) { c.RevokeClub(club, "2", Arbiter) })
		roles(autumn, "2")
		if evs, err := s.OpenStaffEvents(ctx, "telegram", "2"); err != nil || len(evs) != 0 {
			t.Errorf("OpenStaffEvents(2) after the revoke = %+v, %v; want none", evs, err)
		}
		if _, err := s.HomeChat(ctx, evCreate(t, s, "无家")); !errors.Is(err, ErrNotFound) {
			t.Errorf("HomeChat of an event no chat follows: %v, want ErrNotFound", err)
		}
	})
}

// TestUsersNamed: "@name" finds the users seen writing in the chat by
// display name in any script or by handle, in any case; not those seen
// only elsewhere; a name two users share gives both, the latest first.
func TestUsersNamed(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		clk := newEvClock()
		s.now = clk.now
		club := chat.Chat{Platform: "telegram", ID: "-100"}
		elsewhere := chat.Chat{Platform: "telegram", ID: "-300"}
		for _, u := range []struct {
			in               chat.Chat
			id, handle, name string
		}{
			{club, "1", "", "老陈"},
			{club, "2", "Alice_W", "Alice Wu"},
			{elsewhere, "3", "", "王芳"},
			{club, "4", "", "张伟"},
			{club, "5", "", "张伟"},
		} {
			clk.advance(time.Second)
			if err := s.SawUser(ctx, u.in, u.id, u.handle, u.name); err != nil {
				t.Fatal(err)
			}
		}
		tests := []struct {
			name string
			want []string
		}{
			{"老陈", []string{"1"}},
			{"alice_w", []string{"2"}},
			{"alice wu", []string{"2"}},
			{"王芳", nil},
			{"张伟", []string{"5", "4"}},
			{"nobody", nil},
		}
		for _, tt := range tests {
			got, err := s.UsersNamed(ctx, []chat.Chat{club}, tt.name)
			var ids []string
			for _, u := range got {
				ids = append(ids, u.ID)
			}
			if err != nil || !reflect.DeepEqual(ids, tt.want) {
				t.Errorf("UsersNamed(%q) = %v, %v; want %v", tt.name, ids, err, tt.want)
			}
		}
	})
}

// TestMigrateHomes: a database of schema 15 opens with each event that
// one chat follows made there (its home), and a linked event, which two
// chats follow, with none: no chat lends it its club's staff.
func TestMigrateHomes(t *testing.T) {
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) {
			old := openAtVersion(t, db.dsn, 15)
			for _, id := range []int{1, 2} {
				mustExec(t, old, `INSERT INTO events (id, name, version, created_at, status) VALUES (?, ?, 0, ?, 'running')`, id, fmt.Sprint("Open ", id), evStart)
			}
			mustExec(t, old, `INSERT INTO chat_events (platform, chat_id, event_id) VALUES ('telegram', '-100', 1), ('telegram', '-100', 2), ('discord', '9', 2)`)
			if sqlDB, err := old.DB(); err == nil {
				sqlDB.Close()
			}
			s := openTest(t, db.dsn)
			if home, err := s.HomeChat(context.Background(), 1); err != nil || home != (chat.Chat{Platform: "telegram", ID: "-100"}) {
				t.Errorf("HomeChat(1) = %v, %v; want the one chat that follows it", home, err)
			}
			if home, err := s.HomeChat(context.Background(), 2); !errors.Is(err, ErrNotFound) {
				t.Errorf("HomeChat(2) = %v, %v; want none for a linked event", home, err)
			}
		})
	}
}
