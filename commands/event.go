package commands

import (
	"context"
	"errors"
	"fmt"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/storage"
)

// Finding the event a request is about, in one place: Handle (for the
// commands that need an event before they run), the player commands (in a
// private chat too), /event new and /link (does the chat follow one
// already?), and the adapters' player lists all ask findEvent. The step to
// many events per chat (issue 10: a chat's current event, one named, a
// player of several asked with buttons in a private chat) changes it
// alone: an ambiguous request becomes one more answer it gives.

// eventQuery is what findEvent looks the event up from.
type eventQuery struct {
	chat chat.Chat // where the request was made
	user string    // who made it (the platform's user id)
	// pressed is what the pressed button answers, nil for a typed line:
	// a button names its event.
	pressed *ref
	// asPlayer says the command acts for the sender as a player: in a
	// private chat, which follows no event, it is about an event they play
	// in. Other commands ask for the chat's own event.
	asPlayer bool
}

// noEvent is findEvent's answer when the chat follows no event: /event new
// and /link go on then (errors.Is(err, noEvent)), everything else says it.
var noEvent = problem("这个聊天还没有比赛。组织者可以用 /event new 名称 创建，或用 /link 代码 关联已有的比赛。",
	"This chat follows no event yet. An organiser can create one with /event new NAME, or link an existing one with /link CODE.")

// findEvent returns the event q is about and its state as loaded: the
// event the pressed button names; for a player in a private chat, the one
// they play in (the newest running one when they play in several, else
// the newest); else the event the chat follows, or noEvent. What it cannot
// find is a *Problem saying so in the user's language.
func (s *Service) findEvent(ctx context.Context, q eventQuery) (storage.EventID, *action.State, error) {
	var ids []storage.EventID
	switch {
	case q.pressed != nil:
		ids = []storage.EventID{q.pressed.event}
	case q.asPlayer && q.chat.IsPrivate():
		var err error
		if ids, err = s.store.PlayerEvents(ctx, q.chat.Platform, q.user); err != nil {
			return 0, nil, err
		}
		if len(ids) == 0 {
			return 0, nil, problem("你还没有参加任何比赛。请在比赛的群里用 /join 名字 报名。",
				"You play in no event yet. Join one in its group with /join NAME.")
		}
	default:
		id, err := s.store.EventOf(ctx, q.chat)
		if errors.Is(err, storage.ErrNotFound) {
			return 0, nil, noEvent
		}
		if err != nil {
			return 0, nil, fmt.Errorf("find the event of %v: %w", q.chat, err)
		}
		ids = []storage.EventID{id}
	}
	var (
		found storage.EventID
		state *action.State
	)
	for i, id := range ids {
		st, err := s.store.Load(ctx, id)
		if errors.Is(err, storage.ErrNotFound) && q.pressed != nil {
			return 0, nil, problem("这个按钮已失效：它的比赛不存在了。", "That button no longer applies: its event is gone.")
		}
		if err != nil {
			return 0, nil, err
		}
		if i == 0 || st.Status == action.Running {
			found, state = id, st
		}
		if st.Status == action.Running {
			break
		}
	}
	return found, state, nil
}

// loadEvent finds the event c's request is about (findEvent; asPlayer as
// there) and loads it into c with the sender's player and roles in it. An
// event loaded already stays.
func (c *Context) loadEvent(asPlayer bool) error {
	if c.Event != 0 {
		return nil
	}
	platform, user := c.Req.Chat.Platform, c.Req.User.ID
	id, st, err := c.svc.findEvent(c, eventQuery{chat: c.Req.Chat, user: user, pressed: c.ref, asPlayer: asPlayer})
	if err != nil {
		return err
	}
	c.Event, c.State = id, st
	if c.Player, err = c.svc.playerNumber(c, id, st, platform, user); err != nil {
		return err
	}
	c.Roles, err = c.svc.store.Roles(c, id, platform, user)
	return err
}
