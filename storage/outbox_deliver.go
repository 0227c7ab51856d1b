package storage

// Delivery ("one way out"): one loop per platform claims the
// chats' oldest messages and sends each in a goroutine of its own, so a
// chat waiting for its limit (a group's 20 a minute on Telegram) or a slow
// platform never holds back another chat's messages. A chat has at most
// one message in flight, which keeps its order. The claims of the messages
// in flight are renewed while they are sent, however long that takes, and
// every bookkeeping statement runs on a fresh context of its own: a batch
// that took long, or a service being stopped, cannot make "sent" fail to
// be recorded and the message go out twice.

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/qisai/qisai/chat"
)

// settleTimeout bounds one bookkeeping statement of delivery (marking a
// message sent, failed or held back).
const settleTimeout = 5 * time.Second

// settleTries is how often delivery tries a bookkeeping statement before
// it logs the failure and leaves the message to its lease: it is then sent
// again, at least once being better than never.
const settleTries = 5

// maxClaimBackoff is the longest delivery waits before claiming again
// after the database failed.
const maxClaimBackoff = time.Minute

// Deliver sends the outbox through send until ctx ends. It claims the
// chats' oldest due messages (up to o.Batch in flight, each claimed for
// o.Lease and renewed while it is sent), sends each message's parts
// (o.Split) in order, and marks it sent, or failed: a failed message is
// retried after a backoff, or no sooner than a chat.RetryAfter asks, and given
// up after o.MaxAttempts attempts or at once when the platform refuses it
// for good (chat.ErrUndeliverable). Due times follow the Store's clock. A
// chat's next message is claimable only once this one is sent or given
// up, so per-chat order holds across failures and workers.
//
// With o.Platform set, Deliver sends only that platform's messages.
//
// Nothing but ctx stops Deliver: database errors are logged (o.Log) and
// tried again. When ctx ends, Deliver claims nothing more and stops the
// sends that have not handed their part to the platform yet (waiting for
// their turn, or between parts): they are released at once for another
// worker or a restart. A send whose request is under way is let finish,
// for o.Drain at the most, and recorded as it ends; one cut off after that
// keeps its mark (see Sending), so that the next run counts it as sent, as
// after kill -9. Deliver then returns nil. It returns an error only for a
// bad call.
//
// A message is sent once across restarts as far as the platform allows: a
// Sender that calls chat.Sending right before it hands a part to the platform
// makes a crash during that request count the part as sent (the platform
// cannot say whether it arrived; twice is worse than once here), and a
// part sent and confirmed is never sent again. worker names one delivery
// at a time: a Deliver started under a name takes that name's claims back
// at once (a restart need not wait for its old leases to run out).
func (s *Store) Deliver(ctx context.Context, worker string, send chat.Sender, o DeliverOptions) error {
	if worker == "" || send == nil {
		return fmt.Errorf("deliver outbox: need a worker name and a sender")
	}
	o.withDefaults()
	d := &deliverer{store: s, worker: worker, send: send, o: o, busy: map[chat.Chat]*flight{}, done: make(chan chat.Chat), sent: make(chan sentMark)}
	if err := s.db.WithContext(ctx).Exec(`UPDATE outbox SET claimed_by = '', claimed_until = NULL
		WHERE claimed_by = ? AND `+pending, worker).Error; err != nil && ctx.Err() == nil {
		o.Log.Warn("outbox: taking back the claims of an earlier run failed; they lapse with their leases", "worker", worker, "err", err)
	}
	edited := make(chan struct{})
	go func() {
		defer close(edited)
		if ed, ok := send.(chat.Editor); ok {
			d.editLive(ctx, ed)
		}
	}()
	d.run(ctx)
	<-edited
	return nil
}

func (o *DeliverOptions) withDefaults() {
	if o.Batch <= 0 {
		o.Batch = defaultBatch
	}
	if o.Lease <= 0 {
		o.Lease = defaultLease
	}
	if o.Poll <= 0 {
		o.Poll = defaultPoll
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = defaultMaxAttempts
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Drain <= 0 {
		o.Drain = defaultDrain
	}
	if o.EditEvery <= 0 {
		o.EditEvery = defaultEditEvery
	}
	// A send let finish keeps its claim: the lease, no longer renewed,
	// must outlast the wait.
	o.Drain = min(o.Drain, o.Lease/2)
}

// deliverer is one Deliver loop.
type deliverer struct {
	store  *Store
	worker string
	send   chat.Sender
	o      DeliverOptions

	busy map[chat.Chat]*flight // the chats with a message in flight (the loop's alone)
	done chan chat.Chat        // a chat's message in flight is settled
	sent chan sentMark         // messages sent, for recordSent
	wg   sync.WaitGroup
}

// run claims and dispatches until ctx ends, then waits for the messages in
// flight. It claims in batches: when at least half the batch is free, when
// nothing is in flight, or when the poll is due with room for any; a
// message settled meanwhile does not make a claim of its own (with 5,000
// private notes in flight that was 5,000 claims).
func (d *deliverer) run(ctx context.Context) {
	timer := time.NewTimer(0)
	defer timer.Stop()
	renew := time.NewTicker(d.o.Lease / 3)
	defer renew.Stop()
	recorded := make(chan struct{})
	go func() {
		d.recordSent(ctx)
		close(recorded)
	}()
	failures := 0
	polled := true
	for ctx.Err() == nil {
		if free := d.o.Batch - len(d.busy); free > 0 && (polled || 2*free >= d.o.Batch) {
			polled = false
			wait := d.o.Poll
			ds, err := d.store.ClaimPlatform(ctx, d.worker, d.o.Platform, free, d.o.Lease)
			switch {
			case err != nil && ctx.Err() == nil:
				failures++
				wait = min(retryAfter(failures), maxClaimBackoff)
				d.o.Log.Error("outbox: claiming messages failed; trying again", "worker", d.worker, "in", wait, "err", err)
			case err == nil:
				failures = 0
			}
			d.markHeld(ctx, ds)
			for _, m := range ds {
				d.start(ctx, m)
			}
			if len(ds) > 0 && len(ds) < free {
				wait = 0 // the chats' next messages may be due as well
			}
			timer.Reset(wait)
		}
		select {
		case <-ctx.Done():
		case chat := <-d.done:
			delete(d.busy, chat)
			d.collect()
		case <-timer.C:
			polled = true
		case <-renew.C:
			d.renew(ctx)
		}
	}
	d.drain()
	d.wg.Wait()
	close(d.sent)
	<-recorded
}

// drain stops the sends in flight as ctx has ended: those not handing a
// part to the platform at once, the others once their request is back or
// o.Drain has passed, whichever comes first.
func (d *deliverer) drain() {
	if len(d.busy) == 0 {
		return
	}
	handed := 0
	for _, f := range d.busy {
		if f.stop() {
			handed++
		}
	}
	if handed > 0 {
		d.o.Log.Info("outbox: stopping; letting the sends under way finish", "worker", d.worker,
			"sending", handed, "for at most", d.o.Drain.String())
	}
	flights := make([]*flight, 0, len(d.busy))
	for _, f := range d.busy {
		flights = append(flights, f)
	}
	cut := time.AfterFunc(d.o.Drain, func() {
		for _, f := range flights {
			f.cancel()
		}
	})
	defer cut.Stop()
	for len(d.busy) > 0 {
		delete(d.busy, <-d.done)
	}
}

// collect takes the other chats settled meanwhile, so that one claim
// follows them all.
func (d *deliverer) collect() {
	for {
		select {
		case chat := <-d.done:
			delete(d.busy, chat)
		default:
			return
		}
	}
}

// start sends m in a goroutine of its own.
func (d *deliverer) start(ctx context.Context, m Delivery) {
	chat := m.Message.Chat.Root() // its topic is no other chat
	if _, ok := d.busy[chat]; ok {
		// Only when a claim lapsed (the database was away while it should
		// have been renewed): the chat's order comes first.
		d.settle(ctx, "release", m, func(c context.Context) error { return d.store.release(c, d.worker, []Delivery{m}) })
		return
	}
	// The send's own context outlives ctx: when ctx ends, drain decides
	// when to cut it.
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	f := &flight{id: m.ID, cancel: cancel}
	d.busy[chat] = f
	d.wg.Add(1)
	go func() {
		defer d.wg.Done()
		defer cancel()
		d.deliver(ctx, sctx, f, m)
		d.done <- chat
	}()
}

// renew extends the claims of the messages in flight by a lease from now.
func (d *deliverer) renew(ctx context.Context) {
	if len(d.busy) == 0 {
		return
	}
	ids := make([]int64, 0, len(d.busy))
	for _, f := range d.busy {
		ids = append(ids, f.id)
	}
	c, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
	defer cancel()
	s := d.store
	err := s.db.WithContext(c).Exec(`UPDATE outbox SET claimed_until = ? WHERE id IN ? AND claimed_by = ? AND `+pending,
		s.now().UTC().Add(d.o.Lease), ids, d.worker).Error
	if err != nil {
		d.o.Log.Error("outbox: renewing the claims of the messages being sent failed", "worker", d.worker, "messages", len(ids), "err", err)
	}
}

// deliver sends m's parts from the first not sent yet, on the send's own
// context sctx (f cuts it), and records the outcome.
func (d *deliverer) deliver(ctx, sctx context.Context, f *flight, m Delivery) {
	parts := []chat.Message{m.Message}
	if d.o.Split != nil {
		parts = d.o.Split(m.Message)
	}
	if m.Unconfirmed {
		d.o.Log.Warn("outbox: a part was being sent when its worker stopped; it may have gone out and is not sent again",
			"message", m.ID, "part", m.PartsSent, "of", len(parts), "chat", m.Message.Chat.ID)
	}
	for i := m.PartsSent; i < len(parts); i++ {
		part := i + 1
		marked := false
		sending := chat.WithSending(sctx, func() {
			if !f.begin() {
				return // stopping: the request goes nowhere
			}
			if !marked { // once per part, however many requests it takes
				marked = d.settle(ctx, "record a part being sent", m, func(c context.Context) error { return d.store.markSending(c, m.ID, part) })
			}
		})
		var posted string
		if parts[i].Live != nil {
			sending = chat.WithPosted(sending, func(id string) { posted = id })
		}
		err := d.send.Send(sending, parts[i])
		f.end()
		if err != nil {
			d.failed(ctx, sctx, m, marked, err)
			return
		}
		if posted != "" {
			d.settle(ctx, "record a live message sent", m, func(c context.Context) error { return d.store.markPosted(c, m.Message, posted, d.o.EditEvery) })
		}
		if len(parts) > 1 {
			// The last part too: RecentSends counts a message's parts.
			d.settle(ctx, "record a part sent", m, func(c context.Context) error { return d.store.markParts(c, m.ID, part) })
		}
	}
	if d.markSent(m) && m.Held {
		d.resume(ctx, m)
	}
}

// failed records that sending m failed with err; marked says the part
// was recorded as being handed to the platform (Sending).
func (d *deliverer) failed(ctx, sctx context.Context, m Delivery, marked bool, err error) {
	switch {
	case sctx.Err() != nil:
		// Cut off by a stop, not failed: no attempt is counted, and
		// another worker, or the next run, may take it at once. A part
		// whose request was under way may have reached the chat: its
		// mark stays, so that it counts as sent, as after kill -9.
		if marked {
			d.o.Log.Warn("outbox: a send was cut off by the stop; it may have gone out and is not sent again",
				"message", m.ID, "chat", m.Message.Chat.ID)
		}
		d.settle(ctx, "release", m, func(c context.Context) error { return d.store.releaseOne(c, d.worker, m, marked) })
	case errors.As(err, new(chat.Moved)):
		d.moved(ctx, m, err)
	case errors.Is(err, chat.ErrNoRights):
		d.hold(ctx, m, err)
	case errors.Is(err, chat.ErrUndeliverable):
		d.o.Log.Warn("outbox: the platform refuses a message for good; given up", "message", m.ID,
			"platform", m.Message.Chat.Platform, "chat", m.Message.Chat.ID, "err", err)
		if d.settle(ctx, "give up", m, func(c context.Context) error { return d.store.fail(c, m.ID, err, 1) }) {
			d.undeliverable(ctx, m, err)
		}
	default:
		level := slog.LevelWarn
		if m.Attempts+1 >= d.o.MaxAttempts {
			level = slog.LevelError // the last attempt: given up now
		}
		d.o.Log.Log(ctx, level, "outbox: sending failed", "message", m.ID, "platform", m.Message.Chat.Platform,
			"chat", m.Message.Chat.ID, "attempt", m.Attempts+1, "of", d.o.MaxAttempts, "err", err)
		d.settle(ctx, "mark failed", m, func(c context.Context) error { return d.store.failAfter(c, m.ID, err, d.o.MaxAttempts) })
	}
}

// undeliverable tells who should know of m, given up for good as err
// says.
func (d *deliverer) undeliverable(ctx context.Context, m Delivery, err error) {
	c, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
	defer cancel()
	if d.o.Undeliverable != nil {
		d.o.Undeliverable(c, m, err)
	}
	if n := m.Message.IfUndeliverable; n != nil {
		note := chat.Message{Chat: n.Chat, Text: n.Text, DedupKey: fmt.Sprintf("undeliverable:%d", m.ID)}
		if err := d.store.Enqueue(c, note); err != nil {
			d.o.Log.Error("outbox: queueing the note on an undeliverable message failed", "message", m.ID, "err", err)
		}
	}
}

// flight is a message being sent: whether a part is being handed to the
// platform, and how to cut its send off.
type flight struct {
	id     int64
	cancel context.CancelFunc

	mu      sync.Mutex
	handing bool // Sending was called and the send has not returned
	stopped bool // Deliver is stopping
}

// begin says a part is about to be handed to the platform; false when
// Deliver is stopping, and then the send is cut off before its request.
func (f *flight) begin() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.stopped {
		f.cancel()
		return false
	}
	f.handing = true
	return true
}

// end says the send returned.
func (f *flight) end() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.handing = false
	if f.stopped {
		f.cancel() // no next part
	}
}

// stop cuts the send off unless it is handing a part to the platform,
// which it reports.
func (f *flight) stop() (handing bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.stopped = true
	if !f.handing {
		f.cancel()
	}
	return f.handing
}

// settle runs a bookkeeping statement about m, each try on a fresh context
// (neither ctx's end nor the time the sends took can fail it), and tries
// again a few times; it reports whether the statement succeeded.
func (d *deliverer) settle(ctx context.Context, what string, m Delivery, op func(context.Context) error) bool {
	var err error
	pause := 100 * time.Millisecond
	for try := 1; try <= settleTries; try++ {
		c, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
		err = op(c)
		cancel()
		if err == nil || errors.Is(err, ErrNotFound) {
			return err == nil
		}
		if try < settleTries {
			time.Sleep(pause)
			pause *= 2
		}
	}
	d.o.Log.Error("outbox: bookkeeping failed; the message's claim will lapse and it may go out again",
		"what", what, "message", m.ID, "worker", d.worker, "err", err)
	return false
}

// markParts records that the first n parts of message id went out.
func (s *Store) markParts(ctx context.Context, id int64, n int) error {
	err := s.db.WithContext(ctx).Exec(`UPDATE outbox SET parts_sent = ?, sending_part = 0 WHERE id = ? AND `+pending, n, id).Error
	if err != nil {
		return fmt.Errorf("record %d parts of outbox message %d sent: %w", n, id, err)
	}
	return nil
}

// markSending records that part (1 for the first) of message id is being
// handed to the platform.
func (s *Store) markSending(ctx context.Context, id int64, part int) error {
	err := s.db.WithContext(ctx).Exec(`UPDATE outbox SET sending_part = ? WHERE id = ? AND `+pending, part, id).Error
	if err != nil {
		return fmt.Errorf("record part %d of outbox message %d being sent: %w", part, id, err)
	}
	return nil
}

// markHeld marks those of ds whose chats are held (Delivery.Held). When
// that cannot be read, a held chat resumes at its next Unblock or probe
// refused and retried: nothing is lost.
func (d *deliverer) markHeld(ctx context.Context, ds []Delivery) {
	held, err := d.store.heldAmong(ctx, ds)
	if err != nil && ctx.Err() == nil {
		d.o.Log.Warn("outbox: reading the chats held failed", "worker", d.worker, "err", err)
	}
	for i := range ds {
		ds[i].Held = held[ds[i].Message.Chat.Root()]
	}
}

// moved moves m's chat where the platform says it went (chat.Moved): its
// events, its waiting messages, m among them, and the rest (MoveChat); m
// is released, no attempt counted, and goes out to the new chat at once.
func (d *deliverer) moved(ctx context.Context, m Delivery, err error) {
	var mv chat.Moved
	errors.As(err, &mv)
	from := m.Message.Chat.Root()
	if mv.To.Platform != from.Platform || mv.To.ID == "" {
		d.settle(ctx, "mark failed", m, func(c context.Context) error { return d.store.failAfter(c, m.ID, err, d.o.MaxAttempts) })
		return
	}
	d.o.Log.Info("outbox: the chat moved; its messages and events follow", "platform", from.Platform, "from", from.ID, "to", mv.To.ID)
	if d.settle(ctx, "move the chat", m, func(c context.Context) error { return d.store.MoveChat(c, from, mv.To) }) {
		d.settle(ctx, "release", m, func(c context.Context) error { return d.store.release(c, d.worker, []Delivery{m}) })
		return
	}
	d.settle(ctx, "mark failed", m, func(c context.Context) error { return d.store.failAfter(c, m.ID, err, d.o.MaxAttempts) })
}

// hold holds m's chat, which the bot may not post in (chat.ErrNoRights):
// m waits for a probe, and Blocked hears of a chat newly held.
func (d *deliverer) hold(ctx context.Context, m Delivery, err error) {
	to := m.Message.Chat.Root()
	var (
		newly bool
		since time.Time
	)
	if !d.settle(ctx, "hold the chat", m, func(c context.Context) (e error) {
		newly, since, e = d.store.hold(c, to, m.ID, err)
		return e
	}) {
		return // the claim lapses; the message is tried again
	}
	if !newly {
		return
	}
	d.o.Log.Warn("outbox: the bot may not post in a chat; its messages wait until it may", "platform", to.Platform, "chat", to.ID, "err", err)
	if d.o.Blocked != nil {
		c, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
		defer cancel()
		d.o.Blocked(c, to, since, err)
	}
}

// resume resumes m's chat, held until m got through.
func (d *deliverer) resume(ctx context.Context, m Delivery) {
	to := m.Message.Chat.Root()
	if d.settle(ctx, "resume the chat", m, func(c context.Context) error { _, err := d.store.Unblock(c, to); return err }) {
		d.o.Log.Info("outbox: a held chat takes messages again", "platform", to.Platform, "chat", to.ID)
	}
}
