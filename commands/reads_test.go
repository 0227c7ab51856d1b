package commands

import (
	"context"
	"sync"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/storage"
)

// readsChecked is the store as the commands must use it: what a command
// reads or writes while its change is being built goes through the
// change's transaction (reads.go), never through the store, whose call
// there fails the test. Every harness's service runs on it, so every
// conversation the tests hold checks the rule.
type readsChecked struct {
	Store
	t      testing.TB
	mu     sync.Mutex
	inside map[context.Context]int // the contexts of changes being built
}

func checkingReads(t testing.TB, s Store) *readsChecked {
	return &readsChecked{Store: s, t: t, inside: map[context.Context]int{}}
}

// building marks ctx's change as being built while fn runs.
func (s *readsChecked) building(ctx context.Context, fn func(*storage.Change) error) func(*storage.Change) error {
	return func(ch *storage.Change) error {
		s.mu.Lock()
		s.inside[ctx]++
		s.mu.Unlock()
		defer func() {
			s.mu.Lock()
			s.inside[ctx]--
			s.mu.Unlock()
		}()
		return fn(ch)
	}
}

// check fails the test when ctx's change is being built.
func (s *readsChecked) check(ctx context.Context, call string) {
	s.mu.Lock()
	n := s.inside[ctx]
	s.mu.Unlock()
	if n > 0 {
		s.t.Errorf("store.%s called while the change is built: read it through the change (commands/reads.go)", call)
	}
}

func (s *readsChecked) Create(ctx context.Context, actor action.Actor, key string, fn func(*storage.Change) error) (storage.EventID, storage.Result, error) {
	return s.Store.Create(ctx, actor, key, s.building(ctx, fn))
}

func (s *readsChecked) Update(ctx context.Context, id storage.EventID, actor action.Actor, key string, fn func(*storage.Change) error) (storage.Result, error) {
	return s.Store.Update(ctx, id, actor, key, s.building(ctx, fn))
}

// A club's change is a transaction of its own: inside an event's change it
// would wait for the write lock the event's holds (SQLite).
func (s *readsChecked) UpdateClub(ctx context.Context, c chat.Chat, actor action.Actor, key string, fn func(*storage.ClubChange) error) error {
	s.check(ctx, "UpdateClub")
	return s.Store.UpdateClub(ctx, c, actor, key, fn)
}

func (s *readsChecked) Club(ctx context.Context, c chat.Chat) (*storage.Club, error) {
	s.check(ctx, "Club")
	return s.Store.Club(ctx, c)
}

func (s *readsChecked) Load(ctx context.Context, id storage.EventID) (*action.State, error) {
	s.check(ctx, "Load")
	return s.Store.Load(ctx, id)
}

func (s *readsChecked) Log(ctx context.Context, id storage.EventID, after int64, limit int) ([]action.Record, error) {
	s.check(ctx, "Log")
	return s.Store.Log(ctx, id, after, limit)
}

func (s *readsChecked) LogOf(ctx context.Context, id storage.EventID, kinds ...string) ([]action.Record, error) {
	s.check(ctx, "LogOf")
	return s.Store.LogOf(ctx, id, kinds...)
}

func (s *readsChecked) Chats(ctx context.Context, id storage.EventID) ([]chat.Chat, error) {
	s.check(ctx, "Chats")
	return s.Store.Chats(ctx, id)
}

func (s *readsChecked) PlayerOf(ctx context.Context, id storage.EventID, platform, user string) (int, error) {
	s.check(ctx, "PlayerOf")
	return s.Store.PlayerOf(ctx, id, platform, user)
}

func (s *readsChecked) Identities(ctx context.Context, id storage.EventID) ([]storage.Identity, error) {
	s.check(ctx, "Identities")
	return s.Store.Identities(ctx, id)
}

func (s *readsChecked) PlayerIdentities(ctx context.Context, id storage.EventID, entrant int) ([]storage.Identity, error) {
	s.check(ctx, "PlayerIdentities")
	return s.Store.PlayerIdentities(ctx, id, entrant)
}

func (s *readsChecked) Roles(ctx context.Context, id storage.EventID, platform, user string) ([]storage.Role, error) {
	s.check(ctx, "Roles")
	return s.Store.Roles(ctx, id, platform, user)
}

func (s *readsChecked) Holders(ctx context.Context, id storage.EventID, r storage.Role) ([]action.Actor, error) {
	s.check(ctx, "Holders")
	return s.Store.Holders(ctx, id, r)
}

func (s *readsChecked) UserNames(ctx context.Context, platform string, users []string) (map[string]string, error) {
	s.check(ctx, "UserNames")
	return s.Store.UserNames(ctx, platform, users)
}

func (s *readsChecked) Lang(ctx context.Context, platform, user string) (string, error) {
	s.check(ctx, "Lang")
	return s.Store.Lang(ctx, platform, user)
}

func (s *readsChecked) Langs(ctx context.Context, platform string, users []string) (map[string]string, error) {
	s.check(ctx, "Langs")
	return s.Store.Langs(ctx, platform, users)
}

func (s *readsChecked) SetLang(ctx context.Context, platform, user, lang string) error {
	s.check(ctx, "SetLang")
	return s.Store.SetLang(ctx, platform, user, lang)
}

func (s *readsChecked) Enqueue(ctx context.Context, msgs ...chat.Message) error {
	s.check(ctx, "Enqueue")
	return s.Store.Enqueue(ctx, msgs...)
}

func (s *readsChecked) ChatEvents(ctx context.Context, c chat.Chat) ([]storage.ChatEvent, error) {
	s.check(ctx, "ChatEvents")
	return s.Store.ChatEvents(ctx, c)
}
