package commands

import (
	"slices"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// The roster: sign-up, players joining and leaving before the start,
// organisers adding, editing and removing them, and withdrawals after the
// start (R-W-1..4). Users are bound to entrant ids, which no numbering
// changes.

func signup(c *Context) (Reply, error) {
	open := c.Args["state"] == "open" || c.Args["state"] == "开放"
	var a action.Action = &action.SignupClosed{}
	text := i18n.T{Zh: "报名已关闭。组织者仍可用 /player add 名字 添加选手；准备好后输入 /start 开赛。", En: "Sign-up is closed. Organisers can still add players with /player add NAME; type /start when ready."}
	if open {
		a = &action.SignupOpened{}
		text = i18n.T{Zh: "报名已开放：选手输入 /join 名字 [单位] 报名。", En: "Sign-up is open: players join with /join NAME [UNIT]."}
	}
	// Every chat of the event hears it: its players join there too.
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(a); err != nil {
			return err
		}
		chats.announce(ch, text.In(chats.lang))
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(text.In(c.Lang)), nil
}

// entry reads NAME [UNIT] [RATING] over old's values: a unit left out
// keeps old's, "-" clears it; a lone number after the name is a rating.
func entry(args map[string]string, old engine.Player) (engine.Player, error) {
	p := old
	p.Name = args["name"]
	unit, hasUnit := args["unit"]
	rating, hasRating := args["rating"]
	if hasUnit && !hasRating {
		if n, ok := number(unit); ok {
			rating, hasRating, hasUnit = strconv.Itoa(n), true, false
		}
	}
	if hasUnit {
		p.Unit = unit
		if unit == "-" {
			p.Unit = ""
		}
	}
	if hasRating {
		r, _ := strconv.Atoi(rating)
		if r < 0 {
			return p, problem("等级分不能是负数。", "A rating cannot be negative.")
		}
		if r > 9999 {
			// Ratings have four digits, as TRF-16's column holds them.
			return p, problem("等级分最多 4 位数（0–9999），不是 %d。", "A rating has at most 4 digits (0–9999), not %d.", r)
		}
		p.Rating = r
	}
	return p, nil
}

// describePlayer is "3 王天一（杭州，2300）".
func describePlayer(p engine.Player, lang i18n.Lang) string {
	var more []string
	if p.Unit != "" {
		more = append(more, p.Unit)
	}
	if p.Rating > 0 {
		more = append(more, strconv.Itoa(p.Rating))
	}
	s := strconv.Itoa(p.ID) + " " + p.Name
	if len(more) > 0 {
		s += i18n.T{Zh: "（%s）", En: " (%s)"}.In(lang, strings.Join(more, i18n.T{Zh: "，", En: ", "}.In(lang)))
	}
	return s
}

func addPlayer(c *Context) (Reply, error) {
	p, err := entry(c.Args, engine.Player{})
	if err != nil {
		return Reply{}, err
	}
	// R-E-4: a member of the club's roster comes with their unit, the
	// rating set for them, their categories and their chat users.
	e, err := c.entering()
	if err != nil {
		return Reply{}, err
	}
	m, rostered := e.named(p.Name)
	if rostered {
		p.Name = m.member.Name
		if p.Unit == "" {
			p.Unit = m.member.Unit
		}
		if p.Rating == 0 {
			p.Rating = m.rating
		}
	}
	if c.State.Status == action.Running {
		if rostered {
			return enterLate(c, p, e, &m) // R-E-1
		}
		return enterLate(c, p, e, nil)
	}
	var (
		added   engine.Player
		waiting bool
		st      *action.State
	)
	_, err = c.Update(func(ch *storage.Change) error {
		var cats []string
		if rostered {
			cats = m.categories(ch.State)
		}
		var err error
		added, waiting, err = enter(ch, p.Name, p.Unit, p.Rating, cats) // R-E-5: past the maximum, the wait list
		if err != nil {
			return err
		}
		st = ch.State
		if rostered {
			return m.identify(c, ch, added.Entrant)
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	if rostered {
		c.enter(e, map[int64]int{m.member.ID: added.Entrant})
	}
	if waiting {
		return Reply{Text: waitingText(st, added, c.Lang)}, nil
	}
	text := i18n.T{Zh: "已添加选手 %s。现有 %d 名选手。", En: "Added player %s. Players now: %d."}.In(c.Lang, describePlayer(added, c.Lang), added.ID)
	if rostered {
		text = i18n.T{Zh: "已添加选手 %s%s。现有 %d 名选手。", En: "Added player %s%s. Players now: %d."}.In(c.Lang, describePlayer(added, c.Lang), fromRoster(c.Lang), added.ID)
	}
	return Reply{Text: text}, nil
}

// numbered is the player arg numbers (7, ７, 7号), or a problem that says
// which numbers there are.
func numbered(st *action.State, arg string) (engine.Player, error) {
	n, _ := playerNumber.number(arg)
	p, ok := st.Event.Player(n)
	if !ok {
		return p, problem("没有 %d 号选手：选手是 1 到 %d 号。输入 /pairings 或 /standings 查看。", "There is no player %d: players are numbered 1 to %d. See them with /pairings or /standings.", n, len(st.Event.Players))
	}
	return p, nil
}

func editPlayer(c *Context) (Reply, error) {
	old, err := findPlayer(c.State, c.Args["player"])
	if err != nil {
		return Reply{}, err
	}
	p, err := entry(c.Args, old)
	if err != nil {
		return Reply{}, err
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		return ch.Append(&action.PlayerEdited{Player: p.ID, Entrant: p.Entrant, Name: p.Name, Unit: p.Unit, Rating: p.Rating})
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已修改：%s。", En: "Changed: %s."}.In(c.Lang, describePlayer(p, c.Lang))}, nil
}

func removePlayer(c *Context) (Reply, error) {
	p, err := findPlayer(c.State, c.Args["player"])
	if err != nil {
		return Reply{}, err
	}
	_, err = c.Update(func(ch *storage.Change) error {
		ids, err := c.reads().PlayerIdentities(p.Entrant)
		if err != nil {
			return err
		}
		if len(ids) > 0 {
			// Their user chose to play: they leave themselves.
			return problem("%[1]s 是用户 %[2]s 自己报名的：请他输入 /leave 退出；或开赛后用 /withdraw %[3]d 让他退赛。",
				"%[1]s joined as user %[2]s: they can leave with /leave, or after the start withdraw them with /withdraw %[3]d.", p.Name, ids[0].User, p.ID)
		}
		waiting := slices.Clone(ch.State.Waiting)
		if err := ch.Append(&action.PlayerRemoved{Player: p.ID, Entrant: p.Entrant}); err != nil {
			return err
		}
		return movedUp(c.reads(), ch, waiting, nil, placeOpened) // R-E-5
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已删除 %d 号选手 %s；后面的选手序号前移一位。", En: "Removed player %d, %s; the players after them move up one number."}.In(c.Lang, p.ID, p.Name)}, nil
}

// playJoin enters the sender while sign-up is open.
func playJoin(c *Context) (Reply, error) {
	su, asked, err := c.prepareJoin("")
	if err != nil || asked != nil {
		return deref(asked), err
	}
	if _, err := c.Update(su.in(c)); err != nil {
		return Reply{}, err
	}
	return su.done(c), nil
}

// playLeave takes the sender out before the start. The players after them
// move up one number (PlayerRemoved); their users stay bound to their
// entrant ids.
func playLeave(c *Context) (Reply, error) {
	gone := c.State.EntrantOf(c.Player)
	if _, err := c.Update(func(ch *storage.Change) error {
		leaving, err := c.reads().PlayerIdentities(gone)
		if err != nil {
			return err
		}
		n, _ := ch.State.Numbered(gone)
		waiting := slices.Clone(ch.State.Waiting)
		if err := ch.Append(&action.PlayerRemoved{Player: n, Entrant: gone}); err != nil {
			return err
		}
		for _, id := range leaving {
			ch.Forget(id.Platform, id.User)
		}
		return movedUp(c.reads(), ch, waiting, nil, placeOpened) // R-E-5
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已取消报名。", En: "You have left the event."}.In(c.Lang)}, nil
}

// findPlayer finds a player by number or name: a name that looks like
// one player's, or like the base of one player's (张伟 for 张伟(一中));
// when it could be several, it asks which (R-E-4).
func findPlayer(st *action.State, arg string) (engine.Player, error) {
	if _, ok := playerNumber.number(arg); ok {
		return numbered(st, arg)
	}
	switch ps := namesakes(st, arg); len(ps) {
	case 1:
		return ps[0], nil
	case 0:
	default:
		return engine.Player{}, whichOne(arg, ps)
	}
	return engine.Player{}, problem("没有叫「%s」的选手。请用序号或全名，输入 /players 查看。", "There is no player called %q. Use their number or full name; see them with /players.", arg)
}

// withdraw takes a player out after the last round they finished: a game
// of theirs still without a result in the current round goes to the
// opponent by forfeit (R-W-2, R-W-3). Before the start a player is removed
// instead (R-W-1).
func withdraw(c *Context) (Reply, error) {
	st := c.State
	p, err := findPlayer(st, c.Args["player"])
	if err != nil {
		return Reply{}, err
	}
	ev := &st.Event
	after := len(ev.Rounds)
	if g, _, ok := gameOf(ev, after, p.ID); ok && !g.Result.Decided() && !g.Void {
		after-- // they leave before playing it: the opponent wins by forfeit
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	rule := i18n.T{Zh: "已赛成绩保留，之后各轮记负，不再编排（R-W-3）", En: "results so far stand; every later round counts as a forfeit loss and they are not paired again (R-W-3)"}
	switch {
	case len(ev.Rounds) == 0:
		rule = i18n.T{Zh: "第 1 轮之前退赛，不参加编排（R-W-1）", En: "before round 1: they are not paired (R-W-1)"}
	case action.RoundRobin(ev.Settings.System):
		rule = i18n.T{Zh: "循环赛：未赛满一半则成绩全部取消，否则余下对局判对手胜（R-W-2）", En: "round robin: with fewer than half their games played all their results are struck out, else their remaining games go to the opponents (R-W-2)"}
	}
	when := func(l i18n.Lang) string { return i18n.T{Zh: "第 %d 轮后", En: "after round %d"}.In(l, after) }
	if after == 0 {
		when = func(l i18n.Lang) string { return i18n.T{Zh: "未下第 1 轮", En: "before playing round 1"}.In(l) }
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.Withdrawn{Player: p.ID, After: after}); err != nil {
			return err
		}
		chats.announce(ch, i18n.T{Zh: "%s 退赛（%s）：%s。", En: "%s withdrew (%s): %s."}.In(chats.lang, p.Name, when(chats.lang), rule.In(chats.lang)))
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(i18n.T{Zh: "已记录 %s 退赛（%s）。", En: "Recorded that %s withdrew (%s)."}.In(c.Lang, p.Name, when(c.Lang))), nil
}
