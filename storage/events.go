package storage

import (
	"context"
	"fmt"

	"github.com/qisai/qisai/action"
)

// RunningEvents lists, oldest first, the events that may be running: those
// that started and did not finish. It reads the log's kinds, not the
// events' states, so it is cheap with many events; the price is that it
// may list an event that is not running (its start undone, or an undo
// after its finish that cancelled something else): callers load each
// event and check its status. It never leaves out a running event.
func (s *Store) RunningEvents(ctx context.Context) ([]EventID, error) {
	var ids []EventID
	err := s.db.WithContext(ctx).Raw(`SELECT e.id FROM events e
		WHERE EXISTS (SELECT 1 FROM actions a WHERE a.event_id = e.id AND a.kind = ?)
		AND NOT EXISTS (SELECT 1 FROM actions f WHERE f.event_id = e.id AND f.kind = ?
			AND NOT EXISTS (SELECT 1 FROM actions u WHERE u.event_id = e.id AND u.kind = ? AND u.seq > f.seq))
		ORDER BY e.id`,
		(&action.Started{}).Kind(), (&action.EventFinished{}).Kind(), (&action.Undo{}).Kind()).Scan(&ids).Error
	if err != nil {
		return nil, fmt.Errorf("list the running events: %w", err)
	}
	return ids, nil
}
