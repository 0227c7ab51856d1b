package storage

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// Internal outcomes of one attempt at a change.
var (
	// errConflict: another writer committed to the event since it was
	// loaded; the change is made again on the new state.
	errConflict = errors.New("the event changed meanwhile")
	// errDuplicate: the update key was stored by a concurrent change.
	errDuplicate = errors.New("duplicate update key")
)

// maxTransient bounds how often a change is tried again after PostgreSQL
// failed its serialisation or broke a deadlock.
const maxTransient = 10

// maxBusy bounds how often a change is tried on a database that stayed
// busy for a whole busy timeout (SQLite's 5 s).
const maxBusy = 3

// insertBatch is how many rows one INSERT writes: PostgreSQL takes at most
// 65,535 parameters a statement.
const insertBatch = 500

// Create makes a new event and runs fn on its empty state (fn appends
// action.Created first); the event's row, fn's actions, messages and
// bindings are committed in one transaction. The same updateKey again
// creates nothing: it returns the event the first call made and
// Result{Duplicate: true}.
func (s *Store) Create(ctx context.Context, actor action.Actor, updateKey string, fn func(*Change) error) (EventID, Result, error) {
	var id EventID
	res, err := retry(ctx, func() (Result, bool, error) {
		var (
			res   Result
			retry bool
			err   error
		)
		id, res, retry, err = s.tryCreate(ctx, actor, updateKey, fn)
		return res, retry, err
	})
	if err != nil {
		return 0, Result{}, fmt.Errorf("create event: %w", err)
	}
	return id, res, nil
}

// Update loads the event, runs fn on it and commits fn's actions, messages
// and binding changes in one transaction, checking that the event's version
// is still the one loaded. When another writer got there first it loads
// the event again and runs fn again (so fn must have no side effects); the
// conflict never reaches the caller. A non-empty updateKey (a platform's
// update id, e.g. "telegram:update:123456") is stored with the first
// action: when it is there already Update runs nothing and returns
// Result{Duplicate: true}. An error from fn is returned and nothing is
// committed; a change that holds nothing commits nothing. What fn decides
// on besides the state it reads through the Change (Change.Identities,
// Langs, …: change.go), in the transaction the change commits in.
func (s *Store) Update(ctx context.Context, id EventID, actor action.Actor, updateKey string, fn func(*Change) error) (Result, error) {
	defer s.writers.lock(id)()
	res, err := retry(ctx, func() (Result, bool, error) {
		return s.tryUpdate(ctx, id, actor, updateKey, fn)
	})
	if err != nil {
		return Result{}, fmt.Errorf("update event %d: %w", id, err)
	}
	return res, nil
}

// retry runs try until it succeeds or fails for good: try says whether its
// error is worth another go (a version conflict, a busy database, a broken
// deadlock). Conflicts are retried for as long as ctx allows, since each
// means another change committed; a database busy past its timeout
// maxBusy times (each try has waited the timeout: a person is waiting for
// the answer that it is busy); other transient errors maxTransient times.
func retry(ctx context.Context, try func() (Result, bool, error)) (Result, error) {
	busy, held := 0, 0
	for attempt := 0; ; attempt++ {
		res, again, err := try()
		if !again {
			return res, err
		}
		if errors.Is(err, ErrBusy) {
			if held++; held >= maxBusy {
				return Result{}, fmt.Errorf("gave up after %d tries: %w", held, err)
			}
		} else if !errors.Is(err, errConflict) {
			if busy++; busy >= maxTransient {
				return Result{}, fmt.Errorf("gave up after %d tries: %w", busy, err)
			}
		}
		if err := backoff(ctx, attempt); err != nil {
			return Result{}, err
		}
	}
}

// backoff waits a jittered, bounded time that grows with attempt, so that
// writers who collided do not collide again in step.
func backoff(ctx context.Context, attempt int) error {
	d := time.Millisecond << min(attempt, 5) // 1 ms … 32 ms
	t := time.NewTimer(d/2 + rand.N(d/2+1))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// transient reports whether err is the database asking to be tried again:
// SQLite busy or locked past its busy timeout, PostgreSQL serialisation
// failures and deadlocks.
func transient(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "40001" || pg.Code == "40P01"
	}
	var lite sqlite3.Error
	if errors.As(err, &lite) {
		return lite.Code == sqlite3.ErrBusy || lite.Code == sqlite3.ErrLocked
	}
	return false
}

// outcome sorts a transaction's error: done, duplicate, or tried again.
func outcome(seqs []int64, err error) (Result, bool, error) {
	switch {
	case err == nil:
		return Result{Seqs: seqs}, false, nil
	case errors.Is(err, errDuplicate):
		return Result{Duplicate: true}, false, nil
	case errors.Is(err, errConflict) || transient(err):
		return Result{}, true, err
	}
	return Result{}, false, err
}

func (s *Store) tryCreate(ctx context.Context, actor action.Actor, updateKey string, fn func(*Change) error) (EventID, Result, bool, error) {
	db := s.db.WithContext(ctx)
	if id, found, err := keyEvent(db, updateKey); err != nil || found {
		return id, Result{Duplicate: found}, transient(err), err
	}
	now := s.now().UTC()
	c := &Change{State: &action.State{Status: action.Setup}, at: now}
	c.fold = folder(0, func() ([]action.Record, error) { return nil, nil })
	c.begin = func() (*gorm.DB, func(), error) { return s.begin(ctx, 0) }
	defer c.rollback()
	if err := fn(c); err != nil {
		return 0, Result{}, transient(err), err
	}
	if len(c.actions) == 0 {
		return 0, Result{}, false, errors.New("the change appends no action: append action.Created first")
	}
	name := ""
	if cr, ok := c.actions[0].(*action.Created); ok {
		name = cr.Name
	}
	ev := eventRow{Name: name, Version: int64(len(c.actions)), CreatedAt: now, Status: string(c.State.Status), WakeAt: wakeOf(c.State)}
	var snap []byte
	if s.snapshotDue(snapshotInfo{}, ev.Version) {
		var err error
		if snap, err = snapshotOf(c.State); err != nil {
			return 0, Result{}, false, err
		}
	}
	var seqs []int64
	err := s.commit(ctx, db, c, func(tx *gorm.DB) error {
		if err := tx.Create(&ev).Error; err != nil {
			return err
		}
		var err error
		if seqs, err = write(tx, EventID(ev.ID), 0, c, actor, updateKey, now); err != nil || snap == nil {
			return err
		}
		return putSnapshot(tx, EventID(ev.ID), ev.Version, snap)
	})
	res, retry, err := outcome(seqs, err)
	if res.Duplicate {
		// A concurrent Create with the same key won: name its event.
		id, _, err := keyEvent(db, updateKey)
		return id, res, transient(err), err
	}
	if err != nil {
		return 0, res, retry, err
	}
	return EventID(ev.ID), res, false, nil
}

func (s *Store) tryUpdate(ctx context.Context, id EventID, actor action.Actor, updateKey string, fn func(*Change) error) (Result, bool, error) {
	db := s.db.WithContext(ctx)
	if _, found, err := keyEvent(db, updateKey); err != nil || found {
		return Result{Duplicate: found}, transient(err), err
	}
	st, snap, err := s.load(db, id)
	if err != nil {
		return Result{}, transient(err), err
	}
	// The version the change builds on is the last record folded: records
	// committed after the events row was read are in st already.
	v := st.Through
	now := s.now().UTC()
	c := &Change{State: st, at: now, event: id}
	c.fold = folder(v, func() ([]action.Record, error) { return records(db, id, 0, v, 0) })
	c.begin = func() (*gorm.DB, func(), error) { return s.begin(ctx, id) }
	defer c.rollback()
	if err := fn(c); err != nil {
		return Result{}, transient(err), err
	}
	if len(c.actions) == 0 && len(c.messages) == 0 && len(c.ops) == 0 && c.linkCode == "" {
		return Result{}, false, nil
	}
	n := int64(len(c.actions))
	// A snapshot when enough actions piled up after the last one, when
	// the last one could not be continued (an undo reached into it), or
	// when the change previews a round the last one does not.
	var newSnap []byte
	if n > 0 && (s.snapshotDue(snap, v+n) || previewsAnew(snap, c.State)) {
		if newSnap, err = snapshotOf(c.State); err != nil {
			return Result{}, false, err
		}
	}
	var seqs []int64
	err = s.commit(ctx, db, c, func(tx *gorm.DB) error {
		// The optimistic check: the row matches only if nobody committed
		// since the load; on PostgreSQL a concurrent writer's UPDATE waits
		// for this one and then matches no row.
		q := tx.Model(&eventRow{}).Where("id = ? AND version = ?", id, v).
			Updates(map[string]any{"version": v + n, "status": string(c.State.Status), "wake_at": wakeOf(c.State)})
		if q.Error != nil {
			return q.Error
		}
		if q.RowsAffected == 0 {
			return errConflict
		}
		var err error
		if seqs, err = write(tx, id, v, c, actor, updateKey, now); err != nil || newSnap == nil {
			return err
		}
		return putSnapshot(tx, id, v+n, newSnap)
	})
	if err == nil && n > 0 {
		snap.stale = snap.stale || undoReaches(c.actions, snap.seq)
		if newSnap != nil {
			snap = snapshotInfo{seq: v + n, bytes: len(newSnap), previews: previewRound(c.State)}
		}
		// fn is done with the change (it must not keep c.State past its
		// return), so its state is the cache's now.
		s.cache.put(id, cacheEntry{st: c.State, snap: snap})
	}
	return outcome(seqs, err)
}

// Handled reports whether a change stored updateKey (Create, Update): the
// platform's update was applied; "" never was.
func (s *Store) Handled(ctx context.Context, updateKey string) (bool, error) {
	_, found, err := keyEvent(s.db.WithContext(ctx), updateKey)
	return found, err
}

// keyEvent finds the event whose action holds updateKey; "" finds nothing.
func keyEvent(db *gorm.DB, updateKey string) (EventID, bool, error) {
	if updateKey == "" {
		return 0, false, nil
	}
	var ids []int64
	if err := db.Model(&actionRow{}).Where("update_key = ?", updateKey).Limit(1).Pluck("event_id", &ids).Error; err != nil {
		return 0, false, fmt.Errorf("look up update key %q: %w", updateKey, err)
	}
	if len(ids) == 0 {
		return 0, false, nil
	}
	return EventID(ids[0]), true, nil
}

// write inserts what c holds for event id, whose version was v, inside tx:
// the actions with seqs v+1…, updateKey on the first, then the messages and
// the binding changes. It returns the actions' seqs, or errDuplicate when
// a concurrent change stored updateKey first.
func write(tx *gorm.DB, id EventID, v int64, c *Change, actor action.Actor, updateKey string, at time.Time) ([]int64, error) {
	var (
		rows []actionRow
		seqs []int64 // nil, not empty, for a change without actions
	)
	for i, a := range c.actions {
		kind, payload, err := action.Encode(a)
		if err != nil {
			return nil, err
		}
		seqs = append(seqs, v+int64(i)+1)
		rows = append(rows, actionRow{
			EventID: int64(id), Seq: seqs[i], ActorPlatform: actor.Platform, ActorUser: actor.User,
			At: at, Kind: kind, Payload: string(payload),
		})
	}
	prefix := fmt.Sprintf("event:%d:seq:%d", id, v+1)
	switch {
	case len(rows) > 0:
		if updateKey != "" {
			rows[0].UpdateKey = &updateKey
		}
		// DO NOTHING instead of failing on the key keeps a PostgreSQL
		// transaction usable to tell a duplicate from a real error.
		q := tx.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(&rows, insertBatch)
		if q.Error != nil {
			return nil, fmt.Errorf("append actions %d to %d: %w", v+1, v+int64(len(rows)), q.Error)
		}
		if q.RowsAffected != int64(len(rows)) {
			switch _, found, err := keyEvent(tx, updateKey); {
			case err != nil:
				return nil, err
			case found:
				return nil, errDuplicate
			}
			return nil, fmt.Errorf("append actions %d to %d: %w", v+1, v+int64(len(rows)), errConflict)
		}
	case updateKey != "":
		// No action to carry the key: it keys the messages at least.
		prefix = "update:" + updateKey
	default:
		prefix = fmt.Sprintf("event:%d:seq:%d:r:%016x", id, v, rand.Uint64())
	}
	if err := insertMessages(tx, &id, c.messages, prefix); err != nil {
		return nil, err
	}
	if err := applyOps(tx, id, c.ops); err != nil {
		return nil, err
	}
	if c.webLink != "" {
		if err := replaceWebLink(tx, id, c.webLink, at); err != nil {
			return nil, err
		}
	}
	if c.linkCode != "" {
		if err := useLinkCode(tx, id, c.linkCode, at); err != nil {
			return nil, err
		}
	}
	return seqs, nil
}

// folder makes a Change's fold for an event at version v whose log history
// reads (once, when the first Undo needs it).
func folder(v int64, history func() ([]action.Record, error)) func([]action.Action) (*action.State, error) {
	var log []action.Record
	read := false
	return func(pending []action.Action) (*action.State, error) {
		if !read {
			var err error
			if log, err = history(); err != nil {
				return nil, err
			}
			read = true
		}
		all := append(log[:len(log):len(log)], make([]action.Record, len(pending))...)
		for i, a := range pending {
			seq := v + int64(i) + 1
			if u, ok := a.(*action.Undo); ok {
				switch {
				case u.Seq < 1 || u.Seq >= seq:
					return nil, fmt.Errorf("there is no action %d before it", u.Seq)
				case u.Seq > v:
					return nil, fmt.Errorf("action %d is part of the same change: leave it out instead", u.Seq)
				case int(u.Seq) <= len(log) && isCreation(log[u.Seq-1].Action):
					// Folding without it would leave an event with no name
					// that still takes actions.
					return nil, errors.New("the event's creation cannot be undone")
				}
			}
			all[len(log)+i] = action.Record{Seq: seq, Action: a}
		}
		return action.Fold(all)
	}
}

func isCreation(a action.Action) bool {
	_, ok := a.(*action.Created)
	return ok
}

// Append adds an action to the change and applies it to c.State at once.
// When the action is refused (it does not fit the state) Append returns
// why, keeps nothing of it and leaves c.State as it was; the caller decides
// whether to go on. An Undo folds the event's whole log with the change's
// actions and is refused when that fails (the undone action is needed by a
// later one) or when its target is not an earlier action of the event.
func (c *Change) Append(a action.Action) error {
	switch {
	case a == nil:
		return errors.New("append: no action")
	case c.State == nil || c.fold == nil:
		return fmt.Errorf("append %s: the change has no event (changes come from Store.Update and Store.Create)", a.Kind())
	}
	if u, ok := a.(*action.Undo); ok {
		st, err := c.fold(append(c.actions[:len(c.actions):len(c.actions)], a))
		if err != nil {
			return fmt.Errorf("undo action %d: %w", u.Seq, err)
		}
		*c.State = *st
	} else {
		c.State.At, c.State.Seq = c.at, c.State.Through+1 // the seq write gives it
		if err := action.Admit(c.State, a); err != nil {
			return fmt.Errorf("%s: %w", a.Kind(), err)
		}
		if err := a.Apply(c.State); err != nil {
			return fmt.Errorf("%s: %w", a.Kind(), err)
		}
		c.State.Through++
	}
	c.actions = append(c.actions, a)
	return nil
}

// Send queues m in the outbox; it goes out once the change commits.
func (c *Change) Send(m chat.Message) { c.messages = append(c.messages, m) }

// Event is the event the change is to (0 while it is being created).
func (c *Change) Event() EventID { return c.event }

// At is when the change's actions are recorded, by the store's clock: the
// time its words speak of ("starts in 10 minutes").
func (c *Change) At() time.Time { return c.at }

// Load reads an event's state: its snapshot and the actions after it.
func (s *Store) Load(ctx context.Context, id EventID) (*action.State, error) {
	st, _, err := s.load(s.db.WithContext(ctx), id)
	if err != nil {
		return nil, fmt.Errorf("load event %d: %w", id, err)
	}
	return st, nil
}

// load folds event id: the state this Store folded last (see stateCache)
// with the actions after it, or else the snapshot with the actions after
// it, or the whole log when the snapshot cannot be continued (snap.stale).
// The state returned is the caller's own: a copy of the one the cache
// keeps, which shares with it what the caller does not change
// (action.FoldFrom), so that a load of a big event copies little.
func (s *Store) load(db *gorm.DB, id EventID) (*action.State, snapshotInfo, error) {
	if e, ok := s.cache.get(id); ok {
		tail, err := records(db, id, e.st.Through, 0, 0)
		if err != nil {
			return nil, snapshotInfo{}, err
		}
		if st, err := action.FoldFrom(e.st, tail); err == nil {
			if len(tail) == 0 {
				return st, e.snap, nil
			}
			var undos []action.Action
			for _, r := range tail {
				undos = append(undos, r.Action)
			}
			e.snap.stale = e.snap.stale || undoReaches(undos, e.snap.seq)
			e.st = st // the cache's from now on, never changed
			s.cache.put(id, e)
			mine, _ := action.FoldFrom(st, nil)
			return mine, e.snap, nil
		}
		s.cache.drop(id) // an undo reaches into it, or it no longer folds
	}
	st, snap, err := s.loadStored(db, id)
	if err != nil {
		return nil, snapshotInfo{}, err
	}
	s.cache.put(id, cacheEntry{st: st, snap: snap})
	mine, _ := action.FoldFrom(st, nil)
	return mine, snap, nil
}

// loadStored folds event id from the database alone.
func (s *Store) loadStored(db *gorm.DB, id EventID) (*action.State, snapshotInfo, error) {
	st, snap, err := readSnapshot(db, id)
	if err != nil {
		return nil, snapshotInfo{}, err
	}
	tail, err := records(db, id, snap.seq, 0, 0)
	if err != nil {
		return nil, snapshotInfo{}, err
	}
	st, err = action.FoldOnto(st, tail) // the snapshot just decoded is nobody else's
	if errors.Is(err, action.ErrRefold) {
		snap.stale = true
		var log []action.Record
		if log, err = records(db, id, 0, 0, 0); err == nil {
			st, err = action.Fold(log)
		}
	}
	if err != nil {
		return nil, snapshotInfo{}, err
	}
	return st, snap, nil
}

// Log returns event id's records with seq > after, oldest first, at most
// limit of them (limit <= 0: all): the audit trail.
func (s *Store) Log(ctx context.Context, id EventID, after int64, limit int) ([]action.Record, error) {
	db := s.db.WithContext(ctx)
	log, err := records(db, id, after, 0, limit)
	if err == nil && len(log) == 0 {
		var n int64
		if err = db.Model(&eventRow{}).Where("id = ?", id).Count(&n).Error; err == nil && n == 0 {
			err = ErrNotFound
		}
	}
	if err != nil {
		return nil, fmt.Errorf("log of event %d: %w", id, err)
	}
	return log, nil
}

// LogTail returns event id's last n records (n <= 0: none), oldest first:
// /log's latest actions, read from the index on (event, seq) whatever
// the log's length.
func (s *Store) LogTail(ctx context.Context, id EventID, n int) ([]action.Record, error) {
	db := s.db.WithContext(ctx)
	var v []int64
	err := db.Model(&eventRow{}).Where("id = ?", id).Pluck("version", &v).Error
	if err == nil && len(v) == 0 {
		err = ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("log of event %d: %w", id, err)
	}
	if n <= 0 {
		return nil, nil
	}
	from := max(0, v[0]-int64(n)) + 1
	log := s.tail.cached(id, from, v[0])
	more, err := records(db, id, from+int64(len(log))-1, v[0], 0)
	if err != nil {
		return nil, fmt.Errorf("log of event %d: %w", id, err)
	}
	s.tail.keep(id, more)
	return append(log, more...), nil
}

// records reads event id's records after seq after and through seq through
// (0: the newest), oldest first, at most limit (<= 0: all).
func records(db *gorm.DB, id EventID, after, through int64, limit int) ([]action.Record, error) {
	q := db.Where("event_id = ? AND seq > ?", id, after).Order("seq")
	if through > 0 {
		q = q.Where("seq <= ?", through)
	}
	if limit > 0 {
		q = q.Limit(limit)
	}
	return decodeRows(q)
}

// decodeRows reads the actions q selects and decodes them, in q's order.
func decodeRows(q *gorm.DB) ([]action.Record, error) {
	var rows []actionRow
	if err := q.Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read actions: %w", err)
	}
	log := make([]action.Record, len(rows))
	for i, r := range rows {
		a, err := action.Decode(r.Kind, []byte(r.Payload))
		if err != nil {
			return nil, fmt.Errorf("action %d: %w", r.Seq, err)
		}
		log[i] = action.Record{
			Seq:    r.Seq,
			Actor:  action.Actor{Platform: r.ActorPlatform, User: r.ActorUser},
			At:     r.At.UTC(),
			Action: a,
		}
	}
	return log, nil
}
