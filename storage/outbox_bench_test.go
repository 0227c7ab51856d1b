package storage

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
)

// BenchmarkOutbox measures outbox throughput: messages enqueued (100 per
// transaction), claimed and marked sent, per second. With 100 chats a claim
// takes up to 100 messages; with 1 chat it takes one, as per-chat order
// allows. Sent messages stay in the table, as they do in use.
// Run: go test ./storage -run '^$' -bench Outbox -benchmem
func BenchmarkOutbox(b *testing.B) {
	ctx := context.Background()
	for _, db := range testDBs(b) {
		s := openTest(b, db.dsn)
		keys := 0 // dedup keys stay unique across the runs of one database
		for _, chats := range []int{100, 1} {
			b.Run(fmt.Sprintf("%s/chats=%d", db.name, chats), func(b *testing.B) {
				for done := 0; done < b.N; {
					msgs := make([]chat.Message, min(100, b.N-done))
					for i := range msgs {
						keys++
						msgs[i] = chat.Message{
							Chat:     chat.Chat{Platform: "bench", ID: fmt.Sprint(keys % chats)},
							Text:     "Round 3 is out: board 1 Wang – Li",
							DedupKey: fmt.Sprint("bench/", keys),
						}
					}
					if err := s.Enqueue(ctx, msgs...); err != nil {
						b.Fatal(err)
					}
					for left := len(msgs); left > 0; {
						ds, err := s.Claim(ctx, "bench", 100, time.Minute)
						if err != nil {
							b.Fatal(err)
						}
						if len(ds) == 0 {
							b.Fatalf("claim found nothing with %d messages unsent", left)
						}
						for _, d := range ds {
							if err := s.MarkSent(ctx, d.ID); err != nil {
								b.Fatal(err)
							}
						}
						left -= len(ds)
					}
					done += len(msgs)
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
			})
		}
	}
}
