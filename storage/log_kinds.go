package storage

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"github.com/qisai/qisai/action"
)

// LogOf returns event id's records of the given kinds (action.Action.Kind),
// oldest first: what a reader wants of a long log — when its rounds were
// published and started, when it finished — without reading and decoding
// the tens of thousands of records of a big event's results.
func (s *Store) LogOf(ctx context.Context, id EventID, kinds ...string) ([]action.Record, error) {
	log, err := recordsOf(s.db.WithContext(ctx), id, kinds)
	if err != nil {
		return nil, fmt.Errorf("log of event %d: %w", id, err)
	}
	return log, nil
}

// LogOf is Store.LogOf of the change's event through its transaction.
func (c *Change) LogOf(kinds ...string) ([]action.Record, error) {
	tx, err := c.reading()
	if err != nil {
		return nil, err
	}
	return recordsOf(tx, c.event, kinds)
}

func recordsOf(db *gorm.DB, id EventID, kinds []string) ([]action.Record, error) {
	if len(kinds) == 0 {
		return nil, nil
	}
	return decodeRows(db.Where("event_id = ? AND kind IN ?", id, kinds).Order("seq"))
}
