package commands

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/when"
	"github.com/qisai/qisai/storage"
)

// /schedule (赛程): a multi-day event's planned start of each round,
// action.Info.Schedule. "/schedule 1 周六 09:00, 2 周六 14:00, 3 周日 09:00"
// sets the rounds it names and keeps the others; a round without a day
// is on the day of the round before it, a weekday the first such day from
// the round before. /schedule alone shows it, with the sign-up deadline
// and the check-in (R-E-5). A round published without a start time of its
// own starts at its planned time (roundStart.schedule): the reminder and
// the late-arrival clock (R-G-4) follow it.

func timetableCommands() []*Command {
	return []*Command{{
		Name: "schedule", Aliases: []string{"赛程"}, Who: Member,
		Args: []Arg{{Name: "what", Kind: Rest, Optional: true, Help: i18n.T{
			Zh: "轮次 日期 时间，用逗号分开，如 1 周六 09:00, 2 周六 14:00, 3 周日 09:00（日期可写 12月12日、12-12、明天；不写则同上一轮那天）；轮次 - 删除一轮；清除 删除全部；不写则显示赛程",
			En: "ROUND DAY TIME, comma-separated, e.g. 1 Sat 09:00, 2 Sat 14:00, 3 Sun 09:00 (a day may be 12-12, Dec 12, tomorrow; left out, the day of the round before); ROUND - drops a round; clear drops them all; left out, shows the schedule"}}},
		Help: i18n.T{Zh: "赛程：各轮计划开始时间（组织者设定）；按赛程公布的轮次按时开始，提醒和迟到时限随之", En: "the schedule: each round's planned start (organisers set it); a round published without a time starts as planned, with its reminder and late limit"},
		Run:  timetable,
	}}
}

func timetable(c *Context) (Reply, error) {
	arg := strings.TrimSpace(c.Args["what"])
	if arg == "" {
		return Reply{Text: timetableText(c.State, c.svc.now(), c.Lang)}, nil
	}
	if !c.Is(storage.Organiser) {
		return Reply{}, problem("只有组织者可以设定赛程；输入 /schedule 查看。", "Only the organisers set the schedule; type /schedule to see it.")
	}
	now := c.svc.now()
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	var shown string
	if _, err := c.Update(func(ch *storage.Change) error {
		plan, err := planFrom(ch.State, arg, now)
		if err != nil {
			return err
		}
		if err := ch.Append(&action.ScheduleSet{Plan: plan}); err != nil {
			return err
		}
		updated := i18n.T{Zh: "赛程已更新。", En: "The schedule is updated."}
		chats.announce(ch, updated.In(chats.lang)+"\n"+timetableText(ch.State, now, chats.lang))
		shown = updated.In(c.Lang) + "\n" + timetableText(ch.State, now, c.Lang)
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(shown), nil
}

// planFrom is st's schedule with the entries of line applied (parsePlan):
// the rounds it names set or dropped, the others kept.
func planFrom(st *action.State, line string, now time.Time) ([]action.Planned, error) {
	if f := when.Fold(line); f == "clear" || f == "清除" || f == "off" || f == "-" {
		var kept []action.Planned
		for _, p := range st.Info.Schedule {
			if p.Round <= len(st.Event.Rounds) {
				kept = append(kept, p) // a published round's plan stays
			}
		}
		return kept, nil
	}
	entries, err := parsePlan(st, line, now)
	if err != nil {
		return nil, err
	}
	plan := map[int]time.Time{}
	for _, p := range st.Info.Schedule {
		plan[p.Round] = p.At
	}
	for _, e := range entries {
		if e.At.IsZero() {
			delete(plan, e.Round)
		} else {
			plan[e.Round] = e.At
		}
	}
	out := make([]action.Planned, 0, len(plan))
	for r, at := range plan {
		out = append(out, action.Planned{Round: r, At: at})
	}
	slices.SortFunc(out, func(a, b action.Planned) int { return a.Round - b.Round })
	return out, nil
}

// planEntryRE splits a schedule's entry into its round and its moment:
// "1 周六 09:00", "第1轮 周六 9点", "R2 14:00", "3. 周日 09:00", "3、周日".
var planEntryRE = regexp.MustCompile(`^(?:第\s*(\d+)\s*轮|(?:round|r)\s*(\d+)|(\d+)(?:\s*[.、:]?\s+|、))\s*(.*)$`)

// planSplitRE separates a schedule's entries.
var planSplitRE = regexp.MustCompile(`[,;，；\n]`)

// parsePlan reads a schedule's entries, separated by commas or
// semicolons: each a round (or the one after the entry before) and a day
// and time (internal/when), or "-" to drop the round's plan (a zero At).
// A round's day and weekday count from the round before's planned start:
// the entry before, else the schedule's, else now.
func parsePlan(st *action.State, line string, now time.Time) ([]action.Planned, error) {
	loc := st.Info.Location()
	var out []action.Planned
	round := 0
	for _, raw := range planSplitRE.Split(line, -1) {
		entry := when.Fold(raw)
		if entry == "" {
			continue
		}
		rest := entry
		if m := planEntryRE.FindStringSubmatch(entry); m != nil {
			n, _ := strconv.Atoi(m[1] + m[2] + m[3])
			round, rest = n, m[4]
		} else {
			round++
		}
		if round < 1 || round > 999 {
			return nil, problem("「%s」的轮次应从 1 开始。", "%q: rounds count from 1.", strings.TrimSpace(raw))
		}
		if rest == "-" || rest == "删除" || rest == "clear" {
			out = append(out, action.Planned{Round: round})
			continue
		}
		m, err := when.Parse(rest)
		if err != nil {
			return nil, planProblem(round, err)
		}
		from := now
		if len(out) > 0 && out[len(out)-1].Round == round-1 && !out[len(out)-1].At.IsZero() {
			from = out[len(out)-1].At
		} else if before, ok := st.Planned(round - 1); ok && before.After(from) {
			from = before
		}
		at, err := m.Next(now, from, loc)
		if err != nil {
			return nil, planProblem(round, err)
		}
		if !at.After(now) {
			return nil, problem("第 %[1]d 轮的时间 %[2]s 已经过了。", "Round %[1]d's time, %[3]s, has passed.", round, dayClock(st, at, now, i18n.Zh), dayClock(st, at, now, i18n.En))
		}
		out = append(out, action.Planned{Round: round, At: at.UTC()})
	}
	if len(out) == 0 {
		return nil, problem("请写出轮次和时间，例如 /schedule 1 周六 09:00, 2 周六 14:00。", "Give rounds and times, e.g. /schedule 1 Sat 09:00, 2 Sat 14:00.")
	}
	return out, nil
}

// planProblem says which round's time could not be read, and why.
func planProblem(round int, err error) *Problem {
	e, ok := err.(*when.Error)
	if !ok {
		return problem("第 %d 轮的时间看不懂。", "Round %d's time cannot be read.", round)
	}
	return &Problem{Text: i18n.T{
		Zh: i18n.T{Zh: "第 %d 轮：%s。例如 /schedule 1 周六 09:00, 2 周六 14:00"}.In(i18n.Zh, round, e.Zh),
		En: i18n.T{En: "Round %d: %s. For example: /schedule 1 Sat 09:00, 2 Sat 14:00"}.In(i18n.En, round, e.En),
	}}
}

// dayClock shows t in the event's zone with its day, as seen at now:
// "12月12日（周六）09:00", "Sat 12 Dec 09:00"; with the year when it is not
// now's.
func dayClock(st *action.State, t, now time.Time, lang i18n.Lang) string {
	loc := st.Info.Location()
	l, n := t.In(loc), now.In(loc)
	if lang == i18n.Zh {
		s := strconv.Itoa(int(l.Month())) + "月" + strconv.Itoa(l.Day()) + "日（" + when.ChineseWeekday(l.Weekday()) + "）" + l.Format("15:04")
		if l.Year() != n.Year() {
			s = strconv.Itoa(l.Year()) + "年" + s
		}
		return s
	}
	if l.Year() != n.Year() {
		return l.Format("Mon 2 Jan 2006 15:04")
	}
	return l.Format("Mon 2 Jan 15:04")
}

// timetableText is the schedule as /schedule shows it: each planned
// round, marked once published, then the sign-up deadline and the
// check-in's opening (R-E-5) when the event has them.
func timetableText(st *action.State, now time.Time, lang i18n.Lang) string {
	if len(st.Info.Schedule) == 0 {
		return i18n.T{Zh: "还没有赛程。组织者用 /schedule 1 周六 09:00, 2 周六 14:00 设定。", En: "No schedule yet. Organisers set it with /schedule 1 Sat 09:00, 2 Sat 14:00."}.In(lang)
	}
	lines := []string{i18n.T{Zh: "赛程（%s）：", En: "Schedule (%s):"}.In(lang, st.Info.Location())}
	for _, p := range st.Info.Schedule {
		line := i18n.T{Zh: "第 %d 轮  %s", En: "Round %d  %s"}.In(lang, p.Round, dayClock(st, p.At, now, lang))
		if p.Round <= len(st.Event.Rounds) {
			line += i18n.T{Zh: "（已公布）", En: " (published)"}.In(lang)
		}
		lines = append(lines, line)
	}
	if d := st.Info.Entry.Deadline; !d.IsZero() {
		lines = append(lines, i18n.T{Zh: "报名截止：%s", En: "Sign-up closes: %s"}.In(lang, dayClock(st, d, now, lang)))
	}
	if opens, ok := st.CheckInOpens(); ok {
		lines = append(lines, i18n.T{Zh: "签到：%s 开放（R-E-5）", En: "Check-in opens: %s (R-E-5)"}.In(lang, dayClock(st, opens, now, lang)))
	}
	return strings.Join(lines, "\n")
}
