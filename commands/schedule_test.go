package commands

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// scheduledEvent makes a running event in the harness's group with the
// organiser's details info (nil: none), four players and round 1 published (at the
// harness's now), and returns it with its pairing.
func scheduledEvent(t *testing.T, h *harness, info *action.InfoChanged) (storage.EventID, engine.Pairing) {
	t.Helper()
	must(t, h.say("wang", "/event new 周赛 swiss rounds 3"), "周赛")
	ctx := context.Background()
	id, err := h.store.EventOf(ctx, h.group)
	if err != nil {
		t.Fatal(err)
	}
	var p engine.Pairing
	_, err = h.store.Update(ctx, id, action.Actor{Platform: "console", User: "wang"}, "", func(ch *storage.Change) error {
		var acts []action.Action
		if info != nil {
			acts = append(acts, info)
		}
		for _, a := range acts {
			if err := ch.Append(a); err != nil {
				return err
			}
		}
		// Each player is a chat user (console user 1 to 4), whom lateness
		// forfeits (R-G-4; roster_checkin.go).
		for i, name := range []string{"王芳", "李四", "张三", "赵六"} {
			if err := ch.Append(&action.PlayerAdded{Name: name}); err != nil {
				return err
			}
			ch.Identify("console", strconv.Itoa(i+1), ch.State.Event.Players[i].Entrant)
		}
		if err := ch.Append(&action.Started{}); err != nil {
			return err
		}
		var err error
		if p, err = engine.Pair(&ch.State.Event); err != nil {
			return err
		}
		return ch.Append(&action.RoundPublished{Pairing: p})
	})
	if err != nil {
		t.Fatal(err)
	}
	h.sent() // what setting up said is not the scheduler's
	return id, p
}

func minutes30() *time.Duration { d := 30 * time.Minute; return &d }

// act appends a to event id as a player would, at the harness's now.
func act(t *testing.T, h *harness, id storage.EventID, a action.Action) {
	t.Helper()
	_, err := h.store.Update(context.Background(), id, action.Actor{Platform: "console", User: "someone"}, "", func(ch *storage.Change) error {
		return ch.Append(a)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// tick runs svc's scheduler with the rules' own DueActions.
func tick(t *testing.T, svc *Service) {
	t.Helper()
	if err := svc.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// schedulerActions lists the kinds of the actions the scheduler made.
func schedulerActions(t *testing.T, h *harness, id storage.EventID) []string {
	t.Helper()
	log, err := h.store.Log(context.Background(), id, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, r := range log {
		if r.Actor == scheduler {
			kinds = append(kinds, r.Action.Kind())
		}
	}
	return kinds
}

// roundOne is the results of round 1 by board.
func roundOne(t *testing.T, h *harness, id storage.EventID) map[int]engine.Result {
	t.Helper()
	st, err := h.store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]engine.Result{}
	for _, g := range st.Event.Rounds[0].Games {
		out[g.Board] = g.Result
	}
	return out
}

// TestR_G_1_TickConfirmsWhenWindowEnds: a report nobody answers stands
// once the event's window ends — not before, and once only — and the
// group hears it.
func TestR_G_1_TickConfirmsWhenWindowEnds(t *testing.T) {
	h := newHarness(t)
	id, p := scheduledEvent(t, h, &action.InfoChanged{ConfirmWithin: minutes30()})
	b := p.Boards[0]
	act(t, h, id, &action.ResultReported{Round: 1, Board: b.Number, Player: b.Red, Result: engine.RedWin})
	h.sent()

	h.advance(29 * time.Minute)
	tick(t, h.svc)
	if got := schedulerActions(t, h, id); len(got) != 0 {
		t.Errorf("inside the window the scheduler did %v", got)
	}
	if got := h.sent(); len(got) != 0 {
		t.Errorf("inside the window the scheduler said %v", got)
	}

	h.advance(time.Minute)
	tick(t, h.svc)
	if r := roundOne(t, h, id)[b.Number]; r != engine.RedWin {
		t.Errorf("board %d after the window: %v, want red's win as reported", b.Number, r)
	}
	sent := h.sent()
	if len(sent["group"]) != 1 || len(sent) != 1 {
		t.Fatalf("sent %q, want the round's message in the group alone", sent)
	}
	must(t, sent["group"][0], "第1轮对阵", " 1-0")

	h.advance(time.Hour)
	tick(t, h.svc)
	if got := schedulerActions(t, h, id); strings.Join(got, ",") != "result-set" {
		t.Errorf("the scheduler did %v, want one result-set", got)
	}
	if got := h.sent(); len(got) != 0 {
		t.Errorf("a later tick said %v again", got)
	}
}

// TestR_G_4_TickLateForfeits: when the late-arrival limit passes, the
// scheduler having watched it all, a player not checked in loses by
// forfeit, both absent lose both; the round is then complete and the
// standings follow.
func TestR_G_4_TickLateForfeits(t *testing.T) {
	h := newHarness(t)
	late := 15 * time.Minute
	id, p := scheduledEvent(t, h, &action.InfoChanged{LateAfter: &late})
	b1, b2 := p.Boards[0], p.Boards[1]
	h.watch(5 * time.Minute)
	act(t, h, id, &action.CheckedIn{Round: 1, Board: b1.Number, Player: b1.Black})
	h.sent()

	h.watch(9 * time.Minute)
	tick(t, h.svc)
	if got := h.sent(); len(got) != 0 {
		t.Errorf("before the limit the scheduler said %v", got)
	}
	h.advance(time.Minute)
	tick(t, h.svc)
	got := roundOne(t, h, id)
	if got[b1.Number] != engine.BlackForfeitWin || got[b2.Number] != engine.DoubleForfeit {
		t.Errorf("results %v; want board %d -+ (black was there), board %d -- (nobody was)", got, b1.Number, b2.Number)
	}
	group := h.sent()["group"]
	if len(group) != 2 {
		t.Fatalf("the group got %q; want the round's message with both forfeits, and the round's end", group)
	}
	must(t, group[0], "第1轮对阵", " -+", " --")
	must(t, group[1], "第 1 轮全部结束")
}

// TestR_G_1_TickSkipsAnsweredReport: when the result is settled between
// the scheduler's look and its change (an arbiter decides, another
// instance), the scheduler changes nothing and says nothing.
func TestR_G_1_TickSkipsAnsweredReport(t *testing.T) {
	h := newHarness(t)
	id, p := scheduledEvent(t, h, &action.InfoChanged{ConfirmWithin: minutes30()})
	b := p.Boards[0]
	act(t, h, id, &action.ResultReported{Round: 1, Board: b.Number, Player: b.Red, Result: engine.RedWin})
	h.advance(time.Hour)
	h.sent()
	looked := false
	due := func(st *action.State, now time.Time) []action.Action {
		if !looked {
			looked = true
			act(t, h, id, &action.ResultSet{Round: 1, Board: b.Number, Result: engine.BlackWin})
		}
		return action.DueActions(st, now, time.Time{})
	}
	if err := h.svc.tick(context.Background(), due); err != nil {
		t.Fatal(err)
	}
	if !looked {
		t.Fatal("the scheduler never looked")
	}
	if r := roundOne(t, h, id)[b.Number]; r != engine.BlackWin {
		t.Errorf("board %d: %v, want the arbiter's black win", b.Number, r)
	}
	if got := schedulerActions(t, h, id); len(got) != 0 {
		t.Errorf("the scheduler did %v over the arbiter's decision", got)
	}
	if got := h.sent(); len(got) != 0 {
		t.Errorf("the scheduler said %v", got)
	}
}

// TestR_G_1_TickTwoInstances: services ticking one database at once apply
// each due result once and announce it once.
func TestR_G_1_TickTwoInstances(t *testing.T) {
	h := newHarness(t)
	id, p := scheduledEvent(t, h, &action.InfoChanged{ConfirmWithin: minutes30()})
	for _, b := range p.Boards {
		act(t, h, id, &action.ResultReported{Round: 1, Board: b.Number, Player: b.Black, Result: engine.Draw})
	}
	h.advance(time.Hour)
	h.sent()
	tickTwice(t, h)
	if got, want := len(schedulerActions(t, h, id)), len(p.Boards); got != want {
		t.Errorf("the scheduler made %d changes, want %d (one per board)", got, want)
	}
	group := h.sent()["group"]
	if len(group) != 2 || strings.Count(group[0], " 1/2") != len(p.Boards) {
		t.Errorf("the group got %q, want the round's message with every board's result, and the round's end", group)
	}
	if n := strings.Count(strings.Join(group, "\n"), "第 1 轮全部结束"); n != 1 {
		t.Errorf("the round's end announced %d times", n)
	}
}

// TestTickUndoneStaysUndone: a due result the organiser undid is not
// applied again by the next tick (the update key is the action's).
func TestTickUndoneStaysUndone(t *testing.T) {
	h := newHarness(t)
	id, p := scheduledEvent(t, h, &action.InfoChanged{ConfirmWithin: minutes30()})
	b := p.Boards[0]
	act(t, h, id, &action.ResultReported{Round: 1, Board: b.Number, Player: b.Red, Result: engine.BlackWin})
	h.advance(time.Hour)
	tick(t, h.svc)
	st, err := h.store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	act(t, h, id, &action.Undo{Seq: st.Through})
	h.sent()
	tick(t, h.svc)
	if r := roundOne(t, h, id)[b.Number]; r != engine.Pending {
		t.Errorf("board %d after the undo and a tick: %v, want pending", b.Number, r)
	}
	if got := h.sent(); len(got) != 0 {
		t.Errorf("the scheduler said %v again", got)
	}
}

// TestTickOnlyRunningEvents: the rules are not even asked about events
// being set up.
func TestTickOnlyRunningEvents(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("wang", "/event new 筹备中"), "筹备中")
	calls := 0
	always := func(st *action.State, now time.Time) []action.Action {
		calls++
		return []action.Action{&action.SignupOpened{}}
	}
	if err := h.svc.tick(context.Background(), always); err != nil {
		t.Fatal(err)
	}
	if calls != 0 {
		t.Errorf("the rules were asked %d times about an event not started", calls)
	}
}

// TestR_G_1_TickWithoutWindow: an event without a confirmation window or
// a late limit has nothing due: a report waits for the opponent or an
// arbiter, however late it is.
func TestR_G_1_TickWithoutWindow(t *testing.T) {
	h := newHarness(t)
	id, p := scheduledEvent(t, h, nil)
	act(t, h, id, &action.ResultReported{Round: 1, Board: p.Boards[0].Number, Player: p.Boards[0].Red, Result: engine.RedWin})
	h.advance(30 * 24 * time.Hour)
	tick(t, h.svc)
	if r := roundOne(t, h, id)[p.Boards[0].Number]; r != engine.Pending {
		t.Errorf("result %v, want pending", r)
	}
}

// tickTwice runs the scheduler four times at once from two services on one
// database, as two bot instances would.
func tickTwice(t *testing.T, h *harness) {
	t.Helper()
	other := New(h.store, WithClock(h.clock))
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		svc := h.svc
		if i%2 == 1 {
			svc = other
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A context of its own, as each instance's ticker has: the
			// harness's store tells changes apart by their contexts.
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			errs[i] = svc.Tick(ctx)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}
