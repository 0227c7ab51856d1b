package commands

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// The organiser's settings of the event: /event set, what it sets and how
// the values read and show.

// eventKey is one thing /event set sets: a rule setting (engine.Settings,
// recorded by SettingsChanged), an event detail (action.Info, recorded by
// InfoChanged), a detail of its papers (recorded by DetailsSet) or an
// award (action.Awards, recorded by AwardsChanged).
type eventKey struct {
	names   []string // the English name first, then aliases; the first in Han characters is the Chinese name
	values  i18n.T   // what the value may be
	setting func(s *engine.Settings, v string) error
	info    func(a *action.InfoChanged, v string) error
	award   func(a *action.AwardsChanged, v string) error
	// details sets one of the papers' details (DetailsSet), which may
	// change also once the event has finished.
	details func(a *action.DetailsSet, v string) error
	// entry sets a sign-up rule (R-E-5, signup_rules.go), read in the
	// event's zone at now.
	entry func(a *action.EntryRulesSet, v string, st *action.State, now time.Time) error
	show  func(st *action.State, lang i18n.Lang) string
	// part is the part of the rules the key belongs to, which some formats
	// do not play by (a knockout has no Swiss pairing, a team event's
	// matches score by 场分 and 局分); the zero value, the event's own.
	part action.RulePart
}

// unused says whether k is a setting st plays no part by, and why, in
// lang: a Swiss's rule in a knockout, an individual game's in a team event.
func (k *eventKey) unused(st *action.State, lang i18n.Lang) (bool, *Problem) {
	if st.Format().PlaysBy(k.part) {
		return false, nil
	}
	return true, formatOf(st).notPlayed(st, k, lang)
}

var eventKeys = slices.Concat([]eventKey{
	{
		names: []string{"format", "system", "赛制"}, values: i18n.T{Zh: "积分编排|单循环|双循环|淘汰赛|双淘汰|分组循环", En: "swiss|roundrobin|double-round-robin|knockout|double-knockout|groups"},
		setting: setFormat,
		show:    func(st *action.State, lang i18n.Lang) string { return formatOf(st).name(st, lang) },
	},
	{
		names: []string{"rounds", "轮数"}, values: sameIn("1, 2, …"), part: action.RoundCount,
		setting: func(s *engine.Settings, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return problem("轮数应是正整数，不是「%s」。例如：/event set rounds 7", "rounds must be a positive number, not %q. For example: /event set rounds 7", v)
			}
			if action.RoundRobin(s.System) {
				return problem("循环赛的轮数由循环表决定（R-C-2），不能设置。", "A round robin's rounds come from its table (R-C-2): they cannot be set.")
			}
			s.Rounds = n
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string {
			if st.Event.Settings.Rounds == 0 {
				return i18n.T{Zh: "按循环表", En: "by the table"}.In(lang)
			}
			return strconv.Itoa(st.Event.Settings.Rounds)
		},
	},
	{
		names: []string{"scoring", "计分", "积分"}, values: sameIn("2/1/0, 1/0.5/0, 3/1/0"), part: action.GameScoring,
		setting: func(s *engine.Settings, v string) error {
			sc, err := engine.ParseScoring(v)
			if err != nil {
				return err
			}
			if s.ByeValue == s.Win { // a bye worth a win stays worth a win (R-S-3)
				s.ByeValue = sc.Win
			}
			s.Scoring = sc
			return nil
		},
		show: func(st *action.State, _ i18n.Lang) string { return st.Event.Settings.Scoring.String() },
	},
	{
		names: []string{"bye", "轮空分"}, values: sameIn("2, 1, 0.5, …"), part: action.GameScoring,
		setting: func(s *engine.Settings, v string) error {
			p, err := engine.ParsePoints(v)
			if err != nil || p < 0 {
				return errors.New("not a number of points")
			}
			s.ByeValue = p
			return nil
		},
		show: func(st *action.State, _ i18n.Lang) string { return st.Event.Settings.ByeValue.String() },
	},
	{
		// Groups and a round-robin final rank by R-T-3's chain
		// (action.fieldSettings): the event's is a Swiss stage's.
		names: []string{"tiebreaks", "tiebreak", "名次规则", "破同分"}, values: i18n.T{Zh: "对手分,胜局,犯规,小分,直胜,累进分,后走胜局,后走局数,抽签…", En: "buchholz,wins,fouls,sb,direct,progressive,black-wins,black-games,lots…"},
		part: action.SwissTiebreaks,
		setting: func(s *engine.Settings, v string) (err error) {
			s.Tiebreaks, err = engine.ParseTiebreaks(v)
			return err
		},
		show: func(st *action.State, lang i18n.Lang) string {
			var names []string
			for _, tb := range st.Event.Settings.Tiebreaks {
				if lang == i18n.Zh {
					names = append(names, tb.Name())
				} else {
					names = append(names, tb.English())
				}
			}
			return strings.Join(names, ",")
		},
	},
	{
		names: []string{"first-round", "首轮编排"}, values: i18n.T{Zh: "拦腰|临近|首尾|随机", En: "fold|adjacent|head-tail|random"},
		part: action.SwissPairing,
		setting: func(s *engine.Settings, v string) (err error) {
			s.FirstRound, err = engine.ParseFirstRound(v)
			return err
		},
		show: func(st *action.State, lang i18n.Lang) string { return named(st.Event.Settings.FirstRound, lang) },
	},
	{
		names: []string{"halves", "分区"}, values: i18n.T{Zh: "对折|单双", En: "top-bottom|odd-even"},
		part: action.SwissPairing,
		setting: func(s *engine.Settings, v string) (err error) {
			s.Halves, err = engine.ParseHalves(v)
			return err
		},
		show: func(st *action.State, lang i18n.Lang) string { return named(st.Event.Settings.Halves, lang) },
	},
	{
		names: []string{"first-colour", "first-color", "首轮先后手"}, values: i18n.T{Zh: "单台小号先|单台大号先|上半区先|单号先|小号先|抽签（猜先）", En: "alternate|alternate-higher|upper-red|odd-red|lower-red|drawn"},
		part: action.SwissPairing,
		setting: func(s *engine.Settings, v string) (err error) {
			s.FirstColour, err = engine.ParseFirstColour(v)
			return err
		},
		show: func(st *action.State, lang i18n.Lang) string { return named(st.Event.Settings.FirstColour, lang) },
	},
	{
		names: []string{"avoid-same-unit", "同单位回避"}, values: i18n.T{Zh: "首轮|同队不相遇|不回避", En: "first-round|all-rounds|off"},
		part: action.SwissPairing,
		setting: func(s *engine.Settings, v string) (err error) {
			s.AvoidUnit, err = engine.ParseUnitAvoidance(v)
			return err
		},
		show: func(st *action.State, lang i18n.Lang) string { return named(st.Event.Settings.AvoidUnit, lang) },
	},
	{
		names: []string{"numbering", "seeding", "序号", "排序"}, values: i18n.T{Zh: "等级分|抽签|报名顺序|俱乐部等级分", En: "rating|lot|entered|club"},
		setting: func(s *engine.Settings, v string) (err error) {
			s.Numbering, err = engine.ParseNumbering(v)
			return err
		},
		show: func(st *action.State, lang i18n.Lang) string { return named(st.Event.Settings.Numbering, lang) },
	},
	{
		// R-T-0, R-S-3: whether forfeits count for colours and having met,
		// and whether a bye is recorded with a colour that counts.
		names: []string{"counting", "计数"}, values: i18n.T{Zh: "全计|只计实赛", En: "bp|fide"}, part: action.SwissPairing,
		setting: func(s *engine.Settings, v string) error {
			switch strings.ToLower(v) {
			case "bp", "全计":
				s.CountForfeits, s.CountByeColour = true, true
			case "fide", "只计实赛":
				s.CountForfeits, s.CountByeColour = false, false
			default:
				return errors.New("not a counting convention")
			}
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string {
			if s := st.Event.Settings; !s.CountForfeits && !s.CountByeColour {
				return i18n.T{Zh: "只计实赛", En: "fide"}.In(lang)
			} else if s.CountForfeits && s.CountByeColour {
				return i18n.T{Zh: "全计", En: "bp"}.In(lang)
			}
			return i18n.T{Zh: "混合", En: "mixed"}.In(lang)
		},
	},
	{
		names: []string{"time", "time-control", "用时"}, values: i18n.T{Zh: "任意文字，如 25分+5秒；- 清除", En: "any text, e.g. 25 min + 5 s; - clears it"},
		info: func(a *action.InfoChanged, v string) error {
			if v == "-" {
				v = ""
			}
			a.TimeControl = &v
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string { return orUnset(st.Info.TimeControl, lang) },
	},
	{
		names: []string{"late", "迟到"}, values: i18n.T{Zh: "分钟数，0 不限", En: "minutes, 0 for none"},
		info: func(a *action.InfoChanged, v string) error {
			d, err := minutes(v)
			a.LateAfter = &d
			return err
		},
		show: func(st *action.State, lang i18n.Lang) string { return showMinutes(st.Info.LateAfter, lang) },
	},
	{
		names: []string{"remind", "提醒"}, values: i18n.T{Zh: "开始前几分钟提醒，0 或 不提醒", En: "minutes before the start, 0 or off for none"},
		info: func(a *action.InfoChanged, v string) error {
			d, err := minutes(v)
			a.RemindBefore = &d
			return err
		},
		show: func(st *action.State, lang i18n.Lang) string { return showRemind(st.Info.RemindBefore, lang) },
	},
	{
		names: []string{"confirm", "确认时限"}, values: i18n.T{Zh: "分钟数，0 不限", En: "minutes, 0 for none"},
		info: func(a *action.InfoChanged, v string) error {
			d, err := minutes(v)
			a.ConfirmWithin = &d
			return err
		},
		show: func(st *action.State, lang i18n.Lang) string { return showMinutes(st.Info.ConfirmWithin, lang) },
	},
	{
		names: []string{"draw-offers", "提和"}, values: i18n.T{Zh: "轮流|自由", En: "alternate|free"},
		info: func(a *action.InfoChanged, v string) error {
			alternate, ok := onOff(v, "alternate", "轮流")
			if !ok {
				if !strings.EqualFold(v, "free") && v != "自由" {
					return errors.New("not a draw-offer rule")
				}
				alternate = false
			}
			free := !alternate
			a.FreeDrawOffers = &free
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string {
			if st.Info.FreeDrawOffers {
				return i18n.T{Zh: "自由（不轮流）", En: "free"}.In(lang)
			}
			return i18n.T{Zh: "轮流（R-G-2）", En: "alternate (R-G-2)"}.In(lang)
		},
	},
	{
		names: []string{"offer-foul", "重复提和犯规"}, values: i18n.T{Zh: "开|关", En: "on|off"},
		info: func(a *action.InfoChanged, v string) error {
			on, ok := onOff(v)
			if !ok {
				return errors.New("not on or off")
			}
			a.OfferFoul = &on
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string { return showOnOff(st.Info.OfferFoul, lang) },
	},
	{
		names: []string{"fouls", "犯规判负"}, values: sameIn("1, 2, 3, …"),
		info: func(a *action.InfoChanged, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return errors.New("not a positive number")
			}
			a.FoulsToLose = &n
			return nil
		},
		show: func(st *action.State, _ i18n.Lang) string { return strconv.Itoa(st.Info.FoulLimit()) },
	},
	{
		names: []string{"zone", "时区"}, values: i18n.T{Zh: "北京时间（UTC+8）、UTC-5、+5:30", En: "UTC+8, UTC-5, +5:30"},
		info: func(a *action.InfoChanged, v string) error {
			if v == "北京时间" {
				v = action.DefaultZone
			}
			off, err := action.ParseZone(v)
			if err != nil {
				return err
			}
			z := zoneName(off)
			a.Zone = &z
			return nil
		},
		show: func(st *action.State, _ i18n.Lang) string {
			if st.Info.Zone == "" {
				return action.DefaultZone
			}
			return st.Info.Zone
		},
	},
	{
		names: []string{"pictures", "图片"}, values: i18n.T{Zh: "自动|开|关", En: "auto|on|off"},
		info: setPictures,
		show: showPictures,
	},
	{
		// Everything said to the event's chats is in it, whoever's command
		// it was; replies and private notes are in each user's (/lang).
		names: []string{"lang", "language", "语言"}, values: i18n.T{Zh: "中文|英文", En: "zh|en"},
		info: func(a *action.InfoChanged, v string) error {
			l := i18n.Parse(v)
			if l == "" {
				return errors.New("not a language")
			}
			s := string(l)
			a.Lang = &s
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string { return langName(eventLang(st), lang) },
	},
}, leaveKeys, lateKeys, awardKeys, paperKeys, entryKeys)

// setFormat changes the system; moving between Swiss and round robin also
// brings that family's rounds and tiebreaks (R-T-1, R-T-3), as /event new
// does.
func setFormat(s *engine.Settings, v string) error {
	sys, err := engine.ParseSystem(v)
	if err != nil {
		return err
	}
	if action.RoundRobin(sys) != action.RoundRobin(s.System) {
		family := "swiss"
		if action.RoundRobin(sys) {
			family = "roundrobin"
		}
		_, def, _, _ := eventSpec("_ " + family) // the defaults /event new gives the family
		s.Rounds, s.Tiebreaks = def.Rounds, def.Tiebreaks
	}
	s.System = sys
	return nil
}

// sameIn is a text that reads the same in both languages.
func sameIn(s string) i18n.T { return i18n.T{Zh: s, En: s} }

// named is a setting's value for a reader of lang: its Chinese name, or
// its English one.
func named(v interface {
	String() string
	Chinese() string
}, lang i18n.Lang) string {
	if lang == i18n.Zh {
		return v.Chinese()
	}
	return v.String()
}

// name is the key's name for a reader of lang: its Chinese name, or its
// English one.
func (k *eventKey) name(lang i18n.Lang) string {
	if lang == i18n.Zh {
		for _, n := range k.names {
			if strings.ContainsFunc(n, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				return n
			}
		}
	}
	return k.names[0]
}

func lookupKey(name string) *eventKey {
	for i := range eventKeys {
		for _, n := range eventKeys[i].names {
			if strings.EqualFold(n, name) {
				return &eventKeys[i]
			}
		}
	}
	return nil
}

// setEvent sets one setting or detail, or lists them all with their
// values when no key is given.
func setEvent(c *Context) (Reply, error) {
	name := c.Args["key"]
	if name == "" {
		return Reply{Text: eventKeysText(c.State, c.Lang)}, nil
	}
	k := lookupKey(name)
	v := narrow(c.Args["value"]) // 轮数 ７, UTC＋８: every value reads in half width
	if k != nil && k.details != nil {
		// The papers print a detail as typed: 实验中学（高中部）, 3月1日—2日.
		v = strings.TrimSpace(c.Args["value"])
	}
	if pk := lookupPlanKey(name); k == nil && pk != nil {
		return setPlan(c, pk, v)
	}
	if tk := lookupTeamKey(name); k == nil && tk != nil {
		return setTeamKey(c, tk, v) // team_settings.go
	}
	if k != nil && k.names[0] == "format" {
		if kind, ok := stageFormat(v); ok {
			p := action.NewPlan(kind)
			return changePlan(c, &p, "format", formatName(p, c.Lang))
		}
	}
	if k == nil {
		return Reply{}, problem("没有「%s」这个设置项。输入 /event set 查看所有设置项。", "There is no setting %q. Type /event set to see them all.", name)
	}
	if unused, why := k.unused(c.State, c.Lang); unused {
		return Reply{}, why
	}
	if v == "" {
		return Reply{}, problem("请写出 %[1]s 的值（%[2]s），例如：/event set %[1]s …", "Give %[1]s a value (%[2]s): /event set %[1]s …", k.name(c.Lang), k.values.In(c.Lang))
	}
	if k.entry != nil {
		return setEntry(c, k, v)
	}
	var shown string
	_, err := c.Update(func(ch *storage.Change) error {
		var a, then action.Action
		var err error
		if k.setting != nil {
			s := ch.State.Event.Settings
			err = k.setting(&s, v)
			if k.names[0] == "format" {
				then = formatOf(ch.State).reformat(&s)
			}
			a = &action.SettingsChanged{Settings: s}
		} else if k.details != nil {
			d := &action.DetailsSet{}
			err = k.details(d, v)
			a = d
		} else if k.info != nil {
			ic := &action.InfoChanged{}
			err = k.info(ic, v)
			a = ic
		} else {
			ac := &action.AwardsChanged{}
			err = k.award(ac, v)
			a = ac
		}
		if err != nil {
			var p *Problem
			if errors.As(err, &p) {
				return p
			}
			if k.names[0] == "format" {
				return badFormat(v)
			}
			return problem("%[1]s 不能设为「%[2]s」。可以用：%[3]s", "%[1]s cannot be %[2]q. Use: %[3]s", k.name(c.Lang), v, k.values.In(c.Lang))
		}
		if err := ch.Append(a); err != nil {
			return err
		}
		if then != nil {
			if err := ch.Append(then); err != nil {
				return err
			}
		}
		shown = k.show(ch.State, c.Lang)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已设置：%s = %s。输入 /event set 查看全部设置。", En: "Set: %s = %s. Type /event set to see every setting."}.In(c.Lang, k.name(c.Lang), shown)}, nil
}

// eventKeysText lists what /event set sets, with the values now.
func eventKeysText(st *action.State, lang i18n.Lang) string {
	lines := []string{i18n.T{Zh: "比赛设置（修改：/event set 项目 值）：", En: "The event's settings (change one: /event set KEY VALUE):"}.In(lang)}
	for i := range eventKeys {
		k := &eventKeys[i]
		if unused, _ := k.unused(st, lang); unused {
			continue // a Swiss's setting in a knockout, a game's in a team event
		}
		lines = append(lines, fmt.Sprintf("%s = %s  [%s]", k.name(lang), k.show(st, lang), k.values.In(lang)))
	}
	lines = append(lines, formatOf(st).keys(st, lang)...)
	return strings.Join(lines, "\n")
}

// minutes reads a number of minutes, "15", "15m", "15分钟"; "off" is 0.
func minutes(v string) (time.Duration, error) {
	t := strings.ToLower(strings.TrimSpace(v))
	if off, ok := onOff(t); (ok && !off) || t == "不提醒" || t == "不限" {
		return 0, nil
	}
	for _, suffix := range []string{"minutes", "minute", "mins", "min", "m", "分钟", "分"} {
		t = strings.TrimSpace(strings.TrimSuffix(t, suffix))
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 || n > 24*60 {
		return 0, errors.New("not a number of minutes")
	}
	return time.Duration(n) * time.Minute, nil
}

// onOff reads on/off in English or Chinese; more words may mean on.
func onOff(v string, on ...string) (value, ok bool) {
	t := strings.ToLower(strings.TrimSpace(v))
	for _, w := range append(on, "on", "yes", "true", "开", "是") {
		if t == w {
			return true, true
		}
	}
	for _, w := range []string{"off", "no", "false", "关", "否", "none", "无"} {
		if t == w {
			return false, true
		}
	}
	return false, false
}

func orUnset(s string, lang i18n.Lang) string {
	if s == "" {
		return i18n.T{Zh: "未设", En: "not set"}.In(lang)
	}
	return s
}

func showMinutes(d time.Duration, lang i18n.Lang) string {
	if d == 0 {
		return i18n.T{Zh: "不限", En: "none"}.In(lang)
	}
	return i18n.T{Zh: "%d 分钟", En: "%d min"}.In(lang, int(d/time.Minute))
}

// showRemind shows how long before a round's start the scheduler reminds.
func showRemind(d time.Duration, lang i18n.Lang) string {
	if d == 0 {
		return i18n.T{Zh: "不提醒", En: "off"}.In(lang)
	}
	return i18n.T{Zh: "开始前 %d 分钟", En: "%d min before the start"}.In(lang, int(d/time.Minute))
}

func showOnOff(on bool, lang i18n.Lang) string {
	if on {
		return i18n.T{Zh: "开", En: "on"}.In(lang)
	}
	return i18n.T{Zh: "关", En: "off"}.In(lang)
}

// zoneName writes an offset of minutes east of UTC as "UTC+8", "UTC-5:30".
func zoneName(off int) string {
	sign := "+"
	if off < 0 {
		sign, off = "-", -off
	}
	if off%60 == 0 {
		return fmt.Sprintf("UTC%s%d", sign, off/60)
	}
	return fmt.Sprintf("UTC%s%d:%02d", sign, off/60, off%60)
}
