package storage

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/qisai/qisai/chat"
)

// A publish's worth of messages (a group's announcement in parts among
// private notes to many players) through Deliver's batched claims and
// marks: each goes out once, the group's in order, and every row is
// recorded sent.
func TestOutboxDeliverManyChats(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		var msgs []chat.Message
		var groupTexts []string
		for i := range 600 {
			msgs = append(msgs, msg(fmt.Sprint("dm:", i), "your board"))
			if i%30 == 0 {
				text := fmt.Sprint("part ", i/30)
				msgs = append(msgs, msg("group", text))
				groupTexts = append(groupTexts, text)
			}
		}
		if err := s.Enqueue(ctx, msgs...); err != nil {
			t.Fatal(err)
		}
		rec := newRecorder()
		stop := run(t, s, "w", rec, DeliverOptions{})
		waitFor(t, "all messages sent", func() bool { return rec.count() >= len(msgs) })
		if err := stop(); err != nil {
			t.Fatal(err)
		}
		if got := rec.texts("group"); !reflect.DeepEqual(got, groupTexts) {
			t.Errorf("the group got %v, want %v", got, groupTexts)
		}
		for i := range 600 {
			if got := rec.texts(fmt.Sprint("dm:", i)); len(got) != 1 {
				t.Fatalf("dm:%d got %v, want one message", i, got)
			}
		}
		var unsent int64
		if err := s.db.Model(&outboxRow{}).Where("sent_at IS NULL").Count(&unsent).Error; err != nil || unsent != 0 {
			t.Errorf("%d messages not recorded sent (%v)", unsent, err)
		}
	})
}
