package commands

import (
	"cmp"
	"errors"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// The sender's own sign-up, as /join makes it and /team join and
// /team new make it on the way: settled before the change (the roster,
// the deadline, the categories), entered in the change with whatever else
// the command does, so that one change holds it all, and answered after.

// signing is the sender's sign-up: what prepareJoin settled, and, once
// the change ran, who they are in the event.
type signing struct {
	e          *entering
	j          joining
	unit       string
	categories []string

	joined  engine.Player
	waiting bool // on the wait list (R-E-5): no player yet
	after   *action.State
}

// prepareJoin settles the sender's sign-up by the name the line gives,
// else the roster's, else fallback (their chat name, for /team join):
// asked is the reply when the roster's organisers were asked who the
// sender is, and nothing is entered until one confirms (R-E-4).
func (c *Context) prepareJoin(fallback string) (*signing, *Reply, error) {
	st := c.State
	if c.Player != 0 {
		p, _ := st.Event.Player(c.Player)
		return nil, nil, problem("你已经以「%s」报名了（第 %d 位）。要退出请用 /leave。", "You have joined already as %q (number %d). To leave, type /leave.", p.Name, p.ID)
	}
	name := cmp.Or(c.Args["name"], fallback)
	if err := claimInstead(c, name); err != nil {
		return nil, nil, err
	}
	if err := nameHeld(c, name, c.Args["unit"]); err != nil {
		return nil, nil, err // R-E-4: the name is another user's
	}
	if err := joinShut(st, c.svc.now()); err != nil {
		return nil, nil, err // R-E-5: the deadline
	}
	// R-E-4: the roster says who the sender is, or asks the organisers.
	e, err := c.entering()
	if err != nil {
		return nil, nil, err
	}
	j, asked, err := c.joinAs(e, fallback)
	if err != nil || asked != nil {
		return nil, asked, err
	}
	unit, cats, err := joinCategories(st, j.unit, c.Args["categories"]) // R-T-10
	if err != nil {
		return nil, nil, err
	}
	if len(cats) == 0 && j.member != nil {
		cats = j.member.categories(st)
	}
	return &signing{e: e, j: j, unit: unit, categories: cats}, nil, nil
}

// in is the change that enters the sender (see enterIn).
func (su *signing) in(c *Context) func(ch *storage.Change) error {
	return func(ch *storage.Change) error { return su.enterIn(c, ch) }
}

// enterIn enters the sender in ch: a player, or one waiting when the
// event is full (R-E-5), with their chat user bound to the entry.
func (su *signing) enterIn(c *Context, ch *storage.Change) error {
	// The same user joining twice at once: the second sees the first.
	if _, err := c.reads().PlayerOf(c.Req.Chat.Platform, c.Req.User.ID); !errors.Is(err, storage.ErrNotFound) {
		if err != nil {
			return err
		}
		return problem("你已经报名了。用 /me 查看。", "You have joined already. See it with /me.")
	}
	var err error
	if su.joined, su.waiting, err = enter(ch, su.j.name, su.unit, su.j.rating, su.categories); err != nil {
		return err
	}
	su.after = ch.State
	ch.Identify(c.Req.Chat.Platform, c.Req.User.ID, su.joined.Entrant)
	return nil
}

// done records, once the change is stored, what the roster keeps of the
// sign-up and the sender's language, and answers it.
func (su *signing) done(c *Context) Reply {
	if su.j.member != nil {
		c.enter(su.e, map[int64]int{su.j.member.member.ID: su.joined.Entrant})
	}
	// The player's private notes are written when others act, in the
	// language the player reads (readerLang): without a /lang choice, the
	// locale their platform reports now, remembered as such.
	if l := i18n.Parse(c.Req.Locale); l != "" {
		if chosen, err := c.reads().Lang(c.Req.Chat.Platform, c.Req.User.ID); err != nil || chosen == "" {
			if err == nil {
				err = c.svc.store.SetLang(c, c.Req.Chat.Platform, c.Req.User.ID, localePref+string(l))
			}
			if err != nil {
				c.svc.log.Warn("remember a player's language", "platform", c.Req.Chat.Platform, "user", c.Req.User.ID, "err", err)
			}
		}
	}
	if su.waiting {
		return Reply{Text: waitingText(su.after, su.joined, c.Lang)}
	}
	name := su.j.name
	if su.unit != "" {
		name += i18n.T{Zh: "（%s）", En: " (%s)"}.In(c.Lang, su.unit)
	}
	if len(su.categories) > 0 {
		name += i18n.T{Zh: "，组别 %s", En: ", category %s"}.In(c.Lang, categoryList(su.categories, c.Lang))
	}
	return Reply{Text: i18n.T{Zh: "报名成功：%s，第 %d 位。比赛开始前可以用 /leave 取消。", En: "Joined: %s, number %d. Before the start you can leave with /leave."}.In(c.Lang, name, su.joined.ID)}
}

// deref is the reply r points to, none for nil.
func deref(r *Reply) Reply {
	if r == nil {
		return Reply{}
	}
	return *r
}
