package storage

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// clubChat is the group chat whose club the club tests change.
var clubChat = chat.Chat{Platform: "console", ID: "club"}

// TestClubConcurrentAdds: changes to one club from many goroutines at once
// each see the others' (the names stay unique), on both databases.
func TestClubConcurrentAdds(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Go(func() {
				errs[i] = s.UpdateClub(ctx, clubChat, action.Actor{Platform: "console", User: "org"}, "", func(ch *ClubChange) error {
					_, err := ch.AddMember(Member{Name: "同名"})
					if errors.Is(err, ErrNameTaken) {
						return nil
					}
					return err
				})
			})
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if club, _ := s.Club(ctx, clubChat); len(club.Members) != 1 {
			t.Errorf("%d members called 同名, want 1", len(club.Members))
		}
	})
}

// TestClubMessages: what a club change sends goes out once it commits,
// never when it fails, and once when the same update runs again.
func TestClubMessages(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		to := chat.Private("console", "org")
		send := func(key string, fail error) error {
			return s.UpdateClub(ctx, clubChat, evOrganiser, key, func(ch *ClubChange) error {
				ch.Send(chat.Message{Chat: to, Text: "认领 " + key})
				return fail
			})
		}
		if err := send("u1", errors.New("no")); err == nil {
			t.Fatal("a failed change: no error")
		}
		for range 2 {
			if err := send("u2", nil); err != nil {
				t.Fatal(err)
			}
		}
		var rows []outboxRow
		if err := s.db.Find(&rows).Error; err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1 || !strings.Contains(rows[0].Body, "认领 u2") {
			t.Errorf("queued %+v, want the one message of u2", rows)
		}
	})
}
