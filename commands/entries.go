package commands

import (
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// The entries before the start: sign-up, adding, editing and removing
// players. Users are bound to entrant ids, which no numbering changes.

func signup(c *Context) (Reply, error) {
	open := c.Args["state"] == "open" || c.Args["state"] == "开放"
	var a action.Action = &action.SignupClosed{}
	text := T{"报名已关闭。组织者仍可用 /player add 名字 添加选手；准备好后输入 /start 开赛。", "Sign-up is closed. Organisers can still add players with /player add NAME; type /start when ready."}
	if open {
		a = &action.SignupOpened{}
		text = T{"报名已开放：选手输入 /join 名字 [单位] 报名。", "Sign-up is open: players join with /join NAME [UNIT]."}
	}
	if _, err := c.Update(func(ch *storage.Change) error { return ch.Append(a) }); err != nil {
		return Reply{}, err
	}
	return Reply{Text: text.In(c.Lang)}, nil
}

// running refuses what needs a started, unfinished event.
func running(st *action.State) error {
	switch st.Status {
	case action.Running:
		return nil
	case action.Finished:
		return problem("比赛已经结束。", "The event has finished.")
	}
	return problem("比赛还没有开始。准备好后组织者输入 /start。", "The event has not started yet. An organiser types /start when ready.")
}

// entry reads NAME [UNIT] [RATING] over old's values: a unit left out
// keeps old's, "-" clears it; a lone number after the name is a rating.
func entry(args map[string]string, old engine.Player) (engine.Player, error) {
	p := old
	p.Name = args["name"]
	unit, hasUnit := args["unit"]
	rating, hasRating := args["rating"]
	if hasUnit && !hasRating {
		if _, err := strconv.Atoi(unit); err == nil {
			rating, hasRating, hasUnit = unit, true, false
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
		p.Rating = r
	}
	return p, nil
}

// describePlayer is "3 王天一（杭州，2300）".
func describePlayer(p engine.Player, lang Lang) string {
	var more []string
	if p.Unit != "" {
		more = append(more, p.Unit)
	}
	if p.Rating > 0 {
		more = append(more, strconv.Itoa(p.Rating))
	}
	s := strconv.Itoa(p.ID) + " " + p.Name
	if len(more) > 0 {
		s += T{"（%s）", " (%s)"}.In(lang, strings.Join(more, T{"，", ", "}.In(lang)))
	}
	return s
}

func addPlayer(c *Context) (Reply, error) {
	p, err := entry(c.Args, engine.Player{})
	if err != nil {
		return Reply{}, err
	}
	var added engine.Player
	_, err = c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.PlayerAdded{Name: p.Name, Unit: p.Unit, Rating: p.Rating}); err != nil {
			return err
		}
		ps := ch.State.Event.Players
		added = ps[len(ps)-1]
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: T{"已添加选手 %s。现有 %d 名选手。", "Added player %s. %d players now."}.In(c.Lang, describePlayer(added, c.Lang), added.ID)}, nil
}

// numbered is player n, or a problem that says which numbers there are.
func numbered(st *action.State, arg string) (engine.Player, error) {
	n, _ := strconv.Atoi(arg)
	p, ok := st.Event.Player(n)
	if !ok {
		return p, problem("没有 %d 号选手：选手是 1 到 %d 号。输入 /pairings 或 /standings 查看。", "There is no player %d: players are numbered 1 to %d. See them with /pairings or /standings.", n, len(st.Event.Players))
	}
	return p, nil
}

func editPlayer(c *Context) (Reply, error) {
	old, err := numbered(c.State, c.Args["number"])
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
	return Reply{Text: T{"已修改：%s。", "Changed: %s."}.In(c.Lang, describePlayer(p, c.Lang))}, nil
}

func removePlayer(c *Context) (Reply, error) {
	p, err := numbered(c.State, c.Args["number"])
	if err != nil {
		return Reply{}, err
	}
	_, err = c.Update(func(ch *storage.Change) error {
		ids, err := c.svc.store.PlayerIdentities(c, c.Event, p.Entrant)
		if err != nil {
			return err
		}
		if len(ids) > 0 {
			// Their user chose to play: they leave themselves.
			return problem("%[1]s 是用户 %[2]s 自己报名的：请他输入 /leave 退出；或开赛后用 /withdraw %[3]d 让他退赛。",
				"%[1]s joined as user %[2]s: they can leave with /leave, or after the start withdraw them with /withdraw %[3]d.", p.Name, ids[0].User, p.ID)
		}
		return ch.Append(&action.PlayerRemoved{Player: p.ID, Entrant: p.Entrant})
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: T{"已删除 %d 号选手 %s；后面的选手序号前移一位。", "Removed player %d, %s; the players after them move up one number."}.In(c.Lang, p.ID, p.Name)}, nil
}

// appendUndo appends an undo, which must not take away a player a user
// is bound to (an undone entry): the user would be left bound to nobody.
func (c *Context) appendUndo(ch *storage.Change, u *action.Undo) error {
	ids, err := c.svc.store.Identities(c, c.Event)
	if err != nil {
		return err
	}
	before := ch.State.Event.Players
	if err := ch.Append(u); err != nil {
		return err
	}
	for _, id := range ids {
		if _, ok := ch.State.Numbered(id.Entrant); ok {
			continue
		}
		name := id.User
		for _, p := range before {
			if p.Entrant == id.Entrant {
				name = p.Name
			}
		}
		return problem("这一步会去掉用户 %[1]s 的选手「%[2]s」，不能这样做。", "This would take away player %[2]q, who is user %[1]s: it cannot be done.", id.User, name)
	}
	return nil
}
