package commands

// The scheduler: the work the clock makes due rather than a user — a
// reported result whose confirmation window ended (R-G-1), a player not
// at the board when the late-arrival limit passes (R-G-4). The rules of
// what is due are action.DueActions; Tick applies them to every running
// event and announces them, with the Service's clock, so tests move time
// and call Tick. Adapters call Tick every few seconds.

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// scheduler is who the log names for the changes Tick makes.
var scheduler = action.Actor{Platform: "qisai", User: "scheduler"}

// dueFunc says which actions are due in an event at a time.
type dueFunc func(st *action.State, now time.Time) []action.Action

// Tick applies to every running event the actions due at the Service's
// clock's now and announces them in the event's chats. Each action is
// applied in its own Update whose key names the event and the action, and
// only if it is still due on the state the Update loaded, so that a result
// confirmed meanwhile is not overtaken and two bot instances ticking at
// once apply it once. Tick goes on with the other events when one fails
// and returns their errors joined.
func (s *Service) Tick(ctx context.Context) error {
	return s.tick(ctx, action.DueActions)
}

func (s *Service) tick(ctx context.Context, due dueFunc) error {
	ids, err := s.store.RunningEvents(ctx)
	if err != nil {
		return fmt.Errorf("tick: %w", err)
	}
	now := s.now()
	var errs []error
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := s.tickEvent(ctx, id, now, due); err != nil {
			errs = append(errs, fmt.Errorf("tick event %d: %w", id, err))
		}
	}
	return errors.Join(errs...)
}

// tickEvent applies what is due in event id at now.
func (s *Service) tickEvent(ctx context.Context, id storage.EventID, now time.Time, due dueFunc) error {
	st, err := s.store.Load(ctx, id)
	if err != nil {
		return err
	}
	acts := due(st, now)
	if len(acts) == 0 {
		return nil
	}
	chats, err := s.store.Chats(ctx, id)
	if err != nil {
		return err
	}
	for _, a := range acts {
		key, err := tickKey(id, a)
		if err != nil {
			return err
		}
		_, err = s.store.Update(ctx, id, scheduler, key, func(ch *storage.Change) error {
			// The state may have moved on since the load (another instance,
			// a player confirming): apply the action only if still due.
			for _, b := range due(ch.State, now) {
				if k, err := tickKey(id, b); err == nil && k == key {
					return applyDue(ch, chats, b)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// applyDue appends a due action and announces it. The scheduler answers
// nobody, so it speaks the default language, Chinese.
func applyDue(ch *storage.Change, chats []storage.Chat, a action.Action) error {
	r, ok := a.(*action.ResultSet)
	if !ok {
		// DueActions returns results only; a kind it learns later is
		// applied, and needs its announcement here.
		return ch.Append(a)
	}
	// R-G-1: an unanswered report stands once the window ends.
	why := T{"确认时限已过，按报告确认", "not answered in time: stands as reported"}
	switch r.Result {
	case engine.RedForfeitWin, engine.BlackForfeitWin, engine.DoubleForfeit:
		// R-G-4: the forfeits the clock decides are late arrivals.
		why = T{"迟到超过时限，判负", "late past the limit: lost by forfeit"}
	}
	return decide(ch, chats, r.Round, r.Board, r.Result, why, Zh)
}

// tickKey is the update key of a due action: the event, the kind and the
// payload ("tick:3:result-set:{"round":2,"board":4,"result":1}"). The same
// action due again — after an undo of it, say — is a duplicate and is not
// applied again: what an organiser undid stays undone.
func tickKey(id storage.EventID, a action.Action) (string, error) {
	kind, payload, err := action.Encode(a)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("tick:%d:%s:%s", id, kind, payload), nil
}
