package storage

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// TestMigrateIdentitiesToEntrants: a database of schema 7 held each
// user's sequence number; migration 8 turns it into the player's entrant
// id, folding the event, and drops a number no player has.
func TestMigrateIdentitiesToEntrants(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	// Li enters first, Zhao (rated higher) second: by rating Zhao is
	// number 1 after the start, Li number 2.
	id := evCreate(t, s, "Old Open", "Li", "Zhao")
	evUpdate(t, s, id, &action.PlayerEdited{Player: 2, Name: "Zhao", Rating: 2400}, &action.Started{Numbering: engine.ByRating})
	// The rows as schema 7 kept them: sequence numbers after the start.
	for _, r := range []identityRow{
		{EventID: int64(id), Platform: "telegram", UserID: "li", Player: 2},
		{EventID: int64(id), Platform: "telegram", UserID: "zhao", Player: 1},
		{EventID: int64(id), Platform: "telegram", UserID: "gone", Player: 7},
	} {
		if err := s.db.Create(&r).Error; err != nil {
			t.Fatal(err)
		}
	}
	// Back to schema 7: the later migrations run again (9 makes
	// chat_events, 14 the topics' columns and its tables, 16 chat_moves,
	// 18 the club's staff tables and chat_events.home, 20 the clubs'
	// roster, rating and season tables).
	for _, undo := range []string{"DROP TABLE chat_events", "ALTER TABLE outbox DROP COLUMN thread", "DROP TABLE chat_blocks", "DROP TABLE answered", "DROP TABLE chat_moves",
		"DROP TABLE club_roles", "DROP TABLE chat_users",
		"DROP TABLE club_log", "DROP TABLE season_events", "DROP TABLE seasons", "DROP TABLE club_settings", "DROP TABLE club_events", "DROP TABLE member_entries", "DROP TABLE member_users", "DROP TABLE members"} {
		if err := s.db.Exec(undo).Error; err != nil {
			t.Fatal(err)
		}
	}
	if err := s.db.Exec("DELETE FROM schema_versions WHERE version >= 8").Error; err != nil {
		t.Fatal(err)
	}
	s.Close()

	if s, err = Open(ctx, path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st, err := s.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for user, name := range map[string]string{"li": "Li", "zhao": "Zhao"} {
		entrant, err := s.PlayerOf(ctx, id, "telegram", user)
		if err != nil {
			t.Fatalf("user %s: %v", user, err)
		}
		n, ok := st.Numbered(entrant)
		if !ok || st.Event.Players[n-1].Name != name {
			t.Errorf("user %s is entrant %d (number %d, %v), want %s's", user, entrant, n, ok, name)
		}
	}
	if _, err := s.PlayerOf(ctx, id, "telegram", "gone"); err == nil {
		t.Error("a number no player has was kept")
	}
}
