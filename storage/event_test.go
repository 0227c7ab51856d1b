package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
)

var (
	evOrganiser = action.Actor{Platform: "telegram", User: "100"}
	evArbiter   = action.Actor{Platform: "discord", User: "200"}
	evStart     = time.Date(2025, 3, 1, 9, 30, 0, 0, time.UTC)
)

// evClock is a clock tests move by hand.
type evClock struct {
	mu sync.Mutex
	t  time.Time
}

func newEvClock() *evClock { return &evClock{t: evStart} }

func (c *evClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// reset sets the clock back to evStart for the next database's run.
func (c *evClock) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = evStart
}

func (c *evClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// evCreate creates an event named name with the players entered.
func evCreate(t *testing.T, s *Store, name string, players ...string) EventID {
	t.Helper()
	acts := []action.Action{&action.Created{Name: name, Settings: engine.DefaultSettings(5)}}
	for _, p := range players {
		acts = append(acts, &action.PlayerAdded{Name: p})
	}
	id, res, err := s.Create(context.Background(), evOrganiser, "", appendAll(acts...))
	if err != nil {
		t.Fatalf("create %q: %v", name, err)
	}
	if len(res.Seqs) != len(acts) || res.Duplicate {
		t.Fatalf("create %q: result %+v, want %d seqs", name, res, len(acts))
	}
	return id
}

// evUpdate appends acts to event id in one change and fails t if refused.
func evUpdate(t *testing.T, s *Store, id EventID, acts ...action.Action) Result {
	t.Helper()
	res, err := s.Update(context.Background(), id, evOrganiser, "", appendAll(acts...))
	if err != nil {
		t.Fatalf("update event %d: %v", id, err)
	}
	return res
}

// appendAll is a change that appends acts, stopping at the first refusal.
func appendAll(acts ...action.Action) func(*Change) error {
	return func(c *Change) error {
		for _, a := range acts {
			if err := c.Append(a); err != nil {
				return err
			}
		}
		return nil
	}
}

func evLoad(t *testing.T, s *Store, id EventID) *action.State {
	t.Helper()
	st, err := s.Load(context.Background(), id)
	if err != nil {
		t.Fatalf("load event %d: %v", id, err)
	}
	return st
}

func evLog(t *testing.T, s *Store, id EventID) []action.Record {
	t.Helper()
	log, err := s.Log(context.Background(), id, 0, 0)
	if err != nil {
		t.Fatalf("log of event %d: %v", id, err)
	}
	return log
}

func playerNames(st *action.State) []string {
	var names []string
	for _, p := range st.Event.Players {
		names = append(names, p.Name)
	}
	return names
}

// evVersion reads events.version and the snapshot's seq (0: none) as
// stored.
func evVersion(t *testing.T, s *Store, id EventID) (version, snapSeq int64) {
	t.Helper()
	var ev eventRow
	if err := s.db.Where("id = ?", id).Take(&ev).Error; err != nil {
		t.Fatalf("read event %d: %v", id, err)
	}
	var snap []snapshotRow
	if err := s.db.Where("event_id = ?", id).Find(&snap).Error; err != nil {
		t.Fatalf("read the snapshot of event %d: %v", id, err)
	}
	if len(snap) == 0 {
		return ev.Version, 0
	}
	return ev.Version, snap[0].Seq
}

// stateJSON is st as JSON with empty lists written as null: a snapshot's
// round trip and a fold may disagree on nil and empty slices, which mean
// the same.
func stateJSON(t testing.TB, st *action.State) string {
	t.Helper()
	raw, err := json.Marshal(st)
	if err != nil {
		t.Fatalf("marshal state: %v", err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("unmarshal state: %v", err)
	}
	var norm func(any) any
	norm = func(v any) any {
		switch v := v.(type) {
		case []any:
			if len(v) == 0 {
				return nil
			}
			for i := range v {
				v[i] = norm(v[i])
			}
		case map[string]any:
			for k := range v {
				v[k] = norm(v[k])
			}
		}
		return v
	}
	out, _ := json.Marshal(norm(v))
	return string(out)
}

func TestCreateUpdateLoad(t *testing.T) {
	clock := newEvClock()
	forEachDB(t, func(t *testing.T, s *Store) {
		clock.reset()
		ctx := context.Background()
		id := evCreate(t, s, "Club Open", "Li", "Wang")
		var name string
		s.db.Raw("SELECT name FROM events WHERE id = ?", id).Scan(&name)
		if name != "Club Open" {
			t.Errorf("events.name = %q, want the Created action's name", name)
		}
		if res := evUpdate(t, s, id, &action.PlayerAdded{Name: "Zhao"}); !reflect.DeepEqual(res.Seqs, []int64{4}) {
			t.Errorf("update seqs = %v, want [4]", res.Seqs)
		}
		st := evLoad(t, s, id)
		if st.Event.Name != "Club Open" || st.Status != action.Setup || st.Through != 4 ||
			!reflect.DeepEqual(playerNames(st), []string{"Li", "Wang", "Zhao"}) {
			t.Errorf("loaded %q %s through %d with %v", st.Event.Name, st.Status, st.Through, playerNames(st))
		}
		if v, _ := evVersion(t, s, id); v != 4 {
			t.Errorf("version = %d, want 4", v)
		}

		// A change that holds nothing commits nothing.
		res, err := s.Update(ctx, id, evOrganiser, "", func(*Change) error { return nil })
		if err != nil || res.Seqs != nil || res.Duplicate {
			t.Errorf("empty change: %+v, %v; want nothing", res, err)
		}
		if v, _ := evVersion(t, s, id); v != 4 {
			t.Errorf("version after an empty change = %d, want 4", v)
		}

		// Two events keep apart.
		other := evCreate(t, s, "Junior Cup", "Sun")
		if got := playerNames(evLoad(t, s, other)); !reflect.DeepEqual(got, []string{"Sun"}) {
			t.Errorf("second event's players = %v", got)
		}

		missing := EventID(9999)
		if _, err := s.Update(ctx, missing, evOrganiser, "", appendAll(&action.SignupOpened{})); !errors.Is(err, ErrNotFound) {
			t.Errorf("update of a missing event: %v, want ErrNotFound", err)
		}
		if _, err := s.Load(ctx, missing); !errors.Is(err, ErrNotFound) {
			t.Errorf("load of a missing event: %v, want ErrNotFound", err)
		}
		if _, err := s.Log(ctx, missing, 0, 0); !errors.Is(err, ErrNotFound) {
			t.Errorf("log of a missing event: %v, want ErrNotFound", err)
		}
		if _, _, err := s.Create(ctx, evOrganiser, "", func(*Change) error { return nil }); err == nil {
			t.Error("create without actions: no error")
		}
	}, WithClock(clock.now))
}

func TestAppendRefused(t *testing.T) {
	tests := []struct {
		name string
		fn   func(c *Change) error
		want []string // players after the change; nil: the change fails
	}{
		{"refusal returned", func(c *Change) error {
			if err := c.Append(&action.PlayerAdded{Name: "Zhao"}); err != nil {
				return err
			}
			return c.Append(&action.PlayerAdded{Name: "li"}) // entered already
		}, nil},
		{"refusal skipped", func(c *Change) error {
			if err := c.Append(&action.PlayerAdded{Name: "li"}); err == nil {
				return errors.New("a second Li was accepted")
			}
			if n := len(c.State.Event.Players); n != 2 {
				return fmt.Errorf("a refused action left %d players in the state, want 2", n)
			}
			return c.Append(&action.PlayerAdded{Name: "Zhao"})
		}, []string{"Li", "Wang", "Zhao"}},
		{"fn fails after a good action", func(c *Change) error {
			c.Append(&action.PlayerAdded{Name: "Zhao"})
			c.Send(chat.Message{Chat: chat.Chat{Platform: "telegram", ID: "-1"}, Text: "Zhao joined"})
			c.Bind(chat.Chat{Platform: "telegram", ID: "-1"})
			return errors.New("the command changed its mind")
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			forEachDB(t, func(t *testing.T, s *Store) {
				id := evCreate(t, s, "Club Open", "Li", "Wang")
				_, err := s.Update(context.Background(), id, evOrganiser, "", tt.fn)
				if (err != nil) != (tt.want == nil) {
					t.Fatalf("update error %v, want failure %v", err, tt.want == nil)
				}
				want := tt.want
				if want == nil {
					want = []string{"Li", "Wang"}
				}
				if got := playerNames(evLoad(t, s, id)); !reflect.DeepEqual(got, want) {
					t.Errorf("players = %v, want %v", got, want)
				}
				if v, _ := evVersion(t, s, id); v != int64(len(want)+1) {
					t.Errorf("version = %d, want %d", v, len(want)+1)
				}
				var outbox, chats int64
				s.db.Model(&outboxRow{}).Count(&outbox)
				s.db.Model(&chatRow{}).Count(&chats)
				if tt.want == nil && outbox+chats != 0 {
					t.Errorf("a failed change left %d messages and %d bindings", outbox, chats)
				}
			})
		})
	}
}

func TestUpdateKey(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		id := evCreate(t, s, "Club Open", "Li", "Wang")
		key := "telegram:update:7"
		add := func(name string) func(*Change) error {
			return func(c *Change) error { return c.Append(&action.PlayerAdded{Name: name}) }
		}
		first, err := s.Update(ctx, id, evOrganiser, key, add("Zhao"))
		if err != nil || first.Duplicate || !reflect.DeepEqual(first.Seqs, []int64{4}) {
			t.Fatalf("first delivery: %+v, %v", first, err)
		}
		called := false
		second, err := s.Update(ctx, id, evOrganiser, key, func(c *Change) error { called = true; return add("Zhao")(c) })
		if err != nil || !second.Duplicate || second.Seqs != nil || called {
			t.Errorf("second delivery: %+v, %v, fn called %v; want Duplicate without running fn", second, err, called)
		}
		if log := evLog(t, s, id); len(log) != 4 {
			t.Errorf("log holds %d actions, want 4", len(log))
		}
		var stored []string
		s.db.Raw("SELECT update_key FROM actions WHERE event_id = ? AND update_key IS NOT NULL", id).Scan(&stored)
		if !reflect.DeepEqual(stored, []string{key}) {
			t.Errorf("stored keys %v, want [%s]", stored, key)
		}

		// Create is idempotent too, and names the event the first call made.
		create := func() (EventID, Result, error) {
			return s.Create(ctx, evOrganiser, "telegram:update:8", appendAll(&action.Created{Name: "Blitz"}))
		}
		a, ra, err := create()
		if err != nil || ra.Duplicate {
			t.Fatalf("first create: %+v, %v", ra, err)
		}
		b, rb, err := create()
		if err != nil || !rb.Duplicate || b != a {
			t.Errorf("second create: event %d %+v %v; want event %d, Duplicate", b, rb, err, a)
		}
		var events int64
		s.db.Model(&eventRow{}).Where("name = ?", "Blitz").Count(&events)
		if events != 1 {
			t.Errorf("%d events named Blitz, want 1", events)
		}

		// Handled knows both keys, and no other.
		for k, want := range map[string]bool{key: true, "telegram:update:8": true, "telegram:update:9": false, "": false} {
			if got, err := s.Handled(ctx, k); err != nil || got != want {
				t.Errorf("Handled(%q) = %v, %v; want %v", k, got, err, want)
			}
		}
	})
}

// A Create whose key another Create stores while it runs finds the key
// taken inside its transaction and names the winner's event.
func TestUpdateKeyConcurrentCreate(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		key := "discord:interaction:42"
		loaded, committed := make(chan struct{}), make(chan struct{})
		var (
			aID   EventID
			aRes  Result
			aErr  error
			calls int
			done  = make(chan struct{})
		)
		go func() {
			defer close(done)
			aID, aRes, aErr = s.Create(ctx, evOrganiser, key, func(c *Change) error {
				if calls++; calls == 1 {
					close(loaded)
					<-committed
				}
				return c.Append(&action.Created{Name: "Rapid A"})
			})
		}()
		<-loaded
		bID, bRes, err := s.Create(ctx, evArbiter, key, appendAll(&action.Created{Name: "Rapid B"}))
		close(committed)
		<-done
		if err != nil || bRes.Duplicate {
			t.Fatalf("B: %+v, %v", bRes, err)
		}
		if aErr != nil || !aRes.Duplicate || aID != bID {
			t.Errorf("A: event %d %+v %v; want B's event %d, Duplicate", aID, aRes, aErr, bID)
		}
		var events int64
		s.db.Model(&eventRow{}).Count(&events)
		if events != 1 {
			t.Errorf("%d events, want 1: the loser's row must roll back", events)
		}
	})
}

func TestUndo(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		id := evCreate(t, s, "Club Open", "Li", "Wang", "Zhao") // seqs 1–4
		var inChange []string
		res, err := s.Update(ctx, id, evArbiter, "", func(c *Change) error {
			if err := c.Append(&action.Undo{Seq: 3}); err != nil {
				return err
			}
			inChange = playerNames(c.State) // the change sees the undo at once
			return c.Append(&action.PlayerAdded{Name: "Sun"})
		})
		if err != nil || !reflect.DeepEqual(res.Seqs, []int64{5, 6}) {
			t.Fatalf("undo of Wang: %+v, %v", res, err)
		}
		if want := []string{"Li", "Zhao"}; !reflect.DeepEqual(inChange, want) {
			t.Errorf("state in the change after the undo: %v, want %v", inChange, want)
		}
		if got, want := playerNames(evLoad(t, s, id)), []string{"Li", "Zhao", "Sun"}; !reflect.DeepEqual(got, want) {
			t.Errorf("after undo: %v, want %v", got, want)
		}
		evUpdate(t, s, id, &action.Undo{Seq: 5}) // undo of the undo: Wang is back
		if got, want := playerNames(evLoad(t, s, id)), []string{"Li", "Wang", "Zhao", "Sun"}; !reflect.DeepEqual(got, want) {
			t.Errorf("after undo of undo: %v, want %v", got, want)
		}

		evUpdate(t, s, id, &action.PlayerEdited{Player: 4, Name: "Sun Bo"}) // seq 8

		refused := []struct {
			name string
			acts []action.Action
			why  string
		}{
			{"no such action", []action.Action{&action.Undo{Seq: 99}}, "no action 99"},
			{"seq 0", []action.Action{&action.Undo{Seq: 0}}, "no action 0"},
			{"the change's own action", []action.Action{&action.PlayerAdded{Name: "Ma"}, &action.Undo{Seq: 9}}, "same change"},
			{"needed by a later action", []action.Action{&action.Undo{Seq: 6}}, "no player 4"},
			{"the creation", []action.Action{&action.Undo{Seq: 1}}, "creation"},
		}
		for _, tt := range refused {
			_, err := s.Update(ctx, id, evArbiter, "", appendAll(tt.acts...))
			if err == nil || !strings.Contains(err.Error(), tt.why) {
				t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.why)
			}
		}
		if v, _ := evVersion(t, s, id); v != 8 {
			t.Errorf("version after refused undos = %d, want 8", v)
		}
	})
}

func TestLog(t *testing.T) {
	clock := newEvClock()
	forEachDB(t, func(t *testing.T, s *Store) {
		clock.reset()
		id := evCreate(t, s, "Club Open", "Li", "Wang")
		clock.advance(90 * time.Second)
		_, err := s.Update(context.Background(), id, evArbiter, "", appendAll(&action.Started{}))
		if err != nil {
			t.Fatal(err)
		}
		log := evLog(t, s, id)
		type entry struct {
			Seq   int64
			Actor action.Actor
			At    time.Time
			Kind  string
		}
		var got []entry
		for _, r := range log {
			got = append(got, entry{r.Seq, r.Actor, r.At, r.Action.Kind()})
		}
		later := evStart.Add(90 * time.Second)
		want := []entry{
			{1, evOrganiser, evStart, "created"},
			{2, evOrganiser, evStart, "player-added"},
			{3, evOrganiser, evStart, "player-added"},
			{4, evArbiter, later, "started"},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("log:\n got %+v\nwant %+v", got, want)
		}
		if p, ok := log[1].Action.(*action.PlayerAdded); !ok || p.Name != "Li" {
			t.Errorf("record 2 = %#v, want Li's entry", log[1].Action)
		}
		page, err := s.Log(context.Background(), id, 1, 2)
		if err != nil || len(page) != 2 || page[0].Seq != 2 || page[1].Seq != 3 {
			t.Errorf("Log(after 1, limit 2) = %d records %v", len(page), err)
		}
	}, WithClock(clock.now))
}

// An undo that cancels an action a snapshot holds: Load cannot continue
// the snapshot (action.ErrRefold) and folds the whole log, and the next
// change writes a snapshot that holds the undo.
func TestSnapshotUndo(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		id := evCreate(t, s, "Club Open", "Li", "Wang") // version 3: snapshot at 3
		for _, p := range []string{"Zhao", "Sun", "Ma"} {
			evUpdate(t, s, id, &action.PlayerAdded{Name: p})
		}
		if v, snap := evVersion(t, s, id); v != 6 || snap != 6 {
			t.Fatalf("version %d, snapshot at %d; want 6, 6 with a snapshot every 3", v, snap)
		}
		evUpdate(t, s, id, &action.Undo{Seq: 2}) // Li, inside the snapshot

		var row snapshotRow
		s.db.Where("event_id = ?", id).Take(&row)
		snap, err := decodeSnapshot(row.Data, row.State)
		if err != nil {
			t.Fatal(err)
		}
		tail, _ := s.Log(context.Background(), id, row.Seq, 0)
		if _, err := action.FoldFrom(snap, tail); !errors.Is(err, action.ErrRefold) {
			t.Fatalf("FoldFrom(snapshot, tail) = %v, want ErrRefold: the test no longer reaches the refold", err)
		}
		checkLoad := func(want ...string) {
			t.Helper()
			st := evLoad(t, s, id)
			if got := playerNames(st); !reflect.DeepEqual(got, want) {
				t.Errorf("players %v, want %v", got, want)
			}
			full, err := action.Fold(evLog(t, s, id))
			if err != nil {
				t.Fatal(err)
			}
			if stateJSON(t, st) != stateJSON(t, full) {
				t.Errorf("Load differs from the fold of the whole log")
			}
		}
		checkLoad("Wang", "Zhao", "Sun", "Ma")

		evUpdate(t, s, id, &action.PlayerAdded{Name: "Xu"})
		if _, snap := evVersion(t, s, id); snap != 8 {
			t.Errorf("snapshot at %d after a change on a refolded event, want 8", snap)
		}
		checkLoad("Wang", "Zhao", "Sun", "Ma", "Xu")
		evUpdate(t, s, id, &action.Undo{Seq: 7}) // undo of the undo, inside the new snapshot
		checkLoad("Li", "Wang", "Zhao", "Sun", "Ma", "Xu")
	}, WithSnapshotEvery(3))
}

func TestBindings(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		group, channel := chat.Chat{Platform: "telegram", ID: "-100123"}, chat.Chat{Platform: "discord", ID: "9876"}
		a := evCreate(t, s, "Club Open", "Li", "Wang")
		b := evCreate(t, s, "Junior Cup", "Sun")
		change := func(id EventID, fn func(c *Change)) {
			t.Helper()
			if _, err := s.Update(ctx, id, evOrganiser, "", func(c *Change) error { fn(c); return nil }); err != nil {
				t.Fatalf("update event %d: %v", id, err)
			}
		}
		eventOf := func(chat chat.Chat, want EventID) {
			t.Helper()
			got, err := s.EventOf(ctx, chat)
			if want == 0 && !errors.Is(err, ErrNotFound) || want != 0 && (err != nil || got != want) {
				t.Errorf("EventOf(%v) = %d, %v; want %d", chat, got, err, want)
			}
		}
		eventOf(group, 0)
		change(a, func(c *Change) {
			c.Bind(group)
			c.Bind(channel)
			c.Identify("telegram", "100", 1)
			c.Identify("telegram", "101", 2)
			c.Grant("telegram", "100", Organiser)
			c.Grant("telegram", "100", Arbiter)
			c.Grant("telegram", "100", Organiser) // twice is once
		})
		if v, _ := evVersion(t, s, a); v != 3 {
			t.Errorf("a binding-only change moved the version to %d", v)
		}
		eventOf(group, a)
		if chats, _ := s.Chats(ctx, a); !reflect.DeepEqual(chats, []chat.Chat{channel, group}) {
			t.Errorf("Chats(a) = %v", chats)
		}
		change(b, func(c *Change) { c.Bind(group) }) // the group moves to b
		eventOf(group, b)
		change(a, func(c *Change) { c.Unbind(group) }) // a no longer has it: b keeps it
		eventOf(group, b)
		change(b, func(c *Change) { c.Unbind(group) })
		eventOf(group, 0)
		eventOf(channel, a)

		change(a, func(c *Change) { c.Identify("telegram", "101", 3) })
		for _, tt := range []struct {
			id   EventID
			user string
			want int
		}{{a, "100", 1}, {a, "101", 3}, {a, "102", 0}, {b, "100", 0}} {
			got, err := s.PlayerOf(ctx, tt.id, "telegram", tt.user)
			if tt.want == 0 && !errors.Is(err, ErrNotFound) || tt.want != 0 && (err != nil || got != tt.want) {
				t.Errorf("PlayerOf(%d, %s) = %d, %v; want %d", tt.id, tt.user, got, err, tt.want)
			}
		}

		roles, err := s.Roles(ctx, a, "telegram", "100")
		if err != nil || !reflect.DeepEqual(roles, []Role{Arbiter, Organiser}) {
			t.Errorf("roles = %v, %v; want arbiter, organiser", roles, err)
		}
		change(a, func(c *Change) { c.Revoke("telegram", "100", Arbiter) })
		if roles, _ := s.Roles(ctx, a, "telegram", "100"); !reflect.DeepEqual(roles, []Role{Organiser}) {
			t.Errorf("roles after revoke = %v", roles)
		}
		if roles, _ := s.Roles(ctx, b, "telegram", "100"); len(roles) != 0 {
			t.Errorf("roles in another event = %v", roles)
		}
		if _, err := s.Update(ctx, a, evOrganiser, "", func(c *Change) error { c.Bind(chat.Chat{}); return nil }); err == nil {
			t.Error("binding a chat without platform and id: no error")
		}
	})
}

func TestOutboxRows(t *testing.T) {
	clock := newEvClock()
	forEachDB(t, func(t *testing.T, s *Store) {
		clock.reset()
		ctx := context.Background()
		group := chat.Chat{Platform: "telegram", ID: "-100123"}
		id := evCreate(t, s, "Club Open", "Li", "Wang")
		clock.advance(time.Minute)
		buttons := []chat.Button{{Label: "Confirm", Command: "/confirm 1"}}
		update := func(updateKey string, act bool, msgs ...chat.Message) {
			t.Helper()
			_, err := s.Update(ctx, id, evOrganiser, updateKey, func(c *Change) error {
				for _, m := range msgs {
					c.Send(m)
				}
				if act {
					return c.Append(&action.PlayerAdded{Name: fmt.Sprint("P", c.State.Through)})
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		update("", true, chat.Message{Chat: group, Text: "Round 1", Buttons: buttons},
			chat.Message{Chat: chat.Chat{Platform: "discord", ID: "55"}, Text: "hi", DedupKey: "custom:1"})
		update("", true, chat.Message{Chat: group, Text: "again", DedupKey: "custom:1"}) // dropped
		update("telegram:update:9", false, chat.Message{Chat: group, Text: "no action"})
		update("telegram:update:9", false, chat.Message{Chat: group, Text: "no action"}) // dropped

		var rows []outboxRow
		s.db.Order("id").Find(&rows)
		type row struct {
			Event        int64
			Chat, Key    string
			Body         string
			Created, Due time.Time
		}
		var got []row
		for _, r := range rows {
			var ev int64
			if r.EventID != nil {
				ev = *r.EventID
			}
			got = append(got, row{ev, r.Platform + ":" + r.ChatID, r.DedupKey, r.Body, r.CreatedAt.UTC(), r.NextAttemptAt.UTC()})
		}
		at := evStart.Add(time.Minute)
		e := int64(id)
		want := []row{
			{e, "telegram:-100123", fmt.Sprintf("event:%d:seq:4:msg:0", id), `{"text":"Round 1","buttons":[{"label":"Confirm","command":"/confirm 1"}]}`, at, at},
			{e, "discord:55", "custom:1", `{"text":"hi"}`, at, at},
			{e, "telegram:-100123", "update:telegram:update:9:msg:0", `{"text":"no action"}`, at, at},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("outbox:\n got %+v\nwant %+v", got, want)
		}
	}, WithClock(clock.now))
}

// Two writers on one event: A loads, B commits, A's commit finds the
// version moved and A's fn runs again on B's state. Neither sees an error.
func TestConflictRetried(t *testing.T) {
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) { conflictRetried(t, openTest(t, db.dsn), openTest(t, db.dsn)) })
	}
}

// conflictRetried: A (on s) loads the event, B (on other, another instance:
// one instance serialises its own writers) commits first, and A's change
// is made again on B's.
func conflictRetried(t *testing.T, s, other *Store) {
	{
		ctx := context.Background()
		id := evCreate(t, s, "Club Open", "Li", "Wang")
		loaded, committed := make(chan struct{}), make(chan struct{})
		var (
			calls int
			seen  [][]string // players fn of A saw, per call
			aRes  Result
			aErr  error
			done  = make(chan struct{})
		)
		go func() {
			defer close(done)
			aRes, aErr = s.Update(ctx, id, evOrganiser, "telegram:update:1", func(c *Change) error {
				seen = append(seen, playerNames(c.State))
				if calls++; calls == 1 {
					close(loaded)
					<-committed
				}
				return c.Append(&action.PlayerAdded{Name: "Zhao"})
			})
		}()
		<-loaded
		bRes, err := other.Update(ctx, id, evArbiter, "telegram:update:2", appendAll(&action.PlayerAdded{Name: "Sun"}))
		close(committed)
		<-done
		if err != nil || !reflect.DeepEqual(bRes.Seqs, []int64{4}) {
			t.Fatalf("B: %+v, %v", bRes, err)
		}
		if aErr != nil || !reflect.DeepEqual(aRes.Seqs, []int64{5}) {
			t.Fatalf("A: %+v, %v; want seq 5 after the retry", aRes, aErr)
		}
		if want := [][]string{{"Li", "Wang"}, {"Li", "Wang", "Sun"}}; !reflect.DeepEqual(seen, want) {
			t.Errorf("fn of A saw %v, want %v (ran twice, the second time on B's change)", seen, want)
		}
		if got, want := playerNames(evLoad(t, s, id)), []string{"Li", "Wang", "Sun", "Zhao"}; !reflect.DeepEqual(got, want) {
			t.Errorf("players %v, want %v", got, want)
		}
		log := evLog(t, s, id)
		if len(log) != 5 || log[3].Actor != evArbiter || log[4].Actor != evOrganiser {
			t.Errorf("log of %d records, want B's then A's change", len(log))
		}
	}
}
