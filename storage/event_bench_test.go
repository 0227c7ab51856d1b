package storage

import (
	"context"
	"fmt"
	"testing"

	"github.com/qisai/qisai/action"
)

// BenchmarkAppend measures actions appended per second: one action per
// Update (single) and 50 per Update (batched), on each database. Each
// Update has an update key never used before (benchKeys): a repeated one
// would time the duplicate check, not the append.
func BenchmarkAppend(b *testing.B) {
	for _, db := range testDBs(b) {
		for _, batch := range []int{1, 50} {
			b.Run(fmt.Sprintf("%s/batch=%d", db.name, batch), func(b *testing.B) {
				s := openTest(b, db.dsn)
				id := newPairedEvent(b, s, 1)
				ctx := context.Background()
				actor := action.Actor{Platform: "bench", User: "b"}
				b.ReportAllocs()
				n := 0
				for b.Loop() {
					n++
					_, err := s.Update(ctx, id, actor, benchKeys.next(), func(c *Change) error {
						for range batch {
							if err := c.Append(&action.PenaltyRecorded{Player: 1}); err != nil {
								return err
							}
						}
						return nil
					})
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(n*batch)/b.Elapsed().Seconds(), "actions/s")
			})
		}
	}
}

// BenchmarkLoad measures loading an event of 10,000 actions: cold (as a
// new instance does: from the snapshot, or from the log alone) and warm
// (from the state this Store folded last).
func BenchmarkLoad(b *testing.B) {
	for _, db := range testDBs(b) {
		for _, c := range []struct {
			name  string
			every int64
			warm  bool
		}{{"cold/snapshots", 100, false}, {"cold/log-only", 1 << 40, false}, {"warm", 100, true}} {
			every := c.every
			b.Run(db.name+"/"+c.name, func(b *testing.B) {
				s := openTest(b, db.dsn, WithSnapshotEvery(every))
				id := newPairedEvent(b, s, 1)
				ctx := context.Background()
				actor := action.Actor{Platform: "bench", User: "b"}
				for i := 0; i < 10000/100; i++ {
					_, err := s.Update(ctx, id, actor, "", func(c *Change) error {
						for range 100 {
							if err := c.Append(&action.PenaltyRecorded{Player: 1}); err != nil {
								return err
							}
						}
						return nil
					})
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportAllocs()
				for b.Loop() {
					if !c.warm {
						s.cache.drop(id)
					}
					if _, err := s.Load(ctx, id); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
