// Package pace sends messages no faster than a platform allows:
// a chat.Sender wrapped by New waits for its turn instead of dropping a
// message, and waits out a platform's "retry after" once before giving an
// error back to the outbox, which retries later.
//
// Each limit is a sliding window: at most N sends in any span of Per. A
// token bucket of N tokens refilled at N per Per would let 2N−1 messages
// through in one span (a full bucket, then the refill), which a platform
// counting per minute, as Telegram does for groups, punishes.
package pace

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/qisai/qisai/chat"
)

// Rate is a limit: at most N sends in any span of Per.
type Rate struct {
	N   int
	Per time.Duration
}

// Limits are a platform's limits on sending.
type Limits struct {
	Global []Rate // all sends together
	Chat   []Rate // the sends to each chat
	Group  []Rate // the sends to each group chat, on top of Chat
	// IsGroup tells group chats from private ones; nil: no chat is a group.
	IsGroup func(chat.Chat) bool
	// AlbumEach counts each picture of an album (chat.Message.Album) as
	// a send: Telegram's album is a message per picture.
	AlbumEach bool
}

// Span is the longest span of l's limits: the sends older than that
// hold nothing back.
func (l Limits) Span() time.Duration {
	var d time.Duration
	for _, r := range slices.Concat(l.Global, l.Chat, l.Group) {
		d = max(d, r.Per)
	}
	return d
}

// Telegram's limits (core.telegram.org/bots/faq: about 30 messages a
// second overall, one a second to a chat, 20 a minute to a group), kept
// with a margin: Telegram counts on its own clock, after the network's
// delays, and a burst at the very limit earns a 429 for the whole bot.
var Telegram = Limits{
	Global:    []Rate{{25, time.Second}},
	Chat:      []Rate{{1, 1100 * time.Millisecond}},
	Group:     []Rate{{18, time.Minute}},
	IsGroup:   telegramGroup,
	AlbumEach: true,
}

// telegramGroup: groups, supergroups and channels have negative ids;
// private chats have positive ones, or are chat.Private before the
// adapter maps them.
func telegramGroup(c chat.Chat) bool { return !c.IsPrivate() && strings.HasPrefix(c.ID, "-") }

// Discord's limits (discord.com/developers/docs/topics/rate-limits): 5
// messages per 5 seconds to a channel, 50 requests a second overall.
var Discord = Limits{
	Global: []Rate{{50, time.Second}},
	Chat:   []Rate{{5, 5 * time.Second}},
}

// Feishu's limits (open.feishu.cn, im/v1/messages create: 1000 calls a
// minute and 50 a second per app; 5 a second to one user, and 5 a second
// to one group shared by all the bots in it), kept with a margin: another
// bot in the group spends the group's share too, and a burst at the very
// limit earns a 429 (99991400) or 230020 for the whole app.
var Feishu = Limits{
	Global: []Rate{{45, time.Second}, {900, time.Minute}},
	Chat:   []Rate{{4, time.Second}},
}

// MaxWaitInPlace is the longest retry-after Send waits out itself; a
// longer one goes back to the outbox, which tries the message again no
// sooner than asked. (A wait for the limits' own turn is always waited
// in place: the outbox sends each chat's message in a goroutine of its
// own and renews its claim meanwhile, so the wait holds back that chat
// alone.)
const MaxWaitInPlace = 10 * time.Second

// Clock is the time as Sender sees it; tests move it by hand.
type Clock interface {
	Now() time.Time
	// Sleep waits d, or less when ctx ends, returning ctx's error then.
	Sleep(ctx context.Context, d time.Duration) error
}

// Sender is a chat.Sender that keeps to Limits. It is safe for
// concurrent use; each call returns once its message is sent (or failed),
// so a caller sending a chat's messages one after another, as
// storage.Store.Deliver does, keeps their order.
type Sender struct {
	inner  chat.Sender
	limits Limits
	clock  Clock

	mu     sync.Mutex
	global []*window
	chats  map[chat.Chat][]*window
	// granted, when set (tests), hears every send the limits let through,
	// with the time they counted it at.
	granted func(chat chat.Chat, at time.Time)
}

// New wraps inner in limits, timed by clock; a nil clock is the real one.
func New(inner chat.Sender, limits Limits, clock Clock) *Sender {
	if clock == nil {
		clock = realClock{}
	}
	return &Sender{inner: inner, limits: limits, clock: clock, global: windows(limits.Global), chats: map[chat.Chat][]*window{}}
}

// Remember counts a send to c at at against the limits, as if Send had
// made it then: a pacer starting again is given the sends of its last run
// (storage.Store.RecentSends), so that a restart does not begin with a
// burst the platform punishes.
func (s *Sender) Remember(c chat.Chat, at time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, w := range slices.Concat(s.windows(c.Root()), s.global) {
		w.insert(at)
	}
}

// Send sends m once the limits allow it. When the platform asks to wait
// (chat.RetryAfter), Send waits that long and tries once more, returning the
// second attempt's error. When ctx ends while waiting, Send returns ctx's
// error without sending.
func (s *Sender) Send(ctx context.Context, m chat.Message) error {
	err := s.send(ctx, m)
	var ra chat.RetryAfter
	if !errors.As(err, &ra) || ra.Wait > MaxWaitInPlace {
		return err
	}
	if err := s.clock.Sleep(ctx, ra.Wait); err != nil {
		return err
	}
	return s.send(ctx, m)
}

// Edit edits a message sent earlier (chat.Editor) once the limits allow
// it: an edit counts as a send, as the platforms count it. A "retry
// after" is waited out as Send does. It fails for good when the platform's
// Sender cannot edit.
func (s *Sender) Edit(ctx context.Context, id string, m chat.Message) error {
	ed, ok := s.inner.(chat.Editor)
	if !ok {
		return fmt.Errorf("%w: the platform's sender cannot edit a message", chat.ErrUndeliverable)
	}
	edit := func() error { return s.paced(ctx, m, func() error { return ed.Edit(ctx, id, m) }) }
	err := edit()
	var ra chat.RetryAfter
	if !errors.As(err, &ra) || ra.Wait > MaxWaitInPlace {
		return err
	}
	if err := s.clock.Sleep(ctx, ra.Wait); err != nil {
		return err
	}
	return edit()
}

// send waits for m's turn and sends it.
func (s *Sender) send(ctx context.Context, m chat.Message) error {
	return s.paced(ctx, m, func() error { return s.inner.Send(ctx, m) })
}

// paced waits for m's turn and makes request. An album counts a send for
// each of its pictures where the platform counts them so (AlbumEach).
func (s *Sender) paced(ctx context.Context, m chat.Message, request func() error) error {
	n := 1
	if s.limits.AlbumEach {
		n = max(len(m.Album), 1)
	}
	for i := 0; i < n; {
		wait := s.take(m.Chat.Root()) // a topic is no chat of its own
		if wait <= 0 {
			i++
			continue
		}
		if err := s.clock.Sleep(ctx, wait); err != nil {
			return err
		}
	}
	return request()
}

// take records a send to chat now and returns 0 when every limit allows
// it; otherwise it records nothing and returns how long to wait before
// asking again.
func (s *Sender) take(chat chat.Chat) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	all := slices.Concat(s.windows(chat), s.global)
	now := s.clock.Now()
	var wait time.Duration
	for _, w := range all {
		wait = max(wait, w.wait(now))
	}
	if wait > 0 {
		return wait
	}
	for _, w := range all {
		w.add(now)
	}
	if s.granted != nil {
		s.granted(chat, now)
	}
	if len(s.chats) > maxChats {
		s.forget(now)
	}
	return 0
}

// windows are chat's windows, made on first use.
func (s *Sender) windows(chat chat.Chat) []*window {
	ws, ok := s.chats[chat]
	if !ok {
		ws = windows(s.limits.Chat)
		if s.limits.IsGroup != nil && s.limits.IsGroup(chat) {
			ws = append(ws, windows(s.limits.Group)...)
		}
		s.chats[chat] = ws
	}
	return ws
}

// maxChats is how many chats Sender remembers before it forgets those
// whose windows have all passed.
const maxChats = 10000

// forget drops the chats no limit holds back any longer.
func (s *Sender) forget(now time.Time) {
	for chat, ws := range s.chats {
		idle := true
		for _, w := range ws {
			idle = idle && w.idle(now)
		}
		if idle {
			delete(s.chats, chat)
		}
	}
}

// window is one Rate's sliding window: the times of the last sends, at
// most N, oldest first.
type window struct {
	rate  Rate
	times []time.Time
}

func windows(rates []Rate) []*window {
	ws := make([]*window, 0, len(rates))
	for _, r := range rates {
		if r.N > 0 && r.Per > 0 {
			ws = append(ws, &window{rate: r})
		}
	}
	return ws
}

// wait is how long after now the window lets the next send through.
func (w *window) wait(now time.Time) time.Duration {
	if len(w.times) < w.rate.N {
		return 0
	}
	return w.times[0].Add(w.rate.Per).Sub(now)
}

// add records a send at now.
func (w *window) add(now time.Time) {
	if len(w.times) == w.rate.N {
		w.times = append(w.times[:0], w.times[1:]...)
	}
	w.times = append(w.times, now)
}

// insert records a send at at, which may be earlier than those recorded:
// the window keeps the latest N, oldest first.
func (w *window) insert(at time.Time) {
	i, _ := slices.BinarySearchFunc(w.times, at, time.Time.Compare)
	w.times = slices.Insert(w.times, i, at)
	if len(w.times) > w.rate.N {
		w.times = w.times[len(w.times)-w.rate.N:]
	}
}

// idle says whether every send the window remembers is older than Per.
func (w *window) idle(now time.Time) bool {
	return len(w.times) == 0 || !now.Before(w.times[len(w.times)-1].Add(w.rate.Per))
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
