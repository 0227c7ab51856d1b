package storage

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// TestIdentities: the list holds the event's users only, by player, then
// platform and user, and follows a re-identification (the start renumbers
// players, R-SW-1).
func TestIdentities(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		a := evCreate(t, s, "Club Open", "Li", "Wang", "Sun")
		b := evCreate(t, s, "Junior Cup", "Zhao")
		change := func(id EventID, fn func(c *Change)) {
			t.Helper()
			if _, err := s.Update(ctx, id, evOrganiser, "", func(c *Change) error { fn(c); return nil }); err != nil {
				t.Fatalf("update event %d: %v", id, err)
			}
		}
		if got, err := s.Identities(ctx, a); err != nil || len(got) != 0 {
			t.Fatalf("Identities of a new event = %v, %v; want none", got, err)
		}
		change(a, func(c *Change) {
			c.Identify("telegram", "200", 2)
			c.Identify("discord", "77", 2)
			c.Identify("telegram", "100", 1)
		})
		change(b, func(c *Change) { c.Identify("telegram", "100", 1) })
		want := []Identity{{"telegram", "100", 1}, {"discord", "77", 2}, {"telegram", "200", 2}}
		if got, err := s.Identities(ctx, a); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Identities(a) = %v, %v; want %v", got, err, want)
		}
		change(a, func(c *Change) { c.Identify("telegram", "100", 3) })
		want = []Identity{{"discord", "77", 2}, {"telegram", "200", 2}, {"telegram", "100", 3}}
		if got, err := s.Identities(ctx, a); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("after re-identifying: Identities(a) = %v, %v; want %v", got, err, want)
		}
	})
}

// TestForget: a change forgets a user's identity in the same transaction
// as its actions; forgetting a user who is none is no error.
func TestForget(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		id := newPairedEvent(t, s, 1)
		org := action.Actor{Platform: "test", User: "organiser"}
		if _, err := s.Update(ctx, id, org, "", func(c *Change) error {
			c.Identify("telegram", "7", 1)
			c.Identify("telegram", "8", 2)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Update(ctx, id, org, "", func(c *Change) error {
			c.Forget("telegram", "7")
			c.Forget("telegram", "nobody")
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.PlayerOf(ctx, id, "telegram", "7"); !errors.Is(err, ErrNotFound) {
			t.Errorf("user 7 after Forget: %v, want ErrNotFound", err)
		}
		if p, err := s.PlayerOf(ctx, id, "telegram", "8"); err != nil || p != 2 {
			t.Errorf("user 8: player %d, %v; want 2", p, err)
		}
	})
}

// TestPlayerIdentities lists one player's users only.
func TestPlayerIdentities(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		id := newPairedEvent(t, s, 2)
		if _, err := s.Update(ctx, id, action.Actor{Platform: "test", User: "o"}, "", func(c *Change) error {
			c.Identify("telegram", "7", 1)
			c.Identify("discord", "70", 1)
			c.Identify("telegram", "8", 2)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		got, err := s.PlayerIdentities(ctx, id, 1)
		want := []Identity{{"discord", "70", 1}, {"telegram", "7", 1}}
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("PlayerIdentities(1) = %v, %v; want %v", got, err, want)
		}
		if got, _ := s.PlayerIdentities(ctx, id, 3); len(got) != 0 {
			t.Errorf("PlayerIdentities(3) = %v, want none", got)
		}
	})
}

// TestUsersSeen: a handle names the user seen last under it, in any case,
// on its platform only; a user seen again under a new handle and name is
// found by those; nobody seen is ErrNotFound.
func TestUsersSeen(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		for _, u := range []struct{ platform, id, handle, name string }{
			{"telegram", "777", "Li_Wei", "Li Wei"},
			{"discord", "888", "li_wei", "LW"},
			{"telegram", "100", "", "Org"},
		} {
			if err := s.SawUser(ctx, chat.Chat{Platform: u.platform, ID: "group"}, u.id, u.handle, u.name); err != nil {
				t.Fatal(err)
			}
		}
		tests := []struct {
			platform, handle, want string
		}{
			{"telegram", "li_wei", "777"},
			{"telegram", "LI_WEI", "777"},
			{"discord", "Li_Wei", "888"},
			{"telegram", "nobody", ""},
			{"telegram", "", ""},
		}
		for _, tt := range tests {
			got, err := s.UserByHandle(ctx, tt.platform, tt.handle)
			if tt.want == "" {
				if !errors.Is(err, ErrNotFound) {
					t.Errorf("UserByHandle(%s, %q) = %q, %v; want ErrNotFound", tt.platform, tt.handle, got, err)
				}
				continue
			}
			if err != nil || got != tt.want {
				t.Errorf("UserByHandle(%s, %q) = %q, %v; want %q", tt.platform, tt.handle, got, err, tt.want)
			}
		}
		if err := s.SawUser(ctx, chat.Chat{Platform: "telegram", ID: "group"}, "777", "weili", "Wei Li"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.UserByHandle(ctx, "telegram", "li_wei"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the old handle still names user 777: %v", err)
		}
		names, err := s.UserNames(ctx, "telegram", []string{"777", "100", "999"})
		if want := map[string]string{"777": "Wei Li", "100": "Org"}; err != nil || !reflect.DeepEqual(names, want) {
			t.Errorf("UserNames = %v, %v; want %v", names, err, want)
		}
	})
}
