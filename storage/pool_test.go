package storage

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"
)

// TestPoolKeepsConnections: a burst of callers each holding a connection
// opens at most maxConns (the next one waits for one of them), and after
// it the pool keeps idleConns of them open for the next burst instead of
// database/sql's 2 (a third caller would connect anew each time).
func TestPoolKeepsConnections(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		sqlDB, err := s.db.DB()
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		var conns []*sql.Conn
		for range maxConns {
			c, err := sqlDB.Conn(ctx)
			if err != nil {
				t.Fatalf("connection %d: %v", len(conns)+1, err)
			}
			conns = append(conns, c)
		}
		short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
		defer cancel()
		if c, err := sqlDB.Conn(short); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("connection %d past the bound: %v, want it to wait", maxConns+1, err)
			if c != nil {
				c.Close()
			}
		}
		for _, c := range conns {
			if err := c.Close(); err != nil {
				t.Fatal(err)
			}
		}
		if got := sqlDB.Stats().Idle; got != idleConns {
			t.Errorf("idle connections after a burst of %d: %d, want %d", len(conns), got, idleConns)
		}
	})
}
