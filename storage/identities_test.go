package storage

import (
	"context"
	"errors"
	"github.com/qisai/qisai/action"
	"reflect"
	"testing"
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
