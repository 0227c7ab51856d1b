package commands

import (
	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/names"
)

// notAPlayer refuses a player's command from somebody who plays in none of
// the events it could be about. A chat user whose name is that of an entry
// an organiser typed in, with no chat user yet, is most likely that player
// (R-E-4): they are told to claim it, not to join a second time.
func (c *Context) notAPlayer() error {
	if err := c.claimHint(); err != nil {
		return err
	}
	switch {
	case c.State == nil:
	case c.State.Status == action.Finished || c.State.Status == action.CalledOff:
		return problem("只有本赛选手才能这样做，而比赛已经结束。", "Only players of the event can do that, and it is over.")
	case c.State.Status == action.Running:
		return problem("只有本赛选手才能这样做。组织者替你录入过的话，在比赛的群里用 /claim 名字 认领；否则请组织者用 /player add 名字 迟到报名（R-E-1）。",
			"Only players of the event can do that. If an organiser entered you, claim your entry in the event's group with /claim NAME; if not, ask an organiser to enter you late with /player add NAME (R-E-1).")
	}
	return problem("只有本赛选手才能这样做。请先在比赛的群里用 /join 名字 报名；组织者替你录入过的话，用 /claim 名字 认领。",
		"Only players of the event can do that. Join first in the event's group with /join NAME; if an organiser entered you, claim it with /claim NAME.")
}

// claimHint refuses a player's command from a chat user who is not a
// player but whose name is that of an entry nobody has claimed, telling
// them to claim it; nil for anybody else.
func (c *Context) claimHint() error {
	if c.State == nil || c.Req.Chat.IsPrivate() {
		return nil // a claim is made in the event's group
	}
	p, err := c.unclaimedNamesake()
	if err != nil || p.ID == 0 {
		return err
	}
	return problem("你还没有认领选手；如果你是 %[1]s，输入 /claim %[1]s，组织者确认后就是你。",
		"You have not claimed your entry yet; if you are %[1]s, type /claim %[1]s and an organiser confirms it.", p.Name)
}

// unclaimedNamesake is the event's player with no chat user whose name
// looks like the sender's chat name (names.Key); none (ID 0) when there is
// no such player, or more than one.
func (c *Context) unclaimedNamesake() (engine.Player, error) {
	if c.Req.User.Name == "" {
		return engine.Player{}, nil
	}
	key := names.Key(c.Req.User.Name)
	var found []engine.Player
	for _, p := range c.State.Event.Players {
		if names.Key(p.Name) == key {
			found = append(found, p)
		}
	}
	if len(found) != 1 {
		return engine.Player{}, nil
	}
	ids, err := c.reads().PlayerIdentities(found[0].Entrant)
	if err != nil || len(ids) > 0 {
		return engine.Player{}, err
	}
	return found[0], nil
}
