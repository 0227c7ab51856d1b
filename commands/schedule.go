package commands

// The scheduler: the work the clock makes due rather than a user — before
// the start the close of sign-up at its deadline and the check-in's
// opening (R-E-5, signup_clock.go), then the reminder of a round's start, a reported result whose confirmation
// window ended (R-G-1), a player not at the board when the late-arrival
// limit passes (R-G-4). The rules of
// what is due are action.DueActions; Tick applies them to every running
// event and announces them, with the Service's clock, so tests move time
// and call Tick. Adapters call Tick every few seconds, at most a tick gap
// apart (WithTickGap): each tick is recorded (storage.Store.Watch), and a
// longer silence or a step of the clock means nobody watched the late
// players meanwhile (late.go).

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
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
//
// The late-arrival forfeits need the scheduler to have watched the whole
// limit: Tick records itself (storage.Store.Watch) and tells the rules
// since when it has run without a break. When that cannot be recorded,
// it counts as not watched: the arbiter decides.
func (s *Service) Tick(ctx context.Context) error {
	now := s.now()
	since, werr := s.store.Watch(ctx, now, s.tickGap)
	if werr != nil {
		since, werr = now, fmt.Errorf("tick: %w", werr)
	}
	due := func(st *action.State, at time.Time) []action.Action { return action.DueActions(st, at, since) }
	return errors.Join(werr, s.tick(ctx, due))
}

func (s *Service) tick(ctx context.Context, due dueFunc) error {
	now := s.now()
	ids, err := s.store.RunningEvents(ctx)
	if err != nil {
		return fmt.Errorf("tick: %w", err)
	}
	// Before their start, the events whose sign-up deadline or check-in
	// has come (R-E-5): none of them is running.
	waking, err := s.store.WakingEvents(ctx, now)
	if err != nil {
		return fmt.Errorf("tick: %w", err)
	}
	ids = append(ids, waking...)
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

// tickEvent applies what is due in event id at now. What it reads to
// decide — which players are linked, who hears — it reads again in each
// action's change, as that change's transaction sees it.
func (s *Service) tickEvent(ctx context.Context, id storage.EventID, now time.Time, due dueFunc) error {
	st, err := s.store.Load(ctx, id)
	if err != nil {
		return err
	}
	if len(due(st, now)) == 0 {
		return nil
	}
	spared, err := sparingUnlinked(s.reading(ctx, id), due) // R-G-4: roster_checkin.go
	if err != nil {
		return err
	}
	for _, a := range spared(st, now) {
		key, err := tickKey(id, st, a)
		if err != nil {
			return err
		}
		_, err = s.store.Update(ctx, id, scheduler, key, func(ch *storage.Change) error {
			// The state may have moved on since the load (another instance,
			// a player confirming): apply the action only if still due.
			spared, err := sparingUnlinked(ch, due)
			if err != nil {
				return err
			}
			for _, b := range spared(ch.State, now) {
				if k, err := tickKey(id, ch.State, b); err == nil && k == key {
					to, err := audienceOf(ch, id, b)
					if err != nil {
						return err
					}
					if err := applyDue(ch, to, b, now); err != nil {
						return err
					}
					return nameEvent(ch, nil)
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

// audience is who hears what the scheduler does in an event: its chats,
// and for a reminder each player's private chats with the bot, in the
// language they read.
type audience struct {
	event   storage.EventID
	chats   []chat.Chat
	players map[int][]contact // by entrant id
	staff   []contact         // the arbiters' and organisers', for a referral
}

// audienceOf finds who hears a in event id.
func audienceOf(r reader, id storage.EventID, a action.Action) (audience, error) {
	chats, err := r.Chats()
	if err != nil {
		return audience{}, err
	}
	to := audience{event: id, chats: chats}
	if _, ok := a.(*action.LateReferred); ok {
		if to.staff, err = staffContacts(r); err != nil {
			return audience{}, err
		}
	}
	if !toPlayers(a) {
		return to, nil
	}
	ids, err := r.Identities()
	if err != nil {
		return audience{}, err
	}
	cts, err := contactsOf(r, ids)
	if err != nil {
		return audience{}, err
	}
	to.players = map[int][]contact{}
	for _, ct := range cts {
		to.players[ct.entrant] = append(to.players[ct.entrant], ct)
	}
	return to, nil
}

// toPlayers reports whether the players hear a privately: a reminder of
// a round's start, the check-in's opening before round 1 (R-E-5).
func toPlayers(a action.Action) bool {
	switch a := a.(type) {
	case *action.RoundReminded:
		return !a.Missed
	case *action.CheckInOpened:
		return true
	}
	return false
}

// applyDue appends a due action and announces it: in the event's
// language (eventLang) in its chats, in each reader's in private notes.
func applyDue(ch *storage.Change, to audience, a action.Action, now time.Time) error {
	switch a := a.(type) {
	case *action.RoundReminded:
		if a.Missed {
			return missedReminder(ch, to, a, now) // late.go
		}
		if err := ch.Append(a); err != nil {
			return err
		}
		remind(ch, to, a.Round, now)
		return nil
	case *action.LateReferred:
		return referLate(ch, to, a, to.event, now) // late.go
	case *action.LineupsRevealed:
		return revealAtStart(ch, to.chats, a) // team_rounds.go
	case *action.SignupDeadlinePassed:
		return deadlineReached(ch, to, a, now) // signup_clock.go (R-E-5)
	case *action.CheckInOpened:
		return checkInOpened(ch, to, a, now) // signup_clock.go (R-E-5)
	case *action.ResultSet:
		// R-G-1: an unanswered report stands once the window ends.
		why := i18n.T{Zh: "确认时限已过，按报告确认", En: "not answered in time: stands as reported"}
		switch a.Result {
		case engine.RedForfeitWin, engine.BlackForfeitWin, engine.DoubleForfeit:
			// R-G-4: the forfeits the clock decides are late arrivals.
			why = i18n.T{Zh: "迟到超过时限，判负", En: "late past the limit: lost by forfeit"}
		}
		return decide(ch, to.event, to.chats, a.Round, a.Board, a.Result, why)
	}
	// A kind DueActions learns later is applied, and needs its
	// announcement here.
	return ch.Append(a)
}

// remind tells the event's chats that round starts soon, and each player
// with a game in it where, with what colour and against whom.
func remind(ch *storage.Change, to audience, round int, now time.Time) {
	st := ch.State
	start := st.Play.Starts
	left := minutesLeft(start, now)
	lang := eventLang(st)
	announce(ch, to.chats, i18n.T{Zh: "提醒：第 %d 轮将于 %s 开始（还有 %d 分钟）。", En: "Reminder: round %d starts at %s (in %d min)."}.
		In(lang, round, startClock(st, start, now, lang), left)+lateTerm(st, now, lang))
	for _, g := range st.Event.Rounds[round-1].Games {
		if g.Result.Decided() || g.Void {
			continue
		}
		for _, p := range []int{g.Red, g.Black} {
			for _, ct := range to.players[st.EntrantOf(p)] {
				text := i18n.T{Zh: "提醒：第 %d 轮将于 %s 开始，%s。", En: "Reminder: round %d starts at %s: %s."}.
					In(ct.lang, round, startClock(st, start, now, ct.lang), seatNote(st, round, p, ct.lang))
				ch.Send(chat.Message{Chat: ct.chat, Text: text + lateTerm(st, now, ct.lang),
					Buttons: labelled(roundButtons(st, to.event, round, g.Board, true), ct.lang)})
			}
		}
	}
}

// tickKey is the update key of a due action: the event, the kind and the
// payload ("tick:3:result-set:{"round":2,"board":4,"result":1}"); for a
// reminder the event, the round and its start ("tick:3:remind:2:1772364600"),
// so that a start is reminded of once whatever else changes, and a moved
// start again. The same action due again —
// after an undo of it, say — is a duplicate and is not applied again: what
// an organiser undid stays undone.
func tickKey(id storage.EventID, st *action.State, a action.Action) (string, error) {
	if r, ok := a.(*action.RoundReminded); ok {
		return fmt.Sprintf("tick:%d:remind:%d:%d", id, r.Round, st.Play.Starts.Unix()), nil
	}
	kind, payload, err := action.Encode(a)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("tick:%d:%s:%s", id, kind, payload), nil
}

// minutesLeft is the whole minutes from now to start, rounded up: a
// reminder half a minute ahead says 1, never 0.
func minutesLeft(start, now time.Time) int {
	return int((start.Sub(now) + time.Minute - 1) / time.Minute)
}

// leftNote says how soon the current round starts when its start was set
// inside the reminder's lead time: that announcement is the reminder
// (action.RoundScheduled), so it says what the reminder would have.
func leftNote(st *action.State, now time.Time, lang i18n.Lang) string {
	p := st.Play
	if st.Info.RemindBefore <= 0 || !p.Reminded || p.Starts.IsZero() || !now.Before(p.Starts) || now.Before(p.Starts.Add(-st.Info.RemindBefore)) {
		return ""
	}
	return i18n.T{Zh: "（还有 %d 分钟）", En: " (in %d min)"}.In(lang, minutesLeft(p.Starts, now))
}
