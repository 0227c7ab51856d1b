package commands

// What a command reads besides the event's state — who is told, in which
// language, who decided — it reads through a reader: inside Update the
// change's transaction (storage.Change), so that a decision is taken on
// what the transaction sees (DESIGN: decisions on the transaction's view);
// outside it, the store.

import (
	"context"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/storage"
)

// reader reads an event's people and chats; storage.Change is one.
type reader interface {
	Chats() ([]chat.Chat, error)
	Identities() ([]storage.Identity, error)
	PlayerIdentities(entrant int) ([]storage.Identity, error)
	PlayerOf(platform, user string) (int, error)
	Holders(r storage.Role) ([]action.Actor, error)
	HomeChat() (chat.Chat, error)
	ClubHolders(in chat.Chat, r storage.Role) ([]action.Actor, error)
	Lang(platform, user string) (string, error)
	Langs(platform string, users []string) (map[string]string, error)
	UserNames(platform string, users []string) (map[string]string, error)
	Log(after int64, limit int) ([]action.Record, error)
	LogOf(kinds ...string) ([]action.Record, error)
}

// storeReader reads event's people through the store, each read on its
// own: for what is read outside a change.
type storeReader struct {
	ctx   context.Context
	store Store
	event storage.EventID
}

func (r storeReader) Chats() ([]chat.Chat, error) { return r.store.Chats(r.ctx, r.event) }

func (r storeReader) Identities() ([]storage.Identity, error) {
	return r.store.Identities(r.ctx, r.event)
}

func (r storeReader) PlayerIdentities(entrant int) ([]storage.Identity, error) {
	return r.store.PlayerIdentities(r.ctx, r.event, entrant)
}

func (r storeReader) PlayerOf(platform, user string) (int, error) {
	return r.store.PlayerOf(r.ctx, r.event, platform, user)
}

func (r storeReader) Holders(role storage.Role) ([]action.Actor, error) {
	return r.store.Holders(r.ctx, r.event, role)
}

func (r storeReader) HomeChat() (chat.Chat, error) { return r.store.HomeChat(r.ctx, r.event) }

func (r storeReader) ClubHolders(in chat.Chat, role storage.Role) ([]action.Actor, error) {
	return r.store.ClubHolders(r.ctx, in, role)
}

func (r storeReader) Lang(platform, user string) (string, error) {
	return r.store.Lang(r.ctx, platform, user)
}

func (r storeReader) Langs(platform string, users []string) (map[string]string, error) {
	return r.store.Langs(r.ctx, platform, users)
}

func (r storeReader) UserNames(platform string, users []string) (map[string]string, error) {
	return r.store.UserNames(r.ctx, platform, users)
}

func (r storeReader) Log(after int64, limit int) ([]action.Record, error) {
	return r.store.Log(r.ctx, r.event, after, limit)
}

func (r storeReader) LogOf(kinds ...string) ([]action.Record, error) {
	return r.store.LogOf(r.ctx, r.event, kinds...)
}

// reading is the reader of event id outside a change.
func (s *Service) reading(ctx context.Context, id storage.EventID) reader {
	return storeReader{ctx: ctx, store: s.store, event: id}
}

// reads is the command's reader: the change's transaction while the
// command's Update builds its change, else the store.
func (c *Context) reads() reader {
	if c.ch != nil {
		return c.ch
	}
	return c.svc.reading(c, c.Event)
}
