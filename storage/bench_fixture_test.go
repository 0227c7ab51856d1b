package storage

import (
	"context"
	"fmt"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// The size issue 10 measured at: a club's big open event.
const (
	bigPlayers = 5000
	bigRounds  = 15
)

var benchActor = action.Actor{Platform: "bench", User: "arbiter"}

// newBigEvent stores an event of players entrants with rounds rounds
// paired (engine.Pair) and played, each result its own action as an
// arbiter enters them, committed a round's results at a time: about
// 40,000 actions at 5,000 × 15, a state of some megabytes.
func newBigEvent(b testing.TB, s *Store, players, rounds int) EventID {
	b.Helper()
	ctx := context.Background()
	id, _, err := s.Create(ctx, benchActor, "", func(c *Change) error {
		if err := c.Append(&action.Created{Name: "big open", Settings: engine.DefaultSettings(rounds)}); err != nil {
			return err
		}
		for p := 1; p <= players; p++ {
			err := c.Append(&action.PlayerAdded{Name: fmt.Sprintf("player %d", p), Unit: fmt.Sprintf("club %d", p%40), Rating: 1200 + p%900})
			if err != nil {
				return err
			}
		}
		return c.Append(&action.Started{})
	})
	if err != nil {
		b.Fatalf("create the event: %v", err)
	}
	for r := 1; r <= rounds; r++ {
		_, err := s.Update(ctx, id, benchActor, "", func(c *Change) error {
			p, err := engine.Pair(&c.State.Event)
			if err != nil {
				return err
			}
			if err := c.Append(&action.RoundPublished{Pairing: p}); err != nil {
				return err
			}
			for i, g := range p.Boards {
				if err := c.Append(&action.ResultSet{Round: r, Board: g.Number, Result: engine.RedWin + engine.Result(i%3)}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatalf("round %d: %v", r, err)
		}
	}
	return id
}

// keyMaker gives update keys never used before in the test binary's run,
// whatever database or run of a benchmark asks: a benchmark that repeated
// them would time the duplicate check instead of the append.
type keyMaker struct{ n int }

var benchKeys keyMaker

func (k *keyMaker) next() string {
	k.n++
	return fmt.Sprintf("bench:update:%d", k.n)
}
