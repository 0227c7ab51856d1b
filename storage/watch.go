package storage

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// The scheduler's watch: when it last ran, and since when it has run
// without a break, shared by every instance on the database. R-G-4's
// forfeits for lateness need it: a limit that passed while no scheduler
// ran (the bot down, its clock stepped) passed with nobody able to check
// in, and the arbiter decides instead (action.DueActions).

// watchName is the scheduler's row in the watch table.
const watchName = "scheduler"

type watchRow struct {
	Name  string `gorm:"primaryKey"`
	Since time.Time
	Last  time.Time
}

func (watchRow) TableName() string { return "watch" }

// Watch records that the scheduler runs at now and returns since when it
// has run without a break: a tick more than gap after the last one, or
// more than gap before it (the clock stepped back), starts the watch
// again from now. To spare the database a write every tick, the time is
// written only when it has moved on by gap/4 or more (so a watch ends
// after a silence of between ¾ gap and gap).
func (s *Store) Watch(ctx context.Context, now time.Time, gap time.Duration) (time.Time, error) {
	now = now.UTC()
	db := s.db.WithContext(ctx)
	var rows []watchRow
	if err := db.Where("name = ?", watchName).Limit(1).Find(&rows).Error; err != nil {
		return time.Time{}, fmt.Errorf("read the scheduler's watch: %w", err)
	}
	if len(rows) == 1 {
		w := rows[0]
		if d := now.Sub(w.Last); d >= 0 && d < gap/4 {
			return w.Since, nil // watched, and written recently enough
		}
	}
	var since time.Time
	err := db.Transaction(func(tx *gorm.DB) error {
		var rows []watchRow
		if err := tx.Where("name = ?", watchName).Limit(1).Find(&rows).Error; err != nil {
			return err
		}
		w := watchRow{Name: watchName, Since: now, Last: now}
		if len(rows) == 1 {
			old := rows[0]
			if d := now.Sub(old.Last); d <= gap && d >= -gap {
				w.Since = old.Since // no break: the watch goes on
				if d < 0 {
					w.Last = old.Last // another instance's clock, a little ahead
				}
			}
		}
		since = w.Since
		return tx.Save(&w).Error
	})
	if err != nil {
		return time.Time{}, fmt.Errorf("record the scheduler's watch: %w", err)
	}
	return since, nil
}
