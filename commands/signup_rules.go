package commands

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/when"
	"github.com/qisai/qisai/storage"
)

// The sign-up rules as /event set sets them (R-E-5): max (人数上限), deadline
// (报名截止), quota (每单位限报) and checkin (签到), recorded by
// action.EntryRulesSet. /event set lists them with the others.

var entryKeys = []eventKey{
	{
		names: []string{"max", "人数上限", "上限"}, values: i18n.T{Zh: "人数，0 不限；满员后报名者候补", En: "players, 0 for none; past it entrants wait"},
		entry: counted(func(a *action.EntryRulesSet, n int) { a.Max = &n },
			i18n.T{Zh: "人数上限应是人数，如 /event set 人数上限 32；0 或 不限 取消上限，不是「%s」。", En: "max is a number of players, e.g. /event set max 32, or 0 or off for none, not %q."}),
		show: func(st *action.State, lang i18n.Lang) string {
			if st.Info.Entry.Max == 0 {
				return i18n.T{Zh: "不限", En: "none"}.In(lang)
			}
			return strconv.Itoa(st.Info.Entry.Max)
		},
	},
	{
		names: []string{"deadline", "报名截止", "截止"}, values: i18n.T{Zh: "日期和时间，如 周五 20:00、12月11日 20:00；不限 则取消", En: "a day and time, e.g. Fri 20:00 or Dec 11 20:00; off for none"},
		entry: func(a *action.EntryRulesSet, v string, st *action.State, now time.Time) error {
			if off(v) {
				a.Deadline = &time.Time{}
				return nil
			}
			m, err := when.Parse(v)
			var at time.Time
			if err == nil {
				at, err = m.Next(now, now, st.Info.Location())
			}
			if e, ok := err.(*when.Error); ok {
				return &Problem{Text: i18n.T{
					Zh: i18n.T{Zh: "报名截止时间：%s。例如 /event set 报名截止 周五 20:00"}.In(i18n.Zh, e.Zh),
					En: i18n.T{En: "The sign-up deadline: %s. For example: /event set deadline Fri 20:00"}.In(i18n.En, e.En),
				}}
			}
			if !at.After(now) {
				return problem("报名截止时间 %[1]s 已经过了。", "The sign-up deadline %[2]s has passed.", dayClock(st, at, now, i18n.Zh), dayClock(st, at, now, i18n.En))
			}
			a.Deadline = &at
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string {
			if d := st.Info.Entry.Deadline; !d.IsZero() {
				return dayClock(st, d, d, lang)
			}
			return i18n.T{Zh: "不限", En: "none"}.In(lang)
		},
	},
	{
		names: []string{"quota", "每单位限报", "限报"}, values: i18n.T{Zh: "每个单位最多报名人数，0 不限", En: "entrants a unit may have, 0 for none"},
		entry: counted(func(a *action.EntryRulesSet, n int) { a.Quota = &n },
			i18n.T{Zh: "每单位限报应是人数，如 /event set 每单位限报 2；0 或 不限 取消限额，不是「%s」。", En: "quota is a number of entrants, e.g. /event set quota 2, or 0 or off for none, not %q."}),
		show: func(st *action.State, lang i18n.Lang) string {
			if q := st.Info.Entry.Quota; q > 0 {
				return i18n.T{Zh: "每单位 %d 人", En: "%d a unit"}.In(lang, q)
			}
			return i18n.T{Zh: "不限", En: "none"}.In(lang)
		},
	},
	{
		names: []string{"checkin", "check-in", "签到"}, values: i18n.T{Zh: "第 1 轮计划开始前几分钟开放签到，0 不签到；开赛时未签到者移出", En: "minutes before round 1's planned start the check-in opens, 0 for none; at the start the absent are removed"},
		entry: func(a *action.EntryRulesSet, v string, _ *action.State, _ time.Time) error {
			d, err := minutes(v)
			if err != nil {
				return problem("签到应是分钟数，如 /event set 签到 30；0 或 不签到 取消签到，不是「%s」。", "checkin is a number of minutes, e.g. /event set checkin 30, or 0 or off for none, not %q.", v)
			}
			a.CheckIn = &d
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string {
			if d := st.Info.Entry.CheckIn; d > 0 {
				return i18n.T{Zh: "第 1 轮开始前 %d 分钟开放", En: "opens %d min before round 1"}.In(lang, int(d/time.Minute))
			}
			return i18n.T{Zh: "不签到", En: "none"}.In(lang)
		},
	},
}

// off reports whether v turns a rule off: off, none, 不限, 0, -.
func off(v string) bool {
	f := when.Fold(v)
	isOff, ok := onOff(f)
	return (ok && !isOff) || f == "0" || f == "-" || f == "不限" || f == "不签到"
}

// counted is a rule that is a number of players (set sets it), 0 or off
// for none; bad says what else is refused, with the value given.
func counted(set func(a *action.EntryRulesSet, n int), bad i18n.T) func(*action.EntryRulesSet, string, *action.State, time.Time) error {
	return func(a *action.EntryRulesSet, v string, _ *action.State, _ time.Time) error {
		n, ok := number(v)
		switch {
		case off(v):
			n = 0
		case !ok || n < 1 || n > 10000:
			return &Problem{Text: bad, Args: []any{v}}
		}
		set(a, n)
		return nil
	}
}

// setEntry sets one of the sign-up rules (R-E-5): a maximum raised moves
// the wait list up, told as a removal's move is (movedUp).
func setEntry(c *Context, k *eventKey, v string) (Reply, error) {
	now := c.svc.now()
	var shown, note string
	_, err := c.Update(func(ch *storage.Change) error {
		a := &action.EntryRulesSet{}
		if err := k.entry(a, v, ch.State, now); err != nil {
			return err
		}
		waiting := slices.Clone(ch.State.Waiting)
		if err := ch.Append(a); err != nil {
			return err
		}
		shown, note = k.show(ch.State, c.Lang), entryNote(ch.State, a, now, c.Lang)
		return movedUp(c.reads(), ch, waiting, nil, placeOpened)
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已设置：%s = %s。输入 /event set 查看全部设置。", En: "Set: %s = %s. Type /event set to see every setting."}.In(c.Lang, k.name(c.Lang), shown) + note}, nil
}

// entryNote says what a rule just set needs to work: a check-in needs
// round 1's planned start; a deadline, sign-up open.
func entryNote(st *action.State, a *action.EntryRulesSet, now time.Time, lang i18n.Lang) string {
	switch {
	case a.CheckIn != nil && *a.CheckIn > 0:
		if opens, ok := st.CheckInOpens(); ok {
			return "\n" + i18n.T{Zh: "签到 %s 开放；开赛（/start）时未签到的选手将被移出（R-E-5）。", En: "The check-in opens %s; at the start (/start) the players not checked in are removed (R-E-5)."}.In(lang, dayClock(st, opens, now, lang))
		}
		return "\n" + i18n.T{Zh: "第 1 轮还没有计划开始时间：用 /schedule 1 周六 09:00 设定后，签到在开始前开放。", En: "Round 1 has no planned start yet: once /schedule 1 Sat 09:00 sets it, the check-in opens before it."}.In(lang)
	case a.Deadline != nil && !a.Deadline.IsZero() && st.Status != action.Signup:
		return "\n" + i18n.T{Zh: "报名开放（/signup open）后，到时自动截止。", En: "Once sign-up is open (/signup open), it closes by itself then."}.In(lang)
	}
	return ""
}

// describeEntryRules is what an EntryRulesSet set, for /log.
func describeEntryRules(a *action.EntryRulesSet, st *action.State, lang i18n.Lang) string {
	var parts []string
	add := func(t i18n.T, args ...any) { parts = append(parts, t.In(lang, args...)) }
	if a.Max != nil {
		add(i18n.T{Zh: "人数上限 %d", En: "maximum %d"}, *a.Max)
	}
	if a.Deadline != nil {
		if a.Deadline.IsZero() {
			add(i18n.T{Zh: "不设报名截止", En: "no sign-up deadline"})
		} else {
			add(i18n.T{Zh: "报名截止 %s", En: "sign-up deadline %s"}, a.Deadline.In(st.Info.Location()).Format("01-02 15:04"))
		}
	}
	if a.Quota != nil {
		add(i18n.T{Zh: "每单位限报 %d", En: "quota %d a unit"}, *a.Quota)
	}
	if a.CheckIn != nil {
		add(i18n.T{Zh: "签到 %s", En: "check-in %s"}, showMinutes(*a.CheckIn, lang))
	}
	return i18n.T{Zh: "报名规则：%s", En: "sign-up rules: %s"}.In(lang, strings.Join(parts, i18n.T{Zh: "，", En: ", "}.In(lang)))
}
