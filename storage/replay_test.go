package storage

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// replayHistories is how many random event histories TestReplay plays.
const replayHistories = 50

// TestReplay plays random event histories through Update, one action per
// call, keeping the live state in memory alongside: after every few calls
// a Store that shares nothing with the writer but the database loads the
// event, and it must equal the live state. Snapshots every 7 actions and
// undos of random earlier actions make Load continue snapshots, and refold
// the whole log when an undo reaches into one.
func TestReplay(t *testing.T) {
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) {
			clock := WithClock(func() time.Time { return replayTime })
			w := openTest(t, db.dsn, WithSnapshotEvery(7), clock)
			r := openTest(t, db.dsn, clock)
			var actions, undos, refolds int
			for h := range replayHistories {
				rp := newReplay(t, w, r, uint64(h))
				rp.play()
				actions += len(rp.log)
				undos += rp.undos
				refolds += rp.refolds
			}
			t.Logf("%d histories: %d actions, %d undos, %d loads that refolded the whole log",
				replayHistories, actions, undos, refolds)
			if undos == 0 || refolds == 0 {
				t.Errorf("the histories made %d undos and %d refolds: they no longer test undo against snapshots", undos, refolds)
			}
		})
	}
}

// replayTime is the time of every action the replay records: the live
// state applies its actions at it too (State.At).
var replayTime = time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC)

// replay is one random event history in play.
type replay struct {
	t       *testing.T
	w, r    *Store // w writes; r only loads
	rng     *rand.Rand
	id      EventID
	live    *action.State   // the event as the test applied the actions
	log     []action.Record // the actions, as the test numbered them
	undos   int
	refolds int
}

func newReplay(t *testing.T, w, r *Store, seed uint64) *replay {
	rng := rand.New(rand.NewPCG(seed, 0x7265706c6179)) // "replay"
	set := engine.DefaultSettings(3 + rng.IntN(4))
	if rng.IntN(3) == 0 {
		set.System = engine.RoundRobin
	}
	set.Seed = rng.Uint64()
	created := &action.Created{Name: fmt.Sprintf("Replay %d", seed), Settings: set}
	rp := &replay{t: t, w: w, r: r, rng: rng, live: &action.State{Status: action.Setup}}
	rp.live.At = replayTime
	if err := created.Apply(rp.live); err != nil {
		t.Fatal(err)
	}
	id, res, err := w.Create(context.Background(), evOrganiser, "", appendAll(created))
	if err != nil {
		t.Fatalf("history %d: create: %v", seed, err)
	}
	rp.id = id
	rp.record(res, created)
	return rp
}

// play enters players, starts the event and plays its rounds with random
// results, fouls, penalties, withdrawals, corrections and undos.
func (rp *replay) play() {
	for range 4 + rp.rng.IntN(9) {
		rp.try(&action.PlayerAdded{
			Name:   fmt.Sprintf("P%d", rp.rng.IntN(1000)), // a repeated name is refused and skipped
			Unit:   []string{"", "East", "West", "North"}[rp.rng.IntN(4)],
			Rating: 1500 + rp.rng.IntN(800),
		})
		rp.maybeUndo(6)
	}
	if n := len(rp.live.Event.Players); n > 0 && rp.rng.IntN(4) == 0 {
		rp.try(&action.PlayerEdited{Player: 1 + rp.rng.IntN(n), Name: "Edited", Rating: 2000})
	}
	if n := len(rp.live.Event.Players); n > 2 && rp.rng.IntN(4) == 0 {
		rp.try(&action.PlayerRemoved{Player: 1 + rp.rng.IntN(n)})
	}
	if !rp.try(&action.Started{Numbering: engine.Numbering(rp.rng.IntN(2))}) {
		rp.check()
		return
	}
	for step := 0; step < 400; step++ {
		ev := &rp.live.Event
		pending := pendingGames(ev)
		if len(pending) == 0 {
			p, err := engine.Pair(ev)
			if err != nil || !rp.try(&action.RoundPublished{Pairing: p}) {
				break
			}
			continue
		}
		switch k := rp.rng.IntN(20); {
		case k < 12:
			g := pending[rp.rng.IntN(len(pending))]
			rp.try(&action.ResultSet{Round: g[0], Board: g[1], Result: randomResult(rp.rng)})
		case k == 12: // a correction of any game
			r := 1 + rp.rng.IntN(len(ev.Rounds))
			if gs := ev.Rounds[r-1].Games; len(gs) > 0 {
				rp.try(&action.ResultSet{Round: r, Board: gs[rp.rng.IntN(len(gs))].Board, Result: randomResult(rp.rng)})
			}
		case k == 13:
			rp.try(&action.FoulRecorded{Round: len(ev.Rounds), Player: 1 + rp.rng.IntN(len(ev.Players))})
		case k == 14:
			rp.try(&action.PenaltyRecorded{Player: 1 + rp.rng.IntN(len(ev.Players))})
		case k == 15:
			rp.try(&action.Withdrawn{Player: 1 + rp.rng.IntN(len(ev.Players)), After: len(ev.Rounds) - rp.rng.IntN(2)})
		default:
			rp.maybeUndo(1)
		}
	}
	rp.try(&action.EventFinished{})
	rp.check()
}

// pendingGames lists the round and board of every game without a result.
func pendingGames(ev *engine.Event) [][2]int {
	var out [][2]int
	for r, rd := range ev.Rounds {
		for _, g := range rd.Games {
			if g.Result == engine.Pending && !g.Void {
				out = append(out, [2]int{r + 1, g.Board})
			}
		}
	}
	return out
}

// randomResult is mostly a game played, sometimes a forfeit.
func randomResult(rng *rand.Rand) engine.Result {
	if rng.IntN(6) == 0 {
		return engine.RedForfeitWin + engine.Result(rng.IntN(3))
	}
	return engine.RedWin + engine.Result(rng.IntN(3))
}

// maybeUndo undoes a random earlier action, one time in oneIn, when the
// log still folds without it (the Store refuses it otherwise, which try
// checks too).
func (rp *replay) maybeUndo(oneIn int) {
	if rp.rng.IntN(oneIn) != 0 || len(rp.log) < 2 {
		return
	}
	if rp.try(&action.Undo{Seq: 2 + rp.rng.Int64N(int64(len(rp.log)-1))}) {
		rp.undos++
	}
}

// try applies a to the live state and, when the live state takes it,
// through Update too; it reports whether a was applied. The Store must
// agree with the live state on whether a is refused.
func (rp *replay) try(a action.Action) bool {
	rp.t.Helper()
	next, err := rp.apply(a)
	var inChange *action.State
	res, uerr := rp.w.Update(context.Background(), rp.id, evOrganiser, "", func(c *Change) error {
		if err := c.Append(a); err != nil {
			return err
		}
		inChange = c.State
		return nil
	})
	if (err == nil) != (uerr == nil) {
		rp.t.Fatalf("event %d: %s: live state says %v, Update says %v", rp.id, a.Kind(), err, uerr)
	}
	if err != nil {
		return false
	}
	rp.live = next
	rp.record(res, a)
	if got, want := stateJSON(rp.t, inChange), stateJSON(rp.t, rp.live); got != want {
		rp.t.Fatalf("event %d: the change's state after %s differs from the live state:\n got %s\nwant %s", rp.id, a.Kind(), got, want)
	}
	if len(rp.log)%3 == 0 {
		rp.check()
	}
	return true
}

// apply is a applied to a copy of the live state: an Undo refolds the
// test's own log.
func (rp *replay) apply(a action.Action) (*action.State, error) {
	seq := int64(len(rp.log)) + 1
	if _, ok := a.(*action.Undo); ok {
		return action.Fold(append(rp.log[:len(rp.log):len(rp.log)], action.Record{Seq: seq, At: replayTime, Action: a}))
	}
	st, err := action.FoldFrom(rp.live, nil) // a copy
	if err != nil {
		return nil, err
	}
	st.At, st.Seq = replayTime, seq // as the fold sets them
	if err := a.Apply(st); err != nil {
		return nil, err
	}
	st.Through = seq
	return st, nil
}

func (rp *replay) record(res Result, a action.Action) {
	seq := int64(len(rp.log)) + 1
	if !reflect.DeepEqual(res.Seqs, []int64{seq}) {
		rp.t.Fatalf("event %d: %s got seqs %v, want [%d]", rp.id, a.Kind(), res.Seqs, seq)
	}
	rp.log = append(rp.log, action.Record{Seq: seq, At: replayTime, Action: a})
	rp.live.Through = seq
}

// check loads the event through the reading Store and compares it with the
// live state, standings included.
func (rp *replay) check() {
	rp.t.Helper()
	st, snap, err := rp.r.load(rp.r.db, rp.id)
	if err != nil {
		rp.t.Fatalf("event %d: load: %v", rp.id, err)
	}
	snapSeq, refolded := snap.seq, snap.stale
	if refolded {
		rp.refolds++
	}
	if got, want := stateJSON(rp.t, st), stateJSON(rp.t, rp.live); got != want {
		rp.t.Fatalf("event %d through %d (snapshot at %d, refolded %v): Load differs from the live state:\n got %s\nwant %s",
			rp.id, rp.live.Through, snapSeq, refolded, got, want)
	}
	if rp.live.Status != action.Setup {
		if got, want := engine.Standings(&st.Event), engine.Standings(&rp.live.Event); !reflect.DeepEqual(got, want) {
			rp.t.Fatalf("event %d: standings of the loaded event differ:\n got %+v\nwant %+v", rp.id, got, want)
		}
	}
}
