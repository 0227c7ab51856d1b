package commands

import (
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Late entries (R-E-1, action/late_entry.go): /player add after the start
// of a Swiss enters the player from the next round, the rounds already
// paired scored as the event sets (/event set late-entry 0|draw). The
// event's chats are told, with what the missed rounds score.

// enterLate is /player add once the event is under way. A member of the
// club's roster (from, nil for none) enters as /player add before the
// start enters them (R-E-4): with their categories the event ranks by and
// their chat users as the player, who get the private notes and /report.
func enterLate(c *Context, p engine.Player, from *entering, m *rostered) (Reply, error) {
	if err := action.MayEnterLate(c.State); err != nil {
		return Reply{}, err
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	var (
		personal string
		entrant  int
	)
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.LateEntered{Name: p.Name, Unit: p.Unit, Rating: p.Rating}); err != nil {
			return err
		}
		st := ch.State
		added, missed := st.Event.Players[len(st.Event.Players)-1], len(st.Event.Rounds)
		entrant = added.Entrant
		if m != nil {
			if cats := m.categories(st); len(cats) > 0 {
				if err := ch.Append(&action.CategoriesSet{Entrant: entrant, Categories: cats}); err != nil {
					return err
				}
				added = ch.State.Event.Players[len(ch.State.Event.Players)-1]
			}
			if err := m.identify(c, ch, entrant); err != nil {
				return err
			}
		}
		chats.announce(ch, lateEntryNews(st, added, missed, chats.lang))
		personal = lateEntryNews(st, added, missed, c.Lang)
		return nil
	}); err != nil {
		return Reply{}, err
	}
	if m != nil {
		c.enter(from, map[int64]int{m.member.ID: entrant})
	}
	return chats.reply(personal), nil
}

// lateEntryNews tells the event's chats of a late entrant, in lang.
func lateEntryNews(st *action.State, p engine.Player, missed int, lang i18n.Lang) string {
	switch missed {
	case 0: // started, round 1 not yet paired: nothing missed
		return i18n.T{Zh: "开赛后报名：%s 从第 1 轮起参赛（R-E-1）。", En: "Entered after the start: %s plays from round 1 (R-E-1)."}.In(lang, describePlayer(p, lang))
	case 1:
		return i18n.T{Zh: "迟到报名：%s 从第 2 轮起参赛；第 1 轮记 %s，不算对局（R-E-1）。",
			En: "Late entry: %s plays from round 2; round 1, missed, scores %s and counts as no game (R-E-1)."}.
			In(lang, describePlayer(p, lang), lateWorth(st, lang))
	}
	return i18n.T{Zh: "迟到报名：%s 从第 %d 轮起参赛；第 1–%d 轮各记 %s，不算对局（R-E-1）。",
		En: "Late entry: %s plays from round %d; rounds 1–%d, missed, score %s each and count as no games (R-E-1)."}.
		In(lang, describePlayer(p, lang), missed+1, missed, lateWorth(st, lang))
}

// lateWorth is what a round a late entrant missed scores, in lang.
func lateWorth(st *action.State, lang i18n.Lang) string {
	return byeWorth(st, st.Info.LateBye(), lang)
}

// lateKeys are /event set's keys of late entries (R-E-1).
var lateKeys = []eventKey{{
	names: []string{"late-entry", "迟报分"}, values: i18n.T{Zh: "0|和", En: "0|draw"}, part: action.AbsenceRules,
	info: func(a *action.InfoChanged, v string) error {
		k, ok := map[string]engine.ByeKind{"0": engine.LateZero, "zero": engine.LateZero, "和": engine.LateDraw, "draw": engine.LateDraw}[strings.ToLower(v)]
		if !ok {
			return problem("迟报分应是 0 或 和，不是「%s」。", "late-entry is 0 or draw, not %q.", v)
		}
		a.LateWorth = &k
		return nil
	},
	show: lateWorth,
}}
