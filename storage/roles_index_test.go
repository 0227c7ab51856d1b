package storage

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestCaptainLookupUsesIndex: a captain's private line finds their running
// team events from the roles table by the user (migration 11), not by
// scanning every event's roles (SQLite's plan says which).
func TestCaptainLookupUsesIndex(t *testing.T) {
	s := openTest(t, filepath.Join(t.TempDir(), "qisai.db"))
	var plan []struct {
		ID, Parent, Notused int
		Detail              string
	}
	err := s.db.WithContext(context.Background()).Raw(`EXPLAIN QUERY PLAN SELECT roles.event_id FROM roles
		JOIN events ON events.id = roles.event_id
		WHERE roles.platform = ? AND roles.user_id = ? AND roles.role = ? AND events.status = ?`,
		"telegram", "42", string(Captain), "running").Scan(&plan).Error
	if err != nil {
		t.Fatal(err)
	}
	var details []string
	for _, p := range plan {
		details = append(details, p.Detail)
	}
	if got := strings.Join(details, "; "); !strings.Contains(got, "roles_user") {
		t.Errorf("query plan %q does not use the index roles_user", got)
	}
}
